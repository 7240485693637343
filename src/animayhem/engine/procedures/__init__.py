"""The rule procedures, one module per chapter of the rulebook (turns, set-up, Disasters, Scavenging, combat,
Charm Combat, fights, Havens, vehicles, Flash Effects, ...): the frames on the state's agenda. Each imports only
the procedures below it (``.importlinter``); a procedure starts one above it by kind (``agenda``)."""
