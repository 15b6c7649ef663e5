"""D (LDC): `import std;`, a /** */ doc comment, and `{ret} {camelName}({params}) {`.

Types: int -> int, long -> long, float -> double, str -> string, list -> T[], dict -> V[K],
set -> bool[T] (D has no set type; keys are the elements), optional -> Nullable!(T). A tuple
whose elements all have one type becomes T[] (as in C++); any other tuple is Tuple!(...).
Python's `any` is std.variant's Variant: ints are stored as long, floats as double, lists and
tuples as Variant[], dicts as Variant[Variant], sets as bool[Variant] (as typed sets are), None as an
empty Variant(). Integers beyond 64 bits are std.bigint's BigInt.

Records (class instances): a record on a reference cycle (a tree `Node`) is a class, so None is
`null` and a literal is `new Node(1, null, null)`; its constructor takes every field in order, each
defaulting to zero/null so `new Node(5)` works as Python's `Node(5)`. Any other record is a plain
struct (`Pair[]`, literal `Pair(5, 24)`, Nullable!Pair when None-able). Python's complex (the record
`Complex`) is std.complex's Complex!double. `mbxpEq` compares records field by field (`tupleof`),
null references equal only each other, complex parts within tolerance. Which records are classes
depends on the problem, so the public entry points work on a copy bound to it (`bind`). A record
named like a keyword or a Phobos type the test spells unqualified is dropped.

The test declares each argument as a local, compares with the `mbxpEq` template (doubles with
tolerance, Variant numbers across long and double like Python), and exits 3 with FAIL_MARKER
on the first mismatch. Harness code reaches Phobos through static imports, so a solution that
defines `writeln` or `abs` of its own cannot break it.
"""
from __future__ import annotations

import copy
import math
from typing import Any as PyAny

from ..ir import COMPLEX, Problem, Record, Type
from ..types import homogeneous_tuple
from .base import (FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, comment_lines, cyclic_records, float_repr,
                   sort_key_values)

KEYWORDS = """abstract alias align asm assert auto body bool break byte case cast catch cdouble cent
cfloat char class const continue creal dchar debug default delegate delete deprecated do double
else enum export extern false final finally float for foreach foreach_reverse function goto idouble
if ifloat immutable import in inout int interface invariant ireal is lazy long macro mixin module
new nothrow null out override package pragma private protected public pure real ref return scope
shared short static struct super switch synchronized template this throw true try typeid typeof
ubyte ucent uint ulong union unittest ushort version void wchar while with string main std
Variant Tuple Nullable tuple object size_t"""

ANY_NOTE = """\
// Variant (std.variant) holds Python's dynamically typed values: int as long, float as double,
// string, bool, list or tuple as Variant[], dict as Variant[Variant], set as bool[Variant] (its
// keys), None as an empty Variant().

"""

