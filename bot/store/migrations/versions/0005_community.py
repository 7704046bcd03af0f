"""Server settings (/gm settings), seats offered to volunteers (/seat open) and spectators
(/gm watch).

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "server_settings",
        sa.Column("discord_guild_id", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("games", sa.Text(), nullable=True),
        sa.Column("deadline_minutes", sa.Integer(), nullable=True),
        sa.Column("builtin_players", sa.Boolean(), nullable=True),
        sa.Column("where", sa.String(16), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "open_seats",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE")),
        sa.Column("seat", sa.Integer(), autoincrement=False),
        sa.Column("opened_by", sa.BigInteger(), nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat"),
    )
    op.create_table(
        "watchers",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE")),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "user_id"),
    )


def downgrade() -> None:
    op.drop_table("watchers")
    op.drop_table("open_seats")
    op.drop_table("server_settings")
