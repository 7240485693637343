"""Checks run by tests and soaks on whole games (above ``game.py``): the state's invariants and hidden-information
leaks."""
