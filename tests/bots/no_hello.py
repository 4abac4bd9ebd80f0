"""Never answers the handshake properly: prints something that is not a name."""

import sys

for _line in sys.stdin:
    print("hello yourself", flush=True)
