"""How-to answers as numbered steps. Moneta's help pages (knowledge/demo_docs/moneta-help/) write every
"How to …" section as a numbered list; when the best fitting help fact carries such a list, the answer is that
list, in order, rather than a paragraph of its sentences."""
from __future__ import annotations

import re

STEP_RE = re.compile(r"(?:^|\n)\s*(\d{1,2})[.)]\s+(.+?)(?=\n\s*\d{1,2}[.)]\s|\n\s*\n|\n#|$)", re.S)
HEADING_RE = re.compile(r"^\s*#{1,6}\s*(.+)$", re.M)


def steps_in(text: str) -> list[str]:
    """The numbered steps of a help fact, in order (an empty list when it has fewer than two)."""
    found = [(int(n), " ".join(body.split())) for n, body in STEP_RE.findall(text or "")]
    steps = [body for i, (n, body) in enumerate(found) if n == i + 1]
    return steps if len(steps) >= 2 else []


def steps_text(text: str, steps: list[str], marker: str) -> str:
    heading = HEADING_RE.search(text or "")
    title = f"{heading.group(1).strip()}:" if heading else "Here are the steps:"
    return "\n".join([f"{title} {marker}", *(f"{i}. {s}" for i, s in enumerate(steps, 1))])
