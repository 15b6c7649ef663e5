"""OCaml 4.13: one native program (ocamlopt) holding the solution and a `let () = ...` harness.

The prompt follows MultiPL-E's OCaml style: a `(** ... *)` doc comment with `>>> call` examples in
OCaml syntax, then `let snake_name (a : int) (b : string) : int =`; the completion is the indented
body, which ends at the next top-level item.

Types: int and long -> int (63 bits: problems holding an integer of 2**62 or more are dropped, and
bigint is dropped), float -> float, str -> string (problems with non-ASCII text are dropped: OCaml
strings are bytes, so length, indexing and reversal would not mean what Python's do), bool ->
bool, list -> 'a list, tuple -> (a * b), dict -> (k * v) list (an association list, compared by
key), set -> 'a list (literals sorted and distinct; compared after List.sort_uniq), optional ->
'a option, none -> unit. `any` (mixed-type values) has no OCaml type and is dropped.

Comparison is built per type from small combinators (mbxp_feq for floats with math.isclose
semantics, mbxp_list_eq, mbxp_assoc_eq...), all qualified with Stdlib so a solution named
`compare` or `max` does not break the harness. The oracle matches the inputs
(`if Stdlib.compare (a, b) (1, 2) = 0 then ... else if ...`): OCaml bodies have no static state.
"""
from __future__ import annotations

import re
from typing import Any

from ..ir import Problem, Type
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, sort_key_values, c_string, leaves, special_float

KEYWORDS = frozenset("""and as assert asr begin class constraint do done downto else end exception
external false for fun function functor if in include inherit initializer land lazy let lor lsl lsr
lxor match method mod module mutable new nonrec object of open or private rec sig struct then to true
try type val virtual when while with""".split())

INT63 = 2**62
HEADER = ""

HARNESS = r'''
let mbxp_feq (a : float) (b : float) : bool =
  a = b || Stdlib.abs_float (a -. b) <= Stdlib.max (REL *. Stdlib.max (Stdlib.abs_float a) (Stdlib.abs_float b)) ABS

let rec mbxp_list_eq eq a b =
  match a, b with
  | [], [] -> true
  | x :: xs, y :: ys -> eq x y && mbxp_list_eq eq xs ys
  | _ -> false

let mbxp_opt_eq eq a b =
  match a, b with
  | None, None -> true
  | Some x, Some y -> eq x y
  | _ -> false

let mbxp_assoc_eq veq a b =
  let has x y = Stdlib.List.for_all (fun (k, v) ->
      match Stdlib.List.find_opt (fun (k2, _) -> Stdlib.compare k k2 = 0) y with
      | Some (_, v2) -> veq v v2
      | None -> false) x in
  Stdlib.List.length a = Stdlib.List.length b && has a b && has b a

let mbxp_set_eq eq a b =
  mbxp_list_eq eq (Stdlib.List.sort_uniq Stdlib.compare a) (Stdlib.List.sort_uniq Stdlib.compare b)

(* the top-level lists as multisets *)
let mbxp_unordered_eq eq got want =
  let got = Stdlib.Array.of_list got in
  let used = Stdlib.Array.make (Stdlib.Array.length got) false in
  Stdlib.Array.length got = Stdlib.List.length want &&
  Stdlib.List.for_all (fun w ->
      let rec find k =
        if k >= Stdlib.Array.length got then false
        else if not used.(k) && eq got.(k) w then (used.(k) <- true; true)
        else find (k + 1) in
      find 0) want

let mbxp_check (i : int) (ok : bool) : unit =
  if not ok then begin
    Stdlib.prerr_endline ("MARKER: test " ^ Stdlib.string_of_int i);
    Stdlib.exit FAIL
  end
'''


