"""`python -m passgo`: the `passgo` command, for when its script is not on the PATH."""

from passgo.cli import main

raise SystemExit(main())
