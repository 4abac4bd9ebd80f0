"""Answers with actions that are never legal, and with lines that are not JSON."""

import json
import sys

count = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"name": "illegal"}), flush=True)
    elif message["type"] == "decide":
        count += 1
        answers = ['{"action": "build 99"}', "not json at all", '{"action": "fly away"}',
                   json.dumps({"id": message["id"], "action": message["legal"][0]})]
        print(answers[count % 4], flush=True)
