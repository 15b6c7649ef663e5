"""Rust: opt-level 0 compiles fastest (overflow checks stay on, so an overflow panics instead of
silently wrapping); linked by /usr/bin/cc, run alone in its sandbox.

MERGED: most of a lone rustc call is fixed cost (the driver, the test's helper traits, codegen of
std generics, the link), so a batch becomes one crate: each program's text, unchanged, is the
module file `pK.rs` (its `use` lines and leading `#![allow(...)]` keep working in a module) with
`pub fn mbxp_entry() { main() }` appended, and the crate root declares `mod p0; mod p1; ...` and
a dispatcher `main` that calls `pK::mbxp_entry()` for the K on the command line: `./main K` runs
exactly program K, in its own sandbox. Line numbers are the program's own, and its messages name
`main.rs` as in a lone compile. Rust runs nothing before `main` without attributes or `unsafe`
(statics are constant-initialised), and a module sees no name of its batch-mates or of the root
unless it says `crate`/`super`; `may_merge` keeps every program for which that, or anything else
about the merge, could make a difference alone, compiled exactly as the per-sample mode does.

Compile errors: rustc reports the parse, type and borrow errors of every module in one call, so
a failed batch gives the programs its errors name (by primary span file, from the JSON output)
those errors, and the rest are compiled again (at most `merge_rounds` merged calls, then alone);
an error that names no program, or a batch timeout, makes each program compile alone. A lexer
error (unbalanced brackets, an unterminated literal) stops rustc at the first module that has
one, so such programs are found by `lexes` beforehand and compiled alone.

A chat-style answer that brings its own `fn main()` keeps it under another name: the harness's
main is the last one in the file.
"""
from __future__ import annotations

import dataclasses
import json
import re
import shutil
import tempfile
from pathlib import Path

from ..base import Job, Runner
from ..sandbox import Limits, ProcResult

MAIN = re.compile(r"^fn[ \t]+main[ \t]*\(\s*\)", re.MULTILINE)
FLAGS = ["--edition", "2021", "-C", "opt-level=0", "-A", "warnings"]
ENTRY = "\npub fn mbxp_entry() { main() }\n"

# Words that keep a program alone wherever they appear (in code, a string or a comment: a false
# alarm only costs speed; a macro can paste a word into a path, so no context is trusted):
GUARDED_WORDS = re.compile(r"\b(?:" + "|".join([
    # paths relative to the crate root or the parent, which in a batch are the dispatcher's
    "crate", "super",
    # foreign code and symbols (`extern` blocks and crates, assembly that can place code in
    # .init_array), and memory-unsafe code, whose undefined behaviour may read a differently laid
    # out binary; the attributes that do the same (no_mangle, link_section, used...) are below
    "extern", "unsafe", "asm", "global_asm", "naked_asm",
    # files read at compile time (`#[path]` and `mod x;` are checked below), the build environment
    "include", "include_str", "include_bytes", "env", "option_env",
    # values that name the file, the module path or the command line, which the merge changes
    "file", "module_path", "type_name", "type_name_of_val", "Location", "location",
    "backtrace", "Backtrace", "args", "args_os",
    # the merge's own name
    "mbxp_entry",
]) + r")\b")
# `pub(crate)` means what it always does: visible in the (program's or batch's) crate
PUB_CRATE = re.compile(r"\bpub\s*\(\s*crate\s*\)")
# a module loaded from another file (in a batch, from a different directory)
MOD_FILE = re.compile(r"\bmod\b[^{;]*;")
# Attributes that mean the same on a module's items as on the crate root's: anything else keeps
# a program alone (symbols and start-up code: no_mangle, export_name, link_section, used;
# global_allocator, panic_handler; macro_export, macro_use; path; track_caller; deny/forbid lints
# that count crate-wide uses; cfg_attr and attributes a macro pastes in). Inner attributes: only
# lint levels that cannot fail a compile (crate-level ones such as no_std or feature keep it alone).
OUTER_OK = {"derive", "allow", "warn", "expect", "inline", "cold", "must_use", "test", "cfg", "doc",
            "repr", "non_exhaustive", "rustfmt", "clippy"}
