"""Files that our own trusted code builds once per toolchain (a JVM archive, R's site profile,
OCaml's parser check) into a cache directory the sandbox's uid can read."""
from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
from pathlib import Path
from typing import Callable

ROOTS = ["/opt/mbxp/cache", "~/.cache/mbxp"]  # the first one we can write


def cached(area: str, name: str, key_parts: list[str], filename: str,
           make: Callable[[Path, Path], None]) -> Path | None:
    """<root>/<area>/<name>-<key>/<filename>, made once by `make(target_dir, part_path)`, which
    writes the file to part_path (and anything beside it into target_dir); None if that fails
    (callers then go without). The file appears only once complete."""
    key = hashlib.sha256("\0".join(key_parts).encode()).hexdigest()[:16]
    for root in ROOTS:
        target = Path(os.path.expanduser(root)) / area / f"{name}-{key}"
        out = target / filename
        if out.is_file():
            return out
        try:
            target.mkdir(parents=True, exist_ok=True)
            for d in (target.parent.parent, target.parent, target):
                d.chmod(0o755)
            with open(target / ".lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                if not out.is_file():
                    part = target / f".part-{filename}"
                    make(target, part)
                    part.chmod(0o755 if part.stat().st_mode & 0o100 else 0o644)
                    os.replace(part, out)
            return out
        except (OSError, subprocess.SubprocessError):
            continue
    return None
