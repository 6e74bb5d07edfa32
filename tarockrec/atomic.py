"""Safe writes: an output file appears complete or not at all, and a write never destroys what
is not its own.

``write_atomic(path, chunks, replace)`` writes to an exclusive, unpredictably named temporary
file beside the target and puts it in place once complete. Whatever stops it (an error reading
the input, a missing folder, an unwritable target, a full disk, Ctrl-C, SIGTERM or SIGHUP)
removes the temporary file and leaves the target as it was. Operating-system errors come out as
one ``WriteError`` whose message is a sentence for the user; a termination signal comes out as
``Terminated`` (a ``BaseException``, so that no ``except Exception`` on the way swallows it).

What the target is decides how it is written (issue 25):

* a new file: the complete temporary file is hard-linked to the name (``link`` fails if the
  name appeared meanwhile, say from a second run: then nothing is written and the name is
  left to whoever made it), then the temporary name is removed. On a file system without hard
  links the name is first claimed with an exclusive create and the temporary file renamed over
  that claim (an empty file is visible there for that moment).
* an existing regular file (only with ``replace``, i.e. ``--force``): renamed over, keeping its
  permissions.
* a symbolic link: followed; its final target is written as above (a dangling link's target is
  created), and the link stays a link.
* anything else that exists (a FIFO, a device such as ``/dev/null``, and whatever is reached
  through a descriptor link such as ``/dev/stdout`` → ``/proc/self/fd/1``): never renamed over
  (that would replace the device node or the link) but opened and written in place, only with
  ``replace``. The output is first gathered in an anonymous temporary file (in the temporary
  folder, no name, so none is left behind) and then copied, so that an error reading the input
  still writes nothing; a regular file behind a descriptor link is appended to, never
  truncated. A folder or a socket is refused.
"""
from __future__ import annotations

import errno
import os
import signal
import stat
import threading
from types import FrameType
from typing import IO, Any, Callable, Iterable

#: the signals that end a process by default and are turned into ``Terminated`` during a write
#: (and while ``validate --jobs`` has worker processes to stop)
STOP_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class WriteError(Exception):
    """A file could not be written; the message says which and why, in one line."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


class Terminated(BaseException):
    """The process was asked to stop (SIGTERM, SIGHUP) while a file was being written."""

    def __init__(self, signum: int, partial: bool = False) -> None:
        self.signum = signum
        #: the target, written in place, got part of the output before the signal came
        self.partial = partial
        try:
            self.name = signal.Signals(signum).name
        except ValueError:                  # pragma: no cover - only the signals above
            self.name = f"signal {signum}"
        super().__init__(f"stopped by {self.name}")


def describe(path: str, err: OSError) -> str:
    """Why ``path`` could not be written, as a sentence (never naming the temporary file)."""
    folder = os.path.dirname(path) or "."
    code = err.errno
    if code == errno.ENOENT:
        if os.path.isdir(folder):
            return f"no file can be created in the folder {folder}"
        return f"the folder {folder} does not exist"
    if code == errno.ENOTDIR:
        return f"a part of {folder} is a file, not a folder"
    if code == errno.EISDIR:
        return f"{path} is a folder"
    if code in (errno.EACCES, errno.EPERM):
        return f"permission denied (the folder {folder} or the file is not writable)"
    if code == errno.ENOSPC:
        return "no space left on the device"
    if code == getattr(errno, "EDQUOT", -1):
        return "the disk quota is exceeded"
    if code == errno.EROFS:
        return "the file system is read-only"
    return err.strerror.lower() if err.strerror else str(err)


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated(signum)


_CAN_MASK = hasattr(signal, "pthread_sigmask") and bool(STOP_SIGNALS)


def _block() -> set[int | signal.Signals] | None:
    """Hold the signals back (they wait, pending); returns the mask to go back to."""
    return signal.pthread_sigmask(signal.SIG_BLOCK, set(STOP_SIGNALS)) if _CAN_MASK else None


def _unblock(mask: set[int | signal.Signals] | None) -> None:
    if mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def stop_on_signals() -> dict[signal.Signals, Any]:
    """Turn the default action (the process ends at once, leaving a temporary file or worker
    processes behind) of SIGTERM and SIGHUP into ``Terminated``; a handler someone else installed, or an ignored signal, is left
    alone. Only the main thread may set handlers; elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    old: dict[signal.Signals, Any] = {}
    for sig in STOP_SIGNALS:
        if signal.getsignal(sig) == signal.SIG_DFL:
            old[sig] = signal.signal(sig, _raise_terminated)
    return old


