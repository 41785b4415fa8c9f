"""The server-rendered pages of matches: the play home, starting a game, the board."""
