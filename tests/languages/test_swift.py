import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import FLOAT, INT, STR, Type
from mbxp.runners.assemble import truncate

from .common import ADD, L, check_language, problem, verdicts

pytestmark = pytest.mark.lang

em = get_emitter("swift")
ANY = Type("any")
T = lambda *a: Type("tuple", a)  # noqa: E731


def test_swift_verdicts():
    check_language(
        "swift",
        correct="    return a + b\n}\n",
        syntax_error="    return a +\n}\n",
        infinite_loop="    while true {}\n}\n",
        crash="    return [Int]()[a]\n}\n",
    )


def test_prompt_shape():
    prompt = em.prompt(ADD)
    assert prompt.startswith("import Foundation\n\n/// Write a Swift function addNums.")
    assert "/// >>> addNums(1, 2)\n/// 3\n" in prompt
    assert prompt.endswith("func addNums(_ a: Int, _ b: Int) -> Int {\n")


def test_types_and_literals():
    assert em.swift_type(Type("dict", (T(INT, INT), INT))) == "[[Int]: Int]"   # tuples aren't Hashable
    assert em.swift_type(Type("set", (T(STR, INT),))) == "Set<[AnyHashable]>"
    assert em.swift_type(Type("dict", (ANY, L(ANY)))) == "[AnyHashable: [Any]]"
    assert em.swift_type(Type("optional", (T(INT, FLOAT),))) == "(Int, Double)?"
    assert em.lit([1, 2], L(FLOAT)) == "[1.0, 2.0]"
    assert em.lit([], L(L(INT))) == "[[Int]]()"
    assert em.lit({}, Type("dict", (STR, INT))) == "[String: Int]()"
    assert em.lit([1, "a", [2, "b"], None], L(ANY)) == '[1, "a", ([2, "b"] as [Any]), (Optional<Any>.none as Any)]'
    assert em.lit({(1, 2): 3}, Type("dict", (T(INT, INT), INT))) == "[[1, 2]: 3]"
    assert em.lit('a"\\\n\x01', STR) == '"a\\"\\\\\\n\\u{1}"'
    assert em.name("in") == "in_" and em.name("max_sub_array") == "maxSubArray"


def test_truncate_keeps_function_only():
    completion = "    let s = \"}\"\n    return a + b\n}\n\nprint(addNums(1, 2))\n"
    assert truncate(completion, "swift", em.prompt(ADD)) == "    let s = \"}\"\n    return a + b\n}\n"


def test_tolerance_sets_and_unordered():
    near = problem("near", [("x", FLOAT)], L(T(STR, FLOAT)), [((1.0,), [("a", 0.1 + 0.2)])])
    sets = problem("uniq", [("xs", L(INT))], Type("set", (T(INT, INT),)), [(([1],), {(1, 2), (3, 4)})])
    anyof = problem("perm", [("n", INT)], L(L(INT)), [((2,), [[1, 2], [2, 1]])], compare="unordered")
    got = verdicts("swift", [
        (near, '    return [("a", 0.3)]\n}\n'),
        (near, '    return [("a", 0.31)]\n}\n'),
        (sets, "    return [[3, 4], [1, 2]]\n}\n"),
        (sets, "    return [[3, 4]]\n}\n"),
        (anyof, "    return [[2, 1], [1, 2]]\n}\n"),
        (anyof, "    return [[2, 1], [2, 1]]\n}\n"),
    ])
    assert got == ["passed", "failed", "passed", "failed", "passed", "failed"]
