import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import FLOAT, INT, Type
from mbxp.runners.specs.go import normalize, repair

from .common import ADD, check_language, oracle_and_wrong, problem, record_problems, verdicts

pytestmark = pytest.mark.lang

CHAT = '''Here it is:
```go
package main

import (
	"fmt"
	"bytes"
	"unicode/utf8"
)

func addNums(a int, b int) int {
	return a + b + utf8.RuneCountInString("")
}

func main() {
	fmt.Println(addNums(1, 2))
}
```
'''


def test_go_verdicts():
    check_language(
        "go",
        correct="\treturn a + b\n}\n",
        syntax_error="\treturn a +\n}\n",
        infinite_loop="\tfor {\n\t}\n}\n",
        crash="\tvar xs []int\n\treturn xs[a+b]\n}\n",
    )


def test_go_imports_and_exits():
    got = verdicts("go", [
        (ADD, "\treturn a + b + utf8.RuneCountInString(\"\")\n}\n"),   # package outside the block
        (ADD, CHAT),                                                     # repeated header, own main
        (ADD, "\treturn a + b + undefinedThing\n}\n"),                   # still a compile error
        (ADD, "\tos.Exit(0)\n\treturn 0\n}\n"),                          # skipping the checks
        (ADD, "\treturn a - b\n}\n"),
    ])
    assert got[:3] == ["passed", "passed", "compile_error"]
    assert got[3].startswith("runtime_error") and got[4] == "failed"


def test_go_float_tolerance_and_mixed_numbers():
    p = problem("half", [("x", INT)], FLOAT, [((3,), 1.5), ((2,), 1)])
    got = verdicts("go", [(p, "\treturn float64(x) / 2 * (1 + 1e-9)\n}\n"), (p, "\treturn float64(x) / 2.1\n}\n")])
    assert got == ["passed", "failed"]


def test_go_types_and_literals():
    em = get_emitter("go")
    t = Type("dict", (Type("tuple", (INT, INT)), Type("list", (Type("optional", (FLOAT,)),))))
    assert em.gotype(t) == "map[[2]int][]*float64"
    assert em.literal({(1, 2): [1, None]}, t) == "map[[2]int][]*float64{{1, 2}: {new(1.0), nil}}"
    assert em.literal([1, "a", [2, (3,)]], Type("list", (Type("any"),))) == \
        '[]interface{}{1, "a", []interface{}{2, []interface{}{3}}}'
    assert em.literal(("a", 1), Type("tuple", (Type("str"), INT))) == '[]interface{}{"a", 1}'
    assert em.name("range") == "range_" and em.name("len") == "len_" and em.name("strings") == "strings_"


def test_go_import_repair_units():
    src = 'package main\n\nimport (\n\t"fmt"\n\t"os"\n)\n\nfunc main() { fmt.Println(strings.ToUpper("a")) }\n'
    errors = './main.go:5:2: "os" imported and not used\n./main.go:8:27: undefined: strings\n'
    fixed = repair(src, errors)
    assert '"os"' not in fixed and 'import "strings"' in fixed
    assert repair(src, "./main.go:8:27: undefined: frobnicate\n") is None
    merged = normalize('package main\n\nimport "fmt"\n\npackage main\n\nimport (\n\t"fmt"\n\t"sort"\n)\n\n'
                       'func main() {}\n\nfunc main() { fmt.Println(sort.IsSorted) }\n')
    assert merged.count("package main") == 1 and merged.count('"fmt"') == 1 and '"sort"' in merged
    assert merged.count("func main()") == 1 and "func _mbxpSolutionMain()" in merged


# ---- records: MBPP/927, 590 and 601 as in the data, and a record result ----------------------
def test_go_records():
    height, polar, chain, mirror = record_problems()
    em = get_emitter("go")
    prompt = em.prompt(height)
    assert "type Node struct {\n\tdata  int\n\tleft  *Node\n\tright *Node\n}\n" in prompt
    assert "func maxHeight(node *Node) int {\n" in prompt
    assert em.literal(height.tests[2].args[0], height.params[0].type) == "&Node{data: 7}"
    assert "func polarRect(x int, y int) []interface{} {" in em.prompt(polar) and '"math/cmplx"' in em.prompt(polar)
    assert "func maxChainLength(arr []*Pair, n int) int {" in em.prompt(chain)
    chain_body = """\tdp := make([]int, n)
	best := 0
	for i := 0; i < n; i++ {
		dp[i] = 1
		for j := 0; j < i; j++ {
			if arr[i].a > arr[j].b && dp[j]+1 > dp[i] {
				dp[i] = dp[j] + 1
			}
		}
		best = max(best, dp[i])
	}
	return best
}
"""
    got = verdicts("go", [
        (height, "\tif node == nil {\n\t\treturn 0\n\t}\n\treturn 1 + max(maxHeight(node.left), maxHeight(node.right))\n}\n"),
        (height, "\tif node == nil {\n\t\treturn 0\n\t}\n\treturn 1 + maxHeight(node.left)\n}\n"),
        (polar, "\tc := complex(float64(x), float64(y))\n"
                "\treturn []interface{}{[]float64{cmplx.Abs(c), cmplx.Phase(c)}, cmplx.Rect(2, math.Pi)}\n}\n"),
        (polar, "\tc := complex(float64(x), float64(y))\n"
                "\treturn []interface{}{[]float64{cmplx.Abs(c), cmplx.Phase(c)}, cmplx.Rect(2, math.Pi/2)}\n}\n"),
        (chain, chain_body),
        (mirror, "\tif root == nil {\n\t\treturn nil\n\t}\n"
                 "\treturn &Node{data: root.data, left: mirror(root.right), right: mirror(root.left)}\n}\n"),
        (mirror, "\treturn root\n}\n"),
    ] + oracle_and_wrong("go", [mirror, polar]))
    assert got == ["passed", "failed", "passed", "failed", "passed", "passed", "failed"] + ["passed", "failed"] * 2


def test_go_linked_batch_survives_a_broken_batch_mate():
    """Programs sharing one binary: a type error in one (parsable, so it joins the link) makes the
    others link again without it; an init function keeps a program out of the shared binary."""
    from mbxp.runners.base import Job
    from mbxp.runners.engine import Cache, judge
    main = 'package main\n\nimport "fmt"\n\n%s\nfunc main() {\n\tfmt.Println("MBXP_ALL_PASSED")\n}\n'
    bodies = {"ok1": "func f() int { return 1 }\n", "typo": "func f() int { return undefinedName }\n",
              "init": "func init() { panic(\"init ran\") }\n", "ok2": "var table = map[int]int{1: 2}\n"}
    jobs = [Job(k, "go", main % b) for k, b in bodies.items()]
    got = {j.key: o.verdict for j, o in judge(jobs, workers=1, timeout=20, cache=Cache())}
    assert got == {"ok1": "passed", "typo": "compile_error", "init": "runtime_error", "ok2": "passed"}
