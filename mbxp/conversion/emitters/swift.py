"""Swift: `func camelName(_ a: Int) -> Ret {` with `///` doc comments, as in the MBXP paper.

Type mapping: int/long -> Int (64-bit), float -> Double, str -> String, list -> [T], set -> Set<T>,
dict -> [K: V], tuple -> (A, B), optional -> T?, any -> Any. Swift tuples are not Hashable, so in
a hashable position (dict key, set element) a tuple becomes an array and `any` becomes AnyHashable.
bigint has no stdlib type: dropped.

The prompt imports Foundation like the paper's prompts; models use it (sqrt, components...). With
the runner's warm module cache it costs ~0.1 s of CPU per compile.

Comparison is one reflective helper (`Mirror`) over the values boxed as `Any`: expected values are
bound to a `let` of the declared return type, so both sides have the same static type and the
helper only adds float tolerance, order-free sets and dicts, and the unordered top level.

Records are declared after the import: a `struct` with `var` fields (the memberwise initializer
`Pair(a: 5, b: 24)` builds values), or a `class` with an initializer over all fields in order
when the record refers to itself (`Node.left: Node?`: a struct cannot contain itself). Optional
fields default to nil, so literals leave nil fields out: `Node(data: 8)`. Complex is such a
struct (real, imag): the stdlib has no complex type. Records compare field by field through
Mirror (same dynamic type, floats with tolerance). A record as a set element or dict key
(Hashable) and a record named like a type the program uses are dropped.
"""
from __future__ import annotations

import re
from typing import Any

from ..ir import Problem, Record, Type
from ..types import finish, infer
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, comment_lines, float_repr, record_names

RESERVED = frozenset("""
associatedtype class deinit enum extension fileprivate func import init inout internal let open
operator private precedencegroup protocol public rethrows static struct subscript typealias var
break case catch continue default defer do else fallthrough for guard if in repeat return throw
switch where while as false is nil self super throws true try Any Self Type Protocol
""".split())

# Types the test or an ordinary solution names, which a record's declaration would shadow.
SHADOWING = frozenset("""Foundation Glibc Swift Int Double Float Bool String Character Substring Array
Set Dictionary Optional AnyHashable Mirror Range ClosedRange Result Error Never Void Sequence
Collection Hashable Equatable Comparable Int64 Int32 UInt Data Date URL Decimal NSString
NumberFormatter CharacterSet Calendar""".split())

HASH = "anyhash"  # `any` in a hashable position

