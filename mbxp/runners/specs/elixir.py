"""Elixir 1.14: a warm compile server turns each program into .beam files; each runs in a fresh VM.

`elixir main.exs` (the per-sample mode) spends most of its time compiling: the Erlang compiler is
loaded and the script's modules (the test's checker is the biggest) are compiled before anything
runs. Here a sandboxed server (elixir_server.exs) compiles 20 programs per request into
<workdir>/ebin, with the script's top-level code as `MbxpMain.main/0`, which runs it the way the
`elixir` command does (`Kernel.CLI.run`: same error report, exit status and at_exit hooks). Each
program then runs in its own sandbox as `erl -s Elixir.MbxpMain main`, which loads no compiler.

The server never runs model-written code. A program goes there only if compiling it runs none of
its own code: its modules hold plain `def`s, literal attributes, imports and aliases, nothing that
expands its own macros or calls back at compile time. Any other program, and every program whose
compile the server could not finish, runs as a script, exactly as in the per-sample mode.

The script's modules are compiled before anything runs, so syntax errors, missing `end`s and
undefined local functions are reported as `** (SyntaxError|TokenMissingError|CompileError)
main.exs:...`: those are compile errors. A raise exits 1.
"""
from __future__ import annotations

import functools
import glob
import os
from pathlib import Path

from ..base import Job
from ..sandbox import Limits, ProcResult
from .compile_server import ServerCompiledRunner

SERVER = Path(__file__).with_name("elixir_server.exs")


class ElixirRunner(ServerCompiledRunner):
    language = "elixir"
    filename = "main.exs"
    tools = {"elixir": "elixir", "erl": "erl"}
    run_cmd = ["{elixir}", "main.exs"]
    per_sample_run = run_cmd
    end_style = "end"
    line_comment = "#"
    # Column-0 and def-level starts only: blank lines inside a body are common in Elixir.
    stop_tokens = ["\ndefmodule", "\nend", "\n  def ", "\n  defp ", "\n  @", "\n#"]
    compile_error_patterns = [
        r"\*\* \((SyntaxError|TokenMissingError|MismatchedDelimiterError|CompileError)\) main\.exs:"]

    @functools.cached_property
    def ebins(self) -> list[str]:
        """The code path `elixir` gives erl: every application of the installation, elixir first
        (looked up once: every precompiled run needs it)."""
        lib = Path(os.path.realpath(self.tool("elixir") or "elixir")).parent.parent / "lib"
        found = sorted(glob.glob(str(lib / "*" / "ebin")))
        return sorted(found, key=lambda p: Path(p).parent.name != "elixir")

    def server_argv(self) -> list[str]:
        return [self.tool("elixir"), "-e", SERVER.read_text(encoding="utf-8")]

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        if not job.extra.get("precompiled"):
            return super().run_job(job, timeout, sandbox)
        argv = [self.tool("erl"), "-noshell", "-pa", *self.ebins, "ebin", "-s", "Elixir.MbxpMain", "main"]
        return self.sandboxed(argv, job.workdir, Limits(timeout=timeout, memory_mb=self.memory_mb), sandbox)


RUNNER = ElixirRunner()
