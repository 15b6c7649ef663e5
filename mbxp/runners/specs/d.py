"""D with LDC 1.30: `ldc2` without optimisation (compile time dominates; MBPP inputs are
small), linked against the shared Phobos Debian ships.

Batches (MERGED): every program starts with `import std;`, and one ldc2 call spends ~1 s in the
front end on Phobos before it reaches the program; a batch shares that (measured: 32 programs in
one call 3.2 s, one alone 1.4 s; 424 MB peak). Each mergeable program
becomes module `mNNN` (file `mNNN.d`: `module mNNN; ` prepended on line 1, so line numbers stay)
with the harness's `void main()` renamed `mbxp_main` and marked `pragma(inline, true)`, and a
generated module holds the one real `main`, which calls the program named on the command line
(`./main mNNN`); each program still runs alone, in its own sandbox, beside its main.d as alone.
The names are as long as `main`, and the inlined entry point leaves no frame of its own, so an
uncaught error's report is as long as alone (`@main.d(9)` vs `@m003.d(9)`, same stack depth):
classify reads only stderr's tail.

A failed batch: errors that name a program's file (or an instantiation from it) are that
program's own compile_error, shown as `main.d(LINE)` as alone; the others are compiled together
again (parse errors stop ldc2 before semantic analysis, so a batch may need a round per phase,
`merge_rounds` at most). Errors that name no program (the linker's, a timeout) make each program
compile alone; programs a linker message names compile alone. `why_alone` keeps out whatever
the merge could change (see there); such a program is compiled alone, exactly as before.
"""
from __future__ import annotations

import dataclasses
import re
import shutil
import tempfile
from pathlib import Path

from ...conversion.emitters.base import FAIL_EXIT, FAIL_MARKER
from ...conversion.emitters.d import HARNESS
from ..base import Job, Runner
from ..sandbox import Limits, ProcResult

HARNESS_MAIN = re.compile(r"^void main\(\) \{$", re.MULTILINE)
# our harness block, placeholders as the emitter fills them: its `typeid`, `class` and `__traits`
# are known to be harmless, so the guard reads the program without it
HARNESS_TEXT = re.compile(re.escape(HARNESS).replace("@ISRECORD@", r"(?:false|is\(R == \w+\)(?: \|\| is\(R == \w+\))*)")
                          .replace("@REL@", r"[-+\w.]+").replace("@ABS@", r"[-+\w.]+")
                          .replace("@MARKER@", re.escape(FAIL_MARKER)).replace("@EXIT@", str(FAIL_EXIT)))
LOCATED = re.compile(r"^(?P<file>[^\s(]+)\(\d+(?:,\d+)?\): (?:(?P<kind>Error|Warning|Deprecation): |\s)")
MODULE_REF = re.compile(r"(?<![A-Za-z_])m(\d{3})")

