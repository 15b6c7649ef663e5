"""Many C++ programs in one translation unit: the C++ runner's batch compile.

Each program goes into `namespace mbxp_pN { ... }` with `main` renamed, and a dispatcher `main`
runs the program named on the command line; one g++ call then pays the precompiled header, the
driver and the link once for the whole batch. A namespace is not the global scope, so only
programs for which that makes no difference are merged (`mergeable`); the rest compile alone:

- dynamic initialisation of namespace-scope objects would run for every program of the binary,
  so a namespace-scope declaration may not call anything, allocate, or construct a class the
  program defines (no `(`, `[`, `new` or own class name in it);
- a name the program declares at namespace scope would hide a standard or C library name of the
  same spelling, where at global scope both would be visible: such names (every identifier of the
  preprocessed <bits/stdc++.h>) keep a program alone;
- preprocessor directives other than `#include <header>`, other namespaces, `extern`, `asm`,
  attributes, raw strings and unbalanced brackets keep a program alone too.
`#line` directives keep each program's own file name and line numbers in compiler messages.
"""
from __future__ import annotations

import re

# Headers <bits/stdc++.h> already brings in (plus GMP's): sharing them changes nothing.
HEADERS = {"bits/stdc++.h", "gmpxx.h", *(f"{h}.h" for h in """assert ctype errno fenv float inttypes limits
locale math setjmp signal stdarg stdbool stddef stdint stdio stdlib string time uchar wchar wctype""".split())}
INCLUDE = re.compile(r"^\s*#\s*include\s*<([\w./+-]+)>\s*$")
IDENT = re.compile(r"[A-Za-z_]\w*")
FORBIDDEN = {"namespace", "extern", "asm", "__asm__", "__attribute__", "new", "operator", "thread_local",
             "__thread", "alignas", "__declspec"}
CLASS_KEYS = ("struct", "class", "union", "enum")
KEYWORDS = set("""alignof and auto bool break case catch char char16_t char32_t const constexpr
const_cast continue decltype default delete do double dynamic_cast else enum explicit export false
float for friend goto if inline int long mutable noexcept not nullptr or private protected public
register reinterpret_cast return short signed sizeof static static_assert static_cast struct switch
template this throw true try typedef typeid typename union unsigned using virtual void volatile
wchar_t while class final override""".split())


