import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import FLOAT, INT, STR, Type
from mbxp.runners.assemble import truncate

from .common import ADD, COUNTS, MEAN, NESTED, check_language, problem, verdicts

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
    assert em.unsupported(problem("f", [("xs", Type("list", (STR,)))], INT, [((["a b"],), 1)]))
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
