"""Lua 5.4: `-- comment` doc, then a global `function snake_name(params)` (global so the test can
call it), closed by `end`.

Values: lists and tuples are sequences `{1, 2}`, dicts `{["k"] = v}`, sets of scalars tables of
true `{[1] = true}` (sets of tuples are sequences of their elements: a table key is compared by
identity), None nil.
- Tuple dict keys: a table key is compared by identity, so a tuple key is the string of its
  elements joined by "," (`table.concat(key, ",")`, the usual Lua composite key), and the prompt
  says so. Only int and str elements without "," are joined; other compound keys are dropped.
- None inside an input container: a table cannot hold nil (the function could not see it), so
  such problems define a global sentinel `null` in the header (as lua-cjson's `cjson.null` does)
  and every None inside a container is written `null`; an expected `null` accepts nil too.
  Elsewhere None inside an expected result is nil and compared as absent.
- Integers beyond 64 bits (Lua integers wrap around, there is no standard bignum): every value of
  kind bigint is a decimal string `"115975"`, and the prompt says so; an expected one accepts the
  equal string or an equal integer.
- Records (class instances, and Python's complex as the record Complex): the usual Lua class, a
  global table with `__index` and a constructor `Node.new(data, left, right)` over all fields in
  order, declared in the header after a comment giving each field's type; a missing child is nil
  (an absent key, as a Lua tree has it). Values are `Node.new(1, nil, nil)`. A record compares as
  any table does (field by field, so a plain `{data = 1}` also matches), floats with tolerance.
  A record named like a global the program uses (`string`, `null`, the function) is dropped.

Comparison: tables by their keys (`pairs` both ways), so sequences, dicts and nil holes all
follow one rule; numbers exactly when both are integers, otherwise with tolerance (as Python's
3 == 3.0 and math.isclose); other values must have the same type and be ==. An expected set
accepts a table of true or a sequence of the same elements in any order.
"""
from __future__ import annotations

import copy
from typing import Any

from ..ir import INT64, Problem, Record, Type
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, comment_lines, float_repr, tuple_keys

RESERVED = frozenset("""and break do else elseif end false for function goto if in local nil not or
repeat return then true until while""".split())
# Standard globals: a parameter named `string` would hide the string library in the body, a
# function named `type` would replace the one the test uses.
GLOBALS = frozenset("""assert collectgarbage dofile error getmetatable ipairs load loadfile next
pairs pcall print rawequal rawget rawlen rawset require select setmetatable tonumber tostring type
xpcall warn coroutine debug io math os package string table utf8 arg""".split())

NULL_HEADER = """-- null stands for None inside a table, which cannot hold nil.
null = setmetatable({}, {__tostring = function() return "null" end})
"""

# Only problems with the sentinel compare with it: elsewhere `null` is an ordinary global name.
NULL_CHECK = "  if expected == null then return got == nil or got == null end\n"

CHECK = '''
local MBXP_SET, MBXP_BIG = {}, {}
local function mbxp_set(items) return setmetatable(items, MBXP_SET) end
local function mbxp_big(digits) return setmetatable({digits}, MBXP_BIG) end

local function mbxp_close(a, b)
  if a == b then return true end
  if a ~= a or b ~= b or math.abs(a) == math.huge or math.abs(b) == math.huge then return false end
  return math.abs(a - b) <= math.max(REL * math.max(math.abs(a), math.abs(b)), ABS)
end

local mbxp_equal

local function mbxp_match_all(got, expected)
  if #got ~= #expected then return false end
  local used = {}
  for _, e in ipairs(expected) do
    local found = false
    for i, g in ipairs(got) do
      if not used[i] and mbxp_equal(g, e) then used[i], found = true, true; break end
    end
    if not found then return false end
  end
  return true
end

local function mbxp_elements(t, expected)
  -- a set as a table of true (unless the elements are booleans), or as a sequence
  local keys, values, all_true = {}, {}, true
  for k, v in pairs(t) do
    keys[#keys + 1], values[#values + 1] = k, v
    if v ~= true then all_true = false end
  end
  if all_true and type(expected[1]) ~= "boolean" then return keys end
  return values
end

mbxp_equal = function(got, expected)
NULL_CHECK  if type(expected) == "table" and getmetatable(expected) == MBXP_SET then
    return type(got) == "table" and mbxp_match_all(mbxp_elements(got, expected), expected)
  end
  if type(expected) == "table" and getmetatable(expected) == MBXP_BIG then
    return got == expected[1] or math.type(got) == "integer" and tostring(got) == expected[1]
  end
  if math.type(got) and math.type(expected) then
    if math.type(got) == "integer" and math.type(expected) == "integer" then return got == expected end
    return mbxp_close(got, expected)
  end
  if type(got) ~= type(expected) then return false end
  if type(got) ~= "table" then return got == expected end
  for k, v in pairs(expected) do
    if not mbxp_equal(got[k], v) then return false end
  end
  for k in pairs(got) do
    if expected[k] == nil then return false end
  end
  return true
end

local function mbxp_check(i, unordered, got, expected)
  local ok
  if unordered then
    local values = {}
    if type(got) == "table" then for _, v in pairs(got) do values[#values + 1] = v end end
    ok = type(got) == "table" and mbxp_match_all(values, expected)
  else
    ok = mbxp_equal(got, expected)
  end
  if not ok then
    io.stderr:write("FAIL_MARKER: test " .. i .. " got " .. tostring(got):sub(1, 200) .. "\\n")
    os.exit(FAIL_EXIT)
  end
end
'''


