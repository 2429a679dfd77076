"""Toyko Train's pictures: a seat's own compartment (and a conductor's target card), or every team's.

Importing the package registers the renderer (`pictures.render_toyko_train`), which `pictures` holds whole.
"""

from rendering.toyko_train import pictures as pictures  # registers the renderer