def restore_signals(old: dict[signal.Signals, Any]) -> None:
    for sig, handler in old.items():
        signal.signal(sig, handler)


def _remove(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass


#: opens the temporary file's descriptor for text (tests put a failing one here)
_open: Callable[..., IO[str]] = os.fdopen


def write_atomic(path: str, chunks: Iterable[str] | Iterable[bytes], replace: bool = False,
                 binary: bool = False) -> None:
    """Write the text ``chunks`` (``binary``: bytes) to ``path`` whole or not at all (module
    docstring); an existing target is overwritten only with ``replace``, a folder never.
    Raises ``WriteError`` (nothing written, unless its message says that a target written in
    place got part) or ``Terminated`` (its ``partial`` says the same); an exception raised by
    ``chunks`` propagates (nothing written). Every file tarockrec writes is written here (the
    one door out, issue 39)."""
    how, dest = _plan(path, replace)
    if how in ("in place", "append"):
        _write_in_place(path, chunks, append=how == "append")
        return
    directory = os.path.dirname(dest)
    mask = _block()                         # held back until the handlers are in place
    old = stop_on_signals()
    tmp: str | None = None
    try:
        # the signals wait while the temporary file is created and named, and while it is
        # put in place: a signal is handled either before it exists or once ``tmp`` names it
        try:
            # created exclusively (O_EXCL: never through a planted link), unpredictable name
            import tempfile         # imported when first needed (start-up time)
            fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(dest)}.", suffix=".tmp",
                                       dir=directory)
        finally:
            _unblock(mask)
        try:
            fp: IO[Any] = os.fdopen(fd, "wb") if binary else \
                _open(fd, "w", encoding="utf-8", newline="\n")
        except BaseException:
            os.close(fd)
            raise
        with fp:
            for chunk in chunks:
                fp.write(chunk)
            fp.flush()
            os.fsync(fp.fileno())
        os.chmod(tmp, _new_file_mode(dest))
        _block()
        if how == "replace":
            os.replace(tmp, dest)
        else:
            _link_new(tmp, dest, path, replace)
        tmp = None
        # the file is complete and in place: a signal that came meanwhile takes its usual
        # course once the handlers are restored and the signals unblocked (finally below)
    except BaseException as err:
        _block()                            # no second signal while cleaning up
        if tmp is not None:
            _remove(tmp)
        if isinstance(err, OSError):
            # a link's folder is fine: what failed is where it leads
            about = dest if os.path.islink(path) else path
            raise WriteError(path, _cannot(path, describe(about, err))) from None
        raise
    finally:
        restore_signals(old)
        _unblock(mask)


def _cannot(path: str, why: str) -> str:
    return f"cannot write {path}: {why}; nothing was written"


def _exists(path: str) -> WriteError:
    return WriteError(path, f"{path} exists; use --force to overwrite it; nothing was written")


