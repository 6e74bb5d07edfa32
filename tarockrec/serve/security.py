"""A venue's network is not a safe place (issue 41, item 6).

* The director's password is kept only as an scrypt hash (``hashlib.scrypt``, RFC 7914) with
  a random salt, made when the server starts; it is never written anywhere.
* Failed logins and unknown table codes are counted per client address: after
  ``LIMIT`` failures within ``WINDOW`` seconds the address is refused until the window passes.
* Every form carries the session's CSRF token (``csrf_token``), compared in constant time.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import deque

#: scrypt's cost (n = 2^14, r = 8, p = 1: 16 MiB and some 50 ms per try, OWASP's minimum)
_N, _R, _P = 1 << 14, 8, 1


class Password:
    """The director's password as a salted scrypt hash."""

    def __init__(self, password: str) -> None:
        self.salt = secrets.token_bytes(16)
        self.hash = self._derive(password)

    def _derive(self, password: str) -> bytes:
        return hashlib.scrypt(password.encode(), salt=self.salt, n=_N, r=_R, p=_P,
                              maxmem=64 << 20, dklen=32)

    def check(self, password: str) -> bool:
        return hmac.compare_digest(self._derive(password), self.hash)


#: failures an address may make within the window
LIMIT = 10
WINDOW = 60.0


class RateLimit:
    """Failures per client address within a sliding window (thread-safe)."""

    def __init__(self, limit: int = LIMIT, window: float = WINDOW) -> None:
        self.limit = limit
        self.window = window
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, who: str, at: float) -> deque[float]:
        q = self._failures.setdefault(who, deque())
        while q and q[0] <= at - self.window:
            q.popleft()
        return q

    def blocked(self, who: str) -> bool:
        with self._lock:
            return len(self._recent(who, time.monotonic())) >= self.limit

    def fail(self, who: str) -> None:
        with self._lock:
            at = time.monotonic()
            self._recent(who, at).append(at)
            if len(self._failures) > 10_000:     # bounded: forget the quietest addresses
                for key in [k for k, q in self._failures.items() if not q][:5_000]:
                    del self._failures[key]


def token() -> str:
    return secrets.token_urlsafe(24)


def same(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and hmac.compare_digest(a.encode(), b.encode())
