"""Table Companion's rules core: pure, deterministic, no UI and no files."""

__version__ = "0.1.0"
