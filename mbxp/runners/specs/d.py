"""D with LDC 1.30: `ldc2` without optimisation (compile time dominates; MBPP inputs are
small), linked against the shared Phobos Debian ships."""
from __future__ import annotations

from ...conversion.emitters.base import PASS_MARKER
from ..base import Runner
from ..sandbox import ProcResult


class DRunner(Runner):
    language = "d"
    filename = "main.d"
    tools = {"ldc2": "ldc2"}
    compile_cmd = ["{ldc2}", "-O0", "-of=main", "main.d"]
    run_cmd = ["./main"]
    end_style = "braces"
    stop_tokens = ["\n}"]
    memory_mb = 1024

    def classify(self, result: ProcResult) -> str:
        verdict = super().classify(result)
        # exit(0) from inside the function skips the checks; that is not a pass (a flood of
        # output may have cut the marker off, then the exit code is trusted).
        if verdict == "passed" and PASS_MARKER not in result.stdout and not result.truncated:
            return "runtime_error"
        return verdict


RUNNER = DRunner()
