"""Scala 3 (MBSCP): a method of `object Main`; the test closes it and adds `object MbxpTest` with main.

Types: Int, Long, Double, Boolean, String, BigInt; `any` (and `none`) is Any; List, Set and Map
are the immutable defaults; tuples are tuples of any length (Scala 3 has no 22 limit), the empty
tuple is EmptyTuple and the 1-tuple Tuple1; optional is Option. Python's None is `None` wherever
it appears, also in `Any` positions, and the comparison takes null for None there.
Literals rely on the expected type (the test declares `val want: T = ...`), so `List()` and
`Map()` type-check without annotations. The comparison walks values at run time: numbers by value,
floats with tolerance, Seqs and tuples in order, Sets and Maps order-free.
Oracle: the call counter is a JVM system property, since a method body cannot declare a field.
Records: each is a top-level `case class` before `object Main` (in the header, so the test and a
whole-function answer see it), immutable as Scala data usually is, with its fields in order; an
optional field is an Option, so `Node.left: Option[Node]` refers to its own class. Literals are
`Node(1, None, None)`. `mbxpEq` gets one case per record that compares field by field (floats
with tolerance), since a case class's own equals is exact. A record named like a type or object
the program uses (List, Option, Main...) is dropped.
"""
from __future__ import annotations

from typing import Any

from ..ir import Problem, Record, Type
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, c_string, float_repr

KEYWORDS = frozenset("""abstract case catch class def do else enum export extends false final finally for
forSome given if implicit import lazy match new null object override package private protected return
sealed super then this throw trait true try type val var while with yield""".split())

IMPORTS = "import scala.math._\nimport scala.collection.mutable\n"

# Names the solution, the test or the helpers use: a record class must not shadow them.
SHADOWING = frozenset("""Main MbxpTest Any AnyRef Int Long Double Float Short Byte Char Boolean String
Unit Nothing BigInt BigDecimal Option Some None List Nil Set Map Seq Vector Iterable Array Product
EmptyTuple Integer System Math IllegalStateException RuntimeException Exception StringBuilder
Ordering Range Iterator mutable math scala java""".split())

SCALAR = {"bool": "Boolean", "int": "Int", "long": "Long", "bigint": "BigInt", "float": "Double",
          "str": "String", "none": "Any", "any": "Any"}

HELPERS = r'''
  private def mbxpIsInt(x: Any): Boolean = x match {
    case _: Int | _: Long | _: Short | _: Byte | _: BigInt => true
    case _ => false
  }

  private def mbxpIsFloat(x: Any): Boolean = x match {
    case _: Double | _: Float | _: BigDecimal => true
    case _ => false
  }

  private def mbxpBig(x: Any): BigInt = x match {
    case v: BigInt => v
    case v: Int => BigInt(v)
    case v: Long => BigInt(v)
    case v: Short => BigInt(v.toInt)
    case v: Byte => BigInt(v.toInt)
  }

  private def mbxpDouble(x: Any): Double = x match {
    case v: Double => v
    case v: Float => v.toDouble
    case v: BigDecimal => v.toDouble
    case v => mbxpBig(v).toDouble
  }

  private def mbxpClose(a: Double, b: Double): Boolean =
    if (a.isNaN || b.isNaN) a.isNaN && b.isNaN
    else if (a == b) true
    else if (a.isInfinite || b.isInfinite) false
    else math.abs(a - b) <= math.max(REL * math.max(math.abs(a), math.abs(b)), ABS)

  private def mbxpIsTuple(x: Any): Boolean = x != null && {
    val n = x.getClass.getName
    n.startsWith("scala.Tuple") || n == "scala.runtime.TupleXXL"
  }

  // Multiset equality: each element of a matches a distinct element of b.
  private def mbxpBag(a: Iterable[Any], b: Iterable[Any]): Boolean = {
    val rest = mutable.ArrayBuffer.from(b)
    a.size == rest.size && a.forall { x =>
      val j = rest.indexWhere(y => mbxpEq(x, y))
      j >= 0 && { rest.remove(j); true }
    }
  }

  private def mbxpEq(a: Any, b: Any): Boolean = (a, b) match {
    case (null | None, null | None) => true
    case (null, _) | (_, null) => false
    case _ if mbxpIsFloat(a) || mbxpIsFloat(b) =>
      (mbxpIsFloat(a) || mbxpIsInt(a)) && (mbxpIsFloat(b) || mbxpIsInt(b)) && mbxpClose(mbxpDouble(a), mbxpDouble(b))
    case _ if mbxpIsInt(a) || mbxpIsInt(b) => mbxpIsInt(a) && mbxpIsInt(b) && mbxpBig(a) == mbxpBig(b)
    case (x: Array[?], _) => mbxpEq(x.toSeq, b)
    case (_, y: Array[?]) => mbxpEq(a, y.toSeq)
    case (x: Option[?], y: Option[?]) => x.isDefined == y.isDefined && mbxpEq(x.get, y.get)
    case (x: collection.Map[?, ?], y: collection.Map[?, ?]) =>
      x.size == y.size && x.forall { case (k, v) => y.exists { case (k2, v2) => mbxpEq(k, k2) && mbxpEq(v, v2) } }
    case (x: collection.Set[?], y: collection.Set[?]) => mbxpBag(x, y)
    case (x: collection.Seq[?], y: collection.Seq[?]) =>
      x.size == y.size && x.iterator.zip(y.iterator).forall { case (u, v) => mbxpEq(u, v) }
    case (x: Product, y: Product) if mbxpIsTuple(x) || mbxpIsTuple(y) =>
      mbxpIsTuple(x) && mbxpIsTuple(y) && x.productArity == y.productArity &&
        x.productIterator.zip(y.productIterator).forall { case (u, v) => mbxpEq(u, v) }
RECORD_EQ    case _ => a == b
  }

  private def mbxpCheck(i: Int, got: Any, want: Any): Unit =
    if (!COMPARE) {
      System.err.println("FAIL_MARKER: test " + i)
      System.exit(FAIL_EXIT)
    }
'''


class ScalaEmitter(Emitter):
    language = "scala"
    naming = "camel"
    reserved = KEYWORDS
    none_word = "None"
    records = True

    def unsupported(self, p: Problem) -> str | None:
        for name in p.records:
            if name in SHADOWING or name in KEYWORDS or name.startswith("Tuple") or name == self.function_name(p):
                return f"a record class named {name} would shadow a Scala type"
        return None

    def escape(self, ident: str) -> str:
        return f"`{ident}`" if ident in self.reserved else ident

    def function_name(self, p: Problem) -> str:
        return self.name(p.entry_point)

    # ---- types -----------------------------------------------------------------------------------
    def sc_type(self, t: Type) -> str:
        k = t.kind
        if k in SCALAR:
            return SCALAR[k]
        if k == "optional":
            return f"Option[{self.sc_type(t.elem)}]"
        if k == "list":
            return f"List[{self.sc_type(t.elem)}]"
        if k == "set":
            return f"Set[{self.sc_type(t.elem)}]"
        if k == "dict":
            return f"Map[{self.sc_type(t.args[0])}, {self.sc_type(t.args[1])}]"
        if k == "tuple":
            if not t.args:
                return "EmptyTuple"
            if len(t.args) == 1:
                return f"Tuple1[{self.sc_type(t.args[0])}]"
            return "(" + ", ".join(self.sc_type(a) for a in t.args) + ")"
        if k == "record":
            return str(t.name)
        raise ValueError(f"scala: no type for {t}")

    # ---- literals --------------------------------------------------------------------------------
    def lit_none(self, t: Type) -> str:
        return "None"

    def lit_some(self, v: Any, t: Type) -> str:
        return f"Some({self.literal(v, t)})"

    def lit_int(self, v: int, t: Type) -> str:
        if t.kind == "bigint" or not -2**63 <= v < 2**63:
            return f"BigInt({v})" if -2**31 <= v < 2**31 else f'BigInt("{v}")'
        if t.kind == "long" or not -2**31 <= v < 2**31:
            return f"{v}L"
        return str(v)

    def lit_float(self, v: float) -> str:
        if v != v:
            return "Double.NaN"
        if v in (float("inf"), float("-inf")):
            return "Double.PositiveInfinity" if v > 0 else "Double.NegativeInfinity"
        return float_repr(v)

    def lit_str(self, v: str) -> str:
        return c_string(v)

    # Type arguments are spelled only for elements of type Any: in an Any position there is no
    # expected type, and the least upper bound of e.g. a Set and a Map defeats the compiler.
    def targs(self, t: Type) -> str:
        return "[" + ", ".join(self.sc_type(a) for a in t.args) + "]" if t.contains("any") else ""

    def lit_list(self, items: list[str], t: Type) -> str:
        return f"List{self.targs(t)}({', '.join(items)})"

    def lit_set(self, items: list[str], t: Type) -> str:
        return f"Set{self.targs(t)}({', '.join(items)})"

    def lit_dict(self, items: list[tuple[str, str]], t: Type) -> str:
        return f"Map{self.targs(t)}(" + ", ".join(f"{k} -> {v}" for k, v in items) + ")"

    def lit_record(self, value: Record, t: Type) -> str:
        return f"{value.name}({', '.join(self.literal(v, ft) for _, v, ft in self.record_fields(value))})"

    def lit_tuple(self, items: list[str], t: Type) -> str:
        if not items:
            return "EmptyTuple"
        if len(items) == 1:
            return f"Tuple1({items[0]})"
        return "(" + ", ".join(items) + ")"

    # ---- the four texts --------------------------------------------------------------------------
    def header(self, p: Problem) -> str:
        classes = "".join(self.record_class(p, name) + "\n" for name in self.record_order(p))
        return IMPORTS + "\n" + classes + "object Main {\n"

    def record_class(self, p: Problem, name: str) -> str:
        fields = ", ".join(f"{self.field_name(f.name)}: {self.sc_type(f.type)}" for f in p.records[name])
        return f"case class {name}({fields})\n"

    def record_eq(self, p: Problem) -> str:
        out = ""
        for name, fields in p.records.items():
            names = [self.field_name(f.name) for f in fields]
            same = " && ".join(f"mbxpEq(x.{n}, y.{n})" for n in names) or "true"
            out += f"    case (x: {name}, y: {name}) => {same}\n"
        return out

    def signature(self, p: Problem) -> str:
        params = ", ".join(f"{self.name(prm.name)} : {self.sc_type(prm.type)}" for prm in p.params)
        return f"def {self.function_name(p)}({params}) : {self.sc_type(p.returns)}"

    def prompt(self, p: Problem) -> str:
        lines = self.describe(p).splitlines()
        for call, result in self.examples(p):
            lines += [f">>> {call}", result]
        # Scala comments nest: a "/*" or "*/" in the text would open or close one
        text = "\n".join(lines).replace("*/", "*\\/").replace("/*", "/\\*")
        doc = "\n".join(("   * " + ln).rstrip() for ln in text.splitlines())
        return f"{self.header(p)}  /**\n{doc}\n   */\n  {self.signature(p)} = {{\n"

    def test(self, p: Problem) -> str:
        ret = self.sc_type(p.returns)
        compare = "mbxpBag(got.asInstanceOf[Iterable[Any]], want.asInstanceOf[Iterable[Any]])" \
            if p.compare == "unordered" else "mbxpEq(got, want)"
        helpers = (HELPERS.replace("REL", repr(p.rel_tol)).replace("ABS", repr(p.abs_tol))
                   .replace("COMPARE", compare).replace("FAIL_MARKER", FAIL_MARKER)
                   .replace("FAIL_EXIT", str(FAIL_EXIT))
                   .replace("RECORD_EQ", self.record_eq(p)))  # last: record names are free text
        cases, calls = [], []
        for i, case in enumerate(p.tests):
            # one method per case: a JVM method holds at most 64 KB of bytecode
            args = ", ".join(self.literal(v, prm.type) for v, prm in zip(case.args, p.params))
            cases.append(f"\n  def mbxpCase{i}(): Unit = {{\n    val got: {ret} = Main.{self.function_name(p)}({args})\n"
                         f"    val want: {ret} = {self.literal(case.expected, p.returns)}\n"
                         f"    mbxpCheck({i}, got, want)\n  }}\n")
            calls.append(f"    mbxpCase{i}()\n")
        # The checks live in their own object: nothing the solution adds to Main can shadow them.
        return (f"}}\n\nobject MbxpTest {{{helpers}{''.join(cases)}\n  def main(args: Array[String]): Unit = {{\n"
                f"{''.join(calls)}    println(\"{PASS_MARKER}\")\n  }}\n}}\n")

    def oracle(self, p: Problem, results: list[Any]) -> str:
        cases = "".join(f"      case {i} => {self.literal(r, p.returns)}\n" for i, r in enumerate(results))
        return ('    val mbxpCall: Int = Integer.getInteger("mbxp.oracle.calls", 0)\n'
                '    System.setProperty("mbxp.oracle.calls", (mbxpCall + 1).toString)\n'
                f"    mbxpCall match {{\n{cases}"
                '      case _ => throw new IllegalStateException("mbxp oracle: unexpected call")\n'
                "    }\n  }\n")


EMITTER = ScalaEmitter()
