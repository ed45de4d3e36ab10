"""A game's file: its appended records, the journal every writer shares, publishing a new file
whole, and the documents a player takes away (exports)."""
