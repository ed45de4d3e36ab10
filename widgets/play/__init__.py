"""The play screen every game shares and its collaborators: applying actions, several devices on
one game, seats, a changed file, a failing disk, the action log and the result. The
collaborators see the screen through `host.PlayHost`; what they say is built in `words`."""
