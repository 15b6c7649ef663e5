"""Rust: one rustc call per program (opt-level 0 compiles fastest; overflow checks stay on, so an
overflow panics instead of silently wrapping), linked by /usr/bin/cc, run alone in its sandbox.

A chat-style answer that brings its own `fn main()` keeps it under another name: the harness's
main is the last one in the file.
"""
from __future__ import annotations

import re

from ..base import Job, Runner
from ..sandbox import Limits, ProcResult

MAIN = re.compile(r"^fn[ \t]+main[ \t]*\(\s*\)", re.MULTILINE)


class RustRunner(Runner):
    language = "rust"
    filename = "main.rs"
    tools = {"rustc": "rustc"}
    compile_cmd = ["{rustc}", "--edition", "2021", "-C", "opt-level=0", "-A", "warnings", "-o", "main", "main.rs"]
    end_style = "braces"
    # text that only follows the function once it has closed (top-level items)
    stop_tokens = ["\nfn ", "\n///", "\n// ", "\n#[", "\nstruct ", "\nimpl ", "\nuse ", "\nmod ",
                   "\nenum ", "\ntrait ", "\nconst ", "\nstatic "]
    memory_mb = 1024
    compile_memory_mb = 2048

    def write(self, job: Job) -> None:
        source = job.source
        mains = list(MAIN.finditer(source))
        for m in reversed(mains[:-1]):
            source = source[:m.start()] + "fn mbxp_solution_main()" + source[m.end():]
        (job.workdir / self.filename).write_text(source, encoding="utf-8")

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        return self.sandboxed(["./main"], job.workdir, Limits(timeout=timeout, memory_mb=self.memory_mb), sandbox)



RUNNER = RustRunner()
