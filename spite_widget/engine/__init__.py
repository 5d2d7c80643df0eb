"""The engine: cards, moves, rules and positions (pure), then the game, match, records and replay.

Nothing here imports bots, pictures, teaching or widgets: the layers above build on it.
"""
