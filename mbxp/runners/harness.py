"""A test program's helper functions, compiled once and shared by every program that has them.

Every test program of a language carries the same helpers (deep equality, float tolerance), and
for Kotlin or Swift they are about half of what the compiler does per program (measured on 20
MBKP programs in a warm K2JVMCompiler: 2.5 s of CPU per batch with them, 1.0 s without; one
Swift frontend job: 0.47 s with, 0.24 s without). So the engine compiles each distinct helper
block once into a library and compiles the program with the block blanked out (line numbers
stay) and an import in its place.

That must not change what a program means, so the swap is made only when:
- the block appears exactly once, between the language's start and end lines;
- the rest of the program declares none of the names the block declares at its top level (a
  second `mbxpEq` is an error only while both are in one file) or uses from outside itself (a
  completion's own `Triple` class or `fun List<*>.all` would change what the block calls);
- the rest contains nothing that changes name resolution program-wide (`forbid`: Swift
  extensions and operators, Kotlin operator functions);
- the block compiles on its own (blocks that compare a problem's record classes don't).
Both name sets come from a conservative scan: a wrongly "declared" name only costs the swap.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

IDENT = re.compile(r"[A-Za-z_]\w*")
# C-style comments, skipping string literals (a doc comment's "given" is no Scala `given`)
C_COMMENTS = re.compile(r'("(?:\\.|[^"\\\n])*")|//[^\n]*|/\*.*?\*/', re.DOTALL)


@dataclass(frozen=True)
class Rules:
    start: str            # the block starts with this text (at the start of a line)
    end: str              # and ends right before this text
    declares: re.Pattern  # its groups: text naming what a declaration declares (every identifier counts)
    binds: re.Pattern     # its groups: a name the block binds itself (parameters, closure arguments)
    forbid: re.Pattern | None = None
    comments: re.Pattern = C_COMMENTS  # removed before the scans (group 1, if any, is kept)


@dataclass(frozen=True)
class Split:
    before: str
    block: str
    after: str

    def imports(self) -> str:
        """The file-wide import lines before the block (a library of it needs the same ones)."""
        return "\n".join(ln for ln in self.before.splitlines() if ln.startswith("import "))

    def blanked(self, first_line: str = "") -> str:
        """The program without the block, every line where it was; `first_line` (an import,
        say) on the block's first line."""
        return self.before + first_line + "\n" * self.block.count("\n") + self.after


def declared(text: str, rules: Rules) -> set[str]:
    return {name for m in rules.declares.finditer(text) for name in IDENT.findall("".join(filter(None, m.groups())))}


def outside_names(block: str, rules: Rules) -> set[str]:
    """Names a declaration elsewhere in the program could collide with or shadow: the block's own
    declarations at its outermost level and every identifier it does not declare or bind itself."""
    base = indent(block)
    top = {name for m in rules.declares.finditer(block) if indent(block[block.rfind("\n", 0, m.start()) + 1:]) == base
           for name in IDENT.findall("".join(filter(None, m.groups())))}
    bound = declared(block, rules) | {g for m in rules.binds.finditer(block) for g in m.groups() if g}
    return (set(IDENT.findall(block)) - bound) | top


def indent(line: str) -> str:
    return line[:len(line) - len(line.lstrip(" \t"))]


def split(source: str, rules: Rules) -> Split | None:
    """The program's helper block, if it can be compiled apart without changing the program."""
    start = source.find("\n" + rules.start)
    if start < 0 or source.find("\n" + rules.start, start + 1) >= 0:
        return None
    end = source.find(rules.end, start)
    if end < 0:
        return None
    start += 1
    s = Split(source[:start], source[start:end], source[end:])
    rest = rules.comments.sub(lambda m: m.group(1) or " ", s.before + s.after)
    if rules.forbid and rules.forbid.search(rest):
        return None
    if declared(rest, rules) & outside_names(s.block, rules):
        return None
    return s
