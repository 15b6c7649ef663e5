"""Haskell (GHC 9.0): one program, compiled with `ghc -O0`: the solution and a `main` harness.

The prompt imports Data.Char, Data.List, Data.Maybe (unqualified) and Data.Map / Data.Set
(qualified as Map and Set), plus System.Exit and System.IO qualified for the harness (imports must
precede everything). Then a `-- |` doc comment with `>>> call` examples in Haskell syntax and the
type signature `camelName :: Int -> String -> Int`; the completion writes the equations at
column 0, starting with the function name.

Types: int and long -> Int (64 bits), bigint -> Integer, float -> Double, str -> String, bool ->
Bool, list -> [a], tuple -> (a, b), dict -> Map.Map k v, set -> Set.Set a, optional -> Maybe a,
none -> (). NaN values are dropped.

`any` (Python values mixing ints, strings, floats, lists...) -> `Value`, a sum type declared in
the prompt's header (only in prompts that use it, after the imports, before the doc comment):
  data Value = VNone | VBool Bool | VInt Int | VFloat Double | VStr String | VList [Value]
             | VTuple [Value] | VSet (Set.Set Value) | VDict (Map.Map Value Value)
A literal takes the constructor of the Python value's own type (a tuple is a VTuple, a set a VSet).
VInt holds an Int and containers reuse Map/Set, like the rest of the mapping (ints beyond 64 bits
under `any` are dropped). The constructor order makes the derived Ord sort numbers before
strings, as sorting a mixed list does in these problems. The harness compares Values with
mbxpValueEq: floats within tolerance, an int equal to a float of the same value (Python's
1 == 1.0), sets and dicts by content; lists, tuples, bools and None exactly (Python's [1] != (1,),
and True is not 1 here).

A float parameter that tests call both with ints and floats whose results differ (HumanEval/92
any_int(3, 4, 7) is True, any_int(3.0, 4, 7) False) becomes a Value, so the inputs stay apart.

A function name that an unqualified import exports (sort, lookup, words...) would be ambiguous
in the harness, so it gets a trailing prime (`sort'`). Comparison is built per type from small
combinators (mbxpFeq with math.isclose semantics, mbxpListEq...); types without floats or Values
use (==) (Map and Set equality are by content). The oracle matches the inputs with guards.

Records (class instances): each is a `data` type with record syntax, declared in the header (after
the imports and Value, before the doc comment) so the declaration shows the fields and their types:
  data Node = Node { nodeData :: Int, left :: Maybe Node, right :: Maybe Node } deriving (Show, Eq, Ord)
Recursion is by name (optional fields are Maybe). Literals use the positional constructor
(`Node 1 Nothing Nothing`). A field keeps its plain name unless that would clash (a keyword, an
imported name, the function, a parameter, another record's field): then it is prefixed with the
record's name, Haskell's usual cure for the shared field namespace (`data` -> `nodeData`).
Python's complex (the record `Complex`) is base's Data.Complex (`Complex Double`, literal
`0.0 :+ 1.0`, imported only where used), whose phase/magnitude/mkPolar a Haskell solution would
reach for. The harness compares records field by field with a generated `mbxpEq<Name>` (floats
within tolerance), complex numbers part by part. A record named like a Prelude type is dropped.

Coverage: MBPP 973 kept (MBPP/533, dropped for every language: it passes a type), HumanEval 164, MathQA 1883.
"""
from __future__ import annotations

import re
from typing import Any

from ..ir import ANY, COMPLEX, INT64, Problem, Record, Type
from .base import (FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, sort_key_values, c_string, leaves, record_names,
                   special_float)

KEYWORDS = frozenset("""case class data default deriving do else foreign if import in infix infixl
infixr instance let module newtype of then type where forall mdo rec proc main""".split())

