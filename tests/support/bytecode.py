"""A pytest plugin (pyproject's addopts: `-p tests.support.bytecode`): the run caches compiled modules, as Python does
unless told not to.

The suite starts a few hundred Python processes (its workers, the bot's picture and computer workers, bots killed and
started again, sandboxes), each importing most of the bot. With PYTHONDONTWRITEBYTECODE set, as on some CI machines,
each of them compiled every module it imported again: ~1.4 s of CPU per process. Loaded before the conftest imports
anything, so the bot's own modules are cached too; the processes the tests start inherit it through the environment.
"""

from __future__ import annotations

import os
import sys

os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False
