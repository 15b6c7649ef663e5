import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import FLOAT, INT, STR, Type
from mbxp.runners.assemble import truncate

from .common import ADD, L, check_language, problem, verdicts

pytestmark = pytest.mark.lang

ANY = Type("any")
T = lambda *a: Type("tuple", a)  # noqa: E731


def test_d_verdicts():
    check_language(
        "d",
        correct="    return a + b;\n}\n",
        syntax_error="    return a +;\n}\n",
        infinite_loop="    while (true) {}\n}\n",
        crash="    int[] xs;\n    return xs[1];\n}\n",
    )


def test_d_early_exit_and_chat_answer():
    chat = "```d\nint addNums(int a, int b) {\n    return a + b;\n}\n```"
    early = "    import core.stdc.stdlib : exit;\n    exit(0);\n    return 0;\n}\n"
    got = verdicts("d", [(ADD, early), (ADD, chat), (ADD, "    return a - b;\n}\n")])
    assert got[0].startswith("runtime_error") and got[1:] == ["passed", "failed"]


def test_d_types_and_tricky_literals():
    cases = [
        problem("het", [("x", T(INT, STR))], T(STR, INT), [(((1, "a\\"),), ("a\\\"{", 1))]),
        problem("hom", [("x", T(INT, INT, INT))], L(T(INT, INT)), [(((1, 2, 3),), [(1, 2)])]),
        problem("dyn", [("x", L(ANY))], L(ANY), [(([1, "a", [2.5, None], {"k": True}, []],), [[1], 2.0])]),
        problem("big", [("x", Type("long"))], Type("optional", (L(FLOAT),)), [((2**62,), [1, 2.5]), ((-2**63,), None)]),
        problem("unord", [("s", STR)], L(STR), [(("\x01\n\t",), ["b", "a"])], compare="unordered"),
        problem("d", [("m", Type("dict", (STR, L(INT))))], Type("set", (INT,)), [(({"a": [1]},), {3, 1}), (({},), set())]),
        problem("bell", [("n", INT)], Type("bigint"), [((1,), 2**70), ((2,), 5)]),
        problem("keys", [("m", Type("dict", (T(INT, INT), INT)))], INT, [(({(1, 2): 3},), 3)]),
        # arrays of AAs need the cast-expression form; `r` must not clash with the oracle's locals
        problem("lod", [("r", INT)], L(Type("dict", (STR, Type("dict", (STR, Type("long")))))),
                [((1,), [{"a": {"b": 1}}, {}, {"c": {"d": 2**40}}])]),
    ]
    em = get_emitter("d")
    items = [(p, em.oracle(p, [c.expected for c in p.tests])) for p in cases]
    assert verdicts("d", items) == ["passed"] * len(cases)
    perm = '    return ["a", "b"];\n}\n'
    assert verdicts("d", [(cases[4], perm)]) == ["passed"]


def test_d_variant_numbers_compare_like_python():
    p = problem("dyn2", [("x", ANY)], ANY, [((1,), 2.0)])
    got = verdicts("d", [(p, "    return Variant(2);\n}\n"), (p, '    return Variant("2");\n}\n'),
                         (p, "    return Variant(2.0000000001);\n}\n")])
    assert got == ["passed", "failed", "passed"]


def test_d_truncates_after_the_function():
    completion = '    return a + b; // }\n}\n\nvoid main() {}\n'
    assert truncate(completion, "d") == '    return a + b; // }\n}\n'
