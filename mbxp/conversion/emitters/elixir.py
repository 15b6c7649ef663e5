"""Elixir: `defmodule Solution do`, an `@doc` heredoc with iex> examples, `def snake_name(params) do`.

Lists are lists, tuples tuples, dicts maps, sets MapSets, None nil. The module's own `end` opens
the test, so the completion ends with the `end` of the def (where truncation cuts).

The checker is a module of its own, so nothing the solution defines can change it. Comparison
follows Python's `==`: a float on either side compares numerically with tolerance (math.isclose);
otherwise the kinds must match (`===`, so `true` never equals `1`, a tuple never equals a list),
maps by key, MapSets order-free. BEAM floats have no inf/nan, so such values drop the problem.

Records: each is a struct module nested in `Solution` (`defmodule Node do defstruct [:data, :left,
:right] end`, with a `@type t` giving the fields' types, optional ones `| nil`), so inside the
solution `%Node{}` and `node.left` read naturally, and a name like `Node` does not redefine
Elixir's own module. Values are `%Node{data: 1, left: nil, right: nil}`; the test, whose top level
may be expanded before `Solution` exists, builds them with `struct!(Solution.Node, ...)`.
`Complex` is such a struct too. The checker compares structs of the same module field by field.
A record named like a module the solution or oracle calls (`Enum`, `Map`...) would shadow it
inside `Solution`: dropped."""
from __future__ import annotations

import math
import re
from typing import Any

from ..ir import Problem, Record, Type
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, float_repr

MODULE = "Solution"
RESERVED = frozenset("true false nil when and or not in fn do end catch rescue after else".split())
# Kernel functions a local def of the same name and arity would clash with on a local call.
KERNEL = frozenset("""abs apply binding div elem exit hd inspect is_atom is_list length max min node
rem round self send spawn throw tl to_string trunc tuple_size map_size byte_size""".split())
# Modules a solution (or the oracle) calls: a nested record module of that name would shadow them.
MODULES = frozenset("""Solution MbxpCheck Enum Map MapSet List Tuple String Integer Float Kernel Process
Stream Keyword Range Access Bitwise Regex IO Agent Task System Atom Function Date Time DateTime
Base Code Module Record Exception Inspect Protocol Application Port File Path Version URI""".split())

CHECKER = '''
defmodule MbxpCheck do
  def close(a, b), do: a == b or abs(a - b) <= max(REL * max(abs(a), abs(b)), ABS)

  def equal(a, b) when is_float(a) or is_float(b), do: is_number(a) and is_number(b) and close(a, b)
  def equal(a, b) when is_list(a), do: is_list(b) and length(a) == length(b) and all_equal(a, b)
  def equal(a, b) when is_tuple(a),
    do: is_tuple(b) and tuple_size(a) == tuple_size(b) and all_equal(Tuple.to_list(a), Tuple.to_list(b))
  def equal(%MapSet{} = a, b), do: is_struct(b, MapSet) and match_all(MapSet.to_list(a), MapSet.to_list(b))
  def equal(%{__struct__: s} = a, b), do: is_struct(b, s) and equal(Map.from_struct(a), Map.from_struct(b))
  def equal(a, b) when is_map(a) do
    is_map(b) and not is_struct(b) and map_size(a) == map_size(b) and
      Enum.all?(a, fn {k, v} -> Enum.any?(b, fn {k2, v2} -> equal(k, k2) and equal(v, v2) end) end)
  end
  def equal(a, b), do: a === b

  defp all_equal([], []), do: true
  defp all_equal([x | xs], [y | ys]), do: equal(x, y) and all_equal(xs, ys)

  def match_all(xs, ys), do: length(xs) == length(ys) and take_all(xs, ys)
  defp take_all([], _), do: true
  defp take_all([x | xs], ys) do
    case Enum.find_index(ys, &equal(x, &1)) do
      nil -> false
      i -> take_all(xs, List.delete_at(ys, i))
    end
  end

  def check(i, got, expected, unordered) do
    ok = if unordered, do: is_list(got) and match_all(got, expected), else: equal(got, expected)
    unless ok do
      IO.puts(:stderr, "FAIL_MARKER: test #{i} got #{String.slice(inspect(got), 0, 200)}")
      System.halt(FAIL_EXIT)
    end
  end
end
'''


