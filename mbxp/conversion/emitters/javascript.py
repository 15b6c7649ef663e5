"""JavaScript (CommonJS, Node 20). TypeScript subclasses this emitter and adds the types.

Mapping: int/long/float -> number, but a problem whose long values leave the safe-integer range
(2**53) uses BigInt for all its long positions, as for bigint; tuple -> array; set -> Set; dict
with str or int keys -> plain object (int keys become property names, as in idiomatic JS), other
keys (tuples, lists, any) -> Map; None -> null (undefined is accepted where null is expected,
since a JS function that "returns nothing" returns undefined).

Comparison is driven by a descriptor of the return type built here, so ints compare exactly and
floats with tolerance even though JS has one number type; inside `any` numbers compare exactly
when both are integers, with tolerance otherwise.

Records: each is a class in the header (before the doc comment) with a constructor over all
fields in order and a JSDoc of the fields' types; literals are `new Node(1, null, null)`. A result
is compared field by field against the record's field descriptors (`mbxpRecords`), so any object
with those fields matches (a solution may return a plain object literal).
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any

from ..ir import Problem, Record, Type
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, c_string, float_repr

SAFE = 2**53 - 1

RESERVED = frozenset("""break case catch class const continue debugger default delete do else enum
export extends false finally for function if import in instanceof new null return super switch this
throw true try typeof var void while with yield let static implements interface package private
protected public await arguments eval undefined NaN Infinity""".split())

# The equality helper shared by JS and TS (annotated with `any` so tsc accepts it as is).
EQUAL = r"""
function mbxpClose(a: any, b: any): boolean {
  if (typeof a !== "number" || typeof b !== "number") return false;
  if (a === b) return true;
  return Math.abs(a - b) <= Math.max(REL * Math.max(Math.abs(a), Math.abs(b)), ABS);
}
function mbxpPlain(v: any): boolean {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Map) && !(v instanceof Set);
}
function mbxpMatchAll(got: any[], exp: any[], eq: any): boolean {
  if (got.length !== exp.length) return false;
  const used: boolean[] = got.map(() => false);
  for (const e of exp) {
    const i = got.findIndex((g: any, j: number) => !used[j] && eq(g, e));
    if (i < 0) return false;
    used[i] = true;
  }
  return true;
}
function mbxpEq(got: any, exp: any, t: any): boolean {
  if (t === "x") return got === exp;
  if (t === "f") return mbxpClose(got, exp);
  if (t === "n") return got === null || got === undefined;
  if (t === "a") return mbxpAny(got, exp);
  const k = t[0];
RECORD_EQ  if (k === "o") return exp === null ? got === null || got === undefined : mbxpEq(got, exp, t[1]);
  if (k === "l" || k === "u") {
    if (!Array.isArray(got) || got.length !== exp.length) return false;
    if (k === "u") return mbxpMatchAll(got, exp, (g: any, e: any) => mbxpEq(g, e, t[1]));
    return exp.every((e: any, i: number) => mbxpEq(got[i], e, t[1]));
  }
  if (k === "t") {
    return Array.isArray(got) && got.length === exp.length && exp.every((e: any, i: number) => mbxpEq(got[i], e, t[1][i]));
  }
  if (k === "s") return got instanceof Set && mbxpMatchAll([...got], [...exp], (g: any, e: any) => mbxpEq(g, e, t[1]));
  if (k === "m") {
    return got instanceof Map && mbxpMatchAll([...got], [...exp],
      (g: any, e: any) => mbxpEq(g[0], e[0], t[1]) && mbxpEq(g[1], e[1], t[2]));
  }
  if (k === "d") {
    if (!mbxpPlain(got)) return false;
    const keys = Object.keys(exp);
    return Object.keys(got).length === keys.length &&
      keys.every((key: string) => Object.prototype.hasOwnProperty.call(got, key) && mbxpEq(got[key], exp[key], t[1]));
  }
  return false;
}
function mbxpAny(got: any, exp: any): boolean {
  if (exp === null || exp === undefined) return got === null || got === undefined;
  if (typeof exp === "number") {
    return typeof got === "number" && (Number.isInteger(exp) && Number.isInteger(got) ? got === exp : mbxpClose(got, exp));
  }
  if (typeof exp !== "object") return got === exp;
  if (Array.isArray(exp)) {
    return Array.isArray(got) && got.length === exp.length && exp.every((e: any, i: number) => mbxpAny(got[i], e));
  }
  if (exp instanceof Set) return got instanceof Set && mbxpMatchAll([...got], [...exp], mbxpAny);
  if (exp instanceof Map) {
    return got instanceof Map && mbxpMatchAll([...got], [...exp], (g: any, e: any) => mbxpAny(g[0], e[0]) && mbxpAny(g[1], e[1]));
  }
  return mbxpPlain(got) && mbxpEq(got, exp, ["d", "a"]);
}
function mbxpShow(v: any): string {
  try {
    return String(JSON.stringify(v, (_k: any, x: any) => typeof x === "bigint" ? x.toString() + "n" :
      x instanceof Set ? { Set: [...x] } : x instanceof Map ? { Map: [...x] } : x === undefined ? "undefined" : x)).slice(0, 200);
  } catch (e) {
    return String(v);
  }
}
RECORD_FN
function mbxpCheck(i: number, got: any, exp: any, t: any): void {
  if (!mbxpEq(got, exp, t)) {
    process.stderr.write("FAIL_MARKER: test " + i + " got " + mbxpShow(got) + "\n");
    process.exit(FAIL_EXIT);
  }
}
"""


def _ints(value: Any):
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _ints(k)
            yield from _ints(v)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from _ints(v)
    elif isinstance(value, Record):
        yield from _ints(list(value.fields.values()))


# Only for problems with records (inserted at RECORD_EQ / RECORD_FN in EQUAL).
RECORD_EQ = '  if (k === "r") return mbxpRecordEq(got, exp, t[1]);\n'
RECORD_FN = r"""const mbxpRecords: any = RECORDS;
function mbxpRecordEq(got: any, exp: any, name: string): boolean {
  if (typeof got !== "object" || got === null) return false;
  return mbxpRecords[name].every((f: any) => mbxpEq(got[f[0]], exp[f[0]], f[1]));
}"""
# Globals the test program relies on: a record class of that name would shadow them.
GLOBALS = frozenset("Array Object Map Set Math JSON Number String Boolean BigInt Symbol Error process".split())


def _widen(t: Type) -> Type:
    if t.kind == "long":
        return Type("bigint")
    return Type(t.kind, tuple(_widen(a) for a in t.args)) if t.args else t


def object_keyed(t: Type) -> bool:
    """Dicts keyed by str or int are plain objects; the rest are Maps."""
    return t.args[0].kind in ("str", "int")


class JavaScriptEmitter(Emitter):
    language = "javascript"
    naming = "camel"
    reserved = RESERVED
    none_word = "null"
    list_word = "array"
    records = True

    def unsupported(self, p: Problem) -> str | None:
        for name in p.records:
            if name in GLOBALS or name in self.reserved:
                return f"a record class named {name} would shadow a JavaScript global"
        if p.records and self.adapt(p) is not p:
            return "integers beyond 2**53 in a problem with records"
        return None

    # ---- types: JS has none; TypeScript overrides these -----------------------------------------
    def param_decl(self, name: str, t: Type) -> str:
        return name

    def return_decl(self, t: Type) -> str:
        return ""

    def strip_types(self, code: str) -> str:
        """EQUAL is written in TS (every annotation right after a name or `)`); drop them for JS."""
        return re.sub(r"([\w)]): (any\[\]|boolean\[\]|any|boolean|number|string|void)(?=[\s,)=;{])", r"\1", code)

    # ---- problem adaptation ------------------------------------------------------------------------
    def adapt(self, p: Problem) -> Problem:
        """Widen long to bigint when a long value would lose precision as a JS number."""
        values = [v for c in p.tests for v in [*c.args, c.expected]]
        if not any(abs(i) > SAFE for v in values for i in _ints(v)):
            return p
        return dataclasses.replace(p, params=[dataclasses.replace(prm, type=_widen(prm.type)) for prm in p.params],
                                   returns=_widen(p.returns))

    # ---- literals ----------------------------------------------------------------------------------
    def lit_int(self, v: int, t: Type) -> str:
        return f"{v}n" if t.kind == "bigint" or abs(v) > SAFE else str(v)

    def lit_float(self, v: float) -> str:
        if v != v:
            return "NaN"
        if v in (float("inf"), float("-inf")):
            return "Infinity" if v > 0 else "-Infinity"
        return float_repr(v)

    def lit_str(self, v: str) -> str:
        return c_string(v)

    def lit_set(self, items: list[str], t: Type) -> str:
        return f"new Set({self.lit_list(items, t)})"

    def lit_record(self, value: Record, t: Type) -> str:
        return f"new {value.name}({', '.join(self.literal(v, ft) for _, v, ft in self.record_fields(value))})"

    def lit_dict(self, items: list[tuple[str, str]], t: Type) -> str:
        if object_keyed(t):
            if t.args[0].kind == "int":
                items = [(k if not k.startswith("-") else f"[{k}]", v) for k, v in items]
            return "{" + ", ".join(f"{k}: {v}" for k, v in items) + "}"
        return f"new Map([{', '.join(f'[{k}, {v}]' for k, v in items)}])"

    # ---- comparison descriptor ---------------------------------------------------------------------
    def descriptor(self, t: Type) -> str:
        k = t.kind
        if k in ("int", "long", "bigint", "str", "bool"):
            return '"x"'
        if k == "float":
            return '"f"'
        if k == "none":
            return '"n"'
        if k == "any":
            return '"a"'
        if k in ("optional", "list", "set"):
            return f'["{ {"optional": "o", "list": "l", "set": "s"}[k]}", {self.descriptor(t.elem)}]'
        if k == "tuple":
            return f'["t", [{", ".join(self.descriptor(a) for a in t.args)}]]'
        if k == "dict":
            if object_keyed(t):
                return f'["d", {self.descriptor(t.args[1])}]'
            return f'["m", {self.descriptor(t.args[0])}, {self.descriptor(t.args[1])}]'
        if k == "record":
            return f'["r", "{t.name}"]'
        raise ValueError(f"no descriptor for {t}")

    def result_descriptor(self, p: Problem) -> str:
        t = p.returns
        if p.compare == "unordered" and t.kind in ("list", "tuple"):
            return f'["u", {self.descriptor(t.elem) if t.kind == "list" else chr(34) + "a" + chr(34)}]'
        return self.descriptor(t)

    # ---- texts -------------------------------------------------------------------------------------
    def header(self, p: Problem) -> str:
        return "".join(self.record_class(p, name) + "\n" for name in self.record_order(p))

    def record_class(self, p: Problem, name: str) -> str:
        fields = [(self.field_name(f.name), f.type) for f in p.records[name]]
        doc = "".join(f"   * @param {{{jsdoc(t)}}} {n}\n" for n, t in fields)
        body = "".join(f"    this.{n} = {n};\n" for n, _ in fields)
        return (f"class {name} {{\n  /**\n{doc}   */\n"
                f"  constructor({', '.join(n for n, _ in fields)}) {{\n{body}  }}\n}}\n")

    def doc(self, p: Problem) -> str:
        lines = self.describe(p).splitlines()
        for call, result in self.examples(p):
            lines += [f"> {call}", result]
        body = "\n".join((" * " + ln).rstrip() for ln in lines).replace("*/", "*\\/")
        return f"/**\n{body}\n */\n"

    def signature(self, p: Problem) -> str:
        params = ", ".join(self.param_decl(self.name(prm.name), prm.type) for prm in p.params)
        return f"function {self.function_name(p)}({params}){self.return_decl(p.returns)} {{\n"

    def prompt(self, p: Problem) -> str:
        p = self.adapt(p)
        return self.header(p) + self.doc(p) + self.signature(p)

    def equal_code(self, p: Problem) -> str:
        code = EQUAL.replace("RECORD_EQ", RECORD_EQ if p.records else "")
        code = code.replace("RECORD_FN\n", RECORD_FN.replace("RECORDS", self.record_table(p)) + "\n" if p.records else "")
        code = (code.replace("REL", repr(p.rel_tol)).replace("ABS", repr(p.abs_tol))
                .replace("FAIL_MARKER", FAIL_MARKER).replace("FAIL_EXIT", str(FAIL_EXIT)))
        return self.strip_types(code)

    def record_table(self, p: Problem) -> str:
        """Each record's [field, descriptor] pairs, for mbxpRecordEq."""
        return "{" + ", ".join(
            f"{name}: [" + ", ".join(f'["{self.field_name(f.name)}", {self.descriptor(f.type)}]' for f in fields) + "]"
            for name, fields in p.records.items()) + "}"

    def test(self, p: Problem) -> str:
        p = self.adapt(p)
        fn = self.function_name(p)
        checks = []
        for i, case in enumerate(p.tests):
            args = ", ".join(self.literal(v, prm.type) for v, prm in zip(case.args, p.params))
            checks.append(f"mbxpCheck({i}, {fn}({args}), {self.literal(case.expected, p.returns)}, mbxpType);")
        return (f"\n{self.equal_code(p)}\nconst mbxpType = {self.result_descriptor(p)};\n"
                + "\n".join(checks) + f'\nconsole.log("{PASS_MARKER}");\n' + self.test_footer())

    def test_footer(self) -> str:
        return ""

    def counter(self) -> str:
        return "globalThis.mbxpCalls"

    def oracle(self, p: Problem, results: list[Any]) -> str:
        p = self.adapt(p)
        c = self.counter()
        if p.returns.kind == "none":
            return f"  {c} = ({c} || 0) + 1;\n  return;\n}}\n"
        items = ",\n    ".join(self.literal(r, p.returns) for r in results)
        return (f"  {c} = ({c} || 0) + 1;\n"
                f"  const mbxpResults{self.results_decl(p.returns)} = [\n    {items},\n  ];\n"
                f"  return mbxpResults[{c} - 1];\n}}\n")

    def results_decl(self, t: Type) -> str:
        return ""


EMITTER = JavaScriptEmitter()


def jsdoc(t: Type) -> str:
    """A JSDoc type for a record field."""
    k = t.kind
    simple = {"int": "number", "long": "number", "float": "number", "bigint": "bigint", "str": "string",
              "bool": "boolean", "none": "null", "any": "*"}
    if k in simple:
        return simple[k]
    if k == "optional":
        return f"?{jsdoc(t.elem)}"
    if k == "record":
        return str(t.name)
    if k in ("list", "tuple"):
        return "Array" if k == "tuple" else f"Array<{jsdoc(t.elem)}>"
    if k == "set":
        return f"Set<{jsdoc(t.elem)}>"
    return f"Object<{jsdoc(t.args[0])}, {jsdoc(t.args[1])}>" if object_keyed(t) else \
        f"Map<{jsdoc(t.args[0])}, {jsdoc(t.args[1])}>"
