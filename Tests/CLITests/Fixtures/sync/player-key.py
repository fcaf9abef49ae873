#!/usr/bin/python3
"""Plays a document in `speak play` on a pseudo-terminal, presses keys, prints the screen.

    player-key.py SPEAK_BINARY DOCUMENT_ID KEY [WAIT_FOR]

The player starts (SPEAK_AUDIO=null, from the environment), KEY is pressed after 0.7 s (or
KEY_AFTER seconds, from the environment), the screen is read until WAIT_FOR appears (or 15 s
pass), then q quits. Prints the screen's text as JSON (escape sequences removed).
"""
import json, os, pty, re, select, sys, time

binary, document, key = sys.argv[1], sys.argv[2], sys.argv[3]
wait_for = sys.argv[4] if len(sys.argv) > 4 else None
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "xterm"
    os.execv(binary, [binary, "play", document])
screen = b""


def read_for(seconds, until=None):
    global screen
    end = time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                screen += os.read(fd, 65536)
            except OSError:
                return
        if until and until.encode() in screen:
            return


read_for(float(os.environ.get("KEY_AFTER", "0.7")))
os.write(fd, key.encode())
read_for(15, wait_for)
read_for(0.3)
os.write(fd, b"q")
read_for(3)
os.waitpid(pid, 0)
text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen.decode("utf-8", "replace"))
print(json.dumps({"screen": text}))
