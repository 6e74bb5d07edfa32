"""Safe writes: an output file appears complete or not at all.

``write_atomic(path, chunks)`` writes to an exclusive, unpredictably named temporary file beside
``path`` and renames it into place. Whatever stops it (an error reading the input, a missing
folder, an unwritable target, a full disk, Ctrl-C, SIGTERM or SIGHUP) removes the temporary file
and leaves ``path`` as it was. Operating-system errors come out as one ``WriteError`` whose
message is a sentence for the user; a termination signal comes out as ``Terminated`` (a
``BaseException``, so that no ``except Exception`` on the way swallows it).
"""
from __future__ import annotations

import errno
import os
import signal
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

    def __init__(self, signum: int) -> None:
        self.signum = signum
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


def write_atomic(path: str, chunks: Iterable[str]) -> None:
    """Write the text ``chunks`` to ``path`` through a temporary file beside it, renamed into
    place once complete. Raises ``WriteError`` (nothing written) or ``Terminated``; an
    exception raised by ``chunks`` propagates (nothing written)."""
    directory = os.path.dirname(os.path.abspath(path))
    mask = _block()                         # held back until the handlers are in place
    old = stop_on_signals()
    tmp: str | None = None
    try:
        # the signals wait while the temporary file is created and named, and while it is
        # renamed: a signal is handled either before it exists or once ``tmp`` names it
        try:
            # created exclusively (O_EXCL: never through a planted link), unpredictable name
            import tempfile         # imported when first needed (start-up time)
            fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp",
                                       dir=directory)
        finally:
            _unblock(mask)
        try:
            fp = _open(fd, "w", encoding="utf-8", newline="\n")
        except BaseException:
            os.close(fd)
            raise
        with fp:
            for chunk in chunks:
                fp.write(chunk)
            fp.flush()
            os.fsync(fp.fileno())
        os.chmod(tmp, _new_file_mode(path))
        _block()
        os.replace(tmp, path)
        tmp = None
        # the file is complete and in place: a signal that came meanwhile takes its usual
        # course once the handlers are restored and the signals unblocked (finally below)
    except BaseException as err:
        _block()                            # no second signal while cleaning up
        if tmp is not None:
            _remove(tmp)
        if isinstance(err, OSError):
            raise WriteError(path, f"cannot write {path}: {describe(path, err)}; nothing was "
                             "written") from None
        raise
    finally:
        restore_signals(old)
        _unblock(mask)


def _new_file_mode(path: str) -> int:
    """The permissions the output would have had if opened plainly: those of the file it
    replaces, else the usual ones under the process umask (mkstemp makes files private)."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask
