"""Game-AI research faces: a fixed action space, observation vectors, and adapters for PettingZoo
(``animayhem.research.pettingzoo``) and OpenSpiel (``animayhem.research.openspiel``). Install the ``rl``
extra (``pip install 'animayhem[rl]'``) for them; see docs/research.md. Nothing in the engine imports this."""
