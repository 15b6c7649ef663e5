import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import FLOAT, INT, STR, Type

from .common import ADD, check_language, judge_both, oracle_and_wrong, problem, record_problems, verdicts

pytestmark = pytest.mark.lang

CHAT = '''```rust
use std::collections::HashMap;

fn add_nums(a: i64, b: i64) -> i64 {
    let m: HashMap<i64, i64> = HashMap::new();
    a + b + m.len() as i64
}

fn main() {
    println!("{}", add_nums(1, 2));
}
```
'''


def test_rust_verdicts():
    check_language(
        "rust",
        correct="    a + b\n}\n",
        syntax_error="    a +\n}\n",
        infinite_loop="    loop {}\n}\n",
        crash="    let v: Vec<i64> = vec![];\n    v[(a + b) as usize]\n}\n",
    )


def test_rust_chat_answer_and_exits():
    got = verdicts("rust", [
        (ADD, CHAT),                                        # own `use` and own main
        (ADD, "    std::process::exit(0)\n}\n"),           # skipping the checks
        (ADD, "    let x: i64 = i64::MAX;\n    x + a + b + 1\n}\n"),  # overflow panics
        (ADD, "    a - b\n}\n"),
    ])
    assert got[0] == "passed" and got[1].startswith("runtime_error")
    assert got[2].startswith("runtime_error") and got[3] == "failed"


def test_rust_float_tolerance_and_tuples():
    p = problem("half_pair", [("x", INT), ("s", STR)], Type("tuple", (FLOAT, STR)), [((3, "a"), (1.5, "a")), ((2, ""), (1, ""))])
    got = verdicts("rust", [(p, "    (x as f64 / 2.0 * (1.0 + 1e-9), s)\n}\n"), (p, "    (x as f64 / 2.1, s)\n}\n")])
    assert got == ["passed", "failed"]


def test_rust_types_and_names():
    em = get_emitter("rust")
    t = Type("dict", (Type("tuple", (INT, STR)), Type("list", (Type("optional", (FLOAT,)),))))
    assert em.rtype(t) == "HashMap<(i64, String), Vec<Option<f64>>>"
    assert em.literal({(1, "a"): [1, None]}, t) == 'HashMap::from([((1, String::from("a")), vec![Some(1.0), None])])'
    assert em.literal(("a\\\n",), Type("tuple", (STR,))) == '(String::from("a\\\\\\n"),)'
    assert em.name("Find_Max") == "find_max" and em.name("type") == "type_" and em.name("isUpper") == "is_upper"
    assert em.unsupported(problem("g", [("x", Type("set", (FLOAT,)))], INT, [(({1.0},), 1)]))
    assert em.unsupported(problem("h", [("x", Type("any"))], INT, [((2**70,), 1)]))


ANY = Type("any")
TALLY = problem("tally", [("xs", Type("list", (ANY,)))], Type("dict", (ANY, ANY)),
                [(([1, "a", 1, (2, 3.5)],), {1: 2, "a": 1.0, (2, 3.5): [None, {True}]})])


def test_rust_value_enum():
    em = get_emitter("rust")
    assert not em.unsupported(TALLY) and "enum Value" in em.prompt(TALLY)
    assert "enum Value" not in em.prompt(problem("f", [("x", INT)], INT, [((1,), 1)]))
    assert em.rtype(TALLY.returns) == "HashMap<Value, Value>"
    assert em.literal([(1, "a"), [2.5, None], {}, set()], ANY) == (
        'Value::List(vec![Value::Tuple(vec![Value::Int(1), Value::Str(String::from("a"))]), '
        'Value::List(vec![Value::Float(2.5), Value::None]), Value::Dict(BTreeMap::new()), Value::Set(BTreeSet::new())])')
    # keyed by Value (Hash + Eq), an Int equal to a Float, floats with tolerance; a List is not a Tuple
    body = """    let mut m: HashMap<Value, Value> = HashMap::new();
    for x in xs {
        let seen = m.contains_key(&x);
        let v = match &x {
            Value::Int(_) => Value::Float(if seen { 2.0 } else { 1.0 }),
            Value::Str(_) => Value::Int(1),
            _ => Value::List(vec![Value::None, Value::Set(BTreeSet::from([Value::Bool(true)]))]),
        };
        m.insert(x, v);
    }
    m
}
"""
    got = verdicts("rust", [(TALLY, body), (TALLY, body.replace("Value::List(vec![Value::None", "Value::Tuple(vec![Value::None")),
                            (TALLY, body.replace("2.0", "2.0000000001")), (TALLY, body.replace("2.0", "2.01"))])
    assert got == ["passed", "failed", "passed", "failed"]


