"""Command-line faces of animayhem (thin adapters over the library)."""
