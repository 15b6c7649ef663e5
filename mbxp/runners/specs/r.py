"""R: Rscript with no site/user profiles or environ files, as --vanilla; default packages kept
since models use stats/utils.

Rscript parses and evaluates the file one top-level expression at a time, so a syntax error in
the completion surfaces as a parse error before any check ran: those messages mean compile_error.

The engine's runs attach the default packages lazily (r_autoload.R, as R's site profile): a run
that uses only base starts in ~70 ms of CPU instead of ~200. The per-sample mode runs the plain
`Rscript --vanilla`.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import threading
from pathlib import Path

from ..base import Job, Runner
from ..sandbox import Limits, ProcResult

AUTOLOAD = Path(__file__).with_name("r_autoload.R")
CACHE_ROOTS = ["/opt/mbxp/cache/r", "~/.cache/mbxp/r"]
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

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._profile: Path | None | bool = False  # False: not built yet

    def profile(self) -> Path | None:
        """The directory with the lazy site profile and the default packages' exports; None if
        it cannot be made (runs then attach the packages at start)."""
        with self._lock:
            if self._profile is False:
                self._profile = build_profile(self.tool("Rscript"))
            return self._profile  # type: ignore[return-value]

    def binds(self) -> list[str]:
        built = self._profile or None
        return super().binds() + ([str(built)] if built else [])

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        profile = self.profile()
        if profile is None:
            return super().run_job(job, timeout, sandbox)
        env = {**self.run_env, "R_PROFILE": str(profile / AUTOLOAD.name), "R_DEFAULT_PACKAGES": "NULL",
               "MBXP_R_EXPORTS": str(profile / "exports.txt")}
        return self.sandboxed([self.tool("Rscript"), *FLAGS, "main.r"], job.workdir,
                              Limits(timeout=timeout, memory_mb=self.memory_mb), sandbox, env=env)


def build_profile(rscript: str | None) -> Path | None:
    """Once per R installation: list what the default packages export (trusted code, our own),
    beside a copy of the site profile, in a cache directory the sandbox can read."""
    if not rscript:
        return None
    listing = ("for (p in c(%s)) writeLines(paste(p, ls(paste0('package:', p), all.names = TRUE)))"
               % ", ".join(f"'{p}'" for p in DEFAULT_PACKAGES))
    try:
        version = subprocess.run([rscript, "--version"], capture_output=True, text=True, timeout=60)
        key = hashlib.sha256("\0".join([os.path.realpath(rscript), version.stdout + version.stderr,
                                        AUTOLOAD.read_text(), listing]).encode()).hexdigest()[:16]
    except (OSError, subprocess.SubprocessError):
        return None
    for root in CACHE_ROOTS:
        root = Path(os.path.expanduser(root))
        target = root / key
        if (target / "exports.txt").is_file():
            return target
        try:
            root.mkdir(parents=True, exist_ok=True)
            os.chmod(root, 0o755)
            with open(root / ".lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                if not (target / "exports.txt").is_file():
                    _write_profile(rscript, listing, target)
            return target
        except (OSError, subprocess.SubprocessError):
            continue
    return None


def _write_profile(rscript: str, listing: str, target: Path) -> None:
    out = subprocess.run([rscript, "--vanilla", "-e", listing], capture_output=True, text=True, timeout=120,
                         check=True, env={"PATH": os.environ.get("PATH", ""), "LANG": "C.UTF-8"}).stdout
    lines = [ln for ln in out.splitlines() if ln.split(" ", 1)[0] in DEFAULT_PACKAGES and " " in ln]
    if len({ln.split(" ", 1)[0] for ln in lines}) != len(DEFAULT_PACKAGES):
        raise OSError(f"R listed exports of only some default packages: {out[:200]!r}")
    target.mkdir(parents=True, exist_ok=True)
    os.chmod(target, 0o755)
    shutil.copy(AUTOLOAD, target / AUTOLOAD.name)
    part = target / f".exports-{os.getpid()}"
    part.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for f in (part, target / AUTOLOAD.name):
        os.chmod(f, 0o644)
    os.replace(part, target / "exports.txt")  # last: its presence means the directory is complete


RUNNER = RRunner()