# ---- records: MBPP/927, 590 and 601 as in the data, and a record result ----------------------
def test_rust_records():
    height, polar, chain, mirror = record_problems()
    em = get_emitter("rust")
    prompt = em.prompt(height)
    assert "struct Node {\n    data: i64,\n    left: Option<Box<Node>>,\n    right: Option<Box<Node>>,\n}\n" in prompt
    assert "fn max_height(node: Node) -> i64 {\n" in prompt
    assert em.literal(height.tests[2].args[0], height.params[0].type) == "Node { data: 7, left: None, right: None }"
    assert "fn polar_rect(x: i64, y: i64) -> ((f64, f64), Complex) {" in em.prompt(polar)
    assert "#[derive(Debug, Clone, Copy, PartialEq, Default, PartialOrd)]\nstruct Complex {" in em.prompt(polar)
    assert "fn max_chain_length(arr: Vec<Pair>, n: i64) -> i64 {" in em.prompt(chain)
    assert "fn mirror(root: Option<Node>) -> Option<Node> {" in em.prompt(mirror)
    height_body = """    fn height(n: &Option<Box<Node>>) -> i64 {
        match n {
            None => 0,
            Some(b) => 1 + height(&b.left).max(height(&b.right)),
        }
    }
    1 + height(&node.left).max(height(&node.right))
}
"""
    chain_body = """    let mut pairs = arr[..n as usize].to_vec();
    pairs.sort_by_key(|p| p.b);
    let (mut count, mut end) = (0, i64::MIN);
    for p in pairs {
        if p.a > end {
            count += 1;
            end = p.b;
        }
    }
    count
}
"""
    mirror_body = """    root.map(|r| {
        let flip = |c: Option<Box<Node>>| mirror(c.map(|b| *b)).map(Box::new);
        Node { data: r.data, left: flip(r.right), right: flip(r.left) }
    })
}
"""
    got = verdicts("rust", [
        (height, height_body),
        (height, height_body.replace("1 + height(&node.left)", "height(&node.left)")),
        (polar, "    let r = ((x * x + y * y) as f64).sqrt();\n"
                "    let phi = (y as f64).atan2(x as f64);\n"
                "    let pi = std::f64::consts::PI;\n"
                "    ((r, phi), Complex { real: 2.0 * pi.cos(), imag: 2.0 * pi.sin() })\n}\n"),
        (polar, "    ((0.0, 0.0), Complex { real: -2.0, imag: 0.0 })\n}\n"),
        (chain, chain_body),
        (mirror, mirror_body),
        (mirror, "    root\n}\n"),
    ] + oracle_and_wrong("rust", [mirror, polar]), timeout=20.0)
    assert got == ["passed", "failed", "passed", "failed", "passed", "passed", "failed"] + ["passed", "failed"] * 2


# ---- batched compiles: programs merged as modules of one crate (specs/rust.py MERGED) ------------


@pytest.mark.slow
def test_rust_batch_merges_and_isolates():
    items = [
        (ADD, "    a + b\n}\n"),                                       # passes, merged
        (ADD, "    a - b\n}\n"),                                       # fails, merged
        (ADD, "    let s: i64 = \"x\";\n    a + b + s\n}\n"),         # type error: its own compile_error
        (ADD, "    if a == 12345 { return crate::add_nums(0, b); }\n    a + b\n}\n"),  # `crate::` would miss: alone
        (ADD, "    let v = vec![1i64];\n    let w = v;\n    a + b + v[0] - w[0]\n}\n"),  # borrow error, same batch
        (ADD, CHAT),                                                   # own main and `use`: merged, passes
        (ADD, "    (a + b))\n}\n"),                                   # unbalanced: alone, compile_error
    ]
    batched, plain = judge_both("rust", items)
    assert [o.verdict for _, o in batched] == [o.verdict for _, o in plain]
    assert [o.verdict for _, o in batched] == ["passed", "failed", "compile_error", "passed", "compile_error",
                                               "passed", "compile_error"]
    jobs = [j for j, _ in batched]
    assert [("rust_index" in j.extra) for j in jobs] == [True, True, False, False, False, True, False]
    assert "crate" in jobs[3].extra["rust_alone"] and "unbalanced" in jobs[6].extra["rust_alone"]
    type_err, borrow_err = batched[2][1].stderr, batched[4][1].stderr
    assert "mismatched types" in type_err and "main.rs:" in type_err and "p2.rs" not in type_err
    assert "moved value" in borrow_err and "mismatched" not in borrow_err
    assert "moved value" not in type_err and "rust_alone" not in jobs[2].extra


def test_rust_merge_guard():
    from mbxp.runners.specs.rust import errors_by_program, lexes, why_alone
    ok = "fn f() -> i64 { let c = '\"'; let s = r#\"}\"#; 1 }\n#[derive(Debug)]\nstruct S;\nfn main() {\n}\n"
    assert why_alone(ok) is None and lexes(ok)
    for bad in ["#[no_mangle]\npub fn f() {}\n", "#[link_section = \".init_array\"]\nstatic F: u8 = 0;\n",
                "fn f() -> u8 { crate::g() }\n", "extern \"C\" { fn abs(x: i32) -> i32; }\n",
                "#![no_std]\n", "mod other;\n", "const S: &str = include_str!(\"x\");\n",
                "macro_rules! m { ($a:meta) => { #[$a] fn g() {} } }\n", "fn f() { std::env::args(); }\n",
                "#[macro_export]\nmacro_rules! m { () => {} }\n", "fn f() { unsafe {} }\n",
                "#[deny(dead_code)]\nfn g() {}\n"]:
        assert why_alone(bad + "fn main() {\n}\n"), bad
    assert why_alone("fn main() -> Result<(), String> {\n    Ok(())\n}\n")
    assert not lexes("fn f() { let s = \"abc; }") and not lexes("fn f() { /* }")
    err = ('{"$message_type":"diagnostic","message":"m","level":"error","spans":[{"file_name":"p1.rs",'
           '"is_primary":true}],"rendered":"error: m\\n --> p1.rs:3:5\\n"}\n'
           '{"$message_type":"diagnostic","message":"aborting due to 1 previous error","level":"error",'
           '"spans":[],"rendered":"error: aborting due to 1 previous error\\n"}\n')
    assert errors_by_program(err, 2) == {1: "error: m\n --> main.rs:3:5\nerror: aborting due to 1 previous error\n"}
    assert errors_by_program(err.replace("p1.rs", "main.rs"), 2) is None  # names no program: all alone