def _plan(path: str, replace: bool) -> tuple[str, str]:
    """How ``path`` is written, and the file to write: ("new", file) creates ``file`` (``path``
    or, for a symbolic link, where it leads); ("replace", file) renames over the regular
    ``file``; ("in place", path) and ("append", path) open ``path`` itself (a FIFO, a device,
    a descriptor link). Raises ``WriteError`` for a folder, a socket, an existing target
    without ``replace``, and a target that cannot be looked at (a loop of links)."""
    try:
        st: os.stat_result | None = os.stat(path)       # through every link
    except OSError as err:
        if err.errno not in (errno.ENOENT, errno.ENOTDIR):
            raise WriteError(path, _cannot(path, describe(path, err))) from None
        st = None                                       # the errors come when creating it
    dest, via_fd = _resolve(path)
    if st is None:
        return "new", dest
    if stat.S_ISDIR(st.st_mode):
        raise WriteError(path, _cannot(path, f"{path} is a folder"))
    if not replace:
        raise _exists(path)
    if stat.S_ISSOCK(st.st_mode):
        raise WriteError(path, _cannot(path, f"{path} is a socket, not a file"))
    if not stat.S_ISREG(st.st_mode):
        return "in place", path
    return ("append", path) if via_fd else ("replace", dest)


#: where the descriptor links live (``/dev/stdout`` → ``/proc/self/fd/1`` → a pipe or a file)
_FD_LINKS = "/proc/"


def _resolve(path: str) -> tuple[str, bool]:
    """The file a chain of symbolic links from ``path`` ends at (``path`` itself if it is not a
    link; the end need not exist), and whether the chain passes a descriptor link, whose text
    (``pipe:[…]``, a deleted file) need not name the file it opens."""
    p = os.path.abspath(path)
    via_fd = False
    for _ in range(40):                                 # the kernel's own limit on links
        folder = os.path.realpath(os.path.dirname(p))
        p = os.path.join(folder, os.path.basename(p))
        if not os.path.islink(p):
            break
        via_fd = via_fd or (folder + "/").startswith(_FD_LINKS)
        p = os.path.join(folder, os.readlink(p))
    return p, via_fd


#: ``link`` errors that mean the file system has no hard links (then the fallback is used)
_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, getattr(errno, "ENOTSUP", errno.EOPNOTSUPP),
             errno.ENOSYS, errno.EMLINK}


