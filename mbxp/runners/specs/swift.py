"""Swift 6 inside its Debian trixie root filesystem: swiftc -Onone, then run the binary there too.

Without help, every compile rebuilds clang's module cache (Glibc, Foundation's C shims: 16 MB)
in the fresh HOME, ~0.8 s of CPU. We warm one cache per toolchain with a trusted program and bind
it read-only into every compile. The cache is only valid for these exact flags; if clang still
wants to write to it (stale cache, a module it lacks), the program is recompiled without it.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import tempfile
import threading
from pathlib import Path

from ..base import Job, Runner
from ..sandbox import Limits

FLAGS = ["-Onone", "-suppress-warnings"]
WARM_SOURCE = "import Foundation\nimport Glibc\nimport Dispatch\nprint(sqrt(2.0))\n"
CACHE_MISS = ("Read-only file system", "could not build C module", "could not build Objective-C module")


class SwiftRunner(Runner):
    language = "swift"
    filename = "main.swift"
    tools = {"swiftc": "swiftc"}
    compile_cmd = ["{swiftc}", *FLAGS, "main.swift", "-o", "main"]
    run_cmd = ["./main"]
    end_style = "braces"
    line_comment = "//"
    stop_tokens = ["\nfunc ", "\n///", "\n// ", "\nprint(", "\nlet ", "\nvar ", "\nassert(",
                   "\nimport ", "\nstruct ", "\nclass ", "\nenum ", "\nextension "]
    compile_memory_mb = 4096
    per_sample_compile = compile_cmd  # a fresh module cache per program, as a plain swiftc has

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cache: str | None | bool = False  # False: not tried yet; None: unavailable

    def module_cache(self, sandbox: str) -> str | None:
        with self._lock:
            if self._cache is False:
                self._cache = self._warm(sandbox)
            return self._cache

    def _warm(self, sandbox: str) -> str | None:
        swiftc = self.tool("swiftc") or "swiftc"
        try:
            stamp = os.stat((self.rootfs() or "") + swiftc).st_mtime_ns
        except OSError:
            return None
        key = hashlib.sha256(f"{self.version()}\0{self.rootfs()}\0{stamp}\0{FLAGS}".encode()).hexdigest()[:16]
        path = Path(tempfile.gettempdir()) / f"mbxp-swift-modules-{key}"
        with open(f"{path}.lock", "w") as lock:  # other processes may warm the same cache
            fcntl.flock(lock, fcntl.LOCK_EX)
            if (path / ".ready").exists():
                return str(path)
            shutil.rmtree(path, ignore_errors=True)
            path.mkdir(mode=0o755)
            work = Path(tempfile.mkdtemp(prefix="mbxp-swift-warm-"))
            try:
                work.chmod(0o711)
                (work / self.filename).write_text(WARM_SOURCE)
                argv = [swiftc, *FLAGS, "-module-cache-path", str(path), self.filename, "-o", "main"]
                res = self.sandboxed(argv, work, Limits(timeout=300, memory_mb=self.compile_memory_mb),
                                     sandbox, rw_binds=(str(path),))
            finally:
                shutil.rmtree(work, ignore_errors=True)
            if res.exit_code != 0:
                return None
            (path / ".ready").touch()
            return str(path)

    def compile_batch(self, jobs: list[Job], sandbox: str) -> None:
        cache = self.module_cache(sandbox)
        limits = Limits(timeout=self.compile_timeout, memory_mb=self.compile_memory_mb)
        for job in jobs:
            self.write(job)
            res, spent = None, 0.0
            if cache:
                argv = self.fill(["{swiftc}", *FLAGS, "-module-cache-path", cache, self.filename, "-o", "main"])
                res = self.sandboxed(argv, job.workdir, limits, sandbox, binds=(cache,))
                spent = res.duration
            if res is None or (res.exit_code != 0 and any(m in res.stderr for m in CACHE_MISS)):
                res = self.sandboxed(self.fill(self.compile_cmd), job.workdir, limits, sandbox)
                spent += res.duration
            job.compile_result, job.compile_seconds, job.compiled = res, spent, True

    def sandboxed(self, argv, workdir, limits, sandbox, rw_binds=(), binds=()):
        from ..sandbox import run
        return run(argv, workdir, limits, binds=[*self.binds(), *binds], rw_binds=rw_binds,
                   rootfs=self.rootfs(), env=self.env(), sandbox=sandbox)


RUNNER = SwiftRunner()
