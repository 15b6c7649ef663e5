"""JavaScript: a CommonJS file run by Node 20."""
from ..base import Runner

# A parse error is raised while Node compiles the module (wrapSafe); a SyntaxError thrown at run
# time (JSON.parse, new RegExp, eval) has another stack and stays a runtime error.
PARSE_ERROR = r"SyntaxError: [^\n]*\n\s+at (wrapSafe|internalCompileFunction|compileSourceTextModule)"


class JavaScriptRunner(Runner):
    language = "javascript"
    filename = "main.js"
    tools = {"node": "node"}
    run_cmd = ["{node}", "main.js"]
    end_style = "braces"
    stop_tokens = ["\nfunction ", "\n/*", "\n//", "\nconsole.log", "\nmodule.exports"]
    compile_error_patterns = [PARSE_ERROR]



RUNNER = JavaScriptRunner()
