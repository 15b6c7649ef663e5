"""C++17 with g++ 12. Every program starts with `#include <bits/stdc++.h>`, which costs ~1 s of
CPU per compile; a precompiled header cuts that to ~0.2 s.

The PCH is built lazily, once, outside the sandbox (it is our own compile of a system header),
into <cache>/<hash of compiler and flags>/bits/stdc++.h.gch, under a file lock, and bound
read-only into the sandbox. `-I <that dir>` makes g++ find `bits/stdc++.h.gch` before the real
header; if the PCH is missing or stale g++ silently falls back to the header, so the PCH only
ever changes speed, never a verdict.

A program whose brackets do not pair up (`cpp_merge.unbalanced`; a truncated completion, say)
cannot compile, and is compiled with -Wfatal-errors: g++ stops at its first error instead of
going on to the end of the unit, where it instantiates the templates <bits/stdc++.h> queued
(~0.2 s of CPU, measured with -ftime-report, paid even by a program full of errors; ~0.02 s with
-Wfatal-errors). Its verdict is the same; its message is g++'s first error only.

Programs link GMP (`LIBS`; Debian package libgmp-dev) for the prompts that include <gmpxx.h>.
"""
from __future__ import annotations

import dataclasses
import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

from ..base import Job, Runner
from ..sandbox import Limits, ProcResult
from .cpp_merge import errors_by_program, merge, unbalanced, why_alone

FLAGS = ["-std=c++17", "-O1", "-w"]
# GMP for the bigint problems (mpz_class); --as-needed keeps it out of every other binary.
LIBS = ["-Wl,--as-needed", "-lgmpxx", "-lgmp"]
PREAMBLE = "#include <bits/stdc++.h>\n#if __has_include(<gmpxx.h>)\n#include <gmpxx.h>\n#endif\n"
CACHE_ROOTS = ["/opt/mbxp/cache/cpp", "~/.cache/mbxp/cpp"]


class CppRunner(Runner):
    language = "cpp"
    filename = "main.cpp"
    tools = {"g++": "g++"}
    run_cmd = ["./main"]
    end_style = "braces"
    stop_tokens = ["\n}"]
    # foreign (MultiPL-E style) tests use <cassert>
    assertion_patterns = [r"Assertion `.*' failed"]
    memory_mb = 1024
    per_sample_compile = ["{g++}", *FLAGS, "-o", "main", "main.cpp", *LIBS]  # no precompiled header

    _pch_lock = threading.Lock()
    _pch: str | None | bool = False  # False: not looked for yet; None: unavailable
    _names: set[str] | None | bool = False
    batch_size = 20

    def pch_dir(self) -> str | None:
        with self._pch_lock:
            if self._pch is False:
                self._pch = build_pch(self.tool("g++"))
            return self._pch  # type: ignore[return-value]

    def binds(self) -> list[str]:
        pch = self.pch_dir()
        return super().binds() + ([pch] if pch else [])

    def compile_argv(self, source: str, output: str, doomed: bool = False) -> list[str]:
        pch = self.pch_dir()
        return [self.tool("g++"), *FLAGS, *(["-Wfatal-errors"] if doomed else []),
                *(["-I", pch] if pch else []), "-o", output, source, *LIBS]

    def library_names(self) -> set[str] | None:
        with self._pch_lock:
            if self._names is False:
                self._names = load_library_names(self.tool("g++"), self._pch if self._pch else None)
            return self._names  # type: ignore[return-value]

    def compile_batch(self, jobs: list[Job], sandbox: str) -> None:
        names = self.library_names() if len(jobs) > 1 else None
        merged = [j for j in jobs if names is not None and why_alone(j.source, names) is None]
        alone = [j for j in jobs if j not in merged]
        if len(merged) > 1:
            self._compile_merged(merged, sandbox, alone)
        else:
            alone += merged
        limits = Limits(timeout=self.compile_timeout, memory_mb=self.compile_memory_mb)
        for job in alone:
            self.write(job)
            argv = self.compile_argv(self.filename, "main", doomed=unbalanced(job.source))
            job.compile_result = self.sandboxed(argv, job.workdir, limits, sandbox)
            job.compile_seconds += job.compile_result.duration
            job.compiled = True

    def _compile_merged(self, jobs: list[Job], sandbox: str, alone: list[Job]) -> None:
        """One g++ call for all jobs (see cpp_merge); a program the errors name gets them as its
        own result and the rest are compiled again; errors that name no program send them all
        to `alone`."""
        bdir = Path(tempfile.mkdtemp(prefix="batch-", dir=jobs[0].workdir.parent))
        try:
            (bdir / "batch.cpp").write_text(merge([j.source for j in jobs]), encoding="utf-8")
            limits = Limits(timeout=self.compile_timeout, memory_mb=self.compile_memory_mb)
            res = self.sandboxed(self.compile_argv("batch.cpp", "batch"), bdir, limits, sandbox)
            for job in jobs:
                job.compile_seconds += res.duration / len(jobs)
            if not self.compile_failed(res):
                for k, job in enumerate(jobs):
                    shutil.copy(bdir / "batch", job.workdir / "main")  # a copy: samples must not share a file
                    job.extra["cpp_index"] = k
                    job.compile_result = res
                    job.compiled = True
                return
            blocks = None if res.timed_out else errors_by_program(res.stderr, len(jobs))
            if not blocks:
                alone += jobs
                return
            for k, text in blocks.items():
                jobs[k].compile_result = dataclasses.replace(res, stderr=text, exit_code=res.exit_code or 1)
                jobs[k].compiled = True
            rest = [job for k, job in enumerate(jobs) if k not in blocks]
            if len(rest) > 1:
                self._compile_merged(rest, sandbox, alone)
            else:
                alone += rest
        finally:
            shutil.rmtree(bdir, ignore_errors=True)

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        argv = ["./main", *([str(job.extra["cpp_index"])] if "cpp_index" in job.extra else [])]
        return self.sandboxed(argv, job.workdir, Limits(timeout=timeout, memory_mb=self.memory_mb), sandbox)