class OCamlEmitter(Emitter):
    language = "ocaml"
    naming = "snake"
    reserved = KEYWORDS
    none_word = "None"

    def name(self, python_name: str) -> str:
        out = python_name
        if out[:1].isupper():
            out = out[:1].lower() + out[1:]
        return self.escape(out)

    def describe(self, p: Problem) -> str:
        text = re.sub(rf"\b{re.escape(p.entry_point)}(?=\()", self.function_name(p), super().describe(p))
        text = re.sub(r"\b([Aa]) OCaml\b", r"\1n OCaml", text)
        return comment_safe(text)

    # ---- types -------------------------------------------------------------------------------
    def unsupported(self, p: Problem) -> str | None:
        types = [prm.type for prm in p.params] + [p.returns]
        if any(t.contains("any") for t in types):
            return "mixed-type values (no top type in OCaml)"
        if any(t.contains("bigint") for t in types):
            return "an integer beyond 64 bits (bigint; OCaml's int has 63 bits)"
        try:
            for t in types:
                self.mltype(t)
        except ValueError as e:
            return str(e)
        values = [v for c in p.tests + p.examples for v in [*c.args, c.expected]]
        if any(abs(x) >= INT63 for x in leaves(values, lambda v: isinstance(v, int) and not isinstance(v, bool))):
            return "an integer beyond OCaml's 63-bit int"
        if any(any(ord(ch) > 127 for ch in s) for s in leaves(values, lambda v: isinstance(v, str))):
            return "non-ASCII text (OCaml strings are bytes)"
        if any(x != x for x in leaves(values, lambda v: isinstance(v, float))):
            return "a NaN value"
        seen: dict[tuple, str] = {}
        for c in p.tests:
            key = tuple(self.literal(v, prm.type) for v, prm in zip(c.args, p.params))
            if seen.setdefault(key, self.literal(c.expected, p.returns)) != self.literal(c.expected, p.returns):
                return "tests whose inputs become equal in OCaml but whose results differ (Python told int from float)"
        return None

    def mltype(self, t: Type) -> str:
        k = t.kind
        simple = {"bool": "bool", "int": "int", "long": "int", "float": "float", "str": "string", "none": "unit"}
        if k in simple:
            return simple[k]
        if k in ("list", "set"):
            return f"{self.mltype(t.elem)} list"
        if k == "optional":
            return f"{self.mltype(t.elem)} option"
        if k == "dict":
            return f"({self.mltype(t.args[0])} * {self.mltype(t.args[1])}) list"
        if k == "tuple":
            if not t.args:
                return "unit"
            if len(t.args) == 1:
                return self.mltype(t.args[0])
            return "(" + " * ".join(self.mltype(a) for a in t.args) + ")"
        raise ValueError(f"type {t} has no OCaml counterpart")

    def eq(self, t: Type) -> str:
        """An OCaml expression of type t -> t -> bool."""
        k = t.kind
        if k == "float":
            return "mbxp_feq"
        if not any(t.contains(x) for x in ("float", "set", "dict")):
            return "(fun x y -> Stdlib.compare x y = 0)"
        if k == "list":
            return f"(mbxp_list_eq {self.eq(t.elem)})"
        if k == "set":
            return f"(mbxp_set_eq {self.eq(t.elem)})"
        if k == "optional":
            return f"(mbxp_opt_eq {self.eq(t.elem)})"
        if k == "dict":
            return f"(mbxp_assoc_eq {self.eq(t.args[1])})"
        if k == "tuple":
            if len(t.args) == 1:
                return self.eq(t.args[0])
            xs = ", ".join(f"x{i}" for i in range(len(t.args)))
            ys = ", ".join(f"y{i}" for i in range(len(t.args)))
            parts = " && ".join(f"{self.eq(a)} x{i} y{i}" for i, a in enumerate(t.args))
            return f"(fun ({xs}) ({ys}) -> {parts})"
        return "(fun x y -> Stdlib.compare x y = 0)"

    # ---- literals ----------------------------------------------------------------------------
    def literal(self, v: Any, t: Type) -> str:
        k = t.kind
        if k == "optional":
            return "None" if v is None else f"Some {self.arg(v, t.elem)}"
        if k == "none":
            return "()"
        if k == "bool":
            return "true" if v else "false"
        if k in ("int", "long"):
            return str(int(v))
        if k == "float":
            return ml_float(float(v))
        if k == "str":
            return ml_string(v)
        if k == "list":
            return "[" + "; ".join(self.literal(x, t.elem) for x in v) + "]"
        if k == "set":
            return "[" + "; ".join(self.literal(x, t.elem) for x in sort_key_values(v)) + "]"
        if k == "tuple":
            if not t.args:
                return "()"
            if len(t.args) == 1:
                return self.literal(v[0], t.args[0])
            return "(" + ", ".join(self.literal(x, a) for x, a in zip(v, t.args)) + ")"
        if k == "dict":
            return "[" + "; ".join(f"({self.literal(a, t.args[0])}, {self.literal(b, t.args[1])})"
                                   for a, b in v.items()) + "]"
        raise ValueError(f"cannot render {v!r} as {t}")

    def arg(self, v: Any, t: Type) -> str:
        """A literal in argument position: negative numbers and constructor applications parenthesised."""
        text = self.literal(v, t)
        return f"({text})" if text.startswith("-") or text.startswith("Some ") or text.startswith("Float.") else text

    def call(self, p: Problem, args: list[Any]) -> str:
        if not p.params:
            return f"{self.function_name(p)} ()"
        return " ".join([self.function_name(p)] + [self.arg(v, prm.type) for v, prm in zip(args, p.params)])

    def examples(self, p: Problem) -> list[tuple[str, str]]:
        return [(self.call(p, c.args), self.literal(c.expected, p.returns)) for c in p.examples]

    # ---- the texts ---------------------------------------------------------------------------
    def header(self, p: Problem) -> str:
        return HEADER

    def param_names(self, p: Problem) -> list[str]:
        names: list[str] = []
        for prm in p.params:
            n = self.name(prm.name)
            while n in names:
                n += "'"
            names.append(n)
        return names

    def prompt(self, p: Problem) -> str:
        lines = self.describe(p).splitlines()
        for call, result in self.examples(p):
            lines += [f">>> {call}", result]
        lines = lines or [""]
        body = "\n".join((" * " + ln if ln.strip() else " *").rstrip() for ln in lines[1:])
        doc = "(** " + lines[0] + ("\n" + body if body else "") + "\n*)\n"
        doc = doc.replace("\n *\n*)", "\n*)")
        if p.params:
            params = " ".join(f"({n} : {self.mltype(prm.type)})" for n, prm in zip(self.param_names(p), p.params))
        else:
            params = "()"
        return HEADER + doc + f"let {self.function_name(p)} {params} : {self.mltype(p.returns)} =\n"

    def test(self, p: Problem) -> str:
        eq = self.eq(p.returns)
        if p.compare == "unordered" and p.returns.kind == "list":
            eq = f"(mbxp_unordered_eq {self.eq(p.returns.elem)})"
        lines = []
        for i, case in enumerate(p.tests):
            lines.append(f"  mbxp_check {i} ({eq} ({self.call(p, case.args)}) "
                         f"({self.literal(case.expected, p.returns)}));\n")
        harness = (HARNESS.replace("REL", ml_float(p.rel_tol)).replace("ABS", ml_float(p.abs_tol))
                   .replace("MARKER", FAIL_MARKER).replace("exit FAIL", f"exit {FAIL_EXIT}"))
        return ("\n" + harness + "\nlet () =\n" + "".join(lines)
                + f"  Stdlib.print_endline \"{PASS_MARKER}\";\n  Stdlib.exit 0\n")

    def oracle(self, p: Problem, results: list[Any]) -> str:
        names = self.param_names(p)
        ret = self.mltype(p.returns)
        if not names:
            return f"  ({self.literal(results[0], p.returns)} : {ret})\n"
        inputs = "(" + ", ".join(names) + ")" if len(names) > 1 else names[0]
        lines = [f"  let mbxp_args = {inputs} in\n"]
        seen = set()
        for case, r in zip(p.tests, results):
            key = tuple(self.literal(v, prm.type) for v, prm in zip(case.args, p.params))
            if key in seen:
                continue
            seen.add(key)
            pattern = "(" + ", ".join(key) + ")" if len(key) > 1 else key[0]
            lines.append(f"  if Stdlib.compare mbxp_args ({pattern}) = 0 then ({self.literal(r, p.returns)} : {ret})\n  else")
        lines.append(" Stdlib.failwith \"mbxp oracle: unexpected input\"\n")
        lines[2:] = [" " + ln.lstrip() if ln.startswith("  if") else ln for ln in lines[2:]]
        return "".join(lines)


def comment_safe(text: str) -> str:
    """Text that cannot end or unbalance an OCaml comment: the lexer reads string literals and
    nested comments inside comments, so `*)`, `(*` and a lone `"` are defused."""
    text = text.replace("*)", "* )").replace("(*", "( *").replace("{|", "{ |")
    if text.count('"') % 2 or "\\" in text:
        text = text.replace('"', "'")
    return text






def ml_float(v: float) -> str:
    return special_float(v, "Float.nan", "Float.infinity", "Float.neg_infinity")


def ml_string(s: str) -> str:
    return c_string(s, control=lambda o: f"\\{o:03d}")


EMITTER = OCamlEmitter()
