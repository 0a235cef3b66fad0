"""Benchmark: view to PNG bytes for a mid-game standard board and a mid-game joined 3x3 board.

Run `python -m render.bench [renders]`. Each case draws a sequence of different views (the last
moves of a playout; 3x3 views with different pieces and scores, made up; and 40 views of a real
six-seat 3x3 game from round 3, with contraband on the map), as a running game would, after
one warm-up render that draws the cached map layer. It prints median and p95 milliseconds of
view-to-PNG-bytes and the median PNG size.
"""

from __future__ import annotations

import argparse
import statistics
import time

from render import render_board
from render.samples import frontier_views, joined_view, standard_views
from rules.argtypes import at_least
from rules.state import Mark
from rules.view_types import View

TARGETS_MS = {"standard": 25.0, "3x3": 50.0, "3x3 game": 50.0}
TARGET_BYTES = 400 * 1000


def _pieces(view: View) -> int:
    on_map: int = sum(n for c in view["clearings"] for n in c["pieces"].values())
    return on_map + sum(int(n) for f in (view.get("forests") or {}).values() for n in f.values())


def measure(cases: list[tuple[View, list[Mark]]], renders: int) -> tuple[float, float, int]:
    """Median and p95 milliseconds of render_board over the views in turn, and the median PNG size."""
    render_board(*cases[0])
    times, sizes = [], []
    for i in range(renders):
        view, marks = cases[i % len(cases)]
        start = time.perf_counter()
        data = render_board(view, marks)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(data))
    times.sort()
    return statistics.median(times), times[round(0.95 * (len(times) - 1))], round(statistics.median(sizes))


def main(argv: list[str] | None = None) -> int:
    """Print the figures for both boards."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("renders", nargs="?", type=at_least(1), default=100, help="renders per board (default 100)")
    renders = parser.parse_args(argv).renders
    cases = {
        "standard": standard_views(40),
        "3x3": [joined_view(seed) for seed in range(20)],
        "3x3 game": frontier_views(40),
    }
    for name, views in cases.items():
        median, p95, size = measure(views, renders)
        pieces = min(_pieces(v) for v, _ in views)
        print(
            f"{name:9} {len(views[0][0]['seats'])} seats, {pieces}+ pieces, {len(views)} views, {renders} renders: "
            f"median {median:5.1f} ms  p95 {p95:5.1f} ms  PNG {size:,} bytes  "
            f"(targets: median <= {TARGETS_MS[name]:.0f} ms, PNG <= {TARGET_BYTES:,} bytes)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
