"""Runners whose warm compile server compiles each program inside its own workdir (Elixir, Racket).

A server (one sandboxed process per worker, see warm.py) takes one line per batch,
"ID\\tDIR\\tDIR...", and answers "ID done" once each DIR holds a file `status`:
    ok     the compiled program is in DIR, where its run looks for it
    alone  compiling it could run its own code (a macro, a compile-time hook): it runs exactly as
           in the per-sample mode, compiling itself
    error  it does not compile; DIR/log is the message the per-sample run would print
Servers only compile, and the program then runs alone in its own sandbox. If a server fails or
misses its deadline, its whole batch runs as in the per-sample mode: slower, same verdicts.
"""
from __future__ import annotations

import re
import time
import uuid
from pathlib import Path

from ..base import Job, Runner
from ..sandbox import Limits, ProcResult, Spawned, give_to_sandbox, spawn
from ..warm import WarmPool


class ServerCompiledRunner(Runner):
    batch_size = 20

    def __init__(self) -> None:
        self.servers = WarmPool(self._start_server)

    def server_argv(self) -> list[str]:
        raise NotImplementedError

    def _start_server(self, root: Path) -> Spawned:
        limits = Limits(timeout=24 * 3600, memory_mb=self.compile_memory_mb)
        return spawn(self.server_argv(), root, limits, binds=self.binds(), env=self.env())

    def close(self) -> None:
        self.servers.close()

    def compile_per_sample(self, jobs: list[Job], sandbox: str) -> None:
        for job in jobs:
            self.write(job)
            job.compiled = True

    def compile_batch(self, jobs: list[Job], sandbox: str) -> None:
        for job in jobs:
            self.write(job)
            job.compiled, job.extra["precompiled"] = True, False
        if sandbox == "none" or not jobs:
            return  # servers run only inside the sandbox: every program compiles itself
        for job in jobs:
            give_to_sandbox(job.workdir)
        request = uuid.uuid4().hex  # unique: its answer can't be taken for another request's
        start = time.monotonic()
        try:
            answer = self.servers.ask(jobs[0].workdir.parent, "\t".join([request, *(str(j.workdir) for j in jobs)]),
                                      self.compile_timeout, expect=f"{request} ")
        except RuntimeError:
            answer = None
        share = (time.monotonic() - start) / len(jobs)
        if answer != f"{request} done":
            return
        for job in jobs:
            status, log = read(job.workdir / "status"), read(job.workdir / "log")
            job.compile_seconds = share
            if status == "ok":
                job.extra["precompiled"] = True
            elif status == "error" and any(re.search(p, log) for p in self.compile_error_patterns):
                job.compile_result = ProcResult(1, "", log, share, False, False, False, "bwrap")
            # else: alone, or an error the per-sample run might report otherwise: it compiles itself


def read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
