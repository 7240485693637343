"""What every face needs of a game, below the faces and below ``game.py``: a seat's view, the sentences of
the event log and their message catalogue, explanations of what is legal and why, and the quick set-up."""
