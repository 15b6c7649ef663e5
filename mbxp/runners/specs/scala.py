"""Scala 3.3: 20 programs per call to a warm dotc (see JvmBatchRunner); one short JVM per run.

Each program of a batch is <batch>/mbxpN/Main.scala with `package mbxpN` prepended; the server
compiles them in one dotc Run on its warm JVM, and a program whose errors would fail the others
costs one more warm Run instead of a cold compiler. Each package runs as `java mbxpN.MbxpTest`.
"""
from __future__ import annotations

import re

from .. import harness
from .java import COMPILER_FLAGS, JvmBatchRunner

HARNESS = harness.Rules(
    start="  private def mbxpIsInt(", end="\n  private def mbxpCheck(",
    declares=re.compile(r"\b(?:def\b([^(\[:=\n]*)|(?:val|var)\b([^=:\n]*)|(?:class|object|trait|type|enum|given)\b([^(\[:{=\n]*))"),
    binds=re.compile(r"(\w+)\s*:(?!:)|[{(]\s*(\w+)\s*=>"),  # parameters, `x =>` closures
    # implicits, givens and extensions change typing program-wide
    forbid=re.compile(r"\b(?:implicit|given|extension|export|using)\b"),
)

# dotc reports through an interface, so messages are grouped by their source directly.
DOTC_COMPILE = r'''
    static boolean compile(Path dir, List<String> files, Map<String, StringBuilder> errs) {
        List<String> path = new ArrayList<>(List.of(System.getProperty("mbxp.libcp")));
        path.addAll(libs(dir));
        String cp = String.join(":", path);
        List<String> args = new ArrayList<>(List.of("-classpath", cp, "-d", dir.resolve("out").toString(), "-nowarn"));
        for (String f : files) args.add(dir.resolve(f).toString());
        String prefix = dir.toString() + "/";
        dotty.tools.dotc.interfaces.SimpleReporter reporter = d -> {
            if (d.level() != dotty.tools.dotc.interfaces.Diagnostic.ERROR) return;
            String file = d.position().map(p -> p.source().path()).orElse("").replace(prefix, "");
            String where = d.position().map(p -> file + ":" + (p.line() + 1) + ":" + (p.column() + 1) + ": ").orElse("");
            String line = d.position().map(p -> "\n" + p.lineContent().stripTrailing()).orElse("");
            errs.computeIfAbsent(file, k -> new StringBuilder()).append(where).append("error: ")
                .append(d.message()).append(line).append("\n");
        };
        dotty.tools.dotc.interfaces.ReporterResult r =
            dotty.tools.dotc.Main$.MODULE$.process(args.toArray(new String[0]), reporter, null);
        return !r.hasErrors() && errs.isEmpty();
    }
'''


class ScalaRunner(JvmBatchRunner):
    language = "scala"
    filename = "Main.scala"
    source_name = "Main.scala"
    main_class = "MbxpTest"
    tools = {"java": "java"}
    end_style = "braces"
    # Each marks text after the method has closed (a generator may drop the stop text itself).
    stop_tokens = ["\n  def ", "\n  /**", "\n  //", "\n}", "\nobject ", "\nclass ", "\n  val ", "\n  private "]
    batch_size = 20
    compile_timeout = 300.0
    server_name = "MbxpDotcServer"
    server_compile = DOTC_COMPILE

    def jars(self, key: str) -> str:
        return str(self.toolchain().get(key) or "")

    def available(self) -> bool:
        return super().available() and bool(self.jars("scala_compiler_classpath"))

    harness_rules = HARNESS

    def package_decl(self, pkg: str) -> str:
        return f"package {pkg}; "  # same line: messages keep the program's line numbers

    def harness_library(self, part: harness.Split) -> str:
        return ("package PKG\n" + part.imports() + "\nobject MbxpHarness {\n"
                + part.block.replace("  private def ", "  def ") + "}\n")

    def harness_program(self, part: harness.Split, pkg: str) -> str:
        return part.blanked(f"  import {pkg}.MbxpHarness.*")  # where the block was, inside MbxpTest

    def classpath(self) -> str:
        return ".:" + self.jars("scala_library_classpath")

    @property
    def server_flags(self) -> list[str]:
        return ["-Xss64m", "-Xmx2g", f"-Dmbxp.libcp={self.jars('scala_library_classpath')}"]

    def server_classpath(self) -> list[str]:
        return self.jars("scala_compiler_classpath").split(":")

    def compile_argv(self, files: list[str]) -> list[str]:
        return [self.tool("java"), *COMPILER_FLAGS, "-Xss64m", "-Xmx2g", "-cp", self.jars("scala_compiler_classpath"),
                "dotty.tools.dotc.Main", "-classpath", self.jars("scala_library_classpath"), "-nowarn", "-d", "out", *files]

    @property
    def per_sample_compile(self) -> list[str]:  # a cold compiler per program, like `scalac`
        return [self.tool("java"), "-Xss64m", "-cp", self.jars("scala_compiler_classpath"), "dotty.tools.dotc.Main",
                "-classpath", self.jars("scala_library_classpath"), "-nowarn", "-d", ".", self.filename]

    @property
    def per_sample_run(self) -> list[str]:
        return [self.tool("java"), "-Xss64m", "-Xmx1g", "-cp", self.classpath(), "MbxpTest"]


RUNNER = ScalaRunner()
