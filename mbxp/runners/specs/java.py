"""Java 17: many programs per javac call, each in its own package; one short-lived JVM per run.

`JvmBatchRunner` is shared with Kotlin: each program of a batch is written as
<batch>/mbxpN/<source_name> with `package mbxpN` prepended, all are compiled by one compiler call
into <batch>/out, and each package's classes are copied into its job's workdir. When the batch
fails, the programs the compiler's errors name get those errors as their own result, and the
rest are compiled again as a smaller batch (one by one if the errors name no file).
"""
from __future__ import annotations

import dataclasses
import re
import shutil
import tempfile
from pathlib import Path

from ...conversion.emitters.base import PASS_MARKER
from ..base import Job, Runner
from ..sandbox import Limits, ProcResult

JVM_FLAGS = ["-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-XX:-UsePerfData"]


class JvmBatchRunner(Runner):
    source_name = "Main.java"
    main_class = "Main"
    batch_size = 20
    memory_mb = 2048
    run_flags = ["-Xss64m", "-Xmx1g"]

    def package_decl(self, pkg: str) -> str:
        raise NotImplementedError

    def compile_argv(self, files: list[str]) -> list[str]:
        raise NotImplementedError

    def classpath(self) -> str:
        return "."

    def compile_batch(self, jobs: list[Job], sandbox: str) -> None:
        self._compile_group(jobs, sandbox, depth=0)

    def _compile_group(self, jobs: list[Job], sandbox: str, depth: int) -> None:
        bdir = Path(tempfile.mkdtemp(prefix="batch-", dir=jobs[0].workdir.parent))
        try:
            files = []
            for i, job in enumerate(jobs):
                pkg = job.extra["jvm_package"] = f"mbxp{i}"
                (bdir / pkg).mkdir()
                (bdir / pkg / self.source_name).write_text(self.package_decl(pkg) + job.source, encoding="utf-8")
                files.append(f"{pkg}/{self.source_name}")
            limits = Limits(timeout=self.compile_timeout, memory_mb=self.compile_memory_mb)
            res = self.sandboxed(self.compile_argv(files), bdir, limits, sandbox)
            for job in jobs:
                job.compile_seconds += res.duration / len(jobs)
                job.compiled = True
            if not self.compile_failed(res):
                for job in jobs:
                    pkg = job.extra["jvm_package"]
                    shutil.copytree(bdir / "out" / pkg, job.workdir / pkg)
                    job.compile_result = res
                return
            if len(jobs) == 1:
                jobs[0].compile_result = res
                return
            blocks = errors_by_file(res.stderr)
            bad = {i for i in blocks if i < len(jobs)}
            if res.timed_out or not bad or depth > 3:
                for job in jobs:
                    self._compile_group([job], sandbox, depth + 1)
                return
            for i in bad:
                jobs[i].compile_result = dataclasses.replace(res, stderr=blocks[i], exit_code=res.exit_code or 1)
            rest = [job for i, job in enumerate(jobs) if i not in bad]
            if rest:
                self._compile_group(rest, sandbox, depth + 1)
        finally:
            shutil.rmtree(bdir, ignore_errors=True)

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        argv = [self.tool("java"), *JVM_FLAGS, *self.run_flags, "-cp", self.classpath(),
                f"{job.extra['jvm_package']}.{self.main_class}"]
        return self.sandboxed(argv, job.workdir, Limits(timeout=timeout, memory_mb=self.memory_mb), sandbox)

    def classify(self, result: ProcResult, require_marker: bool = True) -> str:
        verdict = super().classify(result, require_marker)
        # An early System.exit(0)/exitProcess(0) skips the checks: that is not a pass. (A huge
        # stdout may have been cut before the marker, so then the exit code is trusted.)
        if verdict == "passed" and require_marker and PASS_MARKER not in result.stdout:
            return "runtime_error"
        return verdict


def errors_by_file(stderr: str) -> dict[int, str]:
    """Compiler messages grouped by the batch file (mbxpN/...) they are about."""
    blocks: dict[int, list[str]] = {}
    current = None
    for line in stderr.splitlines():
        m = re.match(r"^(?:\./)?mbxp(\d+)/", line)
        if m:
            current = int(m.group(1))
        elif re.match(r"^\d+ (errors?|warnings?)$", line):
            current = None
        if current is not None:
            blocks.setdefault(current, []).append(line)
    return {i: "\n".join(lines) + "\n" for i, lines in blocks.items()
            if any(re.search(r"\berror\b", ln) for ln in lines)}


class JavaRunner(JvmBatchRunner):
    language = "java"
    filename = "Main.java"
    tools = {"javac": "javac", "java": "java"}
    end_style = "braces"
    # Each marks text after the function has closed (a generator may drop the stop text itself).
    stop_tokens = ["\n    public static", "\n    static ", "\n    private static", "\n}\n", "\nclass ", "\npublic class"]

    per_sample_compile = ["{javac}", "-encoding", "UTF-8", "Main.java"]
    per_sample_run = ["{java}", "-Xss64m", "-Xmx1g", "Main"]

    def package_decl(self, pkg: str) -> str:
        return f"package {pkg};\n"

    def compile_argv(self, files: list[str]) -> list[str]:
        return [self.tool("javac"), *(f"-J{f}" for f in JVM_FLAGS), "-J-Xmx1g", "-encoding", "UTF-8",
                "-nowarn", "-Xlint:none", "-proc:none", "-implicit:none", "-g:none", "-d", "out", *files]


RUNNER = JavaRunner()
