"""OCaml 4.13: native programs (`ocamlopt`, warnings off), each run alone in its sandbox.

Native code over the `ocaml` toplevel: the toplevel types and runs phrase by phrase, so a type
error and an uncaught exception both exit 2 and can only be told apart by their messages, while
ocamlopt rejects an ill-typed program before anything runs. An uncaught exception exits 2
(runtime_error); the harness exits 3 after printing the failure marker.

Programs link Zarith (`-I +zarith zarith.cmxa`; Debian package libzarith-ocaml-dev) when it is
installed: bigint results are Z.t. ocamlopt links only the library modules a program uses, so the
others pay nothing.

Batches: a program alone costs ~25 ms to compile and ~70 ms to link. So a batch links once: each
program becomes the body of a generative functor, `module Run () = struct <program> end` in its
own unit Mbxp_pNN (a `# 1 "main.ml"` line directive keeps its locations), and nothing in it runs
until the launcher applies the functor of the program named by MBXP_PROGRAM. A program that
closes that struct early would run code at the start of every program of its batch, so each unit
is first parsed by the compiler's own parser (ocaml_check.ml) and must be that one functor. Sys.argv is the
same as alone (each workdir holds its copy of the binary, named main). ocamlopt stops at the first
file it can't compile: that program compiles alone (its error is then exactly as alone), and the
files after it are compiled again. A failed link makes every program compile alone.

Truncation: the function ends at the first non-blank line at column 0 (a top-level item), except
that a line starting with `|` (a match arm written flush left) continues the body.
"""
from __future__ import annotations

import dataclasses
import functools
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..base import Job, Runner
from ..built import cached
from ..sandbox import Limits, ProcResult

ZARITH = ["-I", "+zarith", "zarith.cmxa"] if os.path.exists("/usr/lib/ocaml/zarith/zarith.cmxa") else []
LAUNCHER = "mbxp_launch"
CHECKER = Path(__file__).with_name("ocaml_check.ml")
# what could tell a merged program from one alone: the merge's own module names, the module's
# name, and line directives (the merge's sets the file name once)
FORBIDDEN = re.compile(r"Mbxp_|__MODULE__|__FUNCTION__|^\s*#", re.MULTILINE)


