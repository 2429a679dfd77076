"""How Next Station Tokyo looks in Discord.

Importing the package registers its presenter (`presenter.TokyoPresenter`).
"""

from bot.ui.next_station_tokyo import presenter as presenter  # registers the presenter
