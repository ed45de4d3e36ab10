"""`companion serve`: the app in every browser at the table, through textual-serve.

Each browser tab runs its own `companion` process on the same data folder, so the saves' one-writer
rule (a game lock per window) decides who plays a game and who watches it.
"""
