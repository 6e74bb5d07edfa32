"""Running ``tarockrec serve``: the password, the address and its QR code, waitress until
Ctrl-C or SIGTERM."""
from __future__ import annotations

import logging
import signal
import socket
import sys
from types import FrameType
from typing import TextIO

from ..archive.store import close_writer
from . import storage
from .app import MAX_BODY, create_app
from .security import Password


def public_url(host: str, port: int) -> str:
    """The address the tables open: this machine's address on the room's network when the
    server listens on every interface, else the host given."""
    if host in ("0.0.0.0", "::", ""):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect(("192.0.2.1", 9))      # no packet is sent: picks the route's address
                host = s.getsockname()[0]
        except OSError:
            host = socket.gethostname()
    return f"http://{'[' + host + ']' if ':' in host else host}:{port}/"


def qr_text(url: str) -> str:
    import io

    import segno
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def serve(archive: str, password: str, host: str, port: int, out: TextIO = sys.stdout,
          threads: int = 8) -> None:
    """Serve the archive until SIGTERM or Ctrl-C (then return: the caller exits 0)."""
    from waitress.server import create_server

    # waitress warns of every queued request; a busy evening is not the director's business
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    url = public_url(host, port)
    app = create_app(archive, Password(password), url)
    server = create_server(app, host=host, port=port, threads=threads,
                           max_request_body_size=MAX_BODY, ident="tarockrec")
    if port == 0:       # a free port was asked for: say which one it got
        port = int(server.effective_port)
        url = public_url(host, port)
        app.config["PUBLIC_URL"] = url

    def stop(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    print(f"tarockrec serve: {archive} at {url}", file=out)
    print(qr_text(url), file=out)
    print("Ctrl-C stops it.", file=out, flush=True)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        # the log written back: the archive is one file again (docs/archive.md)
        said = close_writer(storage.connect(archive), archive)
        if said is not None:
            print(f"tarockrec serve: {said[1]}", file=out)
        print("tarockrec serve: stopped", file=out, flush=True)
