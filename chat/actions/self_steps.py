"""Where the user can do a change themselves. A proposal card (or "Moneta can't do that") ends with the steps of the
help page for that kind of change: the help corpus is searched for the kind's topic (in the question's language: a
Vietnamese question gets the Vietnamese page) and the best "How to …" section whose heading shares a topic word with
it, above the fit floor, gives its numbered steps (chat/help_steps.steps_in). No section fits → no steps (never an
unrelated page).

The page is named in words ("(help page *Budget jars*)"), never cited as a source: a proposal (and what Moneta can't
do, `help` of explain_unavailable_action) answers a request to act, not a question of knowledge, so its sources are
the card and the user's data, and the answer shows no knowledge-base citation. Readers from outside the team (three
question sets written this week) all took a knowledge citation on an act as a sign of a knowledge answer."""
from __future__ import annotations

import re
from typing import Any

from chat.help_steps import HEADING_RE, heading_overlap, steps_in

HELP_CORPUS = "moneta-help"
FIT_FLOOR = 0.35  # the help section's similarity to the kind's topic below which it is not that topic's page
MAX_STEPS = 4
# steps that start by asking the assistant (what the user just did) are no way of doing it themselves
ASKS_CHAT_RE = re.compile(r"^\s*(?:in|open) (?:the )?chat\b|^\s*(?:trong|mở) (?:khung )?trò chuyện\b", re.I)
# the help topic of each kind of change the assistant proposes (the words of its "How to …" heading)
TOPICS = {
    "jar_create": "how to create a jar on the Jars page",
    "budget_set": "how to set a monthly budget for a category",
    "category_set": "how to change the category of a transaction",
    "transaction_add": "how to add a cash transaction on the Transactions page",
    "transaction_delete": "how to edit, delete and undo a transaction",
    "note_save": "how to save a note",
}
# what Moneta can't do (chat/unavailable_actions.unavailable_action's `what`) → the help topic that says what to do instead
UNAVAILABLE_TOPICS = {
    "cancel a subscription": "how to cancel a subscription",
    "move or pay money": "how to pay a bill or transfer money",
    "rename or merge categories and payees": "how to create, rename, merge or archive a category",
    "open or close accounts": "how to add an account",
    "take a subscription off the list": "how to confirm or dismiss a subscription",
    "change or delete a jar": "how to rename, archive or restore a jar",
    "split a transaction": "how to split a transaction across categories",
    "edit a transaction": "how to edit, delete and undo a transaction",
    "create a category": "how to create, rename, merge or archive a category",
    "export your data": "how to download (export) all your data",
    "change your settings": "how to change the language (English or Vietnamese) or the currency",
    "undo a change": "how to undo a change the assistant made",
}


def _english_heading(result: dict[str, Any]) -> str:
    """The section's heading in English (a Vietnamese page's result carries its English original)."""
    original = result.get("original")
    original = original.get("text") if isinstance(original, dict) else original
    for text in (original, result.get("text")):
        m = HEADING_RE.search(text or "")
        if m and m.group(1).lower().startswith("how to "):
            return m.group(1)
    heading = result.get("heading") or ""
    return heading if heading.lower().startswith("how to ") else ""


def fitting_steps(results: list[dict[str, Any]], topic: str) -> dict[str, Any] | None:
    """The best help section for `topic` among knowledge results: {fact_id, heading, steps}, or None."""
    for r in results:
        if r.get("corpus") != HELP_CORPUS or (r.get("score") or 0) < FIT_FLOOR:
            continue
        heading = _english_heading(r)
        if not heading or heading_overlap(topic, heading) < 1:
            continue
        steps = steps_in(r.get("text") or "")
        if steps and not ASKS_CHAT_RE.search(steps[0]):
            return {"fact_id": int(r["fact_id"]), "heading": heading, "steps": steps[:MAX_STEPS],
                    "page": r.get("document") or ""}
    return None


def steps_for(assistant: Any, topic: str | None) -> dict[str, Any] | None:
    """Search the help pages for `topic` and keep the fitting steps."""
    if not topic or getattr(assistant, "config", None) is None:
        return None
    try:
        found = assistant._knowledge(topic, [HELP_CORPUS], None)
    except Exception:  # noqa: BLE001 — the steps are extra; a proposal never fails for them
        return None
    return fitting_steps(found.get("results") or [], topic)


def page_named(found: dict[str, Any] | None, vi: bool = False) -> str:
    """"(help page *Budget jars*)": where the steps come from, said in words instead of a citation."""
    page = (found or {}).get("page") or ""
    if not page:
        return ""
    return f"(trang trợ giúp *{page}*)" if vi else f"(help page *{page}*)"


def yourself_line(yourself: dict[str, Any] | None, lead: str, vi: bool = False) -> str:
    """"You can also do this yourself: 1. … 2. … (help page *Budget jars*)"."""
    if not yourself or not yourself.get("steps"):
        return ""
    steps = " ".join(f"{i}. {s.rstrip()}" for i, s in enumerate(yourself["steps"], 1))
    return " ".join(p for p in (lead, steps, page_named(yourself, vi)) if p)
