"""Go: one `package main` file holding the solution and a `func main()` harness.

Types: int and long -> int (64-bit), bigint -> *big.Int, float -> float64, list -> []T,
set -> map[T]bool, dict -> map[K]V, optional -> *T (nil for None), any -> interface{}.
Tuples: homogeneous ones are []T, others []interface{} holding typed elements; as a map key or
set element they become the comparable arrays [N]T / [N]interface{}. Values of type any are
"dynamic": lists and tuples in them are []interface{}, maps map[string]interface{} (string keys)
or map[interface{}]interface{}, sets map[interface{}]bool, as a type switch in Go would expect.

Imports: the prompt declares a broad block of std packages and the test keeps each of them used
(`var _ = strings.Contains`), so the row compiles on its own whatever subset the solution uses.
Packages beyond the block are added by the runner (see runners/specs/go.py).

Records (class instances): each is a struct type declared in the header (before the doc
comment) with the Python attribute names as its (unexported) fields, passed by pointer: a record
is *Node, an optional one is *Node as well (nil for None), so a tree's `left *Node` refers to its
own type and a recursive solution starts with `if node == nil`. Literals are keyed composite
literals that leave out nil fields: `&Node{data: 1, left: &Node{data: 2}}`. Python's complex (the
record Complex) is Go's own complex128, literals `complex(1.0, 2.0)`, so math/cmplx applies; it is
imported when used. A record named like a Go keyword, predeclared name, imported package, the
function or a parameter is dropped.

Coverage: MBPP 971/974 (533 takes a Python type object, dropped before any emitter; 758 and 779
key a map by tuples of varying length, which no comparable Go type holds), HumanEval 164/164.

The comparison is structural (reflect): numbers by value (floats with tolerance, complex numbers
part by part), pointers and interfaces by what they hold, slices and arrays element-wise, maps by
key, structs field by field.
"""
from __future__ import annotations

import re
from typing import Any

from ..ir import COMPLEX, Problem, Record, Type
from ..types import finish, homogeneous_tuple, infer
from .base import (FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, c_string, comment_lines,
                   float_repr, record_names, sort_key_values)

# std packages every prompt imports; each kept used by the test (the value is a member to use)
IMPORTS = {"fmt": "Sprint", "math": "Abs", "os": "Exit", "reflect": "ValueOf", "sort": "Ints",
           "strconv": "Itoa", "strings": "Contains", "unicode": "IsDigit"}

EXTRA_USES = {"math/big": "NewInt", "math/cmplx": "Abs"}

KEYWORDS = frozenset("""break case chan const continue default defer else fallthrough for func go
goto if import interface map package range return select struct switch type var""".split())
# shadowing these inside the function would break the solution's own use of them
PREDECLARED = frozenset("""any append bool byte cap clear close complex copy delete error false float32
float64 imag int int8 int16 int32 int64 iota len make max min new nil panic print println real
recover rune string true uint uint8 uint16 uint32 uint64 uintptr main init big""".split())

