"""Alembic environment: migrations run on the connection the store hands over."""

from alembic import context

from bot.store.schema import METADATA

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through bot.store.migrate, which passes a connection")
context.configure(connection=connection, target_metadata=METADATA, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
