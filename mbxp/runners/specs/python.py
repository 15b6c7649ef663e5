"""Python: the system python3 in isolated mode (-I: no user site, no PYTHONPATH). Site stays on
(+4 ms) so that Debian's dist-packages (NumPy, SciPy: MathQA programs use scipy.special) import."""
from ..base import Runner


class PythonRunner(Runner):
    language = "python"
    filename = "main.py"
    tools = {"python": "python3"}
    run_cmd = ["{python}", "-I", "main.py"]
    # the plain command in the plain environment; the engine's runs add run_env
    per_sample_run = run_cmd
    run_env = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    end_style = "dedent"
    line_comment = "#"
    stop_tokens = ["\ndef ", "\nclass ", "\nif __name__", "\nprint(", "\n#"]
    compile_error_patterns = [r"(?m)^(SyntaxError|IndentationError|TabError)\b"]
    assertion_patterns = [r"(?m)^AssertionError\b"]


RUNNER = PythonRunner()