HARNESS = r'''
func _mbxpIsClose(a, b float64) bool {
	if a == b {
		return true
	}
	return math.Abs(a-b) <= math.Max(REL*math.Max(math.Abs(a), math.Abs(b)), ABS)
}

func _mbxpEq(a, b reflect.Value) bool {
	for _, v := range []*reflect.Value{&a, &b} {
		for v.IsValid() && (v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer) {
			if v.IsNil() {
				*v = reflect.Value{}
			} else if s, ok := _mbxpStringer(*v); ok {
				*v = reflect.ValueOf(s.String()) // *big.Int
			} else {
				*v = v.Elem()
			}
		}
	}
	if !a.IsValid() || !b.IsValid() {
		return a.IsValid() == b.IsValid()
	}
	ka, kb := _mbxpKind(a), _mbxpKind(b)
	if ka != kb {
		return false
	}
	switch ka {
	case 'n':
		if a.CanInt() && b.CanInt() {
			return a.Int() == b.Int()
		}
		if a.CanFloat() || b.CanFloat() {
			return _mbxpIsClose(_mbxpFloat(a), _mbxpFloat(b))
		}
		return fmt.Sprint(a.Interface()) == fmt.Sprint(b.Interface()) // unsigned
	case 's':
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !_mbxpEq(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case 'm':
		if a.Len() != b.Len() {
			return false
		}
		for _, kb := range b.MapKeys() {
			found := false
			for _, ka := range a.MapKeys() {
				if _mbxpEq(ka, kb) && _mbxpEq(a.MapIndex(ka), b.MapIndex(kb)) {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	case 'S':
		return a.String() == b.String()
	case 'b':
		return a.Bool() == b.Bool()
	case 'c':
		x, y := a.Complex(), b.Complex()
		return _mbxpIsClose(real(x), real(y)) && _mbxpIsClose(imag(x), imag(y))
	case 'r':
		if a.Type() != b.Type() {
			return false
		}
		for i := 0; i < a.NumField(); i++ {
			if !_mbxpEq(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a.Interface(), b.Interface())
}

// numbers of any Go type compare by value; an int and a float compare as floats
func _mbxpKind(v reflect.Value) byte {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return 'n'
	case reflect.Float32, reflect.Float64:
		return 'n'
	case reflect.Slice, reflect.Array:
		return 's'
	case reflect.Map:
		return 'm'
	case reflect.String:
		return 'S'
	case reflect.Bool:
		return 'b'
	case reflect.Complex64, reflect.Complex128:
		return 'c'
	case reflect.Struct:
		return 'r'
	}
	return '?'
}

// a pointer with a String method (*big.Int); a record's unexported fields can't be asked
func _mbxpStringer(v reflect.Value) (fmt.Stringer, bool) {
	if v.Kind() != reflect.Pointer || !v.CanInterface() {
		return nil, false
	}
	s, ok := v.Interface().(fmt.Stringer)
	return s, ok
}

func _mbxpFloat(v reflect.Value) float64 {
	if v.CanFloat() {
		return v.Float()
	}
	if v.CanInt() {
		return float64(v.Int())
	}
	return float64(v.Uint())
}

func _mbxpFail(i int, got interface{}) {
	text := fmt.Sprintf("%v", got)
	if len(text) > 300 {
		text = text[:300] + "..."
	}
	fmt.Fprintf(os.Stderr, "MARKER: test %d got %s\n", i, text)
	os.Exit(FAIL)
}

func _mbxpCheck(i int, got, want interface{}) {
	if !_mbxpEq(reflect.ValueOf(got), reflect.ValueOf(want)) {
		_mbxpFail(i, got)
	}
}

// the top-level lists as multisets
func _mbxpCheckUnordered(i int, got, want interface{}) {
	g, w := reflect.ValueOf(got), reflect.ValueOf(want)
	if g.Kind() != reflect.Slice || g.Len() != w.Len() {
		_mbxpFail(i, got)
	}
	used := make([]bool, g.Len())
	for j := 0; j < w.Len(); j++ {
		found := false
		for k := 0; k < g.Len(); k++ {
			if !used[k] && _mbxpEq(g.Index(k), w.Index(j)) {
				used[k], found = true, true
				break
			}
		}
		if !found {
			_mbxpFail(i, got)
		}
	}
}
'''


