"""Server-rendered pages of play: goldfish boards, games against bots, simulations."""
