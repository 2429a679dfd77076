"""Ticket to Ride: Japan's pictures: the board's, a seat's own, the whole map and its regions.

Importing the package registers the renderer (`pictures.render`). Its parts: `pictures` (the renderer: which picture
a view gets), `board` (the board's picture, sent with every move), `private` (a seat's own), `whole_map` (the whole
map a player zooms, and the look the others share), `regions` (one region large, for `/ttr map`), `crop` and `cars`
(part of the map drawn large, from pieces a worker keeps), `map` (where places and cars go, land and sea) and
`stamps` (drawings made once and pasted again).
"""

from rendering.ttr_japan import pictures as pictures  # registers the renderer
