"""Program assembly: prompt + completion + test, for both completion styles.

(a) A completion that continues the prompt's function body is cut at the end of the function's
    scope (the closing brace, `end`, the dedent...), as the MBXP paper does.
(b) A chat-style answer holding the whole function, maybe in a markdown fence, is extracted and
    placed after the prompt's header, in place of the prompt's doc comment and signature.
"""
from __future__ import annotations

import re

from .specs import get_runner

FENCE = re.compile(r"```[ \t]*([\w+#.-]*)[^\n]*\n(.*?)(?:```|\Z)", re.DOTALL)


def stop_sequences(language: str) -> list[str]:
    """Stop sequences for generation code: generation may stop at any of these."""
    return list(get_runner(language).stop_tokens)


def truncate(completion: str, language: str, prompt: str = "") -> str:
    """Cut a style-(a) completion right after the end of the function the prompt opened."""
    runner = get_runner(language)
    cut = getattr(runner, "truncate", None)
    if cut is not None:
        return cut(completion, prompt)
    style = runner.end_style
    if style == "braces":
        return _cut_balanced(completion, "{", "}", 1, runner.line_comment)
    if style == "parens":
        depth = _depth(prompt, "(", ")", runner.line_comment) if prompt else 1
        return _cut_balanced(completion, "(", ")", max(depth, 1), runner.line_comment)
    if style == "dedent":
        return _cut_dedent(completion)
    if style == "end":
        return _cut_end(completion, prompt)
    if style == "toplevel":
        return _cut_toplevel(completion)
    return completion


def _scan(text: str, comment: str):
    """Yield (index, char) of code characters, skipping strings and comments."""
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if comment and text.startswith(comment, i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i) and comment == "//":
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            continue
        if c in "\"'`":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                if text[j] == "\\":
                    j += 1
                j += 1
            if c == "'" and j - i > 3 and comment != "#":
                yield i, c  # not a char literal (e.g. a Rust lifetime): treat the quote as code
                i += 1
                continue
            i = j + 1
            continue
        yield i, c
        i += 1


def _depth(text: str, open_: str, close: str, comment: str) -> int:
    depth = 0
    for _, c in _scan(text, comment):
        depth += (c == open_) - (c == close)
    return depth


def _cut_balanced(completion: str, open_: str, close: str, depth: int, comment: str) -> str:
    for i, c in _scan(completion, comment):
        depth += (c == open_) - (c == close)
        if depth == 0:
            return completion[:i + 1] + "\n"
    return completion


def _cut_dedent(completion: str) -> str:
    lines = completion.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.strip() and not line[0].isspace() and i > 0:
            return "".join(lines[:i])
        if line.strip() and not line[0].isspace() and i == 0:
            return ""
    return completion


def _cut_end(completion: str, prompt: str) -> str:
    """Ruby, Lua, Elixir: the function ends at the first `end` indented no deeper than its `def`."""
    last = [ln for ln in prompt.splitlines() if re.match(r"\s*(def|function|local function)\b", ln)]
    indent = len(last[-1]) - len(last[-1].lstrip()) if last else 0
    lines = completion.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.strip() == "end" and len(line) - len(line.lstrip()) <= indent:
            return "".join(lines[:i + 1])
    return completion


def _cut_toplevel(completion: str) -> str:
    lines = completion.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if i > 0 and line.strip() and not line[0].isspace():
            return "".join(lines[:i])
    return completion


def extract_code(completion: str) -> str | None:
    """The first fenced code block of a chat-style answer, or None."""
    m = FENCE.search(completion)
    return m.group(2) if m else None


def whole_function(code: str, name: str) -> bool:
    """Does a chat answer define the function itself (C-like, Python, Lisp or Elixir style)?"""
    n = re.escape(name)
    return bool(re.search(rf"\b{n}\b\s*[(:=<]", code) or re.search(rf"\((define|defn-?)\s+\(?{n}[\s)\[]", code)
                or re.search(rf"\bdef\s+{n}\b", code))


def assemble(row: dict, completion: str) -> str:
    """The full program for one completion of one dataset row."""
    code = extract_code(completion)
    name = row.get("entry_point_target") or row["entry_point"]
    if code is not None and whole_function(code, name):
        return row["header"] + code.rstrip() + "\n" + row["test"]
    body = code if code is not None else completion
    return row["prompt"] + truncate(body, row["language"], row["prompt"]) + row["test"]
