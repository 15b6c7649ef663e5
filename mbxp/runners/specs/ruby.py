"""Ruby: run with --disable-gems, which cuts start-up from ~55 ms to ~10 ms. Bundled gems that are
not part of the standard library (prime, matrix, ...) stay requirable: their lib directories are
put on the load path explicitly."""
from __future__ import annotations

import subprocess
from functools import cache
from pathlib import Path

from ..base import Runner

PROBE = 'puts RbConfig::CONFIG["rubylibdir"], Gem.path'


class RubyRunner(Runner):
    language = "ruby"
    filename = "main.rb"
    tools = {"ruby": "ruby"}
    end_style = "end"
    line_comment = "#"
    stop_tokens = ["\nclass", "\ndef", "\n#", "\nputs", "\nrequire", "\nif __FILE__"]
    # Ruby parses the whole file before running it; a parse error is "main.rb:N: syntax error..."
    # (or "...: unterminated string meets end of file" followed by one).
    compile_error_patterns = [r"(?m)^main\.rb:\d+: (syntax error|unterminated|.*\(SyntaxError\))"]

    @property
    def run_cmd(self) -> list[str]:
        return ["{ruby}", "--disable-gems", *bundled_gem_flags(self.tool("ruby") or "ruby"), "main.rb"]


@cache
def bundled_gem_flags(ruby: str) -> tuple[str, ...]:
    """-I for each installed gem whose files the standard library does not already provide."""
    try:
        out = subprocess.run([ruby, "-e", PROBE], capture_output=True, text=True, timeout=30).stdout
        libdir, *gemdirs = out.split()
    except (OSError, ValueError, subprocess.SubprocessError):
        return ()
    stdlib = {entry.name for entry in Path(libdir).iterdir()} if Path(libdir).is_dir() else set()
    flags = []
    for lib in sorted(lib for d in gemdirs for lib in Path(d, "gems").glob("*/lib")):
        entries = {e.name for e in lib.iterdir()}
        if entries and not entries & stdlib:
            flags.append(f"-I{lib}")
    return tuple(flags)


RUNNER = RubyRunner()
