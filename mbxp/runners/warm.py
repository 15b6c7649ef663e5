"""Warm helper processes (compile servers) for runners whose compiler costs most at start-up.

A pool keeps one sandboxed process per concurrent user: started on first use, reused while it
lives, replaced when it dies or misses a deadline (it is then killed, with everything it started),
and stopped when the engine's run ends (`close`) or when we exit (bwrap --die-with-parent, and an
atexit hook). A server never runs model-written code: it only compiles it.
"""
from __future__ import annotations

import atexit
import threading
import weakref
from pathlib import Path
from typing import Callable

from .sandbox import Spawned

_pools: "weakref.WeakSet[WarmPool]" = weakref.WeakSet()


class WarmPool:
    def __init__(self, start: Callable[[Path], Spawned]):
        """start(root) spawns a server that can read and write below `root`."""
        self.start = start
        self.lock = threading.Lock()
        self.idle: list[tuple[Path, Spawned]] = []
        _pools.add(self)

    def ask(self, root: Path, line: str, timeout: float) -> str | None:
        """One request to a server for `root`; None if it failed to answer in time (or died)."""
        server = self._take(root)
        answer = server.ask(line, timeout)
        if answer is not None and server.alive():
            with self.lock:
                self.idle.append((root, server))
        else:
            server.kill()
        return answer

    def _take(self, root: Path) -> Spawned:
        stale = []
        with self.lock:
            found = None
            for item in list(self.idle):
                r, server = item
                if r != root or not server.alive():
                    if not server.alive() or not r.exists():
                        self.idle.remove(item)
                        stale.append(server)
                    continue
                self.idle.remove(item)
                found = server
                break
        for server in stale:
            server.kill()
        return found or self.start(root)

    def close(self) -> None:
        with self.lock:
            servers, self.idle = [s for _, s in self.idle], []
        for server in servers:
            server.kill()


@atexit.register
def _close_all() -> None:
    for pool in list(_pools):
        pool.close()
