import pytest

from mbxp.conversion.ir import BIGINT, INT, STR, Type
from mbxp.conversion.rows import make_row

from .common import ADD, COUNTS, FIRST_EVEN, NESTED, UNIQUE, WORDS, L, problem, check_language, verdicts

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
    nested = problem("k", [("n", INT)], Type("dict", (Type("tuple", (INT, Type("tuple", (INT, INT)))), INT)),
                     [((1,), {(1, (2, 3)): 4})])
    assert "keys" in make_row(nested, "php").reason
    counting = problem("count", [("s", STR)], INT, [(("a",), 1)])
    assert make_row(counting, "php")["prompt"].endswith("function count_($s) {\n")


POW = problem("power", [("n", INT)], BIGINT, [((10,), 2**10), ((70,), 2**70)])
PAIRS = problem("pair_counts", [("xs", L(L(INT)))], Type("dict", (Type("tuple", (INT, INT)), INT)),
                [(([[1, 2], [1, 2], [3, 4]],), {(1, 2): 2, (3, 4): 1})])


def test_php_bigints_are_gmp():
    prompt = make_row(POW, "php")["prompt"]
    assert 'GMP numbers, like gmp_init("1180591620717411303424")' in prompt and "gmp_init(1024)" in prompt
    got = verdicts("php", [
        (POW, "    return gmp_pow(2, $n);\n}\n"),
        (POW, "    return $n < 63 ? 2 ** $n : gmp_pow(2, $n);\n}\n"),   # ints where they fit
        (POW, "    return 2.0 ** $n;\n}\n"),                              # exact floats count
        (POW, "    return gmp_pow(2, $n) + 1;\n}\n"),
        (POW, "    return (string) gmp_pow(2, $n);\n}\n"),               # a string is not a number
    ])
    assert got == ["passed", "passed", "passed", "failed", "failed"], got


def test_php_tuple_keys_are_joined_strings():
    prompt = make_row(PAIRS, "php")["prompt"]
    assert 'the key [1, 2] is "1,2"' in prompt and '["1,2" => 2, "3,4" => 1]' in prompt
    count = "    $out = [];\n    foreach ($xs as $x) { $k = implode(',', $x); $out[$k] = ($out[$k] ?? 0) + 1; }\n"
    got = verdicts("php", [
        (PAIRS, count + "    return array_reverse($out);\n}\n"),     # any order
        (PAIRS, count + "    $out['3,4']++;\n    return $out;\n}\n"),
        (PAIRS, "    return ['1, 2' => 2, '3, 4' => 1];\n}\n"),
    ])
    assert got == ["passed", "failed", "failed"], got
