"""The event store: games, events, idempotent commands and seats.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("discord_guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=True),
        sa.Column("host_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_games_status", "games", ["status"])
    op.create_index("ix_games_discord_guild_id", "games", ["discord_guild_id"])
    op.create_index("ix_games_channel_id", "games", ["channel_id"])
    op.create_table(
        "events",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE")),
        sa.Column("seq", sa.Integer(), autoincrement=False),
        sa.Column("type", sa.String(60), nullable=False),
        sa.Column("schema_version", sa.Integer(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seq"),
    )
    op.create_table(
        "commands",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE")),
        sa.Column("key", sa.String(100)),
        sa.Column("first_seq", sa.Integer(), nullable=False),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.Column("response", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "key"),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "seats",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE")),
        sa.Column("seat", sa.Integer(), autoincrement=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat"),
    )
    op.create_index("ix_seats_user_id", "seats", ["user_id"])


def downgrade() -> None:
    op.drop_table("seats")
    op.drop_table("commands")
    op.drop_table("events")
    op.drop_table("games")
