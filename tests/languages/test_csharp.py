import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import FLOAT, INT, STR, Type
from mbxp.conversion.oracle import oracle_results
from mbxp.runners.assemble import assemble
from mbxp.conversion.rows import make_row

from .common import mbpp, ADD, L, check_language, problem, verdicts

pytestmark = pytest.mark.lang

T = lambda *a: Type("tuple", a)  # noqa: E731
OPT = lambda t: Type("optional", (t,))  # noqa: E731
ANY = Type("any")

# Types mcs is fragile with: tuples nested in generics, tuples holding null, long tuples, boxed values.
NESTED_TUPLES = problem("pairs", [("xs", L(T(L(T(INT, INT)), INT)))], L(T(L(T(INT, INT)), INT)),
                        [(([([(1, 2)], 3)],), [([(1, 2)], 3)]), (([],), [])])
NULL_IN_TUPLE = problem("opt_pair", [("x", T(INT, OPT(INT)))], T(INT, OPT(INT)),
                        [(((1, None),), (1, None)), (((2, 3),), (2, None))])
LONG_TUPLE = problem("long_tuple", [("t", T(*[INT] * 9))], T(STR, INT, *[STR] * 8),
                     [(((1,) * 9,), ("a", 1, *"bcdefghi"))])
BOXED = problem("boxed", [("xs", L(ANY))], L(ANY),
                [(([1, "a", 2.5, (1, (2, 3)), [1, 2], {1: 2}, None, (), ("x",), 2**40],),
                  [2**40, 1.0, "a", (1, (2, 3)), [1, 2], {1: 2}, None, (), ("x",)])])
UNORDERED = problem("perm", [("xs", L(INT))], L(L(INT)), [(([1, 2],), [[1, 2], [2, 1]])], compare="unordered")
FLOATS = problem("halves", [("n", INT)], Type("dict", (STR, L(FLOAT))), [((2,), {"a": [0.5, 1.0], "b": []})])


def test_csharp_verdicts():
    check_language(
        "csharp",
        correct="        return a + b;\n    }\n",
        syntax_error="        return a +;\n    }\n",
        infinite_loop="        while (true) { }\n    }\n",
        crash="        return new int[0][1];\n    }\n",
        problems=[*__import__("tests.languages.common", fromlist=["ALL"]).ALL,
                  NESTED_TUPLES, NULL_IN_TUPLE, LONG_TUPLE, BOXED, UNORDERED, FLOATS],
    )


def test_prompt_shape():
    p = problem("add_nums", [("a", INT), ("string", STR)], INT, [((1, "x"), 2)])
    prompt = get_emitter("csharp").prompt(p)
    assert prompt.startswith("using System;\n")
    assert "    /// >>> AddNums(1, \"x\")\n    /// 2\n" in prompt
    assert prompt.endswith("    public static int AddNums(int a, string @string) {\n")


def test_tolerance_and_exits():
    mean = problem("mean", [("x", FLOAT)], FLOAT, [((1.0,), 1.0)])
    got = verdicts("csharp", [
        (mean, "        return x + 1e-9;\n    }\n"),              # within rel_tol
        (mean, "        return x + 1e-3;\n    }\n"),              # outside
        (ADD, "        Environment.Exit(0); return 0;\n    }\n"),  # skips the checks
        (ADD, "        throw new Exception(\"boom\");\n    }\n"),
    ])
    assert got[0] == "passed" and got[1] == "failed"
    assert got[2].startswith("runtime_error") and got[3].startswith("runtime_error")


def test_batch_isolates_compile_errors():
    """One broken program in a batch must not fail its batch-mates, which still run their own code."""
    items = [(ADD, f"        return a + b + {i} * 0;\n    }}\n") for i in range(5)] + [(ADD, "        return a +;\n    }\n")] + \
        [(ADD, f"        return a + b + {i};\n    }}\n") for i in range(1, 4)] + \
        [(ADD, "        return undefinedName;\n    }\n")]
    got = verdicts("csharp", items)
    assert got == ["passed"] * 5 + ["compile_error"] + ["failed"] * 3 + ["compile_error"]


def test_oracle_survives_truncation():
    p = BOXED
    row = make_row(p, "csharp")
    oracle = get_emitter("csharp").oracle(p, oracle_results(p))
    program = assemble(row, oracle + "\n    static int Extra() { return 1; }\n")
    assert "Extra" not in program


def test_records_with_ordinary_solutions():
    """Node trees, Pair lists and System.Numerics.Complex, solved the way a C# programmer would."""
    height = ("        if (node == null) return 0;\n"
              "        return 1 + Math.Max(MaxHeight(node.left), MaxHeight(node.right));\n    }\n")
    balanced = ("        Func<Node, int> height = null;\n"
                "        height = n => {\n"
                "            if (n == null) return 0;\n"
                "            int l = height(n.left), r = height(n.right);\n"
                "            return l < 0 || r < 0 || Math.Abs(l - r) > 1 ? -1 : 1 + Math.Max(l, r);\n"
                "        };\n        return height(root) >= 0;\n    }\n")
    chain = ("        var best = Enumerable.Repeat(1, n).ToArray();\n"
             "        for (int i = 0; i < n; i++)\n"
             "            for (int j = 0; j < i; j++)\n"
             "                if (arr[i].a > arr[j].b) best[i] = Math.Max(best[i], best[j] + 1);\n"
             "        return best.Max();\n    }\n")
    phase = "        return (a + b).Phase;\n    }\n"
    polar = ("        return ((Math.Sqrt(x * x + y * y), Math.Atan2(y, x)), Complex.FromPolarCoordinates(2, Math.PI));\n"
             "    }\n")
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    em = get_emitter("csharp")
    assert "class Node {\n    public int data;\n    public Node left;" in em.prompt(p927)
    assert "class Complex" not in em.prompt(p590) and "Complex> PolarRect(int x, int y) {" in em.prompt(p590)
    got = verdicts("csharp", [(p927, height), (p367, balanced), (p601, chain), (p124, phase), (p590, polar),
                              (p927, height.replace("1 +", "2 +")),
                              (p590, polar.replace("Math.PI", "Math.PI / 2"))])
    assert got == ["passed"] * 5 + ["failed"] * 2
