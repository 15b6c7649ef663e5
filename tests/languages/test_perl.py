import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import INT, STR, Type
from mbxp.runners.assemble import truncate

from .common import ADD, COUNTS, check_language, problem, verdicts

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