# Why a program must not be merged (each reason with its rule), checked on the code outside string
# literals and comments, without our harness.
FORBIDDEN = [
    # module constructors/destructors (also of a class or struct) run at every start of the binary
    (r"\bstatic\s+(~\s*)?this\s*\(", "module or static constructor"),
    # crt_constructor, mangle (symbol clashes), lib (linked into all), msg: all or nothing
    (r"\bpragma\b", "pragma"),
    # C names are global symbols: clashes between programs; also rt_options configures the runtime
    (r"\bextern\b|\basm\b", "extern or asm"),
    # string imports read files; a computed mixin could hold anything on this list
    (r"\bimport\s*\(|\bmixin\b", "string import or mixin"),
    # own module name or version/debug identifiers change what a module means
    (r"\bmodule\b|\bversion\b|\bdebug\b", "module, version or debug declaration"),
    # the file and module name differ in a merge (`main.d` vs `m003.d`): whatever can see them,
    # including fully qualified type names (a class's default toString, TypeInfo), an exception's
    # file, traits and symbol names
    (r"\b__(?!LINE__)[A-Z_]+__\b|\b__traits\b|\btypeid\b|\bTypeInfo|\bclassinfo\b|\bclass\b|\bmangleof\b"
     r"|\bstringof\b|\b(fullyQualifiedName|moduleName|packageName|mangledName)\b|\bcatch\b"
     r"|\bcollectException|\bifThrown\b|\bRuntime\b", "reads a file, module or type name"),
    # the workdir holds main.d and main in both ways, but main.o only alone, and the binary differs
    (r"\b(dirEntries|listdir|getcwd|thisExePath)\b", "looks at its directory or binary"),
    # the dispatcher must reach `mbxp_main` (not private); our own names must mean ours
    (r"\bprivate\b|\bpackage\b|\bmbxp_main\b|\bmbxp_dispatch\b|(?<![\w.])m\d{3}\b", "protection or a batch name"),
    # LDC/GDC attributes (@section, @weak...) act on the whole object file
    (r"\bldc\b|\bgcc\b|\battribute\b", "compiler attribute"),
]
# identifiers declared as compile-time constants: `int[N] a` with one is a static array
CONSTANT = re.compile(r"\b(?:enum|immutable|const)\s+(?:\w+\s+)?(\w+)\s*=")
STATIC_ARRAY = re.compile(r"((?:\[[^\[\]]*\]\s*)+)[A-Za-z_]\w*\s*[;=,)]")
BIG_ELEMENTS = 1 << 14


def why_alone(source: str) -> str | None:
    """Why `source` must compile alone (None: it may be merged). Every module's thread-local and
    static data is in every process of a merged binary (TLS is zeroed at start, and the GC scans
    all of it), so big static arrays keep a program alone too, as anything this scanner cannot
    read does."""
    if source.startswith(("#!", "\ufeff")) or re.search(r"^\s*#", source, re.MULTILINE):
        return "special token sequence (#line) or shebang"
    mains = list(HARNESS_MAIN.finditer(source))
    if not mains:
        return "no harness main"
    text = HARNESS_TEXT.sub("", source, count=1)
    if re.search(r"[\"`][^\"`\n]*(main|/proc)", text):
        return "a string naming main (main.o) or /proc"
    code = blank_literals(text)
    if code is None:
        return "literal this scanner does not follow"
    # the harness's main is the only `main`: another (a chat answer's) would clash
    if len(re.findall(r"\bmain\b", code)) != 1:
        return "another main"
    for pattern, reason in FORBIDDEN:
        if re.search(pattern, code):
            return reason
    constants = set(CONSTANT.findall(code))
    for m in re.finditer(r"(?<=[\w\])])\s*\[\s*(0[xX][\da-fA-F_]+|\d[\d_]*)[uUlL]*\s*\]", code):  # a size or an index
        digits = m.group(1).replace("_", "")
        if int(digits, 16 if digits[:2] in ("0x", "0X") else 10) >= BIG_ELEMENTS:
            return "large array size"
    for m in STATIC_ARRAY.finditer(code):
        elements = 1
        for dim in (d.strip() for d in re.findall(r"\[([^\[\]]*)\]", m.group(1))):
            if re.fullmatch(r"\d[\d_]*[uUlL]*", dim):
                elements *= int(re.sub(r"[_uUlL]", "", dim))
            elif dim and (dim in constants or not re.fullmatch(r"\w+|.*[!(].*", dim)):
                return "static array of a computed size"  # else empty or an associative array's key type
        if elements >= BIG_ELEMENTS:
            return "large static array"
    if re.search(r"\bstatic\b[^;{}]*\bnew\b", code) or any(re.search(r"\bnew\b", s) for s in top_level(code)):
        return "static data built at compile time"
    return None


