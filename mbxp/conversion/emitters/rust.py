"""Rust (edition 2021): the solution and a `fn main()` harness in one crate.

Types follow MultiPL-E's owned style: int and long -> i64, bigint -> i128 (values beyond it are
unsupported), float -> f64, str -> String (parameters too, so every literal is an owned value),
list -> Vec<T>, set -> HashSet<T>, dict -> HashMap<K, V>, tuple -> (A, B, ...), optional ->
Option<T>. Hash keys holding plain floats are dropped (f64 is not Hash).

`any` (Python values of mixed types) is `Value`, an enum declared in the prompt's header (only in
prompts that use it) before the doc comment: None, Bool, Int(i64), Float(f64), Str, List, Tuple
(kept apart from List, as Python's == does), Dict(BTreeMap) and Set(BTreeSet). Ordered
collections, not hash ones, so Value can be Ord and Hash itself (hash keys, sorting, sets of
values): PartialEq/PartialOrd are derived (variant first, then contents, which sorts ints before
strings as MBPP's mixed-sort problems want), Ord is partial_cmp with NaN as equal, and floats hash
by their bits. Literals are spelled out: `Value::Str(String::from("a"))`. The test compares Values
like Python's ==, floats with tolerance and an Int equal to a Float of the same value; a Bool is
not an Int. Integers beyond i64 inside a Value are dropped.

Records (class instances): each is a struct declared in the header (after Value, before the doc
comment) with the Python attribute names as fields; a field holding a record or an optional
record is boxed (`left: Option<Box<Node>>`), which is what lets a tree refer to its own type.
Elsewhere records are owned values like the other types (`root: Node`, `Vec<Pair>`,
`Option<Node>`). Literals are struct expressions: `Node { data: 1, left: None, right: None }`.
Each derives Debug, Clone and PartialEq, and whatever else its fields allow (Default unless it
holds a Value; PartialOrd unless a map or set; Eq, Hash and Ord also without floats; Copy when
all fields are plain numbers or bools). Python's complex is the record `Complex { real: f64,
imag: f64 }` (no complex type in std). The test compares records field by field (MbxpEq).
A record named like a std type the program uses (String, Vec, HashMap, Value...) is dropped.

The prompt imports `std::collections::*`: a glob, so an answer that imports HashMap itself does
not clash with it. Comparison goes through a small trait (MbxpEq): floats with tolerance, maps
by key, tuples element-wise.

Coverage: MBPP 971 kept (67 and 539 need integers beyond i128; 533 takes a Python type object and
is dropped before any emitter), HumanEval 164/164.
"""
from __future__ import annotations

import re
from typing import Any

from ..ir import Problem, Record, Type
from .base import (FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, c_string, comment_lines, leaves, record_names,
                   sort_key_values, special_float)

KEYWORDS = frozenset("""as break const continue crate else enum extern false fn for if impl in let loop
match mod move mut pub ref return self Self static struct super trait true type unsafe use where while
async await dyn abstract become box do final macro override priv typeof unsized virtual yield try gen
main""".split())

I128 = 2**127
# type names a record must not take: the prelude's, std::collections' and the harness's
SHADOWING = frozenset("""String Vec Option Some None Box Result Ok Err Value MbxpEq HashMap HashSet BTreeMap
BTreeSet VecDeque BinaryHeap LinkedList Bound TryReserveError Default Clone Copy Debug Eq Ord
PartialEq PartialOrd Hash Iterator Fn FnMut FnOnce Drop Send Sync Sized ToString ToOwned
IntoIterator Extend FromIterator""".split())
HEADER = "use std::collections::*;\n\n"

