"""Fast Train to Miyajima's pictures: a seat's sheet, or every sheet in small.

Importing the package registers the renderer (`pictures.render_miyajima`). Its parts: `pictures` (the renderer:
which picture a view gets), `sheet` (a seat's sheet), `overview` (every sheet in small) and `look` (the layout,
colours and header both share).
"""

from rendering.miyajima import pictures as pictures  # registers the renderer
