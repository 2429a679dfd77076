"""Next Station Tokyo's pictures: a seat's sheet, or every sheet in small.

Importing the package registers the renderer (`pictures.render_next_station_tokyo`). Its parts: `pictures` (the
renderer: the pages themselves), `map` (one sheet's map), `scores` (a sheet's scores), `legend` (what each pattern
and mark means), `text` (words on a page), `shapes` (small marks), `geometry` (the lattice in pixels) and `look`
(the layout, colours and how each line is drawn).
"""

from rendering.next_station_tokyo import pictures as pictures  # registers the renderer
