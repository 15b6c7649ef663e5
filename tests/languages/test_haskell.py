import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import ANY, FLOAT, INT, STR, Type

from .common import mbpp, ADD, L, check_language, problem, verdicts

pytestmark = pytest.mark.lang


def test_haskell_verdicts():
    check_language(
        "haskell",
        correct="addNums a b = a + b\n",
        syntax_error="addNums a b = a +\n",
        infinite_loop="addNums a b = length [0 ..] + a + b\n",
        crash="addNums a b = head [] + a + b\n",
    )


SORT_MIXED = problem("sort_mixed_list", [("xs", L(ANY))], L(ANY),
                     [(([19, "red", 12, "green", 1],), [1, 12, 19, "green", "red"])])
COMPARE_ONE = problem("compare_one", [("a", ANY), ("b", ANY)], ANY,
                      [((1, 2.5), 2.5), ((1, "2,3"), "2,3"), (("1", 1), None), ((0.1, 0.30000000000000004), 0.3)])
HALVE = problem("halve", [("n", INT)], ANY, [((4,), 2.0), ((6,), (3, [1.5]))])
ANY_INT = problem("any_int", [("x", FLOAT), ("y", FLOAT), ("z", FLOAT)], Type("bool"),
                  [((3, 4, 7), True), ((3.0, 4, 7), False), ((2.5, 2, 3), False)])
PRICES = problem("prices", [("items", L(Type("dict", (STR, ANY))))], L(FLOAT),
                 [(([{"name": "a", "price": 1.5}, {"name": "b", "price": 2}],), [1.5, 2.0])])


def test_haskell_value_type():
    em = get_emitter("haskell")
    assert "data Value" not in em.prompt(ADD)
    assert "data Value" in em.header(SORT_MIXED) and "data Value" in em.prompt(SORT_MIXED)
    # Python told 3 from 3.0 here, so the float params become Values
    assert "anyInt :: Value -> Value -> Value -> Bool" in em.prompt(ANY_INT)
    assert em.unsupported(ANY_INT) is None
    num = ("  where num (VInt n) = fromIntegral n :: Double\n        num (VFloat x) = x\n"
           "        num (VStr s) = read (map (\\c -> if c == ',' then '.' else c) s)\n")
    got = verdicts("haskell", [
        (SORT_MIXED, "sortMixedList xs = sort xs\n"),
        (SORT_MIXED, "sortMixedList xs = reverse (sort xs)\n"),
        # floats within tolerance; an int result equals the float of the same value (Python 2 == 2.0)
        (COMPARE_ONE, "compareOne a b\n  | num a == num b = VNone\n  | num a > num b = a\n  | otherwise = b\n" + num),
        (HALVE, "halve n = if n == 4 then VInt 2 else VTuple [VInt 3, VList [VFloat 1.5]]\n"),
        # Python's (3, [1.5]) != [3, [1.5]]
        (HALVE, "halve n = if n == 4 then VInt 2 else VList [VInt 3, VList [VFloat 1.5]]\n"),
        (ANY_INT, "anyInt (VInt x) (VInt y) (VInt z) = x + y == z || x + z == y || y + z == x\nanyInt _ _ _ = False\n"),
        (PRICES, "prices items = [p | Just v <- map (Map.lookup \"price\") items, let p = case v of "
                 "{ VFloat f -> f; VInt i -> fromIntegral i; _ -> 0 }]\n"),
    ])
    assert got == ["passed", "failed", "passed", "passed", "failed", "passed", "passed"], got


def test_haskell_records_take_ordinary_solutions():
    """Node trees and Pair lists as data types with record syntax, complex numbers as Data.Complex."""
    em = get_emitter("haskell")
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    # `data` is a keyword, so that field takes the record's name as a prefix
    assert "data Node = Node { nodeData :: Int, left :: Maybe Node, right :: Maybe Node }\n" in em.prompt(p927)
    assert "import Data.Complex\n" in em.prompt(p124) and "import Data.Complex" not in em.prompt(p927)
    height = "maxHeight node = 1 + max (h (left node)) (h (right node))\n  where h = maybe 0 maxHeight\n"
    balanced = ("isTreeBalanced root = height (Just root) >= 0\n  where\n    height Nothing = 0\n"
                "    height (Just (Node _ l r))\n      | hl < 0 || hr < 0 || abs (hl - hr) > 1 = -1\n"
                "      | otherwise = 1 + max hl hr\n      where hl = height l\n            hr = height r\n")
    chain = ("maxChainLength arr n = maximum best\n  where\n    ps = take n arr\n"
             "    best = [1 + maximum (0 : [c | (q, c) <- zip ps (take i best), a p > b q]) | (i, p) <- zip [0 ..] ps]\n")
    polar = "polarRect x y = ((magnitude z, phase z), mkPolar 2 pi)\n  where z = fromIntegral x :+ fromIntegral y\n"
    got = verdicts("haskell", [
        (p927, height), (p367, balanced), (p601, chain),
        (p124, "angleComplex a b = phase (fromIntegral a + b)\n"), (p590, polar),
        (p927, height.replace("1 +", "2 +")),
        (p590, polar.replace("mkPolar 2 pi", "mkPolar 2 (pi / 2)")),
    ], timeout=20.0)
    assert got == ["passed"] * 5 + ["failed"] * 2, got


