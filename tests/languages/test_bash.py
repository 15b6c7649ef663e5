import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import FLOAT, INT, STR, Type
from mbxp.runners.assemble import truncate

from .common import mbpp, ADD, COUNTS, MEAN, NESTED, L, check_language, problem, verdicts

pytestmark = pytest.mark.lang


def test_bash_verdicts():
    check_language(
        "bash",
        correct="    echo $(( $1 + $2 ))\n}\n",
        syntax_error="    if [[ $1 ]]; then\n    echo $(( $1 + $2 ))\n}\n",
        infinite_loop="    while true; do :; done\n}\n",
        crash="    echo $(( $1 / 0 ))\n}\n",
    )


def test_truncation_ignores_length_expansions():
    completion = "    local a=($1)\n    for (( i=0; i<${#a[@]}; i++ )); do\n        echo $i\n    done\n}\n\nadd_nums 1 2\n"
    assert truncate(completion, "bash", get_emitter("bash").prompt(ADD)) == completion[:completion.index("}\n") + 2]


def test_encodings():
    em = get_emitter("bash")
    assert em.encode([[1, 2], [3]], Type("list", (Type("list", (INT,)),))) == "1 2\n3"
    assert em.encode({"a": [1, 2]}, Type("dict", (STR, Type("list", (INT,))))) == "a,1 2"
    assert em.encode(1e-05, FLOAT) == "0.00001" and em.encode(2, FLOAT) == "2.0"
    assert em.json_mode(problem("f", [("xs", Type("list", (STR,)))], INT, [((["a b"],), 1)]))
    assert em.function_name(problem("sort", [("x", INT)], INT, [((1,), 1)])) == "sort_"
    assert "# Prints the result: a newline-separated list of space-separated lists\n" in em.prompt(NESTED)


def test_text_comparison():
    got = verdicts("bash", [
        (MEAN, "    echo \"$1\" | awk '{ s = 0; for (i = 1; i <= NF; i++) s += $i; print s / NF }'\n}\n"),
        (COUNTS, "    echo b,1; echo a,2\n}\n"),                  # dict lines in any order
        (COUNTS, "    echo a,2\n}\n"),
        (NESTED, "    [[ $2 == 2 ]] && printf '1 2 \\n3\\n'\n}\n"),  # blanks ignored; status 1 with right output
        (ADD, "    echo \" $(( $1 + $2 ))\"\n}\n"),          # scalars are exact
        (ADD, "    echo wrong; return 1\n}\n"),               # a failing function is a runtime error
    ])
    assert got[:5] == ["passed", "passed", "failed", "passed", "failed"]
    assert got[5].startswith("runtime_error")


SPACED = problem("filter_words", [("xs", L(STR)), ("s", STR)], L(STR),
                 [((["john doe", "", "ox"], "o"), ["john doe", "ox"]), (([], "a"), [])])
PAIR_SET = problem("pair_set", [("rows", L(L(Type("tuple", (INT, INT)))))], Type("set", (Type("tuple", (INT, INT)),)),
                   [(([[(1, 2)], [(3, 4), (1, 2)]],), {(1, 2), (3, 4)})])
SCORES = problem("scores", [("d", Type("dict", (STR, FLOAT)))], Type("dict", (STR, FLOAT)),
                 [(({"Ann Lee": 1.5, "Bo": 2.0},), {"Ann Lee": 3.0, "Bo": 4.0})])


def test_json_encoding():
    em = get_emitter("bash")
    assert not em.json_mode(NESTED) and em.json_mode(SPACED) and em.json_mode(PAIR_SET)
    assert not em.unsupported(SPACED) and not em.unsupported(PAIR_SET)
    assert em.call(SPACED, [["john doe", ""], "o"], True) == "filter_words '[\"john doe\", \"\"]' o"
    assert "# $1 is a JSON array of arrays of [integer, integer] arrays\n" in em.prompt(PAIR_SET)
    assert "# Prints the result: a JSON object mapping strings to numbers\n" in em.prompt(SCORES)
    assert em.unsupported(problem("f", [("s", STR)], L(STR), [(("a\0",), ["a\0", "b c"])])).startswith("a string with a NUL")


