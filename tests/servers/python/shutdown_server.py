"""A minimal stdio MCP server (standard library only) that reports how it is asked to stop.

Usage: shutdown_server.py MODE EVENTS_FILE

It answers `initialize` (and refuses `server/discover`, as a 2025 server does), then appends a
line to EVENTS_FILE for each thing that happens to it while it is being shut down:
- `eof`: its stdin closed; `term`: it got SIGTERM; `saved`: it finished saving and exits.

MODE says how it behaves:
- `eof`:      on end of input it takes 200 ms to "save", then exits (a well-behaved server);
- `term`:     it ignores end of input; SIGTERM makes it save and exit;
- `stubborn`: it ignores end of input and SIGTERM, and starts a child (in its process group,
              as `npx` does) that ignores SIGTERM too; its pid is the line `child PID`.
"""

import json
import os
import signal
import subprocess
import sys
import time


def note(path, line):
    with open(path, "a", encoding="utf-8") as events:
        events.write(line + "\n")
        events.flush()
        os.fsync(events.fileno())


def answer(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def serve(mode, events):
    if mode == "term":
        def on_term(_signum, _frame):
            note(events, "term")
            note(events, "saved")
            os._exit(0)
        signal.signal(signal.SIGTERM, on_term)
    elif mode == "stubborn":
        signal.signal(signal.SIGTERM, lambda _s, _f: note(events, "term"))
        child = subprocess.Popen(
            [sys.executable, __file__, "child", events],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
        )
        note(events, f"child {child.pid}")

    for line in sys.stdin:
        request = json.loads(line)
        if "id" not in request:
            continue
        if request.get("method") == "initialize":
            answer({
                "jsonrpc": "2.0",
                "id": request["id"],
                "result": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "serverInfo": {"name": f"shutdown-{mode}", "version": "1"},
                },
            })
        else:
            answer({
                "jsonrpc": "2.0",
                "id": request["id"],
                "error": {"code": -32601, "message": "Method not found"},
            })

    note(events, "eof")
    if mode == "eof":
        time.sleep(0.2)
        note(events, "saved")
        sys.exit(0)
    while True:
        time.sleep(3600)


def child(events):
    signal.signal(signal.SIGTERM, lambda _s, _f: note(events, "child term"))
    while True:
        time.sleep(3600)


if __name__ == "__main__":
    if sys.argv[1] == "child":
        child(sys.argv[2])
    else:
        serve(sys.argv[1], sys.argv[2])
