"""How a sandboxed child is started: the C launcher (vfork) against fork + a Python preexec_fn,
in one run, from a judging process of realistic size.

    python benchmarks/sandbox_start.py [--runs 60] [--rss-mb 200]

Prints, per way of starting, the judging process's own CPU per sandboxed `/bin/true` and the wall
time per run, and the ratio."""
from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mbxp.runners import sandbox as sb  # noqa: E402


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=60)
    ap.add_argument("--rss-mb", type=int, default=200, help="memory the judging process holds (touched)")
    a = ap.parse_args()
    ballast = [bytearray(1 << 20) for _ in range(a.rss_mb)]
    for b in ballast:
        b[::4096] = b"x" * len(b[::4096])
    launcher = sb._launcher()
    if not launcher:
        print("no launcher (no C compiler?): nothing to compare")
        return 1
    wd = Path(tempfile.mkdtemp(prefix="mbxp-start-"))
    wd.chmod(0o755)
    got: dict[str, tuple[float, float]] = {}
    for way, value in [("launcher", launcher), ("preexec", None)] * 2:  # interleaved, best of two
        sb._probed["launcher"] = value
        c0, t0 = cpu(), time.perf_counter()
        for _ in range(a.runs):
            sb.run(["/bin/true"], wd, sb.Limits(timeout=10))
        now = ((cpu() - c0) / a.runs * 1000, (time.perf_counter() - t0) / a.runs * 1000)
        got[way] = min(got.get(way, now), now)
    for way, (c, w) in got.items():
        print(f"{way:<9} parent CPU {c:6.2f} ms/run   wall {w:6.1f} ms/run")
    print(f"ratio (preexec / launcher): parent CPU {got['preexec'][0] / got['launcher'][0]:.1f}x, "
          f"wall {got['preexec'][1] / got['launcher'][1]:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
