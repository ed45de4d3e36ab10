"""The Stats screen (`screen`), its character charts (`charts`) and the rename dialog (`rename`)."""
