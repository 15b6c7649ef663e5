"""C++ batches merged into one translation unit: which programs may share one, and that sharing
changes no verdict and no compiler message."""
import pytest

from mbxp.runners.base import Job
from mbxp.runners.engine import Cache, judge
from mbxp.runners.specs import get_runner
from mbxp.runners.specs.cpp_merge import errors_by_program, merge, unbalanced, why_alone

HEAD = "#include <bits/stdc++.h>\nusing namespace std;\n"
MAIN = '\nint main() {\n    if (twice(3) != 6) { fprintf(stderr, "MBXP_ASSERTION_FAILED\\n"); exit(3); }\n' \
       '    printf("MBXP_ALL_PASSED\\n");\n    return 0;\n}\n'
NAMES = {"count", "max", "sort", "vector", "string"}


def program(body: str) -> str:
    return HEAD + body + MAIN


@pytest.mark.parametrize("body", [
    "int twice(int x) { return 2 * x; }",
    "map<int, long long> memo;\nconst int LIMIT = 100;\nint twice(int x) { return memo[x] = 2 * x; }",
    "struct P { int a; int b; };\nint twice(int x);\nint twice(int x) { P p{x, x}; return p.a + p.b; }",
    "int twice(int x) { static vector<int> v(10); return 2 * x; }  // comment with { and (",
    'int twice(int x) { string s = "}{)("; return 2 * x + 0 * s.size(); }',
])
def test_mergeable(body):
    assert why_alone(program(body), NAMES) is None


@pytest.mark.parametrize("body,reason", [
    ("struct S { S() { puts(\"MBXP_ALL_PASSED\"); exit(0); } };\nS s;\nint twice(int x) { return 2 * x; }",
     "may run code"),
    ("int f() { return 1; }\nint g = f();\nint twice(int x) { return 2 * x; }", "may run code"),
    ("vector<long long> big(1000000000);\nint twice(int x) { return 2 * x; }", "may run code"),
    ("#define int long long\nint twice(int x) { return 2 * x; }", "preprocessor"),
    ("int count(int x) { return x; }\nint twice(int x) { return 2 * count(x); }", "library names"),
    ("namespace std { int z; }\nint twice(int x) { return 2 * x; }", "forbidden"),
    ("__attribute__((constructor)) void early() {}\nint twice(int x) { return 2 * x; }", "forbidden"),
    ("auto twice = [](int x) { return 2 * x; };", "brace initialiser"),
    ("int twice(int x) { return 2 * x; ", "unbalanced"),
    ("#include <ext/pb_ds/assoc_container.hpp>\nint twice(int x) { return 2 * x; }", "header"),
])
def test_must_compile_alone(body, reason):
    assert reason in (why_alone(program(body), NAMES) or "")


def test_errors_are_attributed_with_own_line_numbers():
    text = merge([program("int twice(int x) { return 2 * x; }"), program("int twice(int x) { return y; }")])
    assert "namespace mbxp_p1" in text and '#line 1 "p1.cpp"' in text
    stderr = ("p1.cpp: In function 'int mbxp_p1::twice(int)':\n"
              "p1.cpp:3:38: error: 'y' was not declared in this scope\n")
    blocks = errors_by_program(stderr, 2)
    assert list(blocks) == [1]
    assert blocks[1].startswith("main.cpp: In function 'int twice(int)'") and "main.cpp:3:38: error" in blocks[1]
    assert errors_by_program("batch.cpp:1:10: fatal error: nope.h: No such file\n", 2) is None


@pytest.mark.slow
@pytest.mark.parametrize("body,doomed", [
    ("int twice(int x) { ) ) ( (", True),
    ("int twice(int x) { return 2 * x;", True),                      # truncated
    ("int twice(int x) { return (2 * x]; }", True),                  # crossed
    ("int twice(int x) { return 2 * x; }", False),
    ('int twice(int x) { string s = "{{("; return 2 * x; } // )', False),
    ("#define OPEN {\nint twice(int x) OPEN return 2 * x; }", False),  # a macro may pair them
    ("int twice(int x) <% return 2 * x; %>", False),                  # digraphs are brackets
])
def test_unbalanced(body, doomed):
    assert unbalanced(program(body)) is doomed


def test_merged_batch_verdicts_equal_solo_compiles():
    if not get_runner("cpp").available():
        pytest.fail("no C++ toolchain: run scripts/install-toolchains --only cpp")
    bodies = {
        "pass": "int twice(int x) { return 2 * x; }",
        "pass_memo": "map<int, int> memo;\nint twice(int x) { return memo[x] = x + x; }",
        "fail": "int twice(int x) { return 2 * x + 1; }",
        "crash": "int twice(int x) { abort(); }",
        "type_error": "int twice(int x) { return undefined_name; }",
        "static_init_exit": "struct S { S() { puts(\"MBXP_ALL_PASSED\"); exit(0); } };\nS s;\nint twice(int x) { return 0; }",
        "broken": "int twice(int x) { ) ) ( (",
    }
    want = {"pass": "passed", "pass_memo": "passed", "fail": "failed", "crash": "runtime_error",
            "type_error": "compile_error", "broken": "compile_error"}
    # static_init_exit prints the marker from a global constructor: it goes alone, so whatever it
    # does touches only its own verdict, never a batch-mate's
    jobs = [Job(k, "cpp", program(b)) for k, b in bodies.items()]
    got = {j.key: o for j, o in judge(jobs, workers=1, timeout=20, cache=Cache())}
    solo = {j.key: o for j, o in judge([Job(k, "cpp", program(b)) for k, b in bodies.items()],
                                       workers=1, timeout=20, cache=Cache(), batching=False)}
    assert {k: o.verdict for k, o in got.items()} == {k: o.verdict for k, o in solo.items()}
    for k in ("pass", "pass_memo", "fail", "crash", "type_error", "broken"):
        assert got[k].verdict == want[k], (k, got[k])
    assert "main.cpp:" in got["type_error"].stderr and "undefined_name" in got["type_error"].stderr
    assert "mbxp_p" not in got["type_error"].stderr
    # unbalanced: stopped at g++'s first error, which is the one a full compile prints first
    first = solo["broken"].stderr.split("error:", 1)[1].split("\n")[0]
    assert first in got["broken"].stderr and "-Wfatal-errors" in got["broken"].stderr
