"""Java 17: many programs per javac call, each in its own package; one short-lived JVM per run.

`JvmBatchRunner` is shared with Kotlin: each program of a batch is written as
<batch>/mbxpN/<source_name> with `package mbxpN` prepended, all are compiled by one compiler call
into <batch>/out, and each package's classes are copied into its job's workdir. When the batch
fails, the programs the compiler's errors name get those errors as their own result, and the
rest are compiled again as a smaller batch (one by one if the errors name no file).

Compiling goes through a warm compile server (SERVER with the language's `compile` method) when the
sandbox is on: one sandboxed JVM per worker keeps the compiler loaded and JIT-compiled across
batches, and isolates a broken program inside the same JVM. The compiler command line above is the
fallback when the server fails or there is no sandbox.
"""
from __future__ import annotations

import dataclasses
import hashlib
import os
import re
import subprocess
import shutil
import tempfile
import threading
import time
from pathlib import Path

from ...conversion.emitters.base import PASS_MARKER
from ..base import Job, Runner
from ..sandbox import Limits, ProcResult, Spawned, give_to_sandbox, spawn
from ..warm import WarmPool
from .. import harness
from . import jvm_cds

# Short-lived JVMs (measured in the sandbox, 2 cores busy: ~22% more runs per second than with
# -XX:+UseSerialGC): JDK 17 maps CDS's archived heap (module graph, interned strings) only with G1;
# relocating the archive to a random address costs ~5 ms (the sandbox is our boundary, not ASLR);
# -Xmx is always given, so the cgroup probe is skipped. C1 only: programs run for milliseconds.
JVM_FLAGS = ["-XX:+UseG1GC", "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-XX:-UsePerfData",
             "-XX:+UnlockDiagnosticVMOptions", "-XX:ArchiveRelocationMode=0", "-XX:-UseContainerSupport"]
# Compilers allocate a lot for seconds: the serial collector has the least overhead there.
COMPILER_FLAGS = ["-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-XX:-UsePerfData"]


