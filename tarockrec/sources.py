"""Reading records from files and stdin, whatever the format (JSON, JSON Lines, XML, text).

``entries(path)`` yields ``Entry`` tuples one record at a time; JSON Lines and XML archives are
streamed. Directories are walked for ``.json``, ``.jsonl``, ``.xml`` and ``.txt`` files.
"""
from __future__ import annotations

import errno
import io
import itertools
import os
import stat
import sys
import tempfile
import zlib
from typing import IO, Any, Iterator, Mapping

from .codecs import jsonio
from .codecs.bounds import RecordTooLarge, TooLarge
from .codecs.bounds import mib as _mib
from .findings import Finding, LazyLines
from .plain import Plain

#: the most bytes one record may take (docs/notation.md, *Limits*): a JSON document (read whole),
#: a JSON Lines line, a tournament table's session file, an XML record (one element below the
#: root, from the end of the one before; ``xmlio`` counts its tags too) or a text-notation record
#: (from its first tag line to the next record's; ``textio.iter_text_stream``). A real
#: session of a few hundred deals takes well under 1 MB, a tournament of 30,000 inline deals
#: about 60 MB; past the cap comes INPUT-TOO-LARGE and the next file is read
RECORD_MAX_BYTES = 256 << 20
#: the most bytes read from one file, as stored and once decompressed (a stream has no end of
#: its own: /dev/zero, a gzip bomb of blank lines)
FILE_MAX_BYTES = 64 << 30



EXTENSIONS = tuple(plain + packed for plain in (".json", ".jsonl", ".ndjson", ".xml", ".txt")
                   for packed in ("", ".gz", ".zst"))


class Entry(Plain):
    """One record as read from a source (or why it could not be read)."""

    _fields = ("source", "index", "line", "record", "problem", "lines", "offset", "deferred")
    source: str
    index: int
    line: int | None
    record: Any                   # the record, or None when unreadable
    problem: Finding | None
    lines: Mapping[str, int] | None          # JSON Pointer -> line (XML, pretty JSON)
    offset: int | None                    # bytes of the source read so far (progress)
    #: a tournament's tables' deals not read yet (``inline.Deferred``: ``validate`` reads a
    #: large tournament file a table at a time)
    deferred: Any

    def __init__(self, source: str, index: int, line: int | None, record: Any,
                 problem: Finding | None = None, lines: Mapping[str, int] | None = None,
                 offset: int | None = None, deferred: Any = None) -> None:
        self.source = source
        self.index = index
        self.line = line
        self.record = record
        self.problem = problem
        self.lines = lines
        self.offset = offset
        self.deferred = deferred


def expand(paths: tuple[str, ...] | list[str], keep_empty: bool = False) -> list[str]:
    """The files of ``paths``, folders walked for record files; ``keep_empty``: a folder
    without any is kept as itself (its reader then says so, instead of nothing at all)."""
    out: list[str] = []
    for p in paths:
        if p != "-" and os.path.isdir(p):
            before = len(out)
            for root, dirs, files in os.walk(p):
                dirs.sort()
                out.extend(os.path.join(root, f) for f in sorted(files)
                           if f.endswith(EXTENSIONS) and not f.startswith("."))
            if keep_empty and len(out) == before:
                out.append(p)
        else:
            out.append(p)
    return out


def detect(name: str, head: bytes) -> str:
    lower = name.lower()
    if lower.endswith((".jsonl", ".ndjson")):
        return "jsonl"
    if lower.endswith(".xml"):
        return "xml"
    stripped = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if lower.endswith(".txt"):
        from .codecs import textio          # imported when first needed (start-up time)
        if not textio.looks_like_json(stripped):
            return "text"
    if stripped.startswith(b"<"):
        return "xml"
    if stripped[:1] in (b";", b"["):         # a comment or a tag line starts the text notation
        from .codecs import textio
        if textio.looks_like_text(head):
            return "text"
    if jsonio.looks_like_jsonl(head):
        return "jsonl"
    return "json"


class Document(Plain):
    """A file holding one JSON record (a deal, a session, a tournament), not read yet: it is
    read, parsed and validated by whoever validates it — a worker process, so that the main
    process neither parses it nor sends it whole, and a worker holds one such record at a
    time. What is read of it is what ``entries`` reads."""

    _fields = ("source", "path", "size")
    source: str
    path: str
    size: int                       # its weight in bytes (how documents are grouped in runs)

    def __init__(self, source: str, path: str, size: int) -> None:
        self.source = source
        self.path = path
        self.size = size

    def entries(self) -> Iterator[Entry]:
        return entries(self.path, inline=True)


# -- the one door in (issue 39, part 2) ----------------------------------------------------------

class NotAFile(OSError):
    """A named input that is not a regular file (a folder, a FIFO, a device, a socket): never
    read, since it would block (a FIFO without a writer) or never end (``/dev/zero``). Its
    ``strerror`` is the end of the sentence "cannot read NAME: …"."""


#: where the descriptor links live: ``/dev/stdin``, ``/dev/fd/N`` (a shell's ``<(…)``) lead to
#: ``/proc/self/fd/N``, a pipe the user opened on purpose: read as standard input is
_FD_LINKS = ("/proc/self/fd/", "/dev/fd/", "/proc/thread-self/fd/")


