from mbxp.conversion.analysis import comparison
from mbxp.conversion.ir import Dropped
from mbxp.conversion.problems import from_humaneval, from_mbpp


def mbpp_row(code, tests, setup=""):
    return {"task_id": 9999, "text": "Write a python function.", "code": code, "test_list": tests,
            "test_setup_code": setup, "challenge_test_list": [], "split": "test"}


def test_inputs_are_copied_before_the_call():
    code = "def pop_last(xs):\n    xs.pop()\n    return len(xs)"
    p = from_mbpp(mbpp_row(code, ["assert pop_last([1, 2, 3]) == 2"]))
    assert p.tests[0].args == [[1, 2, 3]]      # not the mutated [1, 2]
    assert p.tests[0].expected == 2


def test_recursive_calls_are_not_recorded():
    code = "def fact(n):\n    return 1 if n == 0 else n * fact(n - 1)"
    p = from_mbpp(mbpp_row(code, ["assert fact(3) == 6", "assert fact(0) == 1"]))
    assert [(c.args, c.expected) for c in p.tests] == [([3], 6), ([0], 1)]


def test_comparison_kinds():
    assert comparison("assert set(f(x)) == set([1, 2])", "f") == ("unordered", None)
    assert comparison("assert sorted(f(x)) == [1, 2]", "f")[0] == "unordered"
    assert comparison("assert math.isclose(f(1), 2.0, rel_tol=0.001)", "f") == ("exact", 0.001)
    assert comparison("assert f(1) == 2", "f") == ("exact", None)


def test_counter_results_become_plain_dicts():
    code = "from collections import Counter\ndef count(xs):\n    return Counter(xs)"
    p = from_mbpp(mbpp_row(code, ["assert count([1, 1]) == {1: 2}"]))
    assert type(p.tests[0].expected) is dict
    assert str(p.returns) == "dict[int, int]"


def test_humaneval_loops_are_expanded_by_execution():
    row = {"task_id": "HumanEval/900", "entry_point": "double",
           "prompt": 'def double(x: int) -> int:\n    """ Double it.\n    >>> double(2)\n    4\n    """\n',
           "canonical_solution": "    return 2 * x\n",
           "test": "def check(candidate):\n    for i in range(5):\n        assert candidate(i) == 2 * i\n"}
    p = from_humaneval(row)
    assert [c.args for c in p.tests] == [[0], [1], [2], [3], [4]]
    assert p.examples[0].args == [2] and p.examples[0].expected == 4
    assert p.description == "Double it."


def test_real_mbpp_converts_with_stated_drops(source_dir):
    from mbxp.conversion.problems import load_problems
    items = list(load_problems("mbpp", source_dir))
    dropped = [d for d in items if isinstance(d, Dropped)]
    assert len(items) == 974
    assert all(d.reason for d in dropped)
    assert len(dropped) <= 8
