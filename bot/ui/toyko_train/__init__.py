"""How Toyko Train looks in Discord.

Importing the package registers its presenter (`presenter.ToykoPresenter`). Its parts: `presenter` (the table
message and the standings), `panel` (a conductor's panel of words and gestures, a tourist's grid of seats) and
`description` (the pictures in words, for a screen reader).
"""

from bot.ui.toyko_train import presenter as presenter  # registers the presenter
