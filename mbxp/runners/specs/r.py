"""R: Rscript with no site/user profiles or environ files, as --vanilla; default packages kept
since models use stats/utils.

Rscript parses and evaluates the file one top-level expression at a time, so a syntax error in
the completion surfaces as a parse error before any check ran: those messages mean compile_error.

The engine's runs attach the default packages lazily (r_autoload.R, as R's site profile): a run
that uses only base starts in ~70 ms of CPU instead of ~200. The per-sample mode runs the plain
`Rscript --vanilla`.
"""
from __future__ import annotations

import functools
import os
import shutil
import subprocess
from pathlib import Path

from ..base import Job, Runner
from ..built import cached
from ..sandbox import Limits, ProcResult

AUTOLOAD = Path(__file__).with_name("r_autoload.R")
# R's default packages in their search order (the first to export a name masks the others)
DEFAULT_PACKAGES = ["stats", "graphics", "grDevices", "utils", "datasets", "methods"]
# everything --vanilla means except --no-site-file: the site profile is ours
FLAGS = ["--no-save", "--no-restore", "--no-init-file", "--no-environ"]


class RRunner(Runner):
    language = "r"
    filename = "main.r"
    tools = {"Rscript": "Rscript"}
    run_cmd = ["{Rscript}", "--vanilla", "main.r"]
    per_sample_run = run_cmd
    run_env = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    end_style = "braces"
    line_comment = "#"
    stop_tokens = ["\n#", "\n```", "\nprint(", "\ncat(", "\nlibrary(", "\nstopifnot(", "\ntest_"]
    compile_error_patterns = [
        r"(?m)^Error: (unexpected |'\\.*' is an unrecognized escape|invalid multibyte character|"
        r"malformed raw string literal|repeated formal argument|invalid \\u\{xxxx\} sequence|"
        r"nul character not allowed)",
        r"(?m)^Error in parse\(",
    ]

    def profile(self) -> Path | None:
        """The directory with the lazy site profile and the default packages' exports; None if
        it cannot be made (runs then attach the packages at start)."""
        return build_profile(self.tool("Rscript"))

    def binds(self) -> list[str]:
        built = self.profile()
        return super().binds() + ([str(built)] if built else [])

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        profile = self.profile()
        if profile is None:
            return super().run_job(job, timeout, sandbox)
        env = {**self.run_env, "R_PROFILE": str(profile / AUTOLOAD.name), "R_DEFAULT_PACKAGES": "NULL",
               "MBXP_R_EXPORTS": str(profile / "exports.txt")}
        return self.sandboxed([self.tool("Rscript"), *FLAGS, "main.r"], job.workdir,
                              Limits(timeout=timeout, memory_mb=self.memory_mb), sandbox, env=env)


@functools.lru_cache(maxsize=None)
def build_profile(rscript: str | None) -> Path | None:
    """Once per R installation: what the default packages export (listed by our own trusted R
    call), beside a copy of the site profile, in a cache directory the sandbox can read."""
    if not rscript:
        return None
    listing = ("for (p in c(%s)) writeLines(paste(p, ls(paste0('package:', p), all.names = TRUE)))"
               % ", ".join(f"'{p}'" for p in DEFAULT_PACKAGES))

    def make(target: Path, part: Path) -> None:
        out = subprocess.run([rscript, "--vanilla", "-e", listing], capture_output=True, text=True, timeout=120,
                             check=True, env={"PATH": os.environ.get("PATH", ""), "LANG": "C.UTF-8"}).stdout
        lines = [ln for ln in out.splitlines() if ln.split(" ", 1)[0] in DEFAULT_PACKAGES and " " in ln]
        if len({ln.split(" ", 1)[0] for ln in lines}) != len(DEFAULT_PACKAGES):
            raise OSError(f"R listed exports of only some default packages: {out[:200]!r}")
        shutil.copy(AUTOLOAD, target / AUTOLOAD.name)
        os.chmod(target / AUTOLOAD.name, 0o644)
        part.write_text("\n".join(lines) + "\n", encoding="utf-8")

    try:
        version = subprocess.run([rscript, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    exports = cached("r", "profile", [os.path.realpath(rscript), version.stdout + version.stderr,
                                      AUTOLOAD.read_text(), listing], "exports.txt", make)
    return exports.parent if exports else None


RUNNER = RRunner()
