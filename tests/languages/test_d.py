import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import BOOL, FLOAT, INT, STR, Type
from mbxp.runners.assemble import truncate

from .common import ADD, L, check_language, judge_both, mbpp, problem, record_problems, verdicts

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


def test_d_records_take_ordinary_solutions():
    """Node trees as a class, Pair lists as structs, Complex as std.complex's Complex!double."""
    from mbxp.conversion.rows import make_row
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    assert "class Node {\n    int data;\n    Node left;\n    Node right;\n" in make_row(p927, "d")["prompt"]
    assert make_row(p601, "d")["prompt"].endswith("int maxChainLength(Pair[] arr, int n) {\n")
    height = "    if (node is null) return 0;\n    return 1 + max(maxHeight(node.left), maxHeight(node.right));\n}\n"
    balanced = ("    int h(Node t) {\n        if (t is null) return 0;\n"
                "        int l = h(t.left), r = h(t.right);\n"
                "        return l < 0 || r < 0 || abs(l - r) > 1 ? -1 : 1 + max(l, r);\n    }\n"
                "    return h(root) >= 0;\n}\n")
    chain = ("    auto best = new int[n];\n    best[] = 1;\n    foreach (i; 1 .. n)\n"
             "        foreach (j; 0 .. i)\n"
             "            if (arr[i].a > arr[j].b) best[i] = max(best[i], best[j] + 1);\n"
             "    return best.maxElement;\n}\n")
    polar = "    auto z = complex(double(x), double(y));\n    return tuple([abs(z), arg(z)], fromPolar(2.0, double(PI)));\n}\n"
    got = verdicts("d", [
        (p927, height), (p367, balanced), (p601, chain), (p124, "    return arg(a + b);\n}\n"),
        (p590, polar), (p927, height.replace("1 +", "2 +")),
        (p590, polar.replace("double(PI)", "double(PI / 2)")),
    ], timeout=30.0)
    assert got == ["passed"] * 5 + ["failed"] * 2


def test_d_record_results_compare_deeply():
    # a returned tree is compared node by node; `new Node(5)` leaves the children null as in Python
    from mbxp.conversion.emitters.d import EMITTER
    from mbxp.conversion.oracle import oracle_results, wrong_results
    p = record_problems()[3]  # mirror: returns a tree
    solution = "    return root is null ? null : new Node(root.data, mirror(root.right), mirror(root.left));\n}\n"
    shallow = "    return root is null ? null : new Node(root.data, root.right, root.left);\n}\n"
    got = verdicts("d", [(p, EMITTER.oracle(p, oracle_results(p))), (p, EMITTER.oracle(p, wrong_results(p))),
                         (p, solution), (p, shallow)], timeout=30.0)
    assert got == ["passed", "failed", "passed", "failed"]


def test_d_sets_inside_variant():
    # a Python set inside a dynamic value is bool[Variant], compared element-wise like Python
    # ({1, 2.5} == {1.0, 2.5}); MBPP/582 passes a set or a dict where one expects either
    p = problem("dynset", [("x", ANY)], ANY, [(([{1, 2}, {}],), [{1, 2.5}, frozenset()])])
    em = get_emitter("d")
    assert "Variant([Variant(1L): true, Variant(2L): true])" in em.test(p)
    empty = problem("is_empty", [("x", ANY)], BOOL, [(({10},), False), (({},), True), ((set(),), True)])
    got = verdicts("d", [(p, em.oracle(p, [[{1, 2.5}, set()]])),
                         (p, "    return Variant([Variant([Variant(2.5): true, Variant(1.0): true]), Variant(cast(bool[Variant]) null)]);\n}\n"),
                         (p, "    return Variant([Variant([Variant(1L): true, Variant(2L): true]), Variant(cast(bool[Variant]) null)]);\n}\n"),
                         (p, "    return Variant([Variant([Variant(1L): true, Variant(2.5): true]), Variant(cast(Variant[Variant]) null)]);\n}\n"),
                         (empty, "    return x.length == 0;\n}\n")], timeout=30.0)
    assert got == ["passed", "passed", "failed", "failed", "passed"]


