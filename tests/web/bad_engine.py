"""An engine for tests/web/bot.py that fails on genmove: `illegal` speaks protocol 1.0
(it knows no `protocol` command and refuses 1.1's `play player N M`, so a host must
speak 1.0 to it) and answers a move no game has; `crash` speaks 1.1 and exits at once
(docs/formats.md, the engine protocol)."""
import sys

mode = sys.argv[1]
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "protocol":
        print("protocol 1.1" if mode == "crash" else "error: unknown command 'protocol'")
    elif mode == "illegal" and words[0] == "play" and len(words) != 2:  # 1.0: play MOVE
        print("error: not a move: %s" % " ".join(words[1:]))
    elif words[0] == "genmove":
        if mode == "crash":
            sys.exit(3)
        print("move 9-9@nowhere")
    else:
        print("ok")
    sys.stdout.flush()
