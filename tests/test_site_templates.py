"""Every page comes from a template (issue 44 part 2): no escaping by hand and no HTML built in
Python strings, in the site package nor anywhere in the package; the templates escape every
value (autoescape on, never switched off, no ``|safe``); no function of the site package is
over 80 lines."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from conftest import ROOT
from test_code_shape import MAX_LINES, _functions

PACKAGE = Path(ROOT) / "tarockrec"
SITE = PACKAGE / "site"

#: escaping HTML by hand: the html module, markupsafe's escape, an entity written out (the
#: package writes XML too: xml.sax.saxutils.escape in the JUnit report is XML's)
ESCAPE = re.compile(r"\bhtml\.escape\b|^\s*import html\b|^\s*from html\b|markupsafe\.escape"
                    r"|from markupsafe import[^\n]*\bescape\b|Markup\.escape"
                    r"|&(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);", re.I | re.M)
#: in the site package, an escape function called by its bare name, whatever it was
#: imported from
ANY_ESCAPE = re.compile(r"(?<![\w.])escape\(")
#: an HTML element's tag (the package writes XML too: <tarockrec>, <testsuite> are not HTML)
HTML_TAGS = ("html head body title meta link style script noscript div span p a table thead "
             "tbody tfoot tr td th ul ol li dl dt dd h1 h2 h3 h4 h5 h6 nav header footer main "
             "section article form input button select option textarea label br hr img svg "
             "iframe em strong b i code pre small").split()
HTML_TAG = re.compile(r"</?(?:" + "|".join(HTML_TAGS) + r")(?=[\s>/]|$)|<!doctype", re.I)
#: a URL rule of the server (``/t/<code>/deal``: a path whose variable parts are in <>), not HTML
URL_RULE = re.compile(r"(?:/[\w.-]*|/<(?:\w+:)?\w+>)+")
#: in the site package, anything that looks like markup at all
ANY_TAG = re.compile(r"<(?:/?[a-z][a-z0-9-]*|!--|!doctype)(?=[\s>/]|$)", re.I)


def _strings(tree: ast.AST) -> list[ast.Constant]:
    """The string constants of a module, f-strings' literal parts included, docstrings not
    (they describe pages; they build none)."""
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    return [n for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str) and id(n) not in docs]


def hand_html(path: Path, strict: bool) -> list[str]:
    """Where ``path`` escapes by hand or builds HTML in a string (``strict``: any tag-like
    text, as the site package must have none)."""
    text = path.read_text(encoding="utf-8")
    found = [f"{path.name}:{text[:m.start()].count(chr(10)) + 1}: {m.group().strip()}"
             for pattern in ((ESCAPE, ANY_ESCAPE) if strict else (ESCAPE,))
             for m in pattern.finditer(text)]
    tag = ANY_TAG if strict else HTML_TAG
    found += [f"{path.name}:{node.lineno}: {node.value[:40]!r}"
              for node in _strings(ast.parse(text, str(path)))
              if tag.search(node.value) and not URL_RULE.fullmatch(node.value)]
    return found


def test_the_check_finds_hand_built_html(tmp_path: Path) -> None:
    bad = {"import html\nx = html.escape(name)\n": 2,
           "from markupsafe import Markup, escape\ny = escape(n)\n": 1,
           "cell = name.replace('<', '&lt;')\n": 1,
           "row = f'<td>{x}</td>'\n": 2,
           "page = '<!DOCTYPE html>' + body\n": 1,
           "s = \"<div class='a'>\"\n": 1,
           "def f():\n    '''<p>a docstring describes</p>'''\n    return '<ul>'\n": 1}
    for k, (src, n) in enumerate(bad.items()):
        path = tmp_path / f"m{k}.py"
        path.write_text(src)
        assert len(hand_html(path, strict=False)) == n, (src, hand_html(path, strict=False))
        assert len(hand_html(path, strict=True)) == n + ("escape(n)" in src), src
    ok = tmp_path / "ok.py"
    ok.write_text("'''<div>'''\nx = '<stdin>'\ny = '<tarockrec>' + '<' + 'a < b'\n"
                  "z = re.escape(x) + saxutils.escape(y)\nr = '/t/<code>/deal'\n")
    assert hand_html(ok, strict=False) == []
    assert len(hand_html(ok, strict=True)) == 2        # <stdin>, <tarockrec>


def test_no_hand_written_html_or_escaping_in_the_site_package() -> None:
    files = sorted(SITE.rglob("*.py"))
    assert len(files) >= 5
    found = [f for p in files for f in hand_html(p, strict=True)]
    assert not found, "build the markup in a template: " + "; ".join(found)


def test_no_hand_written_html_or_escaping_anywhere_in_the_package() -> None:
    found = [f for p in sorted(PACKAGE.rglob("*.py")) for f in hand_html(p, strict=False)]
    assert not found, "HTML belongs in tarockrec/site/templates: " + "; ".join(found)


def test_the_templates_escape_every_value() -> None:
    from tarockrec.site import environment
    env = environment()
    assert env.autoescape is True
    templates = sorted((SITE / "templates").glob("*.html"))
    assert len(templates) >= 8 and sorted(env.list_templates()) == [p.name for p in templates]
    for path in templates:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\|\s*safe\b|autoescape\s+false|Markup", text), path.name
        assert "<!--" not in text, path.name          # a comment is {# #}: never in a page
    # a value with markup comes out as text
    out = env.from_string("{% import 'macros.html' as m %}{{ m.cell(x) }}{{ m.cell(l) }}")\
        .render(x="<b>&", l={"href": '"><img src=x>', "text": "<i>"})
    assert out == '&lt;b&gt;&amp;<a href="&#34;&gt;&lt;img src=x&gt;">&lt;i&gt;</a>'


def test_no_long_function_in_the_site_package() -> None:
    long = [f"{p.name}:{line} {name} ({n} lines)" for p in sorted(SITE.rglob("*.py"))
            for name, line, n in _functions(p) if n > MAX_LINES]
    assert not long, f"functions over {MAX_LINES} lines: " + "; ".join(long)


def test_the_servers_pages_extend_the_one_layout(tmp_path: Path) -> None:
    # issue 44 part 2: one base layout, the site's; the server's pages extend it
    layouts = [p.relative_to(PACKAGE).as_posix() for p in sorted(PACKAGE.rglob("*.html"))
               if re.search(r"<!doctype|<html\b|<head\b|<body\b",
                            p.read_text(encoding="utf-8"), re.I)]
    assert layouts == ["site/templates/base.html"]
    serve = PACKAGE / "serve" / "templates"
    app = (PACKAGE / "serve" / "app.py").read_text(encoding="utf-8")
    pages = sorted(set(re.findall(r'render_template\(\s*"([\w.]+)"', app)))
    assert len(pages) >= 8 and not (serve / "base.html").exists()
    for name in pages:
        first = (serve / name).read_text(encoding="utf-8").splitlines()[0]
        assert first == '{% extends "base.html" %}', name
    # the server finds the site's layout, escapes every value and writes the one layout
    pytest.importorskip("flask")
    pytest.importorskip("segno")
    from tarockrec.serve.app import create_app
    from tarockrec.serve.security import Password
    flask_app = create_app(str(tmp_path / "club.db"), Password("hunter2-hunter2"))
    env = flask_app.jinja_env
    assert env.autoescape("x.html") if callable(env.autoescape) else env.autoescape
    import tarockrec.site                    # the checkout's, or the installed package's
    loaded = Path(tarockrec.site.__file__).parent
    assert Path(env.get_template("base.html").filename or "") == loaded / "templates" / "base.html"
    page = flask_app.test_client().get("/login").get_data(as_text=True)
    assert '<body class="serve">' in page and '<nav class="site">' in page
    assert "Content-Security-Policy" not in page           # the server's header carries it
    css = flask_app.test_client().get("/site.css")
    assert css.mimetype == "text/css"
    from tarockrec.site import stylesheet
    assert css.get_data(as_text=True) == stylesheet("serve") and "body.serve" in stylesheet("serve")
    missing = flask_app.test_client().get("/no-such-page?x=<i>")
    assert missing.status_code == 404 and '<body class="serve">' in missing.get_data(as_text=True)