class JvmBatchRunner(Runner):
    source_name = "Main.java"
    main_class = "Main"
    batch_size = 20
    memory_mb = 2048
    # -Xms8m: without the cgroup probe G1 would commit 1/64 of the host's memory at start (~12% of
    # a run here); the heap still grows to -Xmx when a program needs it.
    run_flags = ["-Xss64m", "-Xmx1g", "-Xms8m"]

    def package_decl(self, pkg: str) -> str:
        raise NotImplementedError

    def compile_argv(self, files: list[str]) -> list[str]:
        raise NotImplementedError

    def classpath(self) -> str:
        return "."

    def libraries(self) -> list[str]:
        """The jars a program runs with, beside its own classes."""
        return [p for p in self.classpath().split(":") if p not in ("", ".")]

    def cds(self) -> tuple[str, str] | None:
        """(archive, warm jar) of the class-data sharing archive for runs (see jvm_cds), built
        on first use; None if it cannot be built."""
        with self._cds_lock:
            if self._cds is False:
                self._cds = jvm_cds.for_classes(self, self.tool("java"), self.libraries(), [*JVM_FLAGS, *self.run_flags])
            return self._cds  # type: ignore[return-value]

    def binds(self) -> list[str]:
        built = self._cds if self._cds else None
        return super().binds() + ([os.path.dirname(built[0])] if built else [])

    server_name = "MbxpJavacServer"
    server_compile = ""  # Java: static boolean compile(Path dir, List<String> files, Map<String, StringBuilder> errs)
    server_flags = ["-Xss16m", "-Xmx1g"]
    server_limit: int | None = None  # servers busy at once (None: one per worker)

    def __init__(self) -> None:
        self.servers = WarmPool(self._start_server, limit=self.server_limit)
        self._cds_lock = threading.Lock()
        self._cds: tuple[str, str] | None | bool = False  # False: not built yet
        self._harness_lock = threading.Lock()
        self._harness: dict[tuple[str, str], Path | None] = {}  # (root, library key) -> classes

    def server_classpath(self) -> list[str]:
        """Jars the server's compile method needs (on javac's and java's class path)."""
        return []

    def server_source(self) -> str:
        return SERVER.replace("MbxpServer", self.server_name).replace("/*COMPILE*/", self.server_compile)

    def _start_server(self, root: Path) -> Spawned:
        jars = self.server_classpath()
        classes = server_classes(self.tool("javac") or javac_beside(self.tool("java")), self.server_source(), jars)
        if not classes:
            raise RuntimeError(f"could not compile the {self.language} compile server")
        argv = [self.tool("java"), *COMPILER_FLAGS, "-XX:+DisplayVMOutputToStderr", *self.server_flags,
                "-cp", ":".join([classes, *jars]), self.server_name]
        limits = Limits(timeout=24 * 3600, memory_mb=self.compile_memory_mb)
        return spawn(argv, root, limits, binds=[*self.binds(), classes], env=self.env())

    def close(self) -> None:
        self.servers.close()
        with self._harness_lock:
            self._harness.clear()  # the libraries live in the engine's root, removed with it

    def harness_library(self, part: harness.Split) -> str:
        """Source of the helper library for `part`, in package PKG."""
        raise NotImplementedError

    def harness_program(self, part: harness.Split, pkg: str) -> str:
        """The program (after its package clause) with the block replaced by the library's import."""
        raise NotImplementedError

    def shared_harness(self, source: str, root: Path) -> tuple[str, Path, str] | None:
        """(library package, its class tree, the program importing it), or None to compile the
        program whole."""
        part = harness.split(source, self.harness_rules) if self.harness_rules else None
        if part is None:
            return None
        text = self.harness_library(part)
        key = hashlib.sha256(text.encode()).hexdigest()[:12]
        pkg = f"mbxpharness{key}"
        with self._harness_lock:
            if (str(root), key) not in self._harness:
                self._harness[(str(root), key)] = self._compile_library(text.replace("PKG", pkg), pkg, root)
            classes = self._harness[(str(root), key)]
        return (pkg, classes, self.harness_program(part, pkg)) if classes else None

    def _compile_library(self, text: str, pkg: str, root: Path) -> Path | None:
        bdir = Path(tempfile.mkdtemp(prefix="harness-", dir=root))
        (bdir / pkg).mkdir()
        (bdir / pkg / self.source_name).write_text(text, encoding="utf-8")
        (bdir / "out").mkdir()
        give_to_sandbox(bdir)
        request = bdir.name
        try:
            answer = self.servers.ask(root, "\t".join([request, str(bdir), f"{pkg}/{self.source_name}"]),
                                      self.compile_timeout, expect=f"{request} ")
        except RuntimeError:
            answer = None
        status = bdir / pkg / (self.source_name + ".status")
        if answer == f"{request} done" and status.exists() and status.read_text() == "ok":
            return bdir / "out"  # with the package, Kotlin's META-INF/*.kotlin_module index of it
        return None

    def compile_batch(self, jobs: list[Job], sandbox: str) -> None:
        """Through a warm compile server (see SERVER); the compiler command line if the server fails."""
        if sandbox == "none" or not jobs:
            return self._compile_group(jobs, sandbox, depth=0)
        root = jobs[0].workdir.parent
        bdir = Path(tempfile.mkdtemp(prefix="batch-", dir=root))
        try:
            files = self.write_packages(jobs, bdir, share=True)
            give_to_sandbox(bdir)
            start = time.monotonic()
            try:
                request = bdir.name  # unique: its answer can't be taken for another request's
                answer = self.servers.ask(root, "\t".join([request, str(bdir), *files]), self.compile_timeout,
                                          expect=f"{request} ")
            except RuntimeError:
                answer = None
            spent = time.monotonic() - start
            if answer != f"{request} done":
                return self._compile_group(jobs, sandbox, depth=0)
            for job, name in zip(jobs, files):
                status = bdir / (name + ".status")
                ok = status.exists() and status.read_text() == "ok"
                log = "" if ok else (bdir / (name + ".log")).read_text(encoding="utf-8", errors="replace") \
                    if (bdir / (name + ".log")).exists() else "no result from the compile server\n"
                if ok:
                    shutil.copytree(bdir / "out" / job.extra["jvm_package"], job.workdir / job.extra["jvm_package"])
                    if "jvm_harness" in job.extra:
                        lib, classes = job.extra["jvm_harness"]
                        shutil.copytree(classes / lib, job.workdir / lib)
                job.compile_result = ProcResult(0 if ok else 1, "", log, spent / len(jobs), False, False, False, "bwrap")
                job.compile_seconds += spent / len(jobs)
                job.compiled = True
        finally:
            shutil.rmtree(bdir, ignore_errors=True)

    def write_packages(self, jobs: list[Job], bdir: Path, share: bool = False) -> list[str]:
        """Each job as <bdir>/mbxpN/<source_name> in package mbxpN; their paths relative to bdir.
        With `share`, helper blocks become imports of libraries copied to <bdir>/lib/<library>
        (the server's compile puts each on the class path)."""
        files = []
        for i, job in enumerate(jobs):
            pkg = job.extra["jvm_package"] = f"mbxp{i}"
            head, source = self.package_decl(pkg), job.source
            job.extra.pop("jvm_harness", None)
            shared = self.shared_harness(source, bdir.parent) if share else None
            if shared:
                lib, classes, source = shared
                job.extra["jvm_harness"] = (lib, classes)
                if not (bdir / "lib" / lib).exists():
                    shutil.copytree(classes, bdir / "lib" / lib)
            (bdir / pkg).mkdir()
            (bdir / pkg / self.source_name).write_text(head + source, encoding="utf-8")
            files.append(f"{pkg}/{self.source_name}")
        (bdir / "out").mkdir()
        return files

    def _compile_group(self, jobs: list[Job], sandbox: str, depth: int) -> None:
        bdir = Path(tempfile.mkdtemp(prefix="batch-", dir=jobs[0].workdir.parent))
        try:
            files = self.write_packages(jobs, bdir)
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

    def run_argv(self, main: str) -> list[str]:
        cds = self.cds()
        if cds:
            flags, cp = [*jvm_cds.LOG_FLAGS, f"-XX:SharedArchiveFile={cds[0]}"], [*self.libraries(), cds[1], "."]
        else:
            flags, cp = [], self.classpath().split(":")
        return [self.tool("java"), *JVM_FLAGS, *flags, *self.run_flags, "-cp", ":".join(cp), main]

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        argv = self.run_argv(f"{job.extra['jvm_package']}.{self.main_class}")
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


