"""`python -m companion` runs the same command as `companion`."""

from companion.cli import main

raise SystemExit(main())
