"""Alembic migrations of the room's database (run by ``pokerdealer db upgrade``)."""
