"""Python: run with the system python3 in isolated mode (no site, no user packages)."""
from ..base import Runner


class PythonRunner(Runner):
    language = "python"
    filename = "main.py"
    tools = {"python": "python3"}
    run_cmd = ["{python}", "-I", "-S", "main.py"]
    end_style = "dedent"
    line_comment = "#"
    stop_tokens = ["\ndef ", "\nclass ", "\nif __name__", "\nprint(", "\n#"]
    compile_error_patterns = [r"(?m)^(SyntaxError|IndentationError|TabError)\b"]
    assertion_patterns = [r"(?m)^AssertionError\b"]


RUNNER = PythonRunner()
