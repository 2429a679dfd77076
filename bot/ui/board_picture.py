"""The picture a board message carries, so that an edit whose picture is unchanged keeps it instead of uploading it.

Many changes leave the public picture as it was (a card drawn in secret, a pass, a pick others can't see yet): the
edit then names the attachment the message has (Discord keeps it, and the embed's `attachment://` still finds it by
name) rather than sending the same bytes again.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass

import discord


def digest_of(image: discord.File) -> bytes:
    """A digest of an attachment's bytes (b"" when they can't be read without consuming them)."""
    data = image.fp
    return hashlib.blake2b(data.getbuffer()).digest() if isinstance(data, io.BytesIO) else b""


@dataclass
class BoardPicture:
    """What the channel's board message carries, as far as its writer knows (nothing after a restart)."""

    message_id: int | None = None
    digest: bytes = b""
    attachment: discord.Attachment | None = None

    def for_edit(self, message_id: int, image: discord.File | None) -> list[discord.Attachment | discord.File]:
        """The `attachments` an edit of `message_id` sends: the one it carries when the picture is the same."""
        if image is None:
            return []
        same = self.message_id == message_id and self.digest and self.digest == digest_of(image)
        return [self.attachment] if same and self.attachment is not None else [image]

    def carried(self, message: discord.Message, image: discord.File | None) -> None:
        """Remember what `message` carries after it was posted or edited with `image`."""
        kept = image is not None and len(message.attachments) == 1
        self.message_id = message.id
        self.digest = digest_of(image) if kept and image is not None else b""
        self.attachment = message.attachments[0] if kept else None
