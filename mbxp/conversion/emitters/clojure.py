"""Clojure: `(defn kebab-name "docstring with >>> examples" [params]`.

Lists and tuples are vectors, dicts maps, sets `#{}`, None nil. The checker lives in its own
namespace (`mbxp-check`, created after the solution), so a solution redefining `=` or `count`
in `user` cannot change it. Comparison follows Python's `==`: a float on either side compares
numerically with tolerance (math.isclose), so 3/2 matches 1.5; any sequential result (vector,
list, lazy seq) matches an expected vector, maps match by key, sets order-free.

Records: each is a `defrecord` before the defn (`(defrecord Node [data left right])`, fields in
kebab case, optional ones nil), with a comment giving the fields' types; values are positional
constructor calls `(->Node 1 nil nil)`, `Complex` included (Clojure has no complex numbers). A
record is a map, so the checker compares it by key like any map: a plain map with the same keys
also matches, as in idiomatic Clojure. A record named like a java.lang class is dropped."""
from __future__ import annotations

from typing import Any

from ..ir import Problem, Record, Type
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, float_repr
from .elixir import has_special_float
from .racket import lisp_name

# Parameter names that would shadow a clojure.core function the body is likely to call.
RENAMED = {"str": "s", "string": "s", "list": "lst", "set": "st", "count": "cnt", "max": "mx",
           "min": "mn", "key": "k", "char": "ch", "num": "n", "first": "fst", "last": "lst-item"}
SHADOWING = frozenset("""repeat sort char compare count find first key last list max merge min num
remove replace sequence set str test map vector vec seq keys vals val range name type""".split())
SPECIAL = frozenset("def if do let quote var fn loop recur throw try catch finally new set! monitor-enter "
                    "monitor-exit".split())
# java.lang classes every namespace imports: a defrecord of that name fails to load.
JAVA_LANG = frozenset("""Object String Math System Integer Long Double Float Boolean Character Byte Short
Number Class Thread Runtime Process Exception Error Throwable Iterable Comparable Enum Void Record
StringBuilder Runnable Module Package Compiler""".split())

CHECKER = '''
(ns mbxp-check)
(defn close? [a b]
  (or (== a b)
      (let [x (double a) y (double b)]
        (<= (Math/abs (- x y)) (max (* REL (max (Math/abs x) (Math/abs y))) ABS)))))
(declare equal?)
(defn match-all [xs ys]
  (loop [xs (seq xs) left (vec ys)]
    (if-let [[x & more] xs]
      (if-let [i (first (keep-indexed (fn [i y] (when (equal? x y) i)) left))]
        (recur more (into (subvec left 0 i) (subvec left (inc i))))
        false)
      (empty? left))))
(defn equal? [a b]
  (cond
    (or (float? a) (float? b) (decimal? a) (decimal? b)) (and (number? a) (number? b) (close? a b))
    (sequential? a) (and (sequential? b)
                         (loop [xs (seq a) ys (seq b)]
                           (cond (and (nil? xs) (nil? ys)) true
                                 (or (nil? xs) (nil? ys)) false
                                 (equal? (first xs) (first ys)) (recur (next xs) (next ys))
                                 :else false)))
    (map? a) (and (map? b) (= (count a) (count b))
                  (every? (fn [[k v]] (some (fn [[k2 v2]] (and (equal? k k2) (equal? v v2))) b)) a))
    (set? a) (and (set? b) (match-all a b))
    :else (= a b)))
(defn check [i got expected unordered]
  (when-not (if unordered (and (sequential? got) (match-all (take (inc (count expected)) got) expected))
                (equal? got expected))
    (let [shown (binding [*print-length* 50 *print-level* 6] (pr-str got))]
      (binding [*out* *err*]
        (println (str "FAIL_MARKER: test " i " got " (subs shown 0 (min 200 (count shown)))))
        (flush)))
    (System/exit FAIL_EXIT)))
(defn done [] (println "PASS_MARKER") (flush))
(in-ns 'user)
'''


