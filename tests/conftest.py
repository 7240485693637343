from __future__ import annotations

import pytest

from animayhem.cards.database import CardDB


@pytest.fixture(scope="session")
def db() -> CardDB:
    return CardDB.bundled()
