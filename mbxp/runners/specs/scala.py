"""Scala 3.3: many programs per JVM, compiled by a small resident driver; one short JVM per run.

Each program of a batch is written as <batch>/mbxpN/Main.scala with `package mbxpN` prepended.
One JVM runs DRIVER (Java, started in source-file mode on the compiler's classpath): it compiles
all files in one dotc Run; when that fails, the files the errors name are compiled alone (their
own messages and verdict) and the rest again, all in the same warm JVM, so one broken program
costs a warm Run instead of a cold compiler. Each package's classes are copied to its workdir and
run as `java mbxpN.MbxpTest`.
"""
from __future__ import annotations

import dataclasses
import shutil
import tempfile
from pathlib import Path

from ..base import Job, Runner
from ..sandbox import Limits, ProcResult

JVM_FLAGS = ["-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-XX:-UsePerfData"]

DRIVER = r'''import dotty.tools.dotc.interfaces.*;
import java.nio.file.*;
import java.util.*;

/** Compiles many Scala files in one JVM; a file whose errors would fail the others is compiled
 *  alone. Writes <file>.status ("ok" or "error") and <file>.log (its messages) for each file. */
public class MbxpScalaDriver {
    public static void main(String[] argv) throws Exception {
        String libcp = argv[0];
        Files.createDirectories(Paths.get("out"));
        List<String> rest = new ArrayList<>(Arrays.asList(argv).subList(1, argv.length));
        while (!rest.isEmpty()) {
            Map<String, StringBuilder> errs = new LinkedHashMap<>();
            if (compile(libcp, rest, errs)) {
                for (String f : rest) finish(f, true, "");
                return;
            }
            Set<String> bad = new LinkedHashSet<>(errs.keySet());
            bad.retainAll(rest);
            if (rest.size() == 1 || bad.isEmpty()) {
                if (rest.size() == 1) { finish(rest.get(0), false, all(errs)); return; }
                bad = new LinkedHashSet<>(rest);
            }
            for (String f : bad) {
                Map<String, StringBuilder> own = new LinkedHashMap<>();
                finish(f, compile(libcp, List.of(f), own), all(own));
            }
            rest.removeAll(bad);
        }
    }

    static boolean compile(String libcp, List<String> files, Map<String, StringBuilder> errs) {
        List<String> args = new ArrayList<>(List.of("-classpath", libcp, "-d", "out", "-nowarn"));
        args.addAll(files);
        SimpleReporter reporter = d -> {
            if (d.level() != Diagnostic.ERROR) return;
            String file = d.position().map(p -> p.source().path()).orElse("");
            String where = d.position().map(p -> p.source().path() + ":" + (p.line() + 1) + ":" + (p.column() + 1) + ": ").orElse("");
            String line = d.position().map(p -> "\n" + p.lineContent().stripTrailing()).orElse("");
            errs.computeIfAbsent(file, k -> new StringBuilder()).append(where).append("error: ").append(d.message()).append(line).append("\n");
        };
        ReporterResult r = dotty.tools.dotc.Main$.MODULE$.process(args.toArray(new String[0]), reporter, null);
        return !r.hasErrors() && errs.isEmpty();
    }

    static String all(Map<String, StringBuilder> errs) {
        StringBuilder sb = new StringBuilder();
        for (StringBuilder b : errs.values()) sb.append(b);
        return sb.toString();
    }

    static void finish(String file, boolean ok, String log) throws Exception {
        Files.writeString(Paths.get(file + ".status"), ok ? "ok" : "error");
        Files.writeString(Paths.get(file + ".log"), log);
    }
}
'''


class ScalaRunner(Runner):
    language = "scala"
    filename = "Main.scala"
    tools = {"java": "java"}
    end_style = "braces"
    # Each marks text after the method has closed (a generator may drop the stop text itself).
    stop_tokens = ["\n  def ", "\n  /**", "\n  //", "\n}", "\nobject ", "\nclass ", "\n  val ", "\n  private "]
    batch_size = 20
    memory_mb = 2048
    compile_timeout = 300.0

    def classpath(self, key: str) -> str:
        return str(self.toolchain().get(key) or "")

    def available(self) -> bool:
        return super().available() and bool(self.classpath("scala_compiler_classpath"))

    def compile_batch(self, jobs: list[Job], sandbox: str) -> None:
        bdir = Path(tempfile.mkdtemp(prefix="batch-", dir=jobs[0].workdir.parent))
        try:
            files = []
            for i, job in enumerate(jobs):
                pkg = job.extra["jvm_package"] = f"mbxp{i}"
                (bdir / pkg).mkdir()
                (bdir / pkg / self.filename).write_text(f"package {pkg}\n{job.source}", encoding="utf-8")
                files.append(f"{pkg}/{self.filename}")
            (bdir / "MbxpScalaDriver.java").write_text(DRIVER, encoding="utf-8")
            argv = [self.tool("java"), *JVM_FLAGS, "-Xss64m", "-Xmx2g", "-cp", self.classpath("scala_compiler_classpath"),
                    "MbxpScalaDriver.java", self.classpath("scala_library_classpath"), *files]
            limits = Limits(timeout=self.compile_timeout, memory_mb=self.compile_memory_mb)
            res = self.sandboxed(argv, bdir, limits, sandbox)
            for job, name in zip(jobs, files):
                job.compile_seconds = res.duration / len(jobs)
                job.compiled = True
                status = bdir / (name + ".status")
                if not status.exists():  # the driver itself failed (timeout, out of memory...)
                    job.compile_result = dataclasses.replace(res, exit_code=res.exit_code or 1)
                elif status.read_text() == "ok":
                    shutil.copytree(bdir / "out" / job.extra["jvm_package"], job.workdir / job.extra["jvm_package"])
                    job.compile_result = dataclasses.replace(res, exit_code=0, stderr="")
                else:
                    log = (bdir / (name + ".log")).read_text(encoding="utf-8", errors="replace")
                    job.compile_result = dataclasses.replace(res, exit_code=1, stderr=log)
        finally:
            shutil.rmtree(bdir, ignore_errors=True)

    @property
    def per_sample_compile(self) -> list[str]:  # a cold compiler per program, like `scalac`
        return [self.tool("java"), "-Xss64m", "-cp", self.classpath("scala_compiler_classpath"), "dotty.tools.dotc.Main",
                "-classpath", self.classpath("scala_library_classpath"), "-nowarn", "-d", ".", self.filename]

    @property
    def per_sample_run(self) -> list[str]:
        return [self.tool("java"), "-Xss64m", "-Xmx1g", "-cp", ".:" + self.classpath("scala_library_classpath"), "MbxpTest"]

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        argv = [self.tool("java"), *JVM_FLAGS, "-Xss64m", "-Xmx1g", "-cp",
                ".:" + self.classpath("scala_library_classpath"), f"{job.extra['jvm_package']}.MbxpTest"]
        return self.sandboxed(argv, job.workdir, Limits(timeout=timeout, memory_mb=self.memory_mb), sandbox)



RUNNER = ScalaRunner()
