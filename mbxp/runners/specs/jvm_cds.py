"""Class-data sharing for short-lived JVM runs (Java, Kotlin, Scala; Clojure's scripts too).

A fresh JVM per program spends much of its start loading and verifying the classes of the
language's library and of what the test harness uses; the JDK's own CDS archive covers only a
default list of JDK classes. So, once per toolchain, a trusted warm program (our emitter's test
for a problem built here, with its oracle) runs with -XX:ArchiveClassesAtExit, and every later
run maps that archive read-only (-XX:SharedArchiveFile). Measured on one Scala program, 2 cores
busy: 320 -> 190 ms a run; Kotlin 127 -> 65 ms; Clojure 990 -> 450 ms. (Java gains least: its
archive adds only what the harness uses beyond the JDK's default list.)

The archive only holds classes from jars (never the program's own, which load from its workdir),
and it is written by our code alone, never by a sandboxed program. It is valid only for the same
jars at the same paths, in the same order, so runs use `<libraries>:warm.jar:.` (the warm
program's jar stays on the class path; its package `mbxpwarm` is no program's). If the JVM finds
the archive unusable it runs without it (-Xshare:auto): only speed ever changes.
"""
from __future__ import annotations

import os
import subprocess
import tempfile
import zipfile
from pathlib import Path

from ..built import cached

PACKAGE = "mbxpwarm"
# JVM warnings (e.g. "unable to use shared archive") would go to stdout, the test's channel.
LOG_FLAGS = ["-Xlog:disable", "-Xlog:all=warning:stderr"]


def warm_program(language: str) -> str:
    """The emitter's prompt, oracle completion and test for a problem with the usual types."""
    from ...conversion.emitters import get_emitter
    from ...conversion.ir import Param, Problem, TestCase, Type
    from ...conversion.oracle import oracle_results
    from ..assemble import assemble
    from ...conversion.rows import make_row
    i, f, s = Type("int"), Type("float"), Type("str")
    lst = lambda t: Type("list", (t,))  # noqa: E731
    tests = [TestCase([[3, 1, 2], "ab"], {"ab": [1.5, 2.0], "c": []}),
             TestCase([[], ""], {}), TestCase([[7], "x y"], {"x": [0.1]})]
    p = Problem(task_id="MBPP/0", dataset="mbpp", number=0, entry_point="warm_up",
                params=[Param("xs", lst(i)), Param("s", s)], returns=Type("dict", (s, lst(f))),
                description="Write a python function to warm up.", tests=tests, examples=tests[:1])
    row = make_row(p, language)
    return assemble(row, get_emitter(language).oracle(p, oracle_results(p)))


def dump(argv: list[str], part: Path, cwd: str, env: dict) -> None:
    """Run the trusted warm program with -XX:ArchiveClassesAtExit (after argv[0], the java)."""
    from ...conversion.emitters.base import PASS_MARKER
    run = subprocess.run([argv[0], f"-XX:ArchiveClassesAtExit={part}", *argv[1:]], cwd=cwd, env=env,
                         capture_output=True, text=True, timeout=300)
    if run.returncode != 0 or PASS_MARKER not in run.stdout or not part.is_file():
        raise subprocess.SubprocessError(f"warm program: {run.stderr[-500:]}")


def for_classes(runner, java: str, libs: list[str], run_flags: list[str]) -> tuple[str, str] | None:
    """(archive, warm jar) for a compiled JVM language (JvmBatchRunner); run_flags are every JVM
    flag a run gets (the archive is only used with the same ones)."""
    try:
        source = warm_program(runner.language)
    except Exception:  # an emitter that cannot express the warm problem: no archive
        return None
    env = {**os.environ, **runner.env()}

    def make(target: Path, part: Path) -> None:
        # the archive records the jar's path, size and time: it is made in its final place
        jar = target / "warm.jar"
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / PACKAGE).mkdir()
            (Path(tmp) / PACKAGE / runner.source_name).write_text(runner.package_decl(PACKAGE) + source)
            (Path(tmp) / "out").mkdir()
            subprocess.run(runner.compile_argv([f"{PACKAGE}/{runner.source_name}"]), cwd=tmp, env=env,
                           check=True, capture_output=True, timeout=600)
            with zipfile.ZipFile(jar.with_suffix(".part"), "w") as z:
                for f in sorted((Path(tmp) / "out").rglob("*.class")):
                    z.write(f, f.relative_to(Path(tmp) / "out").as_posix())
            jar.with_suffix(".part").chmod(0o644)
            os.replace(jar.with_suffix(".part"), jar)
            dump([java, *run_flags, "-cp", ":".join([*libs, str(jar)]),
                  f"{PACKAGE}.{runner.main_class}"], part, tmp, env)

    jsa = cached("java", f"cds-{runner.language}", [os.path.realpath(java), runner.version(), source, *libs, *run_flags],
                 "app.jsa", make)
    return (str(jsa), str(jsa.parent / "warm.jar")) if jsa else None


def for_script(runner, argv: list[str]) -> str | None:
    """The archive for a JVM language whose programs are scripts: `argv` runs the warm program
    written to runner.filename in the current directory, as it will run every program."""
    try:
        source = warm_program(runner.language)
    except Exception:
        return None
    env = {**os.environ, **runner.env()}

    def make(target: Path, part: Path) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / runner.filename).write_text(source)
            dump(argv, part, tmp, env)

    jsa = cached("java", f"cds-{runner.language}", [os.path.realpath(argv[0]), runner.version(), source, *argv],
                 "app.jsa", make)
    return str(jsa) if jsa else None
