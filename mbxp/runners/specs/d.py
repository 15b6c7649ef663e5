"""D with LDC 1.30: `ldc2` without optimisation (compile time dominates; MBPP inputs are
small), linked against the shared Phobos Debian ships."""
from __future__ import annotations

from ..base import Runner


class DRunner(Runner):
    language = "d"
    filename = "main.d"
    tools = {"ldc2": "ldc2"}
    compile_cmd = ["{ldc2}", "-O0", "-of=main", "main.d"]
    run_cmd = ["./main"]
    end_style = "braces"
    stop_tokens = ["\n}"]
    # foreign (MultiPL-E style) tests use assert(), which throws AssertError
    assertion_patterns = [r"core\.exception\.AssertError"]
    memory_mb = 1024


RUNNER = DRunner()