# lowercase names exported by Prelude, Data.List, Data.Char and Data.Maybe in base-4.15
IMPORTED = frozenset("""abs acos acosh all and any appendFile asTypeOf asin asinh atan atan2 atanh break catMaybes 
ceiling chr compare concat concatMap const cos cosh curry cycle decodeFloat delete deleteBy 
deleteFirstsBy digitToInt div divMod drop dropWhile dropWhileEnd either elem elemIndex 
elemIndices encodeFloat enumFrom enumFromThen enumFromThenTo enumFromTo error 
errorWithoutStackTrace even exp expm1 exponent fail filter find findIndex findIndices flip 
floatDigits floatRadix floatRange floor fmap fold foldMap foldMap' foldl foldl' foldl1 foldl1' 
foldr foldr' foldr1 fromEnum fromInteger fromIntegral fromJust fromMaybe fromRational fst gcd 
generalCategory genericDrop genericIndex genericLength genericReplicate genericSplitAt 
genericTake getChar getContents getLine group groupBy head id init inits insert insertBy 
intToDigit interact intercalate intersect intersectBy intersperse ioError isAlpha isAlphaNum 
isAscii isAsciiLower isAsciiUpper isControl isDenormalized isDigit isHexDigit isIEEE isInfinite 
isInfixOf isJust isLatin1 isLetter isLower isMark isNaN isNegativeZero isNothing isNumber 
isOctDigit isPrefixOf isPrint isPunctuation isSeparator isSpace isSubsequenceOf isSuffixOf 
isSymbol isUpper iterate iterate' last lcm length lex lexLitChar liftA2 lines listToMaybe log 
log1mexp log1p log1pexp logBase lookup map mapAccumL mapAccumR mapM mapM_ mapMaybe mappend max 
maxBound maximum maximumBy maybe maybeToList mconcat mempty min minBound minimum minimumBy mod 
negate not notElem nub nubBy null odd or ord otherwise partition permutations pi pred print 
product properFraction pure putChar putStr putStrLn quot quotRem read readFile readIO readList 
readListPrec readLitChar readLn readParen readPrec reads readsPrec realToFrac recip rem repeat 
replicate return reverse round scaleFloat scanl scanl' scanl1 scanr scanr1 sconcat seq sequence 
sequenceA sequence_ show showChar showList showLitChar showParen showString shows showsPrec 
significand signum sin singleton sinh snd sort sortBy sortOn span splitAt sqrt stimes 
stripPrefix subsequences subtract succ sum tail tails take takeWhile tan tanh toEnum toInteger 
toList toLower toRational toTitle toUpper transpose traverse truncate uncons uncurry undefined 
unfoldr union unionBy unlines until unwords unzip unzip3 unzip4 unzip5 unzip6 unzip7 userError 
words writeFile zip zip3 zip4 zip5 zip6 zip7 zipWith zipWith3 zipWith4 zipWith5 zipWith6 
zipWith7 """.split())

# what `import Data.Complex` adds, in prompts whose problem uses complex numbers
COMPLEX_NAMES = frozenset("realPart imagPart mkPolar cis polar magnitude phase conjugate".split())
# types and constructors the prompt and harness name: a record so named would shadow them
TAKEN = frozenset("""Bool Char Double Float Int Integer String Maybe Just Nothing Either Left Right Ordering LT EQ GT
IO Word Rational Value VNone VBool VInt VFloat VStr VList VTuple VSet VDict Map Set""".split())

HEADER = """import Data.Char
import Data.List
import Data.Maybe
import qualified Data.Map as Map
import qualified Data.Set as Set
import qualified System.Exit
import qualified System.IO

"""

VALUE_DECL = """data Value = VNone | VBool Bool | VInt Int | VFloat Double | VStr String | VList [Value]
           | VTuple [Value] | VSet (Set.Set Value) | VDict (Map.Map Value Value)
  deriving (Show, Eq, Ord)

"""

COMPLEX_EQ = """
mbxpComplexEq :: Complex Double -> Complex Double -> Bool
mbxpComplexEq (a :+ b) (c :+ d) = mbxpFeq a c && mbxpFeq b d
"""

VALUE_EQ = r'''
mbxpValueEq :: Value -> Value -> Bool
mbxpValueEq (VFloat a) (VFloat b) = mbxpFeq a b
mbxpValueEq (VInt a) (VFloat b) = mbxpFeq (Prelude.fromIntegral a) b
mbxpValueEq (VFloat a) (VInt b) = mbxpFeq a (Prelude.fromIntegral b)
mbxpValueEq (VList a) (VList b) = mbxpListEq mbxpValueEq a b
mbxpValueEq (VTuple a) (VTuple b) = mbxpListEq mbxpValueEq a b
mbxpValueEq (VDict a) (VDict b) = mbxpMapEq mbxpValueEq a b
mbxpValueEq a b = a == b
'''