def _kind(mode: int) -> str:
    return ("a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "not a file")


def _via_descriptor(path: str) -> bool:
    """Whether ``path``'s chain of symbolic links passes a descriptor link."""
    p = os.path.abspath(path)
    for _ in range(40):
        if p.startswith(_FD_LINKS) or p in ("/dev/stdin", "/dev/fd"):
            return True
        if not os.path.islink(p):
            return False
        p = os.path.join(os.path.dirname(p), os.readlink(p))
    return False


def refuse_unless_file(path: str, mode: int, stdin: bool = True, records: bool = True) -> None:
    """Raise ``NotAFile`` unless ``mode`` (of ``path``, stat'ed) is a regular file's, or (where
    ``stdin`` may be read) a pipe reached through a descriptor link (``/dev/stdin``,
    ``/dev/fd/N``); ``records``: a folder is said to hold no record file (it would have been
    walked for them)."""
    if stat.S_ISREG(mode) or (stdin and stat.S_ISFIFO(mode) and _via_descriptor(path)):
        return
    if stat.S_ISDIR(mode):
        raise NotAFile(errno.EISDIR, "it is a folder holding no record file (.json, .jsonl, "
                       ".xml, .txt, plain or .gz or .zst)" if records else "it is a folder")
    hint = " (give - to read standard input)" if stdin else ""
    raise NotAFile(errno.EINVAL, f"it is {_kind(mode)}, not a regular file; it is not "
                   f"read{hint}")


def check_input(path: str, stdin: bool = False) -> None:
    """Before a library opens ``path`` itself (SQLite, openpyxl): ``NotAFile`` unless it is a
    regular file; a missing file is left to the opener (its own error)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return
    refuse_unless_file(path, st.st_mode, stdin, records=False)


def open_input(path: str, records: bool = True) -> IO[bytes]:
    """The one door in: ``path`` opened for reading ('-': standard input) — never a folder, a
    FIFO, a device or a socket named as a file (``NotAFile``), opened without blocking (a FIFO
    swapped in would otherwise wait for a writer) and checked once open. What is read from it
    is held to the caps (``capped``, ``RECORD_MAX_BYTES``, ``FILE_MAX_BYTES``) by its reader.
    Raises ``OSError`` (``NotAFile`` included)."""
    if path == "-":
        return sys.stdin.buffer
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        refuse_unless_file(path, os.fstat(fd).st_mode, records=records)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_capped(path: str, cap: int = RECORD_MAX_BYTES) -> bytes:
    """The whole of ``path`` through the door (``open_input``), decompressed when it is gzip
    or zstd, of at most ``cap`` bytes once decompressed: ``TooLarge`` past it. For the inputs
    read whole (a spreadsheet's CSV)."""
    raw = open_input(path, records=False)
    try:
        src, inflated = _opened(raw)
        data = src.read(cap + 1)
        if len(data) > cap:
            raise TooLarge(f"it holds more than {_mib(cap)}" + (
                " once decompressed" if inflated is not None else "") +
                ", the most this input may")
        if inflated is not None and inflated.problem is not None:
            raise OSError(errno.EINVAL, inflated.problem)
        return data
    finally:
        if raw is not sys.stdin.buffer:
            raw.close()


def entries(path: str, inline: bool = False) -> Iterator[Entry]:
    """Every record in ``path`` ('-' = stdin). An unreadable file gives one Entry with a problem.
    ``inline``: a large tournament's tables' deals are read when checked (``Entry.deferred``)."""
    for unit in units(path, 64, inline=inline):
        if isinstance(unit, Entry):
            yield unit
        else:
            yield from unit.entries()


class Lines(Plain):
    """A run of unparsed JSON Lines of one source, as one block of bytes (what a worker
    process parses itself; one block pickles far faster than a list of lines)."""

    _fields = ("source", "index", "line", "data", "offset")
    source: str
    index: int                      # records before the block
    line: int                       # lines before the block
    data: bytes                     # whole lines, each ending in "\n" (but a file's last)
    offset: int | None

    def __init__(self, source: str, index: int, line: int, data: bytes,
                 offset: int | None = None) -> None:
        self.source = source
        self.index = index
        self.line = line
        self.data = data
        self.offset = offset

    def entries(self) -> Iterator[Entry]:
        index, lineno, source, offset = self.index, self.line, self.source, self.offset
        pieces = self.data.split(b"\n")
        last = pieces.pop()             # b"" after a final line break
        for k, raw in enumerate(pieces, lineno + 1):
            if raw.strip():
                index += 1
                item = jsonio.parse_jsonl_line(raw, k)
                if isinstance(item, Finding):     # worded as for the line with its break
                    item = jsonio.parse_jsonl_line(raw + b"\n", k)
                e = _entry(source, index, k, item)
                e.offset = offset
                yield e
        if last.strip():
            k = lineno + len(pieces) + 1
            e = _entry(source, index + 1, k, jsonio.parse_jsonl_line(last, k))
            e.offset = offset
            yield e


#: bytes read at a time from a JSON Lines source
BLOCK = 1 << 20
#: the most bytes of lines in one run (records of many deals, a session a line, make runs of
#: fewer lines: about a thousand Königrufen deals either way)
RUN_BYTES = 1 << 20


def _line_runs(name: str, head: bytes, fp: IO[bytes], raw: IO[bytes],
               batch: int) -> Iterator[Lines]:
    """The lines of ``head`` and then ``fp`` in runs of ``batch`` lines (blank lines count,
    records are numbered without them). Every byte is scanned once, however long a line."""
    index = lineno = 0
    parts: list[bytes] = []      # the run so far, from earlier blocks
    n = 0                        # its line breaks
    plain = True                 # every line of the run seen so far starts with "{"
    read = getattr(fp, "read1", fp.read)     # what has arrived, up to a block (a pipe streams)
    at_start = True              # the next block starts a line
    open_line = 0                # bytes of the line not yet ended
    got = 0                      # the run's bytes in ``parts``
    heavy = False                # the run holds RUN_BYTES
    block = head
    while block or (block := read(BLOCK)):
        brk = block.rfind(b"\n")
        open_line = open_line + len(block) if brk < 0 else len(block) - brk - 1
        if open_line > RECORD_MAX_BYTES:
            yield from _before_long_line(name, index, lineno, parts, block, raw)
            long_line = lineno + n + block.count(b"\n") + 1
            raise TooLarge(f"line {long_line:,} runs longer than "
                           f"{_mib(RECORD_MAX_BYTES)}, the most one record may take")
        pos, size = 0, len(block)
        while True:
            end = pos
            # a run ends after ``batch`` lines, or after the line that makes it RUN_BYTES
            # long (a line of a session weighs more than a deal's)
            while n < batch and not heavy:
                if end < size and block[end] != 123 and (end or at_start):
                    plain = False                  # a line that does not start with "{"
                cut = block.find(b"\n", end)
                if cut < 0:
                    break
                end, n = cut + 1, n + 1
                heavy = got + end - pos >= RUN_BYTES
            if n < batch and not heavy:
                parts.append(block[pos:])          # the run goes on in the next block
                got += size - pos
                break
            data = b"".join(parts) + block[pos:end] if parts else block[pos:end]
            yield Lines(name, index, lineno, data, _position(raw))
            lineno, index = lineno + n, index + (n if plain else _records(data))
            parts, n, pos, plain, got, heavy = [], 0, end, True, 0, False
        at_start, block = block[-1] == 10, b""
    data = b"".join(parts)
    if data:
        yield Lines(name, index, lineno, data, _position(raw))


def _before_long_line(name: str, index: int, lineno: int, parts: list[bytes], block: bytes,
                      raw: IO[bytes]) -> Iterator[Lines]:
    """The whole lines of the run (``parts``, then ``block``) before a line too long."""
    pieces = parts + [block]
    k = next((k for k in range(len(pieces) - 1, -1, -1) if b"\n" in pieces[k]), -1)
    if k >= 0:                  # the long line itself is not copied
        last = pieces[k]
        data = b"".join(pieces[:k]) + last[:last.rfind(b"\n") + 1]
        yield Lines(name, index, lineno, data, _position(raw))


def _records(data: bytes) -> int:
    """How many of the lines in ``data`` are not blank."""
    return sum(1 for piece in data.split(b"\n") if piece.strip())


def units(path: str, batch: int = 1, pieces: "set[int] | None" = None,
          inline: bool = False) -> Iterator["Entry | Lines | Piece | Document"]:
    """What ``entries`` reads from ``path``, with JSON Lines left unparsed in batches of
    ``batch`` lines (parsed by whoever validates them). Compressed files (gzip, zstd) are
    read through; stdin and files are streamed (only a JSON document is read whole).

    With ``pieces`` (the runs to stop reading: see ``Piece``), a file of XML or the text
    notation is cut into ``Piece``s, parsed by whoever validates them too, and a file that is
    one JSON record is a ``Document``, read by whoever validates it."""
    name = "<stdin>" if path == "-" else path
    try:
        raw: IO[bytes] = open_input(path)
    except OSError as err:
        yield Entry(name, 1, None, None, Finding("IO-ERROR", f"cannot read {name}: "
                                                 f"{err.strerror or err}", ""))
        return
    yield from _units(path, name, raw, batch, pieces, inline)


def _units(path: str, name: str, raw: IO[bytes], batch: int, pieces: "set[int] | None",
           inline: bool = False) -> Iterator["Entry | Lines | Piece | Document"]:
    """``units`` of the opened ``raw`` (closed at the end unless it is stdin's)."""
    last: Entry | Lines | None = None
    # stdin cut into pieces is kept as it is read, to be read again from its start when a
    # piece is not trusted (``Piece.rest``), as a file is
    spool = _Spool(raw) if pieces is not None and path == "-" else None
    try:
        src, inflated = _opened(raw if spool is None else _Tee(raw, spool))  # type: ignore[arg-type]
        src, whole = _file_capped(src, inflated)
        head = src.read(65536)
        if head.startswith(BOM):     # what Windows tools write first: read past it, whatever
            head = head[len(BOM):]   # the format (line numbers and records are the same)
        fmt = detect(_plain_name(name), head)
        if pieces is not None and fmt in ("xml", "text"):
            yield from _pieces(path, name, fmt, head, src, raw, inflated, pieces, spool)
            if whole.problem is not None:
                yield _too_large(name, 0, whole.problem)
            return
        if spool is not None:        # JSON (Lines) is never read again: nothing kept
            spool.forget()
        elif pieces is not None and fmt == "json" and head.lstrip(b" \t\r\n")[:1] == b"{":
            size = _regular_size(raw)
            if size is not None:     # a file of one record (not a pipe, read only once)
                # a tournament whose tables are in files of their own weighs those files,
                # not its own few bytes: a run of its own (parallel.DOCUMENTS)
                yield Document(name, path, max(size, PIECE) if b'"source"' in head else size)
                return
        if fmt == "jsonl":
            for last in _line_runs(name, head, src, raw, batch):
                yield last
        else:
            stream: IO[bytes] = io.BufferedReader(_Prefixed(head, src), 1 << 16)
            for last in _read(name, stream, fmt, raw, inline, inflated is None):
                yield last
        if whole.problem is not None:
            raise whole.problem
        if inflated is not None and inflated.problem is not None:
            # the records before the break were read; the break is told too (when it falls
            # at a record's end, nothing else would tell)
            index = 0 if last is None else last.index if not isinstance(last, Lines) else \
                last.index + _records(last.data)
            yield Entry(name, index + 1, None, None, Finding(
                "IO-ERROR", f"{name} {inflated.problem} (what came before was read: "
                f"{index:,} record(s))", ""))
    except TooLarge as err:
        yield _too_large(name, _after(last), err)
    except (OSError, EOFError, ValueError) as err:   # a broken compressed stream included
        yield Entry(name, 1, None, None, Finding("IO-ERROR", f"cannot read {name}: {err}", ""))
    finally:
        if raw is not sys.stdin.buffer:
            raw.close()


def _after(last: "Entry | Lines | Piece | None") -> int:
    """Records read before what comes after ``last``."""
    if last is None:
        return 0
    if isinstance(last, Lines):
        return last.index + _records(last.data)
    if isinstance(last, Piece):
        return last.index + last.count
    return last.index


def _too_large(name: str, before: int, err: TooLarge) -> Entry:
    line = err.line if isinstance(err, RecordTooLarge) else None
    what = f"record {before + 1:,}" + (f" (from line {line:,})" if line else "") + " " \
        if isinstance(err, RecordTooLarge) else ""
    return Entry(name, before + 1, line, None, Finding(
        "INPUT-TOO-LARGE", f"{what}{err}; the rest of {name} is not read (what came before "
        f"was read: {before:,} record(s))", "", line=line))


def _file_capped(src: IO[bytes], inflated: "_Inflated | None") -> tuple[IO[bytes], "_Capped"]:
    """``src`` read up to ``FILE_MAX_BYTES`` (then it ends, and the cap says why)."""
    capped = _Capped(src, FILE_MAX_BYTES, inflated is not None)
    return io.BufferedReader(capped, 1 << 16), capped


class _Capped(io.RawIOBase):
    """The bytes of ``fp`` up to ``cap``; there it ends, ``problem`` saying so (what was read
    is read to its end first: the records before are not lost)."""

    def __init__(self, fp: IO[bytes], cap: int, inflated: bool) -> None:
        self.fp, self.cap, self.inflated = fp, cap, inflated
        self.read_some = getattr(fp, "read1", fp.read)
        self.seen = 0
        self.problem: TooLarge | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buf: Any) -> int:
        if self.problem is not None:
            return 0
        data = self.read_some(min(len(buf), self.cap + 1 - self.seen))
        self.seen += len(data)
        if self.seen > self.cap:
            self.problem = TooLarge(f"it holds more than {_mib(self.cap)}" + (
                " once decompressed" if self.inflated else "") + ", the most one file may")
            data = data[:-1]
        buf[: len(data)] = data
        return len(data)

    def tell(self) -> int:
        return self.seen


#: bytes of stdin kept in memory when it is cut into pieces; beyond, in a temporary file
SPOOL_MEMORY = 1 << 23


class _Spool:
    """What has been read of stdin, kept so that it can be read again from its start: in
    memory up to ``SPOOL_MEMORY`` bytes, then in a temporary file that has no name (removed
    by the system as soon as it is opened, so that no Ctrl-C, SIGTERM or crash leaves it
    behind); closed when the last ``Piece`` of the reading is let go of."""

    def __init__(self, stdin: IO[bytes]) -> None:
        self.stdin = stdin
        self.copy: Any = tempfile.SpooledTemporaryFile(SPOOL_MEMORY)

    def keep(self, data: bytes) -> None:
        if self.copy is not None:
            self.copy.write(data)

    def forget(self) -> None:
        if self.copy is not None:
            self.copy.close()
            self.copy = None

    def replay(self) -> IO[bytes]:
        """All of stdin from its start: what was kept, then what was not read yet (nothing
        reads stdin any more: its reading in pieces is stopped)."""
        copy, self.copy = self.copy, None
        if copy is None:
            raise ValueError("stdin cannot be read again")
        copy.seek(0)
        return io.BufferedReader(_Replay(copy, self.stdin), 1 << 16)

    def __del__(self) -> None:
        self.forget()


class _Tee(io.RawIOBase):
    """``stdin`` as read, every byte of it kept in ``spool``."""

    def __init__(self, stdin: IO[bytes], spool: _Spool) -> None:
        self.stdin, self.spool = stdin, spool
        self.read_some = getattr(stdin, "read1", stdin.read)   # what has arrived (a pipe)

    def readable(self) -> bool:
        return True

    def readinto(self, buf: Any) -> int:
        data = self.read_some(len(buf))
        self.spool.keep(data)
        buf[: len(data)] = data
        return len(data)

    def tell(self) -> int:             # progress: as stdin itself tells it (a pipe cannot)
        return self.stdin.tell()


class _Replay(io.RawIOBase):
    """The bytes kept of stdin (``copy``, closed once read), then the rest of stdin."""

    def __init__(self, copy: Any, stdin: IO[bytes]) -> None:
        self.copy: Any = copy
        self.stdin = stdin
        self.read_some = getattr(stdin, "read1", stdin.read)

    def readable(self) -> bool:
        return True

    def readinto(self, buf: Any) -> int:
        if self.copy is not None:
            data = self.copy.read(len(buf))
            if not data:
                self.copy.close()
                self.copy = None
        if self.copy is None:
            data = self.read_some(len(buf))
        buf[: len(data)] = data
        return len(data)

    def close(self) -> None:
        if self.copy is not None:
            self.copy.close()
            self.copy = None
        super().close()


_GZIP, _ZSTD = b"\x1f\x8b", b"\x28\xb5\x2f\xfd"
#: the UTF-8 byte order mark
BOM = b"\xef\xbb\xbf"
COMPRESSED = (".gz", ".zst")


def _opened(raw: IO[bytes]) -> tuple[IO[bytes], "_Inflated | None"]:
    """``raw`` as a buffered stream that can peek at its head, decompressed when it starts
    with the gzip or zstd magic number (then with the decompressing reader)."""
    fp: Any = raw if isinstance(raw, io.BufferedReader) else io.BufferedReader(raw, 1 << 16)
    magic = fp.peek(4)[:4]
    if magic.startswith(_GZIP) or magic == _ZSTD:
        inflated = _Inflated(fp, magic == _ZSTD)
        return io.BufferedReader(inflated, 1 << 16), inflated
    buffered: IO[bytes] = fp
    return buffered, None


#: compressed bytes given to the zstd decompressor at a time: it has no bound on what it gives
#: back, and a block of 128 kB takes 4 bytes at the least (so at most ~64 MB come of these)
_ZSTD_PIECE = 2048


class _Inflated(io.RawIOBase):
    """The decompressed bytes of a gzip or zstd stream (of members or frames one after
    another), as they come. A stream cut short, broken, or followed by what is not compressed
    data ends where what can be decompressed ends, and ``problem`` says why: the records
    before are read (``gzip.GzipFile`` raised, losing what it had decompressed; zstandard's
    reader ended a cut stream silently)."""

    def __init__(self, fp: IO[bytes], zstd: bool) -> None:
        self.fp, self.zstd = fp, zstd
        self.read_some = getattr(fp, "read1", fp.read)    # what has arrived (a pipe streams)
        self.dec: Any = None          # the decompressor of the member or frame being read
        self.tail = b""               # compressed bytes not yet given to it
        self.out = memoryview(b"")    # decompressed bytes not yet handed out
        self.problem: str | None = None   # why the data end early (a sentence), if they do

    def readable(self) -> bool:
        return True

    def readinto(self, buf: Any) -> int:
        while not self.out:
            if self.problem is not None:
                return 0
            if not self.tail:
                self.tail = self.read_some(1 << 16)
                if not self.tail:
                    if self.dec is not None and not self.dec.eof:
                        self.problem = "is cut short: its compressed data stop before their end"
                    return 0
            if self.dec is None or self.dec.eof:
                self._next_member()
                if self.problem is not None:
                    return 0
            self.out = memoryview(self._inflate(len(buf)))
        n = min(len(buf), len(self.out))
        buf[:n] = self.out[:n]
        self.out = self.out[n:]
        return n

    def _next_member(self) -> None:
        """A new decompressor for the member or frame that starts the tail (zero bytes after
        a gzip member are padding, as gzip reads them; then there is none)."""
        magic = _ZSTD if self.zstd else _GZIP
        if self.dec is not None and not self.zstd:
            self.tail = self.tail.lstrip(b"\x00")
            if not self.tail:
                self.dec = None
                return
        while len(self.tail) < len(magic) and magic.startswith(self.tail):
            more = self.read_some(1 << 16)      # a magic number split between two reads
            if not more:
                break
            self.tail += more
        if not self.tail.startswith(magic):
            self.problem = "goes on after its compressed data with what is not compressed data"
            return
        if self.zstd:
            import zstandard
            self.dec = zstandard.ZstdDecompressor().decompressobj()
        else:
            self.dec = zlib.decompressobj(16 + zlib.MAX_WBITS)

    def _inflate(self, size: int) -> bytes:
        """Decompressed bytes (at most about ``size`` for gzip) from the tail."""
        dec = self.dec
        if dec is None:                 # only zero padding was left
            self.tail = b""
            return b""
        try:
            if self.zstd:
                piece, self.tail = self.tail[:_ZSTD_PIECE], self.tail[_ZSTD_PIECE:]
                data: bytes = dec.decompress(piece)
                if dec.eof:
                    self.tail = dec.unused_data + self.tail
            else:
                data = dec.decompress(self.tail, size)
                self.tail = dec.unused_data if dec.eof else dec.unconsumed_tail
        except Exception as err:     # zlib.error, zstandard.ZstdError: broken data
            self.problem = "holds damaged compressed data"
            return b""
        return data


class _Prefixed(io.RawIOBase):
    """``head`` (already read, to tell the format) followed by the rest of ``rest``."""

    def __init__(self, head: bytes, rest: IO[bytes]) -> None:
        self.head = memoryview(head)
        self.rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, buf: Any) -> int:
        if self.head:
            n = min(len(buf), len(self.head))
            buf[:n] = self.head[:n]
            self.head = self.head[n:]
            return n
        # what one read of the source gives, so that a pipe is read as its data arrive
        data = self.rest.read1(len(buf)) if hasattr(self.rest, "read1") \
            else self.rest.read(len(buf))
        buf[: len(data)] = data
        return len(data)