def blank_literals(src: str) -> str | None:
    """`src` with comments and string/character literals blanked (newlines kept); None for text
    this scanner does not follow (q"..." strings, unterminated literals). Token strings q{...}
    stay: they are code, so the guard reads them."""
    out, i, n = [], 0, len(src)
    while i < n:
        c, two = src[i], src[i:i + 2]
        if two == "//":
            j = src.find("\n", i)
            j = n if j < 0 else j
        elif two == "/*":
            j = src.find("*/", i + 2)
            if j < 0:
                return None
            j += 2
        elif two == "/+":  # nesting comment
            depth, j = 1, i + 2
            while j < n and depth:
                depth += (src[j:j + 2] == "/+") - (src[j:j + 2] == "+/")
                j += 2 if src[j:j + 2] in ("/+", "+/") else 1
            if depth:
                return None
        elif two == 'q"':
            return None
        elif c in "\"'`":
            raw = c == "`" or (c == '"' and i > 0 and src[i - 1] == "r" and not (i > 1 and (src[i - 2].isalnum() or src[i - 2] == "_")))
            j = i + 1
            while j < n and src[j] != c:
                if src[j] == "\\" and not raw:
                    j += 1
                j += 1
            if j >= n or (c == "'" and "\n" in src[i:j]):
                return None
            j += 1
        else:
            out.append(c)
            i += 1
            continue
        out.append(re.sub(r"[^\n]", " ", src[i:j]))
        i = j
    return "".join(out)


def top_level(code: str) -> list[str]:
    """The text at brace depth 0 (module scope), as pieces."""
    pieces, depth, start = [], 0, 0
    for i, c in enumerate(code):
        if c == "{":
            if depth == 0:
                pieces.append(code[start:i])
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                start = i + 1
    pieces.append(code[start:] if depth == 0 else "")
    return pieces


def module_text(source: str, name: str) -> str:
    m = list(HARNESS_MAIN.finditer(source))[-1]
    return (f"module {name}; " + source[:m.start()] + "pragma(inline, true) void mbxp_main() {"
            + source[m.end():])


def dispatcher(names: list[str]) -> str:
    imports = "".join(f"static import {n};\n" for n in names)
    cases = "".join(f'        case "{n}": {n}.mbxp_main(); return 0;\n' for n in names)
    return (f"module mbxp_dispatch;\n{imports}\nint main(string[] args) {{\n"
            f'    switch (args.length > 1 ? args[1] : "") {{\n{cases}        default: return 2;\n    }}\n}}\n')


def errors_by_module(output: str, names: list[str]) -> tuple[dict[int, str], str]:
    """ldc2's messages per program (index into `names`: the blocks whose first line, or an
    `instantiated from here` line, is in its file), and the error text that names no program."""
    index = {f"{n}.d": k for k, n in enumerate(names)}
    blocks: list[tuple[int | None, bool, list[str]]] = []  # owner, is an error, lines
    for line in output.splitlines():
        m = LOCATED.match(line)
        # supplemental lines (`instantiated from here`, candidates, import paths) go with the message above
        more = not m.group("kind") if m else line[:1].isspace() or line.startswith("import path[")
        if not more or not blocks:
            blocks.append((index.get(m.group("file")) if m else None,
                           not m or m.group("kind") == "Error", [line]))
        else:
            owner, is_error, lines = blocks[-1]
            lines.append(line)
            if owner is None and m and m.group("file") in index:
                blocks[-1] = (index[m.group("file")], is_error, lines)
    own: dict[int, list[str]] = {}
    for owner, is_error, lines in blocks:
        if owner is not None:
            own.setdefault(owner, []).extend(lines)
    bad = {k for k, is_error, _ in blocks if is_error and k is not None}
    texts = {}
    for k in bad:
        text = "\n".join(own[k]) + "\n"
        text = re.sub(rf"(?<![\w.]){names[k]}\.d\(", "main.d(", text)
        texts[k] = re.sub(rf"(?<![\w.]){names[k]}\.", "main.", text).replace("mbxp_main", "main")
    unowned = "\n".join(ln for owner, is_error, lines in blocks if owner is None and is_error for ln in lines)
    return texts, unowned