def _link_new(tmp: str, dest: str, path: str, replace: bool) -> None:
    """Put the complete ``tmp`` at the new name ``dest`` only if nothing is there yet (a second
    run that got there first keeps its file): ``WriteError`` "exists" otherwise, unless
    ``replace`` and what appeared is a regular file (then it is renamed over)."""
    try:
        try:
            os.link(tmp, dest)
        except OSError as err:
            if err.errno not in _NO_LINKS:
                raise
            # no hard links here: claim the name exclusively, then rename over the claim
            os.close(os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            try:
                os.replace(tmp, dest)
            except BaseException:
                _remove(dest)
                raise
            return
    except FileExistsError:
        if replace and stat.S_ISREG(os.lstat(dest).st_mode):
            os.replace(tmp, dest)
            return
        raise _exists(path) from None
    try:
        os.unlink(tmp)
    except OSError:                         # pragma: no cover - the folder was just writable
        pass


def _write_in_place(path: str, chunks: Iterable[str] | Iterable[bytes], append: bool) -> None:
    """Write into the existing non-regular ``path`` (or, ``append``, at the end of the regular
    file behind a descriptor link) without replacing it: the output is gathered whole in an
    anonymous temporary file first, then copied."""
    import shutil
    import tempfile
    mask = _block()
    old = stop_on_signals()
    _unblock(mask)
    sent = False
    try:
        with tempfile.TemporaryFile("w+b") as spool:
            for chunk in chunks:
                spool.write(chunk if isinstance(chunk, bytes) else chunk.encode("utf-8"))
            spool.flush()
            spool.seek(0)
            # a FIFO: waits here for its reader (a signal or Ctrl-C still stops it)
            fd = os.open(path, os.O_WRONLY | (os.O_APPEND if append else 0))
            with os.fdopen(fd, "wb") as out:
                sent = True
                shutil.copyfileobj(spool, out, 1 << 20)
    except OSError as err:
        raise WriteError(path, f"cannot write {path}: {describe(path, err)}; " + (
            f"{path} got part of the output" if sent else "nothing was written")) from None
    except KeyboardInterrupt:
        if sent:
            raise Terminated(signal.SIGINT, partial=True) from None
        raise
    except Terminated as err:
        if sent:
            raise Terminated(err.signum, partial=True) from None
        raise
    finally:
        restore_signals(old)


def _new_file_mode(path: str, bits: int = 0o777, usual: int = 0o666) -> int:
    """The permissions the output would have had if opened plainly: those of the file (or,
    with ``bits`` 0o7777 and ``usual`` 0o777, the folder) it replaces, else the usual ones
    under the process umask (mkstemp makes files, mkdtemp folders, private)."""
    try:
        return os.stat(path).st_mode & bits
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return usual & ~mask


# -- a folder written whole (``publish``, issue 35) ---------------------------------------------

#: the signals held back while a staged folder is switched in (Ctrl-C too: the two renames of
#: a replacement must not be parted)
_SWITCH_SIGNALS = set(STOP_SIGNALS) | {signal.SIGINT}


class StagedFolder:
    """A folder built beside its target and switched in whole, so that whatever stops the
    build (a refusal, an error, a full disk, SIGTERM, SIGHUP, Ctrl-C) leaves the previous folder
    exactly as it was, or nothing.

    ``check()`` decides before any work whether ``target`` may be written: a new name, an empty
    folder, or (only with ``replace``) a folder holding the file ``marker``, which ``commit``
    writes last into every folder it switches in, so that a folder is recognised as one of ours
    before anything in it is replaced. A folder holding anything else is never touched. A
    symbolic link to a folder is followed (the link stays); a dangling one is refused.

    ``building()`` makes the temporary folder (in the target's parent, so that the switch is a
    rename on one file system) and removes it, with every folder it had to make, unless
    ``commit()`` was called. ``commit()`` renames the new folder over an empty target, or moves
    the previous folder aside, renames the new one in and removes the previous one; the signals
    wait meanwhile. Operating-system errors come out as ``WriteError`` saying what is left."""

    def __init__(self, target: str, marker: str, replace: bool) -> None:
        self.target = target
        self.marker = marker
        self.replace = replace
        self.dest = os.path.abspath(target)
        self.previous = False               # a site of ours is there, to be replaced
        self.folder: str | None = None      # the temporary folder being built
        self.made: list[str] = []           # missing parent folders made for it
        self.committed = False

    @property
    def left(self) -> str:
        """What a failure leaves, as the end of a sentence."""
        if self.committed:
            return f"the new site in {self.target} was already complete and in place"
        if self.previous:
            return f"the previous site in {self.target} is unchanged"
        return "nothing was written"

    def _refuse(self, why: str) -> WriteError:
        return WriteError(self.target, f"cannot write the site to {self.target}: {why}; "
                                       f"{self.left}")

    def check(self) -> None:
        """Raise ``WriteError`` (nothing written) unless ``target`` may be written."""
        if os.path.islink(self.target):
            real = os.path.realpath(self.target)
            if not os.path.lexists(real):
                raise self._refuse(f"it is a symbolic link to {real}, which does not exist")
            self.dest = real
        try:
            st = os.stat(self.dest)
        except FileNotFoundError:
            return
        except OSError as err:
            raise self._refuse(describe(self.target, err)) from None
        if not stat.S_ISDIR(st.st_mode):
            raise self._refuse("it is a file, not a folder")
        try:
            names = os.listdir(self.dest)
        except OSError as err:
            raise self._refuse(describe(self.target, err)) from None
        if names and self.marker not in names:
            shown = ", ".join(sorted(names)[:3]) + (", …" if len(names) > 3 else "")
            raise self._refuse(f"the folder holds files that tarockrec publish did not write "
                               f"({shown}); choose a new or an empty folder")
        if names and not self.replace:
            raise WriteError(self.target, f"{self.target} exists and holds a site written "
                                          f"earlier; use --force to replace it; nothing was "
                                          f"written")
        self.previous = bool(names)         # an empty folder is simply renamed over

    def _make_parents(self) -> None:
        parent = os.path.dirname(self.dest)
        missing: list[str] = []
        while parent and not os.path.lexists(parent):
            missing.append(parent)
            parent = os.path.dirname(parent)
        for folder in reversed(missing):
            os.mkdir(folder)
            self.made.append(folder)

    def building(self) -> "_Building":
        return _Building(self)

    def _discard(self) -> None:
        import shutil
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
        for folder in reversed(self.made):
            try:
                os.rmdir(folder)
            except OSError:
                break
        self.made = []

    def commit(self) -> None:
        """Switch the complete folder in (the marker is written into it first)."""
        assert self.folder is not None
        with open(os.path.join(self.folder, self.marker), "w", encoding="utf-8") as fp:
            fp.write("This folder was written by tarockrec publish, which replaces it whole "
                     "(with --force) when this file is here.\n")
        for name in os.listdir(self.folder):     # on disk before the switch (a power cut)
            _sync_file(os.path.join(self.folder, name))
        _sync_folder(self.folder)
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, _SWITCH_SIGNALS) if _CAN_MASK else None
        try:
            self._switch()
        finally:
            _unblock(mask)

    def _switch(self) -> None:
        import shutil
        import tempfile
        assert self.folder is not None
        os.chmod(self.folder, _new_folder_mode(self.dest))
        parent = os.path.dirname(self.dest)
        aside: str | None = None
        if self.previous:
            # an empty folder of a unique name, which the previous site is renamed over
            aside = tempfile.mkdtemp(prefix=f".{os.path.basename(self.dest)}.old-",
                                     dir=parent)
            os.rename(self.dest, aside)
        try:
            os.rename(self.folder, self.dest)       # over nothing, or over an empty folder
        except BaseException:
            if aside is not None:
                os.rename(aside, self.dest)
            raise
        self.folder = None
        self.committed = True
        self.made = []
        if aside is not None:
            shutil.rmtree(aside, ignore_errors=True)
        _sync_folder(parent)


