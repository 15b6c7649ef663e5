"""Hand-written problems and helpers shared by the per-language tests (tests/languages/test_<lang>.py).

Each language test checks, on problems written here (not on the benchmark data), that:
- the oracle completion passes and a wrong one fails with verdict `failed`;
- a hand-written correct completion passes, a non-compiling one gets `compile_error`, an infinite
  loop gets `timeout`, and a crash gets `runtime_error`.
"""
from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest

from mbxp.conversion.ir import BOOL, FLOAT, INT, STR, Param, Problem, TestCase, Type
from mbxp.conversion.oracle import oracle_results, wrong_results
from mbxp.conversion.rows import make_row
from mbxp.runners.assemble import assemble
from mbxp.runners.base import Job
from mbxp.runners.engine import Cache, judge

L = lambda t: Type("list", (t,))  # noqa: E731


def problem(name, params, returns, cases, **kw) -> Problem:
    tests = [TestCase(list(a), e) for a, e in cases]
    return Problem(task_id=f"MBPP/{abs(hash(name)) % 10000}", dataset="mbpp", number=1, entry_point=name,
                   params=[Param(n, t) for n, t in params], returns=returns,
                   description=f"Write a python function {name}. Returns None if nothing fits.",
                   tests=tests, examples=tests[:1], **kw)


ADD = problem("add_nums", [("a", INT), ("b", INT)], INT, [((1, 2), 3), ((5, -7), -2), ((0, 0), 0)])
MEAN = problem("list_mean", [("xs", L(FLOAT))], FLOAT, [(([1.0, 2.0],), 1.5), (([0.1, 0.2],), 0.15000000000000002)])
WORDS = problem("split_words", [("s", STR)], L(STR), [(("a b",), ["a", "b"]), (("",), [])])
COUNTS = problem("count_chars", [("s", STR)], Type("dict", (STR, INT)), [(("aab",), {"a": 2, "b": 1})])
PAIRS = problem("min_max", [("xs", L(INT))], Type("tuple", (INT, INT)), [(([3, 1, 2],), (1, 3))])
NESTED = problem("chunk", [("xs", L(INT)), ("n", INT)], L(L(INT)),
                 [(([1, 2, 3], 2), [[1, 2], [3]]), (([], 1), [])])
FIRST_EVEN = problem("first_even", [("xs", L(INT))], Type("optional", (INT,)),
                     [(([1, 4, 6],), 4), (([1, 3],), None)])
IS_POS = problem("is_positive", [("x", FLOAT)], BOOL, [((1.5,), True), ((-2.0,), False)])
UNIQUE = problem("unique", [("xs", L(INT))], Type("set", (INT,)), [(([1, 2, 2],), {1, 2})])
MIXED = problem("mixed", [("xs", L(Type("any")))], INT, [(([1, "a", 2.5],), 3)])

ALL = [ADD, MEAN, WORDS, COUNTS, PAIRS, NESTED, FIRST_EVEN, IS_POS, UNIQUE, MIXED]


def verdicts(language: str, items: list[tuple[Problem, str]], timeout: float = 10.0) -> list[str]:
    """Judge (problem, completion) pairs in `language`; returns the verdicts in order."""
    jobs = []
    for i, (p, completion) in enumerate(items):
        row = make_row(p, language)
        assert isinstance(row, dict), f"{p.entry_point} dropped in {language}: {row}"
        jobs.append(Job(str(i), language, assemble(row, completion)))
    got = {job.key: outcome for job, outcome in judge(jobs, workers=2, timeout=timeout, cache=Cache())}
    return [got[str(i)].verdict + ("" if got[str(i)].verdict in ("passed", "failed", "timeout", "compile_error")
                                    else ": " + got[str(i)].stderr[-300:]) for i in range(len(items))]


def oracle_and_wrong(language: str, problems: list[Problem]) -> list[tuple[Problem, str]]:
    from mbxp.conversion.emitters import get_emitter
    em = get_emitter(language)
    out = []
    for p in problems:
        out.append((p, em.oracle(p, oracle_results(p))))
        out.append((p, em.oracle(p, wrong_results(p))))
    return out


def check_language(language: str, correct: str, syntax_error: str, infinite_loop: str, crash: str,
                   problems: list[Problem] = ALL) -> None:
    """The standard per-language test. `correct`, `syntax_error`, `infinite_loop` and `crash` are
    completions (in the continue-the-prompt style) for ADD."""
    supported = [p for p in problems if not __import__("mbxp.conversion.emitters", fromlist=["x"])
                 .get_emitter(language).unsupported(p)]
    pairs = oracle_and_wrong(language, supported)
    extra = [(ADD, correct), (ADD, syntax_error), (ADD, infinite_loop), (ADD, crash)]
    got = verdicts(language, pairs + extra, timeout=15.0)  # slow-starting runtimes on a busy machine
    expected = ["passed", "failed"] * len(supported) + ["passed", "compile_error", "timeout", "runtime_error"]
    labels = [f"{p.entry_point}/{k}" for p in supported for k in ("oracle", "wrong")] + \
        ["add/correct", "add/syntax_error", "add/infinite_loop", "add/crash"]
    mismatches = [(lbl, e, g) for lbl, e, g in zip(labels, expected, got) if not g.startswith(e)]
    assert not mismatches, mismatches