def _batch_jobs():
    from mbxp.conversion.rows import make_row
    from mbxp.runners.assemble import assemble
    from mbxp.runners.base import Job
    row = make_row(ADD, "haskell")
    completions = {
        "ok": "addNums a b = a + b\n",
        "wrong": "addNums a b = a - b\n",
        "broken": "addNums a b = a + undefinedName\n",
        # reads the name of its own module: GHC.Stack keeps it alone
        "guarded": "addNums a b = if null (prettyCallStack emptyCallStack) then a + b else 0\n",
        "crash": "addNums a b = head [] + a + b\n",
        "ok2": "addNums a b = sum [a, b]\n",
    }
    jobs = []
    for key, completion in completions.items():
        source = assemble(row, completion)
        if key == "guarded":
            source = source.replace("import qualified System.IO\n", "import qualified System.IO\nimport GHC.Stack\n")
        jobs.append(Job(key, "haskell", source))
    return jobs


@pytest.mark.slow
def test_haskell_merged_batch_matches_per_sample():
    """One ghc --make for the mergeable programs; a compile error stays its own; the guarded one
    compiles alone; verdicts equal the per-sample mode's (a ghc per program)."""
    from mbxp.runners.engine import Cache, judge
    jobs = _batch_jobs()
    batched = {j.key: (j, o) for j, o in judge(jobs, workers=1, timeout=20, cache=Cache())}
    single = {j.key: o.verdict for j, o in judge(_batch_jobs(), workers=1, timeout=20, cache=Cache(),
                                                     batching=False)}
    got = {k: o.verdict for k, (_, o) in batched.items()}
    assert got == single == {"ok": "passed", "wrong": "failed", "broken": "compile_error", "guarded": "passed",
                             "crash": "runtime_error", "ok2": "passed"}
    merged = {k for k, (j, _) in batched.items() if "hs_index" in j.extra}
    assert merged == {"ok", "wrong", "crash", "ok2"}
    assert batched["guarded"][0].extra["hs_alone"] == "module or call-stack introspection"
    err = batched["broken"][1].stderr
    assert "undefinedName" in err and err.startswith("Main.hs:") and "MbxpProg" not in err and "p2/" not in err
    assert all("undefinedName" not in o.stderr for k, (_, o) in batched.items() if k != "broken")


def test_haskell_merge_guard_and_messages():
    from mbxp.runners.specs.haskell import dispatcher, messages_by_program, why_alone
    plain = "import Data.List\nmain :: IO ()\nmain = print (sort [2, 1])\n"
    assert why_alone(plain) is None
    for text, why in [("{-# LANGUAGE TemplateHaskell #-}\n" + plain, "pragma"),
                      (plain + "foreign import ccall \"sin\" c_sin :: Double -> Double\n", "foreign declaration"),
                      ("module Main where\n" + plain, "module header"),
                      ("import Main\n" + plain, "the name Main or MbxpProg"),
                      ("import Control.Exception\n" + plain, "module or call-stack introspection")]:
        assert why_alone(text) == why, text
    assert 'MbxpProg3.main' in dispatcher([0, 3]) and 'withArgs []' in dispatcher([0, 3])
    stderr = ("p1/Main.hs:13:3: error: parse error on input ‘)’\n   |\n13 |   ) ) )\n   |   ^\n"
              "-fkeep-going in use, removing the following dependencies and continuing:\n      Main\n\n"
              "p4/Main.hs:2:17: error:\n    • No instance for (Num String)\n")
    got = messages_by_program(stderr)
    assert set(got) == {1, 4} and "13 |   ) ) )" in got[1] and "keep-going" not in got[1] + got[4]
