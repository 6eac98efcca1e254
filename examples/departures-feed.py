#!/usr/bin/env python3
"""Feeds examples/departures.toml over the kiosk's control socket, once a second.

Run the kiosk (`panel-kiosk run --headless --config examples/departures.toml`, or on the
device), then this script. Any language that can write a line to a Unix socket can do the
same: one JSON object per line, one reply per line.
"""
import json, socket, sys, time

SOCKET = sys.argv[1] if len(sys.argv) > 1 else "/tmp/panel-kiosk-departures.sock"
LINES = [("S1", "Airport"), ("RE4", "Harbour"), ("S3", "University"), ("S8", "Old Town")]

def board(now):
    """The next six departures from `now` (minutes since midnight), every 4 minutes."""
    first = now - now % 4 + 4
    return [{"title": f"{(t // 60) % 24:02d}:{t % 60:02d}  {LINES[i % 4][0]}  {LINES[i % 4][1]}",
             "subtitle": f"Platform {i % 4 + 1} · on time"} for i, t in enumerate(range(first, first + 24, 4))]

with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
    s.connect(SOCKET)
    replies = s.makefile("r")
    while True:
        t = time.localtime()
        minutes = t.tm_hour * 60 + t.tm_min
        rows = board(minutes)
        command = {"cmd": "set_values", "values": {
            "clock": time.strftime("%H:%M:%S", t), "next_train": rows[0]["title"][:5], "departures": rows}}
        s.sendall((json.dumps(command) + "\n").encode())
        reply = json.loads(replies.readline())
        if not reply.get("ok"):
            print("kiosk says:", reply.get("error"), file=sys.stderr)
        time.sleep(1)
