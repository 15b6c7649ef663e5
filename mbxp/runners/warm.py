"""Warm helper processes (compile servers) for runners whose compiler costs most at start-up.

A pool keeps one sandboxed process per concurrent user: started on first use, reused while it
lives, replaced when it dies or misses a deadline (it is then killed, with everything it started),
and stopped when the engine's run ends (`close`) or when we exit (bwrap --die-with-parent, and an
atexit hook). A server never runs model-written code: it only compiles it. A server also dies with
the *thread* that started it (bwrap's --die-with-parent is a per-thread parent-death signal): the
engine's workers live until `close`, so that never cuts a run short.
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
    def __init__(self, start: Callable[[Path], Spawned], limit: int | None = None):
        """start(root) spawns a server that can read and write below `root`. With a limit, at
        most that many servers are busy at once and other callers wait for one (a fast compiler
        keeps up with several workers, and each server costs a cold start)."""
        self.start = start
        self.lock = threading.Condition()
        self.idle: list[tuple[Path, Spawned]] = []
        self.limit = limit
        self.busy = 0
        _pools.add(self)

    def ask(self, root: Path, line: str, timeout: float, expect: str | None = None) -> str | None:
        """One request to a server for `root`; None if it failed to answer in time (or died).
        `expect`: the start of the answer (other lines are skipped, see Spawned.ask)."""
        server = self._take(root)
        try:
            answer = server.ask(line, timeout, expect)
        except BaseException:
            server.kill()
            self._release(None)
            raise
        if answer is not None and server.alive():
            self._release((root, server))
        else:
            server.kill()
            self._release(None)
        return answer

    def _release(self, item: tuple[Path, Spawned] | None) -> None:
        with self.lock:
            self.busy -= 1
            if item:
                self.idle.append(item)
            self.lock.notify()

    def _take(self, root: Path) -> Spawned:
        stale = []
        with self.lock:
            while self.limit and self.busy >= self.limit:
                self.lock.wait()
            self.busy += 1
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
        if found:
            return found
        try:
            return self.start(root)
        except BaseException:
            self._release(None)
            raise

    def close(self) -> None:
        with self.lock:
            servers, self.idle = [s for _, s in self.idle], []
        for server in servers:
            server.kill()


@atexit.register
def _close_all() -> None:
    for pool in list(_pools):
        pool.close()
