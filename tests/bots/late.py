"""Answers decisions 3, 6 and 9 after the time limit (the late answers arrive later and must
be dropped), every other decision at once."""

import json
import sys
import time

count = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        limit = message["time_limit"]
        print(json.dumps({"name": "late"}), flush=True)
    elif message["type"] == "decide":
        count += 1
        if count in (3, 6, 9):
            time.sleep(limit * 1.5)
        print(json.dumps({"id": message["id"], "action": message["legal"][0]}), flush=True)