VALUE_DECL = """\
/// A dynamically typed value, as in Python: `Value::Int(1)`, `Value::Str(String::from("a"))`,
/// `Value::List(vec![...])`, `Value::Tuple(vec![...])`, `Value::Dict(BTreeMap::from([(k, v)]))`...
/// It is Eq, Ord and Hash: variants order as listed, then by content.
#[derive(Debug, Clone, PartialEq, PartialOrd)]
enum Value {
    None,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    List(Vec<Value>),
    Tuple(Vec<Value>),
    Dict(BTreeMap<Value, Value>),
    Set(BTreeSet<Value>),
}

impl Eq for Value {}

impl Ord for Value {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.partial_cmp(other).unwrap_or(std::cmp::Ordering::Equal)
    }
}

impl std::hash::Hash for Value {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        match self {
            Value::None => {}
            Value::Bool(b) => b.hash(state),
            Value::Int(n) => n.hash(state),
            Value::Float(x) => (if *x == 0.0 { 0.0f64 } else { *x }).to_bits().hash(state),
            Value::Str(s) => s.hash(state),
            Value::List(v) | Value::Tuple(v) => v.hash(state),
            Value::Dict(d) => d.hash(state),
            Value::Set(s) => s.hash(state),
        }
    }
}

"""

# Python's ==: an int equals a float of the same value (here within tolerance); dict values and
# list items recurse so nested floats get the tolerance too.
VALUE_EQ = r'''
impl MbxpEq for Value {
    fn mbxp_eq(&self, o: &Self) -> bool {
        match (self, o) {
            (Value::Float(a), Value::Float(b)) => a.mbxp_eq(b),
            (Value::Int(a), Value::Float(b)) | (Value::Float(b), Value::Int(a)) => (*a as f64).mbxp_eq(b),
            (Value::List(a), Value::List(b)) | (Value::Tuple(a), Value::Tuple(b)) => a.mbxp_eq(b),
            (Value::Dict(a), Value::Dict(b)) => {
                a.len() == b.len() && a.iter().all(|(k, v)| b.get(k).map_or(false, |w| v.mbxp_eq(w)))
            }
            _ => self == o,
        }
    }
}
'''

HARNESS = r'''
trait MbxpEq {
    fn mbxp_eq(&self, other: &Self) -> bool;
}

macro_rules! mbxp_exact {
    ($($t:ty),*) => { $(impl MbxpEq for $t { fn mbxp_eq(&self, o: &Self) -> bool { self == o } })* };
}
mbxp_exact!(i64, i128, bool, String, ());

impl MbxpEq for f64 {
    fn mbxp_eq(&self, o: &Self) -> bool {
        *self == *o || (self - o).abs() <= (REL * self.abs().max(o.abs())).max(ABS)
    }
}

impl<T: MbxpEq> MbxpEq for Vec<T> {
    fn mbxp_eq(&self, o: &Self) -> bool {
        self.len() == o.len() && self.iter().zip(o.iter()).all(|(a, b)| a.mbxp_eq(b))
    }
}

impl<T: MbxpEq> MbxpEq for Box<T> {
    fn mbxp_eq(&self, o: &Self) -> bool {
        (**self).mbxp_eq(&**o)
    }
}

impl<T: MbxpEq> MbxpEq for Option<T> {
    fn mbxp_eq(&self, o: &Self) -> bool {
        match (self, o) {
            (Some(a), Some(b)) => a.mbxp_eq(b),
            (None, None) => true,
            _ => false,
        }
    }
}

impl<K: Eq + std::hash::Hash, V: MbxpEq> MbxpEq for std::collections::HashMap<K, V> {
    fn mbxp_eq(&self, o: &Self) -> bool {
        self.len() == o.len() && self.iter().all(|(k, v)| o.get(k).map_or(false, |w| v.mbxp_eq(w)))
    }
}

impl<T: Eq + std::hash::Hash> MbxpEq for std::collections::HashSet<T> {
    fn mbxp_eq(&self, o: &Self) -> bool {
        self == o
    }
}

macro_rules! mbxp_tuple {
    ($($n:tt $t:ident),+) => {
        impl<$($t: MbxpEq),+> MbxpEq for ($($t,)+) {
            fn mbxp_eq(&self, o: &Self) -> bool { true $(&& self.$n.mbxp_eq(&o.$n))+ }
        }
    };
}
mbxp_tuple!(0 A);
mbxp_tuple!(0 A, 1 B);
mbxp_tuple!(0 A, 1 B, 2 C);
mbxp_tuple!(0 A, 1 B, 2 C, 3 D);
mbxp_tuple!(0 A, 1 B, 2 C, 3 D, 4 E);
mbxp_tuple!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F);
mbxp_tuple!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G);
mbxp_tuple!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H);
mbxp_tuple!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I);
mbxp_tuple!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J);
mbxp_tuple!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K);
mbxp_tuple!(0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L);

fn mbxp_fail<T: std::fmt::Debug>(i: usize, got: &T) -> ! {
    let text: String = format!("{:?}", got).chars().take(300).collect();
    eprintln!("MARKER: test {} got {}", i, text);
    std::process::exit(FAIL);
}

fn mbxp_check<T: MbxpEq + std::fmt::Debug>(i: usize, got: &T, want: &T) {
    if !got.mbxp_eq(want) {
        mbxp_fail(i, got);
    }
}

// the top-level vectors as multisets
fn mbxp_check_unordered<T: MbxpEq + std::fmt::Debug>(i: usize, got: &Vec<T>, want: &Vec<T>) {
    let mut used = vec![false; got.len()];
    if got.len() != want.len() {
        mbxp_fail(i, got);
    }
    for w in want {
        match (0..got.len()).find(|&k| !used[k] && got[k].mbxp_eq(w)) {
            Some(k) => used[k] = true,
            None => mbxp_fail(i, got),
        }
    }
}
'''


