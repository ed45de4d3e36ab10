"""Dice in the app: the physical-first roll prompt every game shares, the tray and its history,
and the fairness check of the real dice."""
