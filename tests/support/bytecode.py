"""A pytest plugin (`-p tests.support.bytecode` in pyproject's addopts): the run caches the modules it compiles.

The suite starts about 120 Python programs (its workers, bots killed and started again, sandboxes, builds), most of
them importing much of the bot. With PYTHONDONTWRITEBYTECODE set, as on some CI machines, each compiled every module
it imported again: importing the bot's client, sandbox and pictures took 1.9 s of CPU, 0.6 s once cached. Loaded
before the conftest imports anything, so the bot's own modules are cached too; the programs the tests start inherit
it through the environment.
"""

from __future__ import annotations

import os
import sys

os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False
