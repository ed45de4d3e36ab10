"""Small widgets every screen may use: safe lists, literal text, toggles whose state shows in their
characters, remembered players."""