class GoEmitter(Emitter):
    language = "go"
    naming = "camel"
    reserved = KEYWORDS | PREDECLARED | frozenset(IMPORTS)
    none_word = "nil"
    list_word = "slice"
    records = True

    def describe(self, p: Problem) -> str:
        # HumanEval's own examples call the function by its Python name
        return re.sub(rf"\b{re.escape(p.entry_point)}(?=\()", self.function_name(p), super().describe(p))

    # ---- types -------------------------------------------------------------------------------
    def unsupported(self, p: Problem) -> str | None:
        for name in p.records:
            if name in self.reserved or name in (self.function_name(p), *self.param_names(p)) \
                    or name.startswith("_mbxp"):
                return f"a record type named {name} would clash with a Go name the program uses"
        try:
            for t in self.types(p):
                self.gotype(t)
        except ValueError as e:
            return str(e)
        return None

    def is_complex(self, t: Type) -> bool:
        """The record standing for Python's complex, which Go has built in."""
        return t.kind == "record" and t.name == COMPLEX

    def gotype(self, t: Type, key: bool = False) -> str:
        k = t.kind
        if k in ("list", "optional") and key:
            raise ValueError(f"a map key or set element of type {t}: Go map keys must be comparable")
        if k == "bool":
            return "bool"
        if k in ("int", "long"):
            return "int"
        if k == "bigint":
            return "*big.Int"
        if k == "float":
            return "float64"
        if k == "str":
            return "string"
        if k in ("any", "none"):
            return "interface{}"
        if k == "list":
            return "[]" + self.gotype(t.elem)
        if k == "set":
            return f"map[{self.gotype(t.elem, key=True)}]bool"
        if k == "dict":
            return f"map[{self.gotype(t.args[0], key=True)}]{self.gotype(t.args[1])}"
        if k == "record":
            if self.is_complex(t):
                return "complex128"
            if key:
                raise ValueError(f"a map key or set element of type {t}: Go pointers compare by identity")
            return "*" + str(t.name)
        if k == "optional":
            return self.gotype(t.elem) if t.elem.kind == "record" and not self.is_complex(t.elem) \
                else "*" + self.gotype(t.elem)
        if k == "tuple":
            elem = self.gotype(t.args[0], key) if homogeneous_tuple(t) else "interface{}"
            return f"[{len(t.args)}]{elem}" if key else "[]" + elem
        raise ValueError(f"no Go type for {t}")

    # ---- literals ----------------------------------------------------------------------------
    def literal(self, value: Any, t: Type) -> str:
        return self.lit(value, t)

    def lit(self, v: Any, t: Type, key: bool = False, elide: bool = False, doc: bool = False) -> str:
        """elide: inside a typed composite literal, where Go lets the element type be omitted.
        doc: for the doc comment, where an optional shows the value itself."""
        k = t.kind
        if k == "any" or k == "none":
            return self.dyn(v, key)
        if v is None:
            return "nil"
        if k == "optional":
            inner = self.lit(v, t.elem, doc=doc)
            return inner if doc or t.elem.kind == "record" and not self.is_complex(t.elem) else f"new({inner})"
        if k == "record":
            return self.lit_record(v, t, doc)
        if k == "bool":
            return "true" if v else "false"
        if k in ("int", "long"):
            return str(int(v))
        if k == "bigint":
            return str(int(v)) if doc else \
                f'func() *big.Int {{ v, _ := new(big.Int).SetString("{int(v)}", 10); return v }}()'
        if k == "float":
            return go_float(float(v))
        if k == "str":
            return c_string(v)
        prefix = "" if elide else self.gotype(t, key)
        if k == "list" or (k == "tuple" and homogeneous_tuple(t)):
            elem = t.elem
            items = [self.lit(x, elem, key, elide=True, doc=doc) for x in v]
        elif k == "tuple":
            items = [self.lit(x, a, key, doc=doc, elide=False) if a.kind != "optional" or x is None
                     else self.lit(x, a.elem, key, doc=doc) for x, a in zip(v, t.args)]
        elif k == "set":
            items = [f"{self.lit(x, t.elem, True, elide=True, doc=doc)}: true" for x in sort_key_values(v)]
        elif k == "dict":
            items = [f"{self.lit(a, t.args[0], True, elide=True, doc=doc)}: "
                     f"{self.lit(b, t.args[1], elide=True, doc=doc)}" for a, b in v.items()]
        else:
            raise ValueError(f"cannot render {v!r} as {t}")
        return prefix + "{" + ", ".join(items) + "}"

    def lit_record(self, v: Record, t: Type, doc: bool = False) -> str:
        if self.is_complex(t):
            return f"complex({go_float(float(v.fields['real']))}, {go_float(float(v.fields['imag']))})"
        fields = [f"{self.field_name(n)}: {self.lit(x, ft, doc=doc)}"
                  for n, x, ft in self.record_fields(v) if x is not None]
        return f"&{v.name}{{{', '.join(fields)}}}"

    def dyn(self, v: Any, key: bool = False) -> str:
        """A value held by an interface{}: containers are untyped-looking ([]interface{}...)."""
        if v is None:
            return "nil"
        if isinstance(v, (bool, int, float, str)):
            return self.lit(v, finish(infer(v)))
        if isinstance(v, Record):
            return self.lit_record(v, Type("record", name=v.name))
        if isinstance(v, (list, tuple)):
            items = ", ".join(self.dyn(x, key) for x in v)
            return (f"[{len(v)}]" if key else "[]") + "interface{}{" + items + "}"
        if isinstance(v, (set, frozenset)):
            return "map[interface{}]bool{" + ", ".join(f"{self.dyn(x, True)}: true"
                                                       for x in sort_key_values(v)) + "}"
        if isinstance(v, dict):
            if key:
                raise ValueError("a map as a map key")
            kt = "string" if v and all(isinstance(x, str) for x in v) else "interface{}"
            return f"map[{kt}]interface{{}}{{" + ", ".join(
                f"{self.dyn(a, True)}: {self.dyn(b)}" for a, b in v.items()) + "}"
        raise ValueError(f"cannot render {v!r}")

    # ---- the texts ---------------------------------------------------------------------------
    def imports(self, p: Problem) -> list[str]:
        types = self.types(p)
        extra = ["math/big"] if any(t.contains("bigint") for t in types) else []
        if any(COMPLEX in record_names(t) for t in types):
            extra.append("math/cmplx")
        return sorted(list(IMPORTS) + extra)

    def types(self, p: Problem) -> list[Type]:
        """The parameters', result's and record fields' types."""
        fields = [f.type for name in p.records for f in p.records[name]]
        return [prm.type for prm in p.params] + [p.returns] + fields

    def header(self, p: Problem) -> str:
        lines = "".join(f'\t"{m}"\n' for m in self.imports(p))
        structs = "".join(self.struct(p, name) for name in self.record_order(p)
                          if not self.is_complex(Type("record", name=name)))
        return f"package main\n\nimport (\n{lines})\n\n{structs}"

    def struct(self, p: Problem, name: str) -> str:
        fields = [(self.field_name(f.name), self.gotype(f.type)) for f in p.records[name]]
        width = max((len(n) for n, _ in fields), default=0)
        body = "".join(f"\t{n.ljust(width)} {t}\n" for n, t in fields)
        return f"type {name} struct {{\n{body}}}\n\n"

    def param_names(self, p: Problem) -> list[str]:
        names: list[str] = []
        for prm in p.params:
            n = self.name(prm.name)
            while n in names or n == self.function_name(p):
                n += "_"
            names.append(n)
        return names

    def signature(self, p: Problem) -> str:
        params = ", ".join(f"{n} {self.gotype(prm.type)}" for n, prm in zip(self.param_names(p), p.params))
        return f"func {self.function_name(p)}({params}) {self.gotype(p.returns)} {{\n"

    def prompt(self, p: Problem) -> str:
        lines = [self.describe(p)]
        for case in p.examples:
            args = ", ".join(self.lit(v, prm.type, doc=True) for v, prm in zip(case.args, p.params))
            lines.append(f">>> {self.function_name(p)}({args})")
            lines.append(self.lit(case.expected, p.returns, doc=True))
        return self.header(p) + comment_lines("\n".join(lines), "// ") + "\n" + self.signature(p)

    def test(self, p: Problem) -> str:
        check = "_mbxpCheckUnordered" if p.compare == "unordered" else "_mbxpCheck"
        calls = []
        for i, case in enumerate(p.tests):
            args = ", ".join(self.lit(v, prm.type) for v, prm in zip(case.args, p.params))
            want = self.lit(case.expected, p.returns)
            calls.append(f"\t{check}({i}, {self.function_name(p)}({args}), {want})\n")
        keep = "".join(f"var _ = {m.split('/')[-1]}.{IMPORTS.get(m, EXTRA_USES.get(m))}\n" for m in self.imports(p))
        harness = (HARNESS.replace("REL", repr(p.rel_tol)).replace("ABS", repr(p.abs_tol))
                   .replace("MARKER", FAIL_MARKER).replace("FAIL)", f"{FAIL_EXIT})"))
        return (f"\nfunc main() {{\n{''.join(calls)}\tfmt.Println(\"{PASS_MARKER}\")\n}}\n"
                + harness + "\n" + keep)

    def oracle(self, p: Problem, results: list[Any]) -> str:
        # no package-level state can be declared from inside the body: the process environment
        # is the call counter
        rt = self.gotype(p.returns)
        items = ",\n\t\t".join(self.lit(r, p.returns, elide=True) for r in results)
        # "\x5c" for a backslash: assemble's string scanner takes \\" for an escaped quote
        items = items.replace("\\\\", "\\x5c")
        return ('\t_mbxpN, _ := strconv.Atoi(os.Getenv("MBXP_ORACLE_CALLS"))\n'
                '\tos.Setenv("MBXP_ORACLE_CALLS", strconv.Itoa(_mbxpN+1))\n'
                f"\treturn []{rt}{{\n\t\t{items},\n\t}}[_mbxpN]\n}}\n")


def go_float(v: float) -> str:
    if v != v:
        return "math.NaN()"
    if v in (float("inf"), float("-inf")):
        return f"math.Inf({1 if v > 0 else -1})"
    return float_repr(v)


EMITTER = GoEmitter()
