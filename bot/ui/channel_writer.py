"""One writer per channel: a game's public messages go out from one task, in the order their versions were saved.

Changes reach Discord from many tasks at once (moves, skips, timeouts, computers, `/game status`, restarts). Each
hands its Update to its channel's writer at once, and the writer sends, one batch at a time:
1. the board of the newest version noted — never older than one it already showed (an older one is dropped, not
   drawn), and never beside a second board with live controls (an old board loses them before a new one is posted);
2. then the lines every change up to that version saved in the outbox, in the order they were committed (a change
   whose own task is late is still told in its place), pinging those still awaited: a ping follows its board;
3. then the results of a game that ended, and each owner's newest private view by DM.
Pictures are drawn side by side as soon as a change is noted; one superseded before it is drawn is never drawn. A
board Discord refused (429, a timeout) is tried again a little later, until the channel shows the newest. A batch
goes out once the clicks the bot has taken in since its change are acknowledged (`Gate.acknowledgements_first`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.engine import GameManager, OwedRow, Update
from bot.games.base import IllegalAction
from bot.i18n import speaking
from bot.ui import news, outgoing
from bot.ui.board_picture import BoardPicture
from bot.ui.presenters import presenter_for
from bot.ui.writer_items import Job, Noted, Order, Post, Repost, Shown, order_of

log = logging.getLogger(__name__)

RETRY_S = (1.0, 3.0, 10.0, 30.0)
"""After Discord refused a board: the pauses before each new try (then the next change tries again)."""


class ChannelWriter:
    """The one sender of a channel's public messages (see the module's docstring)."""

    def __init__(self, client: discord.Client, channel_id: int) -> None:
        self.client = client
        self.channel_id = channel_id
        self._queue: deque[Noted | Job | Repost] = deque()
        self._newest: Update | None = None
        self._shown = Shown()
        self._board_picture = BoardPicture()
        self._pictures: dict[Order, asyncio.Task[dict[str, Any]]] = {}
        self._drawing_for: Order | None = None
        """The picture the writer is waiting for now: a newer change does not cancel that one."""
        self._task: asyncio.Task[None] | None = None
        self._retry: asyncio.Task[None] | None = None
        self._retries = 0
        self._foreseeing: asyncio.Task[None] | None = None

    @property
    def manager(self) -> GameManager:
        return outgoing.manager_of(self.client)

    @property
    def busy(self) -> bool:
        """Whether something is queued, being sent, or a board is to be tried again."""
        running = [t for t in (self._task, self._retry) if t is not None and not t.done()]
        return bool(self._queue) or bool(running)

    def stop(self) -> None:
        """No board is tried again (the bot is closing)."""
        if self._retry is not None:
            self._retry.cancel()
        if self._foreseeing is not None:
            self._foreseeing.cancel()

    # ------------------------------------------------------------------ what senders hand in (never awaiting)

    def announce(self, update: Update, *, new_board: bool = False) -> asyncio.Future[None]:
        """Queue a committed change; the future ends once the channel was told (or Discord refused)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._note(update)
        gate = getattr(self.client, "gate", None)
        self._queue.append(Noted(update, new_board, done, gate.admitted if gate is not None else 0))
        self._wake()
        return done

    def run(self, job: Callable[[], Awaitable[Any]]) -> asyncio.Future[Any]:
        """Queue any other public message (`job` sends it), behind what is queued already."""
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.append(Job(job, done))
        self._wake()
        return done

    def repost(self, update: Update, post: Post) -> asyncio.Future[Any]:
        """Queue the board posted anew by `post` (`update` or newer); the future gives the message."""
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._note(update)
        self._queue.append(Repost(update, post, done))
        self._wake()
        return done

    def _note(self, update: Update) -> None:
        """Remember the newest change, start drawing its board, and cancel the drawings it supersedes."""
        newest = order_of(update)
        if newest < self._shown.order or (self._newest is not None and newest <= order_of(self._newest)):
            return
        self._newest = update
        for order in [o for o in self._pictures if o < newest and o != self._drawing_for]:
            self._pictures.pop(order).cancel()  # not drawn yet (or not finished): nobody will see it
        if newest > self._shown.order:
            self._pictures[newest] = self._drawing(update)

    def _drawing(self, update: Update) -> asyncio.Task[dict[str, Any]]:
        task = asyncio.get_running_loop().create_task(self._drawn(update))
        task.add_done_callback(_retrieved)  # a picture nobody waits for any more may fail unheard
        return task

    async def _drawn(self, update: Update) -> dict[str, Any]:
        with speaking(outgoing.language_of_channel(self.client, self.channel_id)):
            return await outgoing.board_message(update)

    def _wake(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._work(), name=f"writer-{self.channel_id}")

    # ------------------------------------------------------------------ the one task that sends

    async def _work(self) -> None:
        while self._queue:
            item = self._queue.popleft()
            if isinstance(item, Job):
                await _answer(item.done, item.run())
            elif isinstance(item, Repost):
                await _answer(item.done, self._repost(item))
            else:
                gate = getattr(self.client, "gate", None)
                if gate is not None:
                    await gate.acknowledgements_first(item.admitted)
                batch = [item]
                while self._queue and isinstance(self._queue[0], Noted):
                    following = self._queue.popleft()
                    assert isinstance(following, Noted)
                    batch.append(following)
                await _answer_all([n.done for n in batch], self._tell(batch))
        if self._owed():
            self._retry_later()
        if not self._behind():
            self._newest = None  # shown: its order is kept (a late, older change is still dropped), not its views

    def _behind(self) -> bool:
        return self._newest is not None and order_of(self._newest) > self._shown.order

    def _owed(self) -> bool:
        """Whether the channel lacks a board it should have: one behind the newest change, or none live at all (the
        old one taken down and the new one refused)."""
        return self._behind() or self._shown.fresh_due

    def _retry_later(self) -> None:
        """The board is behind the newest change (Discord refused it): try again after a pause, a few times."""
        if self._retries >= len(RETRY_S):
            log.warning("board left behind channel=%s after %d tries", self.channel_id, self._retries)
            self._retries = 0
            return
        delay = RETRY_S[self._retries]
        self._retries += 1

        async def again() -> None:
            await asyncio.sleep(delay)
            if self._owed():
                with contextlib.suppress(discord.HTTPException):  # logged; the next pause tries again
                    await self.run(self._catch_up)

        self._retry = asyncio.get_running_loop().create_task(again())

    async def _catch_up(self) -> None:
        """The retry itself: the newest board, posted anew if one was due."""
        newest = self._newest if self._behind() else None
        if newest is None and self._shown.fresh_due:
            try:
                newest = await self.manager.current(self.channel_id)
            except IllegalAction:  # the game has ended since: its end edits the board it had
                self._shown.fresh_due = False
                return
        if newest is not None:
            with speaking(outgoing.language_of_channel(self.client, self.channel_id)):
                await self._board(newest, fresh=self._shown.fresh_due and newest.running, first=False)

    async def _tell(self, batch: list[Noted]) -> None:
        """One batch of changes: the newest board, then every saved line up to it, the results, the DMs; then the
        awaited players' next hands drawn ahead."""
        channel = await outgoing.channel_of(self.client, self.channel_id)
        newest = max((n.update for n in batch), key=order_of)
        if self._newest is not None and self._newest.game_id == newest.game_id:
            newest = max(newest, self._newest, key=order_of)  # noted since: told now, its own batch finds it done
        failed: discord.HTTPException | None = None
        with speaking(outgoing.language_of(self.client, channel)):
            rows = await self.manager.owed_announcements(newest.game_id, newest.version)
            # Each part is tried even when Discord refused an earlier one: a lost board must not also lose the lines.
            for part in (
                lambda: self._board_for(batch, newest),
                lambda: self._news(channel, newest, batch, rows),
            ):
                try:
                    await part()
                except discord.HTTPException as error:
                    log.warning(
                        "delivery part failed channel=%s version=%s status=%s",
                        self.channel_id, newest.version, error.status,
                    )  # fmt: skip
                    failed = failed or error
            # Discord had its say on each part: a restart must not announce them again.
            await self.manager.settle({row.id for row in rows} | {i for n in batch for i in n.update.owed.public})
            try:
                await self._secrets(channel, batch)
            except discord.HTTPException as error:
                failed = failed or error
        self._foresee(newest)
        if failed is not None:
            raise failed

    def _foresee(self, update: Update) -> None:
        """Have the awaited players' next hands drawn (`outgoing.foresee_hands`), unless a newer change comes first
        (it foresees its own)."""
        if self._foreseeing is not None:
            self._foreseeing.cancel()
        self._foreseeing = asyncio.get_running_loop().create_task(self._foresee_now(update))
        self._foreseeing.add_done_callback(_retrieved)

    async def _foresee_now(self, update: Update) -> None:
        try:
            await outgoing.foresee_hands(self.client, self.manager, update)
        except IllegalAction:
            pass  # the game ended meanwhile: nobody's hand is awaited
        except Exception:
            log.exception("drawing hands ahead failed channel=%s version=%s", self.channel_id, update.version)

    async def _board_for(self, batch: list[Noted], newest: Update) -> None:
        first = any(n.new_board for n in batch if n.update.game_id == newest.game_id)
        if order_of(newest) < self._shown.order or (order_of(newest) == self._shown.order and not first):
            return  # the channel shows this board or a newer one already: dropped, not drawn again
        fresh = self._shown.fresh_due or any(presenter_for(n.update.game).fresh_board(n.update) for n in batch)
        await self._board(newest, fresh=fresh and newest.running, first=first)

    async def _board(self, update: Update, *, fresh: bool, first: bool) -> None:
        """Bring the channel's board to `update`: edited in place, or posted anew with the old one taken down first."""
        old_id = await self.manager.board_message(update.game_id)
        if first or old_id is None:
            # A game's first board: the lobby message before it was closed by the start and keeps no controls.
            await self._post(update, self._send)
            return
        if fresh:
            self._shown.fresh_due = True  # until posted: a failure here leaves it due
            await outgoing.take_down(self.client, self.channel_id, old_id)
            await self._post(update, self._send)
            return
        kwargs = await self._picture(update)
        image = kwargs.pop("file", None)
        channel = await outgoing.channel_of(self.client, self.channel_id)
        try:
            message = channel.get_partial_message(old_id)  # type: ignore[attr-defined]
            # A finished game's board keeps no buttons: view=None removes them.
            attachments = self._board_picture.for_edit(old_id, image)
            edited = await message.edit(attachments=attachments, **{"view": None, **kwargs})
        except discord.NotFound:
            log.info("board message gone channel=%s; posting a new one", self.channel_id)
            # Deleted by someone, most likely; if Discord was wrong, it must not stay live beside the new one.
            await outgoing.take_down(self.client, self.channel_id, old_id)
            await self._post(update, self._send)
            return
        self._board_picture.carried(edited, image)
        self._now_showing(update)

    async def _send(self, kwargs: dict[str, Any]) -> discord.Message:
        channel = await outgoing.channel_of(self.client, self.channel_id)
        return await channel.send(allowed_mentions=outgoing.NO_PINGS, **kwargs)

    async def _post(self, update: Update, post: Post) -> discord.Message:
        kwargs = await self._picture(update)
        sent = await post(kwargs)
        self._board_picture.carried(sent, kwargs.get("file"))
        await self.manager.set_board_message(update.game_id, sent.id)
        self._shown.fresh_due = False
        self._now_showing(update)
        return sent

    def _now_showing(self, update: Update) -> None:
        self._shown.order = order_of(update)
        self._retries = 0
        for order in [o for o in self._pictures if o <= self._shown.order]:
            del self._pictures[order]

    async def _picture(self, update: Update) -> dict[str, Any]:
        """The board message for `update` (a copy, its file rewound, for each send): drawn already (or being drawn)
        since it was noted, else drawn now."""
        order = order_of(update)
        task = self._pictures.get(order)
        if task is None or task.cancelled():
            task = self._pictures[order] = self._drawing(update)
        self._drawing_for = order
        try:
            kwargs = dict(await asyncio.shield(task))
        finally:
            self._drawing_for = None
        image = kwargs.get("file")
        if image is not None:
            image.reset()  # a refused send may have read it already
        return kwargs

    async def _repost(self, item: Repost) -> discord.Message:
        """`/game status`: the old board retired, then the newest posted where the command was typed."""
        newest = item.update
        if self._newest is not None and self._newest.game_id == newest.game_id:
            newest = max(newest, self._newest, key=order_of)
        if order_of(newest) < self._shown.order:
            newest = await self.manager.current(self.channel_id)  # read before a change the channel shows already
        with speaking(outgoing.language_of_channel(self.client, self.channel_id)):
            old_id = await self.manager.board_message(newest.game_id)
            if old_id is not None:
                self._shown.fresh_due = True  # once the old board is retired, until the copy is posted (or a retry)
                try:
                    await outgoing.take_down(self.client, self.channel_id, old_id, delete=False)
                except discord.HTTPException:
                    # The old board keeps its controls: this copy gets none, and the old one stays the live one.
                    self._shown.fresh_due = False
                    log.info("old board not retired channel=%s; posting a copy without controls", self.channel_id)
                    kwargs = await self._picture(newest)
                    kwargs.pop("view", None)
                    return await item.post(kwargs)
            return await self._post(newest, item.post)

    async def _news(
        self, channel: discord.abc.Messageable, newest: Update, batch: list[Noted], rows: list[OwedRow]
    ) -> None:
        """Every saved line up to the newest version, in order, each change's results after its lines; pings last."""
        updates = {n.update.version: n.update for n in batch if n.update.game_id == newest.game_id}
        updates[newest.version] = newest
        pieces, pinged = news.news(rows, updates, newest)
        await news.send(channel, pieces, pinged)

    async def _secrets(self, channel: discord.abc.Messageable, batch: list[Noted]) -> None:
        """Each owner's newest private view by DM (never one older than a view sent before)."""
        for noted in sorted(batch, key=lambda n: order_of(n.update)):
            update = noted.update
            here = order_of(update)
            newer = {uid for uid, sent in self._shown.dms.items() if sent > here}
            newer |= {uid for n in batch if order_of(n.update) > here for uid in n.update.dm_views}
            await outgoing.send_secrets(self.client, channel, update, skip=frozenset(newer))
            for uid in update.dm_views:
                self._shown.dms[uid] = max(self._shown.dms.get(uid, (0, 0)), here)


