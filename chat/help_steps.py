"""How-to answers as numbered steps. Moneta's help pages (knowledge/demo_docs/moneta-help/) write every
"How to …" section as a numbered list; when the best fitting help fact carries such a list, the answer is that
list, in order, rather than a paragraph of its sentences. Ingestion may flatten the list into one line and drop
the first "1.", so the steps are found by their markers: a run "2. … 3. …" with the text before "2." as step 1."""
from __future__ import annotations

import re

MARKER_RE = re.compile(r"(?:^|(?<=\s))(\d{1,2})[.)]\s+")
HEADING_RE = re.compile(r"^\s*#{1,6}\s*(.+?)\s*$", re.M)


def steps_in(text: str) -> list[str]:
    """The numbered steps of a help fact, in order (an empty list unless there are at least three)."""
    text = text or ""
    heading = HEADING_RE.search(text)
    body = text[heading.end():] if heading and heading.start() == len(text) - len(text.lstrip()) else text
    markers = list(MARKER_RE.finditer(body))
    run: list[re.Match[str]] = []
    for m in markers:
        n = int(m.group(1))
        if run and n == int(run[-1].group(1)) + 1:
            run.append(m)
        elif not run and n in (1, 2):
            run = [m]
        elif run and len(run) >= 2:
            break
        else:
            run = [m] if n in (1, 2) else []
    if not run:
        return []
    steps = []
    if int(run[0].group(1)) == 2:
        first = " ".join(body[:run[0].start()].split())
        if not first:
            return []
        steps.append(first)
    for i, m in enumerate(run):
        end = run[i + 1].start() if i + 1 < len(run) else len(body)
        steps.append(" ".join(body[m.end():end].split()))
    steps = [s for s in steps if s]
    return steps if len(steps) >= 3 else []


def steps_text(text: str, steps: list[str], marker: str) -> str:
    heading = HEADING_RE.search(text or "")
    title = f"{heading.group(1).strip().rstrip(':')}:" if heading else "Here are the steps:"
    return "\n".join([f"{title} {marker}", *(f"{i}. {s}" for i, s in enumerate(steps, 1))])