EQUAL = r'''
import Glibc

func mbxpClose(_ x: Double, _ y: Double) -> Bool {
    if x == y || (x.isNaN && y.isNaN) { return true }
    if !x.isFinite || !y.isFinite { return false }
    return Swift.abs(x - y) <= Swift.max(REL * Swift.max(Swift.abs(x), Swift.abs(y)), ABS)
}

// Optionals and AnyHashable boxes are looked through; nil is Swift.Optional<Any>.none.
func mbxpUnwrap(_ value: Any) -> Any? {
    var v = value
    while true {
        if Mirror(reflecting: v).displayStyle == .optional {
            guard let inner = Mirror(reflecting: v).children.first else { return nil }
            v = inner.value
        } else if type(of: v) == AnyHashable.self, let h = v as? AnyHashable {
            v = h.base
        } else if let c = v as? Character {
            return String(c)
        } else if let s = v as? Substring {
            return String(s)
        } else {
            return v
        }
    }
}

func mbxpItems(_ v: Any) -> [Any] { Mirror(reflecting: v).children.map { $0.value } }

// Every item of xs matched to a distinct equal item of ys (greedy; fine for test-sized values).
func mbxpSameItems(_ xs: [Any], _ ys: [Any]) -> Bool {
    if xs.count != ys.count { return false }
    var used = [Bool](repeating: false, count: ys.count)
    outer: for x in xs {
        for (j, y) in ys.enumerated() where !used[j] && mbxpEqual(x, y) {
            used[j] = true
            continue outer
        }
        return false
    }
    return true
}

func mbxpEqual(_ a: Any, _ b: Any) -> Bool {
    let ua = mbxpUnwrap(a), ub = mbxpUnwrap(b)
    guard let x = ua, let y = ub else { return ua == nil && ub == nil }
    if let p = x as? Double {
        if let q = y as? Double { return mbxpClose(p, q) }
        if let q = y as? Int { return mbxpClose(p, Double(q)) }
        return false
    }
    if let q = y as? Double {
        if let p = x as? Int { return mbxpClose(Double(p), q) }
        return false
    }
    if let p = x as? Int { return (y as? Int) == p }
    if let p = x as? Bool { return (y as? Bool) == p }
    if let p = x as? String { return (y as? String) == p }
    let sx = Mirror(reflecting: x).displayStyle, sy = Mirror(reflecting: y).displayStyle
    if sx != sy { return false }
    switch sx {
    case .struct?, .class?:  // records
        return type(of: x) == type(of: y) && Swift.zip(mbxpItems(x), mbxpItems(y)).allSatisfy { mbxpEqual($0, $1) }
    case .collection?, .tuple?:
        let xs = mbxpItems(x), ys = mbxpItems(y)
        return xs.count == ys.count && Swift.zip(xs, ys).allSatisfy { mbxpEqual($0, $1) }
    case .set?, .dictionary?:
        if let hx = x as? AnyHashable, let hy = y as? AnyHashable, hx == hy { return true }
        return mbxpSameItems(mbxpItems(x), mbxpItems(y))
    default:
        return false
    }
}

func mbxpCheck(_ index: Int, _ got: Any, _ expected: Any, unordered: Bool = false) {
    let same = unordered ? mbxpSameItems(mbxpItems(got), mbxpItems(expected)) : mbxpEqual(got, expected)
    if !same {
        fputs("FAIL_MARKER: test \(index) got \(String(String(describing: got).prefix(200)))\n", stderr)
        Glibc.exit(FAIL_EXIT)
    }
}
'''