@functools.lru_cache(maxsize=None)
def _mbpp_rows() -> dict:
    from mbxp.conversion.sources import load_mbpp
    src = Path(os.environ["MBXP_SOURCE_DIR"])  # conftest points it at ../shared/data
    if not (src / "mbpp" / "mbpp.jsonl").exists():
        pytest.fail(f"no MBPP data in {src}: set MBXP_SOURCE_DIR")
    return {r["task_id"]: r for r in load_mbpp(src)}


def mbpp(number: int) -> Problem:
    """A real MBPP problem, analysed (records need the reference's own classes)."""
    from mbxp.conversion.problems import from_mbpp
    return from_mbpp(_mbpp_rows()[number])


MAX_HEIGHT = ("class Node: \n\tdef __init__(self, data): \n\t\tself.data = data \n\t\tself.left = None\n"
              "\t\tself.right = None\ndef max_height(node): \n\tif node is None: \n\t\treturn 0\n"
              "\treturn max(max_height(node.left), max_height(node.right)) + 1\n")
MAX_HEIGHT_SETUP = ("root = Node(1)\nroot.left = Node(2)\nroot.right = Node(3)\nroot.left.left = Node(4)\n"
                    "root.left.right = Node(5)\nroot1 = Node(1)\nroot1.left = Node(2)\nroot1.right = Node(3)\n"
                    "root1.left.left = Node(4)\nroot1.right.left = Node(5)\nroot1.right.right = Node(6)\n"
                    "root1.right.right.right= Node(7)\nroot1.right.right.right.right = Node(8)\n")
POLAR = ("import cmath\ndef polar_rect(x,y):\n cn = complex(x,y)\n cn=cmath.polar(cn)\n"
         " cn1 = cmath.rect(2, cmath.pi)\n return (cn,cn1)")
CHAIN = ("class Pair(object): \n\tdef __init__(self, a, b): \n\t\tself.a = a \n\t\tself.b = b \n"
         "def max_chain_length(arr, n): \n\treturn 3 if arr[0].a == 5 else 4\n")


def inline_mbpp(code, tests, setup=""):
    """A problem from MBPP-style source text (for records: the classes must be the reference's own)."""
    from mbxp.conversion.problems import from_mbpp
    return from_mbpp({"task_id": 9999, "text": "Write a function.", "code": code, "test_list": tests,
                      "test_setup_code": setup, "challenge_test_list": [], "split": "test"})


def record_problems() -> tuple[Problem, Problem, Problem, Problem]:
    """MBPP/927 (a Node tree), 590 (a Complex result), 601 (a list of Pairs) and a tree-returning
    mirror problem, from inline sources."""
    from tests.test_records import MIRROR, MIRROR_TESTS
    height = inline_mbpp(MAX_HEIGHT, ["assert max_height(root) == 3", "assert max_height(root1) == 5",
                                      "assert max_height(Node(7)) == 1"], MAX_HEIGHT_SETUP)
    polar = inline_mbpp(POLAR, [
        "assert polar_rect(3,4)==((5.0, 0.9272952180016122), (-2+2.4492935982947064e-16j))",
        "assert polar_rect(15,17)==((22.67156809750927, 0.8478169733934057), (-2+2.4492935982947064e-16j))"])
    chain = inline_mbpp(CHAIN, [
        "assert max_chain_length([Pair(5, 24), Pair(15, 25),Pair(27, 40), Pair(50, 60)], 4) == 3",
        "assert max_chain_length([Pair(1, 2), Pair(3, 4),Pair(5, 6), Pair(7, 8)], 4) == 4"])
    return height, polar, chain, inline_mbpp(MIRROR, MIRROR_TESTS)


def judge_both(language: str, items: list[tuple[Problem, str]], timeout: float = 20.0):
    """[(job, outcome)] per item, twice: batched (workers=1, so one batch) and per sample."""
    return judge_sources_both(language, [assemble(make_row(p, language), c) for p, c in items], timeout)


def judge_sources_both(language: str, sources: list[str], timeout: float = 20.0):
    """judge_both for whole programs."""
    out = []
    for batching in (True, False):
        jobs = [Job(str(i), language, s) for i, s in enumerate(sources)]
        got = {j.key: (j, o) for j, o in judge(jobs, workers=1, timeout=timeout, cache=Cache(), batching=batching)}
        out.append([got[str(i)] for i in range(len(sources))])
    return out


def program_with(language: str, problem: Problem, completion: str, before: str = "", after: str = "") -> str:
    """The assembled program with `before` inserted before the function's signature and `after`
    between the completion and the test: items a truncated completion can't hold."""
    row = make_row(problem, language)
    source = assemble(row, completion)
    fn = row["prompt"].rindex("\n", 0, len(row["prompt"]) - 1) + 1  # the signature's line
    test = source.rindex(row["test"])
    return source[:fn] + before + source[fn:test] + after + source[test:]
