"""Clojure: `java ... clojure.main main.clj` with the short-lived-JVM flags (serial GC, C1 only,
the JDK's class-data archive). Debian's Clojure jar needs spec.alpha and core.specs.alpha: its
manifest points at them in /usr/share/maven-repo; the /usr/share/java copies are added too, in
case the manifest's paths move.

Clojure reads and compiles one top-level form at a time, so a reader or compiler error (unbalanced
parens, unresolved symbol) shows as `Syntax error ... at (main.clj:L:C)`: a compile error, though
forms before it have already run. Truncation reuses the Lisp paren counter, with `\\x` characters."""
from __future__ import annotations

from pathlib import Path

from ..base import Runner
from .java import JVM_FLAGS
from .racket import lisp_cut

SPEC_JARS = ["/usr/share/java/spec.alpha.jar", "/usr/share/java/core.specs.alpha.jar"]


class ClojureRunner(Runner):
    language = "clojure"
    filename = "main.clj"
    tools = {"java": "java"}
    end_style = "parens"
    line_comment = ";"
    stop_tokens = ["\n(def", "\n;", "\n("]  # as MultiPL-E
    compile_error_patterns = [r"Syntax error [\w ]*?(reading source|compiling|macroexpanding)"
                              r".*? at \((\S*/)?main\.clj:\d+"]

    def available(self) -> bool:
        return bool(self.tool("java")) and Path(self.jar()).is_file()

    def jar(self) -> str:
        return self.toolchain().get("clojure_jar") or "/usr/share/java/clojure.jar"

    @property
    def run_cmd(self) -> list[str]:
        classpath = ":".join([self.jar()] + [j for j in SPEC_JARS if Path(j).is_file()])
        return ["{java}", *JVM_FLAGS, "-Xss16m", "-Xmx1g",
                "-cp", classpath, "clojure.main", "main.clj"]

    def truncate(self, completion: str, prompt: str) -> str:
        return lisp_cut(completion, prompt, "\\")


RUNNER = ClojureRunner()
