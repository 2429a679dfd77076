"""A per-address request limit: a bucket of requests that refills steadily, so a flood is refused, not served."""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable

ADDRESSES_KEPT = 10_000
"""Buckets kept at most (the oldest are forgotten first): a flood from many addresses cannot fill the memory."""


class RequestLimit:
    """At most `per_minute` requests per address, in bursts of up to a tenth of that (0: no limit)."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_minute / 60
        self.burst = max(10.0, per_minute / 10)
        self._now = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allows(self, address: str) -> bool:
        """Whether this address may be answered now (taking one request from its bucket)."""
        if self.rate <= 0:
            return True
        now = self._now()
        left, then = self._buckets.pop(address, (self.burst, now))
        left = min(self.burst, left + (now - then) * self.rate)
        allowed = left >= 1
        self._buckets[address] = (left - 1 if allowed else left, now)
        if len(self._buckets) > ADDRESSES_KEPT:
            self._buckets.popitem(last=False)
        return allowed

    def retry_after(self) -> int:
        """Seconds until a refused address has a request again."""
        return max(1, round(1 / self.rate)) if self.rate > 0 else 0


def client_address(peer: str | None, forwarded_for: str | None) -> str:
    """Who is asking: the peer, or the last address a reverse proxy on this machine says it forwards for."""
    if peer and forwarded_for and _is_loopback(peer):
        return forwarded_for.split(",")[-1].strip() or peer
    return peer or "?"


def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False
