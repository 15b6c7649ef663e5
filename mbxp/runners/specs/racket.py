"""Racket: `racket main.rkt`, with the module compiled beforehand by a warm compile server.

`racket main.rkt` alone (the per-sample mode) expands and compiles the module in memory, which
costs as much as loading `racket` itself. Here a sandboxed server (racket_server.rktl), which
keeps `racket` instantiated, compiles 20 programs per request to <workdir>/compiled/main_rkt.zo:
the same `racket main.rkt` then loads that instead of compiling. The server never runs
model-written code: a program with macros or phase-1 code of its own, reader extensions or file
requires compiles itself at its run, as in the per-sample mode (see compile_server.py).

Read and expansion errors (unbalanced parens, unbound identifiers, bad syntax) are reported before
anything runs, as `main.rkt:LINE:COL: ...` on the first line of stderr: those are compile errors.
Runtime errors are not prefixed with a source location.

Truncation counts parens with a Lisp reader's rules (strings, `;` and `#|...|#` comments, `#\\(`
characters); the generic scanner treats `'` as a string quote, which breaks on `'(1 2)`."""
from __future__ import annotations

from pathlib import Path

from .compile_server import ServerCompiledRunner

SERVER = Path(__file__).with_name("racket_server.rktl")


def lisp_cut(completion: str, prompt: str, char_prefix: str) -> str:
    """Cut right after the paren that closes the form the prompt left open. `char_prefix` starts
    a character literal (`#\\` in Racket/Scheme, `\\` in Clojure)."""
    depth = max(lisp_depth(prompt, char_prefix), 1)
    for i, c in lisp_scan(completion, char_prefix):
        depth += (c == "(") - (c == ")")
        if depth == 0:
            return completion[:i + 1] + "\n"
    return completion


def lisp_depth(text: str, char_prefix: str) -> int:
    return sum((c == "(") - (c == ")") for _, c in lisp_scan(text, char_prefix))


def lisp_scan(text: str, char_prefix: str):
    """(index, char) of the parens outside strings, comments and character literals."""
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == ";":
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
        elif text.startswith("#|", i):
            level, i = 1, i + 2
            while i < n and level:
                if text.startswith("|#", i):
                    level, i = level - 1, i + 2
                elif text.startswith("#|", i):
                    level, i = level + 1, i + 2
                else:
                    i += 1
        elif text.startswith(char_prefix, i):
            i += len(char_prefix) + 1   # the character itself, whatever it is
        else:
            if c in "()":
                yield i, c
            i += 1


class RacketRunner(ServerCompiledRunner):
    language = "racket"
    filename = "main.rkt"
    tools = {"racket": "racket"}
    run_cmd = ["{racket}", "main.rkt"]
    per_sample_run = run_cmd
    end_style = "parens"
    line_comment = ";"
    stop_tokens = ["\n(define ", "\n#|", "\n;", "\n("]  # as MultiPL-E
    # start-up (loading `racket` and expanding the module) keeps a core busy throughout: measured
    # (60 programs, 2 workers, one run) 2.9 programs/s with 1 run per worker in flight, 2.6 with 3
    cpu_bound_runs = True
    compile_error_patterns = [r"\A(\S*/)?main\.rkt:\d+:\d+: ", r"(?m)^\S*main\.rkt:\d+:\d+: read(-syntax)?: "]

    def server_argv(self) -> list[str]:
        return [self.tool("racket"), "-l", "racket/base", "-l", "racket/file", "-l", "racket/string",
                "-e", SERVER.read_text(encoding="utf-8")]

    def truncate(self, completion: str, prompt: str) -> str:
        return lisp_cut(completion, prompt, "#\\")


RUNNER = RacketRunner()
