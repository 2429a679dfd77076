"""How Ticket to Ride: Japan looks in Discord.

Importing the package registers its presenter (`presenter.JapanPresenter`). Its parts: `presenter` (the board with
its market buttons, hands, ticket choices and results) and `regions` (`/ttr map [region:…]`).
"""

from bot.ui.ttr_japan import presenter as presenter  # registers the presenter
