"""Table Companion's persistence: TOML save files, written atomically, read with clear errors."""
