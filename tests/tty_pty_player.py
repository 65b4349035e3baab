#!/usr/bin/env python3
"""A scripted player for the terminal UI, through a pseudo-terminal (as a person's
terminal): it starts `bones play GAME`, reads the screen, and at every prompt types
what a person would: a piece's number, then a spot's letter (or a move's number in
games without pieces), and Enter between the games of a match, until the game is over. It prints the whole screen output to
OUT (escape codes kept) and exits 0 when the game reached its end, 1 otherwise.

Usage: tty_pty_player.py [--lang de] OUT BONES ARGS...   (environment passed on; TERM
set). --lang de: the screen is in German (the bones command asks for it itself: LANG or
its own --lang); the player reads the German prompts and lists.
"""
import os
import pty
import re
import select
import sys
import time

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
PROMPT = re.compile(r"(?:help|quit)\)(?: \[[^\]]*\])?> ")

# What the player looks for on the screen, by language.
WORDS = {
    "en": {
        "spot_prompt": "a spot for piece", "spot_block": "piece ",
        "piece_prompt": "a piece's number", "piece_block": "your pieces",
        "or_type": "or type:", "number_prompt": "your move (a number",
        "number_block": "moves:", "over": "game over",
        "next_game": "Enter: the next game",
    },
    "de": {
        "spot_prompt": "eine Stelle für Stein", "spot_block": "Stein ",
        "piece_prompt": "Nummer eines Steins", "piece_block": "Deine Steine",
        "or_type": "Oder tippe:", "number_prompt": "am Zug (eine Nummer",
        "number_block": "Züge:", "over": "Partie beendet",
        "next_game": "Enter: die nächste Partie",
    },
}
W = WORDS["en"]


def main():
    global W
    args = sys.argv[1:]
    if args[:1] == ["--lang"]:
        W = WORDS[args[1]]
        args = args[2:]
    out_path, argv = args[0], args[1:]
    env = dict(os.environ)
    env.setdefault("TERM", "xterm")
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(argv[0], argv, env)
    raw = b""
    answered = 0  # the number of prompts answered so far
    deadline = time.time() + 120
    status = None
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            raw += chunk
        text = ANSI.sub("", raw.decode("utf-8", "replace"))
        prompts = len(PROMPT.findall(text))
        if prompts > answered and text.rstrip().endswith(">"):
            answered = prompts
            os.write(fd, (answer(text) + "\n").encode())
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    with open(out_path, "wb") as f:
        f.write(raw)
    plain = ANSI.sub("", raw.decode("utf-8", "replace"))
    return 0 if W["over"] in plain and status == 0 else 1


def answer(text):
    """What to type at the last prompt of the screen text."""
    last = text[text.rfind("\n", 0, len(text.rstrip()) - 1) + 1:]
    screen = text[:len(text) - len(last)]
    if W["next_game"] in last:  # between the games of a match
        return ""
    if W["spot_prompt"] in last:
        block = screen[screen.rfind(W["spot_block"]):]
        m = re.search(r"^\s+([a-z]+\d*) \S", block[block.find("\n") + 1:], re.M)
        return m.group(1) if m else ""
    if W["piece_prompt"] in last:
        block = screen[screen.rfind(W["piece_block"]):]
        m = re.search(r"^\s+(\d+) \S", block[block.find("\n") + 1:], re.M)
        if m:
            return m.group(1)
        m = re.search(r"^" + re.escape(W["or_type"]) + r" (\S+)", block, re.M)
        return m.group(1) if m else "quit"
    if W["number_prompt"] in last:
        block = screen[screen.rfind(W["number_block"]):]
        m = re.search(r"^\s+(\d+) \S", block[block.find("\n") + 1:], re.M)
        return m.group(1) if m else "quit"
    return "quit"


if __name__ == "__main__":
    sys.exit(main())
