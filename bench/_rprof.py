import sys; sys.path.insert(0, ".")
from play.engine.core import get_game
from play.engine.simulate import play_game, game_seed
g=get_game('raise')
for i in range(20000): play_game(g,{'players':4},['random']*4,game_seed(1,i))
