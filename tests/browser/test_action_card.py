"""The confirmation card in chromium: a request to act shows what will change with Confirm and Cancel; nothing
changes until Confirm; Confirm applies it and the card offers Undo; Undo puts it back; the card keeps its state
when the conversation is opened again; and it passes the accessibility checks."""
from __future__ import annotations

import pytest

from tests.browser.conftest import _new_page, _screenshot_on_failure, axe_problems, in_own_connection, login

ANSWER = "article.msg-assistant"


@pytest.fixture
def desktop(chromium, web_server, request):
    context, page = _new_page(chromium, request, web_server, width=1366, height=900)
    yield page
    _screenshot_on_failure(request, page)
    context.close()


def _jar_budget(name: str):
    from transactions.models import Jar

    return Jar.objects.filter(user__username="alice", name=name).values_list("monthly_budget", flat=True).first()


def test_confirm_then_undo_on_the_card(desktop):
    page = desktop
    login(page, "alice")
    page.goto("/chat/")
    page.get_by_label("Your question").fill("create a jar called Boat Fund with $75 a month")
    page.get_by_role("button", name="Send").click()
    card = page.locator("section.action-card").last
    card.wait_for(state="visible", timeout=90_000)
    assert "Boat Fund" in card.inner_text() and "$75.00" in card.inner_text()
    assert "Nothing has changed yet" in card.inner_text()
    assert in_own_connection(_jar_budget, "Boat Fund") is None
    assert not axe_problems(page), axe_problems(page)

    card.get_by_role("button", name="Confirm").click()
    page.locator("section.action-card[data-status='applied']").wait_for(timeout=30_000)
    card = page.locator("section.action-card").last
    assert "Done" in card.inner_text() and card.get_by_role("button", name="Undo").is_visible()
    assert str(in_own_connection(_jar_budget, "Boat Fund")) == "75.00"

    page.reload()
    card = page.locator("section.action-card").last
    assert card.get_attribute("data-status") == "applied"  # the card shows the current state, not the proposal's
    card.get_by_role("button", name="Undo").click()
    page.locator("section.action-card[data-status='undone']").wait_for(timeout=30_000)
    assert in_own_connection(_jar_budget, "Boat Fund") is None


def test_cancel_changes_nothing(desktop):
    page = desktop
    login(page, "alice")
    page.goto("/chat/")
    page.get_by_label("Your question").fill("create a jar called Canoe with $20 a month")
    page.get_by_role("button", name="Send").click()
    card = page.locator("section.action-card").last
    card.wait_for(state="visible", timeout=90_000)
    card.get_by_role("button", name="Cancel").click()
    page.locator("section.action-card[data-status='cancelled']").wait_for(timeout=30_000)
    assert not page.locator("section.action-card[data-status='cancelled'] button").count()
    assert in_own_connection(_jar_budget, "Canoe") is None
