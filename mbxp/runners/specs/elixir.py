"""Elixir: `elixir main.exs`. The script's modules are compiled before anything runs, so syntax
errors, missing `end`s and undefined local functions are reported as `** (SyntaxError|
TokenMissingError|CompileError) main.exs:...`: those are compile errors. A raise exits 1."""
from __future__ import annotations

from ..base import Runner


class ElixirRunner(Runner):
    language = "elixir"
    filename = "main.exs"
    tools = {"elixir": "elixir"}
    run_cmd = ["{elixir}", "main.exs"]
    end_style = "end"
    line_comment = "#"
    # Column-0 and def-level starts only: blank lines inside a body are common in Elixir.
    stop_tokens = ["\ndefmodule", "\nend", "\n  def ", "\n  defp ", "\n  @", "\n#"]
    compile_error_patterns = [
        r"\*\* \((SyntaxError|TokenMissingError|MismatchedDelimiterError|CompileError)\) main\.exs:"]


RUNNER = ElixirRunner()
