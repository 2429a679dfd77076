"""Printing what each pretend user would see: public, ephemeral (only one user) and DMs, marked apart."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, TextIO

import discord


def signature(message: discord.Message) -> str:
    """What a reader sees of a message, to notice edits."""
    parts = [
        message.content,
        json.dumps([e.to_dict() for e in message.embeds], sort_keys=True),
        json.dumps([c.to_dict() for c in message.components], sort_keys=True, default=str),
        ",".join(str(a.id) for a in message.attachments),
    ]
    return hashlib.sha1("\x00".join(parts).encode()).hexdigest()


def _components(message: discord.Message) -> list[str]:
    lines = []
    for row in message.components:
        for item in getattr(row, "children", [row]):
            if isinstance(item, discord.Button) and item.label:
                lines.append(f"[{item.label}]" + (" (disabled)" if item.disabled else ""))
            elif isinstance(item, discord.SelectMenu):
                choices = "; ".join(f"{n}) {o.label}" for n, o in enumerate(item.options, 1))
                lines.append(f"<menu: {item.placeholder or 'choose'}> {choices}")
    return lines


def _readable(message: discord.Message) -> str:
    """The content with user mentions written as @name, as the Discord app shows them."""
    text = message.content
    for user in message.mentions:
        text = text.replace(f"<@{user.id}>", f"@{user.display_name}").replace(f"<@!{user.id}>", f"@{user.display_name}")
    return text


def _embed(embed: discord.Embed) -> list[str]:
    lines = [f"== {embed.title} =="] if embed.title else []
    if embed.description:
        lines.extend(embed.description.splitlines())
    for embed_field in embed.fields:
        value = (embed_field.value or "").replace("\n", " / ")
        lines.append(f"{embed_field.name}: {value}")
    if embed.footer and embed.footer.text:
        lines.append(f"({embed.footer.text})")
    return lines


class Printer:
    """Writes each message once (and again when edited), saving its images to a folder."""

    def __init__(self, out: TextIO, images: Path) -> None:
        self.out = out
        self.images = images
        self._seen: dict[int, str] = {}
        self._image_count = 0

    def note(self, text: str) -> None:
        """A line from the sandbox itself."""
        print(f"  · {text}", file=self.out)

    async def show(self, message: discord.Message, where: str) -> None:
        """Print a message if it is new or changed since last shown."""
        sig = signature(message)
        previous = self._seen.get(message.id)
        if previous == sig:
            return
        self._seen[message.id] = sig
        header = f"[{where}]" + (" (edited)" if previous is not None else "")
        body: list[str] = _readable(message).splitlines() if message.content else []
        for embed in message.embeds:
            body.extend(_embed(embed))
        body.extend(_components(message))
        for attachment in message.attachments:
            kind = "image" if attachment.filename.endswith(".png") else "file"
            body.append(f"<{kind} saved to {await self._save(attachment)}>")
        print(header, file=self.out)
        for line in body or ["(empty)"]:
            print(f"    {line}", file=self.out)

    async def _save(self, attachment: discord.Attachment) -> Path:
        self._image_count += 1
        self.images.mkdir(parents=True, exist_ok=True)
        path = self.images / f"{self._image_count:03d}-{attachment.filename}"
        data: Any = await attachment.read()
        path.write_bytes(data)
        return path
