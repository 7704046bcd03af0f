"""What the Discord bot keeps: DM channels of seats, posted messages, deadlines, snapshots.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("dm_channel_id", sa.BigInteger(), nullable=True))
    op.create_table(
        "messages",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE")),
        sa.Column("key", sa.String(100)),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "key"),
    )
    op.create_table(
        "deadlines",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE")),
        sa.Column("key", sa.String(100)),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("seats", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "key"),
    )
    op.create_index("ix_deadlines_due_at", "deadlines", ["due_at"])
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE")),
        sa.Column("seq", sa.Integer(), autoincrement=False),
        sa.Column("state_version", sa.Integer(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seq"),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
    op.drop_index("ix_deadlines_due_at", "deadlines")
    op.drop_table("deadlines")
    op.drop_table("messages")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("dm_channel_id")
