"""TypeScript: type-check and emit with tsc 7 (native), run the emitted JS with Node 20.

Many programs are checked in one tsc call (each file is a module, so their top-level names don't
clash); diagnostics are mapped back to their files, so one program's error fails only itself.
Options are lenient like the original MBXP harness (no --strict: `const m = {}; m[k] = 1` is
fine), since a program that type-checks under tsc's defaults and computes the right answers is
a correct solution. There is no @types/node: a small declaration file gives `process`,
`console` and `require` the type `any`.
"""
from __future__ import annotations

import os
from pathlib import Path

from ..base import Job, Limits
from ..sandbox import ProcResult
from .javascript import JavaScriptRunner

ENV_DTS = "mbxp-env.d.ts"
ENV = ("declare var process: any;\ndeclare var console: any;\ndeclare var require: any;\n"
       "declare var module: any;\ndeclare var exports: any;\n")
TSC_OPTIONS = ["--pretty", "false", "--strict", "false", "--target", "es2022", "--lib", "es2023",
               "--module", "commonjs", "--moduleDetection", "force", "--types", "",
               "--skipLibCheck", "--noEmitOnError", "false"]


class TypeScriptRunner(JavaScriptRunner):
    language = "typescript"
    filename = "main.ts"
    tools = {"tsc": "tsc", "node": "node"}
    run_cmd = ["{node}", "main.js"]
    compile_error_patterns = []
    batch_size = 20

    @property
    def per_sample_compile(self) -> list[str]:  # tsc 5 (the JS compiler earlier harnesses call)
        options = [o for o in TSC_OPTIONS if o not in ("--types", "")]  # tsc 5 rejects an empty list
        return [self.tool("tsc5") or self.tool("tsc"), *options, ENV_DTS, self.filename]

    def write(self, job: Job) -> None:
        super().write(job)
        (job.workdir / ENV_DTS).write_text(ENV)

    def tsc(self, jobs: list[Job], sandbox: str) -> ProcResult:
        files = [ENV_DTS] + [os.path.relpath(j.workdir / self.filename, jobs[0].workdir) for j in jobs]
        limits = Limits(timeout=self.compile_timeout, memory_mb=self.compile_memory_mb,
                        output_bytes=8 << 20)
        return self.sandboxed([self.tool("tsc"), *TSC_OPTIONS, *files], jobs[0].workdir, limits, sandbox,
                              rw_binds=tuple(str(j.workdir) for j in jobs[1:]))

    def compile_batch(self, jobs: list[Job], sandbox: str) -> None:
        for job in jobs:
            self.write(job)
            job.compiled = True
        # `declare global` can change how other files type-check: such programs go alone.
        alone = [j for j in jobs if "declare global" in j.source]
        batch = [j for j in jobs if j not in alone]
        if len(batch) > 1:
            res = self.tsc(batch, sandbox)
            diags = self.split(res, batch)
            if diags is None:
                alone += batch
            else:
                for job in batch:
                    errs = diags[job.key]
                    job.compile_result = ProcResult(2 if errs else 0, res.stdout if errs else "", errs,
                                                    res.duration / len(batch), False, False, False, res.sandbox)
                    job.compile_seconds = res.duration / len(batch)
        else:
            alone += batch
        for job in alone:
            res = self.tsc([job], sandbox)
            job.compile_result = res
            job.compile_seconds = res.duration

    def split(self, res: ProcResult, jobs: list[Job]) -> dict[str, str] | None:
        """Diagnostics per job, or None when they can't be attributed (tsc crashed or timed out,
        output capped, an error outside the programs)."""
        if res.timed_out or res.truncated or res.exit_code not in (0, 1, 2):
            return None
        by_path = {str(j.workdir / self.filename): j.key for j in jobs}
        out = {j.key: "" for j in jobs}
        key = None
        for line in (res.stdout + res.stderr).splitlines(keepends=True):
            if line[:1] not in (" ", "\t", "\n", ""):
                path = os.path.normpath(os.path.join(jobs[0].workdir, line.split("(", 1)[0]))
                key = by_path.get(path)
                if key is None:
                    return None
            if key is None:
                return None
            out[key] += line
        if res.exit_code != 0 and not any(out.values()):
            return None
        if any(not out[j.key] and not (Path(j.workdir) / "main.js").exists() for j in jobs):
            return None
        return out


RUNNER = TypeScriptRunner()
