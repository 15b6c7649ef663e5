import pytest

from mbxp.conversion.ir import INT, LONG, Type
from mbxp.conversion.rows import make_row
from mbxp.runners.base import Job
from mbxp.runners.engine import Cache, judge

from .common import ADD, ALL, COUNTS, FIRST_EVEN, problem, check_language, verdicts

pytestmark = pytest.mark.lang

TUPLE_KEYS = problem("pair_counts", [("xs", Type("list", (Type("tuple", (INT, INT)),)))],
                     Type("dict", (Type("tuple", (INT, INT)), INT)), [(([(1, 2), (1, 2)],), {(1, 2): 2}), (([],), {})])


def test_typescript_verdicts():
    check_language(
        "typescript",
        correct="  return a + b;\n}\n",
        syntax_error="  return a +;\n}\n",
        infinite_loop="  while (true) {}\n}\n",
        crash="  return (null as any).x;\n}\n",
    )


def test_typescript_type_errors_and_batches():
    # one batch: a type error (exit code 2 from tsc) fails only its own program
    got = verdicts("typescript", [
        (ADD, '  return "3";\n}\n'),                                   # type error
        (ADD, "  return a + b;\n}\n"),
        (ADD, "  const m = {};\n  m['k'] = a;\n  return m['k'] + b;\n}\n"),  # not --strict
        (ADD, "  console.log('debug');\n  return a + b;\n}\n"),          # console/process are declared
        (ADD, "  process.exit(0);\n  return 0;\n}\n"),                   # early exit must not pass
        (FIRST_EVEN, "  const x = xs.find(v => v % 2 === 0);\n  return x === undefined ? null : x;\n}\n"),
        (COUNTS, "  const m: {[k: string]: number} = {};\n  for (const c of s) m[c] = (m[c] || 0) + 1;\n"
                 "  return m;\n}\n"),
        (TUPLE_KEYS, "  const m = new Map<[number, number], number>();\n  const seen: {[k: string]: [number, number]} = {};\n"
                     "  for (const x of xs) { const k = String(x); if (!(k in seen)) seen[k] = x;\n"
                     "    m.set(seen[k], (m.get(seen[k]) || 0) + 1); }\n  return m;\n}\n"),
    ])
    assert [g.split(":")[0] for g in got] == ["compile_error", "passed", "passed", "passed",
                                              "runtime_error", "passed", "passed", "passed"], got


def test_typescript_prompt_shape():
    row = make_row(FIRST_EVEN, "typescript")
    assert row["prompt"].endswith("function firstEven(xs: number[]): number | null {\n")
    assert make_row(TUPLE_KEYS, "typescript")["prompt"].endswith(
        "function pairCounts(xs: [number, number][]): Map<[number, number], number> {\n")
