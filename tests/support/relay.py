"""The relay test game with its renderer registered: what `--game tests.support.relay:RELAY` loads."""

from tests.support.relay_game import RELAY
from tests.support.relay_render import render_relay

__all__ = ["RELAY", "render_relay"]
