"""The per-language runner interface, and the verdict rules shared by every language.

A runner spec (one module per language in `mbxp/runners/specs/`) says how a program is laid out
on disk, compiled (alone or many at once) and run. Everything runs through `sandbox.run`.
"""
from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from ..conversion.emitters.base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER
from .harness import Rules
from .sandbox import Limits, ProcResult, run

VERDICTS = ["passed", "failed", "compile_error", "runtime_error", "timeout", "memory_limit",
            "toolchain_missing"]

OOM_PATTERNS = re.compile(r"OutOfMemoryError|heap out of memory|MemoryError|std::bad_alloc|"
                          r"out of memory|Cannot allocate memory|fatal error: runtime: out of memory|"
                          r"memory allocation of \d+ bytes failed")


@dataclass
class Job:
    """One program to judge. `workdir` is private to it and removed afterwards."""
    key: str
    language: str
    source: str
    workdir: Path | None = None
    compiled: bool = False           # set by a batch compile that already built this job
    compile_result: ProcResult | None = None
    compile_seconds: float = 0.0     # this job's fair share of a batch compile
    extra: dict = field(default_factory=dict)


@dataclass
class Outcome:
    verdict: str
    exit_code: int | None = None
    compile_seconds: float = 0.0
    run_seconds: float = 0.0
    stderr: str = ""
    stdout: str = ""
    sandbox: str = "bwrap"

    @property
    def passed(self) -> bool:
        return self.verdict == "passed"


