"""``serve``: the evening in a browser (issue 41); options only, the work is in
``tarockrec/serve/``."""
from __future__ import annotations

import getpass
import sys
from typing import IO

import click

from .group import main


@main.command()
@click.argument("archive")
@click.option("--host", default="127.0.0.1", show_default=True, metavar="H",
              help="Address to listen on (0.0.0.0: every interface, for the room's Wi-Fi).")
@click.option("--port", type=click.IntRange(0, 65535), default=8041, show_default=True,
              metavar="P",
              help="Port to listen on (0: a free one).")
@click.option("--password-file", type=click.File("r"), default=None, metavar="FILE",
              help="Read the director's password from this file's first line (else asked).")
def serve(archive: str, host: str, port: int, password_file: IO[str] | None,
          ) -> None:
    """Run the evening in a browser on ARCHIVE (made if missing): the director's pages and
    each table's score sheet, for the tables' phones."""
    try:
        from ..serve.server import serve as run
    except ImportError as err:
        click.echo(f"tarockrec serve needs the serve extra: pip install 'tarockrec[serve]' "
                   f"({err})", err=True)
        sys.exit(2)
    if password_file is not None:
        password = password_file.readline().rstrip("\r\n")
    else:
        password = getpass.getpass("Director's password for this evening: ")
        if password != getpass.getpass("Again: "):
            click.echo("the two passwords differ", err=True)
            sys.exit(2)
    if len(password) < 8:
        click.echo("the director's password needs at least 8 characters", err=True)
        sys.exit(2)
    from ..archive.store import ArchiveError
    try:
        run(archive, password, host, port)
    except ArchiveError as err:
        click.echo(str(err), err=True)
        sys.exit(2)
    except OSError as err:
        click.echo(f"cannot listen on {host}:{port}: {err.strerror or err}", err=True)
        sys.exit(2)