HARNESS = r'''
mbxpFeq :: Double -> Double -> Bool
mbxpFeq a b = a == b || Prelude.abs (a - b) <= Prelude.max (REL * Prelude.max (Prelude.abs a) (Prelude.abs b)) ABS

mbxpListEq :: (a -> a -> Bool) -> [a] -> [a] -> Bool
mbxpListEq eq (x : xs) (y : ys) = eq x y && mbxpListEq eq xs ys
mbxpListEq _ [] [] = True
mbxpListEq _ _ _ = False

mbxpMaybeEq :: (a -> a -> Bool) -> Maybe a -> Maybe a -> Bool
mbxpMaybeEq eq (Just x) (Just y) = eq x y
mbxpMaybeEq _ Nothing Nothing = True
mbxpMaybeEq _ _ _ = False

mbxpMapEq :: Ord k => (v -> v -> Bool) -> Map.Map k v -> Map.Map k v -> Bool
mbxpMapEq eq a b = Map.keys a == Map.keys b && Prelude.and (Prelude.zipWith eq (Map.elems a) (Map.elems b))

-- the top-level lists as multisets
mbxpUnorderedEq :: (a -> a -> Bool) -> [a] -> [a] -> Bool
mbxpUnorderedEq eq got want = Prelude.length got == Prelude.length want && go got want
  where
    go _ [] = True
    go pool (w : ws) = case Prelude.break (\g -> eq g w) pool of
      (before, _ : after) -> go (before ++ after) ws
      _ -> False

mbxpCheck :: Int -> Bool -> IO ()
mbxpCheck i ok = if ok then Prelude.return () else do
  System.IO.hPutStrLn System.IO.stderr ("MARKER: test " ++ Prelude.show i)
  System.Exit.exitWith (System.Exit.ExitFailure FAIL)
'''