def _regular_size(raw: IO[bytes]) -> int | None:
    """The size of the regular file ``raw`` (None for a pipe, a device, …)."""
    try:
        st = os.fstat(raw.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) else None


def _plain_name(name: str) -> str:
    lower = name.lower()
    for ext in COMPRESSED:
        if lower.endswith(ext):
            return name[: -len(ext)]
    return name


def _position(raw: IO[bytes]) -> int | None:
    """Bytes of the file read so far (for progress), None for a pipe."""
    try:
        return raw.tell()
    except (OSError, ValueError):
        return None


def _read(name: str, fp: IO[bytes], fmt: str, raw: IO[bytes], inline: bool = False,
          plain: bool = True) -> Iterator[Entry]:
    if fmt == "xml":
        from .codecs import xmlio
        for index, line, rec, lines in xmlio.iter_xml_lines(fp, RECORD_MAX_BYTES):
            e = _entry(name, index, line, rec)
            e.lines = lines
            e.offset = _position(raw)
            yield e
    elif fmt == "text":
        from .codecs import textio
        for index, line, item, where in textio.iter_text_stream(fp, 0, 0, RECORD_MAX_BYTES):
            e = _entry(name, index, line, item)
            e.lines = where
            e.offset = _position(raw)
            yield e
    else:
        data, deferred = _inline(name, fp, raw, plain) if inline else (None, None)
        if deferred is not None:
            yield deferred
            return
        data = _read_document(fp) if data is None else data
        # an array's records are read one by one: a broken record is that record's finding,
        # and a large archive is never held as objects all at once
        records = jsonio.iter_json_array(data)
        if records is not None and len(data) > LINE_MAP_LIMIT:
            for index, line, item in records:
                yield _entry(name, index, line, item)
            return
        items = list(records if records is not None else jsonio.iter_json_document(data))
        maps = _record_lines(data, items)
        for k, (index, line, item) in enumerate(items):
            e = _entry(name, index, line if isinstance(item, Finding) else None, item)
            if maps is not None:
                e.lines = maps.get(k)
                if len(items) > 1 and e.lines:
                    e.line = e.lines.get("")
            yield e