def test_json_comparison():
    got = verdicts("bash", [
        (SPACED, "    jq -c --arg s \"$2\" 'map(select(contains($s)))' <<< \"$1\"\n}\n"),
        (SPACED, "    jq --arg s \"$2\" 'map(select(contains($s) | not))' <<< \"$1\"\n}\n"),
        (SPACED, "    jq -r '.[]' <<< \"$1\"\n}\n"),                          # not one JSON value
        (PAIR_SET, "    jq -c '[.[][]] | unique | reverse' <<< \"$1\"\n}\n"),   # sets in any order
        (PAIR_SET, "    jq -c '[.[][]]' <<< \"$1\"\n}\n"),                      # a duplicate
        (SCORES, "    jq -c 'map_values(. * 2 + 1e-12)' <<< \"$1\"\n}\n"),     # floats within tolerance
        (SCORES, "    jq -c 'map_values(. * 2) | .Bo = 4.1' <<< \"$1\"\n}\n"),
        (SPACED, "    echo '[]'; return 2\n}\n"),
    ])
    assert got[:7] == ["passed", "failed", "failed", "passed", "failed", "passed", "failed"]
    assert got[7].startswith("runtime_error")


def test_records_with_ordinary_solutions():
    """Node trees, Pair lists and Complex as JSON objects, solved with jq and awk."""
    height = ("    local node=$1 l r\n    if [[ -z $node || $node == null ]]; then echo 0; return; fi\n"
              "    l=$(max_height \"$(jq -c .left <<< \"$node\")\")\n"
              "    r=$(max_height \"$(jq -c .right <<< \"$node\")\")\n"
              "    echo $(( (l > r ? l : r) + 1 ))\n}\n")
    balanced = ("    jq 'def h: if . == null then 0 else (.left | h) as $l | (.right | h) as $r\n"
                "        | if $l < 0 or $r < 0 or ($l - $r | fabs) > 1 then -1 else 1 + ([$l, $r] | max) end end;\n"
                "        h >= 0' <<< \"$1\"\n}\n")
    chain = ("    local n=$2 i j max=0\n    local -a a b best\n"
             "    mapfile -t a < <(jq '.[].a' <<< \"$1\")\n    mapfile -t b < <(jq '.[].b' <<< \"$1\")\n"
             "    for ((i = 0; i < n; i++)); do\n        best[i]=1\n        for ((j = 0; j < i; j++)); do\n"
             "            if (( a[i] > b[j] && best[j] + 1 > best[i] )); then best[i]=$((best[j] + 1)); fi\n"
             "        done\n        if (( best[i] > max )); then max=${best[i]}; fi\n    done\n    echo \"$max\"\n}\n")
    phase = ("    awk -v a=\"$1\" -v re=\"$(jq .real <<< \"$2\")\" -v im=\"$(jq .imag <<< \"$2\")\" "
             "'BEGIN { printf \"%.17g\\n\", atan2(im, a + re) }'\n}\n")
    polar = ("    awk -v x=\"$1\" -v y=\"$2\" 'BEGIN { pi = atan2(0, -1); printf \"[[%.17g, %.17g], "
             "{\\\"real\\\": %.17g, \\\"imag\\\": %.17g}]\\n\", sqrt(x * x + y * y), atan2(y, x), "
             "2 * cos(pi), 2 * sin(pi) }'\n}\n")
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    assert get_emitter("bash").prompt(p927).startswith(
        '#!/bin/bash\n# A Node is a JSON object {"data": integer, "left": Node or null, "right": Node or null}.\n\n')
    got = verdicts("bash", [(p927, height), (p367, balanced), (p601, chain), (p124, phase), (p590, polar),
                            (p927, height.replace("+ 1", "+ 2")),
                            (p590, polar.replace("cos(pi)", "cos(pi / 2)")),
                            (p590, polar.replace("real", "re"))], timeout=20.0)   # another key
    assert got == ["passed"] * 5 + ["failed"] * 3


def test_record_results():
    """A returned record (optional Node) is compared field by field; its oracle and wrong oracle."""
    from mbxp.conversion.oracle import oracle_results, wrong_results
    from mbxp.conversion.problems import from_mbpp
    from tests.test_records import MIRROR, MIRROR_TESTS, mbpp_row
    p = from_mbpp(mbpp_row(MIRROR, MIRROR_TESTS))
    em = get_emitter("bash")
    solution = ("    jq -c 'def m: if . == null then null else {data, left: (.right | m), right: (.left | m)} end; m'"
                " <<< \"$1\"\n}\n")
    plain = solution.replace("{data, left: (.right | m), right: (.left | m)}",
                             '{"right": (.left | m), "left": (.right | m), "data": .data}')   # keys in any order
    wrong = solution.replace("{data,", "{data: (.data + 1),")
    got = verdicts("bash", [(p, em.oracle(p, oracle_results(p))), (p, em.oracle(p, wrong_results(p))),
                          (p, solution), (p, plain), (p, wrong)])
    assert got == ["passed", "failed", "passed", "passed", "failed"]   # plain: any value with the fields
