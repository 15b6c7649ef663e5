import pytest

from mbxp.conversion.ir import BIGINT, INT, STR, Type
from mbxp.conversion.rows import make_row

from .common import ADD, COUNTS, FIRST_EVEN, NESTED, UNIQUE, WORDS, problem, check_language, verdicts

pytestmark = pytest.mark.lang

HALF = problem("half", [("n", INT)], INT, [((4,), 2), ((10,), 5)])


def test_php_verdicts():
    check_language(
        "php",
        correct="    return $a + $b;\n}\n",
        syntax_error="    return $a +;\n}\n",
        infinite_loop="    while (true) {}\n}\n",
        crash="    throw new Exception('boom');\n}\n",
    )


def test_php_strict_comparison():
    got = verdicts("php", [
        (ADD, "    return strval($a + $b);\n}\n"),           # "3" == 3 loosely, not strictly
        (FIRST_EVEN, "    return 0;\n}\n"),                   # 0 == null loosely
        (WORDS, "    return $s === '' ? [] : array_filter(explode(' ', $s), fn($w) => true);\n}\n"),
        (WORDS, "    return $s === '' ? [] : [1 => 'a', 0 => 'b'];\n}\n"),  # not a list array
        (NESTED, "    return array_chunk($xs, $n);\n}\n"),
        (UNIQUE, "    return array_unique($xs);\n}\n"),       # keys of a set are ignored
        (COUNTS, "    return array_count_values(str_split($s));\n}\n"),
        (HALF, "    return floor($n / 2);\n}\n"),             # a float for an int, as in Python
        (ADD, "    exit(0);\n}\n"),                           # early exit must not pass
        (ADD, "    return $a + $b;\n}\nfunction addNums($a, $b) { return 0; }\n"),  # cut after `}`
    ])
    assert [g.split(":")[0] for g in got] == ["failed", "failed", "passed", "failed", "passed", "passed",
                                              "passed", "passed", "runtime_error", "passed"], got


def test_php_drops_and_names():
    big = problem("big", [("n", INT)], BIGINT, [((1,), 2**70)])
    assert "64 bits" in make_row(big, "php").reason
    keys = problem("k", [("n", INT)], Type("dict", (Type("tuple", (INT, INT)), INT)), [((1,), {(1, 2): 3})])
    assert "keys" in make_row(keys, "php").reason
    counting = problem("count", [("s", STR)], INT, [(("a",), 1)])
    assert make_row(counting, "php")["prompt"].endswith("function count_($s) {\n")