def _read_document(fp: IO[bytes]) -> bytes:
    """A JSON document, read whole (it is one record, or an array of them) up to
    ``RECORD_MAX_BYTES``; ``TooLarge`` past it, before the rest is read."""
    data = bytearray()
    while chunk := fp.read(1 << 20):
        data += chunk
        if len(data) > RECORD_MAX_BYTES:
            raise TooLarge(f"the JSON document holds more than {_mib(RECORD_MAX_BYTES)}, the "
                           "most one may hold (an archive that large is kept as JSON Lines)")
    return bytes(data)


#: pretty-printed JSON larger than this is reported by JSON Pointer only
LINE_MAP_LIMIT = 8_000_000
#: a tournament file smaller than this is read whole (its tables cost little; ``inline``)
INLINE_FROM = 1 << 20


def _inline(name: str, fp: IO[bytes], raw: IO[bytes],
            plain: bool) -> tuple[bytes | None, Entry | None]:
    """A large tournament read with its tables' deals deferred (``inline``): the Entry, or
    None and what was read of ``fp`` (None: nothing) to be read as any JSON document."""
    size = _regular_size(raw) if plain else None
    data: bytes | None = None
    if size is not None and (size < INLINE_FROM or size > RECORD_MAX_BYTES):
        return None, None                   # small, or too large: read by _read_document
    from .tournament import inline            # imported when first needed (start-up time)
    if size is not None:
        got = inline.read_file(raw.fileno(), size)
    else:
        data = _read_document(fp)
        if len(data) < INLINE_FROM:
            return data, None
        got = inline.read_bytes(data)
    if got is None:
        return data, None
    rec, deferred = got
    entry = Entry(name, 1, None, rec, deferred=deferred)
    if deferred.text.size - deferred.start <= LINE_MAP_LIMIT:
        entry.lines = inline.Lines(deferred.text, deferred.start)
    return data, entry


