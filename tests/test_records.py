"""Records: instances of a problem's own classes (and complex numbers) as test values."""
import pytest

from mbxp.conversion.analysis import Unsupported
from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import Dropped, Record
from mbxp.conversion.oracle import oracle_results, perturb, wrong_results
from mbxp.conversion.problems import from_mbpp
from mbxp.conversion.rows import make_row


def mbpp_row(code, tests):
    return {"task_id": 9999, "text": "Write a function.", "code": code, "test_list": tests,
            "test_setup_code": "", "challenge_test_list": [], "split": "test"}


NODE = """class Node:
    def __init__(self, data):
        self.data = data
        self.left = None
        self.right = None
def height(node):
    return 0 if node is None else 1 + max(height(node.left), height(node.right))
root = Node(1)
root.left = Node(2)
root.left.right = Node(3)
"""

MIRROR = """class Node:
    def __init__(self, data, left=None, right=None):
        self.data = data
        self.left = left
        self.right = right
def mirror(root):
    return None if root is None else Node(root.data, mirror(root.right), mirror(root.left))
"""
MIRROR_TESTS = ["assert mirror(Node(1, Node(2), Node(3, Node(4)))).left.data == 3",
                "assert mirror(Node(5)).data == 5", "assert mirror(None) is None"]


def fields(p, name):
    return [(f.name, str(f.type)) for f in p.records[name]]


def test_recursive_class_becomes_a_record_with_a_unified_schema():
    p = from_mbpp(mbpp_row(NODE, ["assert height(root) == 3", "assert height(Node(7)) == 1"]))
    assert [str(prm.type) for prm in p.params] == ["record[Node]"] and str(p.returns) == "int"
    assert fields(p, "Node") == [("data", "int"), ("left", "optional[record[Node]]"),
                                 ("right", "optional[record[Node]]")]
    leaf = lambda d: Record("Node", {"data": d, "left": None, "right": None})  # noqa: E731
    assert p.tests[0].args == [Record("Node", {"data": 1, "left": Record("Node", {"data": 2, "left": None,
                                                                                   "right": leaf(3)}), "right": None})]
    assert p.tests[1].args == [leaf(7)]
    assert p.tests[0].args[0].schema == tuple(p.records["Node"])   # values carry their schema


def test_list_of_pairs():
    code = ("class Pair(object):\n    def __init__(self, a, b):\n        self.a = a\n        self.b = b\n"
            "def total(arr, n):\n    return sum(p.a + p.b for p in arr[:n])\n")
    p = from_mbpp(mbpp_row(code, ["assert total([Pair(1, 2), Pair(3, 4.5)], 2) == 10.5"]))
    assert str(p.params[0].type) == "list[record[Pair]]"
    assert fields(p, "Pair") == [("a", "int"), ("b", "float")]
    assert p.tests[0].args[0] == [Record("Pair", {"a": 1, "b": 2}), Record("Pair", {"a": 3, "b": 4.5})]


def test_complex_is_the_record_complex():
    code = "import cmath\ndef angle_complex(a, b):\n    return cmath.phase(a + b)\n"
    p = from_mbpp(mbpp_row(code, ["assert angle_complex(0, 1j) == 1.5707963267948966"]))
    assert [str(prm.type) for prm in p.params] == ["int", "record[Complex]"]
    assert fields(p, "Complex") == [("real", "float"), ("imag", "float")]
    assert p.tests[0].args == [0, Record("Complex", {"real": 0.0, "imag": 1.0})]


def test_inconsistent_or_cyclic_instances_are_unsupported():
    code = "class C:\n    def __init__(self, x):\n        if x:\n            self.x = x\ndef f(c):\n    return 1\n"
    with pytest.raises(Unsupported, match="different attributes"):
        from_mbpp(mbpp_row(code, ["assert f(C(1)) == 1", "assert f(C(0)) == 1"]))
    code = "class C:\n    def __init__(self):\n        self.me = self\ndef f(c):\n    return 1\n"
    with pytest.raises(Unsupported, match="contains itself"):
        from_mbpp(mbpp_row(code, ["assert f(C()) == 1"]))
    code = "def f(t):\n    return 1\n"
    p = from_mbpp(mbpp_row(code, ["assert f(int) == 1"]))  # a builtin type: the Python config only
    assert str(p.params[0].type) == "pytype"
    assert isinstance(make_row(p, "python"), dict)
    row = make_row(p, "java")
    assert isinstance(row, Dropped) and "Python type object" in row.reason


def test_wrong_result_changes_a_record_field():
    p = from_mbpp(mbpp_row(MIRROR, MIRROR_TESTS))
    assert str(p.returns) == "optional[record[Node]]"
    right, wrong = oracle_results(p), wrong_results(p)
    assert wrong[0] is None and wrong[1:] == right[1:]   # an optional result becomes None
    changed = perturb(right[0], p.returns.elem)
    assert changed.name == "Node" and changed.fields["data"] == right[0].fields["data"] + 1
    assert changed.fields["left"] == right[0].fields["left"] and changed.schema == right[0].schema


def test_emitters_without_records_drop_with_a_reason(monkeypatch):
    p = from_mbpp(mbpp_row(MIRROR, MIRROR_TESTS))
    monkeypatch.setattr(type(get_emitter("go")), "records", False)  # as an emitter that has not opted in
    row = make_row(p, "go")
    assert isinstance(row, Dropped) and "records" in row.reason and "go" in row.reason


def test_literals_and_declarations():
    p = from_mbpp(mbpp_row(MIRROR, MIRROR_TESTS))
    value = p.tests[1].args[0]
    java, js = get_emitter("java"), get_emitter("javascript")
    assert java.literal(value, p.params[0].type) == "new Node(5, null, null)"
    assert js.literal(value, p.params[0].type) == "new Node(5, null, null)"
    assert "class Node {\n    int data;\n    Node left;" in java.prompt(p)
    assert "constructor(data, left, right)" in js.prompt(p)
    assert get_emitter("python").prompt(p).startswith("class Node:\n    def __init__(self, data, left=None")
    assert get_emitter("java").record_order(p) == ["Node"]


@pytest.mark.lang
@pytest.mark.parametrize("language, solution", [
    ("python", "    return None if root is None else Node(root.data, mirror(root.right), mirror(root.left))\n"),
    ("java", "        return root == null ? null : new Node(root.data, mirror(root.right), mirror(root.left));\n    }\n"),
    ("javascript", "  return root === null ? null : {data: root.data, left: mirror(root.right), right: mirror(root.left)};\n}\n"),
    ("typescript", "  return root === null ? null : new Node(root.data, mirror(root.right), mirror(root.left));\n}\n"),
])
def test_record_results_run(language, solution):
    from tests.languages.common import verdicts
    p = from_mbpp(mbpp_row(MIRROR, MIRROR_TESTS))
    em = get_emitter(language)
    items = [(p, em.oracle(p, oracle_results(p))), (p, em.oracle(p, wrong_results(p))), (p, solution)]
    assert verdicts(language, items, timeout=20.0) == ["passed", "failed", "passed"]