SERVER = r'''import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

/** A warm compiler: reads "<id>\t<batch dir>\t<file>\t<file>..." lines, compiles the files into <dir>/out,
 *  writes <file>.status ("ok" or "error") and <file>.log, answers "<id> done". A file whose errors would
 *  fail the others is compiled alone, and the rest again, all in this JVM. */
public class MbxpServer {
    public static void main(String[] argv) throws Exception {
        // Answers go to the real stdout; anything the compiler prints goes to stderr.
        PrintStream answers = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] parts = line.split("\t");  // request id, batch dir, files
            try {
                batch(Paths.get(parts[1]), new ArrayList<>(Arrays.asList(parts).subList(2, parts.length)));
                answers.println(parts[0] + " done");
            } catch (Throwable t) {
                answers.println(parts[0] + " error " + t.toString().replace('\n', ' '));
            }
        }
    }

    static void batch(Path dir, List<String> rest) throws IOException {
        while (!rest.isEmpty()) {
            Map<String, StringBuilder> errs = new LinkedHashMap<>();
            if (compile(dir, rest, errs)) {
                for (String f : rest) finish(dir, f, true, "");
                return;
            }
            Set<String> bad = new LinkedHashSet<>(errs.keySet());
            bad.retainAll(rest);
            if (rest.size() == 1 || bad.isEmpty()) {
                if (rest.size() == 1) { finish(dir, rest.get(0), false, all(errs)); return; }
                bad = new LinkedHashSet<>(rest);
            }
            for (String f : bad) {
                Map<String, StringBuilder> own = new LinkedHashMap<>();
                finish(dir, f, compile(dir, List.of(f), own), all(own));
            }
            rest.removeAll(bad);
        }
    }

/*COMPILE*/
    /** The shared test-helper libraries of a batch (<dir>/lib/<library>, see harness.py) as class path entries. */
    static List<String> libs(Path dir) {
        if (!Files.isDirectory(dir.resolve("lib"))) return List.of();
        try (var libs = Files.list(dir.resolve("lib"))) {
            return libs.map(Path::toString).toList();
        } catch (IOException e) { throw new UncheckedIOException(e); }
    }

    static String all(Map<String, StringBuilder> errs) {
        StringBuilder sb = new StringBuilder();
        for (StringBuilder b : errs.values()) sb.append(b);
        return sb.toString();
    }

    static void finish(Path dir, String file, boolean ok, String log) throws IOException {
        Files.writeString(dir.resolve(file + ".status"), ok ? "ok" : "error");
        Files.writeString(dir.resolve(file + ".log"), log);
    }
}
'''

