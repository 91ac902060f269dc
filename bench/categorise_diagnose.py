"""What each kind of categorisation evidence says on the rows Moneta got wrong (figures only, never rows).

`python -m bench categorise --set real --rescore --evidence` prints, per statement and evidence kind
(`category_evidence.FEATURES`), on the newer rows whose merchant the history never labelled: on how many rows the
kind has anything to say, how often its own first category is the person's, and, among the rows whose top
suggestion is wrong, how many that kind alone would have got right. A kind that is rarely right where the
suggestion is wrong cannot raise the score however it is weighted: it tells where a new signal is needed rather
than a new weighting.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass
class KindFigures:
    kind: str
    present: int = 0  # rows where the kind has any evidence
    right: int = 0  # ... and its first category is the person's
    on_wrong: int = 0  # rows where the kind has evidence and the top suggestion is wrong
    rescued: int = 0  # ... and the kind's first category is the person's


def evidence_figures(tensor: np.ndarray, top: np.ndarray, truth: np.ndarray, weight: np.ndarray,
                     features: tuple[str, ...]) -> list[KindFigures]:
    """Per evidence kind: `tensor` (items, categories, kinds), `top` the column of each item's top suggestion,
    `truth` the column of the person's category (-1 when it is none of the user's), `weight` rows per item."""
    out = []
    for f, kind in enumerate(features):
        values = tensor[:, :, f]
        has = values.max(axis=1) > 0
        first = values.argmax(axis=1)
        wrong = top != truth
        out.append(KindFigures(kind, int(weight[has].sum()), int(weight[has & (first == truth)].sum()),
                               int(weight[has & wrong].sum()), int(weight[has & wrong & (first == truth)].sum())))
    return out


def evidence_print(name: str, figures: list[KindFigures], rows: int) -> None:
    print(f"  {name}: evidence on {rows} rows of merchants the history never labelled "
          "(kind: rows with evidence, its first category right, right where the top suggestion is wrong)")
    for k in figures:
        if k.present:
            print(f"    {k.kind:<10} {k.present:>5}  right {k.right / k.present:.3f}  "
                  f"rescues {k.rescued:>3} of {k.on_wrong:>3}")