def blank_literals(src: str) -> str | None:
    """The source with comments, string and character literals replaced by spaces (newlines
    kept); None for text this scanner does not follow (raw strings, unterminated literals)."""
    out, i, n = [], 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            if j < 0:
                return None
            out.append(re.sub(r"[^\n]", " ", src[i:j + 2]))
            i = j + 2
        elif c in "\"'":
            if c == "'" and i > 0 and src[i - 1].isalnum() and i + 1 < n and src[i + 1].isalnum() \
                    and not re.match(r"[uUL]|u8", src[max(0, i - 2):i]):
                out.append(" ")  # a digit separator: 1'000'000
                i += 1
                continue
            if c == '"' and i > 0 and src[i - 1] == "R":
                return None
            j = i + 1
            while j < n and src[j] != c:
                if src[j] == "\\":
                    j += 1
                elif src[j] == "\n":
                    return None
                j += 1
            if j >= n:
                return None
            out.append(c + " " * (j - i - 1) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def declared_names(statement: str) -> list[str] | None:
    """Names a `using` or `typedef` declaration introduces; None for any other statement."""
    words = IDENT.findall(statement)
    if not words:
        return []
    if words[0] == "using":
        m = re.match(r"\s*using\s+([A-Za-z_]\w*)\s*=", statement)
        return [m.group(1)] if m else []  # `using namespace std;`, `using std::x;` declare nothing
    if words[0] == "typedef":
        return [words[-1]] if "(" not in statement else None
    return None


def why_alone(src: str, std_names: set[str]) -> str | None:
    """Why `src` must be compiled alone, or None if it can be merged."""
    text = blank_literals(src)
    if text is None:
        return "raw string or unterminated literal"
    lines = []
    for line in text.split("\n"):
        if line.lstrip().startswith("#"):
            m = INCLUDE.match(line)
            if not m:
                return "preprocessor directive"
            if not (m.group(1) in HEADERS or re.fullmatch(r"[a-z_]+", m.group(1))):
                return f"header <{m.group(1)}> (only the standard library's are shared)"
            line = ""
        lines.append(line)
    text = "\n".join(lines)
    words = IDENT.findall(re.sub(r"\busing\s+namespace\b|\bnamespace\s+mbxp_test\b", "", text))
    if any(w in FORBIDDEN for w in words) or "[[" in text.replace("[[noreturn]]", ""):
        return "forbidden keyword: " + ",".join(sorted({w for w in words if w in FORBIDDEN}))
    own_classes = set(re.findall(r"\b(?:struct|class|union|enum(?:\s+class)?)\s+([A-Za-z_]\w*)\s*(?=[:{;])", text))
    declared: set[str] = set()
    harness = 0  # inside our own `namespace mbxp_test`, whose names hide nothing the program sees
    stmt, i, n = "", 0, len(text)
    while i < n:
        c = text[i]
        if c == "{":
            head = strip_template(stmt).strip()
            stmt = ""
            if head.startswith("namespace mbxp_test"):
                harness += 1
                i += 1
                continue  # scan inside
            close = _matching(text, i)
            if close is None:
                return "unbalanced brackets"
            if re.match(r"(struct|class|union|enum)\b", head) and "=" not in head:
                if not harness:
                    declared.update(re.findall(r"^(?:struct|class|union|enum(?:\s+class)?)\s+([A-Za-z_]\w*)", head))
                if re.search(r"\bstatic\b[^;]*=", _flatten(text[i + 1:close])):
                    return "static data member with an initialiser"
                m = re.match(r"\s*;", text[close + 1:])
                if not m:
                    return "object declared with its class"
                i = close + 1 + m.end()
                continue
            name = prototype_name(head) or _function_name(head)
            if "(" in head and name:
                if not harness:
                    declared.add(name)
                i = close + 1
                continue
            return "brace initialiser at namespace scope: " + head[-60:]
        if c == "}":
            if not harness:
                return "unbalanced brackets"
            harness -= 1
            i += 1
            stmt = ""
            continue
        if c == ";":
            s, stmt = stmt.strip(), ""
            i += 1
            if not s:
                continue
            proto = prototype_name(s)
            forward = re.fullmatch(r"(?:struct|class|union|enum(?:\s+class)?)\s+([A-Za-z_]\w*)", strip_template(s).strip())
            names = [proto] if proto else [forward.group(1)] if forward else declared_names(s)
            if names is None:
                if "(" in s or "[" in s or any(w in own_classes for w in IDENT.findall(s)):
                    return "declaration that may run code: " + s[-60:]
                names = _variable_names(s)
                if names is None:
                    return "unreadable declaration: " + s[-60:]
            if not harness:
                declared.update(names)
            continue
        stmt += c
        i += 1
    if stmt.strip():
        return "text after the last declaration"
    clash = (declared - {"main"}) & std_names
    return f"declares library names: {sorted(clash)}" if clash else None


def strip_template(head: str) -> str:
    """The declaration without its leading `template <...>` parameter lists."""
    while True:
        m = re.match(r"\s*template\s*<", head)
        if not m:
            return head
        depth, j = 1, m.end()
        while j < len(head) and depth:
            depth += {"<": 1, ">": -1}.get(head[j], 0)
            j += 1
        if depth:
            return head
        head = head[j:]


def prototype_name(stmt: str) -> str | None:
    """The function a namespace-scope `T f(params) const;` declares, if it is one: every
    parameter must read as a type and a name (or a lone type keyword), not as an expression."""
    m = re.match(r"(.*?)\b([A-Za-z_]\w*)\s*\(([^()]*)\)\s*((const|noexcept|override)\s*)*$", strip_template(stmt), re.S)
    if not m or "=" in m.group(1) or not m.group(1).strip():
        return None
    for param in filter(None, (p.strip() for p in m.group(3).split(","))):
        words = IDENT.findall(param.split("=", 1)[0])
        if len(words) < 2 and not (words and words[0] in KEYWORDS):
            return None
        if re.search(r"^\s*\d", param):
            return None
    return m.group(2)

def unbalanced(src: str) -> bool:
    """True if `src` cannot compile because its brackets do not pair up (a truncated completion,
    say). Only claimed where nothing else could supply a bracket: literals and comments are
    blanked, and a macro, a quoted include or a digraph (`<%` is `{`) makes the answer False."""
    text = blank_literals(src)
    if text is None or any(d in text for d in ("<%", "%>", "<:", ":>", "%:")):
        return False
    if any(line.lstrip().startswith("#") and not INCLUDE.match(line) for line in text.split("\n")):
        return False
    opens, stack = {")": "(", "]": "[", "}": "{"}, []
    for c in text:
        if c in "([{":
            stack.append(c)
        elif c in opens and (not stack or stack.pop() != opens[c]):
            return True
    return bool(stack)


def _matching(text: str, i: int) -> int | None:
    depth = 0
    for j in range(i, len(text)):
        if text[j] in "{([":
            depth += 1
        elif text[j] in "})]":
            depth -= 1
            if depth == 0:
                return j if text[j] == "}" else None
    return None


def _flatten(body: str) -> str:
    """A class body with its member functions' bodies removed."""
    out, depth = [], 0
    for c in body:
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif depth == 0:
            out.append(c)
    return "".join(out)


def _function_name(head: str) -> str | None:
    """The name of a function definition `T name(params) ... {`: the identifier before the
    first parenthesis, with nothing but a type before it."""
    before = head.split("(", 1)[0]
    if "=" in before:
        return None
    m = re.search(r"([A-Za-z_]\w*)\s*$", before)
    return m.group(1) if m and before[:m.start()].strip() else None


def _variable_names(stmt: str) -> list[str] | None:
    """Declarators of `T a, b = 1, c;` (template arguments skipped)."""
    flat, depth = [], 0
    for c in stmt:
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif depth == 0:
            flat.append(c)
    if depth != 0:
        return None
    names = []
    for part in "".join(flat).split(","):
        left = part.split("=", 1)[0]
        words = [w for w in IDENT.findall(left) if w not in KEYWORDS]
        if not words:
            return None
        names.append(words[-1])
    return names


def merge(sources: list[str]) -> str:
    """One translation unit: the shared includes, each program in its namespace, a dispatcher."""
    includes: list[str] = []
    parts = []
    for k, src in enumerate(sources):
        body = []
        for line in src.split("\n"):
            m = INCLUDE.match(line)
            if m:
                if m.group(1) != "bits/stdc++.h" and line.strip() not in includes:
                    includes.append(line.strip())
                line = ""
            body.append(line)
        parts.append(f"namespace mbxp_p{k} {{\n#define main mbxp_main\n#line 1 \"p{k}.cpp\"\n"
                     + "\n".join(body) + "\n#undef main\n}\n")
    cases = "".join(f"        case {k}: return mbxp_p{k}::mbxp_main();\n" for k in range(len(sources)))
    return ("#include <bits/stdc++.h>\n" + "".join(i + "\n" for i in includes) + "".join(parts)
            + "#line 1 \"mbxp_dispatch.cpp\"\nint main(int argc, char** argv) {\n"
            + "    switch (argc > 1 ? atoi(argv[1]) : -1) {\n" + cases + "    }\n    return 2;\n}\n")


def errors_by_program(stderr: str, count: int) -> dict[int, str] | None:
    """The compiler's messages per program (as main.cpp), or None if some message belongs to no
    program (then nothing can be attributed safely)."""
    blocks: dict[int, list[str]] = {}
    current = None
    for line in stderr.splitlines():
        m = re.match(r"^p(\d+)\.cpp:", line)
        if m:
            current = int(m.group(1))
        elif re.match(r"^(mbxp_dispatch\.cpp|<command-line>|/tmp|[\w./-]+\.(cpp|h|hpp|tcc)):", line) \
                and not line.startswith("p"):
            if not line.startswith(("In file included", "                 from")):
                current = None
        if line.startswith(("In file included from p", "                 from p")):
            m2 = re.search(r"from p(\d+)\.cpp", line)
            current = int(m2.group(1)) if m2 else current
        if current is None:
            if re.search(r"\berror\b", line):
                return None
            continue
        if current >= count:
            return None
        line = re.sub(rf"\bp{current}\.cpp:", "main.cpp:", line)
        line = line.replace(f"mbxp_p{current}::", "").replace("mbxp_main", "main")
        blocks.setdefault(current, []).append(line)
    return {k: "\n".join(v) + "\n" for k, v in blocks.items() if any(re.search(r"\berror\b", ln) for ln in v)}
