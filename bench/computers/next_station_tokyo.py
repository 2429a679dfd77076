"""Next Station Tokyo computers, solo (no options): mean score per level. Target: strong ≥ 115 points.

python bench/computers/next_station_tokyo.py [--games N] [--playouts P | --seconds S] [--levels a,b]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.computers.solo import arguments, ratio, solo_means

if __name__ == "__main__":
    games, budget, levels = arguments(__doc__)
    found = solo_means("next_station_tokyo", levels, budget, games)
    ratio(found, "strong", "normal")
