"""OCaml 4.13: one native compile per program (`ocamlopt`, warnings off), run alone in its sandbox.

Native code over the `ocaml` toplevel: the toplevel types and runs phrase by phrase, so a type
error and an uncaught exception both exit 2 and can only be told apart by their messages, while
ocamlopt rejects an ill-typed program before anything runs. An uncaught exception exits 2
(runtime_error); the harness exits 3 after printing the failure marker.

Programs link Zarith (`-I +zarith zarith.cmxa`; Debian package libzarith-ocaml-dev) when it is
installed: bigint results are Z.t. ocamlopt links only the library modules a program uses, so the
others pay nothing.

Truncation: the function ends at the first non-blank line at column 0 (a top-level item), except
that a line starting with `|` (a match arm written flush left) continues the body.
"""
from __future__ import annotations

import os

from ..base import Job, Runner
from ..sandbox import Limits, ProcResult


class OCamlRunner(Runner):
    language = "ocaml"
    filename = "main.ml"
    tools = {"ocamlopt": "ocamlopt"}
    compile_cmd = ["{ocamlopt}", "-w", "-a", "-o", "main", "main.ml"]
    if os.path.exists("/usr/lib/ocaml/zarith/zarith.cmxa"):
        compile_cmd[1:1] = ["-I", "+zarith", "zarith.cmxa"]
    end_style = "toplevel"
    line_comment = ""
    # text that only follows the function once it has ended (top-level items)
    stop_tokens = ["\nlet ", "\n(*", "\ntype ", "\nmodule ", "\nopen ", "\nexception ", "\n;;", "\n```"]
    memory_mb = 1024
    compile_memory_mb = 2048

    def truncate(self, completion: str, prompt: str = "") -> str:
        lines = completion.splitlines(keepends=True)
        for i, line in enumerate(lines):
            if i > 0 and line.strip() and not line[0].isspace() and not line.startswith("|"):
                return "".join(lines[:i])
        return completion

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        return self.sandboxed(["./main"], job.workdir, Limits(timeout=timeout, memory_mb=self.memory_mb), sandbox)


RUNNER = OCamlRunner()
