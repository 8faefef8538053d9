"""The GIL is released during a long call, Ctrl-C stops it, and a call never takes the
interpreter down."""

import os
import subprocess
import sys
import textwrap
import threading
import time

import minip

# A call that takes several seconds on this machine (the linear-code search at m = 256).
LONG = "minip.rank_linear(m=256)"


def test_gil_is_released_during_a_long_call():
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.01)

    t = threading.Thread(target=count)
    t.start()
    try:
        before = len(ticks)
        minip.amplify(h=[80, 96], eps="1/3")  # about 2 s (the row LP route; eps = 1/2 is closed)
        during = len(ticks) - before
    finally:
        stop.set()
        t.join()
    # Python ran the other thread while minip worked (it would not run at all under the GIL).
    assert during > 20


def test_ctrl_c_stops_a_long_call():
    script = textwrap.dedent(
        f"""
        import os, signal, threading, time
        import minip
        threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        t = time.time()
        try:
            {LONG}
            print("finished")
        except KeyboardInterrupt:
            print("interrupted after", round(time.time() - t, 1))
        # The module still works after an interrupt.
        print(minip.check(d=3).verdict)
        """
    )
    t = time.time()
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.split("\n")
    assert lines[0].startswith("interrupted after"), out.stdout
    assert float(lines[0].split()[-1]) < 3.0
    assert lines[1] == "holds"
    # The process exits without waiting for the abandoned work: well below the call's length.
    assert time.time() - t < 60


def test_an_interrupted_call_writes_nothing_after_keyboard_interrupt(tmp_path):
    # The least precision at m = 3 with a large budget runs for 15-30 s and writes its pair at
    # the end. Ctrl-C after 1 s: the solver stops at its next proof write, KeyboardInterrupt
    # comes once the worker has ended, and nothing is written then or later.
    out = tmp_path / "precision"
    script = textwrap.dedent(
        f"""
        import os, signal, threading, time
        import minip
        threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        t = time.time()
        try:
            minip.readout(m=3, precision=True, budget=150000, out={str(out)!r})
            print("finished")
        except KeyboardInterrupt:
            print("interrupted after", round(time.time() - t, 1))
        print(sorted(os.listdir({str(out)!r})))
        time.sleep(6)
        print(sorted(os.listdir({str(out)!r})))
        print(minip.readout(m=2, precision=True).rows[0].max_value)
        """
    )
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.split("\n")
    assert lines[0].startswith("interrupted after"), r.stdout
    assert float(lines[0].split()[-1]) < 3.0
    assert lines[1:4] == ["[]", "[]", "6"], r.stdout


def test_four_calls_at_once_fit_one_gib_of_address_space():
    # Each call runs on a worker thread with the command line's 8 MiB stack (not 64 MiB).
    script = textwrap.dedent(
        """
        import resource, threading
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
        import minip
        got, errors = [], []
        def work():
            try:
                got.append([r.bits for r in minip.readout(m=range(1, 9))])
            except Exception as e:
                errors.append(repr(e))
        ts = [threading.Thread(target=work) for _ in range(4)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        print(errors, len(got), got[0])
        """
    )
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "[] 4 [4, 7, 9, 11, 13, 15, 17, 19]\n", r.stdout


def test_a_panic_or_bad_value_is_an_exception_not_a_crash():
    import pytest

    for bad in [2**40, -3, True, "3"]:
        with pytest.raises(ValueError):
            minip.check(d=bad)
    with pytest.raises(ValueError, match=r"^eps: expected a rational .*got list \[1, 2\]$"):
        minip.check(d=3, eps=[1, 2])


def test_rayon_num_threads_is_bounded_as_on_the_command_line():
    # The worker pool is sized at import, within the command line's limit: the environment can
    # lower the count, never raise it past 256 (it used to start the pool from the variable).
    env = dict(os.environ, RAYON_NUM_THREADS="100000")
    out = subprocess.run([sys.executable, "-c", "import minip"], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 1
    assert out.stderr.strip().splitlines()[-1] == (
        "ValueError: RAYON_NUM_THREADS = 100000 is above the supported 256 "
        "(worker threads; unset it for one per core)"
    )
    env["RAYON_NUM_THREADS"] = "2"
    script = "import minip; print(minip.check(d=3).verdict)"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60)
    assert (out.returncode, out.stdout) == (0, "holds\n"), out.stderr


def test_an_interrupted_escape_call_burns_no_cpu_afterwards():
    # readout and multihead_frontier run under the request's control like every call: after
    # Ctrl-C their workers stop, so the process spends (almost) no CPU once the exception is
    # raised. Each call below takes well over 10 s of CPU when left to run.
    script = textwrap.dedent(
        """
        import os, resource, signal, threading, time
        import minip

        def cpu():
            r = resource.getrusage(resource.RUSAGE_SELF)
            return r.ru_utime + r.ru_stime

        for call in (
            lambda: minip.readout(m=[10] * 60, n=[3]),
            lambda: minip.multihead_frontier(heads=3, m=list(range(32, 50, 2))),
        ):
            threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
            try:
                call()
                print("finished")
            except KeyboardInterrupt:
                before = cpu()
                time.sleep(2)
                print("interrupted; cpu after", round(cpu() - before, 2))
        """
    )
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.split("\n")[:2]
    for line in lines:
        assert line.startswith("interrupted; cpu after"), r.stdout
        # Two seconds of an idle process: the workers are gone (a live one would burn ~2 s).
        assert float(line.split()[-1]) < 0.3, r.stdout
