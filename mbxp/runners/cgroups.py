"""The cgroup layer of the sandbox: a fresh child of our own memory and pids cgroups per call.

They bound memory (incl. tmpfs) and fork fan-out, report OOM kills, and list every descendant
(even ones that called setsid), so that nothing survives a call. cgroups v1 (what these hosts
mount read-write) or v2 where that is what the host has; children are made under the cgroup we
already sit in, and removed when done.
"""
from __future__ import annotations

import functools
import itertools
import logging
import os
import signal
import time

log = logging.getLogger("mbxp.runners.sandbox")


@functools.lru_cache(maxsize=None)
def bases() -> dict[str, tuple[str, int]]:
    """{"memory"|"pids": (directory of our own cgroup, version)} for the controllers we can use."""
    mounts: dict[str, tuple[str, str]] = {}  # controller ("" = v2) -> (mount point, mount root)
    try:
        with open("/proc/self/mountinfo") as f:
            for line in f:
                left, _, right = line.partition(" - ")
                fields, (fstype, _, opts) = left.split(), right.split()[:3]
                if fstype == "cgroup2":
                    mounts.setdefault("", (fields[4], fields[3]))
                elif fstype == "cgroup":
                    for c in {"memory", "pids"} & set(opts.split(",")):
                        mounts[c] = (fields[4], fields[3])
        with open("/proc/self/cgroup") as f:
            mine = {}
            for line in f:
                _, ctrls, path = line.rstrip("\n").split(":", 2)
                for c in ctrls.split(",") if ctrls else [""]:
                    mine[c] = path
    except (OSError, ValueError):
        mounts, mine = {}, {}

    def base(c: str) -> str | None:
        if c not in mounts or c not in mine:
            return None
        mp, mroot = mounts[c]
        path = mine[c]
        rel = path[len(mroot):] if path.startswith(mroot) and mroot != "/" else path
        d = mp + rel.rstrip("/")
        return d if os.path.isdir(d) and os.access(d, os.W_OK) else None

    found: dict[str, tuple[str, int]] = {}
    for c in ("memory", "pids"):
        if (d := base(c)):
            found[c] = (d, 1)
        elif (d := base("")):
            try:  # v2: children only get the controllers enabled in our subtree_control
                with open(f"{d}/cgroup.subtree_control") as f:
                    if c in f.read().split():
                        found[c] = (d, 2)
            except OSError:
                pass
    for d, _ in set(found.values()):  # leftovers of crashed earlier processes
        for e in os.scandir(d):
            pid = e.name.split("-")[1] if e.name.startswith("mbxp-") else None
            if pid and pid.isdigit() and not os.path.exists(f"/proc/{pid}"):
                remove(e.path)
    return found


def read(path: str) -> str:
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def write(path: str, value: str) -> bool:
    try:
        with open(path, "w") as f:
            f.write(value)
        return True
    except OSError:
        return False


def remove(d: str) -> None:
    for _ in range(50):
        for pid in read(f"{d}/cgroup.procs").split():
            try:
                os.kill(int(pid), signal.SIGKILL)
            except OSError:
                pass
        try:
            os.rmdir(d)
            return
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(0.01)
    log.warning("mbxp.sandbox: could not remove cgroup %s", d)


_names = itertools.count()


class Cgroups:
    """The per-call child cgroups. Children join them by writing "0" (= self) to pre-opened
    cgroup.procs fds in preexec, i.e. before exec, so not even bwrap runs outside them."""

    def __init__(self, memory_mb: int, pids: int):
        self.dirs: dict[str, tuple[str, int]] = {}  # controller -> (dir, version)
        self.fds: list[int] = []
        self.failed: list[str] = []  # why a controller could not be used (the caller warns)
        name = f"mbxp-{os.getpid()}-{next(_names)}"
        mem = memory_mb * 2**20
        for c, (base, v) in bases().items():
            d = f"{base}/{name}"
            if (d, v) not in self.dirs.values():
                try:
                    os.mkdir(d)
                except FileExistsError:
                    pass
                except OSError as e:
                    self.failed.append(f"cannot create {c} cgroup ({e})")
                    continue
            self.dirs[c] = (d, v)
            if c == "pids":
                write(f"{d}/pids.max", str(pids))
            elif v == 1:
                write(f"{d}/memory.limit_in_bytes", str(mem))
                write(f"{d}/memory.memsw.limit_in_bytes", str(mem))  # absent without swap accounting
            else:
                write(f"{d}/memory.max", str(mem))
                write(f"{d}/memory.swap.max", "0")
        try:
            for d in {d for d, _ in self.dirs.values()}:
                self.fds.append(os.open(f"{d}/cgroup.procs", os.O_WRONLY | os.O_CLOEXEC))
        except OSError:
            self.close()
            raise

    def oom(self) -> bool:
        if "memory" not in self.dirs:
            return False
        d, v = self.dirs["memory"]
        text = read(f"{d}/memory.oom_control" if v == 1 else f"{d}/memory.events")
        return any(line.split()[1] != "0" for line in text.splitlines()
                   if line.startswith("oom_kill "))

    def kill(self) -> None:
        """SIGKILL every process in the cgroups. pids.max=0 first, so a fork bomb cannot refill."""
        if "pids" in self.dirs:
            write(f"{self.dirs['pids'][0]}/pids.max", "0")
        for _ in range(100):
            pids = set()
            for d, v in set(self.dirs.values()):
                if v == 2 and write(f"{d}/cgroup.kill", "1"):
                    continue
                pids.update(read(f"{d}/cgroup.procs").split())
            if not pids:
                return
            for pid in pids:
                try:
                    os.kill(int(pid), signal.SIGKILL)
                except OSError:
                    pass
            time.sleep(0.002)

    def close(self) -> None:
        for fd in self.fds:
            os.close(fd)
        self.fds = []
        for d in {d for d, _ in self.dirs.values()}:
            remove(d)