def _record_lines(data: bytes, items: list[Any]) -> dict[int, Mapping[str, int]] | None:
    """Line numbers for each record of a JSON document (a record, or an array of them)."""
    if not items or all(isinstance(item, Finding) for _, _, item in items) \
            or len(data) > LINE_MAP_LIMIT:
        return None
    if len(items) == 1 and not data.lstrip().startswith((b"[", b"\xef\xbb\xbf[")):
        return {0: JSONLines(data)}      # one record: its lines are needed for findings only
    full = _line_map(data)
    if full is None:
        return None
    out: dict[int, dict[str, int]] = {}
    for ptr, ln in full.items():
        if not ptr:
            continue
        head, _, rest = ptr[1:].partition("/")
        if head.isdigit():
            out.setdefault(int(head), {})["/" + rest if rest else ""] = ln
    return dict(out)


def _line_map(data: bytes) -> dict[str, int] | None:
    try:
        return jsonio.line_map(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, IndexError, ValueError):
        return None


class JSONLines(LazyLines):
    """The line map of a one-record JSON document (the map of a large document, a
    tournament, costs more than reading it)."""

    def __init__(self, data: bytes) -> None:
        super().__init__()
        self._data: bytes | None = data

    def _make(self) -> dict[str, int]:
        found = (_line_map(self._data) if self._data is not None else None) or {}
        self._data = None
        return found


