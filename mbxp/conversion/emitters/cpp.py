"""C++17 (MBCPP): `#include <bits/stdc++.h>` + `using namespace std;`, a /** */ doc comment, and
`{ret} {camelName}({params}) {`.

Types: int -> int, long -> long long, bigint -> GMP's mpz_class (<gmpxx.h>, included only by
prompts that need it, after bits/stdc++.h so the precompiled header still applies; the runner
links -lgmpxx -lgmp; literals beyond 32 bits use gmpxx's `_mpz` suffix, which takes any number of
digits), float -> double, str -> string, list -> vector<T>,
set -> set<T>, dict -> map<K, V> (ordered, so printing is deterministic), optional -> optional<T>.
A tuple whose elements all have one type becomes vector<T> (MBPP iterates over such tuples, often
of length 6+); any other tuple is std::tuple<...>. Python's `any` is `Any`, a recursive
std::variant declared in the prompt (None, bool, int as long long, float, str, list/tuple as
AnyList, dict as AnyDict, set as AnySet). Dropped: integers beyond 64 bits inside an `any` value.
GMP rather than Boost.Multiprecision: libgmp-dev is small and C, and gmpxx.h parses in a fraction
of cpp_int.hpp's time.

Records (class instances): each is a plain struct declared after the includes, with a
constructor over all fields in order (each defaulting to zero/null, so `new Node(5)` works as
Python's `Node(5)`). A record on a reference cycle (a tree `Node`) is held by pointer everywhere:
`Node*`, None is nullptr, literals `new Node(1, nullptr, nullptr)` (leaked: the test is short-lived);
any other record is a value (`vector<Pair>`, `Pair(5, 24)`, optional<Pair> when None-able). Python's
complex (the record `Complex`) is std::complex<double>. `eq` compares records field by field, null
pointers equal only each other, complex parts within tolerance. Which records are pointers depends
on the problem, so the public entry points work on a copy bound to it (`bind`). Dropped: a record
name that is lowercase (it could clash with a std:: name under `using namespace std`) or otherwise
reserved, and records inside sets or dict keys (no ordering).

The test declares every argument as a local (so by-value and by-reference signatures both work),
compares with overloaded `mbxp_test::eq` (doubles with tolerance, Any numerically across int and
float like Python), and exits 3 with FAIL_MARKER on the first mismatch.
"""
from __future__ import annotations

import copy
import math
from typing import Any as PyAny

from ..ir import COMPLEX, Problem, Record, Type
from ..types import homogeneous_tuple
from .base import (FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, comment_lines, cyclic_records, float_repr,
                   record_names)

KEYWORDS = """alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t
char16_t char32_t class compl concept const consteval constexpr constinit const_cast continue
co_await co_return co_yield decltype default delete do double dynamic_cast else enum explicit export
extern false float for friend goto if inline int long mutable namespace new noexcept not not_eq
nullptr operator or or_eq private protected public register reinterpret_cast requires return short
signed sizeof static static_assert static_cast struct switch template this thread_local throw true
try typedef typeid typename union unsigned using virtual void volatile wchar_t while xor xor_eq
main std string vector map set tuple optional pair list Any AnyList AnyDict AnySet nullopt
mpz_class"""

ANY_DECL = """\
// Any: a dynamically typed value, as in Python: None (monostate), bool, int (long long),
// float (double), str (string), list or tuple (AnyList), dict (AnyDict), set (AnySet).
struct Any;
using AnyList = vector<Any>;
using AnyDict = map<Any, Any>;
using AnySet = set<Any>;
struct Any : variant<monostate, bool, long long, double, string, AnyList, AnyDict, AnySet> {
    using variant::variant;
};

"""

