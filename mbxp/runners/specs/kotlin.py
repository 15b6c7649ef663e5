"""Kotlin 2.4: kotlinc costs ~6 s per call, so 20 programs share one call to a warm compiler (see
JvmBatchRunner): K2JVMCompiler stays loaded in a sandboxed JVM, one per worker.

The fallback compiler command starts K2JVMCompiler directly (on the manifest's java, no kotlinc
shell script) so that it gets the short-lived-JVM flags; programs run with kotlin-stdlib on the
class path.
"""
from __future__ import annotations

import re

from .. import harness
from .java import COMPILER_FLAGS, JvmBatchRunner

HARNESS = harness.Rules(
    start="fun mbxpClose(", end="\nfun main() {",  # every helper, mbxpCheck too
    # `fun` names run to the parameter list (`fun <T : Any> List<T>.all(`); others to their type
    declares=re.compile(r"\b(?:fun\b([^(=\n]*)|(?:val|var)\b([^=:{(\n]*)|(?:class|object|interface|typealias)\b([^(:{=<\n]*))"),
    binds=re.compile(r"(\w+)\s*:(?!:)|\{\s*(\w+)\s*->"),  # parameters, `{ x ->` lambdas
    # extension operators and infix functions resolve program-wide
    forbid=re.compile(r"\b(?:operator|infix)\b"),
)

# K2JVMCompiler.exec prints "<file>:<line>:<col>: error: ..." blocks; `group` splits them by file.
KOTLINC_COMPILE = r'''
    /** Messages as "<file>:<line>:<col>: error: ..." blocks, grouped by the batch file they name. */
    static void group(Path dir, String text, Map<String, StringBuilder> errs) {
        String prefix = dir.toString() + "/";
        java.util.regex.Pattern head = java.util.regex.Pattern.compile("^(\\S+?):\\d+:(?:\\d+:)? (error|warning|info)\\b");
        StringBuilder current = null;
        for (String line : text.replace(prefix, "").split("\n")) {
            java.util.regex.Matcher m = head.matcher(line);
            if (m.find()) {
                current = m.group(2).equals("error") ? errs.computeIfAbsent(m.group(1), k -> new StringBuilder()) : null;
            }
            if (current != null) current.append(line).append("\n");
        }
        if (errs.isEmpty() && !text.isBlank()) errs.put("", new StringBuilder(text.replace(prefix, "")));
    }

    static boolean compile(Path dir, List<String> files, Map<String, StringBuilder> errs) {
        List<String> args = new ArrayList<>(List.of("-nowarn", "-no-reflect", "-d", dir.resolve("out").toString()));
        if (!libs(dir).isEmpty()) args.addAll(List.of("-cp", String.join(":", libs(dir))));
        for (String f : files) args.add(dir.resolve(f).toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Object code = new org.jetbrains.kotlin.cli.jvm.K2JVMCompiler().exec(
                new PrintStream(out, true, StandardCharsets.UTF_8), args.toArray(new String[0]));
        if (code.toString().equals("OK")) return true;
        group(dir, out.toString(StandardCharsets.UTF_8), errs);
        return false;
    }
'''


class KotlinRunner(JvmBatchRunner):
    language = "kotlin"
    filename = "main.kt"
    source_name = "main.kt"
    main_class = "MainKt"
    tools = {"kotlinc": "kotlinc", "java": "java"}
    end_style = "braces"
    # Each marks text after the function has closed (a generator may drop the stop text itself).
    stop_tokens = ["\nfun ", "\nclass ", "\nobject ", "\ndata class ", "\n/**", "\nval ", "\nvar ",
                   "\n//", "\nimport "]
    batch_size = 20
    compile_timeout = 300.0
    server_name = "MbxpKotlincServer"
    server_compile = KOTLINC_COMPILE
    per_sample_compile = ["{kotlinc}", "-nowarn", "main.kt", "-include-runtime", "-d", "main.jar"]
    per_sample_run = ["{java}", "-Xss64m", "-Xmx1g", "-jar", "main.jar"]

    def home(self) -> str:
        return self.toolchain().get("kotlin_home") or "/opt/mbxp/npm/node_modules/kotlin-compiler"

    harness_rules = HARNESS

    def package_decl(self, pkg: str) -> str:
        return f"package {pkg}; "  # same line: messages keep the program's line numbers

    def harness_program(self, part: harness.Split, pkg: str) -> str:
        return f"import {pkg}.*; " + part.blanked()  # on the package clause's line

    def harness_library(self, part: harness.Split) -> str:
        return "package PKG\n" + part.imports() + "\n" + part.block

    @property
    def server_flags(self) -> list[str]:
        return ["-Xss8m", "-Xmx2g", f"-Dkotlin.home={self.home()}"]

    def server_classpath(self) -> list[str]:
        return [f"{self.home()}/lib/kotlin-compiler.jar"]

    def compile_argv(self, files: list[str]) -> list[str]:
        home = self.home()
        return [self.tool("java"), *COMPILER_FLAGS, "-Xss8m", "-Xmx2g", f"-Dkotlin.home={home}",
                "-cp", f"{home}/lib/kotlin-compiler.jar", "org.jetbrains.kotlin.cli.jvm.K2JVMCompiler",
                "-nowarn", "-no-reflect", "-d", "out", *files]

    def classpath(self) -> str:
        return f".:{self.home()}/lib/kotlin-stdlib.jar"


RUNNER = KotlinRunner()
