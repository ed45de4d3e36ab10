"""The history on disk: plays gathered from the saves, recorded plays, play details and BG Stats
files."""
