"""Never answers the decision: mortgages and lifts the same deed forever when it can, and
otherwise plays the first legal action."""

import json
import sys

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"name": "business"}), flush=True)
    elif message["type"] == "decide":
        legal = message["legal"]
        loop = [a for a in legal if a.startswith(("mortgage ", "unmortgage "))]
        print(json.dumps({"id": message["id"], "action": (loop or legal)[0]}), flush=True)
