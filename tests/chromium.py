"""A headless Chromium driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``:
the browser reads NUL-terminated JSON commands on descriptor 3 and writes replies and events
on descriptor 4), with nothing beyond the standard library: no selenium, no websocket.

``Browser()`` starts one browser; ``browser.open(path)`` loads a file in a new tab and returns
a ``Tab`` that can evaluate JavaScript, press keys like a keyboard does (``Input`` domain), and
tells the script errors (``Runtime.exceptionThrown``), console errors, log errors, dialogs
(an ``alert``) and every network request the page made.
"""
from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

#: Windows virtual key codes of the keys the page reads
KEYS = {"ArrowRight": 39, "ArrowLeft": 37, "Home": 36, "End": 35, "PageUp": 33, "PageDown": 34}


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


class BrowserError(RuntimeError):
    pass


class Browser:
    def __init__(self, timeout: float = 60.0) -> None:
        exe = find_chromium()
        if exe is None:
            raise BrowserError("no chromium on PATH")
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="tarockrec-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def child() -> None:               # the pipe ends become descriptors 3 and 4
            a, b = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             f"--user-data-dir={self.profile}", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--disable-background-networking", "--mute-audio",
             "--disable-dev-shm-usage", "--window-size=1280,900", "about:blank"],
            preexec_fn=child, close_fds=False, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buf = b""
        self._id = 0
        self.events: list[dict[str, Any]] = []
        try:
            self.send("Browser.getVersion")
        except BaseException:               # a browser that does not answer is not left running
            self.proc.kill()
            self.close()
            raise

    # -- the protocol -------------------------------------------------------------------------
    def _read(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("chromium did not answer in time")
            ready, _, _ = select.select([self._from_browser], [], [], left)
            if not ready:
                continue
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise BrowserError("chromium closed the pipe")
            self._buf += chunk
        raw, self._buf = self._buf.split(b"\0", 1)
        msg: dict[str, Any] = json.loads(raw)
        return msg

    def send(self, method: str, params: dict[str, Any] | None = None,
             session: str | None = None) -> dict[str, Any]:
        self._id += 1
        ident = self._id
        msg: dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
        if session is not None:
            msg["sessionId"] = session
        data = json.dumps(msg).encode() + b"\0"
        while data:
            data = data[os.write(self._to_browser, data):]
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read(deadline)
            if reply.get("id") == ident:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply.get("result", {})
                return result
            if "method" in reply:
                self.events.append(reply)

    def wait_for(self, method: str, session: str, timeout: float | None = None) -> None:
        deadline = time.monotonic() + (timeout or self.timeout)
        seen = len(self.events)
        while True:
            for ev in self.events[seen:]:
                if ev.get("method") == method and ev.get("sessionId") == session:
                    return
            seen = len(self.events)
            msg = self._read(deadline)
            if "method" in msg:
                self.events.append(msg)

    # -- tabs -----------------------------------------------------------------------------------
    def open(self, path: str | Path) -> "Tab":
        url = Path(path).resolve().as_uri()
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target,
                                                      "flatten": True})["sessionId"]
        for domain in ("Runtime", "Page", "Log", "Network"):
            self.send(f"{domain}.enable", session=session)
        start = len(self.events)
        self.send("Page.navigate", {"url": url}, session)
        self.wait_for("Page.loadEventFired", session)
        return Tab(self, target, session, url, start)

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except (BrowserError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._to_browser, self._from_browser):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)


class Tab:
    def __init__(self, browser: Browser, target: str, session: str, url: str,
                 start: int) -> None:
        self.browser, self.target, self.session, self.url = browser, target, session, url
        self.start = start

    def evaluate(self, expression: str) -> Any:
        reply = self.browser.send("Runtime.evaluate", {"expression": expression,
                                                       "returnByValue": True}, self.session)
        if "exceptionDetails" in reply:
            raise BrowserError(f"{expression}: {reply['exceptionDetails']}")
        return reply["result"].get("value")

    def wait(self, expression: str) -> Any:
        """The value of a promise ``expression`` evaluates to, once it settles (what a page
        does after it loaded a file, say)."""
        reply = self.browser.send("Runtime.evaluate", {"expression": expression,
                                                       "returnByValue": True,
                                                       "awaitPromise": True}, self.session)
        if "exceptionDetails" in reply:
            raise BrowserError(f"{expression}: {reply['exceptionDetails']}")
        return reply["result"].get("value")

    def press(self, key: str) -> None:
        """The key goes down and up as from a keyboard (to the focused page)."""
        code = KEYS[key]
        for kind in ("rawKeyDown", "keyUp"):
            self.browser.send("Input.dispatchKeyEvent", {
                "type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code,
                "nativeVirtualKeyCode": code}, self.session)

    def _events(self) -> list[dict[str, Any]]:
        return [e for e in self.browser.events[self.start:] if e.get("sessionId") == self.session]

    def problems(self) -> list[str]:
        """Script errors, console and log errors, and dialogs, as texts."""
        out = []
        for e in self._events():
            method, p = e["method"], e.get("params", {})
            if method == "Runtime.exceptionThrown":
                d = p.get("exceptionDetails", {})
                out.append(f"script error: {d.get('exception', {}).get('description') or d}")
            elif method == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append(f"console.{p['type']}: {p.get('args')}")
            elif method == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                out.append(f"log error: {p['entry'].get('text')}")
            elif method == "Page.javascriptDialogOpening":
                out.append(f"dialog: {p.get('message')}")
        return out

    def requests(self) -> list[str]:
        """The URL of every request the page made (the page itself included)."""
        return [e["params"]["request"]["url"] for e in self._events()
                if e["method"] == "Network.requestWillBeSent"]

    def close(self) -> None:
        self.browser.send("Target.closeTarget", {"targetId": self.target})


def screenshot(tab: Tab, path: str | Path) -> None:
    """The whole page as a PNG."""
    import base64
    shot = tab.browser.send("Page.captureScreenshot", {"format": "png",
                                                       "captureBeyondViewport": True},
                            tab.session)
    Path(path).write_bytes(base64.b64decode(shot["data"]))
