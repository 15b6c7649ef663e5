"""C# on Mono 6.8: many programs per mcs call, into one exe; one mono process per run.

Each program of a batch becomes p<N>.cs wrapped in `namespace MbxpN { ... }` (using directives are
allowed at the top of a namespace body), and a generated launcher calls MbxpN.MbxpTest.Main for the
name given on the command line, so `mono batch.exe MbxpN` runs exactly one program. A lone program
goes the same way, so batched and single runs behave alike. When the batch fails, the programs
the errors name get those errors as their own result and the rest are compiled again; errors that
name no program file (e.g. in the launcher) make every program compile alone.
"""
from __future__ import annotations

import dataclasses
import re
import shutil
import tempfile
from pathlib import Path

from ..base import Job, Runner
from ..sandbox import Limits, ProcResult

LAUNCHER = "MbxpLauncher"
ERROR_LINE = re.compile(r"^p(\d+)\.cs\(\d+,\d+\): error ", re.MULTILINE)


class CSharpRunner(Runner):
    language = "csharp"
    filename = "main.cs"
    tools = {"mcs": "mcs", "mono": "mono"}
    end_style = "braces"
    # Each marks text after the method has closed (a generator may drop the stop text itself).
    stop_tokens = ["\n    public ", "\n    static ", "\n    private ", "\n    ///", "\n}", "\nclass ",
                   "\nnamespace ", "\nusing "]
    batch_size = 20
    memory_mb = 2048
    compile_timeout = 120.0
    per_sample_compile = ["{mcs}", "-r:System.Numerics", "-codepage:utf8", "-main:MbxpTest", "-out:main.exe", "main.cs"]
    per_sample_run = ["{mono}", "main.exe"]

    def compile_argv(self, files: list[str]) -> list[str]:
        return [self.tool("mcs"), "-r:System.Numerics", "-codepage:utf8", "-nowarn:0162,0168,0219,0414,0649",
                "-debug-", "-optimize+", f"-main:{LAUNCHER}", "-out:batch.exe", *files]

    def compile_batch(self, jobs: list[Job], sandbox: str) -> None:
        self._compile_group(jobs, sandbox, depth=0)

    def _compile_group(self, jobs: list[Job], sandbox: str, depth: int) -> None:
        bdir = Path(tempfile.mkdtemp(prefix="batch-", dir=jobs[0].workdir.parent))
        try:
            files, cases = [], []
            for i, job in enumerate(jobs):
                job.extra["cs_namespace"] = ns = f"Mbxp{i}"
                (bdir / f"p{i}.cs").write_text(f"namespace {ns} {{\n{job.source}\n}}\n", encoding="utf-8")
                files.append(f"p{i}.cs")
                cases.append(f'            case "{ns}": {ns}.MbxpTest.Main(new string[0]); break;\n')
            (bdir / "launcher.cs").write_text(
                f"static class {LAUNCHER} {{\n    static void Main(string[] args) {{\n"
                f"        switch (args[0]) {{\n{''.join(cases)}        }}\n    }}\n}}\n", encoding="utf-8")
            limits = Limits(timeout=self.compile_timeout, memory_mb=self.compile_memory_mb)
            res = self.sandboxed(self.compile_argv(["launcher.cs", *files]), bdir, limits, sandbox)
            res = dataclasses.replace(res, stderr=(res.stderr + res.stdout).strip() + "\n")
            for job in jobs:
                job.compile_seconds += res.duration / len(jobs)
                job.compiled = True
            if not self.compile_failed(res):
                for job in jobs:
                    shutil.copy(bdir / "batch.exe", job.workdir / "batch.exe")
                    job.compile_result = res
                return
            if len(jobs) == 1:
                jobs[0].compile_result = res
                return
            bad = {int(m.group(1)) for m in ERROR_LINE.finditer(res.stderr)}
            bad = {i for i in bad if i < len(jobs)}
            if res.timed_out or not bad or depth > 3:
                for job in jobs:
                    self._compile_group([job], sandbox, depth + 1)
                return
            for i in bad:
                own = "\n".join(ln for ln in res.stderr.splitlines() if ln.startswith(f"p{i}.cs("))
                jobs[i].compile_result = dataclasses.replace(res, stderr=own + "\n", exit_code=res.exit_code or 1)
            rest = [job for i, job in enumerate(jobs) if i not in bad]
            if rest:
                self._compile_group(rest, sandbox, depth + 1)
        finally:
            shutil.rmtree(bdir, ignore_errors=True)

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        argv = [self.tool("mono"), "batch.exe", job.extra["cs_namespace"]]
        return self.sandboxed(argv, job.workdir, Limits(timeout=timeout, memory_mb=self.memory_mb), sandbox)

    def classify(self, result: ProcResult, require_marker: bool = True) -> str:
        verdict = super().classify(result, require_marker)
        if verdict == "runtime_error" and "System.OutOfMemoryException" in result.stderr:
            return "memory_limit"
        return verdict


RUNNER = CSharpRunner()
