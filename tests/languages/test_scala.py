import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import FLOAT, INT, STR, Type
from mbxp.conversion.oracle import oracle_results
from mbxp.conversion.rows import make_row
from mbxp.runners.assemble import assemble

from .common import mbpp, ADD, ALL, L, check_language, problem, verdicts

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


def test_records_with_ordinary_solutions():
    """Node trees, Pair lists and Complex case classes, solved the way a Scala programmer would,
    and a record result (an Option) checked by the oracle and its wrong twin."""
    from mbxp.conversion.oracle import wrong_results
    from mbxp.conversion.problems import from_mbpp
    from tests.test_records import MIRROR, MIRROR_TESTS, mbpp_row
    height = ("    1 + math.max(node.left.map(maxHeight).getOrElse(0),\n"
              "      node.right.map(maxHeight).getOrElse(0))\n  }\n")
    balanced = ("    def height(n: Option[Node]): Int = n match {\n"
                "      case None => 0\n"
                "      case Some(t) =>\n"
                "        val l = height(t.left)\n        val r = height(t.right)\n"
                "        if (l < 0 || r < 0 || math.abs(l - r) > 1) -1 else 1 + math.max(l, r)\n    }\n"
                "    height(Some(root)) >= 0\n  }\n")
    chain = ("    val best = Array.fill(n)(1)\n"
             "    for (i <- 0 until n; j <- 0 until i if arr(i).a > arr(j).b) best(i) = math.max(best(i), best(j) + 1)\n"
             "    best.max\n  }\n")
    phase = "    math.atan2(b.imag, a + b.real)\n  }\n"
    polar = "    ((sqrt(x * x + y * y), atan2(y, x)), Complex(2 * cos(Pi), 2 * sin(Pi)))\n  }\n"
    mirror = "    root.map(n => Node(n.data, mirror(n.right), mirror(n.left)))\n  }\n"
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    pm = from_mbpp(mbpp_row(MIRROR, MIRROR_TESTS))
    em = get_emitter("scala")
    assert "case class Node(data: Int, left: Option[Node], right: Option[Node])\n" in em.prompt(p927)
    got = verdicts("scala", [(p927, height), (p367, balanced), (p601, chain), (p124, phase), (p590, polar),
                             (pm, mirror), (pm, em.oracle(pm, oracle_results(pm))),
                             (p927, height.replace("1 +", "2 +")),
                             (p590, polar.replace("sin(Pi)", "sin(Pi / 2)")),
                             (pm, "    root.map(n => Node(n.data, n.left, n.right))\n  }\n"),
                             (pm, em.oracle(pm, wrong_results(pm)))], timeout=20.0)
    assert got == ["passed"] * 7 + ["failed"] * 4
