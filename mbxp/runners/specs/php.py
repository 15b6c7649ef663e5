"""PHP 8.2 CLI. Errors are logged to stderr with the "PHP " prefix (display_errors off)."""
from ...conversion.emitters.base import PASS_MARKER
from ..base import Runner
from ..sandbox import ProcResult


class PhpRunner(Runner):
    language = "php"
    filename = "main.php"
    tools = {"php": "php"}
    # memory_limit=-1: the sandbox's memory cgroup is the limit, so exhaustion is `memory_limit`.
    run_cmd = ["{php}", "-d", "display_errors=0", "-d", "log_errors=1", "-d", "error_log=",
               "-d", "memory_limit=-1", "-d", "error_reporting=-1", "main.php"]
    end_style = "braces"
    stop_tokens = ["\nfunction ", "\n?>", "\n//", "\n#", "\n/*", "\necho", "\nprint"]
    # Parse errors and redeclared functions are found before anything runs.
    compile_error_patterns = [r"PHP Parse error:", r"PHP Fatal error:\s+Cannot redeclare"]

    def classify(self, result: ProcResult) -> str:
        verdict = super().classify(result)
        # exit(0) inside the solution must not pass: the test prints the marker last.
        if verdict == "passed" and PASS_MARKER not in result.stdout and not result.truncated:
            return "runtime_error"
        return verdict


RUNNER = PhpRunner()
