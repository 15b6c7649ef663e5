import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import FLOAT, INT, STR, Type
from mbxp.runners.assemble import truncate

from .common import ADD, L, check_language, problem, verdicts

pytestmark = pytest.mark.lang

ANY = Type("any")
T = lambda *a: Type("tuple", a)  # noqa: E731


def test_cpp_verdicts():
    check_language(
        "cpp",
        correct="    return a + b;\n}\n",
        syntax_error="    return a +;\n}\n",
        infinite_loop="    while (true) {}\n}\n",
        crash="    vector<int> xs;\n    return xs.at(1);\n}\n",
    )


def test_cpp_early_exit_and_chat_answer():
    chat = "```cpp\nint addNums(int a, int b) {\n    return a + b;\n}\n```"
    got = verdicts("cpp", [(ADD, "    exit(0);\n}\n"), (ADD, chat), (ADD, "    return a - b;\n}\n")])
    assert got[0].startswith("runtime_error") and got[1:] == ["passed", "failed"]


def test_cpp_types_and_tricky_literals():
    # heterogeneous tuple, homogeneous tuple as vector, nested any, dict, strings with escapes,
    # long, optional container, float positions holding Python ints, unordered comparison
    cases = [
        problem("het", [("x", T(INT, STR))], T(STR, INT), [(((1, "a\\"),), ("a\\\"{", 1))]),
        problem("hom", [("x", T(INT, INT, INT))], L(T(INT, INT)), [(((1, 2, 3),), [(1, 2)])]),
        problem("dyn", [("x", L(ANY))], L(ANY), [(([1, "a", [2.5, None], {"k": True}],), [[1], 2.0])]),
        problem("big", [("x", Type("long"))], Type("optional", (L(FLOAT),)), [((2**62,), [1, 2.5]), ((-2**63,), None)]),
        problem("unord", [("s", STR)], L(STR), [(("\x01\n\t",), ["b", "a"])], compare="unordered"),
        problem("d", [("m", Type("dict", (STR, L(INT))))], Type("set", (INT,)), [(({"a": [1]},), {3, 1})]),
    ]
    em = get_emitter("cpp")
    items = [(p, em.oracle(p, [c.expected for c in p.tests])) for p in cases]
    assert verdicts("cpp", items) == ["passed"] * len(cases)
    # the multiset comparison accepts a permutation, the exact one does not
    perm = '    return {"a", "b"};\n}\n'
    assert verdicts("cpp", [(cases[4], perm)]) == ["passed"]


def test_cpp_any_numbers_compare_like_python():
    p = problem("dyn2", [("x", ANY)], ANY, [((1,), 2.0)])
    got = verdicts("cpp", [(p, "    return 2LL;\n}\n"), (p, '    return string("2");\n}\n'),
                           (p, "    return 2.0000000001;\n}\n")])
    assert got == ["passed", "failed", "passed"]


def test_cpp_bigint_dropped():
    p = problem("huge", [("n", INT)], Type("bigint"), [((1,), 2**70)])
    assert "64 bits" in get_emitter("cpp").unsupported(p)


def test_cpp_truncates_after_the_function():
    completion = '    return a + b; // }\n}\n\nint main() { return 1; }\n'
    assert truncate(completion, "cpp") == '    return a + b; // }\n}\n'
