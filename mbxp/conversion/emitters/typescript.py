"""TypeScript: the JavaScript emitter plus types.

number for int/long/float (bigint where the JS emitter widens), string, boolean, T[], [A, B]
tuples, Set<T>, `T | null` for optional, `any`, dicts keyed by str/int as index-signature objects
({[key: string]: V} / {[key: number]: V}), other dicts as Map<K, V>. Set and Map literals name
their type arguments, so empty ones type-check. Records are classes with typed fields and a
constructor over all of them (see the JavaScript emitter).
"""
from __future__ import annotations

from ..ir import Problem, Type
from .javascript import JavaScriptEmitter, object_keyed


class TypeScriptEmitter(JavaScriptEmitter):
    language = "typescript"

    def ts(self, t: Type) -> str:
        k = t.kind
        simple = {"int": "number", "long": "number", "float": "number", "bigint": "bigint", "str": "string",
                  "bool": "boolean", "none": "null", "any": "any"}
        if k in simple:
            return simple[k]
        if k == "list":
            inner = self.ts(t.elem)
            return f"Array<{inner}>" if "|" in inner else f"{inner}[]"
        if k == "tuple":
            return "[" + ", ".join(self.ts(a) for a in t.args) + "]"
        if k == "set":
            return f"Set<{self.ts(t.elem)}>"
        if k == "dict":
            if object_keyed(t):
                key = "string" if t.args[0].kind == "str" else "number"
                return f"{{[key: {key}]: {self.ts(t.args[1])}}}"
            return f"Map<{self.ts(t.args[0])}, {self.ts(t.args[1])}>"
        if k == "optional":
            return f"{self.ts(t.elem)} | null"
        if k == "record":
            return str(t.name)
        raise ValueError(f"typescript: no type for {t}")

    def record_class(self, p: Problem, name: str) -> str:
        fields = [(self.field_name(f.name), self.ts(f.type)) for f in p.records[name]]
        decls = "".join(f"  {n}: {t};\n" for n, t in fields)
        body = "".join(f"    this.{n} = {n};\n" for n, _ in fields)
        params = ", ".join(f"{n}: {t}" for n, t in fields)
        return f"class {name} {{\n{decls}\n  constructor({params}) {{\n{body}  }}\n}}\n"

    def param_decl(self, name: str, t: Type) -> str:
        return f"{name}: {self.ts(t)}"

    def return_decl(self, t: Type) -> str:
        return ": void" if t.kind == "none" else f": {self.ts(t)}"

    def strip_types(self, code: str) -> str:
        return code

    def lit_set(self, items: list[str], t: Type) -> str:
        return f"new Set<{self.ts(t.elem)}>([{', '.join(items)}])"

    def lit_dict(self, items: list[tuple[str, str]], t: Type) -> str:
        if object_keyed(t):
            return super().lit_dict(items, t)
        pairs = ", ".join(f"[{k}, {v}]" for k, v in items)
        return f"new Map<{self.ts(t.args[0])}, {self.ts(t.args[1])}>([{pairs}])"

    def counter(self) -> str:
        return "(globalThis as any).mbxpCalls"

    def results_decl(self, t: Type) -> str:
        return f": Array<{self.ts(t)}>"


EMITTER = TypeScriptEmitter()
