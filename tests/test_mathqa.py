"""MathQA -> MathQA-Python conversion, checked against the reference build."""
import json
import os
from pathlib import Path

import pytest

from mbxp.conversion.mathqa import (
    build_mathqa_python,
    executable_code,
    extract_numbers,
    formula_to_program,
    load_mathqa_python,
    option_value,
    run_program,
)

REPO = Path(__file__).resolve().parents[1]
SOURCE_DIR = Path(os.environ.get("MBXP_SOURCE_DIR", REPO.parent / "shared" / "data"))
EXPECTED_COUNTS = {"test": 1883, "dev": 2822, "challenge_test": 403}


def _reference(split):
    path = SOURCE_DIR / "mathqa" / "python" / f"mathqa-python-{split}.jsonl"
    if not path.exists():
        pytest.skip(f"no reference data at {path}")
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


@pytest.mark.parametrize("split", ["test", "dev", "challenge_test"])
def test_build_reproduces_reference(split):
    reference = _reference(split)
    built = load_mathqa_python(str(SOURCE_DIR), split)
    assert len(built) == len(reference) == EXPECTED_COUNTS[split]
    for ours, theirs in zip(built, reference):
        assert ours["task_id"] == theirs["task_id"]
        assert ours["code"] == theirs["code"], theirs["task_id"]
        assert ours["answer"] == theirs["answer"], theirs["task_id"]
    assert built == reference  # every field, including text, dsl_code, reasoning


@pytest.mark.parametrize("split", ["test", "dev", "challenge_test"])
def test_reference_programs_run_with_override(split):
    pytest.importorskip("scipy")  # scipy.special.comb programs run against real SciPy
    for row in _reference(split):
        namespace = {}
        exec(executable_code(row["code"]), namespace)  # real math/scipy
        assert abs(float(namespace["answer"]) - row["answer"]) <= 1e-8


def test_numbers_and_text_format():
    assert extract_numbers("a discount of 5 % and a profit of 31.1 %") == [5.0, 31.1]
    assert extract_numbers("rs . 14,400 at ( 2,0 ) and 1 , 000,000") == [14400.0, 2.0, 0.0, 1.0, 0.0]


def test_operations():
    program = formula_to_program(
        "interest at 14 % on rs . 1000 after 4 years",
        "divide(n0,const_100)|add(#0,const_1)|power(#1,n2)|multiply(n1,#2)|",
    )
    assert program == (
        "n0 = 14.0\nn1 = 1000.0\nn2 = 4.0\n"
        "t0 = n0 / 100.0\nt1 = t0 + 1.0\nt2 = t1**min(n2, 5)\nanswer = n1 * t2"
    )
    assert formula_to_program("radius 7", "circle_area(n0)|") == (
        "import math\nn0 = 7.0\n\nanswer = math.pi * n0**2"
    )
    assert formula_to_program("", "divide(const_180,const_3)|") == "\nanswer = 180.0 / 3.0"
    assert formula_to_program("x 1", "min(n0,const_2)|") is None  # unsupported op
    gcd = formula_to_program("24 and 40", "gcd(n0,n1)|")
    assert gcd == "import scipy\nn0 = 24.0\nn1 = 40.0\n\nanswer = scipy.gcd(int(n0), int(n1))"
    assert executable_code(gcd) == "import math\nn0 = 24.0\nn1 = 40.0\n\nanswer = math.gcd(int(n0), int(n1))"
    assert run_program(gcd) == 8.0
    assert run_program(formula_to_program("6 things", "choose(n0,const_2)|")) == 15.0


def test_answer_filter():
    assert option_value("5 / 8 units") == 0.625
    assert option_value("rs . 2,400") == 2400.0
    record = {
        "Problem": "there are 28 stations .",
        "Rationale": '"30 * 29 = 870 answer : c"',
        "options": "a ) 156 , b ) 167 , c ) 870 , d ) 352 , e ) 380",
        "correct": "c",
        "linear_formula": "add(n0,const_1)|add(#0,const_1)|multiply(#0,#1)|",
    }
    (row,) = build_mathqa_python([record, dict(record, correct="a")])
    assert row["answer"] == 870.0 and row["task_id"] == 0
    assert row["reasoning"] == "30 * 29 = 870 answer : c"
    assert row["text"] == "# there are 28 stations . n0 = 28.0"