class DRunner(Runner):
    language = "d"
    filename = "main.d"
    tools = {"ldc2": "ldc2"}
    compile_cmd = ["{ldc2}", "-O0", "-of=main", "main.d"]
    run_cmd = ["./main"]
    per_sample_compile = compile_cmd
    per_sample_run = run_cmd
    end_style = "braces"
    stop_tokens = ["\n}"]
    # foreign (MultiPL-E style) tests use assert(), which throws AssertError
    assertion_patterns = [r"core\.exception\.AssertError"]
    memory_mb = 1024
    batch_size = 32
    merge_rounds = 4  # parse errors, semantic errors, then the rest: rounds beyond compile alone

    def compile_batch(self, jobs: list[Job], sandbox: str) -> None:
        merged = []
        for job in jobs:
            job.extra["d_alone"] = why_alone(job.source)
            if job.extra["d_alone"] is None:
                merged.append(job)
        if len(merged) > 1:
            self._merge(merged, sandbox, 1)
        for job in jobs:
            if not job.compiled:
                self._alone(job, sandbox)

    def _alone(self, job: Job, sandbox: str) -> None:
        job.extra.pop("d_module", None)
        shared = job.compile_seconds  # its share of failed batch calls
        super().compile_batch([job], sandbox)
        job.compile_seconds += shared

    def _merge(self, jobs: list[Job], sandbox: str, round_: int) -> None:
        """Compile `jobs` as modules of one binary; jobs it leaves uncompiled compile alone."""
        if len(jobs) < 2 or round_ > self.merge_rounds:
            return
        names = [f"m{k:03d}" for k in range(len(jobs))]
        bdir = Path(tempfile.mkdtemp(prefix="dbatch-", dir=jobs[0].workdir.parent))
        try:
            for job, name in zip(jobs, names):
                (bdir / f"{name}.d").write_text(module_text(job.source, name), encoding="utf-8")
            (bdir / "mbxp_dispatch.d").write_text(dispatcher(names), encoding="utf-8")
            argv = [self.tool("ldc2"), "-O0", "-verrors=0", "-of=main", "mbxp_dispatch.d", *(f"{n}.d" for n in names)]
            res = self.sandboxed(argv, bdir, Limits(timeout=self.compile_timeout, memory_mb=self.compile_memory_mb), sandbox)
            for job in jobs:
                job.compile_seconds += res.duration / len(jobs)
            if not self.compile_failed(res) and (bdir / "main").exists():
                for job, name in zip(jobs, names):
                    self.write(job)  # main.d beside the binary, as alone
                    shutil.copy(bdir / "main", job.workdir / "main")  # a copy: samples must not share a file
                    job.extra["d_module"] = name
                    job.compile_result = dataclasses.replace(res, stderr="")
                    job.compiled = True
                return
            if res.timed_out:
                return
            texts, unowned = errors_by_module(res.stderr + res.stdout, names)
            for k, text in texts.items():
                jobs[k].compile_result = dataclasses.replace(res, exit_code=res.exit_code or 1, stderr=text)
                jobs[k].compiled = True
            # a linker message names the module of the symbol it quotes (its source file is arbitrary)
            named = {int(k) for sym in re.findall(r"[`']([^`'\s]+)'", unowned) for k in MODULE_REF.findall(sym)}
            if unowned and not named:
                return  # nothing to blame: every program compiles alone
            rest = [job for k, job in enumerate(jobs) if k not in texts and k not in named]
            if texts or named:  # else nothing changed: compiling the same batch again would loop
                self._merge(rest, sandbox, round_ + 1)
        finally:
            shutil.rmtree(bdir, ignore_errors=True)

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        argv = ["./main", *([job.extra["d_module"]] if job.extra.get("d_module") else [])]
        return self.sandboxed(argv, job.workdir, Limits(timeout=timeout, memory_mb=self.memory_mb), sandbox)


RUNNER = DRunner()
