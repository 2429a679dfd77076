"""How Mexican Train looks in Discord.

Importing the package registers its presenter (`presenter.MexicanTrainPresenter`), which `presenter` holds with the
naming of trains the cog uses.
"""

from bot.ui.mexican_train import presenter as presenter  # registers the presenter
