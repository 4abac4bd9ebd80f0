"""Plays a few decisions, then dies with an error."""

import json
import sys

count = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"name": "crash"}), flush=True)
    elif message["type"] == "decide":
        count += 1
        if count > 5:
            sys.exit(3)
        print(json.dumps({"id": message["id"], "action": message["legal"][0]}), flush=True)
