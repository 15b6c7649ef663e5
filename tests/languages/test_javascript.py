import pytest

from mbxp.conversion.ir import INT, LONG
from mbxp.conversion.rows import make_row

from .common import ADD, ALL, FIRST_EVEN, MEAN, check_language, problem, verdicts

pytestmark = pytest.mark.lang

# a long beyond 2**53 makes the problem use BigInt
BIG = problem("big", [("n", INT)], LONG, [((1,), 2**60), ((2,), 5)])


def test_javascript_verdicts():
    check_language(
        "javascript",
        correct="  return a + b;\n}\n",
        syntax_error="  return a +;\n}\n",
        infinite_loop="  while (true) {}\n}\n",
        crash="  return null.x;\n}\n",
    )


def test_javascript_edge_cases():
    got = verdicts("javascript", [
        (ADD, "  process.exit(0);\n}\n"),                              # early exit must not pass
        (ADD, "  return JSON.parse('{');\n}\n"),                       # runtime SyntaxError
        (ADD, "  return a + b;\n}\nfunction extra() { return 1; }\n"),  # truncated after `}`
        (ADD, "  return String(a + b);\n}\n"),                          # "3" is not 3
        (MEAN, "  return xs.reduce((s, x) => s + x, 0) / xs.length + 1e-12;\n}\n"),
        (FIRST_EVEN, "  const x = xs.find(v => v % 2 === 0);\n  return x;\n}\n"),  # undefined as null
        (BIG, "  return n === 1 ? 2n ** 60n : 5n;\n}\n"),
        (BIG, "  return n === 1 ? 2 ** 60 : 5;\n}\n"),                # a number is not a BigInt
    ])
    assert [g.split(":")[0] for g in got] == ["runtime_error", "runtime_error", "passed", "failed",
                                              "passed", "passed", "passed", "failed"], got


def test_javascript_prompt_shape():
    row = make_row(ALL[3], "javascript")
    assert row["prompt"].startswith("/**\n") and row["prompt"].endswith("function countChars(s) {\n")
    assert '> countChars("aab")\n * {"a": 2, "b": 1}' in row["prompt"]
