"""Everything that writes HTML (issue 44): the deal page (``deal``: ``show --html``), a
tournament's site (``publish``), the archive's site (``archive``: ``publish --archive``) and the
standings page (``standings``: ``standings --format html``).

Every page is rendered from the Jinja2 templates in ``templates/`` with autoescaping on: one
base layout (``base.html``), one navigation bar (``nav.html``) and one stylesheet
(``page/site.css``), written into each page with its script, so that a page needs no other
file and no network. The evening server's pages (``tarockrec serve``) extend the same
layout; their stylesheet (the part ``serve``) is a file the server sends. No text is escaped
by hand here: the templates escape every value, and data for a page's script goes into a
``<script type="application/json">`` block through ``script_json``, which keeps ``<``, ``>``
and ``&`` out of the block's text (the HTML spec's script-data rules: nothing in it can end the
element, open a comment or start a tag).
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jinja2 import Environment
    from markupsafe import Markup

#: the characters JSON may hold that could end a script element, open a comment or start a
#: tag in it (``<``, ``>``, ``&``), or end a JavaScript line (U+2028, U+2029): written as
#: JSON's own \\u escapes, which read back as the same text
_SCRIPT_SAFE = str.maketrans({c: f"\\u{ord(c):04x}" for c in "<>&\u2028\u2029"})


def script_json(data: Any) -> str:
    """``data`` as JSON that can stand inside a ``<script>`` element: nothing in it can close
    the element, open a comment or change how the text is read (module docstring)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).translate(_SCRIPT_SAFE)


def asset(name: str) -> str:
    """A file of ``page/`` (the stylesheet, the scripts), as text."""
    return resources.files(__name__).joinpath("page", name).read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def stylesheet(kind: str) -> str:
    """The stylesheet's parts a page of ``kind`` (its body's classes) uses: the navigation and
    the part of each class (``page/site.css``: a part begins with ``/* part NAME:``)."""
    parts = re.split(r"^(?=/\* part \w+:)", asset("site.css"), flags=re.M)[1:]
    wanted = {"nav", *kind.split()}
    return "".join(p for p in parts if p[len("/* part "):].split(":", 1)[0] in wanted)


@lru_cache(maxsize=None)
def environment() -> "Environment":
    """The templates, escaping every value they write (``autoescape``)."""
    from jinja2 import Environment, PackageLoader, StrictUndefined
    from markupsafe import Markup
    env = Environment(loader=PackageLoader(__name__, "templates"), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      keep_trailing_newline=True, auto_reload=False)
    # a script's data: JSON with no markup character left in it (safe in a script element)
    env.filters["script_json"] = lambda data: Markup(script_json(data))
    # the page's own files: the stylesheet and scripts, trusted, written as they are
    env.globals["asset"] = lambda name: Markup(asset(name))
    env.globals["stylesheet"] = lambda kind: Markup(stylesheet(kind))
    return env


#: the longest name a table, a list or a link bar shows whole; a longer one is cut, with the
#: whole name on hover (its ``title``) and on the person's own page (issue 43 §4)
NAME_CUT = 40


def cut_name(name: str) -> str:
    """``name``, cut to ``NAME_CUT`` characters (the last an ellipsis) when it is longer."""
    return name if len(name) <= NAME_CUT else name[:NAME_CUT - 1].rstrip() + "…"


def name_cell(name: str, href: str | None = None) -> Any:
    """A name as a cell of ``macros.cell``: cut past ``NAME_CUT`` characters (the whole name
    its ``title``), a link when ``href`` is given."""
    text = cut_name(name)
    cell: dict[str, str] = {"text": text}
    if href is not None:
        cell["href"] = href
    if text != name:
        cell["title"] = name
    return cell if len(cell) > 1 else name


def render(template: str, **context: Any) -> str:
    """The page ``template`` renders from ``context`` (every value escaped)."""
    return environment().get_template(template).render(**context)


__all__ = ["NAME_CUT", "asset", "cut_name", "name_cell", "render", "script_json"]
