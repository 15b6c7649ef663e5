"""Racket: `#lang racket`, `;;` doc lines, then `(define (kebab-name params)`.

Values (as MultiPL-E): lists and tuples are lists, dicts immutable `equal?` hashes, sets
`(set ...)`, None is `#f`. Literals are quoted data (`'(1 2)`, `'#hash(("a" . 1))`), so a solution
that redefines `list` or `hash` cannot change the test's inputs; only a value holding a set needs
constructor calls, since sets have no reader syntax.

The checker lives in a submodule written in `racket/base`: it does not see the solution's
definitions, so a solution defining `sort` or `exit` cannot interfere. Comparison follows Python's
`==`: a float on either side compares numerically with tolerance (math.isclose), so 3/2 matches
1.5; otherwise lists must be lists, hashes hashes (by key), sets hash sets (order-free)."""
from __future__ import annotations

from typing import Any

from ..ir import Problem, Type
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, comment_lines, float_repr, sort_key_values, c_string, special_float
from .elixir import snake

# Parameter names that would shadow a `racket` binding the body is likely to call.
RENAMED = {"list": "lst", "string": "str", "set": "st", "vector": "vec", "hash": "ht"}
SHADOWING = frozenset("""list string set vector hash first last length max min count remove values
exp gcd lcm substring string-length bitwise-xor map filter sort append reverse range sqrt abs floor
round apply flatten member""".split())

CHECKER = r'''
(module mbxp-checker racket/base
  (require racket/set)
  (provide mbxp-check mbxp-done (rename-out [set mbxp-set]))
  (define (close? a b)
    (or (= a b)
        (let ([x (exact->inexact a)] [y (exact->inexact b)])
          (<= (abs (- x y)) (max (* REL (max (abs x) (abs y))) ABS)))))
  (define (any-set? x) (or (set? x) (set-mutable? x)))
  (define (match-all xs ys)
    (and (= (length xs) (length ys))
         (let loop ([xs xs] [left ys])
           (cond [(null? xs) #t]
                 [else (define y (findf (lambda (y) (mbxp-equal (car xs) y)) left))
                       (and y (loop (cdr xs) (remq y left)))]))))
  (define (mbxp-equal a b)
    (cond
      [(or (and (real? a) (inexact? a)) (and (real? b) (inexact? b)))
       (and (real? a) (real? b) (close? a b))]
      [(list? a) (and (list? b) (= (length a) (length b)) (andmap mbxp-equal a b))]
      [(hash? a)
       (and (hash? b) (= (hash-count a) (hash-count b))
            (let ([pairs (hash->list b)])
              (for/and ([(k v) (in-hash a)])
                (define m (findf (lambda (kv) (mbxp-equal k (car kv))) pairs))
                (and m (mbxp-equal v (cdr m))))))]
      [(any-set? a) (and (any-set? b) (match-all (set->list a) (set->list b)))]
      [else (equal? a b)]))
  (define (mbxp-check i got expected unordered?)
    (unless (if unordered?
                (and (list? got) (match-all got expected))
                (mbxp-equal got expected))
      (define shown (format "~s" got))
      (eprintf "FAIL_MARKER: test ~a got ~a\n" i
               (if (> (string-length shown) 200) (substring shown 0 200) shown))
      (exit FAIL_EXIT)))
  (define (mbxp-done)
    (displayln "PASS_MARKER")
    (flush-output)))
(require 'mbxp-checker)
'''


def lisp_name(python_name: str) -> str:
    """find_Max_Num -> find-max-num, smartNumber -> smart-number."""
    return snake(python_name).strip("_").replace("_", "-") or python_name


