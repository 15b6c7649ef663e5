import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import FLOAT, INT, STR, Type
from mbxp.conversion.oracle import oracle_results
from mbxp.conversion.rows import make_row
from mbxp.runners.assemble import assemble

from .common import ADD, ALL, L, check_language, problem, verdicts

pytestmark = pytest.mark.lang

T = lambda *a: Type("tuple", a)  # noqa: E731
OPT = lambda t: Type("optional", (t,))  # noqa: E731
ANY = Type("any")

# Values whose Scala rendering needs care: long and tiny tuples, None inside tuples and Any, boxed values.
NULL_IN_TUPLE = problem("opt_pair", [("x", T(INT, OPT(INT)))], T(INT, OPT(INT)),
                        [(((1, None),), (1, None)), (((2, 3),), (2, None))])
LONG_TUPLE = problem("long_tuple", [("t", T(*[INT] * 9))], T(STR, INT, *[STR] * 29),
                     [(((1,) * 9,), ("a", 1, *"bcdefghijklmnopqrstuvwxyz1234"))])
BOXED = problem("boxed", [("xs", L(ANY))], L(ANY),
                [(([1, "a", 2.5, (1, (2, 3)), [1, 2], {1: 2}, None, (), ("x",), 2**40, 2**70],),
                  [2**40, 1.0, "a", (1, (2, 3)), [1, 2], {1: 2}, None, (), ("x",), [], 2**70])])
UNORDERED = problem("perm", [("xs", L(INT))], L(L(INT)), [(([1, 2],), [[1, 2], [2, 1]])], compare="unordered")
FLOATS = problem("halves", [("n", INT)], Type("dict", (STR, L(FLOAT))), [((2,), {"a": [0.5, 1.0], "b": []})])
KEYWORD = problem("type", [("val", INT), ("match", STR)], Type("dict", (T(INT, INT), Type("set", (STR,)))),
                  [((1, "a"), {(1, 2): {"a", "b"}}), ((2, "b"), {})])


def test_scala_verdicts():
    check_language(
        "scala",
        correct="    a + b\n  }\n",
        syntax_error="    a +\n  }\n",
        infinite_loop="    while (true) {}\n    0\n  }\n",
        crash="    List[Int]()(1)\n  }\n",
        problems=[*ALL, NULL_IN_TUPLE, LONG_TUPLE, BOXED, UNORDERED, FLOATS, KEYWORD],
    )


def test_prompt_shape():
    p = problem("add_nums", [("a", INT), ("type", STR)], INT, [((1, "x"), 2)])
    prompt = get_emitter("scala").prompt(p)
    assert "object Main {\n" in prompt
    assert "   * >>> addNums(1, \"x\")\n   * 2\n" in prompt
    assert prompt.endswith("  def addNums(a : Int, `type` : String) : Int = {\n")


def test_tolerance_and_exits():
    mean = problem("mean", [("x", FLOAT)], FLOAT, [((1.0,), 1.0)])
    got = verdicts("scala", [
        (mean, "    x + 1e-9\n  }\n"),                  # within rel_tol
        (mean, "    x + 1e-3\n  }\n"),                  # outside
        (ADD, "    System.exit(0); 0\n  }\n"),          # skips the checks
        (ADD, "    throw new RuntimeException(\"boom\")\n  }\n"),
    ])
    assert got[0] == "passed" and got[1] == "failed"
    assert got[2].startswith("runtime_error") and got[3].startswith("runtime_error")


def test_batch_isolates_compile_errors():
    """Broken programs in a batch must not fail their batch-mates, which still run their own code."""
    items = [(ADD, f"    a + b + {i} * 0\n  }}\n") for i in range(3)] + [(ADD, "    a +\n  }\n")] + \
        [(ADD, f"    a + b + {i}\n  }}\n") for i in range(1, 3)] + [(ADD, "    undefinedName\n  }\n")]
    got = verdicts("scala", items)
    assert got == ["passed"] * 3 + ["compile_error"] + ["failed"] * 2 + ["compile_error"]


def test_oracle_survives_truncation():
    row = make_row(BOXED, "scala")
    oracle = get_emitter("scala").oracle(BOXED, oracle_results(BOXED))
    program = assemble(row, oracle + "\n  def extra(): Int = 1\n")
    assert "extra" not in program