OUTER = re.compile(r"#\s*\[\s*([^\s(\]=:]*)")
INNER = re.compile(r"#\s*!")
INNER_OK = re.compile(r"#\s*!\s*\[\s*(?:allow|warn)\s*\(")

TOKEN = re.compile(r"""//[^\n]*|/\*|[bc]?r(\#*)"|[bc]?"(?:\\.|[^"\\])*"|"|"""
                   r"""b?'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F_]{1,6}\}|.)|[^\\'\n])'|[A-Za-z_]\w*|.""",
                   re.DOTALL)
COMMENT_EDGE = re.compile(r"/\*|\*/")


class RustRunner(Runner):
    language = "rust"
    filename = "main.rs"
    tools = {"rustc": "rustc"}
    compile_cmd = ["{rustc}", *FLAGS, "-o", "main", "main.rs"]
    per_sample_compile = compile_cmd
    per_sample_run = ["./main"]
    end_style = "braces"
    # text that only follows the function once it has closed (top-level items)
    stop_tokens = ["\nfn ", "\n///", "\n// ", "\n#[", "\nstruct ", "\nimpl ", "\nuse ", "\nmod ",
                   "\nenum ", "\ntrait ", "\nconst ", "\nstatic "]
    batch_size = 32
    merge_rounds = 3
    memory_mb = 1024
    compile_memory_mb = 2048

    def write(self, job: Job) -> None:
        (job.workdir / self.filename).write_text(rename_mains(job.source), encoding="utf-8")

    def compile_batch(self, jobs: list[Job], sandbox: str) -> None:
        merged = []
        for job in jobs:
            why = why_alone(rename_mains(job.source))
            if why:
                job.extra["rust_alone"] = why
            else:
                merged.append(job)
        alone = [job for job in jobs if job not in merged]
        if len(merged) > 1:
            self._merged(merged, sandbox, alone, rounds=self.merge_rounds)
        else:
            alone += merged
        for job in alone:  # exactly the per-sample compile, after its share of any batch call
            share = job.compile_seconds
            super().compile_batch([job], sandbox)
            job.compile_seconds += share

    def _merged(self, jobs: list[Job], sandbox: str, alone: list[Job], rounds: int) -> None:
        """One rustc call for all jobs (see MERGED); the ones it cannot settle go to `alone`."""
        bdir = Path(tempfile.mkdtemp(prefix="rsbatch-", dir=jobs[0].workdir.parent))
        try:
            for k, job in enumerate(jobs):
                (bdir / f"p{k}.rs").write_text(rename_mains(job.source) + ENTRY, encoding="utf-8")
            (bdir / "main.rs").write_text(dispatcher(len(jobs)), encoding="utf-8")
            limits = Limits(timeout=self.compile_timeout, memory_mb=self.compile_memory_mb)
            argv = [self.tool("rustc"), *FLAGS, "--error-format=json", "-o", "main", "main.rs"]
            res = self.sandboxed(argv, bdir, limits, sandbox)
            for job in jobs:
                job.compile_seconds += res.duration / len(jobs)
            if not self.compile_failed(res):
                for k, job in enumerate(jobs):
                    shutil.copy(bdir / "main", job.workdir / "main")  # a copy: samples must not share a file
                    job.extra["rust_index"] = k
                    job.compile_result = dataclasses.replace(res, stderr="")
                    job.compiled = True
                return
            own = None if res.timed_out else errors_by_program(res.stderr, len(jobs))
            if not own:
                alone += jobs
                return
            for k, text in own.items():
                jobs[k].compile_result = dataclasses.replace(res, stderr=text, exit_code=res.exit_code or 1)
                jobs[k].compiled = True
            rest = [job for k, job in enumerate(jobs) if k not in own]
            if len(rest) > 1 and rounds > 1:
                self._merged(rest, sandbox, alone, rounds - 1)
            else:
                alone += rest
        finally:
            shutil.rmtree(bdir, ignore_errors=True)

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        argv = ["./main", *([str(job.extra["rust_index"])] if "rust_index" in job.extra else [])]
        return self.sandboxed(argv, job.workdir, Limits(timeout=timeout, memory_mb=self.memory_mb), sandbox)


