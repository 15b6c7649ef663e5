import pytest

from mbxp.conversion.ir import BIGINT, INT, STR, Type
from mbxp.conversion.rows import make_row

from .common import (mbpp, ADD, COUNTS, FIRST_EVEN, NESTED, UNIQUE, WORDS, L, check_language, oracle_and_wrong, problem,
                     verdicts)

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


def test_php_records_take_ordinary_solutions():
    """Node trees, Pair lists and Complex as typed classes, solved the way a PHP programmer would."""
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    assert make_row(p927, "php")["prompt"].startswith(
        "<?php\nclass Node {\n    public function __construct(\n        public int $data,\n"
        "        public ?Node $left = null,\n        public ?Node $right = null,\n    ) {}\n}\n")
    height = ("    if ($node === null) return 0;\n"
              "    return 1 + max(maxHeight($node->left), maxHeight($node->right));\n}\n")
    balanced = ("    $height = function (?Node $n) use (&$height): int {\n        if ($n === null) return 0;\n"
                "        $l = $height($n->left);\n        $r = $height($n->right);\n"
                "        return $l < 0 || $r < 0 || abs($l - $r) > 1 ? -1 : 1 + max($l, $r);\n    };\n"
                "    return $height($root) >= 0;\n}\n")
    chain = ("    $best = array_fill(0, $n, 1);\n    for ($i = 1; $i < $n; $i++)\n"
             "        for ($j = 0; $j < $i; $j++)\n"
             "            if ($arr[$i]->a > $arr[$j]->b) $best[$i] = max($best[$i], $best[$j] + 1);\n"
             "    return max($best);\n}\n")
    polar = "    return [[hypot($x, $y), atan2($y, $x)], new Complex(2 * cos(M_PI), 2 * sin(M_PI))];\n}\n"
    got = verdicts("php", [
        (p927, height), (p367, balanced), (p601, chain),
        (p124, "    return atan2($b->imag, $a + $b->real);\n}\n"), (p590, polar),
        (p927, height.replace("1 +", "2 +")),
        (p590, polar.replace("cos(M_PI)", "cos(M_PI / 2)")),
        (p590, polar.replace("new Complex(2 * cos(M_PI), 2 * sin(M_PI))", "-2.0")),   # a real number, as in Python
        (p590, polar.replace("new Complex(2 * cos(M_PI), 2 * sin(M_PI))", "['real' => -2.0, 'imag' => 0.0]")),
    ])
    assert got == ["passed"] * 5 + ["failed", "failed", "passed", "failed"], got


def test_record_results_compare_deeply():
    """A Node tree as the result: the oracle passes, a wrong one fails, and so does a tree that differs deep down."""
    from mbxp.conversion.problems import from_mbpp
    from tests.test_records import MIRROR, MIRROR_TESTS, mbpp_row
    p = from_mbpp(mbpp_row(MIRROR, MIRROR_TESTS))
    solution = "    return $root === null ? null : new Node($root->data, mirror($root->right), mirror($root->left));\n}\n"
    got = verdicts("php", oracle_and_wrong("php", [p]) + [(p, solution), (p, solution.replace(
        "mirror($root->right), mirror($root->left)", "mirror($root->left), mirror($root->right)"))])
    assert got == ["passed", "failed", "passed", "failed"], got