class LuaEmitter(Emitter):
    language = "lua"
    naming = "snake"
    reserved = RESERVED | GLOBALS
    none_word = "nil"
    list_word = "table"
    records = True
    null = False   # None inside containers written as the `null` sentinel (see for_problem)

    def unsupported(self, p: Problem) -> str | None:
        for name in p.records:
            if name in self.reserved or name in ("null", self.function_name(p)) or name.startswith("mbxp"):
                return f"a record named {name} would shadow a Lua global the program uses"
        if any(not joinable(k) for k in tuple_keys(p)):
            return "a dict key that is a set, or a tuple of other than ints and strings without ',': " \
                   "Lua compares table keys by identity"
        return None

    def for_problem(self, p: Problem) -> "LuaEmitter":
        """This emitter, switched to the `null` sentinel when an input container holds None."""
        if not any(nil_inside(a) for c in p.tests for a in c.args):
            return self
        em = copy.copy(self)
        em.null = True
        return em

    def signature(self, p: Problem) -> str:
        params = []
        for prm in p.params:
            name = self.name(prm.name)
            while name in params:
                name += "_"
            params.append(name)
        return f"function {self.function_name(p)}({', '.join(params)})"

    def header(self, p: Problem) -> str:
        classes = "".join(self.record_class(p, name) for name in self.record_order(p))
        return (NULL_HEADER if self.for_problem(p).null else "") + classes

    def record_class(self, p: Problem, name: str) -> str:
        fields = [self.field_name(f.name) for f in p.records[name]]
        types = ", ".join(f"{n} ({type_words(f.type)})" for n, f in zip(fields, p.records[name]))
        table = ", ".join(f"{n} = {n}" for n in fields)
        return (f"-- A {name} has the fields {types}.\n{name} = {{}}\n{name}.__index = {name}\n"
                f"function {name}.new({', '.join(fields)})\n"
                f"  return setmetatable({{{table}}}, {name})\nend\n\n")

    def field_name(self, python_name: str) -> str:
        return python_name + "_" if python_name in RESERVED else python_name   # t.type is fine, t.end is not

    def prompt(self, p: Problem) -> str:
        doc = [self.describe(p)]
        if tuple_keys(p):
            doc.append('A tuple key is the string table.concat(key, ",").')
        if any(t.contains("bigint") for t in [prm.type for prm in p.params] + [p.returns]):
            doc.append("Integers that may exceed 64 bits are decimal strings.")
        examples = self.for_problem(p).examples(p)
        if examples:
            doc.append("Examples:")
        for call, result in examples:
            doc += [f">>> {call}", result]
        return f"{self.header(p)}{comment_lines(chr(10).join(doc), '-- ')}\n{self.signature(p)}\n"

    def test(self, p: Problem) -> str:
        em, expected = self.for_problem(p), ExpectedLua().for_problem(p)
        check = (CHECK.replace("FAIL_MARKER", FAIL_MARKER).replace("FAIL_EXIT", str(FAIL_EXIT))
                 .replace("REL", repr(float(p.rel_tol))).replace("ABS", repr(float(p.abs_tol)))
                 .replace("NULL_CHECK", NULL_CHECK if em.null else ""))
        unordered = "true" if p.compare == "unordered" else "false"
        fn = self.function_name(p)
        lines = []
        for i, case in enumerate(p.tests):
            args = ", ".join(em.literal(v, prm.type) for v, prm in zip(case.args, p.params))
            lines.append(f"mbxp_check({i}, {unordered}, {fn}({args}), "
                         f"{expected.literal(case.expected, p.returns)})")
        return "\n" + check + "\n" + "\n".join(lines) + f'\nio.stdout:write("{PASS_MARKER}\\n")\n'

    def oracle(self, p: Problem, results: list[Any]) -> str:
        values = ", ".join(self.for_problem(p).literal(r, p.returns) for r in results)
        return ("  mbxp_oracle_calls = (mbxp_oracle_calls or 0) + 1\n"
                f"  return ({{{values}}})[mbxp_oracle_calls]\n"
                "end\n")

    # ---- literals --------------------------------------------------------------------------------
    def literal(self, value: Any, t: Type) -> str:
        if isinstance(value, dict) and t.kind == "dict" and any(isinstance(k, tuple) for k in value):
            return self.lit_dict([(lua_string(",".join(map(str, k))) if isinstance(k, tuple)
                                   else self.literal(k, t.args[0]), self.literal(v, t.args[1]))
                                  for k, v in value.items()], t)
        return super().literal(value, t)

    def holes(self, items: list[str]) -> list[str]:
        return ["null" if x == "nil" else x for x in items] if self.null else items

    def lit_none(self, t: Type) -> str:
        return "nil"

    def lit_int(self, v: int, t: Type) -> str:
        if t.kind == "bigint" or not -INT64 <= v < INT64:
            return self.lit_big(str(v))
        if v == -INT64:
            return "math.mininteger"
        return str(v)

    def lit_big(self, digits: str) -> str:
        return lua_string(digits)

    def lit_float(self, v: float) -> str:
        if v != v:
            return "(0/0)"
        if v in (float("inf"), float("-inf")):
            return ("-" if v < 0 else "") + "math.huge"
        return float_repr(v)

    def lit_str(self, v: str) -> str:
        return lua_string(v)

    def lit_list(self, items: list[str], t: Type) -> str:
        return "{" + ", ".join(self.holes(items)) + "}"

    def lit_record(self, value: Record, t: Type) -> str:
        return f"{value.name}.new({', '.join(self.literal(v, ft) for _, v, ft in self.record_fields(value))})"

    def lit_set(self, items: list[str], t: Type) -> str:
        if t.elem.kind in ("tuple", "list", "set", "dict", "any", "record"):
            return self.lit_list(items, t)
        return "{" + ", ".join(f"[{x}] = true" for x in self.holes(items)) + "}"

    def lit_dict(self, items: list[tuple[str, str]], t: Type) -> str:
        values = self.holes([v for _, v in items])
        return "{" + ", ".join(f"[{k}] = {v}" for (k, _), v in zip(items, values)) + "}"


