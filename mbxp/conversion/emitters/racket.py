"""Racket: `#lang racket`, `;;` doc lines, then `(define (kebab-name params)`.

Values (as MultiPL-E): lists and tuples are lists, dicts immutable `equal?` hashes, sets
`(set ...)`, None is `#f`. Literals are quoted data (`'(1 2)`, `'#hash(("a" . 1))`), so a solution
that redefines `list` or `hash` cannot change the test's inputs; only a value holding a set needs
constructor calls, since sets have no reader syntax.

The checker lives in a submodule written in `racket/base`: it does not see the solution's
definitions, so a solution defining `sort` or `exit` cannot interfere. Comparison follows Python's
`==`: a float on either side compares numerically with tolerance (math.isclose), so 3/2 matches
1.5; otherwise lists must be lists, hashes hashes (by key), sets hash sets (order-free).

Records: each is a `#:transparent` struct in the header, named in kebab case (`node`, so a
solution writes `(node-left n)`), unless its predicate would shadow a racket one (`pair?`): then
the class name is kept (`Pair`, `Pair-a`). A comment above it gives each field's contract
(`left : (or/c node? #f)`, optional fields are `#f` as None is). Values are constructor calls
`(node 1 #f #f)`; the checker compares transparent structs field by field (`struct->vector`).
The record `Complex` is Racket's own complex number (`0.0+1.0i`, `real-part`, `angle`,
`make-polar`), as Python's complex is for the reference; numbers compare part by part.
A parameter keeps its name when it matches a struct's (927's `node`): it shadows the constructor
only inside a body that reads the tree."""
from __future__ import annotations

from typing import Any

from ..ir import COMPLEX, Problem, Record, Type
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, comment_lines, float_repr, sort_key_values, c_string, special_float
from .elixir import snake

# Parameter names that would shadow a `racket` binding the body is likely to call.
RENAMED = {"list": "lst", "string": "str", "set": "st", "vector": "vec", "hash": "ht"}
SHADOWING = frozenset("""list string set vector hash first last length max min count remove values
exp gcd lcm substring string-length bitwise-xor map filter sort append reverse range sqrt abs floor
round apply flatten member""".split())
# Type names whose predicate `racket` binds: a struct so named would shadow it (`pair?`).
RACKET_TYPES = frozenset("""pair list vector box string hash set symbol keyword char number integer
real complex procedure void path port struct bytes exn thread channel mpair sequence stream dict
boolean empty null cons flonum fixnum date syntax object class""".split())

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
  (define (nonreal? x) (and (number? x) (not (real? x))))
  (define (mbxp-equal a b)
    (cond
      [(or (nonreal? a) (nonreal? b))
       (and (number? a) (number? b)
            (close? (real-part a) (real-part b)) (close? (imag-part a) (imag-part b)))]
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
      [(struct? a)   ; a transparent record: its type's name, then its fields
       (and (struct? b) (mbxp-equal (vector->list (struct->vector a)) (vector->list (struct->vector b))))]
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
    records = True

    def unsupported(self, p: Problem) -> str | None:
        defined = {self.function_name(p)}
        for name in p.records:
            if is_complex(name, p):
                continue
            s = self.struct_name(name)
            names = [s, s + "?", "struct:" + s] + [f"{s}-{self.field_name(f.name)}" for f in p.records[name]]
            if defined & set(names):
                return f"the struct {s} would define a name twice"
            defined |= set(names)
        return None

    def field_name(self, python_name: str) -> str:
        return lisp_name(python_name)

    def struct_name(self, name: str) -> str:
        kebab = lisp_name(name)
        return name if kebab in RACKET_TYPES or kebab in SHADOWING else kebab

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
        structs = "".join(self.struct_decl(p, name) for name in self.record_order(p) if not is_complex(name, p))
        return "#lang racket\n\n" + structs

    def struct_decl(self, p: Problem, name: str) -> str:
        s, fields = self.struct_name(name), p.records[name]
        contracts = ", ".join(f"{self.field_name(f.name)} : {self.contract(f.type)}" for f in fields)
        names = " ".join(self.field_name(f.name) for f in fields)
        return f";; {contracts}\n(struct {s} ({names}) #:transparent)\n\n"

    def contract(self, t: Type) -> str:
        """A field's type as a Racket contract, for the comment above its struct."""
        k = t.kind
        simple = {"bool": "boolean?", "int": "exact-integer?", "long": "exact-integer?",
                  "bigint": "exact-integer?", "float": "real?", "str": "string?", "none": "#f", "any": "any/c"}
        if k in simple:
            return simple[k]
        if k == "optional":
            return f"(or/c {self.contract(t.elem)} #f)"
        if k == "record":
            return "complex?" if t.name == COMPLEX else self.struct_name(str(t.name)) + "?"
        if k == "list":
            return f"(listof {self.contract(t.elem)})"
        if k == "set":
            return f"(set/c {self.contract(t.elem)})"
        if k == "tuple":
            return "(list/c " + " ".join(self.contract(a) for a in t.args) + ")"
        if k == "dict":
            return f"(hash/c {self.contract(t.args[0])} {self.contract(t.args[1])})"
        return "any/c"

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
        if k == "record":
            return racket_complex(v) if is_complex_value(v) else None
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
        if k == "record":
            return "(" + " ".join([self.struct_name(v.name)] + [self.build(x, ft, set_name)
                                                              for _, x, ft in self.record_fields(v)]) + ")"
        raise ValueError(f"racket: cannot render {v!r} as {t}")


    def lit_record(self, value: Record, t: Type) -> str:
        return self.value(value, t, False)


def is_complex(name: str, p: Problem) -> bool:
    return name == COMPLEX


def is_complex_value(v: Record) -> bool:
    return v.name == COMPLEX


def racket_complex(v: Record) -> str:
    """`-2.0+2.4e-16i`: the imaginary part carries its sign (+nan.0 and +inf.0 already do)."""
    re_, im = racket_float(float(v.fields["real"])), racket_float(float(v.fields["imag"]))
    return f"{re_}{'' if im[0] in '+-' else '+'}{im}i"


def is_self_quoting(datum: str) -> bool:
    return not datum.startswith("(")



def racket_float(v: float) -> str:
    return special_float(v, "+nan.0", "+inf.0", "-inf.0")


def racket_string(s: str) -> str:
    return c_string(s)


EMITTER = RacketEmitter()