class HaskellEmitter(Emitter):
    language = "haskell"
    naming = "camel"
    reserved = KEYWORDS
    none_word = "Nothing"
    records = True

    def name(self, python_name: str) -> str:
        out = super().name(python_name)
        if out[:1].isupper():
            out = out[:1].lower() + out[1:]
        return out

    def function_name(self, p: Problem) -> str:
        n = self.name(p.entry_point)
        return n + "'" if n in IMPORTED or n in COMPLEX_NAMES and uses_complex(p) else n

    def describe(self, p: Problem) -> str:
        return re.sub(rf"\b{re.escape(p.entry_point)}(?=\()", self.function_name(p), super().describe(p))

    # ---- types -------------------------------------------------------------------------------
    def unsupported(self, p: Problem) -> str | None:
        for name, fields in p.records.items():
            if name in TAKEN:
                return f"a record named {name} would shadow a Haskell type"
        types = [prm.type for prm in p.params] + [p.returns] + [f.type for fs in p.records.values() for f in fs]
        try:
            for t in types:
                self.hstype(t)
        except ValueError as e:
            return str(e)
        values = [v for c in p.tests + p.examples for v in [*c.args, c.expected]]
        if any(x != x for x in leaves(values, lambda v: isinstance(v, float))):
            return "a NaN value"
        dynamic = [d for c in p.tests + p.examples
                   for v, t in zip([*c.args, c.expected], [*self.param_types(p), p.returns]) for d in dyn_values(v, t)]
        if any(abs(x) >= INT64 for x in leaves(dynamic, lambda v: isinstance(v, int) and not isinstance(v, bool))):
            return "an integer beyond 64 bits among mixed-type values"
        if self.collides(p, self.param_types(p)):
            return "tests whose inputs become equal in Haskell but whose results differ (Python told int from float)"
        return None

    def collides(self, p: Problem, types: list[Type]) -> bool:
        seen: dict[tuple, str] = {}
        for c in p.tests:
            key = tuple(self.literal(v, t) for v, t in zip(c.args, types))
            if seen.setdefault(key, self.literal(c.expected, p.returns)) != self.literal(c.expected, p.returns):
                return True
        return False

    def param_types(self, p: Problem) -> list[Type]:
        """The params' types, with float params turned into Values when Python told 3 from 3.0."""
        types = [prm.type for prm in p.params]
        mixed = any(t.kind == "float" and isinstance(c.args[i], int) and not isinstance(c.args[i], bool)
                    for c in p.tests for i, t in enumerate(types))
        if mixed and self.collides(p, types):
            promoted = [ANY if t.kind == "float" else t for t in types]
            if not self.collides(p, promoted):
                return promoted
        return types

    def uses_value(self, p: Problem) -> bool:
        fields = [f.type for fs in p.records.values() for f in fs]
        return any(t.contains("any") for t in [*self.param_types(p), p.returns, *fields])

    def hstype(self, t: Type, arg: bool = False) -> str:
        k = t.kind
        simple = {"bool": "Bool", "int": "Int", "long": "Int", "bigint": "Integer", "float": "Double",
                  "str": "String", "none": "()", "any": "Value"}
        if k in simple:
            return simple[k]
        if k == "list":
            return f"[{self.hstype(t.elem)}]"
        if k == "tuple":
            if not t.args:
                return "()"
            if len(t.args) == 1:
                return self.hstype(t.args[0], arg)
            if len(t.args) > 15:
                raise ValueError("a tuple of more than 15 elements (no Eq instance)")
            return "(" + ", ".join(self.hstype(a) for a in t.args) + ")"
        if k == "record" and t.name != COMPLEX:
            return str(t.name)
        if k == "record":
            out = "Complex Double"
        elif k == "optional":
            out = f"Maybe {self.hstype(t.elem, True)}"
        elif k in ("set", "dict") and COMPLEX in record_names(t.args[0]):
            raise ValueError("complex numbers in a set or as dict keys (Data.Complex has no Ord)")
        elif k == "set":
            out = f"Set.Set {self.hstype(t.elem, True)}"
        elif k == "dict":
            out = f"Map.Map {self.hstype(t.args[0], True)} {self.hstype(t.args[1], True)}"
        else:
            raise ValueError(f"type {t} has no Haskell counterpart")
        return f"({out})" if arg else out

    def eq(self, t: Type) -> str:
        """A Haskell expression of type t -> t -> Bool."""
        k = t.kind
        if not any(t.contains(x) for x in ("float", "any", "record")):
            return "(==)"
        if k == "float":
            return "mbxpFeq"
        if k == "record":
            return "mbxpComplexEq" if t.name == COMPLEX else f"mbxpEq{t.name}"
        if k == "any":
            return "mbxpValueEq"
        if k == "list":
            return f"(mbxpListEq {self.eq(t.elem)})"
        if k == "optional":
            return f"(mbxpMaybeEq {self.eq(t.elem)})"
        if k == "dict":
            return f"(mbxpMapEq {self.eq(t.args[1])})"
        if k == "tuple":
            if len(t.args) == 1:
                return self.eq(t.args[0])
            xs = ", ".join(f"x{i}" for i in range(len(t.args)))
            ys = ", ".join(f"y{i}" for i in range(len(t.args)))
            parts = " && ".join(f"{self.eq(a)} x{i} y{i}" for i, a in enumerate(t.args))
            return f"(\\({xs}) ({ys}) -> {parts})"
        return "(==)"  # sets (of floats): exact, like Python's set equality

    # ---- literals ----------------------------------------------------------------------------
    def literal(self, v: Any, t: Type) -> str:
        k = t.kind
        if k == "any":
            return value_literal(v)
        if k == "record":
            parts = [self.arg(x, ft) for _, x, ft in self.record_fields(v)]
            return " :+ ".join(parts) if v.name == COMPLEX else " ".join([v.name, *parts])
        if k == "optional":
            return "Nothing" if v is None else f"Just {self.arg(v, t.elem)}"
        if k == "none":
            return "()"
        if k == "bool":
            return "True" if v else "False"
        if k in ("int", "long", "bigint"):
            return str(int(v))
        if k == "float":
            return hs_float(float(v))
        if k == "str":
            return hs_string(v)
        if k == "list":
            return "[" + ", ".join(self.literal(x, t.elem) for x in v) + "]"
        if k == "set":
            items = [self.literal(x, t.elem) for x in sort_key_values(v)]
            return "Set.fromList [" + ", ".join(items) + "]" if items else "Set.empty"
        if k == "tuple":
            if not t.args:
                return "()"
            if len(t.args) == 1:
                return self.literal(v[0], t.args[0])
            return "(" + ", ".join(self.literal(x, a) for x, a in zip(v, t.args)) + ")"
        if k == "dict":
            items = [f"({self.literal(a, t.args[0])}, {self.literal(b, t.args[1])})" for a, b in v.items()]
            return "Map.fromList [" + ", ".join(items) + "]" if items else "Map.empty"
        raise ValueError(f"cannot render {v!r} as {t}")

    def arg(self, v: Any, t: Type) -> str:
        """A literal in argument position: parenthesised unless it is atomic."""
        text = self.literal(v, t)
        if t.kind == "record" and " " in text:
            return f"({text})"
        return f"({text})" if text.startswith("-") or " " in text and text[0] not in "[(\"" else text

    def call(self, p: Problem, args: list[Any]) -> str:
        return " ".join([self.function_name(p)] + [self.arg(v, t) for v, t in zip(args, self.param_types(p))])

    def examples(self, p: Problem) -> list[tuple[str, str]]:
        return [(self.call(p, c.args), self.literal(c.expected, p.returns)) for c in p.examples]

    # ---- the texts ---------------------------------------------------------------------------
    def header(self, p: Problem) -> str:
        imports = HEADER.replace("import Data.Maybe\n", "import Data.Maybe\nimport Data.Complex\n") \
            if uses_complex(p) else HEADER
        records = "".join(self.record_decl(p, name) for name in self.record_order(p) if name != COMPLEX)
        return imports + (VALUE_DECL if self.uses_value(p) else "") + records

    def field_names(self, p: Problem, name: str) -> list[str]:
        """The Haskell names of a record's fields: plain, or prefixed with the record's name where
        the plain one would clash (field selectors share the top-level namespace)."""
        taken = {self.function_name(p), *self.param_names(p)}
        counts: dict[str, int] = {}
        for fields in p.records.values():
            for f in fields:
                counts[self.name(f.name)] = counts.get(self.name(f.name), 0) + 1
        out = []
        for f in p.records[name]:
            plain = self.name(f.name)
            plain = plain[:-1] if plain[:-1] in KEYWORDS else plain
            if plain in KEYWORDS or plain in IMPORTED or plain in taken or counts[self.name(f.name)] > 1:
                plain = name[:1].lower() + name[1:] + plain[:1].upper() + plain[1:]
            out.append(plain)
        return out

    def record_decl(self, p: Problem, name: str) -> str:
        fields = [f"{n} :: {self.hstype(f.type)}" for n, f in zip(self.field_names(p, name), p.records[name])]
        body = f"{name} {{ {', '.join(fields)} }}" if fields else name
        ords = ", Ord" if COMPLEX not in self.reachable(p, name) else ""
        return f"data {name} = {body}\n  deriving (Show, Eq{ords})\n\n"

    def reachable(self, p: Problem, name: str) -> set[str]:
        seen: set[str] = set()
        todo = [name]
        while todo:
            n = todo.pop()
            if n not in seen:
                seen.add(n)
                todo += [r for f in p.records.get(n, []) for r in record_names(f.type)]
        return seen - {name}

    def record_eqs(self, p: Problem) -> str:
        """mbxpEq<Name> for each record: field by field, with each field's own comparison."""
        out = []
        for name, fields in p.records.items():
            if name == COMPLEX:
                continue
            xs = "".join(f" x{i}" for i in range(len(fields)))
            ys = "".join(f" y{i}" for i in range(len(fields)))
            body = " && ".join(f"{self.eq(f.type)} x{i} y{i}" for i, f in enumerate(fields)) or "True"
            out.append(f"\nmbxpEq{name} :: {name} -> {name} -> Bool\nmbxpEq{name} ({name}{xs}) ({name}{ys}) = {body}\n")
        return "".join(out)

    def param_names(self, p: Problem) -> list[str]:
        names: list[str] = [self.function_name(p)]
        for prm in p.params:
            n = self.name(prm.name)
            while n in names:
                n += "'"
            names.append(n)
        return names[1:]

    def signature(self, p: Problem) -> str:
        parts = [self.hstype(t) for t in self.param_types(p)] + [self.hstype(p.returns)]
        return f"{self.function_name(p)} :: {' -> '.join(parts)}\n"

    def prompt(self, p: Problem) -> str:
        lines = self.describe(p).splitlines()
        for call, result in self.examples(p):
            lines += [f">>> {call}", result]
        lines = lines or [""]
        doc = "\n".join([("-- | " + lines[0]).rstrip()] + [("-- " + ln).rstrip() for ln in lines[1:]])
        return self.header(p) + doc + "\n" + self.signature(p)

    def test(self, p: Problem) -> str:
        eq = self.eq(p.returns)
        if p.compare == "unordered" and p.returns.kind == "list":
            eq = f"(mbxpUnorderedEq {self.eq(p.returns.elem)})"
        lines = []
        for i, case in enumerate(p.tests):
            lines.append(f"  mbxpCheck {i} ({eq} ({self.call(p, case.args)}) "
                         f"({self.literal(case.expected, p.returns)}))\n")
        harness = (HARNESS + (VALUE_EQ if self.uses_value(p) else "") + (COMPLEX_EQ if uses_complex(p) else "")
                   + self.record_eqs(p))
        harness = (harness.replace("REL", hs_float(p.rel_tol)).replace("ABS", hs_float(p.abs_tol))
                   .replace("MARKER", FAIL_MARKER).replace("(System.Exit.ExitFailure FAIL)",
                                                           f"(System.Exit.ExitFailure {FAIL_EXIT})"))
        return ("\n" + harness + "\nmain :: IO ()\nmain = do\n" + "".join(lines)
                + f"  Prelude.putStrLn \"{PASS_MARKER}\"\n")

    def oracle(self, p: Problem, results: list[Any]) -> str:
        fn = self.function_name(p)
        names = self.param_names(p)
        if not names:
            return f"{fn} = {self.literal(results[0], p.returns)}\n"
        lines = [f"{fn} {' '.join(names)}\n"]
        seen = set()
        types = self.param_types(p)
        for case, r in zip(p.tests, results):
            key = tuple(self.arg(v, t) for v, t in zip(case.args, types))
            if key in seen:
                continue
            seen.add(key)
            cond = " && ".join(f"{n} == {k}" for n, k in zip(names, key))
            lines.append(f"  | {cond} = {self.literal(r, p.returns)}\n")
        lines.append("  | otherwise = error \"mbxp oracle: unexpected input\"\n")
        return "".join(lines)