class ClojureEmitter(Emitter):
    language = "clojure"
    naming = "kebab"
    none_word = "nil"
    list_word = "vector"

    records = True

    def unsupported(self, p: Problem) -> str | None:
        for name in p.records:
            if name in JAVA_LANG:
                return f"a record named {name} would clash with java.lang.{name}"
        for case in p.tests:
            if has_special_float([case.args, case.expected]):
                return "inf/nan float: kept out so the literal syntax stays plain"
        return None

    def function_name(self, p: Problem) -> str:
        name = lisp_name(p.entry_point)
        return name + "*" if name in SPECIAL else name

    def params(self, p: Problem) -> list[str]:
        out: list[str] = []
        for prm in p.params:
            name = lisp_name(prm.name)
            if name in SHADOWING or name in SPECIAL:
                name = RENAMED.get(name, "the-" + name)
            base, k = name, 2
            while name in out:
                name, k = f"{base}{k}", k + 1
            out.append(name)
        return out

    def call(self, p: Problem, args: list[Any]) -> str:
        return "(" + " ".join([self.function_name(p)] + [self.literal(v, prm.type)
                                                         for v, prm in zip(args, p.params)]) + ")"

    def header(self, p: Problem) -> str:
        return "".join(self.record_decl(p, name) for name in self.record_order(p))

    def record_decl(self, p: Problem, name: str) -> str:
        fields = p.records[name]
        types = ", ".join(f"{self.field_name(f.name)}: {self.type_words(f.type)}" for f in fields)
        return f";; {types}\n(defrecord {name} [{' '.join(self.field_name(f.name) for f in fields)}])\n\n"

    def field_name(self, python_name: str) -> str:
        return lisp_name(python_name)

    def type_words(self, t: Type) -> str:
        """A field's type, for the comment above its defrecord."""
        k = t.kind
        simple = {"bool": "boolean", "int": "integer", "long": "integer", "bigint": "integer",
                  "float": "double", "str": "string", "none": "nil", "any": "any"}
        if k in simple:
            return simple[k]
        if k == "optional":
            return f"{self.type_words(t.elem)} or nil"
        if k == "record":
            return str(t.name)
        if k in ("list", "set"):
            return f"{'vector' if k == 'list' else 'set'} of {self.type_words(t.elem)}"
        if k == "tuple":
            return "[" + " ".join(self.type_words(a) for a in t.args) + "]"
        if k == "dict":
            return f"map of {self.type_words(t.args[0])} to {self.type_words(t.args[1])}"
        return "any"

    def prompt(self, p: Problem) -> str:
        lines = self.describe(p).splitlines()
        for case in p.examples:
            lines += [f">>> {self.call(p, case.args)}", self.literal(case.expected, p.returns)]
        doc = "\n".join(("  " + ln).rstrip() if i else ln for i, ln in enumerate(lines))
        doc = doc.replace("\\", "\\\\").replace('"', '\\"')
        return f'{self.header(p)}(defn {self.function_name(p)}\n  "{doc}"\n  [{" ".join(self.params(p))}]\n'

    def test(self, p: Problem) -> str:
        checker = (CHECKER.replace("FAIL_MARKER", FAIL_MARKER).replace("FAIL_EXIT", str(FAIL_EXIT))
                   .replace("PASS_MARKER", PASS_MARKER)
                   .replace("REL", float_repr(p.rel_tol)).replace("ABS", float_repr(p.abs_tol)))
        unordered = "true" if p.compare == "unordered" else "false"
        checks = [f"(mbxp-check/check {i} {self.call(p, c.args)} {self.literal(c.expected, p.returns)} {unordered})"
                  for i, c in enumerate(p.tests)]
        return "\n" + checker + "\n".join(checks) + "\n(mbxp-check/done)\n"

    def oracle(self, p: Problem, results: list[Any]) -> str:
        values = " ".join(self.literal(r, p.returns) for r in results)
        return ('  (let [i (Long/parseLong (System/getProperty "mbxp.oracle.calls" "0"))]\n'
                '    (System/setProperty "mbxp.oracle.calls" (str (inc i)))\n'
                f"    (nth [{values}] i)))\n")

    # ---- literals --------------------------------------------------------------------------------
    def lit_none(self, t: Type) -> str:
        return "nil"

    def lit_str(self, v: str) -> str:
        return clojure_string(v)

    def lit_list(self, items: list[str], t: Type) -> str:
        return "[" + " ".join(items) + "]"

    def lit_set(self, items: list[str], t: Type) -> str:
        return "#{" + " ".join(items) + "}"

    def lit_tuple(self, items: list[str], t: Type) -> str:
        return "[" + " ".join(items) + "]"

    def lit_dict(self, items: list[tuple[str, str]], t: Type) -> str:
        return "{" + ", ".join(f"{k} {v}" for k, v in items) + "}"

    def lit_record(self, value: Record, t: Type) -> str:
        return "(" + " ".join([f"->{value.name}"] + [self.literal(v, ft) for _, v, ft in self.record_fields(value)]) + ")"


def clojure_string(s: str) -> str:
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
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


EMITTER = ClojureEmitter()
