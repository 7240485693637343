"""Game records, saves and scenarios: thin adapters over the engine's single interface."""
