"""The scheduler's process slots: runs are oversubscribed, and a timeout seen on a crowded machine
is judged again on a calm one."""
import threading
import time

import pytest

from mbxp.runners import engine
from mbxp.runners.base import Job
from mbxp.runners.engine import Cache, Slots, judge


def test_slots_bound_everyone_and_a_recheck_waits_for_calm():
    slots = Slots(total=4, calm=2)
    lock, seen, during_recheck = threading.Lock(), [0], []
    busy = [0]

    def light():
        with slots.hold():
            with lock:
                busy[0] += 1
                seen[0] = max(seen[0], busy[0])
            time.sleep(0.05)
            with lock:
                busy[0] -= 1

    def heavy():
        time.sleep(0.02)
        with slots.hold(recheck=True):
            with lock:
                during_recheck.append(busy[0])
            time.sleep(0.05)
            with lock:
                during_recheck.append(busy[0])

    threads = [threading.Thread(target=light) for _ in range(12)] + [threading.Thread(target=heavy)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen[0] == 4  # oversubscribed up to the total, never beyond
    assert max(during_recheck) <= 1  # the recheck itself plus at most calm - 1 others
    assert slots.free == 4


def test_cpu_bound_runs_take_a_workers_share_of_slots(monkeypatch):
    """With cpu_bound_runs, at most `workers` such runs at once (not RUNS_PER_WORKER x workers)."""
    lock, busy, seen = threading.Lock(), [0], [0]
    real = engine.Stage.run

    def tracked(self, job):
        with lock:
            busy[0] += 1
            seen[0] = max(seen[0], busy[0])
        try:
            return real(self, job)
        finally:
            with lock:
                busy[0] -= 1
    monkeypatch.setattr(engine.Stage, "run", tracked)
    runner = engine.get_runner("python")
    jobs = [Job(f"p{i}", "python", f"import time\ntime.sleep(0.3)\nx = {i}\nprint('MBXP_ALL_PASSED')\n")
            for i in range(10)]
    for cpu_bound, most in ((False, 2 * engine.RUNS_PER_WORKER), (True, 2)):
        monkeypatch.setattr(runner, "cpu_bound_runs", cpu_bound)
        seen[0] = 0
        got = {j.key: o.verdict for j, o in judge(jobs, workers=2, timeout=10, cache=Cache())}
        assert set(got.values()) == {"passed"}, got
        assert seen[0] == most, (cpu_bound, seen[0])


def test_crowded_remembers_the_last_crowd():
    slots = Slots(total=4, calm=1)
    before = time.monotonic()
    with slots.hold():
        assert not slots.crowded(before)
        with slots.hold():
            assert slots.crowded(before)
    assert slots.crowded(before)  # it was crowded during [before, now]
    assert not slots.crowded(time.monotonic())


SLEEPER = "import time\ntime.sleep(30)\nprint('MBXP_ALL_PASSED')\n"


@pytest.fixture
def runs(monkeypatch):
    """The keys of the jobs run, in order, once per run."""
    keys = []
    real = engine.Stage.run

    def counted(self, job):
        keys.append(job.key)
        return real(self, job)
    monkeypatch.setattr(engine.Stage, "run", counted)
    return keys


def test_a_crowded_timeout_is_run_again_alone(runs):
    jobs = [Job("sleeper", "python", SLEEPER)] + [
        Job(f"quick{i}", "python", f"x = {i}\nprint('MBXP_ALL_PASSED')\n") for i in range(12)]
    got = {j.key: o.verdict for j, o in judge(jobs, workers=1, timeout=1.5, cache=Cache())}
    assert got["sleeper"] == "timeout"
    assert all(got[f"quick{i}"] == "passed" for i in range(12)), got
    assert runs.count("sleeper") == 2, runs  # the first try shared the machine with quick ones


def test_a_calm_timeout_is_not_run_again(runs):
    [(_, outcome)] = judge([Job("sleeper", "python", SLEEPER)], workers=2, timeout=1.5, cache=Cache())
    assert outcome.verdict == "timeout" and runs == ["sleeper"]