HARNESS = """
static import std.stdio, std.math, std.traits, std.typecons, std.variant, std.complex, core.stdc.stdlib;

enum double MBXP_REL_TOL = @REL@, MBXP_ABS_TOL = @ABS@;

void mbxpFail(int i) {
    std.stdio.stderr.writefln("@MARKER@: test %d", i);
    std.stdio.stdout.flush();
    std.stdio.stderr.flush();
    core.stdc.stdlib.exit(@EXIT@);
}

bool mbxpClose(double a, double b) {
    import std.algorithm.comparison : max;
    return a == b || std.math.fabs(a - b) <= max(MBXP_REL_TOL * max(std.math.fabs(a), std.math.fabs(b)), MBXP_ABS_TOL);
}

bool mbxpVariantNumber(std.variant.Variant v, out double d, out bool integral) {
    static foreach (T; std.meta.AliasSeq!(byte, ubyte, short, ushort, int, uint, long, ulong, float, double, real)) {
        if (v.type == typeid(T)) {
            d = cast(double) v.get!T;
            integral = std.traits.isIntegral!T;
            return true;
        }
    }
    return false;
}

bool mbxpEqVariant(std.variant.Variant a, std.variant.Variant b) {
    alias V = std.variant.Variant;
    if (!a.hasValue || !b.hasValue) return a.hasValue == b.hasValue;
    double x, y;
    bool xi, yi;
    if (mbxpVariantNumber(a, x, xi) && mbxpVariantNumber(b, y, yi))
        return xi && yi ? a.coerce!long == b.coerce!long : mbxpClose(x, y);
    if (a.type != b.type) return false;
    if (auto p = a.peek!(V[])) return mbxpEq(*p, *b.peek!(V[]));
    if (auto p = a.peek!(V[V])) return mbxpEq(*p, *b.peek!(V[V]));
    if (auto p = a.peek!(bool[V])) {
        // matched element by element: Variant(1L) and Variant(1.0) hash differently. No UFCS
        // calls (.keys): a solution's own function of that name would take them.
        V[] ys;
        foreach (e, _; *b.peek!(bool[V])) ys ~= e;
        if (p.length != ys.length) return false;
        auto used = new bool[ys.length];
        foreach (e, _; *p) {
            size_t i = 0;
            while (i < ys.length && (used[i] || !mbxpEqVariant(e, ys[i]))) i++;
            if (i == ys.length) return false;
            used[i] = true;
        }
        return true;
    }
    return a == b;
}

enum mbxpIsRecord(R) = @ISRECORD@;

bool mbxpEq(A, B)(A a, B b) {
    alias T = std.traits;
    static if (is(A == std.variant.Variant) && is(B == std.variant.Variant)) return mbxpEqVariant(a, b);
    else static if (T.isNumeric!A && T.isNumeric!B) {
        static if (T.isFloatingPoint!A || T.isFloatingPoint!B) return mbxpClose(a, b);
        else return a == b;
    } else static if (T.isSomeString!A && T.isSomeString!B) return a == b;
    else static if (T.isAssociativeArray!A && T.isAssociativeArray!B) {
        if (a.length != b.length) return false;
        foreach (k, v; b) {
            auto p = k in a;
            if (p is null || !mbxpEq(*p, v)) return false;
        }
        return true;
    } else static if (T.isArray!A && T.isArray!B) {
        if (a.length != b.length) return false;
        foreach (i; 0 .. a.length) if (!mbxpEq(a[i], b[i])) return false;
        return true;
    } else static if (std.typecons.isTuple!A && std.typecons.isTuple!B) {
        static if (A.length != B.length) return false;
        else {
            static foreach (i; 0 .. A.length) if (!mbxpEq(a[i], b[i])) return false;
            return true;
        }
    } else static if (__traits(isSame, T.TemplateOf!A, std.typecons.Nullable)
                      && __traits(isSame, T.TemplateOf!B, std.typecons.Nullable)) {
        if (a.isNull || b.isNull) return a.isNull == b.isNull;
        return mbxpEq(a.get, b.get);
    } else static if (is(A == std.complex.Complex!double) && is(B == std.complex.Complex!double)) {
        return mbxpClose(a.re, b.re) && mbxpClose(a.im, b.im);
    } else static if (is(A == B) && (is(A == class) || is(A == struct)) && mbxpIsRecord!A) {
        static if (is(A == class)) if (a is null || b is null) return a is b;
        static foreach (i; 0 .. A.tupleof.length) if (!mbxpEq(a.tupleof[i], b.tupleof[i])) return false;
        return true;
    } else return a == b;
}

// p.compare == "unordered": the top-level array as a multiset.
bool mbxpEqUnordered(A, B)(A[] a, B[] b) {
    if (a.length != b.length) return false;
    auto used = new bool[a.length];
    foreach (y; b) {
        size_t i = 0;
        while (i < a.length && (used[i] || !mbxpEq(a[i], y))) i++;
        if (i == a.length) return false;
        used[i] = true;
    }
    return true;
}
"""


class Unsupported(ValueError):
    pass