@pytest.mark.slow
def test_d_batch_merges_and_isolates():
    items = [
        (ADD, "    return a + b;\n}\n"),                                     # passes, merged
        (ADD, "    return a - b;\n}\n"),                                     # fails, merged
        (ADD, '    string s = 1;\n    return a + b;\n}\n'),                  # type error: its own compile_error
        (ADD, '    return __MODULE__ == "main" ? a + b : 0;\n}\n'),         # would fail merged: alone, passes
        (ADD, "    return a +;\n}\n"),                                       # parse error, same batch
        (ADD, "```d\nint helper(int x);\nint addNums(int a, int b) {\n    return helper(a) + b;\n}\n```"),  # link error
        (ADD, "```d\nint addNums(int a, int b) {\n    return a + b;\n}\n```"),  # chat answer: merged, passes
        (ADD, "    int[100_000] big;\n    return a + b + big[0];\n}\n"),      # big static array: alone, passes
    ]
    batched, plain = judge_both("d", items)
    assert [o.verdict for _, o in batched] == [o.verdict for _, o in plain]
    assert [o.verdict for _, o in batched] == ["passed", "failed", "compile_error", "passed", "compile_error",
                                               "compile_error", "passed", "passed"]
    jobs = [j for j, _ in batched]
    assert [bool(j.extra.get("d_module")) for j in jobs] == [True, True, False, False, False, False, True, False]
    assert jobs[3].extra["d_alone"] and "large" in jobs[7].extra["d_alone"]
    assert jobs[2].extra["d_alone"] is None and jobs[5].extra["d_alone"] is None  # tried merged first
    type_err, parse_err, link_err = batched[2][1].stderr, batched[4][1].stderr, batched[5][1].stderr
    assert "main.d(9): Error: cannot implicitly convert" in type_err and "m00" not in type_err
    assert type_err == plain[2][1].stderr and parse_err == plain[4][1].stderr
    assert "expression expected" in parse_err and "implicitly" not in parse_err
    assert "helper" in link_err and "implicitly" not in link_err and "expression expected" not in link_err
    assert batched[0][1].compile_seconds > 0 and batched[2][1].compile_seconds > 0


def test_d_merge_guard():
    from mbxp.conversion.rows import make_row
    from mbxp.runners.assemble import assemble
    from mbxp.runners.specs.d import why_alone
    row = make_row(ADD, "d")
    ok = ['    string s = "static this() { __FILE__ } class";  /* pragma */ // mixin\n    return a + b;\n}\n',
          "    int[26] counts;\n    int[string] seen;\n    int[][] g = [[100000]];\n    return a + b;\n}\n",
          "```d\nimport std;\nint addNums(int a, int b) {\n    return a + b;\n}\n```"]
    for body in ok:
        assert why_alone(assemble(row, body)) is None, body
    bad = ["```d\nshared static this() { writeln(1); }\nint addNums(int a, int b) {\n    return a + b;\n}\n```",
           "    static int[200000] memo;\n    return a + b;\n}\n",
           "    enum N = 10;\n    static int[N] memo;\n    return a + b;\n}\n",
           '    mixin("return a + b;");\n}\n', "    return a + b + __LINE__ * 0 + __FILE__.length * 0;\n}\n",
           "    try { return a + b; } catch (Exception e) { return 0; }\n}\n",
           '    return typeid(a).toString.length > 0 ? a + b : 0;\n}\n',
           "    version (X86_64) return a + b; else return 0;\n}\n",
           "```d\nimport std;\nint addNums(int a, int b) {\n    return a + b;\n}\nvoid main() {}\n```",
           "```d\nextern(C) int addNums(int a, int b) {\n    return a + b;\n}\n```",
           "```d\npragma(crt_constructor) void f() {}\nint addNums(int a, int b) {\n    return a + b;\n}\n```"]
    for body in bad:
        assert why_alone(assemble(row, body)) is not None, body
    # the harness's own `class`, `typeid` and `__traits` do not count, a record's class does
    assert why_alone(assemble(make_row(mbpp(927), "d"), "    return 0;\n}\n")) is not None


def test_d_errors_are_attributed():
    from mbxp.runners.specs.d import errors_by_module
    names = ["m000", "m001", "m002"]
    out = ("m001.d(9): Error: undefined identifier `undefinedThing`\n"
           "m002.d(3): Deprecation: use of something\n"
           "/usr/lib/ldc/x86_64-linux-gnu/include/d/std/algorithm/iteration.d(479): Error: no property `nope`\n"
           "m002.d(13):        instantiated from here: `map!(int[])`\n"
           "m001.d(10): Error: function `m001.mbxp_main` is not callable\n")
    texts, unowned = errors_by_module(out, names)
    assert set(texts) == {1, 2} and unowned == ""
    assert texts[1] == ("main.d(9): Error: undefined identifier `undefinedThing`\n"
                        "main.d(10): Error: function `main.main` is not callable\n")
    assert "main.d(3): Deprecation" in texts[2] and "main.d(13):        instantiated" in texts[2]
    texts, unowned = errors_by_module("/usr/bin/ld: main.o: in function `_Dmain':\nm000.d:(.text+0x1): undefined "
                                      "reference to `_D4m0016helperFiZi'\nError: /usr/bin/cc failed with status: 1\n", names)
    assert texts == {} and "_D4m001" in unowned
