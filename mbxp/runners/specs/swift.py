"""Swift 6 inside its Debian trixie root filesystem: swiftc -Onone, then run the binary there too.

Without help, every compile rebuilds clang's module cache (Glibc, Foundation's C shims: 16 MB)
in the fresh HOME, ~0.8 s of CPU. We warm one cache per toolchain with a trusted program and bind
it read-only into every compile. The cache is only valid for these exact flags; if clang still
wants to write to it (stale cache, a module it lacks), the program is recompiled without it.

Linking costs ~30% of a compile, so a batch shares one link: each program becomes an object of
its own module (mbxpK) whose top-level code is the function mbxp_main_K instead of `main`, and a
trusted dispatcher (compiled once, beside the module cache) calls the one named on the command
line: `./main K` runs exactly that program. When the shared link fails, each object is linked
alone, so a program's link error stays its own.

The swiftc driver costs ~0.3 s a call before any compiling (measured: 0.9-1.1 s through swiftc,
0.6 s for the same swift-frontend job alone), so objects are compiled by calling the one
swift-frontend job the driver would start: read once per module cache with `swiftc -###`, with
the module number filled in per program. Messages come from the frontend either way. A batch's
link likewise runs the driver's two jobs (swift-autolink-extract, then clang): 16 objects,
0.51 -> 0.32 s.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import re
import shlex
import shutil
import tempfile
import threading
from pathlib import Path

from .. import harness
from ..base import Job, Runner
from ..sandbox import Limits, ProcResult, give_to_sandbox

PLAIN_FLAGS = ["-Onone", "-suppress-warnings"]
# This swift-frontend is an assertions build: it verifies its SIL after every pass (~20% of an
# object's CPU; 8 MBSWP programs: 0.335 -> 0.265 s), then the AST of every loaded module,
# Foundation's included (~20% of what is left: 4 MBSWP programs, median 320 -> 252 ms), and
# LLVM's IR (252 -> 237 ms). Checks of the compiler's own invariants: they change no object and
# no message (release toolchains don't verify SIL or ASTs at all).
FLAGS = [*PLAIN_FLAGS, *(f for flag in ("-sil-verify-none", "-disable-ast-verifier", "-disable-llvm-verify")
                         for f in ("-Xfrontend", flag))]
WARM_SOURCE = "import Foundation\nimport Glibc\nimport Dispatch\nprint(sqrt(2.0))\n"
DISPATCHER = """import Glibc
typealias Entry = @convention(c) (Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32
let args = CommandLine.arguments
guard args.count > 1, let entry = dlsym(nil, "mbxp_main_" + args[1]) else {
    fputs("mbxp: no such program in this batch\\n", stderr)
    exit(125)
}
exit(unsafeBitCast(entry, to: Entry.self)(CommandLine.argc, CommandLine.unsafeArgv))
"""
HARNESS = harness.Rules(
    start="func mbxpClose(", end="\ndo {\n    let expected",  # every helper, mbxpCheck too
    declares=re.compile(r"\b(?:func\b([^(<\n]*)|(?:var|let)\b([^=:{\n]*)|"
                        r"(?:class|struct|enum|protocol|typealias|actor|associatedtype|case)\b([^(:{=<\n]*))"),
    binds=re.compile(r"(\w+)\s*:(?!:)"),  # parameters (and argument labels: members are safe, see forbid)
    # extensions, operators and subscripts change what the block's calls resolve to, program-wide
    forbid=re.compile(r"\b(?:extension|operator|precedencegroup|subscript|macro)\b|@_|\bfunc\s*[^\w\s]"),
)
LINK_OBJECT = "mbxp-objects.o"  # stands for the batch's objects in the link commands read once
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
    batch_size = 16  # programs sharing one link
    per_sample_compile = ["{swiftc}", *PLAIN_FLAGS, "main.swift", "-o", "main"]  # a plain swiftc, fresh module cache
    harness_rules = HARNESS

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cache: str | None | bool = False  # False: not tried yet; None: unavailable
        self._frontend: dict[str, list[str] | None] = {}
        self._linker: list[list[str]] | None | bool = False  # False: not read yet
        self._harness: dict[str, tuple[Path, str] | None] = {}  # library key -> (dir, module)

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
        key = hashlib.sha256(f"{self.version()}\0{self.rootfs()}\0{stamp}\0{FLAGS}\0{DISPATCHER}".encode()).hexdigest()[:16]
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
                if res.exit_code == 0:
                    (work / "dispatch.swift").write_text(DISPATCHER)
                    argv = [swiftc, *FLAGS, "-module-cache-path", str(path), "-module-name", "mbxpdispatch",
                            "-c", "dispatch.swift", "-o", str(path / "dispatch.o")]
                    self.sandboxed(argv, work, Limits(timeout=300, memory_mb=self.compile_memory_mb),
                                   sandbox, rw_binds=(str(path),))
            finally:
                shutil.rmtree(work, ignore_errors=True)
            if res.exit_code != 0:
                return None
            (path / ".ready").touch()
            return str(path)

    def harness_library(self, part: harness.Split, cache: str, sandbox: str) -> tuple[Path, str] | None:
        """The block as a module (dir with <module>.swiftmodule and harness.o), built once per
        block text and module cache; None if it does not compile on its own."""
        source = part.imports() + "\n" + re.sub(r"^func ", "public func ", part.block, flags=re.MULTILINE)
        key = hashlib.sha256(f"{cache}\0{source}".encode()).hexdigest()[:12]
        with self._lock:
            if key in self._harness:
                return self._harness[key]
        module, path = f"MbxpHarness{key}", Path(f"{cache}-harness-{key}")
        with open(f"{path}.lock", "w") as lock:  # other processes may build the same library
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not (path / ".ready").exists():
                shutil.rmtree(path, ignore_errors=True)
                path.mkdir(mode=0o755)
                (path / "harness.swift").write_text(source)
                argv = ["{swiftc}", *FLAGS, "-module-cache-path", cache, "-parse-as-library", "-module-name", module,
                        "-emit-module", "-emit-module-path", f"{module}.swiftmodule", "-c", "harness.swift",
                        "-o", "harness.o"]
                res = self.sandboxed(self.fill(argv), path, Limits(timeout=300, memory_mb=self.compile_memory_mb),
                                     sandbox, rw_binds=(str(path),), binds=(cache,))
                if res.exit_code == 0 and (path / "harness.o").is_file():
                    (path / ".ready").touch()
        built = (path, module) if (path / ".ready").exists() else None
        with self._lock:
            self._harness[key] = built
        return built

    def object_argv(self, cache: str, k: int) -> list[str]:
        """The command compiling main.swift in the workdir to main.o as module mbxpK."""
        with self._lock:
            if cache not in self._frontend:
                self._frontend[cache] = self._read_frontend(cache)
            job = self._frontend[cache]
        if job is None:  # through the driver
            job = self.fill(["{swiftc}", *FLAGS, "-module-cache-path", cache, self.filename, "-module-name",
                             "mbxpZZZ", "-c", "-Xfrontend", "-entry-point-function-name", "-Xfrontend",
                             "mbxp_main_ZZZ", "-o", "main.o"])
        return [a.replace("ZZZ", str(k)) if a in ("mbxpZZZ", "mbxp_main_ZZZ") else a for a in job]

    def driver_jobs(self, argv: list[str], binds: tuple[str, ...] = ()) -> list[list[str]]:
        """The jobs the swiftc driver would start for `argv` (read with -### beside a main.swift)."""
        work = Path(tempfile.mkdtemp(prefix="mbxp-swift-jobs-"))
        try:
            work.chmod(0o711)
            (work / self.filename).write_text(WARM_SOURCE)
            res = self.sandboxed(self.fill([*argv, "-###"]), work, Limits(timeout=120), "auto", binds=binds)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return [shlex.split(line) for line in res.stdout.splitlines() if line.strip()] if res.exit_code == 0 else []

    def _read_frontend(self, cache: str) -> list[str] | None:
        jobs = self.driver_jobs(["{swiftc}", *FLAGS, "-module-cache-path", cache, self.filename, "-module-name",
                                 "mbxpZZZ", "-c", "-Xfrontend", "-entry-point-function-name", "-Xfrontend",
                                 "mbxp_main_ZZZ", "-o", "main.o"], binds=(cache,))
        if len(jobs) != 1:
            return None
        job = jobs[0]
        if not (job[0].endswith("swift-frontend") and job[1:3] == ["-frontend", "-c"]
                and "mbxpZZZ" in job and "mbxp_main_ZZZ" in job and "main.o" in job):
            return None
        return job

    def link_jobs(self, objects: list[str]) -> list[list[str]]:
        """The commands linking `objects` (in the cwd, or absolute) to ./main, with the autolink
        list written to main.autolink; [] where only the driver will do."""
        with self._lock:
            if self._linker is False:
                self._linker = self._read_linker()
            jobs = self._linker
        return [[x for a in job for x in (objects if a == LINK_OBJECT else [a])] for job in jobs or []]

    def _read_linker(self) -> list[list[str]] | None:
        jobs = self.driver_jobs(["{swiftc}", LINK_OBJECT, "-Xlinker", "--export-dynamic", "-o", "main"])
        if len(jobs) != 2 or not jobs[0][0].endswith("swift-autolink-extract"):
            return None
        extract, link = jobs
        listed = extract[-1]  # the driver's temporary autolink file: one in the cwd instead
        if extract[1:] != [LINK_OBJECT, "-o", listed] or f"@{listed}" not in link \
                or link.count(LINK_OBJECT) != 1 or link[-2:] != ["-o", "main"]:
            return None
        return [[*extract[:-1], "main.autolink"], ["@main.autolink" if a == f"@{listed}" else a for a in link]]

    def compile_batch(self, jobs: list[Job], sandbox: str) -> None:
        cache = self.module_cache(sandbox)
        dispatcher = Path(cache) / "dispatch.o" if cache else None
        limits = Limits(timeout=self.compile_timeout, memory_mb=self.compile_memory_mb)
        linked = bool(dispatcher and dispatcher.is_file()) and len(jobs) > 1
        objects: list[Job] = []
        for k, job in enumerate(jobs):
            self.write(job)
            res, spent = None, 0.0
            if cache:
                part = harness.split(job.source, self.harness_rules)
                lib = self.harness_library(part, cache, sandbox) if part else None
                if lib:  # the helpers come compiled (see harness.py)
                    (job.workdir / self.filename).write_text(part.blanked(f"import {lib[1]}"), encoding="utf-8")
                    job.extra["swift_harness"] = lib[0]
                if linked:
                    argv = self.object_argv(cache, k)
                    job.extra["swift_index"] = k
                else:
                    argv = self.fill(["{swiftc}", *FLAGS, "-module-cache-path", cache, self.filename,
                                      *([f"{lib[0]}/harness.o"] if lib else []), "-o", "main"])
                argv += ["-I", str(lib[0])] if lib else []
                res = self.sandboxed(argv, job.workdir, limits, sandbox, binds=(cache, *([str(lib[0])] if lib else [])))
                spent = res.duration
            if res is None or (res.exit_code != 0 and any(m in res.stderr for m in CACHE_MISS)):
                job.extra.pop("swift_index", None)
                if job.extra.pop("swift_harness", None):
                    self.write(job)
                res = self.sandboxed(self.fill(self.compile_cmd), job.workdir, limits, sandbox)
                spent += res.duration
            job.compile_result, job.compile_seconds, job.compiled = res, spent, True
            if res.exit_code == 0 and "swift_index" in job.extra:
                objects.append(job)
        if objects:
            self._link(objects, dispatcher, sandbox)

    def _link(self, jobs: list[Job], dispatcher: Path, sandbox: str) -> None:
        """One binary for all jobs' objects (see the module docstring); alone if that fails."""
        limits = Limits(timeout=self.compile_timeout, memory_mb=self.compile_memory_mb)
        bdir = Path(tempfile.mkdtemp(prefix="batch-", dir=jobs[0].workdir.parent))
        try:
            names = []
            for job in jobs:
                names.append(f"p{job.extra['swift_index']}.o")
                shutil.copy(job.workdir / "main.o", bdir / names[-1])
            give_to_sandbox(bdir)
            libs = sorted({str(job.extra["swift_harness"]) for job in jobs if "swift_harness" in job.extra})
            objects = [*names, str(dispatcher), *(f"{lib}/harness.o" for lib in libs)]
            binds = (str(dispatcher.parent), *libs)
            spent = 0.0
            for argv in self.link_jobs(objects) or [
                    self.fill(["{swiftc}", *objects, "-Xlinker", "--export-dynamic", "-o", "main"])]:
                res = self.sandboxed(argv, bdir, limits, sandbox, binds=binds)
                spent += res.duration
                if res.exit_code != 0:
                    break
            for job in jobs:
                job.compile_seconds += spent / len(jobs)
            if res.exit_code == 0:
                for job in jobs:
                    shutil.copy(bdir / "main", job.workdir / "main")  # a copy: samples must not share a file
                return
            if len(jobs) == 1:
                jobs[0].compile_result = res
                return
            for job in jobs:
                self._link([job], dispatcher, sandbox)
        finally:
            shutil.rmtree(bdir, ignore_errors=True)

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        argv = ["./main", *([str(job.extra["swift_index"])] if "swift_index" in job.extra else [])]
        return self.sandboxed(argv, job.workdir, Limits(timeout=timeout, memory_mb=self.memory_mb), sandbox)

    def sandboxed(self, argv, workdir, limits, sandbox, rw_binds=(), binds=()):
        from ..sandbox import run
        return run(argv, workdir, limits, binds=[*self.binds(), *binds], rw_binds=rw_binds,
                   rootfs=self.rootfs(), env=self.env(), sandbox=sandbox)


RUNNER = SwiftRunner()
