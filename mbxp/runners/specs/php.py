"""PHP 8.2 CLI. Errors are logged to stderr with the "PHP " prefix (display_errors off)."""
from ..base import Runner


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



RUNNER = PhpRunner()