def load_library_names(gxx: str | None, pch: str | None) -> set[str] | None:
    """Every identifier of the preprocessed <bits/stdc++.h> (and <gmpxx.h>): the names a program
    must not declare to be merged (see cpp_merge). Cached beside the PCH; None if g++ fails."""
    cached = Path(pch) / "library-names.txt" if pch else None
    if cached and cached.is_file():
        return set(cached.read_text().split())
    if not gxx:
        return None
    try:
        out = subprocess.run([gxx, *FLAGS, "-E", "-x", "c++", "-"], input=PREAMBLE, capture_output=True,
                             text=True, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return None
    if out.returncode != 0:
        return None
    names = set(re.findall(r"[A-Za-z_]\w*", out.stdout))
    if cached:
        try:
            tmp = cached.with_suffix(f".{os.getpid()}")
            tmp.write_text("\n".join(sorted(names)))
            os.replace(tmp, cached)
        except OSError:
            pass
    return names


def build_pch(gxx: str | None) -> str | None:
    """The directory holding bits/stdc++.h.gch for FLAGS, building it if needed; None if no
    cache directory is usable or the build fails (then compiles just take longer)."""
    if not gxx:
        return None
    try:
        version = subprocess.run([gxx, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    key = hashlib.sha256(f"{os.path.realpath(gxx)}\0{version}\0{FLAGS}".encode()).hexdigest()[:16]
    for root in CACHE_ROOTS:
        root = Path(os.path.expanduser(root))
        try:
            root.mkdir(parents=True, exist_ok=True)
            os.chmod(root, 0o755)
        except OSError:
            continue
        target = root / key
        gch = target / "bits" / "stdc++.h.gch"
        if gch.is_file():
            return str(target)
        try:
            with open(root / ".lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                if not gch.is_file():
                    _compile_pch(gxx, gch)
            return str(target)
        except (OSError, subprocess.SubprocessError):
            continue
    return None


def _compile_pch(gxx: str, gch: Path) -> None:
    gch.parent.mkdir(parents=True, exist_ok=True)
    for d in (gch.parent, gch.parent.parent):
        os.chmod(d, 0o755)
    with tempfile.TemporaryDirectory(dir=gch.parent) as tmp:
        header = Path(tmp) / "stdc++.h"
        header.write_text("#include <bits/stdc++.h>\n")
        out = Path(tmp) / "out.gch"
        subprocess.run([gxx, *FLAGS, "-x", "c++-header", str(header), "-o", str(out)],
                       check=True, capture_output=True, timeout=600)
        os.chmod(out, 0o644)
        os.replace(out, gch)  # atomic: readers never see a half-written PCH


RUNNER = CppRunner()