class ExpectedLua(LuaEmitter):
    """Expected sets and big integers are tagged so the comparison accepts either form."""

    def lit_set(self, items: list[str], t: Type) -> str:
        return "mbxp_set({" + ", ".join(self.holes(items)) + "})"

    def lit_big(self, digits: str) -> str:
        return f'mbxp_big("{digits}")'


def lua_string(s: str) -> str:
    out = []
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append(f"\\{ord(ch):03d}")  # three digits, so a following digit is not absorbed
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def joinable(key: Any) -> bool:
    return isinstance(key, tuple) and all(
        isinstance(x, int) and not isinstance(x, bool) or isinstance(x, str) and "," not in x for x in key)


def type_words(t: Type) -> str:
    """How a record's declaration comment names a field's type."""
    if t.kind == "optional":
        return type_words(t.elem) + " or nil"
    if t.kind == "record":
        return f"a {t.name}"
    return {"bool": "a boolean", "int": "an integer", "long": "an integer", "bigint": "a decimal string",
            "float": "a number", "str": "a string", "any": "any value"}.get(t.kind, "a table")


def nil_inside(v: Any) -> bool:
    if isinstance(v, Record):   # a nil field is a constructor argument; only deeper tables matter
        return any(nil_inside(x) for x in v.fields.values())
    if isinstance(v, (list, tuple, set, frozenset)):
        return any(x is None or nil_inside(x) for x in v)
    if isinstance(v, dict):
        return any(x is None or nil_inside(x) for x in v.values())
    return False


EMITTER = LuaEmitter()
