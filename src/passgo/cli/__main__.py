"""`python -m passgo.cli`: the `passgo` command (as `python -m passgo`)."""

from passgo.cli import main

raise SystemExit(main())
