"""The server permissions the bot needs: one list, for the README's invite link and `python -m bot doctor`."""

from __future__ import annotations

import discord

NEEDED: dict[str, str] = {
    "view_channel": "View Channels",
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "create_public_threads": "Create Public Threads",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
    "read_message_history": "Read Message History",
}
"""Each permission the bot uses, by discord.py's name, with the name Discord's settings show for it."""

REQUIRED_PERMISSIONS = discord.Permissions(**dict.fromkeys(NEEDED, True))
"""Games open in public threads; boards are embeds with attached images; the bot re-reads its own messages."""

SCOPES = ("bot", "applications.commands")


def missing_permissions(granted: discord.Permissions) -> list[str]:
    """The display names of the needed permissions that `granted` lacks."""
    return [label for name, label in NEEDED.items() if not getattr(granted, name)]


def invite_url(application_id: int) -> str:
    """The link that adds the bot to a server with every permission it needs."""
    return discord.utils.oauth_url(application_id, permissions=REQUIRED_PERMISSIONS, scopes=SCOPES)
