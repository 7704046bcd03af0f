"""What happened to one interaction: what the user did, and what they saw in answer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import LoopbackError
from .model import Message

if TYPE_CHECKING:
    from .server import FakeDiscord

# Interaction types
PING = 1
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Callback (response) types
PONG = 1
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

RESPONSE_NAMES = {
    PONG: "pong",
    CHANNEL_MESSAGE: "reply",
    DEFERRED_CHANNEL_MESSAGE: "deferred reply",
    DEFERRED_UPDATE_MESSAGE: "deferred update",
    UPDATE_MESSAGE: "update message",
    AUTOCOMPLETE_RESULT: "autocomplete result",
    MODAL: "modal",
}


@dataclass(eq=False)
class InteractionRecord:
    """One interaction, from the user's side.

    Made by FakeDiscord.slash/click/select/submit_modal/autocomplete; filled in as the bot
    answers. The wait_* methods wait until the bot has answered in the way asked for.
    """

    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    data: dict[str, Any]
    payload: dict[str, Any]
    command_name: str | None = None
    #: for component interactions (and modal submits from one): the message clicked on
    message_id: int | None = None
    #: for a modal submit: the interaction that showed the modal
    parent: InteractionRecord | None = None
    shard_id: int | None = None
    #: FakeDiscord.mark() when the interaction was sent
    mark: int = 0
    dispatched_at: float | None = None
    responded_at: float | None = None
    #: when the user first saw the answer: the callback, or for a deferral (the bot's "got it")
    #: the follow-up or edit that filled it in
    answered_at: float | None = None
    response_type: int | None = None
    #: the callback body as the bot sent it
    response: dict[str, Any] | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    modal_submitted: bool = False
    choices: list[dict[str, Any]] | None = None
    #: callbacks or follow-ups the fake refused: {"status", "code", "message", "route"}
    errors: list[dict[str, Any]] = field(default_factory=list)
    #: FakeDiscord.mark() right after the callback was applied
    response_rev: int = 0
    _fake: FakeDiscord | None = field(default=None, repr=False)

    # -- what the user saw -----------------------------------------------------------------

    @property
    def responded(self) -> bool:
        return self.response_type is not None

    @property
    def response_name(self) -> str | None:
        return RESPONSE_NAMES.get(self.response_type) if self.response_type else None

    @property
    def latency(self) -> float | None:
        """Seconds from sending INTERACTION_CREATE to the bot's callback arriving."""
        if self.dispatched_at is None or self.responded_at is None:
            return None
        return self.responded_at - self.dispatched_at

    @property
    def answer_latency(self) -> float | None:
        """Seconds from sending INTERACTION_CREATE to the user seeing the answer: the callback,
        or for a deferral the follow-up or edit of the original that came after it."""
        if self.dispatched_at is None or self.answered_at is None:
            return None
        return self.answered_at - self.dispatched_at

    @property
    def deferred(self) -> bool:
        return self.response_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE)

    def _msg(self, mid: int | None) -> Message | None:
        if mid is None or self._fake is None:
            return None
        return self._fake.world.messages.get(mid)

    @property
    def original(self) -> Message | None:
        """The message @original points at: the reply, or for updates the clicked message."""
        return self._msg(self.original_message_id)

    @property
    def reply(self) -> Message | None:
        """The bot's reply message (type 4, or a filled deferral); None while still loading."""
        if self.response_type not in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            return None
        msg = self.original
        if msg is None or msg.loading or msg.deleted:
            return None
        return msg

    @property
    def ephemeral(self) -> bool:
        msg = self.original
        return bool(msg is not None and msg.ephemeral)

    @property
    def message(self) -> Message | None:
        """The message the component was on (its current state)."""
        return self._msg(self.message_id)

    @property
    def followups(self) -> list[Message]:
        return [m for m in (self._msg(i) for i in self.followup_ids) if m is not None]

    @property
    def seen(self) -> list[Message]:
        """Every message this interaction showed the user: the reply and each follow-up."""
        out = []
        if self.reply is not None:
            out.append(self.reply)
        elif self.response_type in (UPDATE_MESSAGE, DEFERRED_UPDATE_MESSAGE) and self.original:
            out.append(self.original)
        out += [m for m in self.followups if m not in out]
        return out

    def _answer(self) -> Message | None:
        if self.response_type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            if self.reply is not None:
                return self.reply
            return self.followups[0] if self.followups else None
        if self.response_type == UPDATE_MESSAGE:
            return self.original
        if self.response_type == DEFERRED_UPDATE_MESSAGE:
            msg = self.original
            if msg is not None and msg.rev > self.response_rev:
                return msg
            return self.followups[0] if self.followups else None
        return None

    # -- waiting -------------------------------------------------------------------------

    def _need_fake(self) -> FakeDiscord:
        if self._fake is None:
            raise LoopbackError("this interaction record is not attached to a FakeDiscord")
        return self._fake

    async def wait_response(self, timeout: float = 5.0) -> InteractionRecord:
        """Until the bot has called back (any response type)."""
        await self._need_fake().wait_for(
            lambda: self.responded or (self.errors and self.errors[-1].get("fatal")),
            timeout=timeout,
            what=f"a response to {self.describe()}",
        )
        if not self.responded:
            raise LoopbackError(f"{self.describe()} was refused: {self.errors[-1]}")
        return self

    async def wait_reply(self, timeout: float = 5.0) -> Message:
        """Until the user sees an answer in a message: the reply, a filled deferral, the
        updated message, or (after a deferred update) an edit or a follow-up."""
        fake = self._need_fake()
        await self.wait_response(timeout)
        if self.response_type in (MODAL, AUTOCOMPLETE_RESULT, PONG):
            raise LoopbackError(f"{self.describe()} was answered with a {self.response_name}")
        return await fake.wait_for(
            self._answer, timeout=timeout, what=f"the answer to {self.describe()}"
        )

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list[Message]:
        """Until at least `count` follow-ups exist (a deferral filled by a follow-up counts)."""

        def enough() -> list[Message] | None:
            msgs = self.followups
            return msgs if len(msgs) >= count else None

        return await self._need_fake().wait_for(
            enough, timeout=timeout, what=f"{count} follow-up(s) to {self.describe()}"
        )

    async def wait_modal(self, timeout: float = 5.0) -> dict[str, Any]:
        await self.wait_response(timeout)
        if self.modal is None:
            raise LoopbackError(
                f"{self.describe()} was answered with a {self.response_name}, not a modal"
            )
        return self.modal

    async def wait_choices(self, timeout: float = 5.0) -> list[dict[str, Any]]:
        await self.wait_response(timeout)
        if self.choices is None:
            raise LoopbackError(
                f"{self.describe()} was answered with a {self.response_name}, not choices"
            )
        return self.choices

    def describe(self) -> str:
        kind = {
            APPLICATION_COMMAND: f"/{self.command_name}",
            MESSAGE_COMPONENT: f"component {self.data.get('custom_id')!r}",
            AUTOCOMPLETE: f"autocomplete of /{self.command_name}",
            MODAL_SUBMIT: f"modal {self.data.get('custom_id')!r}",
        }.get(self.type, f"type {self.type}")
        return f"interaction {self.id} ({kind})"

    def snapshot(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "type": self.type,
            "user_id": self.user_id,
            "channel_id": self.channel_id,
            "guild_id": self.guild_id,
            "command_name": self.command_name,
            "data": self.data,
            "message_id": self.message_id,
            "shard_id": self.shard_id,
            "mark": self.mark,
            "responded": self.responded,
            "response_type": self.response_type,
            "response_name": self.response_name,
            "deferred": self.deferred,
            "ephemeral": self.ephemeral,
            "latency": self.latency,
            "answer_latency": self.answer_latency,
            "original_message_id": self.original_message_id,
            "reply": self.reply.snapshot() if self.reply else None,
            "followups": [m.snapshot() for m in self.followups],
            "modal": self.modal,
            "choices": self.choices,
            "errors": self.errors,
        }
