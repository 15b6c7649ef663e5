"""Perl: run with the system perl. A die exits 255 like a syntax error does, so syntax errors are
told apart by perl's own compile-time messages."""
from __future__ import annotations

import re

from ..base import Runner


def cut_at_closing_brace(completion: str, prompt: str = "") -> str:
    """The function ends at the first line starting with `}` in column 0 (the prompt opens it
    in column 0 and bodies are indented). Counting braces is unreliable in Perl and Bash, where
    `$#array`, `${#arr[@]}` and regexes look like comments or strings to a generic scanner."""
    m = re.search(r"(?m)^\}[^\n]*(\n|$)", completion)
    return completion[:m.end()] if m else completion


class PerlRunner(Runner):
    language = "perl"
    filename = "main.pl"
    tools = {"perl": "perl"}
    run_cmd = ["{perl}", "main.pl"]
    end_style = "braces"
    line_comment = "#"
    stop_tokens = ["\nsub ", "\n#", "\nprint", "\n1;", "\n__END__"]
    compile_error_patterns = [r"aborted due to compilation errors", r"(?m)^syntax error at ",
                              r"(?m)^Missing right curly or square bracket at ",
                              r"(?m)^Can't find string terminator "]

    def truncate(self, completion: str, prompt: str = "") -> str:
        return cut_at_closing_brace(completion, prompt)


RUNNER = PerlRunner()
