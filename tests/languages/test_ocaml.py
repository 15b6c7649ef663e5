import pytest

from mbxp.conversion.emitters.ocaml import EMITTER
from mbxp.conversion.ir import ANY, BIGINT, FLOAT, INT, Type

from .common import ADD, mbpp, L, check_language, judge_sources_both, problem, program_with, verdicts

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


def test_ocaml_records_take_ordinary_solutions():
    """Node trees and Pair lists as OCaml records, complex numbers as the standard Complex.t."""
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    assert EMITTER.prompt(p927).startswith("type node = { data : int; left : node option; right : node option }\n")
    assert "(b : Complex.t)" in EMITTER.prompt(p124)
    height = "  let rec h = function None -> 0 | Some n -> 1 + max (h n.left) (h n.right) in\n  h (Some node)\n"
    balanced = ("  let rec height = function\n    | None -> 0\n    | Some n ->\n"
                "      let l = height n.left and r = height n.right in\n"
                "      if l < 0 || r < 0 || abs (l - r) > 1 then -1 else 1 + max l r in\n"
                "  height (Some root) >= 0\n")
    chain = ("  let ps = Array.of_list arr in\n  let best = Array.make n 1 in\n"
             "  for i = 1 to n - 1 do\n    for j = 0 to i - 1 do\n"
             "      if ps.(i).a > ps.(j).b then best.(i) <- max best.(i) (best.(j) + 1)\n    done\n  done;\n"
             "  Array.fold_left max 0 best\n")
    polar = ("  let z = { Complex.re = float_of_int x; im = float_of_int y } in\n"
             "  ((Complex.norm z, Complex.arg z), Complex.polar 2.0 Float.pi)\n")
    got = verdicts("ocaml", [
        (p927, height), (p367, balanced), (p601, chain),
        (p124, "  Complex.arg (Complex.add { Complex.re = float_of_int a; im = 0.0 } b)\n"), (p590, polar),
        (p927, height.replace("1 +", "2 +")),
        (p590, polar.replace("Float.pi)", "(Float.pi /. 2.))")),
    ], timeout=15.0)
    assert got == ["passed"] * 5 + ["failed"] * 2, got


def test_ocaml_merged_batch_matches_programs_alone():
    """One batch linked into one binary (each program a generative functor) against each program
    compiled alone: same verdicts, and compile errors exactly as alone."""
    def program(body, before="", after=""):
        return program_with("ocaml", ADD, body, before, after)

    sources = [
        program("  a + b\n"),
        program("  a - b\n"),
        program("  a +. b\n"),                                               # type error
        program("  a + b\n", after="let r = ref []\n"),                      # weak type variable
        program("  a + (helper b)\n", before="let helper x = x\n"),
        program("  if a >= 0 then failwith \"boom\" else a + b\n"),         # uncaught exception
        program("  a + b\n", after='let () = print_string Sys.argv.(0); print_string " "\n'),
        program("  a + b\n", after="let () = print_string __MODULE__\n"),   # compiles alone
        program("  a + b\n", after="exception Mine of int\nlet () = if a_global then raise (Mine 1)\n"),
        program("  let rec deep n = if n = 0 then 0 else 1 + deep (n - 1) in a + b + deep 100000 - 100000\n"),
        program("  a + b\n", after="let () = exit 0\n"),                    # exits before the tests
        # closes the merge's struct: its code would run first in every program of the batch
        program('  a + b end let () = (print_endline "MBXP_ALL_PASSED"; exit 0) let add_nums a b = a + b'
                ' module Z = struct\n'),
    ]
    merged, alone = judge_sources_both("ocaml", sources)
    assert [o.verdict for _, o in merged] == [o.verdict for _, o in alone]
    assert [o.verdict for _, o in merged] == ["passed", "failed", "compile_error", "compile_error", "passed",
                                              "runtime_error", "passed", "passed", "compile_error", "passed",
                                              "runtime_error", "compile_error"]
    assert [j.extra.get("ocaml_program") is not None for j, _ in merged] == [
        True, True, False, False, True, True, True, False, False, True, True, False]
    for i in (2, 3, 8):
        assert merged[i][1].stderr == alone[i][1].stderr
    assert "./main " in merged[6][1].stdout and "Main" in merged[7][1].stdout
