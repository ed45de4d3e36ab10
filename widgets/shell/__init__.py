"""The shell around the games: home, the header, footer and palette, help, the key list, notices,
which games have screens and what they are called."""
