"""The effect language and the values: the interpreter of card effects (``triggers``), what stays in force
(``lasting``), the one value pipeline (``abilities``), Energy, allies, forms, the rule primitives (Bonk, Kill,
leave play, ...) and the registry of named card hooks. Imports only ``core``; never a procedure."""