class DEmitter(Emitter):
    language = "d"
    naming = "camel"
    reserved = frozenset(KEYWORDS.split())
    none_word = "null"
    list_word = "array"
    records = True
    problem: Problem | None = None        # set on the copy made by bind()
    classes: frozenset[str] = frozenset()  # records declared as classes (on a reference cycle)

    def bind(self, p: Problem) -> "DEmitter":
        """This emitter for p: record types render as classes or structs depending on p."""
        if self.problem is p:
            return self
        em = copy.copy(self)
        em.problem, em.classes = p, frozenset(cyclic_records(p))
        return em

    # ---- types -----------------------------------------------------------------------------------
    def dtype(self, t: Type) -> str:
        k = t.kind
        simple = {"bool": "bool", "int": "int", "long": "long", "float": "double", "str": "string",
                  "any": "Variant", "bigint": "BigInt"}
        if k in simple:
            return simple[k]
        if k == "list":
            return f"{self.dtype(t.elem)}[]"
        if k == "set":
            return f"bool[{self.dtype(t.elem)}]"
        if k == "dict":
            return f"{self.dtype(t.args[1])}[{self.dtype(t.args[0])}]"
        if k == "optional":
            if t.elem.kind == "record" and t.elem.name in self.classes:
                return self.dtype(t.elem)
            return f"Nullable!({self.dtype(t.elem)})"
        if k == "record":
            return "Complex!double" if t.name == COMPLEX else str(t.name)
        if k == "tuple":
            if homogeneous_tuple(t):
                return f"{self.dtype(t.args[0])}[]"
            return f"Tuple!({', '.join(self.dtype(a) for a in t.args)})"
        raise Unsupported(f"type {t} has no D equivalent here")

    def unsupported(self, p: Problem) -> str | None:
        self = self.bind(p)
        for name, fields in p.records.items():
            if name == COMPLEX:
                continue
            names = [self.field_name(f.name) for f in fields]
            if name in self.reserved or name in ("BigInt", "Complex") or name == self.function_name(p):
                return f"a record named {name} would shadow a D name the program needs"
            if len(set(names)) < len(names):
                return f"the fields of record {name} clash once renamed"
        types = self.all_types(p)
        try:
            for t in types:
                self.dtype(t)
            for case in p.tests + p.examples:
                for v, prm in zip(case.args, p.params):
                    self.lit(v, prm.type)
                self.lit(case.expected, p.returns)
        except Unsupported as e:
            return str(e)
        return None

    # ---- literals --------------------------------------------------------------------------------
    def literal(self, value: PyAny, t: Type) -> str:
        return self.lit(value, t)

    def init_lit(self, v: PyAny, t: Type) -> str:
        """The initialiser of a `T x = ...;` declaration. DMD's parser takes `[k: v]` inside an
        array initialiser for an indexed array element ("not an associative array initializer"),
        so an array holding AAs becomes a parenthesised expression with every literal cast to
        its type (a cast converts a literal element by element)."""
        if aa_in_array(t):
            return "(" + self.lit(v, t, expr=True) + ")"
        return self.lit(v, t)

    def lit(self, v: PyAny, t: Type, expr: bool = False) -> str:
        """A D expression of type t. Array and AA literals take their type from the declaration
        they initialise (or from a cast, in `expr` mode); Tuple, Nullable and Variant values are
        always constructed by name."""
        k = t.kind
        cast = f"cast({self.dtype(t)}) " if expr and k in ("list", "set", "dict", "tuple") else ""
        if k == "any":
            return self.lit_dyn(v)
        if k == "optional" and t.elem.kind == "record" and t.elem.name in self.classes:
            return "null" if v is None else self.lit(v, t.elem, expr)   # a class reference is nullable
        if v is None:
            if k == "optional":
                return f"{self.dtype(t)}.init"
            raise Unsupported(f"None where D expects {self.dtype(t)}")
        if k == "optional":
            return f"{self.dtype(t)}({self.lit(v, t.elem, expr)})"
        if k == "bool":
            return "true" if v else "false"
        if k == "bigint":
            return f'BigInt("{int(v)}")'
        if k in ("int", "long"):
            return int_lit(int(v), k)
        if k == "float":
            return double_lit(float(v))
        if k == "str":
            return self.lit_str(v)
        if k == "record":
            if not isinstance(v, Record):
                raise Unsupported(f"cannot render {v!r} as {t}")
            args = ", ".join(self.lit(x, ft, expr=True) for _, x, ft in self.record_fields(v))
            return f"{'new ' if t.name in self.classes else ''}{self.dtype(t)}({args})"
        if k == "list" or (k == "tuple" and homogeneous_tuple(t)):
            return cast + "[" + ", ".join(self.lit(x, t.args[0], expr) for x in v) + "]"
        if k == "set":
            if not v:
                return cast + "null"
            return cast + "[" + ", ".join(f"{self.lit(x, t.elem, expr)}: true" for x in sort_key_values(v)) + "]"
        if k == "tuple":
            return f"{self.dtype(t)}(" + ", ".join(self.lit(x, a, expr) for x, a in zip(v, t.args)) + ")"
        if k == "dict":
            if not v:
                return cast + "null"
            return cast + "[" + ", ".join(f"{self.lit(a, t.args[0], expr)}: {self.lit(b, t.args[1], expr)}"
                                   for a, b in v.items()) + "]"
        raise Unsupported(f"cannot render {v!r} as {t}")

    def lit_dyn(self, v: PyAny) -> str:
        if v is None:
            return "Variant()"
        if isinstance(v, bool):
            return f"Variant({'true' if v else 'false'})"
        if isinstance(v, int):
            if not -2**63 <= v < 2**63:
                raise Unsupported("an integer beyond 64 bits inside a dynamically typed value")
            return "Variant(long.min)" if v == -2**63 else f"Variant({v}L)"
        if isinstance(v, float):
            return f"Variant({double_lit(v)})"
        if isinstance(v, str):
            return f"Variant({self.lit_str(v)})"
        if isinstance(v, (list, tuple)):
            if not v:
                return "Variant(cast(Variant[]) [])"
            return "Variant([" + ", ".join(self.lit_dyn(x) for x in v) + "])"
        if isinstance(v, (set, frozenset)):
            if not v:
                return "Variant(cast(bool[Variant]) null)"
            return "Variant([" + ", ".join(f"{self.lit_dyn(x)}: true" for x in sort_key_values(v)) + "])"
        if isinstance(v, dict):
            if not v:
                return "Variant(cast(Variant[Variant]) null)"
            return "Variant([" + ", ".join(f"{self.lit_dyn(a)}: {self.lit_dyn(b)}"
                                           for a, b in v.items()) + "])"
        raise Unsupported(f"a Python {type(v).__name__} inside a dynamically typed value (no "
                          f"Variant representation is agreed for it)")

    octal_backslash = False  # set while rendering the oracle (see oracle())

    def lit_str(self, s: str) -> str:
        out = []
        for ch in s:
            if ch == '"':
                out.append('\\"')
            elif ch == "\\":
                out.append("\\x5C" if self.octal_backslash else "\\\\")
            elif ch == "\n":
                out.append("\\n")
            elif ch == "\t":
                out.append("\\t")
            elif ord(ch) < 32 or ord(ch) == 127:
                out.append(f"\\x{ord(ch):02X}")  # D's \x takes exactly two digits
            else:
                out.append(ch)
        return '"' + "".join(out) + '"'

    # ---- prompt ----------------------------------------------------------------------------------
    def all_types(self, p: Problem) -> list[Type]:
        return [prm.type for prm in p.params] + [p.returns] + [f.type for fs in p.records.values() for f in fs]

    def header(self, p: Problem) -> str:
        self = self.bind(p)
        uses_any = any(t.contains("any") for t in self.all_types(p))
        return "import std;\n\n" + (ANY_NOTE if uses_any else "") + "".join(
            self.record_decl(p, name) for name in self.declared_records(p))

    def declared_records(self, p: Problem) -> list[str]:
        return [n for n in self.record_order(p) if n != COMPLEX]

    def record_decl(self, p: Problem, name: str) -> str:
        fields = [(self.dtype(f.type), self.field_name(f.name), f.type) for f in p.records[name]]
        decls = "".join(f"    {d} {n};\n" for d, n, _ in fields)
        if name not in self.classes:
            return f"struct {name} {{\n{decls}}}\n\n"
        params = ", ".join(f"{d} {n} = {self.zero(d, t)}" for d, n, t in fields)
        body = "".join(f"        this.{n} = {n};\n" for _, n, _ in fields)
        return f"class {name} {{\n{decls}\n    this({params}) {{\n{body}    }}\n}}\n\n"

    def zero(self, d: str, t: Type) -> str:
        """A class field's default: what Python's constructors typically leave unset."""
        if t.kind == "record" and t.name in self.classes or t.kind == "optional" and d == self.dtype(t.elem):
            return "null"
        init = f"{d}.init" if d.isidentifier() else f"({d}).init"
        return {"bool": "false", "int": "0", "long": "0", "float": "0.0", "str": '""'}.get(t.kind, init)

    def signature(self, p: Problem) -> str:
        self = self.bind(p)
        params = ", ".join(f"{self.dtype(prm.type)} {self.name(prm.name)}" for prm in p.params)
        return f"{self.dtype(p.returns)} {self.function_name(p)}({params})"

    def prompt(self, p: Problem) -> str:
        self = self.bind(p)
        lines = [self.describe(p)]
        for call, result in self.examples(p):
            lines += [f"> {call}", result]
        # "*/" in the text (even inside an example's string literal) would end the comment
        doc = comment_lines("\n".join(lines).replace("*/", "* /"), " * ")
        return f"{self.header(p)}/**\n{doc}\n */\n{self.signature(p)} {{\n"

    # ---- test ------------------------------------------------------------------------------------
    def test(self, p: Problem) -> str:
        self = self.bind(p)
        is_record = " || ".join(f"is(R == {n})" for n in self.declared_records(p)) or "false"
        harness = (HARNESS.replace("@ISRECORD@", is_record).replace("@REL@", repr(float(p.rel_tol))).replace("@ABS@", repr(float(p.abs_tol)))
                   .replace("@MARKER@", FAIL_MARKER).replace("@EXIT@", str(FAIL_EXIT)))
        unordered = p.compare == "unordered" and self.dtype(p.returns).endswith("[]")
        compare = "mbxpEqUnordered" if unordered else "mbxpEq"
        blocks = []
        for i, case in enumerate(p.tests):
            decls = [f"        {self.dtype(prm.type)} mbxp_arg{j} = {self.init_lit(v, prm.type)};"
                     for j, (v, prm) in enumerate(zip(case.args, p.params))]
            args = ", ".join(f"mbxp_arg{j}" for j in range(len(p.params)))
            blocks.append("    {\n" + "".join(d + "\n" for d in decls)
                          + f"        {self.dtype(p.returns)} mbxp_expected = {self.init_lit(case.expected, p.returns)};\n"
                          f"        if (!{compare}({self.function_name(p)}({args}), mbxp_expected)) mbxpFail({i});\n"
                          "    }\n")
        return (f"\n{harness}\nvoid main() {{\n" + "".join(blocks)
                + f'    std.stdio.writeln("{PASS_MARKER}");\n}}\n')

    # ---- oracle ----------------------------------------------------------------------------------
    def oracle(self, p: Problem, results: list[PyAny]) -> str:
        self = self.bind(p)
        # assemble's string scanner mistakes `\\"` for an escaped quote: spell backslashes in hex
        self.octal_backslash = True
        try:
            ret = self.dtype(p.returns)
            cases = "".join(f"        case {i}: {{ {ret} mbxpResult = {self.init_lit(r, p.returns)}; return mbxpResult; }}\n"
                            for i, r in enumerate(results))
        finally:
            self.octal_backslash = False
        return ("    static int mbxpCalls = 0;\n    switch (mbxpCalls++) {\n" + cases
                + "        default: assert(0);\n    }\n}\n")


def aa_in_array(t: Type) -> bool:
    if t.kind in ("list", "tuple") and any(a.contains("dict") or a.contains("set") for a in t.args):
        return True
    return any(aa_in_array(a) for a in t.args)


def int_lit(v: int, kind: str) -> str:
    if v == -2**63:
        return "long.min"
    if v == -2**31 and kind == "int":
        return "int.min"
    return f"{v}L" if kind != "int" and not -2**31 <= v < 2**31 else str(v)


def double_lit(v: float) -> str:
    if math.isnan(v):
        return "double.nan"
    if math.isinf(v):
        return "double.infinity" if v > 0 else "-double.infinity"
    return float_repr(v)


EMITTER = DEmitter()
