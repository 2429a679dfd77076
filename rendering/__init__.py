"""Rendering: turn a player's view into a PNG, dispatching by game name.

The registry (`rendering.registry`) is offered here; importing the package also imports every game's pictures, each
of which registers its renderer there, so they are always available.
"""

from rendering import mexican_train, miyajima, next_station_tokyo, toyko_train, ttr_japan
from rendering.registry import (
    RENDERERS,
    WARM_UPS,
    Renderer,
    WarmUp,
    encoded,
    has_renderer,
    png_of,
    register,
    render_png,
)

__all__ = ["RENDERERS", "WARM_UPS", "Renderer", "WarmUp", "encoded", "has_renderer", "png_of", "register", "render_png"]
GAMES = (mexican_train, miyajima, next_station_tokyo, toyko_train, ttr_japan)
"""Each game's pictures, registered by importing them."""
