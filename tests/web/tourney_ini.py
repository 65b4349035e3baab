"""The Swiss of the tournament tests (tests/web/tourney.py, browser_tourney.py): three
rounds across two games (block and draw dominoes for two), the server's greedy agent;
people join."""


def swiss(name):
    return """[tourney]
name = %s
format = swiss
rounds = 3
seed = 7
[game.block]
preset = dominoes
count = 1
[game.draw]
preset = dominoes-draw
players = 2
count = 1
[player.greedy]
agent = greedy
""" % name
