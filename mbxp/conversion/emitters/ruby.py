"""Ruby: `# comment` doc before `def snake_name(params)`. Lists and tuples are Arrays, dicts
Hashes (tuple keys become Array keys, which Ruby hashes by content), sets `Set[...]`.

Comparison follows Python's `==`: Integer and Float compare numerically with tolerance (as
math.isclose), anything else must have the same class, so `true` never equals `1` and `"1"`
never equals `1`. A Set must be a Set (an Array is not one).

Records: each is a class in the header with `attr_accessor` over its fields, an `initialize`
taking them in order (trailing optional fields default to nil, so `Node.new(5)` is a leaf) and
YARD `@param` tags giving the fields' types; literals are `Node.new(1, nil, nil)`. The record
`Complex` is Ruby's own Complex (`Complex(0.0, 1.0)`, with `arg`, `abs`, `Complex.polar`), and
any Numeric compares with it by real and imaginary parts, as in Python. A result record must be
an instance of the expected class whose instance variables compare equal field by field. A
record named like another Ruby core class is dropped."""
from __future__ import annotations

import re
from typing import Any

from ..ir import COMPLEX, Problem, Record, Type
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, comment_lines, float_repr

RESERVED = frozenset("""BEGIN END alias and begin break case class def defined do else elsif end
ensure false for if in module next nil not or redo rescue retry return self super then true undef
unless until when while yield __FILE__ __LINE__ __ENCODING__""".split())

# Core constants a record class may not reopen (Complex is mapped to Ruby's own).
CORE = frozenset("""Array BasicObject Binding Class Comparable Data Dir Encoding Enumerable Enumerator
Exception FalseClass Fiber File Float GC Hash IO Integer Kernel Marshal MatchData Math Method Module
NilClass Numeric Object ObjectSpace Proc Process Random Range Rational Regexp STDERR STDOUT Set
Signal StandardError String Struct Symbol Thread Time TrueClass""".split())

# Written with receivers (STDERR.puts, Kernel.exit) so a solution defining a top-level `puts` or
# `exit` cannot interfere.
EQUAL = '''
require 'set'

def mbxp_close(a, b)
  return true if a == b
  return false if a.is_a?(Float) && (a.nan? || a.infinite?) || b.is_a?(Float) && (b.nan? || b.infinite?)
  (a - b).abs <= [REL * [a.abs, b.abs].max, ABS].max
end

def mbxp_match_all(xs, ys)
  return false unless xs.size == ys.size
  left = ys.to_a.dup
  xs.all? do |x|
    i = left.index { |y| mbxp_equal(x, y) }
    i && left.delete_at(i)
    !i.nil?
  end
end

def mbxp_equal(a, b)
RECORD_EQ  if a.is_a?(Float) || b.is_a?(Float)
    num = ->(x) { x.is_a?(Integer) || x.is_a?(Float) }
    return num.(a) && num.(b) && mbxp_close(a, b)
  end
  return false unless a.class == b.class
  case a
  when Array then a.size == b.size && a.each_index.all? { |i| mbxp_equal(a[i], b[i]) }
  when Hash then a.size == b.size && a.all? { |k, v| b.key?(k) && mbxp_equal(v, b[k]) }
  when Set then mbxp_match_all(a, b)
  else a == b
  end
end

RECORD_TABLE
def mbxp_check(i, got, expected, unordered)
  ok = if unordered
    got.is_a?(Array) && mbxp_match_all(got, expected)
  else
    mbxp_equal(got, expected)
  end
  return if ok
  shown = (got.inspect rescue "?")[0, 200]
  STDERR.puts "FAIL_MARKER: test #{i} got #{shown}"
  Kernel.exit(FAIL_EXIT)
end
'''

# Only for problems with records (inserted at RECORD_EQ / RECORD_TABLE in EQUAL).
RECORD_EQ = '''  if a.is_a?(Complex) || b.is_a?(Complex)
    return a.is_a?(Numeric) && b.is_a?(Numeric) &&
           mbxp_close(a.real.to_f, b.real.to_f) && mbxp_close(a.imag.to_f, b.imag.to_f)
  end
  if (fields = MBXP_RECORDS[b.class.name])
    return a.class == b.class && fields.all? { |f| mbxp_equal(a.instance_variable_get(f), b.instance_variable_get(f)) }
  end
'''