# Declared before defined: calls inside templates only find overloads declared earlier (ADL
# looks in std, not here).
HARNESS = """
namespace mbxp_test {
static const double REL_TOL = @REL@, ABS_TOL = @ABS@;
[[noreturn]] inline void fail(int i) {
    fprintf(stderr, "@MARKER@: test %d\\n", i);
    fflush(stdout);
    exit(@EXIT@);
}
inline bool close(double a, double b) {
    return a == b || fabs(a - b) <= max(REL_TOL * max(fabs(a), fabs(b)), ABS_TOL);
}
template <class A, class B, enable_if_t<is_arithmetic_v<A> && is_arithmetic_v<B>, int> = 0>
bool eq(const A& a, const B& b);
inline bool eq(const string& a, const string& b);
template <class A, class B> bool eq(const vector<A>& a, const vector<B>& b);
template <class A, class B> bool eq(const set<A>& a, const set<B>& b);
template <class K, class V, class W> bool eq(const map<K, V>& a, const map<K, W>& b);
template <class A, class B> bool eq(const optional<A>& a, const optional<B>& b);
template <class A, class B, class C, class D> bool eq(const pair<A, B>& a, const pair<C, D>& b);
template <class... A, class... B> bool eq(const tuple<A...>& a, const tuple<B...>& b);
@BIGEQ@
@ANYDECL@
@RECDECL@
template <class A, class B, enable_if_t<is_arithmetic_v<A> && is_arithmetic_v<B>, int>>
bool eq(const A& a, const B& b) {
    if (is_floating_point_v<A> || is_floating_point_v<B>) return close((double)a, (double)b);
    return a == b;
}
inline bool eq(const string& a, const string& b) { return a == b; }
template <class A, class B> bool eq(const vector<A>& a, const vector<B>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); i++)
        if (!eq((const A&)a[i], (const B&)b[i])) return false;
    return true;
}
template <class A, class B> bool eq(const set<A>& a, const set<B>& b) {
    return a.size() == b.size() && equal(a.begin(), a.end(), b.begin(),
                                         [](const A& x, const B& y) { return eq(x, y); });
}
template <class K, class V, class W> bool eq(const map<K, V>& a, const map<K, W>& b) {
    if (a.size() != b.size()) return false;
    for (const auto& [k, v] : b) {
        auto it = a.find(k);
        if (it == a.end() || !eq(it->second, v)) return false;
    }
    return true;
}
template <class A, class B> bool eq(const optional<A>& a, const optional<B>& b) {
    return a.has_value() == b.has_value() && (!a || eq(*a, *b));
}
template <class A, class B, class C, class D> bool eq(const pair<A, B>& a, const pair<C, D>& b) {
    return eq(a.first, b.first) && eq(a.second, b.second);
}
template <class... A, class... B, size_t... I>
bool eq_tuple(const tuple<A...>& a, const tuple<B...>& b, index_sequence<I...>) {
    return (eq(get<I>(a), get<I>(b)) && ...);
}
template <class... A, class... B> bool eq(const tuple<A...>& a, const tuple<B...>& b) {
    if constexpr (sizeof...(A) != sizeof...(B)) return false;
    else return eq_tuple(a, b, index_sequence_for<A...>{});
}
// p.compare == "unordered": the top-level vector as a multiset.
template <class A, class B> bool eq_unordered(const vector<A>& a, const vector<B>& b) {
    if (a.size() != b.size()) return false;
    vector<bool> used(a.size());
    for (const auto& y : b) {
        size_t i = 0;
        while (i < a.size() && (used[i] || !eq((const A&)a[i], y))) i++;
        if (i == a.size()) return false;
        used[i] = true;
    }
    return true;
}
@ANYDEF@
@RECDEF@
}  // namespace mbxp_test
"""

BIG_EQ = "inline bool eq(const mpz_class& a, const mpz_class& b) { return a == b; }"
ANY_EQ_DECL = "inline bool eq(const Any& a, const Any& b);\ninline bool eq(const AnySet& a, const AnySet& b);"
# AnySet orders by alternative first (1LL before 1.5), so its elements are matched like a
# multiset rather than pairwise in order: Python's {1, 2.5} equals {1.0, 2.5}.
ANY_EQ_DEF = """\
inline bool eq(const AnySet& a, const AnySet& b) {
    return eq_unordered(AnyList(a.begin(), a.end()), AnyList(b.begin(), b.end()));
}
inline bool eq(const Any& a, const Any& b) {
    const Any::variant& x = a, & y = b;
    if ((x.index() == 2 || x.index() == 3) && (y.index() == 2 || y.index() == 3)) {
        if (x.index() == 2 && y.index() == 2) return get<2>(x) == get<2>(y);
        return close(x.index() == 2 ? (double)get<2>(x) : get<3>(x),
                     y.index() == 2 ? (double)get<2>(y) : get<3>(y));
    }
    if (x.index() != y.index()) return false;
    switch (x.index()) {
        case 0: return true;
        case 1: return get<1>(x) == get<1>(y);
        case 4: return get<4>(x) == get<4>(y);
        case 5: return eq(get<5>(x), get<5>(y));
        case 6: return eq(get<6>(x), get<6>(y));
        default: return eq(get<7>(x), get<7>(y));
    }
}"""


