"""Mexican Train's pictures: the public board, or a seat's own hand.

Importing the package registers the renderer (`pictures.render_mexican_train`). Its parts: `pictures` (the renderer:
which picture a view gets), `board` (the public board), `hand` (a seat's own hand) and `look` (the layout, colours
and dominoes both share).
"""

from rendering.mexican_train import pictures as pictures  # registers the renderer
