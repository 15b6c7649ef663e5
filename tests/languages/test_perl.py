import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import INT, STR, Type
from mbxp.runners.assemble import truncate

from .common import mbpp, ADD, COUNTS, check_language, oracle_and_wrong, problem, verdicts

pytestmark = pytest.mark.lang


def test_perl_verdicts():
    check_language(
        "perl",
        correct="    return $a_ + $b_;\n}\n",
        syntax_error="    return ($a_ + $b_;\n}\n",
        infinite_loop="    while (1) { }\n}\n",
        crash="    die 'boom';\n}\n",
    )


def test_truncation_ignores_dollar_hash_and_stops_at_column_zero_brace():
    completion = "    my @x = (1);\n    for my $i (0..$#x) {\n        $a_ += $x[$i];\n    }\n" \
                 "    return $a_ + $b_;\n}\n\nprint add_nums(1, 2);\n"
    assert truncate(completion, "perl", get_emitter("perl").prompt(ADD)) == completion[:completion.index("}\n\n") + 2]


def test_prompt_shape_and_escaping():
    em = get_emitter("perl")
    assert em.prompt(ADD).endswith("sub add_nums {\n    my ($a_, $b_) = @_;\n")
    assert em.lit_str('$x @y "q" \\ \n\x00') == '"\\$x \\@y \\"q\\" \\\\ \\n\\x{0}"'
    assert em.function_name(problem("split", [("s", INT)], INT, [((1,), 1)])) == "split_"
    assert em.unsupported(problem("f", [("d", Type("dict", (Type("set", (INT,)), INT)))], INT,
                                  [(({frozenset({1, 2}): 3},), 1)]))


def test_strings_numbers_and_booleans_are_told_apart_where_perl_can():
    str_result = problem("to_str", [("n", INT)], Type("str"), [((1,), "1.0")])
    bool_result = problem("truth", [("n", INT)], Type("bool"), [((1,), False)])
    got = verdicts("perl", [
        (str_result, "    return 1.0;\n}\n"),         # "1" ne "1.0"
        (str_result, "    return '1.0';\n}\n"),
        (bool_result, "    return undef;\n}\n"),       # undef is not False
        (bool_result, "    return '';\n}\n"),
        (COUNTS, "    return {a => 2, b => 1};\n}\n"),
        (COUNTS, "    return {a => 2, b => 1, c => 0};\n}\n"),
    ])
    assert got == ["failed", "passed", "failed", "passed", "passed", "failed"]


PAIR_KEYS = problem("pair_counts", [("xs", Type("list", (Type("tuple", (INT, STR)),)))],
                    Type("dict", (Type("tuple", (INT, STR)), INT)), [(([(1, "a"), (1, "a")],), {(1, "a"): 2})])


def test_tuple_keys_are_joined_with_subscript_separator():
    assert get_emitter("perl").prompt(PAIR_KEYS).endswith(
        "# A tuple key is the string join($;, @tuple), as in $h{$a, $b}.\n# Examples:\n"
        '# >>> pair_counts([[1, "a"], [1, "a"]])\n# {join($;, 1, "a") => 2}\nsub pair_counts {\n    my ($xs) = @_;\n')
    got = verdicts("perl", [
        (PAIR_KEYS, "    my %h;\n    $h{$_->[0], $_->[1]}++ for @$xs;\n    return \\%h;\n}\n"),
        (PAIR_KEYS, "    my %h;\n    $h{join(',', @$_)}++ for @$xs;\n    return \\%h;\n}\n"),
    ])
    assert got == ["passed", "failed"]


def test_records_with_ordinary_solutions():
    """Node trees and Pair lists as hash-based packages, Complex as Math::Complex, solved the way a
    Perl programmer would (hash keys or accessors)."""
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    assert get_emitter("perl").prompt(p927).startswith(
        "package Node;\n# Fields: data: integer, left: Node or undef, right: Node or undef.\nsub new {\n"
        "    my ($class, $data, $left, $right) = @_;\n")
    height = ("    return 0 unless defined $node;\n"
              "    my ($l, $r) = (max_height($node->{left}), max_height($node->{right}));\n"
              "    return 1 + ($l > $r ? $l : $r);\n}\n")
    balanced = ("    my $height;\n    $height = sub {\n        my ($n) = @_;\n        return 0 unless $n;\n"
                "        my ($l, $r) = ($height->($n->left), $height->($n->right));\n"
                "        return -1 if $l < 0 || $r < 0 || abs($l - $r) > 1;\n        return 1 + ($l > $r ? $l : $r);\n"
                "    };\n    return $height->($root) >= 0 ? 1 : 0;\n}\n")
    chain = ("    my @best = (1) x $n;\n    for my $i (1 .. $n - 1) {\n        for my $j (0 .. $i - 1) {\n"
             "            $best[$i] = $best[$j] + 1 if $arr->[$i]{a} > $arr->[$j]{b} && $best[$j] + 1 > $best[$i];\n"
             "        }\n    }\n    my ($max) = sort { $b <=> $a } @best;\n    return $max;\n}\n")
    polar = "    return [[sqrt($x ** 2 + $y ** 2), atan2($y, $x)], cplxe(2, pi)];\n}\n"
    got = verdicts("perl", [
        (p927, height), (p367, balanced), (p601, chain), (p124, "    return arg($a_ + $b_);\n}\n"), (p590, polar),
        (p590, "    return [[sqrt($x ** 2 + $y ** 2), atan2($y, $x)], -2];\n}\n"),   # a real number, as in Python
        (p927, height.replace("1 +", "2 +")),
        (p590, polar.replace("cplxe(2, pi)", "cplxe(2, pi / 2)")),
        (p590, "    return [[sqrt($x ** 2 + $y ** 2), atan2($y, $x)], [-2, 0]];\n}\n"),
    ])
    assert got == ["passed"] * 6 + ["failed"] * 3, got


def test_record_results_compare_deeply():
    """A Node tree as the result: the oracle passes, a wrong one fails, and so does a tree that differs deep down."""
    from mbxp.conversion.problems import from_mbpp
    from tests.test_records import MIRROR, MIRROR_TESTS, mbpp_row
    p = from_mbpp(mbpp_row(MIRROR, MIRROR_TESTS))
    solution = ("    return undef unless $root;\n"
                "    return Node->new($root->{data}, mirror($root->{right}), mirror($root->{left}));\n}\n")
    got = verdicts("perl", oracle_and_wrong("perl", [p]) + [(p, solution), (p, solution.replace(
        "mirror($root->{right}), mirror($root->{left})", "mirror($root->{left}), mirror($root->{right})"))])
    assert got == ["passed", "failed", "passed", "failed"], got
