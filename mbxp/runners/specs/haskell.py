"""Haskell (GHC 9.0): one `ghc -O0` compile per program, run alone in its sandbox.

The sandbox also mounts /var/lib/ghc (read-only), where Debian keeps the global package database.

Verdicts: a parse or type error fails the compile (compile_error); `error`, a failed pattern match
or `head []` exit 1 (runtime_error); the harness exits 3 after printing the failure marker.

Truncation: the completion writes the function's equations at column 0, so it ends at the first
non-blank line at column 0 that neither starts with the function's name nor is a comment.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..base import Job, Runner
from ..sandbox import Limits, ProcResult

SIGNATURE = re.compile(r"^([a-z_][A-Za-z0-9_']*)\s*::", re.MULTILINE)


class HaskellRunner(Runner):
    language = "haskell"
    filename = "Main.hs"
    tools = {"ghc": "ghc"}
    compile_cmd = ["{ghc}", "-O0", "-v0", "-w", "-o", "main", "Main.hs"]
    end_style = "toplevel"
    line_comment = "--"
    # text that only follows the function once it has ended (other top-level items)
    stop_tokens = ["\nmain ", "\nimport ", "\nmodule ", "\ndata ", "\ntype ", "\nnewtype ", "\nclass ",
                   "\ninstance ", "\n{-", "\n```"]
    memory_mb = 1024
    compile_memory_mb = 2048

    def binds(self) -> list[str]:
        # /usr/lib/ghc/package.conf.d is a symlink into /var/lib/ghc, which the sandbox does not
        # mount by default (the toolchain manifest lists no binds for haskell)
        extra = [d for d in ("/var/lib/ghc",) if Path(d).is_dir()]
        return list(dict.fromkeys(super().binds() + extra))

    def truncate(self, completion: str, prompt: str = "") -> str:
        sigs = SIGNATURE.findall(prompt)
        name = sigs[-1] if sigs else None
        lines = completion.splitlines(keepends=True)
        for i, line in enumerate(lines):
            if not line.strip() or line[0].isspace() or line.startswith("--"):
                continue
            if name and re.match(rf"{re.escape(name)}(?![A-Za-z0-9_'])", line):
                continue
            return "".join(lines[:i])
        return completion

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        return self.sandboxed(["./main"], job.workdir, Limits(timeout=timeout, memory_mb=self.memory_mb), sandbox)


RUNNER = HaskellRunner()
