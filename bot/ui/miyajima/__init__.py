"""How Fast Train to Miyajima looks in Discord.

Importing the package registers its presenter (`presenter.MiyajimaPresenter`).
"""

from bot.ui.miyajima import presenter as presenter  # registers the presenter
