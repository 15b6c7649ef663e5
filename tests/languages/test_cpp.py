import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import FLOAT, INT, STR, Type
from mbxp.runners.assemble import truncate

from .common import ADD, L, check_language, mbpp, problem, record_problems, verdicts

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


def test_cpp_records_take_ordinary_solutions():
    """Node trees by pointer, Pair lists by value, Complex as std::complex<double>."""
    from mbxp.conversion.rows import make_row
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    assert "struct Node {\n    int data;\n    Node* left;\n    Node* right;\n" in make_row(p927, "cpp")["prompt"]
    assert make_row(p927, "cpp")["prompt"].endswith("int maxHeight(Node* node) {\n")
    assert make_row(p601, "cpp")["prompt"].endswith("int maxChainLength(vector<Pair> arr, int n) {\n")
    height = "    if (!node) return 0;\n    return 1 + max(maxHeight(node->left), maxHeight(node->right));\n}\n"
    balanced = ("    function<int(Node*)> h = [&](Node* t) {\n        if (t == nullptr) return 0;\n"
                "        int l = h(t->left), r = h(t->right);\n"
                "        return l < 0 || r < 0 || abs(l - r) > 1 ? -1 : 1 + max(l, r);\n    };\n"
                "    return h(root) >= 0;\n}\n")
    chain = ("    vector<int> best(n, 1);\n    for (int i = 1; i < n; i++)\n"
             "        for (int j = 0; j < i; j++)\n"
             "            if (arr[i].a > arr[j].b) best[i] = max(best[i], best[j] + 1);\n"
             "    return *max_element(best.begin(), best.end());\n}\n")
    polar_ = "    complex<double> z(x, y);\n    return {{abs(z), arg(z)}, polar(2.0, M_PI)};\n}\n"
    got = verdicts("cpp", [
        (p927, height), (p367, balanced), (p601, chain), (p124, "    return arg((double)a + b);\n}\n"),
        (p590, polar_), (p927, height.replace("1 +", "2 +")),
        (p590, polar_.replace("polar(2.0, M_PI)", "polar(2.0, M_PI / 2)")),
    ], timeout=20.0)
    assert got == ["passed"] * 5 + ["failed"] * 2


def test_cpp_record_results_compare_deeply():
    # a returned tree is compared node by node; `new Node(5)` leaves the children null as in Python
    from mbxp.conversion.emitters.cpp import EMITTER
    from mbxp.conversion.oracle import oracle_results, wrong_results
    p = record_problems()[3]  # mirror: returns a tree
    solution = "    return root ? new Node(root->data, mirror(root->right), mirror(root->left)) : nullptr;\n}\n"
    shallow = "    return root ? new Node(root->data, root->right, root->left) : nullptr;\n}\n"
    got = verdicts("cpp", [(p, EMITTER.oracle(p, oracle_results(p))), (p, EMITTER.oracle(p, wrong_results(p))),
                           (p, solution), (p, shallow)], timeout=20.0)
    assert got == ["passed", "failed", "passed", "failed"]
