"""The history of plays: what each finished game tells the statistics, play details, recorded
plays, the statistics themselves and BG Stats files. Pure, like the rest of the rules core."""