def value_literal(v: Any) -> str:
    """A Python value as a Value, by its own Python type."""
    def atom(text: str) -> str:
        return f"({text})" if text.startswith("-") else text
    if v is None:
        return "VNone"
    if isinstance(v, bool):
        return f"VBool {v}"
    if isinstance(v, int):
        return f"VInt {atom(str(v))}"
    if isinstance(v, float):
        return f"VFloat {atom(hs_float(v))}"
    if isinstance(v, str):
        return f"VStr {hs_string(v)}"
    if isinstance(v, (list, tuple)):
        return ("VList [" if isinstance(v, list) else "VTuple [") + ", ".join(map(value_literal, v)) + "]"
    if isinstance(v, (set, frozenset)):
        items = ", ".join(map(value_literal, sort_key_values(v)))
        return f"VSet (Set.fromList [{items}])" if items else "VSet Set.empty"
    if isinstance(v, dict):
        items = ", ".join(f"({value_literal(a)}, {value_literal(b)})" for a, b in v.items())
        return f"VDict (Map.fromList [{items}])" if items else "VDict Map.empty"
    raise ValueError(f"cannot render {v!r} as a Value")


def dyn_values(v: Any, t: Type) -> list:
    """The parts of value v (of type t) that sit at `any` positions."""
    k = t.kind
    if k == "any":
        return [v]
    if isinstance(v, Record):
        return [d for f in v.schema for d in dyn_values(v.fields[f.name], f.type)]
    if v is None or not t.contains("any"):
        return []
    if k == "optional":
        return dyn_values(v, t.elem)
    if k in ("list", "set"):
        return [d for x in v for d in dyn_values(x, t.elem)]
    if k == "tuple":
        return [d for x, a in zip(v, t.args) for d in dyn_values(x, a)]
    if k == "dict":
        return [d for a, b in v.items() for d in dyn_values(a, t.args[0]) + dyn_values(b, t.args[1])]
    return []


def uses_complex(p: Problem) -> bool:
    return COMPLEX in p.records


def hs_float(v: float) -> str:
    return special_float(v, "(0 / 0)", "(1 / 0)", "(-1 / 0)")


def hs_string(s: str) -> str:
    return c_string(s, control=lambda o: f"\\{o}\\&", escape=lambda o: o < 32 or o == 127 or 0xD800 <= o <= 0xDFFF)


EMITTER = HaskellEmitter()
