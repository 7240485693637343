"""animayhem: the rules-complete digital edition of the Ani-Mayhem card game."""

__version__ = "0.1.0"
