import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import FLOAT, INT, STR, Type
from mbxp.runners.assemble import truncate

from .common import mbpp, ADD, L, check_language, problem, verdicts

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


def test_records_with_ordinary_solutions():
    """A recursive class (Node), structs (Pair, Complex), solved the way a Swift programmer would."""
    height = "    return 1 + max(node.left.map(maxHeight) ?? 0, node.right.map(maxHeight) ?? 0)\n}\n"
    balanced = ("    func height(_ n: Node?) -> Int {\n"
                "        guard let n = n else { return 0 }\n"
                "        let l = height(n.left), r = height(n.right)\n"
                "        return l < 0 || r < 0 || abs(l - r) > 1 ? -1 : 1 + max(l, r)\n"
                "    }\n    return height(root) >= 0\n}\n")
    chain = ("    var best = [Int](repeating: 1, count: n)\n"
             "    for i in 0..<n {\n"
             "        for j in 0..<i where arr[i].a > arr[j].b { best[i] = max(best[i], best[j] + 1) }\n"
             "    }\n    return best.max() ?? 0\n}\n")
    phase = "    return atan2(b.imag, Double(a) + b.real)\n}\n"
    polar = ("    let rect = Complex(real: 2 * cos(Double.pi), imag: 2 * sin(Double.pi))\n"
             "    return ((sqrt(Double(x * x + y * y)), atan2(Double(y), Double(x))), rect)\n}\n")
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    prompt = em.prompt(p927)
    assert "class Node {\n    var data: Int\n    var left: Node?\n" in prompt and "struct Pair {" in em.prompt(p601)
    got = verdicts("swift", [(p927, height), (p367, balanced), (p601, chain), (p124, phase), (p590, polar),
                             (p590, polar.replace("Double.pi)", "Double.pi / 2)"))], timeout=20.0)
    assert got == ["passed"] * 5 + ["failed"]


def test_record_declarations_and_drops():
    from mbxp.conversion.ir import Param, Record
    node, pair = Type("record", name="Node"), Type("record", name="Pair")
    nodes = {"Node": [Param("data", INT), Param("left", Type("optional", (node,)))]}
    leaf = Record("Node", {"data": 1, "left": None}, tuple(nodes["Node"]))
    p = problem("depth", [("root", node)], INT, [((leaf,), 1)], records=nodes)
    assert em.unsupported(p) is None and "init(data: Int, left: Node? = nil) {" in em.prompt(p)
    assert "/// >>> depth(Node(data: 1))\n" in em.prompt(p)
    pairs = {"Pair": [Param("a", INT), Param("b", INT)]}
    keyed = problem("uniq", [("xs", L(pair))], Type("set", (pair,)), [(([],), set())], records=pairs)
    assert "Hashable" in em.unsupported(keyed)
    assert "struct Pair {\n    var a: Int\n    var b: Int\n}\n" in em.prompt(problem("f", [("p", pair)], INT, [], records=pairs))
    assert "shadow" in em.unsupported(problem("f", [("p", Type("record", name="Data"))], INT, [],
                                              records={"Data": [Param("a", INT)]}))


def test_batch_shares_one_link_and_keeps_link_errors_apart():
    from mbxp.runners.base import Job
    from mbxp.runners.engine import Cache, judge
    good = 'let x = [3, 1, 2].sorted()\nassert(x == [1, 2, 3])\nprint("MBXP_ALL_PASSED")\n'
    foundation = 'import Foundation\nprint(String(format: "%d", 3) == "3" ? "MBXP_ALL_PASSED" : "no")\n'
    broken = 'let x: Int = "s"\n'
    # compiles, but the symbol it declares exists nowhere: only the linker can tell
    unlinkable = '@_silgen_name("mbxp_nowhere") func nowhere() -> Int32\nprint(nowhere())\n'
    jobs = [Job("good1", "swift", good), Job("broken", "swift", broken), Job("foundation", "swift", foundation),
            Job("unlinkable", "swift", unlinkable), Job("good2", "swift", good + "\n")]
    got = {j.key: (o.verdict, j.extra.get("swift_index")) for j, o in judge(jobs, workers=1, timeout=20, cache=Cache())}
    assert got["good1"][0] == got["good2"][0] == "passed", got
    assert got["foundation"][0] == "passed", got
    assert got["broken"][0] == got["unlinkable"][0] == "compile_error", got
    assert got["good1"][1] is not None, got  # it ran from a shared binary, not its own


def test_batch_links_through_the_drivers_jobs():
    # the driver costs ~0.3 s a call; a silent fall back to it would only show as lost speed
    from mbxp.runners.specs import get_runner
    runner = get_runner("swift")
    extract, link = runner.link_jobs(["p0.o", "p1.o"])
    assert extract[0].endswith("swift-autolink-extract") and extract[1:] == ["p0.o", "p1.o", "-o", "main.autolink"]
    assert link[-2:] == ["-o", "main"] and "@main.autolink" in link and link.count("p1.o") == 1