JAVAC_COMPILE = r'''
    static final javax.tools.JavaCompiler JAVAC = javax.tools.ToolProvider.getSystemJavaCompiler();
    static final javax.tools.StandardJavaFileManager FILES = JAVAC.getStandardFileManager(null, null, StandardCharsets.UTF_8);

    static boolean compile(Path dir, List<String> files, Map<String, StringBuilder> errs) {
        javax.tools.DiagnosticCollector<javax.tools.JavaFileObject> diags = new javax.tools.DiagnosticCollector<>();
        List<Path> paths = new ArrayList<>();
        for (String f : files) paths.add(dir.resolve(f));
        List<String> options = List.of("-d", dir.resolve("out").toString(), "-encoding", "UTF-8", "-nowarn",
                "-Xlint:none", "-proc:none", "-implicit:none", "-g:none");
        boolean ok = JAVAC.getTask(null, FILES, diags, options, null, FILES.getJavaFileObjectsFromPaths(paths)).call();
        for (javax.tools.Diagnostic<? extends javax.tools.JavaFileObject> d : diags.getDiagnostics()) {
            if (d.getKind() != javax.tools.Diagnostic.Kind.ERROR) continue;
            String file = d.getSource() == null ? "" : dir.relativize(Paths.get(d.getSource().toUri())).toString();
            StringBuilder sb = errs.computeIfAbsent(file, k -> new StringBuilder());
            sb.append(file.isEmpty() ? "" : Paths.get(file).getFileName() + ":" + d.getLineNumber() + ": ")
              .append("error: ").append(d.getMessage(Locale.ROOT)).append("\n");
        }
        return ok && errs.isEmpty();
    }
'''


class JavaRunner(JvmBatchRunner):
    language = "java"
    filename = "Main.java"
    tools = {"javac": "javac", "java": "java"}
    end_style = "braces"
    # Each marks text after the function has closed (a generator may drop the stop text itself).
    stop_tokens = ["\n    public static", "\n    static ", "\n    private static", "\n}\n", "\nclass ", "\npublic class"]

    per_sample_compile = ["{javac}", "-encoding", "UTF-8", "Main.java"]
    server_compile = JAVAC_COMPILE
    # Warm javac needs ~25 ms a program, a third of a run: one server keeps up with both workers,
    # and a second would only add its cold start (~1.4 s).
    server_limit = 1

    per_sample_run = ["{java}", "-Xss64m", "-Xmx1g", "Main"]

    def package_decl(self, pkg: str) -> str:
        return f"package {pkg}; "  # same line: compiler messages keep the program's line numbers

    def compile_argv(self, files: list[str]) -> list[str]:
        return [self.tool("javac"), *(f"-J{f}" for f in COMPILER_FLAGS), "-J-Xmx1g", "-encoding", "UTF-8",
                "-nowarn", "-Xlint:none", "-proc:none", "-implicit:none", "-g:none", "-d", "out", *files]


def javac_beside(java: str | None) -> str | None:
    """The JDK's javac next to its java (Kotlin and Scala name only java)."""
    if not java:
        return None
    javac = Path(os.path.realpath(java)).with_name("javac")
    return str(javac) if javac.is_file() else None


def server_classes(javac: str | None, source: str, jars: list[str]) -> str | None:
    """A directory with the compiled server (our own trusted source, compiled once per javac,
    source and class path, and cached like the C++ PCH), or None."""
    if not javac:
        return None
    name = re.search(r"public class (\w+)", source).group(1)
    key = hashlib.sha256("\0".join([os.path.realpath(javac), source, *jars]).encode()).hexdigest()[:16]
    for root in CACHE_ROOTS:
        target = Path(os.path.expanduser(root)) / f"{name}-{key}"
        if (target / f"{name}.class").is_file():
            return str(target)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
                src = Path(tmp) / f"{name}.java"
                src.write_text(source, encoding="utf-8")
                cp = ["-cp", ":".join(jars)] if jars else []
                subprocess.run([javac, *cp, "-nowarn", "-d", tmp, str(src)], check=True, capture_output=True, timeout=300)
                src.unlink()
                for f in [Path(tmp), *Path(tmp).iterdir()]:
                    f.chmod(0o755 if f.is_dir() else 0o644)
                os.replace(tmp, target)  # atomic: a reader never sees half the classes
                os.mkdir(tmp)  # for TemporaryDirectory's cleanup
            return str(target)
        except subprocess.SubprocessError:
            return None
        except OSError:  # another process won the race (the target exists), or unwritable root
            if (target / f"{name}.class").is_file():
                return str(target)
    return None


CACHE_ROOTS = ["/opt/mbxp/cache/java", "~/.cache/mbxp/java"]

RUNNER = JavaRunner()