def snake(python_name: str) -> str:
    """find_Max_Num -> find_max_num, smartNumber -> smart_number, N -> n."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", python_name).lower()


class ElixirEmitter(Emitter):
    language = "elixir"
    naming = "snake"
    reserved = RESERVED
    none_word = "nil"
    records = True
    qualified = False   # records as `%Solution.Node{}`: for the test, outside the module

    def unsupported(self, p: Problem) -> str | None:
        for name in p.records:
            if name in MODULES:
                return f"a record module named {name} would shadow Elixir's {name} in the solution"
        for case in p.tests:
            if has_special_float([case.args, case.expected]):
                return "inf/nan float: BEAM floats cannot hold it"
        return None

    def function_name(self, p: Problem) -> str:
        name = snake(p.entry_point)
        return name + "_" if name in RESERVED or name in KERNEL else name

    def params(self, p: Problem) -> list[str]:
        out: list[str] = []
        for prm in p.params:
            name = self.escape(snake(prm.name))
            while name in out:
                name += "_"
            out.append(name)
        return out

    def call(self, p: Problem, args: list[Any]) -> str:
        rendered = ", ".join(self.literal(v, prm.type) for v, prm in zip(args, p.params))
        return f"{MODULE}.{self.function_name(p)}({rendered})"

    def header(self, p: Problem) -> str:
        structs = "".join(self.struct_module(p, name) for name in self.record_order(p))
        return f"defmodule {MODULE} do\n{structs}"

    def struct_module(self, p: Problem, name: str) -> str:
        fields = [(self.field_name(f.name), f.type) for f in p.records[name]]
        types = ", ".join(f"{n}: {self.typespec(t, name)}" for n, t in fields)
        keys = ", ".join(f":{n}" for n, _ in fields)
        return (f"  defmodule {name} do\n    @type t :: %__MODULE__{{{types}}}\n"
                f"    defstruct [{keys}]\n  end\n\n")

    def typespec(self, t: Type, own: str) -> str:
        """A field's type as a typespec; `own` is the record being declared (its type is `t()`)."""
        k = t.kind
        simple = {"bool": "boolean()", "int": "integer()", "long": "integer()", "bigint": "integer()",
                  "float": "float()", "str": "String.t()", "none": "nil", "any": "any()"}
        if k in simple:
            return simple[k]
        if k == "optional":
            return f"{self.typespec(t.elem, own)} | nil"
        if k == "record":
            return "t()" if t.name == own else f"{t.name}.t()"
        if k == "list":
            return f"[{self.typespec(t.elem, own)}]"
        if k == "set":
            return f"MapSet.t({self.typespec(t.elem, own)})"
        if k == "tuple":
            return "{" + ", ".join(self.typespec(a, own) for a in t.args) + "}"
        if k == "dict":
            return f"%{{optional({self.typespec(t.args[0], own)}) => {self.typespec(t.args[1], own)}}}"
        return "any()"

    def prompt(self, p: Problem) -> str:
        lines = self.describe(p).splitlines()
        if p.examples:
            lines += ["", "## Examples", ""]
        for case in p.examples:
            lines += [f"    iex> {self.call(p, case.args)}", f"    {self.literal(case.expected, p.returns)}"]
        text = "\n".join(lines)
        # ~S shows literals as they are written; a plain heredoc is needed only to escape `"""`.
        if '"""' in text:
            opener, text = '"""', text.replace("\\", "\\\\").replace("#{", "\\#{").replace('"""', '\\"""')
        else:
            opener = '~S"""'
        doc = "\n".join(("  " + ln).rstrip() for ln in text.splitlines())
        return (f"{self.header(p)}  @doc {opener}\n{doc}\n  \"\"\"\n"
                f"  def {self.function_name(p)}({', '.join(self.params(p))}) do\n")

    def test(self, p: Problem) -> str:
        checker = (CHECKER.replace("FAIL_MARKER", FAIL_MARKER).replace("FAIL_EXIT", str(FAIL_EXIT))
                   .replace("REL", elixir_float(p.rel_tol)).replace("ABS", elixir_float(p.abs_tol)))
        unordered = "true" if p.compare == "unordered" else "false"
        out = QUALIFIED
        checks = [f"MbxpCheck.check({i}, {out.call(p, c.args)}, {out.literal(c.expected, p.returns)}, {unordered})"
                  for i, c in enumerate(p.tests)]
        return "end\n" + checker + "\n" + "\n".join(checks) + f'\nIO.puts("{PASS_MARKER}")\n'

    def oracle(self, p: Problem, results: list[Any]) -> str:
        values = ", ".join(self.literal(r, p.returns) for r in results)
        return ("    i = Process.get(:mbxp_oracle_calls, 0)\n"
                "    Process.put(:mbxp_oracle_calls, i + 1)\n"
                f"    Enum.at([{values}], i)\n"
                "  end\n")

    # ---- literals --------------------------------------------------------------------------------
    def lit_none(self, t: Type) -> str:
        return "nil"

    def lit_float(self, v: float) -> str:
        return elixir_float(v)

    def lit_str(self, v: str) -> str:
        return elixir_string(v)

    def lit_set(self, items: list[str], t: Type) -> str:
        return "MapSet.new([" + ", ".join(items) + "])" if items else "MapSet.new()"

    def lit_tuple(self, items: list[str], t: Type) -> str:
        return "{" + ", ".join(items) + "}"

    def lit_dict(self, items: list[tuple[str, str]], t: Type) -> str:
        return "%{" + ", ".join(f"{k} => {v}" for k, v in items) + "}"

    def lit_record(self, value: Record, t: Type) -> str:
        fields = ", ".join(f"{self.field_name(n)}: {self.literal(v, ft)}" for n, v, ft in self.record_fields(value))
        if self.qualified:   # the script's top level may be expanded before Solution exists
            return f"struct!({MODULE}.{value.name}, {fields})"
        return f"%{value.name}{{{fields}}}"


def elixir_float(v: float) -> str:
    """Elixir needs digits on both sides of the point, also before an exponent: 1.0e-5."""
    text = float_repr(v)
    if "e" in text:
        mant, exp = text.split("e")
        text = (mant if "." in mant else mant + ".0") + "e" + str(int(exp))
    return text


def elixir_string(s: str) -> str:
    out = []
    for i, ch in enumerate(s):
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "#" and s[i + 1:i + 2] == "{":
            out.append("\\#")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def has_special_float(v: Any) -> bool:
    if isinstance(v, float):
        return math.isnan(v) or math.isinf(v)
    if isinstance(v, (list, tuple, set, frozenset)):
        return any(has_special_float(x) for x in v)
    if isinstance(v, dict):
        return any(has_special_float(x) for kv in v.items() for x in kv)
    return False


class ElixirQualified(ElixirEmitter):
    qualified = True


EMITTER, QUALIFIED = ElixirEmitter(), ElixirQualified()