class OCamlRunner(Runner):
    language = "ocaml"
    filename = "main.ml"
    tools = {"ocamlopt": "ocamlopt"}
    compile_cmd = ["{ocamlopt}", "-w", "-a", *ZARITH, "-o", "main", "main.ml"]
    per_sample_compile = compile_cmd
    per_sample_run = ["./main"]
    end_style = "toplevel"
    line_comment = ""
    # text that only follows the function once it has ended (top-level items)
    stop_tokens = ["\nlet ", "\n(*", "\ntype ", "\nmodule ", "\nopen ", "\nexception ", "\n;;", "\n```"]
    memory_mb = 1024
    compile_memory_mb = 2048
    batch_size = 20

    def checker(self) -> str | None:
        return build_checker(self.tool("ocamlopt"))

    def binds(self) -> list[str]:
        checker = self.checker()
        return super().binds() + ([os.path.dirname(checker)] if checker else [])

    def truncate(self, completion: str, prompt: str = "") -> str:
        lines = completion.splitlines(keepends=True)
        for i, line in enumerate(lines):
            if i > 0 and line.strip() and not line[0].isspace() and not line.startswith("|"):
                return "".join(lines[:i])
        return completion

    def compile_batch(self, jobs: list[Job], sandbox: str) -> None:
        merged = [job for job in jobs if not FORBIDDEN.search(job.source)]
        if len(merged) > 1 and self.checker():
            self._merge(merged, sandbox)
        for job in jobs:
            if not job.compiled:
                job.extra.pop("ocaml_program", None)
                shared = job.compile_seconds  # its share of the merge's calls
                super().compile_batch([job], sandbox)
                job.compile_seconds += shared

    def _merge(self, jobs: list[Job], sandbox: str) -> None:
        """Compile `jobs` into one binary; the ones it leaves uncompiled compile alone."""
        bdir = Path(tempfile.mkdtemp(prefix="mlbatch-", dir=jobs[0].workdir.parent))
        limits = Limits(timeout=self.compile_timeout, memory_mb=self.compile_memory_mb)
        try:
            names = [f"mbxp_p{k:02d}" for k in range(len(jobs))]
            for job, name in zip(jobs, names):
                (bdir / f"{name}.ml").write_text(f'module Run () = struct\n# 1 "main.ml"\n{job.source}\nend\n',
                                                 encoding="utf-8")
            res = self.sandboxed([self.checker(), *(f"{n}.ml" for n in names)], bdir, limits, sandbox)
            for job in jobs:
                job.compile_seconds += res.duration / len(jobs)
            built, todo = [], [k for k, n in enumerate(names) if f"ok {n}.ml" in res.stdout.splitlines()]
            while todo:
                res = self.sandboxed([self.tool("ocamlopt"), "-w", "-a", *ZARITH[:2], "-c",
                                      *(f"{names[k]}.ml" for k in todo)], bdir, limits, sandbox)
                for k in todo:
                    jobs[k].compile_seconds += res.duration / len(todo)
                done = [k for k in todo if (bdir / f"{names[k]}.cmx").exists()]
                built += done
                if res.timed_out or not self.compile_failed(res):
                    break
                rest = todo[len(done) + 1:]  # ocamlopt stopped at todo[len(done)]: it compiles alone
                if done != todo[:len(done)]:
                    break  # not the order we know: the others compile alone
                todo = rest
            if len(built) < 2:
                return
            cases = "".join(f'  | Some "{k}" -> let module M = {names[k].capitalize()}.Run () in ()\n' for k in built)
            (bdir / f"{LAUNCHER}.ml").write_text(
                f'let () = match Sys.getenv_opt "MBXP_PROGRAM" with\n{cases}'
                f'  | _ -> prerr_endline "mbxp: no such program"; exit 125\n', encoding="utf-8")
            res = self.sandboxed([self.tool("ocamlopt"), "-w", "-a", *ZARITH, *(f"{names[k]}.cmx" for k in built),
                                  f"{LAUNCHER}.ml", "-o", "main"], bdir, limits, sandbox)
            for k in built:
                jobs[k].compile_seconds += res.duration / len(built)
            if self.compile_failed(res) or not (bdir / "main").exists():
                return
            for k in built:
                job = jobs[k]
                self.write(job)  # main.ml beside the binary, as alone
                shutil.copy(bdir / "main", job.workdir / "main")  # a copy: samples must not share a file
                job.extra["ocaml_program"] = str(k)
                job.compile_result = dataclasses.replace(res, stderr="")
                job.compiled = True
        finally:
            shutil.rmtree(bdir, ignore_errors=True)

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        env = {"MBXP_PROGRAM": job.extra["ocaml_program"]} if "ocaml_program" in job.extra else {}
        return self.sandboxed(["./main"], job.workdir, Limits(timeout=timeout, memory_mb=self.memory_mb), sandbox,
                              env=env)


@functools.lru_cache(maxsize=None)
def build_checker(ocamlopt: str | None) -> str | None:
    """ocaml_check, built once per compiler into a cache directory the sandbox can read; None if
    it can't be (then every program compiles alone)."""
    if not ocamlopt:
        return None

    def make(target: Path, part: Path) -> None:
        with tempfile.TemporaryDirectory(dir=target) as tmp:
            shutil.copy(CHECKER, tmp)
            subprocess.run([ocamlopt, "-w", "-a", "-I", "+compiler-libs", "ocamlcommon.cmxa", CHECKER.name,
                            "-o", str(part)], cwd=tmp, check=True, capture_output=True, timeout=300)

    try:
        version = subprocess.run([ocamlopt, "-version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    built = cached("ocaml", "check", [os.path.realpath(ocamlopt), version, CHECKER.read_text()], "ocaml_check", make)
    return str(built) if built else None


RUNNER = OCamlRunner()
