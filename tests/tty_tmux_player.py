#!/usr/bin/env python3
"""A scripted player for the terminal UI on a terminal of a given size, under tmux: it
starts `bones play ...` in a detached tmux pane of COLSxROWS (a private tmux server),
reads the screen as a person sees it (capture-pane) at every prompt, checks that what
is needed is on it, and types what tty_pty_player.py would, until the game is over.

Usage: tty_tmux_player.py [--hangup-after N | --interrupt-after N | --kill-after N]
                          COLSxROWS OUT BONES ARGS...
  the checks at each prompt: the prompt is the screen's last line and the scores and
  the choices are on it; Hegemino: the market, both tableaus' headers and all their
  rows, never paged, with the key under them or the line saying `board` shows it;
  Geominos: the board's first row, and its last row or the line saying it is paged;
  the first time the board is paged or its notes left out, `board` must show its next
  page or the notes.
  --hangup-after N: after N answers the terminal is closed (the tmux session killed,
  so bones gets SIGHUP), and the player exits 0 at once.
  --interrupt-after N: after N answers Ctrl-C is typed; the player waits for bones to
  exit and writes its last screen to OUT, then exits 0.
  --kill-after N: after N answers bones is killed with SIGKILL (it can save nothing
  then), and the player exits 0 once it is gone.
Writes every checked screen to OUT; exits 0 when each check held and the game ended.
Waits only for the screen to change (polled), never for a time; a game stuck for
20000 polls fails.
"""
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tty_pty_player import PROMPT, answer  # noqa: E402

SOCKET = "bones-test-%d" % os.getpid()


def tmux(*args, check=True):
    r = subprocess.run(["tmux", "-L", SOCKET, "-f", "/dev/null"] + list(args),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if check and r.returncode != 0:
        raise RuntimeError("tmux %s: %s" % (" ".join(args), r.stderr.strip()))
    return r.stdout


def screen():
    return tmux("capture-pane", "-p", "-t", "game", check=False)


def pane_dead():
    out = tmux("list-panes", "-t", "game", "-F", "#{pane_dead}", check=False).strip()
    return out != "0"


def problems(text, game):
    """What is missing on a screen at a prompt."""
    lines = [l for l in text.split("\n")]
    while lines and not lines[-1].strip():
        lines.pop()
    found = []
    if not lines or not PROMPT.search(lines[-1] + " "):
        found.append("the prompt is not the last line")
    if "scores:" not in text:
        found.append("no scores")
    if not re.search(r"^(moves:|your pieces|piece \d+|  \d+ )", text, re.M):
        found.append("no choices")
    if game == "hegemino":
        if "market" not in text:
            found.append("no market")
        if not re.search(r"^tableau 1: ", text, re.M):
            found.append("no tableau header")
        if not re.search(r"tableau 2: ", text):
            found.append("no second tableau")
        # every row of the tableaus: right under the last one, the key (or the line
        # saying `board` shows it and the scoring), never a page of the board
        if "board lines" in text:
            found.append("the board is paged")
        rows = [i for i, l in enumerate(lines) if re.match(r"^\s+-?\d+  \S", l)]
        if not rows or not lines[rows[-1] + 1:][:1] or \
                not lines[rows[-1] + 1].startswith("("):
            found.append("the tableaus' rows are cut")
    if game == "geominos":
        if not re.search(r"^\s+1\s+\S", text, re.M):
            found.append("no board row 1")
        if not re.search(r"^\s+21\s+\S", text, re.M) and "board lines" not in text:
            found.append("neither board row 21 nor the page line")
    return found


def stop_game(how, out):
    """Close the terminal, type Ctrl-C or kill bones; 0 once it is gone."""
    if how == "--hangup-after":
        tmux("kill-server", check=False)  # the terminal is closed: SIGHUP
        return 0
    if how == "--interrupt-after":
        tmux("send-keys", "-t", "game", "C-c")
    else:
        pid = tmux("display-message", "-p", "-t", "game", "#{pane_pid}").strip()
        os.kill(int(pid), 9)
    for _ in range(20000):  # bones exits (its pane stays: remain-on-exit)
        if pane_dead():
            break
        time.sleep(0.01)
    dead = pane_dead()
    out.write(tmux("capture-pane", "-p", "-J", "-t", "game", check=False))  # lines joined
    tmux("kill-server", check=False)
    if not dead:
        print("FAIL: bones did not exit after %s" % how)
    return 0 if dead else 1


def main():
    args = sys.argv[1:]
    hangup, stop = None, None
    if args[:1] in (["--hangup-after"], ["--interrupt-after"], ["--kill-after"]):
        hangup, stop, args = int(args[1]), args[0], args[2:]
    cols, rows = args[0].split("x")
    out_path, argv = args[1], args[2:]
    game = next((a for a in argv[2:] if not a.startswith("-")), "")
    cmd = " ".join("'" + a.replace("'", "'\\''") + "'" for a in argv)
    tmux("new-session", "-d", "-s", "game", "-x", cols, "-y", rows,
         "sh -c " + "'" + ("exec " + cmd).replace("'", "'\\''") + "'")
    tmux("set-option", "-t", "game", "remain-on-exit", "on")
    failures, answered, last, polls, over, paged = [], 0, None, 0, False, False
    with open(out_path, "w") as out:
        while polls < 20000:
            polls += 1
            text = screen()
            if "game over" in text or "Partie beendet" in text:
                over = True
            if pane_dead():
                break
            tail = text.rstrip().split("\n")[-1]
            # at a prompt: it ends the screen (not yet followed by what was typed)
            if text == last or not PROMPT.search(tail + " ") or not tail.endswith(">") \
                    or screen() != text:
                time.sleep(0.02)  # not at a prompt yet, or still being drawn
                continue
            last = text
            out.write(text + "\n" + "=" * 40 + "\n")
            # the screen after `board` shows a later page: the top is not on it
            for p in problems(text, game if paged is not True else ""):
                failures.append("screen %d: %s" % (answered + 1, p))
            if hangup is not None and answered >= hangup:
                return stop_game(stop, out)
            reply = answer(text.rstrip() + " ")
            if ("board lines 1-" in text or "type board)" in text) and not paged:
                paged, reply = True, "board"  # the board's next page, or its notes
            elif paged is True:  # the screen after `board`: the rest of the board
                paged = "checked"
                if not re.search(r"board lines ([2-9]|\d\d+)-", text) and \
                        "# start token" not in text and not re.search(r"^\s+21\s", text, re.M):
                    failures.append("screen %d: `board` did not show the next page"
                                    % (answered + 1))
            tmux("send-keys", "-t", "game", "-l", reply)
            tmux("send-keys", "-t", "game", "Enter")
            answered += 1
            polls = 0
        final = screen()  # the pane may die right after a poll read its screen
        over = over or "game over" in final or "Partie beendet" in final
        out.write(final)
    tmux("kill-server", check=False)
    for f in failures[:20]:
        print("FAIL: " + f)
    if not over:
        print("FAIL: the game did not reach its end (%d answers)" % answered)
    print("answered %d prompts" % answered)
    return 0 if over and not failures else 1


if __name__ == "__main__":
    sys.exit(main())