def _entry(name: str, index: int, line: int | None, item: Any) -> Entry:
    if isinstance(item, Finding):
        return Entry(name, index, item.line if item.line is not None else line, None, item)
    return Entry(name, index, line, item)


# -- pieces: XML and text parsed where they are validated -------------------------------------
class Unfit(Exception):
    """A piece is not to be trusted (see ``Piece``)."""


#: bytes of XML or text handed out at a time (cut where a record starts)
PIECE = 1 << 19
#: a piece grown this large without a place to cut it is not cut: the file is read in order
PIECE_MAX = 16 * PIECE
_RUNS = itertools.count(1)


class Piece(Plain):
    """A run of whole records of an XML archive or a text-notation file, unparsed: cut by the
    main process at cheap marks (``xmlio.RECORD_STARTS``, ``textio.RECORD_START``) and parsed
    by whoever validates it, so that parsing runs on every worker.

    The marks are counted as records (``count``) and the record numbers and lines of each
    piece follow from those before it. Parsed, a piece is *trusted* when it reads as many
    records as counted and holds nothing that concerns the file as a whole (broken XML, an
    unreadable text record, whose end may reach past the cut). Otherwise (and for a piece
    that could not be cut, ``whole``) the main process reads the file again, in order and as
    one process reads it, from the piece's first record to its end (``rest``): the report is
    the same whatever the cuts. It then drops the file's later pieces (their ``run`` goes
    into the set given to ``units``, which stops reading it)."""

    _fields = ("source", "path", "fmt", "run", "index", "count", "line", "start", "data", "last",
               "offset", "root", "version", "whole", "tail")
    source: str
    path: str
    fmt: str                        # xml | text
    run: int                        # one reading of one file
    index: int                      # records before the piece
    count: int                      # records counted in it
    line: int                       # line breaks before it
    start: int                      # bytes before it (past a BOM)
    data: bytes
    last: bool                      # the piece runs to the file's end
    offset: int | None
    root: bytes                     # XML: the root's start tag
    version: int
    whole: bool                     # not cut: read the file in order from here
    tail: Entry | None              # what follows its records (a compressed file cut short)
    #: stdin as read so far (``rest`` reads it again); stays in the main process
    spool: "_Spool | None"

    def __init__(self, source: str, path: str, fmt: str, run: int, index: int, count: int,
                 line: int, start: int, data: bytes, last: bool, offset: int | None = None,
                 root: bytes = b"", version: int = 1, whole: bool = False,
                 tail: Entry | None = None, spool: "_Spool | None" = None) -> None:
        self.source = source
        self.path = path
        self.fmt = fmt
        self.run = run
        self.index = index
        self.count = count
        self.line = line
        self.start = start
        self.data = data
        self.last = last
        self.offset = offset
        self.root = root
        self.version = version
        self.whole = whole
        self.tail = tail
        self.spool = spool

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "spool": None}

    def read(self) -> Iterator[Entry]:
        """The piece's entries, as they are parsed; ``Unfit`` (raised at once, or after the
        last) when it is not trusted."""
        if self.whole:
            raise Unfit
        items: Iterator[Any]
        if self.fmt == "xml":
            from .codecs import xmlio
            items = xmlio.iter_piece(self.data, self.root, self.version, self.last, self.line,
                                     RECORD_MAX_BYTES)
            first = self.index
        else:
            from .codecs import textio
            items = textio.iter_piece(self.data, self.line, self.index, RECORD_MAX_BYTES)
            first = 0
        n = 0
        for item in _fit(items):
            index, line, rec, lines = item
            e = _entry(self.source, index + first, line, rec)
            e.lines = lines
            e.offset = self.offset
            n += 1
            yield e
        if n != self.count:
            raise Unfit
        if self.tail is not None:
            yield self.tail

    def parsed(self) -> list[Entry] | None:
        """The piece's entries, None when it is not trusted."""
        try:
            return list(self.read())
        except Unfit:
            return None

    def entries(self) -> Iterator[Entry]:
        """Its entries, or when it is not trusted the file's to its end (after which the
        file's later pieces must be dropped)."""
        parsed = self.parsed()
        return iter(parsed) if parsed is not None else self.rest()

    def rest(self) -> Iterator[Entry]:
        """The file read in order from the piece's first record to its end."""
        if self.fmt == "text":
            yield from self._text_rest()
            return
        for unit in self._reread():                # XML: from the start, as one process reads
            for e in ([unit] if isinstance(unit, Entry) else unit.entries()):
                if e.index > self.index:
                    yield e

    def _reread(self) -> Iterator["Entry | Lines | Piece | Document"]:
        """The file's units, read in order from its start (stdin: as kept, then the rest)."""
        if self.spool is None:
            return units(self.path, 64)
        try:
            raw = self.spool.replay()
        except ValueError as err:
            return iter([Entry(self.source, self.index + 1, None, None, Finding(
                "IO-ERROR", f"cannot read {self.source}: {err}", ""))])
        return _units(self.path, self.source, raw, 64, None)

    def _text_rest(self) -> Iterator[Entry]:
        from .codecs import textio
        try:
            raw: IO[bytes] = self.spool.replay() if self.spool is not None else \
                open_input(self.path)
        except (OSError, ValueError) as err:
            why = err.strerror if isinstance(err, OSError) and err.strerror else err
            yield Entry(self.source, self.index + 1, None, None, Finding(
                "IO-ERROR", f"cannot read {self.source}: {why}", ""))
            return
        index = self.index
        try:
            src, inflated = _opened(raw)
            if src.peek(3)[:3] == BOM:   # type: ignore[attr-defined]
                src.read(3)
            left = self.start
            while left > 0:
                skipped = len(src.read(min(left, 1 << 20)))
                if not skipped:
                    break
                left -= skipped
            stream, whole = _file_capped(src, inflated)
            for index, line, item, where in textio.iter_text_stream(
                    stream, self.line, self.index, RECORD_MAX_BYTES):
                e = _entry(self.source, index, line, item)
                e.lines = where
                e.offset = _position(raw)
                yield e
            if whole.problem is not None:
                raise whole.problem
            if inflated is not None and inflated.problem is not None:
                yield Entry(self.source, index + 1, None, None, Finding(
                    "IO-ERROR", f"{self.source} {inflated.problem} (what came before was read: "
                    f"{index:,} record(s))", ""))
        except TooLarge as err:
            yield _too_large(self.source, index, err)
        except (OSError, EOFError, ValueError) as err:
            yield Entry(self.source, index + 1, None, None,
                        Finding("IO-ERROR", f"cannot read {self.source}: {err}", ""))
        finally:
            raw.close()


