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


def test_cpp_bigint_is_gmp():
    big = Type("bigint")
    cases = [
        problem("huge", [("n", INT)], L(big), [((1,), [2**70, -2**70, -5, 0, 2**40])]),
        problem("huge_opt", [("n", INT)], Type("optional", (big,)), [((1,), -3**50), ((2,), None)]),
        problem("huge_map", [("n", big)], Type("dict", (STR, T(big, INT))), [((10**30,), {"a": (-2**64, 1)})]),
    ]
    em = get_emitter("cpp")
    assert "#include <gmpxx.h>" in em.prompt(cases[0]) and "mpz_class" in em.signature(cases[0])
    items = [(p, em.oracle(p, [c.expected for c in p.tests])) for p in cases]
    real = "    vector<mpz_class> r = {1, -1, -5, 0, mpz_class(1) << 40};\n    r[0] <<= 70; r[1] <<= 70;\n    return r;\n}\n"
    off_by_one = "    mpz_class x = 1;\n    x <<= 70;\n    return {x + 1, -x, -5, 0, mpz_class(1) << 40};\n}\n"
    assert verdicts("cpp", items + [(cases[0], real), (cases[0], off_by_one)]) == ["passed"] * 4 + ["failed"]


def test_cpp_any_sets():
    # Python sets inside a dynamic value; {1, 2.5} == {1.0, 2.5} as in Python, though AnySet orders
    # 1LL and 1.0 differently
    p = problem("dynset", [("x", ANY)], ANY, [(([{1, 2}, {}],), [{1, 2.5}, frozenset()])])
    em = get_emitter("cpp")
    assert "AnySet{1LL, 2LL}" in em.test(p)
    got = verdicts("cpp", [(p, em.oracle(p, [[{1, 2.5}, set()]])),
                           (p, "    return AnyList{AnySet{2.5, 1.0}, AnySet{}};\n}\n"),
                           (p, "    return AnyList{AnySet{1LL, 2LL}, AnySet{}};\n}\n"),
                           (p, "    return AnyList{AnySet{1LL, 2.5}, AnyDict{}};\n}\n")])
    assert got == ["passed", "passed", "failed", "failed"]


def test_cpp_truncates_after_the_function():
    completion = '    return a + b; // }\n}\n\nint main() { return 1; }\n'
    assert truncate(completion, "cpp") == '    return a + b; // }\n}\n'
