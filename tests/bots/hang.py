"""Answers the handshake and a few decisions, then never answers again (but stays alive)."""

import json
import sys
import time

count = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"name": "hang"}), flush=True)
    elif message["type"] == "decide":
        count += 1
        if count > 5:
            time.sleep(3600)
        print(json.dumps({"id": message["id"], "action": message["legal"][0]}), flush=True)