def rename_mains(source: str) -> str:
    mains = list(MAIN.finditer(source))
    for m in reversed(mains[:-1]):
        source = source[:m.start()] + "fn mbxp_solution_main()" + source[m.end():]
    return source


def why_alone(source: str) -> str | None:
    """Why a program (its mains renamed) must compile alone, or None if it may be merged."""
    words = GUARDED_WORDS.search(PUB_CRATE.sub("", source))
    if words:
        return f"uses `{words.group()}`"
    if MOD_FILE.search(source):
        return "loads a module file"
    bad = next((m.group(1) or "?" for m in OUTER.finditer(source) if m.group(1) not in OUTER_OK), None)
    if bad:
        return f"attribute #[{bad}]"
    if any(not INNER_OK.match(source, m.start()) for m in INNER.finditer(source)):
        return "inner attribute"
    mains = list(MAIN.finditer(source))
    # mbxp_entry calls the last `fn main()`, which must return (): main's own checks
    # (Termination, attributes) only apply at a crate root
    if not mains or not re.match(r"\s*\{", source[mains[-1].end():]):
        return "no plain fn main()"
    if not lexes(source):
        return "unbalanced brackets or literals"
    return None


def lexes(source: str) -> bool:
    """Whether the brackets pair up and every literal and comment ends: rustc stops at the first
    file that fails this, so such a program would hide its batch-mates' errors. When unsure
    (a false answer only costs speed), False."""
    pairs, stack, i = {")": "(", "]": "[", "}": "{"}, [], 0
    while i < len(source):
        m = TOKEN.match(source, i)
        tok = m.group()
        i = m.end()
        if tok == "/*":  # block comments nest
            depth = 1
            while depth:
                c = COMMENT_EDGE.search(source, i)
                if not c:
                    return False
                depth += 1 if c.group() == "/*" else -1
                i = c.end()
        elif m.group(1) is not None:  # raw string: ends at a quote and as many hashes
            end = source.find('"' + m.group(1), i)
            if end < 0:
                return False
            i = end + 1 + len(m.group(1))
        elif tok == '"':
            return False
        elif tok in "([{":
            stack.append(tok)
        elif tok in pairs and (not stack or stack.pop() != pairs[tok]):
            return False
    return not stack


def dispatcher(n: int) -> str:
    mods = "".join(f"mod p{k};\n" for k in range(n))
    arms = "".join(f'        Some("{k}") => p{k}::mbxp_entry(),\n' for k in range(n))
    return (f"{mods}\nfn main() {{\n    match std::env::args().nth(1).as_deref() {{\n{arms}"
            f"        _ => std::process::exit(2),\n    }}\n}}\n")


def errors_by_program(stderr: str, n: int) -> dict[int, str] | None:
    """Each failed program's own messages (rendered as in a lone compile, naming main.rs), by the
    file of each error's primary span; None if an error names no program or the output is not
    rustc's JSON (an internal error, a crash)."""
    found: dict[int, list[str]] = {}
    for line in stderr.splitlines():
        try:
            diag = json.loads(line)
        except ValueError:
            return None
        if not isinstance(diag, dict) or diag.get("$message_type") != "diagnostic":
            return None
        if not diag.get("level", "").startswith("error"):
            continue
        if re.match(r"aborting due to", diag.get("message", "")) and not diag.get("spans"):
            continue
        files = {m.group(1) for s in diag.get("spans") or [] if s.get("is_primary")
                 for m in [re.fullmatch(r"p(\d+)\.rs", s.get("file_name", ""))] if m}
        if len(files) != 1 or int(next(iter(files))) >= n:
            return None
        k = int(files.pop())
        found.setdefault(k, []).append(re.sub(rf"(?<=--> |::: )p{k}\.rs:", "main.rs:", diag.get("rendered") or ""))
    out = {}
    for k, texts in found.items():
        s = "s" if len(texts) > 1 else ""
        out[k] = "".join(texts) + f"error: aborting due to {len(texts)} previous error{s}\n"
    return out or None


RUNNER = RustRunner()