def _retrieved(task: asyncio.Task[Any]) -> None:
    if not task.cancelled():
        task.exception()


async def _answer(done: asyncio.Future[Any], work: Awaitable[Any]) -> None:
    """Run one queued item; its sender gets the result or the error (the writer goes on either way)."""
    await _answer_all([done], work)


async def _answer_all(waiting: list[asyncio.Future[Any]], work: Awaitable[Any]) -> None:
    """Run one queued item for several senders: each gets its result or its error."""
    try:
        result = await work
    except Exception as error:
        for done in waiting:
            if not done.done():
                done.set_exception(error)
        return
    except BaseException as error:  # the writer itself is cancelled (the bot closes): tell the senders, then stop
        for done in waiting:
            if not done.done():
                done.set_exception(error)
        raise
    for done in waiting:
        if not done.done():
            done.set_result(result)


class Writers:
    """The writer of every channel this bot writes to."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._writers: dict[int, ChannelWriter] = {}

    def stop(self) -> None:
        """The bot is closing: no board is tried again (the next change after a restart brings it up to date)."""
        for writer in self._writers.values():
            writer.stop()

    def of(self, channel_id: int) -> ChannelWriter:
        """The channel's writer (made on first use)."""
        writer = self._writers.get(channel_id)
        if writer is None:
            writer = self._writers[channel_id] = ChannelWriter(self.client, channel_id)
        return writer