class _Building:
    """``with staged.building() as folder:`` (see ``StagedFolder``)."""

    def __init__(self, staged: StagedFolder) -> None:
        self.staged = staged
        self.old: dict[signal.Signals, Any] = {}

    def __enter__(self) -> str:
        import tempfile
        staged = self.staged
        mask = _block()
        self.old = stop_on_signals()
        try:
            staged._make_parents()
            staged.folder = tempfile.mkdtemp(prefix=f".{os.path.basename(staged.dest)}.",
                                             suffix=".tmp", dir=os.path.dirname(staged.dest))
        except OSError as err:
            staged._discard()
            restore_signals(self.old)
            raise staged._refuse(describe(staged.target, err)) from None
        finally:
            _unblock(mask)
        return staged.folder

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None,
                 tb: Any) -> None:
        staged = self.staged
        mask = _block()                     # no second signal while cleaning up
        try:
            if not staged.committed:
                staged._discard()
        finally:
            restore_signals(self.old)
            _unblock(mask)
        if isinstance(err, OSError):
            raise staged._refuse(describe(staged.target, err)) from None


def _new_folder_mode(path: str) -> int:
    """The permissions of the folder replaced, else the usual ones under the umask."""
    return _new_file_mode(path, 0o7777, 0o777)


def _sync_file(path: str) -> None:
    """Flush a written file to the disk: a full disk found only now (delayed allocation) or an
    I/O error is raised, a file system that cannot flush is let be."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError as err:
        if err.errno not in (errno.EINVAL, errno.EROFS, getattr(errno, "ENOTSUP", -1)):
            raise
    finally:
        os.close(fd)


def _sync_folder(path: str) -> None:
    """Make a rename in ``path`` durable (best effort: some file systems refuse)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