class RustEmitter(Emitter):
    language = "rust"
    naming = "snake"
    reserved = KEYWORDS
    none_word = "None"
    list_word = "vector"
    records = True

    def name(self, python_name: str) -> str:
        snake = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", python_name).lower()
        snake = re.sub(r"_+", "_", snake) if snake.strip("_") else snake
        return self.escape(snake)

    def describe(self, p: Problem) -> str:
        # HumanEval's own examples call the function by its Python name
        return re.sub(rf"\b{re.escape(p.entry_point)}(?=\()", self.function_name(p), super().describe(p))

    # ---- types -------------------------------------------------------------------------------
    def unsupported(self, p: Problem) -> str | None:
        for name in p.records:
            if name in SHADOWING or name in KEYWORDS:
                return f"a record struct named {name} would shadow a Rust type the program uses"
        try:
            for t in self.types(p):
                self.rtype(t)
        except ValueError as e:
            return str(e)
        values = [v for c in p.tests for v in [*c.args, c.expected]]
        if any(t.contains("bigint") for t in [prm.type for prm in p.params] + [p.returns]) and \
                any(abs(x) >= I128 for x in leaves(values, lambda v: isinstance(v, int) and not isinstance(v, bool))):
            return "an integer beyond i128"
        try:
            for c in p.tests:
                for v, t in [*zip(c.args, [prm.type for prm in p.params]), (c.expected, p.returns)]:
                    self.literal(v, t)
        except ValueError as e:
            return str(e)
        return None

    def rtype(self, t: Type, key: bool = False) -> str:
        k = t.kind
        if k == "any":
            return "Value"
        if k == "none":
            return _unsupported("a value that is always None")
        if k == "float" and key:
            return _unsupported("a float inside a hash key (f64 is not Hash)")
        if k in ("set", "dict") and key:
            return _unsupported("a set or map inside a hash key")
        simple = {"bool": "bool", "int": "i64", "long": "i64", "bigint": "i128", "float": "f64", "str": "String"}
        if k in simple:
            return simple[k]
        if k == "list":
            return f"Vec<{self.rtype(t.elem, key)}>"
        if k == "record":
            if key:
                return _unsupported("a record inside a hash key")
            return str(t.name)
        if k == "set":
            return f"HashSet<{self.rtype(t.elem, True)}>"
        if k == "dict":
            return f"HashMap<{self.rtype(t.args[0], True)}, {self.rtype(t.args[1])}>"
        if k == "optional":
            return f"Option<{self.rtype(t.elem, key)}>"
        if k == "tuple":
            parts = [self.rtype(a, key) for a in t.args]
            if len(parts) > 12:
                return _unsupported("a tuple of more than 12 elements")
            return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
        return _unsupported(f"type {t}")

    # ---- literals ----------------------------------------------------------------------------
    def literal(self, v: Any, t: Type) -> str:
        k = t.kind
        if k == "any":
            return value_literal(v)
        if k == "optional":
            return "None" if v is None else f"Some({self.literal(v, t.elem)})"
        if k == "record":
            return self.lit_record(v, t)
        if k == "bool":
            return "true" if v else "false"
        if k in ("int", "long", "bigint"):
            return str(int(v))
        if k == "float":
            return rust_float(float(v))
        if k == "str":
            return f"String::from({rust_string(v)})"
        if k == "list":
            return "vec![" + ", ".join(self.literal(x, t.elem) for x in v) + "]"
        if k == "tuple":
            items = [self.literal(x, a) for x, a in zip(v, t.args)]
            return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
        if k == "set":
            items = [self.literal(x, t.elem) for x in sort_key_values(v)]
            return f"HashSet::from([{', '.join(items)}])" if items else "HashSet::new()"
        if k == "dict":
            items = [f"({self.literal(a, t.args[0])}, {self.literal(b, t.args[1])})" for a, b in v.items()]
            return f"HashMap::from([{', '.join(items)}])" if items else "HashMap::new()"
        raise ValueError(f"cannot render {v!r} as {t}")

    def lit_record(self, v: Record, t: Type) -> str:
        fields = []
        for name, x, ft in self.record_fields(v):
            if boxed(ft) and x is not None:
                inner = f"Box::new({self.literal(x, ft.elem if ft.kind == 'optional' else ft)})"
                text = f"Some({inner})" if ft.kind == "optional" else inner
            else:
                text = self.literal(x, ft)
            fields.append(f"{self.field_name(name)}: {text}")
        return f"{v.name} {{ {', '.join(fields)} }}"

    # ---- records -----------------------------------------------------------------------------
    def field_type(self, t: Type) -> str:
        text = self.rtype(t)
        if not boxed(t):
            return text
        return f"Option<Box<{t.elem.name}>>" if t.kind == "optional" else f"Box<{text}>"

    def derives(self, p: Problem, name: str) -> list[str]:
        """The traits a record's fields allow it to derive (through the records it holds)."""
        kinds: set[str] = set()
        seen, todo = set(), [name]
        while todo:
            n = todo.pop()
            if n in seen:
                continue
            seen.add(n)
            for f in p.records[n]:
                kinds |= type_kinds(f.type)
                todo += record_names(f.type)
        out = ["Debug", "Clone"]
        if all(f.type.kind in ("bool", "int", "long", "bigint", "float") for f in p.records[name]):
            out.append("Copy")
        out.append("PartialEq")
        if "any" not in kinds:
            out.append("Default")
        if not kinds & {"set", "dict"}:
            out.append("PartialOrd")
            if "float" not in kinds:
                out += ["Eq", "Hash", "Ord"]
        return out

    def struct(self, p: Problem, name: str) -> str:
        fields = "".join(f"    {self.field_name(f.name)}: {self.field_type(f.type)},\n" for f in p.records[name])
        return f"#[derive({', '.join(self.derives(p, name))})]\nstruct {name} {{\n{fields}}}\n\n"

    def mbxp_eq(self, p: Problem, name: str) -> str:
        checks = " && ".join(f"self.{n}.mbxp_eq(&o.{n})" for n in (self.field_name(f.name) for f in p.records[name]))
        return (f"\nimpl MbxpEq for {name} {{\n    fn mbxp_eq(&self, o: &Self) -> bool {{\n"
                f"        {checks or 'true'}\n    }}\n}}\n")

    # ---- the texts ---------------------------------------------------------------------------
    def types(self, p: Problem) -> list[Type]:
        """The parameters', result's and record fields' types."""
        fields = [f.type for name in p.records for f in p.records[name]]
        return [prm.type for prm in p.params] + [p.returns] + fields

    def uses_value(self, p: Problem) -> bool:
        return any(t.contains("any") for t in self.types(p))

    def header(self, p: Problem) -> str:
        structs = "".join(self.struct(p, name) for name in self.record_order(p))
        return HEADER + (VALUE_DECL if self.uses_value(p) else "") + structs

    def param_names(self, p: Problem) -> list[str]:
        names: list[str] = []
        for prm in p.params:
            n = self.name(prm.name)
            while n in names:
                n += "_"
            names.append(n)
        return names

    def prompt(self, p: Problem) -> str:
        lines = [self.describe(p)]
        for call, result in self.examples(p):
            lines += [f">>> {call}", result]
        params = ", ".join(f"{n}: {self.rtype(prm.type)}" for n, prm in zip(self.param_names(p), p.params))
        return (self.header(p) + comment_lines("\n".join(lines), "/// ") + "\n"
                + f"fn {self.function_name(p)}({params}) -> {self.rtype(p.returns)} {{\n")

    def test(self, p: Problem) -> str:
        check = "mbxp_check_unordered" if p.compare == "unordered" else "mbxp_check"
        calls = []
        for i, case in enumerate(p.tests):
            args = ", ".join(self.literal(v, prm.type) for v, prm in zip(case.args, p.params))
            calls.append(f"    {check}({i}, &{self.function_name(p)}({args}), "
                         f"&{self.literal(case.expected, p.returns)});\n")
        harness = (HARNESS.replace("REL", rust_float(p.rel_tol)).replace("ABS", rust_float(p.abs_tol))
                   .replace("MARKER", FAIL_MARKER).replace("(FAIL)", f"({FAIL_EXIT})"))
        if self.uses_value(p):
            harness += VALUE_EQ
        harness += "".join(self.mbxp_eq(p, name) for name in self.record_order(p))
        return f"\nfn main() {{\n{''.join(calls)}    println!(\"{PASS_MARKER}\");\n}}\n" + harness

    def oracle(self, p: Problem, results: list[Any]) -> str:
        items = ",\n        ".join(self.literal(r, p.returns) for r in results)
        # "\x5c" for a backslash: assemble's string scanner takes \\" for an escaped quote
        items = items.replace("\\\\", "\\x5c")
        return ("    static MBXP_CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);\n"
                "    let mbxp_i = MBXP_CALLS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);\n"
                f"    let mut mbxp_results: Vec<{self.rtype(p.returns)}> = vec![\n        {items},\n    ];\n"
                "    mbxp_results.swap_remove(mbxp_i)\n}\n")


