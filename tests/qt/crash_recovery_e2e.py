#!/usr/bin/env python3
"""Crash recovery, end to end, with the real warpscope binary under Xvfb.

A person opens a lesson, opens the editor (Ctrl+E), types a line, and the
app is killed (SIGKILL) before anything is saved. Started again, warpscope
must offer the autosaved text back; answering Recover (Return, the default
button) puts the text in the editor of the new session, which autosaves it
again under its own process id. The lesson file itself is never touched.

Usage: crash_recovery_e2e.py WARPSCOPE SCENARIO_DIR [SCREENSHOT_DIR]
Starts its own Xvfb (the server picks a free display and reports it through
-displayfd, so parallel tests cannot race for one); needs Xvfb and xdotool
(scripts/install-deps.sh installs both).
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MARKER = "# typed just before the crash"


def fail(msg):
    print(f"FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def xdotool(*args, check=True):
    r = subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=30)
    if check and r.returncode != 0:
        fail(f"xdotool {' '.join(args)}: {r.stderr.strip()}")
    return r.stdout.split()


def wait_for(what, probe, seconds=60):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = probe()
        if got:
            return got
        time.sleep(0.2)
    fail(f"timed out after {seconds} s waiting for {what}")


def window_of(proc, name=None):
    """The visible top-level window of a process (or one whose title contains name)."""
    def probe():
        if proc.poll() is not None:
            fail(f"warpscope exited early with status {proc.returncode}")
        args = ["search", "--onlyvisible"] + (["--name", name] if name else ["--pid", str(proc.pid)])
        ids = xdotool(*args, check=False)
        return ids[-1] if ids else None
    return wait_for(f"a window {'named ' + repr(name) if name else 'of pid %d' % proc.pid}", probe)


def screenshot(shots, name):
    if shots and shutil.which("xwd"):
        with open(shots / f"{name}.xwd", "wb") as f:
            subprocess.run(["xwd", "-root", "-silent"], stdout=f, timeout=30)


def autosave_of(data, pid):
    hits = list(data.glob(f"**/autosave/{pid}.autosave"))
    return hits[0] if hits else None


def start_xvfb():
    """A private X server on a display it chose itself; returns (process, ":N")."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1600x1000x24", "-nolisten", "tcp",
                               # No server reset when the last client leaves (the readiness probe,
                               # the killed first session): a client connecting during a reset is
                               # refused ("could not connect to display").
                               "-noreset"],
                              pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    with os.fdopen(read_end) as f:
        number = f.readline().strip()
    if not number.isdigit():
        server.kill()
        fail("Xvfb did not start")
    display = ":" + number
    # The number can come before the server takes connections: wait until a
    # client gets through (or the server died).
    def ready():
        if server.poll() is not None:
            fail(f"Xvfb exited with status {server.returncode}")
        r = subprocess.run(["xdotool", "getdisplaygeometry"], env=dict(os.environ, DISPLAY=display),
                           capture_output=True, timeout=30)
        return r.returncode == 0
    wait_for(f"the X server on {display}", ready)
    return server, display


def main():
    if len(sys.argv) < 3:
        fail(__doc__)
    app, lesson_src = sys.argv[1], Path(sys.argv[2])
    shots = Path(sys.argv[3]) if len(sys.argv) > 3 else None
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
    if not shutil.which("xdotool"):
        fail("xdotool is not installed (scripts/install-deps.sh installs it)")
    if not shutil.which("Xvfb"):
        fail("Xvfb is not installed (scripts/install-deps.sh installs it)")
    server, display = start_xvfb()
    os.environ["DISPLAY"] = display
    try:
        run(app, lesson_src, shots)
    finally:
        server.terminate()
        server.wait(timeout=30)
    print("crash recovery: the edit typed before SIGKILL was offered back and recovered")


def run(app, lesson_src, shots):
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        lesson = tmp / "lesson"
        shutil.copytree(lesson_src, lesson)
        scenario = lesson / "scenario.toml"
        original = scenario.read_bytes()
        data = tmp / "data"
        env = dict(os.environ, HOME=str(tmp / "home"), XDG_DATA_HOME=str(data), XDG_CONFIG_HOME=str(tmp / "config"),
                   XDG_RUNTIME_DIR=str(tmp / "run"), QT_QPA_PLATFORM="xcb")
        (tmp / "run").mkdir(mode=0o700)
        cmd = [app, "--no-settings", str(scenario)]

        # 1. Edit, wait for the autosave, kill.
        first = subprocess.Popen(cmd, env=env)
        try:
            win = window_of(first)
            # On a loaded machine the first keys can arrive before the window
            # takes them: type the line again (once more at most) if no
            # autosave holds it. The editor toggles with Ctrl+E, so a retry
            # only types; a second marker line does not change what is checked.
            saved = None
            for attempt in range(3):
                time.sleep(1.0 + attempt)  # let the first paint and the session settle
                xdotool("windowfocus", "--sync", win)
                if attempt == 0:
                    xdotool("key", "ctrl+e")
                    time.sleep(0.5)
                xdotool("key", "ctrl+Home")
                xdotool("type", "--delay", "15", MARKER)
                xdotool("key", "Return")
                probe = lambda: (p := autosave_of(data, first.pid)) and MARKER in p.read_text() and p
                end = time.monotonic() + 20
                while time.monotonic() < end and not (saved := probe()):
                    time.sleep(0.2)
                if saved:
                    break
            if not saved:
                fail("no autosave of the edit after three attempts")
            screenshot(shots, "1-edited")
            first.send_signal(signal.SIGKILL)
            first.wait(timeout=30)
        finally:
            if first.poll() is None:
                first.kill()
        if not saved.exists():
            fail("the autosave disappeared when the process was killed")
        if scenario.read_bytes() != original:
            fail("the lesson file changed although it was never saved")

        # 2. Start again: the recovery prompt, answered with Return (Recover).
        second = subprocess.Popen(cmd, env=env)
        try:
            prompt = window_of(second, "Recover unsaved changes?")
            screenshot(shots, "2-recovery-prompt")
            xdotool("windowfocus", "--sync", prompt)
            xdotool("key", "Return")
            again = wait_for("the new session's autosave of the recovered text",
                             lambda: (p := autosave_of(data, second.pid)) and MARKER in p.read_text() and p)
            screenshot(shots, "3-recovered")
            text = again.read_text()
            if not text.startswith(MARKER + "\n") or original.decode() not in text:
                fail(f"the recovered text is not the edited lesson:\n{text[:400]}")
            if autosave_of(data, first.pid):
                fail("the killed session's autosave is still there after recovery")
            if scenario.read_bytes() != original:
                fail("recovery wrote to the lesson file")
        finally:
            second.terminate()
            try:
                second.wait(timeout=10)
            except subprocess.TimeoutExpired:
                second.kill()


if __name__ == "__main__":
    main()