def _fit(items: Iterator[Any]) -> Iterator[Any]:
    """A piece's parsed items until one is None or a record runs past the cap (``Unfit``: the
    file read in order tells either in its place)."""
    try:
        for item in items:
            if item is None:
                raise Unfit
            yield item
    except TooLarge:
        raise Unfit from None


def _pieces(path: str, name: str, fmt: str, head: bytes, src: IO[bytes], raw: IO[bytes],
            inflated: "_Inflated | None", stopped: set[int],
            spool: "_Spool | None") -> Iterator["Entry | Piece"]:
    """``Piece``s of a file of XML or text (``head`` its first bytes, past a BOM, then
    ``src``), until its run is in ``stopped``; ``spool``: stdin's, kept as read."""
    run = next(_RUNS)
    root, version, pos = b"", 1, 0
    if fmt == "xml":        # (each codec imported only for its own files: start-up time)
        from .codecs import xmlio
        body = xmlio.body_start(head)
        if body is None:          # an unusual prolog: read in order, which words it
            yield Piece(name, path, fmt, run, 0, 0, 0, 0, b"", True, whole=True, spool=spool)
            return
        pos, root, version = body
    lines = head.count(b"\n", 0, pos)
    start, index = pos, 0
    pending = head[pos:]
    searched = 0
    read = getattr(src, "read1", src.read)
    done = emitted = False
    while not done:
        block = read(1 << 16)
        if block:
            pending += block
            if len(pending) < PIECE:
                continue
        else:
            done = True
        while pending and run not in stopped:
            cut = _cut(fmt, pending, max(searched, PIECE)) if len(pending) > PIECE else -1
            if cut < 0:
                if not done:
                    if len(pending) > PIECE_MAX:
                        yield Piece(name, path, fmt, run, index, 0, lines, start, b"", True,
                                    _position(raw), whole=True, spool=spool)
                        return
                    searched = max(PIECE, len(pending) - 64)
                    break
                cut = len(pending)
            data, pending, searched = pending[:cut], pending[cut:], 0
            last = done and not pending
            n = _marks(fmt, data)
            piece = Piece(name, path, fmt, run, index, n, lines, start, data, last,
                          _position(raw), root, version, spool=spool)
            if last and inflated is not None and inflated.problem is not None:
                piece.tail = Entry(name, index + n + 1, None, None, Finding(
                    "IO-ERROR", f"{name} {inflated.problem} (what came before was read: "
                    f"{index + n:,} record(s))", ""))
            yield piece
            emitted = True
            index, lines, start = index + n, lines + data.count(b"\n"), start + len(data)
        if run in stopped:
            return
    if not emitted:              # nothing after the root's start tag: read in order
        yield Piece(name, path, fmt, run, 0, 0, 0, 0, b"", True, whole=True, spool=spool)


