"""Kotlin 2.4: kotlinc costs ~6 s per call, so 20 programs share one call (see JvmBatchRunner).

The compiler is started directly (K2JVMCompiler on the manifest's java, no kotlinc shell script)
so that it gets the short-lived-JVM flags; programs run with kotlin-stdlib on the class path.
"""
from __future__ import annotations

from .java import JVM_FLAGS, JvmBatchRunner


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
    per_sample_compile = ["{kotlinc}", "-nowarn", "main.kt", "-include-runtime", "-d", "main.jar"]
    per_sample_run = ["{java}", "-Xss64m", "-Xmx1g", "-jar", "main.jar"]

    def home(self) -> str:
        return self.toolchain().get("kotlin_home") or "/opt/mbxp/npm/node_modules/kotlin-compiler"

    def package_decl(self, pkg: str) -> str:
        return f"package {pkg}\n"

    def compile_argv(self, files: list[str]) -> list[str]:
        home = self.home()
        return [self.tool("java"), *JVM_FLAGS, "-Xss8m", "-Xmx2g", f"-Dkotlin.home={home}",
                "-cp", f"{home}/lib/kotlin-compiler.jar", "org.jetbrains.kotlin.cli.jvm.K2JVMCompiler",
                "-nowarn", "-no-reflect", "-d", "out", *files]

    def classpath(self) -> str:
        return f".:{self.home()}/lib/kotlin-stdlib.jar"


RUNNER = KotlinRunner()
