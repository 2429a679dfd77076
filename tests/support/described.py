"""Issue 19: every picture the bot uploads carries a description a screen reader can speak.

Installed for every test (tests/conftest.py): each simulated Discord's log of REST requests checks, as each request
is logged, the attachments it uploads. A PNG without a description, or with one longer than Discord allows, is
noted, and the test fails at its end with what was sent, so any command that sends a picture is held to it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

DESCRIPTION_MAX = 1024


def uploads(payload: Any) -> Iterator[dict[str, Any]]:
    """Every attachment a request's JSON uploads anew (one kept from before names only its id)."""
    if isinstance(payload, dict):
        for key, value in payload.items():
            if key == "attachments" and isinstance(value, list):
                yield from (a for a in value if isinstance(a, dict) and "filename" in a)
            else:
                yield from uploads(value)
    elif isinstance(payload, list):
        for item in payload:
            yield from uploads(item)


def undescribed(method: str, path: str, payload: Any) -> list[str]:
    """What is wrong with the pictures one request uploads, if anything."""
    wrong = []
    for attachment in uploads(payload):
        if not str(attachment["filename"]).endswith(".png"):
            continue
        description = attachment.get("description")
        if not description or not str(description).strip():
            wrong.append(f"{method} {path}: {attachment['filename']} has no description")
        elif len(description) > DESCRIPTION_MAX:
            wrong.append(f"{method} {path}: {attachment['filename']} description of {len(description)} characters")
    return wrong


class DescribedLog(list):  # type: ignore[type-arg]
    """simcord's list of REST requests, noting each picture uploaded without a fit description into `faults`."""

    def __init__(self, existing: list[Any], faults: list[str]) -> None:
        super().__init__(existing)
        self.faults = faults

    def append(self, entry: Any) -> None:
        super().append(entry)
        self.faults.extend(undescribed(entry.method, entry.path, entry.json))
