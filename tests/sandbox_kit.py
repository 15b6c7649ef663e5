"""Shared by the sandbox tests: argv builders, leak checks and the `box` fixture."""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import textwrap
import time
import uuid
from pathlib import Path

import pytest

from mbxp.runners import cgroups
from mbxp.runners import sandbox as sb
from mbxp.runners.sandbox import Limits

PY = "/usr/bin/python3"
HAVE_BWRAP = sb.sandbox_mode() == "bwrap"
needs_bwrap = pytest.mark.skipif(not HAVE_BWRAP, reason="bubblewrap not usable here")
MODES = ["auto", "none"]


def py(code: str, marker: str, *args: str) -> list[str]:
    return [PY, "-I", "-S", "-c", textwrap.dedent(code), marker, *args]


def node(code: str, marker: str) -> list[str]:
    return ["node", "-e", textwrap.dedent(code), marker]


def alive(marker: str) -> list[str]:
    r = subprocess.run(["pgrep", "-af", marker], capture_output=True, text=True)
    return r.stdout.splitlines()


def our_cgroups() -> list[str]:
    left = []
    for base, _ in set(cgroups.bases().values()):
        left += [e.name for e in os.scandir(base) if e.name.startswith(f"mbxp-{os.getpid()}-")]
    return left


class Box:
    def __init__(self) -> None:
        self.marker = "mbxpmark" + uuid.uuid4().hex[:12]
        # not pytest's tmp_path: /tmp/pytest-of-root is 0700, which would force the weaker
        # root-started bwrap (see sandbox docstring); a plain mkdtemp in /tmp is reachable.
        self.wd = Path(tempfile.mkdtemp(prefix="sbx-"))

    def run(self, argv, limits=Limits(timeout=5), **kw) -> sb.ProcResult:
        return sb.run(argv, self.wd, limits, **kw)

    def py(self, code, *args, limits=Limits(timeout=5), **kw) -> sb.ProcResult:
        return self.run(py(code, self.marker, *args), limits, **kw)


@pytest.fixture
def box():
    b = Box()
    yield b
    deadline = time.monotonic() + 1  # run() returned only after killing; allow /proc to settle
    while alive(b.marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert alive(b.marker) == [], "process left behind"
    assert our_cgroups() == [], "cgroup left behind"
    assert not list(Path("/tmp").glob(f"*{b.marker}*")), "file left in the host's /tmp"
    r = sb.run([PY, "-I", "-S", "-c", "print('ok')"], b.wd, Limits(timeout=10))
    assert (r.exit_code, r.stdout, r.timed_out) == (0, "ok\n", False), r
    shutil.rmtree(b.wd)


