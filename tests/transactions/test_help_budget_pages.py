"""The help corpus explains the one budget concept (issue 24 item 7): how jars and category budgets relate,
budgets by month and carry-over, transfers left out, how safe to spend is worked out; and its how-to sections
are numbered steps the assistant can answer with (chat.help_steps reads them the way the chat does)."""
from __future__ import annotations

from pathlib import Path

from chat.help_steps import steps_in

HELP = Path(__file__).resolve().parents[2] / "knowledge" / "demo_docs" / "moneta-help"


def _sections() -> dict[str, str]:
    out = {}
    for path in HELP.glob("*.md"):
        for section in path.read_text().split("\n## ")[1:]:
            out[section.splitlines()[0]] = section
    return out


def test_help_explains_jars_category_budgets_months_carry_over_transfers_and_safe_to_spend():
    text = " ".join((HELP / "budgets-by-month.md").read_text().replace("**", "").split())
    for fact in ("A category budget is the same idea for a single category: a jar of one.",
                 "the same money is never budgeted twice",
                 "earlier months keep the amount they had",
                 "changing this month's budget never rewrites the carry-over of earlier months",
                 "counts them as neither income nor spending", "A card payment is never income.",
                 "to the day before your next pay", "usual spending outside any budget"):
        assert fact in text, fact


def test_help_has_steps_for_budgets_by_month_accounts_and_transfers():
    sections = _sections()
    wanted = ("How to change a jar's budget from this month on", "How to create a jar on the Jars page",
              "How to read safe to spend", "How to add an account with its opening balance",
              "How to edit, delete and undo a transaction", "How to pair a transfer between your accounts")
    for title in wanted:
        steps = steps_in(sections[title])
        assert len(steps) == 3 and all(steps), (title, steps)
    assert steps_in(sections["How to change a jar's budget from this month on"])[2].startswith(
        "The new amount holds from the month shown on")
