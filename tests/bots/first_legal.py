"""A well-behaved protocol bot: answers every decision with the first legal action."""

import json
import sys

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"name": "first-legal"}), flush=True)
    elif message["type"] == "decide":
        print(json.dumps({"id": message["id"], "action": message["legal"][0]}), flush=True)
