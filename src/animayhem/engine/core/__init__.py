"""The bottom layer: plain state and pure helpers (state, RNG, config, Field geometry, actions, hidden-card
handles, the index of static effects in play, the win check) and the narrow interfaces the layers above see
of a game (``context``). Imports nothing else of the engine."""