def boxed(t: Type) -> bool:
    """A record field holding a record (or an optional one) is boxed: a struct may then hold its own type."""
    return t.kind == "record" or t.kind == "optional" and t.elem.kind == "record"


def type_kinds(t: Type) -> set[str]:
    return {t.kind}.union(*(type_kinds(a) for a in t.args))


def _unsupported(reason: str) -> str:
    raise ValueError(reason)


def value_literal(v: Any) -> str:
    """A Python value of any type as a `Value`, its variant chosen by the value's own type."""
    if v is None:
        return "Value::None"
    if isinstance(v, bool):
        return f"Value::Bool({'true' if v else 'false'})"
    if isinstance(v, int):
        if not -2**63 <= v < 2**63:
            return _unsupported("an integer beyond i64 inside a mixed-type value")
        return f"Value::Int({v})"
    if isinstance(v, float):
        return f"Value::Float({rust_float(v)})"
    if isinstance(v, str):
        return f"Value::Str(String::from({rust_string(v)}))"
    if isinstance(v, (list, tuple)):
        variant = "List" if isinstance(v, list) else "Tuple"
        return f"Value::{variant}(vec![{', '.join(map(value_literal, v))}])"
    if isinstance(v, (set, frozenset)):
        items = ", ".join(value_literal(x) for x in sort_key_values(v))
        return f"Value::Set(BTreeSet::from([{items}]))" if items else "Value::Set(BTreeSet::new())"
    if isinstance(v, dict):
        items = ", ".join(f"({value_literal(a)}, {value_literal(b)})" for a, b in v.items())
        return f"Value::Dict(BTreeMap::from([{items}]))" if items else "Value::Dict(BTreeMap::new())"
    return _unsupported(f"a value of Python type {type(v).__name__}")


def rust_float(v: float) -> str:
    return special_float(v, "f64::NAN", "f64::INFINITY", "f64::NEG_INFINITY")


def rust_string(s: str) -> str:
    return c_string(s, control=lambda o: f"\\u{{{o:x}}}")


EMITTER = RustEmitter()