class Runner:
    """Defaults fit an interpreted language: write `filename`, run `run_cmd`. Override to compile."""

    language: str = ""
    filename: str = "main"              # file the program is written to, in its workdir
    compile_cmd: list[str] | None = None  # {tool} fields come from the toolchain manifest
    run_cmd: list[str] = []
    tools: dict[str, str] = {}          # manifest command key -> default executable name
    end_style: str = "braces"           # braces | dedent | end | parens | toplevel | none
    line_comment: str = "//"
    stop_tokens: list[str] = []
    compile_error_patterns: list[str] = []  # interpreted languages: stderr that means a syntax error
    # foreign test programs (code_eval-style references) fail through the language's own assert
    assertion_patterns: list[str] = []
    batch_size: int = 1                 # how many programs compile_batch takes at once
    concurrency: int = 0                # 0: as many as --workers; compilers that use 2 cores: 1
    # Runs are oversubscribed because a sandboxed start waits on the kernel (engine.py); a runtime
    # whose start-up keeps a core busy throughout (a VM loading its libraries) only adds contention,
    # so each of its runs takes a worker's whole share of the run slots.
    cpu_bound_runs: bool = False
    memory_mb: int = 2048
    compile_memory_mb: int = 4096
    compile_timeout: float = 120.0
    harness_rules: Rules | None = None  # where the test's helpers are, to compile them once (harness.py)
    # Environment of the engine's runs: tuning that changes no verdict. OpenBLAS (R always, Python
    # with NumPy) starts a thread per core that spins even when no matrix is ever multiplied: ~100
    # of an R start's ~390 ms of CPU in the sandbox on an idle machine, less on busy cores; the
    # engine keeps every core busy with other programs anyway.
    run_env: dict[str, str] = {}

    # ---- toolchain -----------------------------------------------------------------------------
    def toolchain(self) -> dict:
        try:
            from ..toolchains import toolchain
        except ImportError:  # toolchains module not written yet
            return {}
        return toolchain(self.language) or {}

    def tool(self, key: str) -> str | None:
        found = (self.toolchain().get("commands") or {}).get(key)
        return found or shutil.which(self.tools.get(key, key))

    def available(self) -> bool:
        return all(self.tool(k) for k in self.tools)

    def binds(self) -> list[str]:
        return list(self.toolchain().get("binds") or [])

    def env(self) -> dict[str, str]:
        return dict(self.toolchain().get("env") or {})

    def rootfs(self) -> str | None:
        return self.toolchain().get("rootfs")

    def version(self) -> str:
        return str(self.toolchain().get("version") or "")

    def fill(self, argv: list[str], **extra: str) -> list[str]:
        values = {k: self.tool(k) or k for k in self.tools} | extra
        return [a.format(**values) for a in argv]

    # ---- the two phases --------------------------------------------------------------------------
    def write(self, job: Job) -> None:
        (job.workdir / self.filename).write_text(job.source, encoding="utf-8")

    def sandboxed(self, argv: list[str], workdir: Path, limits: Limits, sandbox: str,
                  rw_binds: tuple[str, ...] = (), env: dict[str, str] | None = None) -> ProcResult:
        return run(argv, workdir, limits, binds=self.binds(), rw_binds=rw_binds, rootfs=self.rootfs(),
                   env={**self.env(), **(env or {})}, sandbox=sandbox)

    def compile_batch(self, jobs: list[Job], sandbox: str) -> None:
        """Compile jobs; set job.compile_result and job.compile_seconds. Default: one by one.
        Batch versions must isolate a failing program so it does not fail its batch-mates."""
        for job in jobs:
            self.write(job)
            if self.compile_cmd:
                limits = Limits(timeout=self.compile_timeout, memory_mb=self.compile_memory_mb)
                job.compile_result = self.sandboxed(self.fill(self.compile_cmd), job.workdir, limits, sandbox)
                job.compile_seconds = job.compile_result.duration
            job.compiled = True

    # The per-sample mode: what earlier harnesses (MultiPL-E, mxeval) do, a fresh compiler and a
    # fresh run per program with the toolchain's plain commands. The throughput benchmark's
    # baseline; runners with batches or warm compilers set these to the plain commands.
    per_sample_compile: list[str] | None = None
    per_sample_run: list[str] | None = None

    def compile_per_sample(self, jobs: list[Job], sandbox: str) -> None:
        if self.per_sample_compile is None:
            for job in jobs:
                self.compile_batch([job], sandbox)
            return
        limits = Limits(timeout=self.compile_timeout, memory_mb=self.compile_memory_mb)
        for job in jobs:
            self.write(job)
            job.compile_result = self.sandboxed(self.fill(self.per_sample_compile), job.workdir, limits, sandbox)
            job.compile_seconds = job.compile_result.duration
            job.compiled = True

    def run_per_sample(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        if self.per_sample_run is None:
            return self.run_job(job, timeout, sandbox)
        limits = Limits(timeout=timeout, memory_mb=self.memory_mb)
        return self.sandboxed(self.fill(self.per_sample_run), job.workdir, limits, sandbox)

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        limits = Limits(timeout=timeout, memory_mb=self.memory_mb)
        return self.sandboxed(self.fill(self.run_cmd), job.workdir, limits, sandbox, env=self.run_env)

    # ---- verdicts --------------------------------------------------------------------------------
    def close(self) -> None:
        """Stop whatever the runner keeps running between batches (warm compilers)."""

    def compile_failed(self, result: ProcResult | None) -> bool:
        return result is not None and (result.exit_code != 0 or result.timed_out)

    def classify(self, result: ProcResult, require_marker: bool = True) -> str:
        """The verdict of a finished run; shared rules, with a hook for syntax errors.

        mbxp's test programs print PASS_MARKER last, so a solution's exit(0) before the tests ran
        is no pass; foreign test programs (code_eval-style references) don't print it."""
        if result.timed_out:
            return "timeout"
        if result.exit_code == FAIL_EXIT and FAIL_MARKER in result.stderr:
            return "failed"
        if result.exit_code == 0 and (PASS_MARKER in result.stdout or not require_marker):
            return "passed"
        if result.oom or OOM_PATTERNS.search(result.stderr[-4000:]):
            return "memory_limit"
        if any(re.search(p, result.stderr) for p in self.compile_error_patterns):
            return "compile_error"
        if any(re.search(p, result.stderr[-2000:]) for p in self.assertion_patterns):
            return "failed"
        return "runtime_error"
