"""Shared test helpers (runners/harness.py): a program's helper block is compiled once into a
library only when that cannot change the program's verdict."""
import pytest

from mbxp.runners import harness
from mbxp.runners.base import Job
from mbxp.runners.engine import Cache, judge
from mbxp.runners.specs import get_runner
from mbxp.runners.specs.jvm_cds import warm_program

LANGUAGES = ["kotlin", "scala", "swift"]

# Declarations a completion could make that would change what the helper block means (or make
# the program an error only while the block is in it), and one that cannot.
CHANGES = {
    "kotlin": ["class Triple(val x: Int)", "fun mbxpEq(a: Any?, b: Any?): Boolean = true",
               "fun <T> Iterable<T>.all(p: (T) -> Boolean) = true", "object Math { fun abs(x: Double) = x }",
               "operator fun Double.minus(o: Double) = 0.0", "val Double.isNaN: Boolean get() = false",
               "fun mbxpCheck(i: Int, got: Any?, expected: Any?) {}", "object System { val err = 0 }"],
    "scala": ["}\ncase class BigInt(x: Int)\nobject Main2 {", "}\ndef mbxpEq(a: Any, b: Any): Boolean = true\nobject Main2 {",
              "}\nextension (d: Double) def isNaN: Boolean = false\nobject Main2 {",
              "  implicit def toD(x: Int): Double = 0.0", "}\nobject math { def abs(x: Double) = x }\nobject Main2 {"],
    "swift": ["struct Mirror { let x: Int }", "func mbxpEqual(_ a: Any, _ b: Any) -> Bool { true }",
              "extension Double { var isFinite: Bool { false } }", "func == (a: Any, b: Any) -> Bool { true }",
              "typealias AnyHashable = Int", "let stderr = 2",  # mbxpCheck's fputs(..., stderr) would not compile
              "func mbxpCheck(_ i: Int, _ a: Any, _ b: Any, unordered: Bool = false) {}"],
}
HARMLESS = {"kotlin": "fun helperOfMine(x: Int): Int { val total = x + 1; return total }",
            "swift": "func helperOfMine(_ x: Int) -> Int { let total = x + 1; return total }",
            "scala": "  def helperOfMine(x: Int): Int = { import scala.collection.mutable.ListBuffer; val total = x + 1; total }"}


# where a completion's text ends (Scala's is inside `object Main`)
COMPLETION_END = {"kotlin": "\nfun mbxpClose(", "scala": "\n}\n\nobject MbxpTest {", "swift": "\nfunc mbxpClose("}
CLASH_VERDICT = {"kotlin": "compile_error", "scala": "passed", "swift": "compile_error"}  # Scala: MbxpTest's own member wins


def with_declaration(language: str, decl: str) -> str:
    program = warm_program(language)
    at = program.index(COMPLETION_END[language])
    return program[:at] + "\n" + decl + "\n" + program[at:]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_block_is_blanked_line_for_line(language):
    program = warm_program(language)
    part = harness.split(program, get_runner(language).harness_rules)
    assert part is not None
    assert part.block.startswith(get_runner(language).harness_rules.start)
    assert part.blanked().count("\n") == program.count("\n")
    assert part.blanked().splitlines()[-1] == program.splitlines()[-1]


@pytest.mark.parametrize("language", LANGUAGES)
def test_declarations_that_could_change_the_block_keep_it_in_the_program(language):
    rules = get_runner(language).harness_rules
    for decl in CHANGES[language]:
        assert harness.split(with_declaration(language, decl), rules) is None, decl
    assert harness.split(with_declaration(language, HARMLESS[language]), rules) is not None
    # words in comments declare nothing ("given" is a Scala keyword, and common in descriptions)
    assert harness.split(with_declaration(language, "/** given a Triple, class Triple */ // object Math"), rules)


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_engine_verdicts_match_the_whole_program(language):
    runner = get_runner(language)
    if not runner.available():
        pytest.fail(f"no {language} toolchain: run scripts/install-toolchains --only {language}")
    good = warm_program(language)
    clash = with_declaration(language, CHANGES[language][1])  # a second mbxpEq: an error in one file
    block = good.index("\n" + runner.harness_rules.start)
    oracle = good.rindex("1.5", 0, block)  # the first recorded value the oracle returns
    wrong = good[:oracle] + "1.25" + good[oracle + 3:]
    programs = {"good": good, "clash": clash, "wrong": wrong}
    engine_jobs = [Job(k, language, src) for k, src in programs.items()]
    engine = {job.key: o.verdict for job, o in judge(engine_jobs, workers=2, timeout=30, cache=Cache())}
    alone = {job.key: o.verdict for job, o in judge([Job(k, language, src) for k, src in programs.items()],
                                                     workers=2, timeout=30, batching=False)}
    assert engine == alone == {"good": "passed", "clash": CLASH_VERDICT[language], "wrong": "failed"}
    shared = {job.key for job in engine_jobs if job.extra.get("jvm_harness") or job.extra.get("swift_harness")}
    assert shared == {"good", "wrong"}  # the helpers were compiled apart for those two
