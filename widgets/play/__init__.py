"""The play screen every game shares and its collaborators: applying actions, several devices on
one game, seats, a changed file, a failing disk, the action log and the result. `SharedGame`
tells the screen what happened in messages and sees it through `host.PlayHost`; the conflict and
the seats see it through `host.PlayScreen`; what they say is built in `told` and `words`."""
