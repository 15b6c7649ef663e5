"""Bash 5.2: run the script with the system bash. A syntax error stops bash before the tests run;
it is told apart from run-time errors (an arithmetic "syntax error: operand expected", an eval's
parse error) by bash's parse-error messages for the script file itself."""
from __future__ import annotations

from ..base import Runner
from .perl import cut_at_closing_brace


class BashRunner(Runner):
    language = "bash"
    filename = "main.sh"
    tools = {"bash": "bash"}
    run_cmd = ["{bash}", "main.sh"]
    end_style = "braces"
    line_comment = "#"
    stop_tokens = ["\n}"]  # as MultiPL-E; truncate() keeps the closing brace
    compile_error_patterns = [
        r"(?m)^main\.sh: line \d+: syntax error near unexpected token",
        r"(?m)^main\.sh: line \d+: syntax error: unexpected end of file",
        r"(?m)^main\.sh: line \d+: unexpected EOF while looking for matching",
        r"(?m)^main\.sh: line \d+: syntax error in conditional expression",
    ]

    def truncate(self, completion: str, prompt: str = "") -> str:
        return cut_at_closing_brace(completion, prompt)


RUNNER = BashRunner()
