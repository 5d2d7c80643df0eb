"""The engine: cards, moves, rules and positions (pure; `position` writes them as text), then the
game, match, records (one module reads, checks and writes them) and the replay.

Nothing here imports bots, pictures, teaching or widgets: the layers above build on it.
"""