class RacketEmitter(Emitter):
    language = "racket"
    naming = "kebab"
    none_word = "#f"

    def function_name(self, p: Problem) -> str:
        return lisp_name(p.entry_point)

    def params(self, p: Problem) -> list[str]:
        out: list[str] = []
        for prm in p.params:
            name = lisp_name(prm.name)
            if name in SHADOWING:
                name = RENAMED.get(name, "the-" + name)
            base, k = name, 2
            while name in out:
                name, k = f"{base}{k}", k + 1
            out.append(name)
        return out

    def header(self, p: Problem) -> str:
        return "#lang racket\n\n"

    def call(self, p: Problem, args: list[Any], quoted: bool) -> str:
        rendered = [self.value(v, prm.type, quoted) for v, prm in zip(args, p.params)]
        return "(" + " ".join([self.function_name(p)] + rendered) + ")"

    def prompt(self, p: Problem) -> str:
        doc = [self.describe(p)]
        if p.examples:
            doc.append("Examples:")
        for case in p.examples:
            doc += [f">>> {self.call(p, case.args, False)}", self.value(case.expected, p.returns, False)]
        sig = "(" + " ".join([self.function_name(p)] + self.params(p)) + ")"
        return f"{self.header(p)}{comment_lines(chr(10).join(doc), ';; ')}\n(define {sig}\n"

    def test(self, p: Problem) -> str:
        checker = (CHECKER.replace("FAIL_MARKER", FAIL_MARKER).replace("FAIL_EXIT", str(FAIL_EXIT))
                   .replace("PASS_MARKER", PASS_MARKER)
                   .replace("REL", float_repr(p.rel_tol)).replace("ABS", float_repr(p.abs_tol)))
        unordered = "#t" if p.compare == "unordered" else "#f"
        checks = [f"(mbxp-check {i} {self.call(p, c.args, True)} {self.value(c.expected, p.returns, True)} "
                  f"{unordered})" for i, c in enumerate(p.tests)]
        return "\n" + checker + "\n".join(checks) + "\n(mbxp-done)\n"

    def oracle(self, p: Problem, results: list[Any]) -> str:
        # A module-level counter cannot be defined from inside the body: keep it in the environment.
        values = " ".join(self.value(r, p.returns, False) for r in results)
        return ('  (let ([i (string->number (or (getenv "MBXP_ORACLE_CALLS") "0"))])\n'
                '    (putenv "MBXP_ORACLE_CALLS" (number->string (add1 i)))\n'
                f"    (vector-ref (vector {values}) i)))\n")

    # ---- literals --------------------------------------------------------------------------------
    def value(self, v: Any, t: Type, quoted: bool) -> str:
        """An expression for v: quoted data unless it holds a set. `quoted` (tests) names the set
        constructor through the checker, out of reach of the solution's definitions."""
        datum = self.datum(v, t)
        if datum is not None:
            return datum if is_self_quoting(datum) else "'" + datum
        return self.build(v, t, "mbxp-set" if quoted else "set")

    def datum(self, v: Any, t: Type) -> str | None:
        """v as a datum (the text inside a quote), or None when it holds a set."""
        k = t.kind
        if k == "any":
            from ..types import finish, infer
            return self.datum(v, finish(infer(v)))
        if v is None:
            return "#f"
        if k == "optional":
            return self.datum(v, t.elem)
        if k == "bool":
            return "#t" if v else "#f"
        if k in ("int", "long", "bigint"):
            return str(int(v))
        if k == "float":
            return racket_float(float(v))
        if k == "str":
            return racket_string(v)
        if k in ("list", "tuple"):
            types = t.args if k == "tuple" else [t.elem] * len(v)
            items = [self.datum(x, a) for x, a in zip(v, types)]
            return None if None in items else "(" + " ".join(items) + ")"
        if k == "dict":
            pairs = [(self.datum(a, t.args[0]), self.datum(b, t.args[1])) for a, b in v.items()]
            if any(a is None or b is None for a, b in pairs):
                return None
            return "#hash(" + " ".join(f"({a} . {b})" for a, b in pairs) + ")"
        if k == "set":
            return None
        raise ValueError(f"racket: cannot render {v!r} as {t}")

    def build(self, v: Any, t: Type, set_name: str) -> str:
        """v as constructor calls (only for values holding a set)."""
        datum = self.datum(v, t)
        if datum is not None:
            return datum if is_self_quoting(datum) else "'" + datum
        k = t.kind
        if k == "any":
            from ..types import finish, infer
            return self.build(v, finish(infer(v)), set_name)
        if k == "optional":
            return self.build(v, t.elem, set_name)
        if k in ("list", "tuple"):
            types = t.args if k == "tuple" else [t.elem] * len(v)
            return "(list " + " ".join(self.build(x, a, set_name) for x, a in zip(v, types)) + ")"
        if k == "dict":
            return "(hash " + " ".join(f"{self.build(a, t.args[0], set_name)} {self.build(b, t.args[1], set_name)}"
                                       for a, b in v.items()) + ")"
        if k == "set":
            return "(" + " ".join([set_name] + [self.build(x, t.elem, set_name) for x in sort_key_values(v)]) + ")"
        raise ValueError(f"racket: cannot render {v!r} as {t}")


def is_self_quoting(datum: str) -> bool:
    return not datum.startswith("(")



def racket_float(v: float) -> str:
    return special_float(v, "+nan.0", "+inf.0", "-inf.0")


def racket_string(s: str) -> str:
    return c_string(s)


EMITTER = RacketEmitter()