class SwiftEmitter(Emitter):
    language = "swift"
    naming = "camel"
    reserved = RESERVED
    none_word = "nil"
    list_word = "array"
    records = True

    def describe(self, p: Problem) -> str:
        # descriptions (HumanEval's especially) name the function: use its Swift name
        return re.sub(rf"\b{re.escape(p.entry_point)}\b", self.function_name(p), super().describe(p))

    # ---- types -----------------------------------------------------------------------------
    def unsupported(self, p: Problem) -> str | None:
        types = [prm.type for prm in p.params] + [p.returns]
        if any(t.contains("bigint") for t in types):
            return "integers beyond 64 bits: Swift has no arbitrary-precision integer in its stdlib"
        for name in p.records:
            if name in SHADOWING or name in RESERVED or name.startswith("Mbxp"):
                return f"a record type named {name} would shadow a Swift type"
        hashed = [self.norm(t) for t in types] + [self.norm(f.type) for fs in p.records.values() for f in fs]
        if any(hashed_record(t) for t in hashed):
            return "a record as a set element or dict key: the declared records are not Hashable"
        return None

    def norm(self, t: Type, hashable: bool = False) -> Type:
        """The Swift-expressible type: tuples become arrays and `any` AnyHashable where a value
        must be Hashable."""
        k = t.kind
        if k == "record":
            return t
        if k == "any":
            return Type(HASH) if hashable else t
        if k == "tuple" and hashable:
            elems = [self.norm(a, True) for a in t.args]
            same = len(set(elems)) == 1
            return Type("list", (elems[0] if same else Type(HASH),))
        if k == "set":
            return Type("set", (self.norm(t.elem, True),))
        if k == "dict":
            return Type("dict", (self.norm(t.args[0], True), self.norm(t.args[1], hashable)))
        return Type(k, tuple(self.norm(a, hashable) for a in t.args))

    def type_name(self, t: Type) -> str:
        k = t.kind
        if k == "optional":
            inner = self.type_name(t.elem)
            return inner + "?" if inner not in ("Any", "AnyHashable") else inner
        if k == "list":
            return f"[{self.type_name(t.elem)}]"
        if k == "set":
            return f"Set<{self.type_name(t.elem)}>"
        if k == "dict":
            return f"[{self.type_name(t.args[0])}: {self.type_name(t.args[1])}]"
        if k == "tuple":
            if len(t.args) == 1:  # Swift has no 1-tuples; a one-element array stands in
                return f"[{self.type_name(t.args[0])}]"
            return "(" + ", ".join(self.type_name(a) for a in t.args) + ")"
        if k == "record":
            return str(t.name)
        return {"bool": "Bool", "int": "Int", "long": "Int", "float": "Double", "str": "String",
                "any": "Any", HASH: "AnyHashable", "none": "Any?"}[k]

    def swift_type(self, t: Type) -> str:
        return self.type_name(self.norm(t))

    # ---- literals --------------------------------------------------------------------------
    def lit(self, value: Any, t: Type) -> str:
        return self.literal(value, self.norm(t))

    def literal(self, value: Any, t: Type) -> str:
        if t.kind == HASH:
            return self.lit_boxed(value, True)
        if t.kind == "tuple" and len(t.args) == 1:
            return self.literal(list(value), Type("list", t.args))
        return super().literal(value, t)

    def lit_boxed(self, value: Any, hashable: bool) -> str:
        """A value in an Any/AnyHashable position: containers get an explicit type, since Swift
        cannot infer heterogeneous or empty literals."""
        if value is None:
            return "AnyHashable(Optional<Int>.none)" if hashable else "(Optional<Any>.none as Any)"
        t = self.norm(finish(infer(value)), hashable)
        text = self.literal(value, t)
        if t.kind in ("list", "set", "dict", "tuple") and not text.startswith(self.type_name(t)):
            return f"({text} as {self.type_name(t)})"
        return text

    def lit_any(self, v: Any, t: Type) -> str:
        return self.lit_boxed(v, False)

    def lit_none(self, t: Type) -> str:
        if t.kind == "any":
            return "(Optional<Any>.none as Any)"
        return "nil"

    def lit_float(self, v: float) -> str:
        if v != v:
            return "Double.nan"
        if v in (float("inf"), float("-inf")):
            return ("-" if v < 0 else "") + "Double.infinity"
        return float_repr(v)

    def lit_str(self, v: str) -> str:
        out = []
        for ch in v:
            if ch in '"\\':
                out.append("\\" + ch)
            elif ch in "\n\t\r\0":
                out.append({"\n": "\\n", "\t": "\\t", "\r": "\\r", "\0": "\\0"}[ch])
            elif ord(ch) < 32 or ord(ch) == 127 or 0xD800 <= ord(ch) < 0xE000:
                out.append(f"\\u{{{ord(ch):x}}}")
            else:
                out.append(ch)
        return '"' + "".join(out) + '"'

    def lit_list(self, items: list[str], t: Type) -> str:
        return "[" + ", ".join(items) + "]" if items else f"[{self.type_name(t.elem)}]()"

    def lit_set(self, items: list[str], t: Type) -> str:
        return f"Set<{self.type_name(t.elem)}>([" + ", ".join(items) + "])"

    def lit_tuple(self, items: list[str], t: Type) -> str:
        return "(" + ", ".join(items) + ")"

    def lit_record(self, value: Record, t: Type) -> str:
        args = [f"{self.field_name(n)}: {self.lit(v, ft)}" for n, v, ft in self.record_fields(value)
                if not (v is None and ft.kind == "optional")]  # nil is the initializer's default
        return f"{value.name}({', '.join(args)})"

    def lit_dict(self, items: list[tuple[str, str]], t: Type) -> str:
        if not items:
            return f"{self.type_name(t)}()"
        return "[" + ", ".join(f"{k}: {v}" for k, v in items) + "]"

    def examples(self, p: Problem) -> list[tuple[str, str]]:
        out = []
        for case in p.examples:
            args = ", ".join(self.lit(v, prm.type) for v, prm in zip(case.args, p.params))
            out.append((f"{self.function_name(p)}({args})", self.lit(case.expected, p.returns)))
        return out

    # ---- the four texts --------------------------------------------------------------------
    def header(self, p: Problem) -> str:
        return "import Foundation\n\n" + "".join(self.record_decl(p, n) + "\n" for n in self.record_order(p))

    def record_decl(self, p: Problem, name: str) -> str:
        fields = [(self.field_name(f.name), self.swift_type(f.type), f.type.kind == "optional")
                  for f in p.records[name]]
        decls = "".join(f"    var {n}: {t}\n" for n, t, _ in fields)
        if name not in reachable(p, name):
            return f"struct {name} {{\n{decls}}}\n"
        params = ", ".join(f"{n}: {t}" + (" = nil" if opt else "") for n, t, opt in fields)
        body = "".join(f"        self.{n} = {n}\n" for n, _, _ in fields)
        return f"class {name} {{\n{decls}\n    init({params}) {{\n{body}    }}\n}}\n"

    def signature(self, p: Problem) -> str:
        params = ", ".join(f"_ {self.name(prm.name)}: {self.swift_type(prm.type)}" for prm in p.params)
        return f"func {self.function_name(p)}({params}) -> {self.swift_type(p.returns)} {{\n"

    def prompt(self, p: Problem) -> str:
        lines = [self.describe(p)]
        for call, result in self.examples(p):
            lines += [f">>> {call}", result]
        return self.header(p) + comment_lines("\n".join(lines), "/// ") + "\n" + self.signature(p)

    def test(self, p: Problem) -> str:
        helper = (EQUAL.replace("REL", repr(p.rel_tol)).replace("ABS", repr(p.abs_tol))
                  .replace("FAIL_MARKER", FAIL_MARKER).replace("FAIL_EXIT", str(FAIL_EXIT)))
        unordered = ", unordered: true" if p.compare == "unordered" else ""
        ret = self.swift_type(p.returns)
        checks = []
        for i, case in enumerate(p.tests):
            args = ", ".join(self.lit(v, prm.type) for v, prm in zip(case.args, p.params))
            checks.append(f"do {{\n    let expected: {ret} = {self.lit(case.expected, p.returns)}\n"
                          f"    mbxpCheck({i}, {self.function_name(p)}({args}) as Any, expected as Any{unordered})\n}}\n")
        return "\n" + helper + "\n" + "".join(checks) + f'Swift.print("{PASS_MARKER}")\n'

    def oracle(self, p: Problem, results: list[Any]) -> str:
        items = ",\n        ".join(self.lit(r, p.returns) for r in results)
        return ("    struct MbxpCalls { static var count = 0 }\n"
                "    MbxpCalls.count += 1\n"
                f"    let results: [{self.swift_type(p.returns)}] = [\n        {items},\n    ]\n"
                "    return results[MbxpCalls.count - 1]\n}\n")


def reachable(p: Problem, name: str) -> set[str]:
    """The records reachable from a record's fields (it is recursive if it is among them)."""
    seen: set[str] = set()
    todo = [name]
    while todo:
        for f in p.records[todo.pop()]:
            for r in record_names(f.type):
                if r not in seen:
                    seen.add(r)
                    todo.append(r)
    return seen


def hashed_record(t: Type, hashable: bool = False) -> bool:
    """Whether a record sits where Swift needs Hashable (in a normalized type)."""
    if t.kind == "record":
        return hashable
    if t.kind == "set":
        return hashed_record(t.elem, True)
    if t.kind == "dict":
        return hashed_record(t.args[0], True) or hashed_record(t.args[1], hashable)
    return any(hashed_record(a, hashable) for a in t.args)


EMITTER = SwiftEmitter()