class RubyEmitter(Emitter):
    language = "ruby"
    naming = "snake"
    reserved = RESERVED
    none_word = "nil"
    list_word = "array"
    records = True

    def unsupported(self, p: Problem) -> str | None:
        for name in p.records:
            if name in CORE:
                return f"a record class named {name} would reopen a Ruby core class"
        return None

    def describe(self, p: Problem) -> str:
        return re.sub(r"\b([Aa]) array", r"\1n array", super().describe(p))

    def params(self, p: Problem) -> list[str]:
        # Ruby parameters cannot start with a capital (that is a constant): N -> n, kept distinct.
        out: list[str] = []
        for prm in p.params:
            name = self.name(prm.name)
            if name[:1].isupper():
                name = self.escape(name[0].lower() + name[1:])
            while name in out:
                name += "_"
            out.append(name)
        return out

    def signature(self, p: Problem) -> str:
        params = ", ".join(self.params(p))
        return f"def {self.function_name(p)}" + (f"({params})" if params else "")

    def header(self, p: Problem) -> str:
        classes = "".join(self.record_class(p, name) + "\n" for name in self.record_order(p) if name != COMPLEX)
        return ("require 'set'\n\n" if uses_set(p) else "") + classes

    # ---- records ---------------------------------------------------------------------------------
    def field_name(self, python_name: str) -> str:
        name = python_name[:1].lower() + python_name[1:]   # a capital would make a constant
        return self.escape(name)

    def record_class(self, p: Problem, name: str) -> str:
        fields = p.records[name]
        names = [self.field_name(f.name) for f in fields]
        tail = len(fields)
        while tail > 0 and fields[tail - 1].type.kind in ("optional", "none"):
            tail -= 1
        docs = "".join(f"  # @param {n} [{yard(f.type)}]\n" for n, f in zip(names, fields))
        params = ", ".join(n + (" = nil" if i >= tail else "") for i, n in enumerate(names))
        body = "".join(f"    @{n} = {n}\n" for n in names)
        return (f"class {name}\n  attr_accessor {', '.join(':' + n for n in names)}\n\n"
                f"{docs}  def initialize({params})\n{body}  end\nend\n")

    def record_table(self, p: Problem) -> str:
        rows = ", ".join(f'"{name}" => [{", ".join(":@" + self.field_name(f.name) for f in fs)}]'
                         for name, fs in p.records.items() if name != COMPLEX)
        return f"MBXP_RECORDS = {{{rows}}}.freeze\n"

    def prompt(self, p: Problem) -> str:
        doc = [self.describe(p)]
        examples = self.examples(p)
        if examples:
            doc.append("Examples:")
        for call, result in examples:
            doc += [f">>> {call}", result]
        return f"{self.header(p)}{comment_lines(chr(10).join(doc), '# ')}\n{self.signature(p)}\n"

    def test(self, p: Problem) -> str:
        equal = (EQUAL.replace("FAIL_MARKER", FAIL_MARKER).replace("FAIL_EXIT", str(FAIL_EXIT))
                 .replace("REL", repr(float(p.rel_tol))).replace("ABS", repr(float(p.abs_tol))))
        # Records last, so a field's name is never taken for a placeholder.
        equal = (equal.replace("RECORD_EQ", RECORD_EQ if p.records else "")
                 .replace("RECORD_TABLE\n", self.record_table(p) if p.records else ""))
        unordered = "true" if p.compare == "unordered" else "false"
        fn = self.function_name(p)
        checks = []
        for i, case in enumerate(p.tests):
            args = ", ".join(self.literal(v, prm.type) for v, prm in zip(case.args, p.params))
            checks.append(f"mbxp_check({i}, {fn}({args}), {self.literal(case.expected, p.returns)}, "
                          f"{unordered})")
        return "\n" + equal + "\n" + "\n".join(checks) + f'\nSTDOUT.puts "{PASS_MARKER}"\n'

    def oracle(self, p: Problem, results: list[Any]) -> str:
        values = ", ".join(self.literal(r, p.returns) for r in results)
        return ("  $mbxp_oracle_calls = ($mbxp_oracle_calls || 0) + 1\n"
                f"  [{values}][$mbxp_oracle_calls - 1]\n"
                "end\n")

    # ---- literals --------------------------------------------------------------------------------
    def lit_none(self, t: Type) -> str:
        return "nil"

    def lit_float(self, v: float) -> str:
        if v != v:
            return "Float::NAN"
        if v in (float("inf"), float("-inf")):
            return ("-" if v < 0 else "") + "Float::INFINITY"
        return float_repr(v)

    def lit_str(self, v: str) -> str:
        return ruby_string(v)

    def lit_set(self, items: list[str], t: Type) -> str:
        return "Set[" + ", ".join(items) + "]"

    def lit_dict(self, items: list[tuple[str, str]], t: Type) -> str:
        return "{" + ", ".join(f"{k} => {v}" for k, v in items) + "}"

    def lit_record(self, value: Record, t: Type) -> str:
        args = ", ".join(self.literal(v, ft) for _, v, ft in self.record_fields(value))
        return f"Complex({args})" if value.name == COMPLEX else f"{value.name}.new({args})"


def ruby_string(s: str) -> str:
    """Double-quoted, with `#` escaped so `#{`, `#$` and `#@` never interpolate."""
    out = []
    for ch in s:
        if ch in '"\\#':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def yard(t: Type) -> str:
    """A YARD type for a record field."""
    k = t.kind
    simple = {"int": "Integer", "long": "Integer", "bigint": "Integer", "float": "Float", "str": "String",
              "bool": "Boolean", "none": "nil", "any": "Object"}
    if k in simple:
        return simple[k]
    if k == "optional":
        return f"{yard(t.elem)}, nil"
    if k == "record":
        return str(t.name)
    if k == "tuple":
        return f"Array({', '.join(yard(a) for a in t.args)})"
    if k == "dict":
        return f"Hash{{{yard(t.args[0])} => {yard(t.args[1])}}}"
    return f"{'Set' if k == 'set' else 'Array'}<{yard(t.elem)}>"


def uses_set(p: Problem) -> bool:
    """Whether the prompt's examples or parameters can hold a Set (so `require 'set'` is needed)."""
    types = [prm.type for prm in p.params] + [p.returns] + [f.type for fs in p.records.values() for f in fs]
    if any(t.contains("set") for t in types):
        return True
    return any(has_set([c.args, c.expected]) for c in p.examples)


def has_set(v: Any) -> bool:
    if isinstance(v, (set, frozenset)):
        return True
    if isinstance(v, (list, tuple)):
        return any(has_set(x) for x in v)
    if isinstance(v, dict):
        return any(has_set(x) for x in v.values())
    return False


EMITTER = RubyEmitter()