class Unsupported(ValueError):
    pass


class CppEmitter(Emitter):
    language = "cpp"
    naming = "camel"
    reserved = frozenset(KEYWORDS.split())
    none_word = "nullopt"
    list_word = "vector"
    records = True
    problem: Problem | None = None      # set on the copy made by bind()
    pointers: frozenset[str] = frozenset()  # records held by pointer (on a reference cycle)

    def bind(self, p: Problem) -> "CppEmitter":
        """This emitter for p: record types render as pointers or values depending on p."""
        if self.problem is p:
            return self
        em = copy.copy(self)
        em.problem, em.pointers = p, frozenset(cyclic_records(p))
        return em

    # ---- types -----------------------------------------------------------------------------------
    def ctype(self, t: Type) -> str:
        k = t.kind
        simple = {"bool": "bool", "int": "int", "long": "long long", "bigint": "mpz_class",
                  "float": "double", "str": "string", "any": "Any"}
        if k in simple:
            return simple[k]
        if k == "list":
            return f"vector<{self.ctype(t.elem)}>"
        if k == "set":
            return f"set<{self.ctype(t.elem)}>"
        if k == "dict":
            return f"map<{self.ctype(t.args[0])}, {self.ctype(t.args[1])}>"
        if k == "optional":
            if t.elem.kind == "record" and t.elem.name in self.pointers:
                return self.ctype(t.elem)
            return f"optional<{self.ctype(t.elem)}>"
        if k == "record":
            if t.name in self.pointers:
                return f"{t.name}*"
            return "complex<double>" if t.name == COMPLEX else str(t.name)
        if k == "tuple":
            if homogeneous_tuple(t):
                return f"vector<{self.ctype(t.args[0])}>"
            return f"tuple<{', '.join(self.ctype(a) for a in t.args)}>"
        raise Unsupported(f"type {t} has no C++ equivalent here")

    def unsupported(self, p: Problem) -> str | None:
        self = self.bind(p)
        for name, fields in p.records.items():
            if name == COMPLEX:
                continue
            names = [self.field_name(f.name) for f in fields]
            if not name[:1].isupper() or name in self.reserved or name == self.function_name(p):
                return f"a record struct named {name} could clash with a C++ or std:: name"
            if name in names or len(set(names)) < len(names):
                return f"the fields of record {name} clash once renamed"
        types = self.all_types(p)
        if any(unordered_record(t) for t in types):
            return "a record inside a set or a dict key (records have no ordering)"
        try:
            for t in types:
                self.ctype(t)
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

    def lit(self, v: PyAny, t: Type, typed: bool = False) -> str:
        """A C++ expression for v of type t. Untyped container literals are brace lists, valid
        where the type is known (declarations, returns, nested braces); `typed` prefixes the type
        where a template constructor (optional, variant) or an example call needs it."""
        k = t.kind
        if k == "any":
            return self.lit_dyn(v)
        if v is None:
            if k == "optional":
                return "nullptr" if self.ctype(t).endswith("*") else "nullopt"
            raise Unsupported(f"None where C++ expects {self.ctype(t)}")
        if k == "optional":
            return self.lit(v, t.elem, typed=True)
        if k == "bool":
            return "true" if v else "false"
        if k == "bigint":
            return str(int(v)) if -2**31 <= v < 2**31 else f"{int(v)}_mpz"
        if k in ("int", "long"):
            return int_lit(int(v), k)
        if k == "float":
            return double_lit(float(v))
        if k == "str":
            return self.lit_str(v)
        if k == "record":
            if not isinstance(v, Record):
                raise Unsupported(f"cannot render {v!r} as {t}")
            args = ", ".join(self.lit(x, ft, typed=True) for _, x, ft in self.record_fields(v))
            return f"{'new ' if t.name in self.pointers else ''}{self.ctype(t).rstrip('*')}({args})"
        if k == "list":
            body = "{" + ", ".join(self.lit(x, t.elem) for x in v) + "}"
        elif k == "set":
            from .base import sort_key_values
            body = "{" + ", ".join(self.lit(x, t.elem) for x in sort_key_values(v)) + "}"
        elif k == "tuple":
            args = [t.args[0]] * len(v) if homogeneous_tuple(t) else t.args
            body = "{" + ", ".join(self.lit(x, a) for x, a in zip(v, args)) + "}"
        elif k == "dict":
            body = "{" + ", ".join("{" + self.lit(a, t.args[0]) + ", " + self.lit(b, t.args[1]) + "}"
                                   for a, b in v.items()) + "}"
        else:
            raise Unsupported(f"cannot render {v!r} as {t}")
        return self.ctype(t) + body if typed else body

    def lit_dyn(self, v: PyAny) -> str:
        """An expression convertible to Any (variant's converting constructor picks the
        alternative, so ints need LL and strings an explicit string)."""
        if v is None:
            return "Any()"
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int):
            if not -2**63 <= v < 2**63:
                raise Unsupported("an integer beyond 64 bits inside a dynamically typed value")
            return int_lit(v, "long") if v == -2**63 else f"{v}LL"
        if isinstance(v, float):
            return double_lit(v)
        if isinstance(v, str):
            return f"string({self.lit_str(v)})"
        if isinstance(v, (list, tuple)):
            return "AnyList{" + ", ".join(self.lit_dyn(x) for x in v) + "}"
        if isinstance(v, (set, frozenset)):
            from .base import sort_key_values
            return "AnySet{" + ", ".join(self.lit_dyn(x) for x in sort_key_values(v)) + "}"
        if isinstance(v, dict):
            return "AnyDict{" + ", ".join(f"{{{self.lit_dyn(a)}, {self.lit_dyn(b)}}}"
                                          for a, b in v.items()) + "}"
        raise Unsupported(f"a Python {type(v).__name__} inside a dynamically typed value (Any has "
                          f"no {type(v).__name__} alternative)")

    octal_backslash = False  # set while rendering the oracle (see oracle())

    def lit_str(self, s: str) -> str:
        out = []
        for ch in s:
            if ch == '"':
                out.append('\\"')
            elif ch == "\\":
                out.append("\\134" if self.octal_backslash else "\\\\")
            elif ch == "\n":
                out.append("\\n")
            elif ch == "\t":
                out.append("\\t")
            elif ord(ch) < 32 or ord(ch) == 127:
                out.append(f"\\{ord(ch):03o}")  # octal stops after 3 digits, unlike \x
            elif ch == "?":
                out.append("?")  # no trigraphs in C++17
            else:
                out.append(ch)
        return '"' + "".join(out) + '"'

    # ---- prompt ----------------------------------------------------------------------------------
    def all_types(self, p: Problem) -> list[Type]:
        return [prm.type for prm in p.params] + [p.returns] + [f.type for fs in p.records.values() for f in fs]

    def header(self, p: Problem) -> str:
        self = self.bind(p)
        types = self.all_types(p)
        uses_any = any(t.contains("any") for t in types)
        gmp = "#include <gmpxx.h>\n" if any(t.contains("bigint") for t in types) else ""
        return ("#include <bits/stdc++.h>\n" + gmp + "using namespace std;\n\n"
                + (ANY_DECL if uses_any else "") + self.record_decls(p))

    def declared_records(self, p: Problem) -> list[str]:
        return [n for n in self.record_order(p) if n != COMPLEX]

    def record_decls(self, p: Problem) -> str:
        out, defined = [], set()
        for name in self.declared_records(p):
            # a pointer to a record defined further down (mutual recursion) needs it declared
            later = {r for f in p.records[name] for r in record_names(f.type)} & self.pointers - defined - {name}
            out += [f"struct {r};\n" for r in sorted(later)]
            defined.add(name)
            fields = [(self.ctype(f.type), self.field_name(f.name), f.type) for f in p.records[name]]
            decls = "".join(f"    {c} {n};\n" for c, n, _ in fields)
            params = ", ".join(f"{c} {n} = {self.zero(t)}" for c, n, t in fields)
            inits = ", ".join(f"{n}({n})" for _, n, _ in fields)
            ctor = f"    {name}({params}){' : ' + inits if inits else ''} {{}}\n"
            out.append(f"struct {name} {{\n{decls}{ctor}}};\n\n")
        return "".join(out)

    def zero(self, t: Type) -> str:
        """A record field's default: what Python's constructors typically leave unset."""
        c = self.ctype(t)
        if c.endswith("*"):
            return "nullptr"
        return {"bool": "false", "int": "0", "long": "0", "float": "0.0", "optional": "nullopt"}.get(t.kind, "{}")

    def examples(self, p: Problem) -> list[tuple[str, str]]:
        self = self.bind(p)
        out = []
        for case in p.examples:
            args = ", ".join(self.lit(v, prm.type, typed=True) for v, prm in zip(case.args, p.params))
            out.append((f"{self.function_name(p)}({args})", self.lit(case.expected, p.returns)))
        return out

    def signature(self, p: Problem) -> str:
        self = self.bind(p)
        params = ", ".join(f"{self.ctype(prm.type)} {self.name(prm.name)}" for prm in p.params)
        return f"{self.ctype(p.returns)} {self.function_name(p)}({params})"

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
        header = self.header(p)
        uses_any = "Any" in header
        harness = (HARNESS.replace("@REL@", repr(float(p.rel_tol))).replace("@ABS@", repr(float(p.abs_tol)))
                   .replace("@MARKER@", FAIL_MARKER).replace("@EXIT@", str(FAIL_EXIT))
                   .replace("@BIGEQ@", BIG_EQ if "gmpxx" in header else "")
                   .replace("@ANYDECL@", ANY_EQ_DECL if uses_any else "")
                   .replace("@ANYDEF@", ANY_EQ_DEF if uses_any else "")
                   .replace("@RECDECL@", "".join(d + ";\n" for d, _ in self.record_eqs(p)))
                   .replace("@RECDEF@", "".join(f"{d} {{\n    {b}\n}}\n" for d, b in self.record_eqs(p))))
        unordered = p.compare == "unordered" and self.ctype(p.returns).startswith("vector<")
        compare = "eq_unordered" if unordered else "eq"
        blocks = []
        for i, case in enumerate(p.tests):
            decls = [f"        {self.ctype(prm.type)} mbxp_arg{j} = {self.lit(v, prm.type)};"
                     for j, (v, prm) in enumerate(zip(case.args, p.params))]
            args = ", ".join(f"mbxp_arg{j}" for j in range(len(p.params)))
            blocks.append("    {\n" + "".join(d + "\n" for d in decls)
                          + f"        {self.ctype(p.returns)} mbxp_expected = {self.lit(case.expected, p.returns)};\n"
                          f"        if (!mbxp_test::{compare}({self.function_name(p)}({args}), mbxp_expected)) "
                          f"mbxp_test::fail({i});\n    }}\n")
        return (f"\n{harness}\nint main() {{\n" + "".join(blocks)
                + f'    printf("%s\\n", "{PASS_MARKER}");\n    return 0;\n}}\n')

    # ---- oracle ----------------------------------------------------------------------------------
    def record_eqs(self, p: Problem) -> list[tuple[str, str]]:
        """(signature, body) of the eq overload of each record type."""
        out = []
        if COMPLEX in p.records:
            out.append(("inline bool eq(const complex<double>& a, const complex<double>& b)",
                        "return close(a.real(), b.real()) && close(a.imag(), b.imag());"))
        for name in self.declared_records(p):
            ptr = name in self.pointers
            acc = "->" if ptr else "."
            fields = [self.field_name(f.name) for f in p.records[name]]
            cond = " && ".join(f"eq(a{acc}{n}, b{acc}{n})" for n in fields) or "true"
            if ptr:
                out.append((f"inline bool eq(const {name}* a, const {name}* b)",
                            f"if (!a || !b) return a == b;\n    return {cond};"))
            else:
                out.append((f"inline bool eq(const {name}& a, const {name}& b)", f"return {cond};"))
        return out

    def oracle(self, p: Problem, results: list[PyAny]) -> str:
        self = self.bind(p)
        # assemble's string scanner mistakes `\\"` for an escaped quote: spell backslashes in octal
        self.octal_backslash = True
        try:
            cases = "".join(f"        case {i}: return {self.lit(r, p.returns, typed=True)};\n"
                            for i, r in enumerate(results))
        finally:
            self.octal_backslash = False
        return ("    static int mbxp_calls = 0;\n    switch (mbxp_calls++) {\n" + cases
                + "    }\n    abort();\n}\n")


def unordered_record(t: Type) -> bool:
    """Whether a record sits where std::set/map need operator< (a set element, a dict key)."""
    if t.kind == "set" and record_names(t.args[0]) or t.kind == "dict" and record_names(t.args[0]):
        return True
    return any(unordered_record(a) for a in t.args)


def int_lit(v: int, kind: str) -> str:
    if v == -2**63:
        return "(-9223372036854775807LL - 1)"
    if kind == "long" and not -2**31 <= v < 2**31:
        return f"{v}LL"
    return str(v)


def double_lit(v: float) -> str:
    if math.isnan(v):
        return "numeric_limits<double>::quiet_NaN()"
    if math.isinf(v):
        return ("" if v > 0 else "-") + "numeric_limits<double>::infinity()"
    return float_repr(v)


EMITTER = CppEmitter()
