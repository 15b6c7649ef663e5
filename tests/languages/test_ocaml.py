import pytest

from mbxp.conversion.emitters.ocaml import EMITTER
from mbxp.conversion.ir import ANY, BIGINT, FLOAT, INT, Type

from .common import L, check_language, problem, verdicts

pytestmark = pytest.mark.lang


def test_ocaml_verdicts():
    check_language(
        "ocaml",
        correct="  a + b\n",
        syntax_error="  a +\n",
        infinite_loop="  let rec loop n = loop (n + 1) in\n  loop a\n",
        crash="  List.hd [] + a\n",
    )


SORT_MIXED = problem("sort_mixed", [("xs", L(ANY))], L(ANY),
                     [(([19, "red", 12, "green", 1],), [1, 12, 19, "green", "red"])])
DISTINCT = problem("distinct", [("xs", L(INT))], ANY, [(([3, 1, 3, 2],), {1, 2, 3}), (([],), [])])
FREQ = problem("freq", [("xs", L(ANY))], Type("dict", (ANY, INT)), [((["a", 1, "a"],), {"a": 2, 1: 1})])
HALF = problem("half", [("x", INT)], ANY, [((4,), 2), ((5,), 2.5)])
PAIR = problem("pair", [("a", INT)], ANY, [((1,), (1, "x"))])
FACT = problem("fact", [("n", INT)], BIGINT, [((25,), 15511210043330985984000000), ((3,), 6)])
IS_INT = problem("is_int", [("x", FLOAT)], Type("bool"), [((3,), True), ((3.0,), False), ((2.5,), False)])


def test_ocaml_value_and_bigint_solutions():
    assert "type value" in EMITTER.prompt(SORT_MIXED) and "type value" not in EMITTER.prompt(FACT)
    # Python told 3 from 3.0, so the float parameter becomes a value
    assert "(x : value)" in EMITTER.prompt(IS_INT) and EMITTER.unsupported(IS_INT) is None
    cases = [
        # option's None keeps its meaning next to `value` (whose none is Null)
        (SORT_MIXED, "  let ints = List.sort compare (List.filter_map (function Int i -> Some i | _ -> None) xs) in\n"
                     "  let strs = List.sort compare (List.filter_map (function Str s -> Some s | _ -> None) xs) in\n"
                     "  List.map (fun i -> Int i) ints @ List.map (fun s -> Str s) strs\n", "passed"),
        (SORT_MIXED, "  xs\n", "failed"),
        # sets are order-free; a set is not a list
        (DISTINCT, "  Set (List.rev_map (fun x -> Int x) (List.sort_uniq compare xs))\n", "failed"),
        (DISTINCT, "  if xs = [] then List [] else Set (List.rev_map (fun x -> Int x) (List.sort_uniq compare xs))\n",
         "passed"),
        # dicts are order-free
        (FREQ, "  [(Int 1, 1); (Str \"a\", 2)]\n", "passed"),
        (FREQ, "  [(Int 1, 1); (Str \"a\", 1)]\n", "failed"),
        # ints and floats compare as numbers, as in Python; strings and bools are not numbers
        (HALF, "  Float (float_of_int x /. 2.)\n", "passed"),
        (HALF, "  if x = 4 then Bool true else Float 2.5\n", "failed"),
        (HALF, "  Str (string_of_int x)\n", "failed"),
        # a tuple's tag is representation: the list with the same items passes
        (PAIR, "  List [Int a; Str \"x\"]\n", "passed"),
        (PAIR, "  Tuple [Int a; Str \"y\"]\n", "failed"),
        (FACT, "  let rec go k acc = if k > n then acc else go (k + 1) (Z.mul acc (Z.of_int k)) in\n  go 1 Z.one\n",
         "passed"),
        (FACT, "  Z.of_int (n * 2)\n", "failed"),
        (IS_INT, "  match x with Int _ -> true | _ -> false\n", "passed"),
        (IS_INT, "  match x with Float f -> Float.is_integer f | Int _ -> true | _ -> false\n", "failed"),
    ]
    got = verdicts("ocaml", [(p, c) for p, c, _ in cases], timeout=15.0)
    assert got == [want for _, _, want in cases]
