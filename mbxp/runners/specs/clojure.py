"""Clojure: `java ... clojure.main main.clj` with the short-lived-JVM flags (serial GC, C1 only,
the JDK's class-data archive). Debian's Clojure jar needs spec.alpha and core.specs.alpha: its
manifest points at them in /usr/share/maven-repo; the /usr/share/java copies are added too, in
case the manifest's paths move.

Clojure reads and compiles one top-level form at a time, so a reader or compiler error (unbalanced
parens, unresolved symbol) shows as `Syntax error ... at (main.clj:L:C)`: a compile error, though
forms before it have already run. Truncation reuses the Lisp paren counter, with `\\x` characters.

Most of a run is loading clojure.core (~1 s): runs map a class-data sharing archive of the jars'
classes, dumped once by a trusted warm program (see jvm_cds): ~990 -> ~450 ms a run, measured."""
from __future__ import annotations

import os
import threading
from pathlib import Path

from ..base import Job, Runner
from ..sandbox import Limits, ProcResult
from . import jvm_cds
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

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cds: str | None | bool = False  # False: not built yet

    def available(self) -> bool:
        return bool(self.tool("java")) and Path(self.jar()).is_file()

    def jar(self) -> str:
        return self.toolchain().get("clojure_jar") or "/usr/share/java/clojure.jar"

    @property
    def run_cmd(self) -> list[str]:
        classpath = ":".join([self.jar()] + [j for j in SPEC_JARS if Path(j).is_file()])
        return ["{java}", *JVM_FLAGS, "-Xss16m", "-Xmx1g",
                "-cp", classpath, "clojure.main", "main.clj"]

    @property
    def per_sample_run(self) -> list[str]:  # the plain command, without the archive
        return self.run_cmd

    def cds(self) -> str | None:
        with self._lock:
            if self._cds is False:
                self._cds = jvm_cds.for_script(self, self.fill(self.run_cmd))
            return self._cds  # type: ignore[return-value]

    def binds(self) -> list[str]:
        return super().binds() + ([os.path.dirname(self._cds)] if self._cds else [])

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        argv, jsa = self.fill(self.run_cmd), self.cds()
        if jsa:
            argv[1:1] = [*jvm_cds.LOG_FLAGS, f"-XX:SharedArchiveFile={jsa}"]
        return self.sandboxed(argv, job.workdir, Limits(timeout=timeout, memory_mb=self.memory_mb), sandbox)

    def truncate(self, completion: str, prompt: str) -> str:
        return lisp_cut(completion, prompt, "\\")


RUNNER = ClojureRunner()