def _marks(fmt: str, data: bytes) -> int:
    """The records counted in ``data`` by their marks (``Piece.count``)."""
    if fmt == "xml":
        from .codecs import xmlio
        return sum(data.count(mark) for mark in xmlio.RECORD_STARTS)
    from .codecs import textio
    return len(textio.RECORD_START.findall(b"\n*\n" + data))


def _cut(fmt: str, data: bytes, at: int) -> int:
    """Where the first record starting at or after ``at`` in ``data`` starts (-1: none yet;
    a mark near the end may still be incomplete)."""
    if fmt == "xml":
        from .codecs import xmlio
        found = [k for k in (data.find(mark, at) for mark in xmlio.RECORD_STARTS) if k >= 0]
        cut = min(found) if found else -1
        return cut if 0 <= cut < len(data) - 16 else -1
    from .codecs import textio
    m = textio.RECORD_START.search(data, at - 1)
    if m is None or m.end() >= len(data) - 16:
        return -1
    return m.end()


# -- a tournament table's ``source``: only what the user gave (issue 35, item 2) ---------------

#: ``--allow-source-outside``: a table's ``source`` may lead out of its tournament's folder
#: (set by the command line; worker processes are forked with it)
ALLOW_SOURCE_OUTSIDE = False


class SourceRefused(Exception):
    """A table's ``source`` is not read; the message is the sentence that says why."""


def table_source(source: str, origin: str | None, allow_outside: bool | None = None) -> str:
    """The path of the file a table's ``source`` names (relative to the folder of ``origin``,
    the tournament's file), checked before anything opens it: it must lead, after every
    symbolic link is resolved, into that folder or below (unless ``allow_outside``, by default
    ``ALLOW_SOURCE_OUTSIDE``), and be a regular file — never a FIFO, ``/dev/stdin``, a device or
    a folder, which would block or never end — of at most ``RECORD_MAX_BYTES``. Raises
    ``SourceRefused`` otherwise."""
    if origin is None or origin == "-":
        raise SourceRefused(f"the table's session is in {source!r}, which cannot be found from "
                            "a tournament read from standard input")
    try:
        folder = os.path.dirname(os.path.abspath(origin))
        path = os.path.join(folder, source)          # an absolute source stays as it is
        real = os.path.realpath(path)
        base = os.path.realpath(folder)
    except ValueError:                               # a NUL character
        raise SourceRefused(f"the table's session file {source!r} is not a file name") from None
    outside = allow_outside if allow_outside is not None else ALLOW_SOURCE_OUTSIDE
    if not outside and os.path.commonpath([base, real]) != base:
        raise SourceRefused(f"the table's session file {source} lies outside the tournament's "
                            f"folder {base} (it leads to {real}); it is not read (use "
                            "--allow-source-outside to read it)")
    try:
        st = os.stat(real)                      # opens nothing: a FIFO does not block here
    except OSError as err:
        raise SourceRefused(f"the table's session file {source} cannot be read: "
                            f"{(err.strerror or str(err)).lower()}") from None
    _check_regular(source, st)
    return real


def _check_regular(source: str, st: os.stat_result) -> None:
    import stat
    if not stat.S_ISREG(st.st_mode):
        kind = ("a folder" if stat.S_ISDIR(st.st_mode) else "a FIFO" if stat.S_ISFIFO(st.st_mode)
                else "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode)
                else "a socket" if stat.S_ISSOCK(st.st_mode) else "not a file")
        raise SourceRefused(f"the table's session file {source} is {kind}, not a regular file; "
                            "it is not read")
    if st.st_size > RECORD_MAX_BYTES:
        raise SourceRefused(f"the table's session file {source} holds {st.st_size:,} bytes, "
                            f"more than the {RECORD_MAX_BYTES:,} a session may hold; it is not "
                            "read")


def _check_opened(source: str, fd: int, path: str) -> None:
    """What was opened is the file checked (a folder on the way swapped for a link meanwhile
    would lead elsewhere): told by the system where it can (``/proc/self/fd``)."""
    try:
        opened = os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        return                                  # no /proc: the checks before stand
    if opened != path:
        raise SourceRefused(f"the table's session file {source} changed while it was opened "
                            f"(it led to {opened}); it is not read")


def table_source_entries(source: str, origin: str | None,
                         allow_outside: bool | None = None) -> Iterator[Entry]:
    """The records of a table's ``source`` (``table_source`` checks it; ``SourceRefused`` is
    raised before the first). The file is opened without blocking and checked again once open
    (it may have been swapped meanwhile), and read under the caps of every input."""
    path = table_source(source, origin, allow_outside)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | \
        getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as err:
        raise SourceRefused(f"the table's session file {source} cannot be read: "
                            f"{(err.strerror or str(err)).lower()}") from None
    try:
        _check_regular(source, os.fstat(fd))
        _check_opened(source, fd, path)
        os.set_blocking(fd, True)
        raw = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    for unit in _units(path, path, raw, 64, None):
        if isinstance(unit, Entry):
            yield unit
        else:
            yield from unit.entries()
