"""Table Companion's Textual interface: the app, one screen per game, reusable widgets."""
