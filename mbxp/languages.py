"""The languages mbxp knows: one row each, kept as data.

Everything else (emitters, runner specs, toolchains, configs) is looked up by `Language.name`.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Language:
    name: str        # key used everywhere: file names, the `language` field, --only flags
    display: str     # how descriptions name it: "python function" -> "Kotlin function"
    config: str      # MBXP config name (the paper's, or the same pattern for extras)
    task_prefix: str  # MBXP task id prefix, e.g. "MBKP" in "MBKP/11"
    ext: str         # source file extension
    paper: bool      # one of the 13 languages of the MBXP paper


LANGUAGES: dict[str, Language] = {
    lang.name: lang
    for lang in [
        Language("python", "Python", "mbpp", "MBPP", ".py", True),
        Language("java", "Java", "mbjp", "MBJP", ".java", True),
        Language("javascript", "JavaScript", "mbjsp", "MBJSP", ".js", True),
        Language("typescript", "TypeScript", "mbtsp", "MBTSP", ".ts", True),
        Language("go", "Go", "mbgp", "MBGP", ".go", True),
        Language("csharp", "C#", "mbcsp", "MBCSP", ".cs", True),
        Language("php", "PHP", "mbphp", "MBPHP", ".php", True),
        Language("ruby", "Ruby", "mbrbp", "MBRBP", ".rb", True),
        Language("kotlin", "Kotlin", "mbkp", "MBKP", ".kt", True),
        Language("cpp", "C++", "mbcpp", "MBCPP", ".cpp", True),
        Language("perl", "Perl", "mbplp", "MBPLP", ".pl", True),
        Language("scala", "Scala", "mbscp", "MBSCP", ".scala", True),
        Language("swift", "Swift", "mbswp", "MBSWP", ".swift", True),
        Language("rust", "Rust", "mbrsp", "MBRSP", ".rs", False),
        Language("lua", "Lua", "mbluap", "MBLUAP", ".lua", False),
        Language("r", "R", "mbrp", "MBRP", ".r", False),
        Language("racket", "Racket", "mbrktp", "MBRKTP", ".rkt", False),
        Language("bash", "Bash", "mbshp", "MBSHP", ".sh", False),
        Language("d", "D", "mbdp", "MBDP", ".d", False),
        Language("haskell", "Haskell", "mbhsp", "MBHSP", ".hs", False),
        Language("ocaml", "OCaml", "mbmlp", "MBMLP", ".ml", False),
        Language("elixir", "Elixir", "mbexp", "MBEXP", ".exs", False),
        Language("clojure", "Clojure", "mbcljp", "MBCLJP", ".clj", False),
    ]
}

# Languages whose toolchain installs but whose emitter and runner are not written yet. Listed, not
# hidden: `mbxp build` reports them, and a test keeps this list equal to what is missing.
PLANNED: set[str] = set()

PAPER_LANGUAGES = [name for name, lang in LANGUAGES.items() if lang.paper]
EXTRA_LANGUAGES = [name for name, lang in LANGUAGES.items() if not lang.paper]


def get_language(name: str) -> Language:
    """Look a language up by name, display name or config name; unknown names list the known ones."""
    key = name.strip().lower()
    for lang in LANGUAGES.values():
        if key in (lang.name, lang.display.lower(), lang.config):
            return lang
    aliases = {"c#": "csharp", "cs": "csharp", "c++": "cpp", "js": "javascript", "ts": "typescript",
               "kt": "kotlin", "rb": "ruby", "pl": "perl", "rs": "rust", "sh": "bash", "hs": "haskell",
               "ml": "ocaml", "ex": "elixir", "clj": "clojure", "rkt": "racket", "py": "python"}
    if key in aliases:
        return LANGUAGES[aliases[key]]
    raise ValueError(f"unknown language {name!r}; known: {', '.join(LANGUAGES)}")


def implemented() -> list[str]:
    return [name for name in LANGUAGES if name not in PLANNED]


def parse_languages(spec: str | None) -> list[str]:
    """'java,kotlin' -> ['java', 'kotlin']; None or 'all' -> every implemented language."""
    if not spec or spec == "all":
        return implemented()
    return [get_language(part).name for part in spec.split(",") if part.strip()]
