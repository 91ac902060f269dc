"""A clarifying question in chromium: a nickname that fits two of alice's merchants ("ubr": Uber, Uber Eats in the
demo data) gets a question with one button per choice and no figure; clicking a button answers the question with
that choice (the figure from her transactions), the buttons of the answered question are gone after a reload, and
the same word is understood at once in a new conversation."""
from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from tests.browser.conftest import _new_page, _screenshot_on_failure, axe_problems, in_own_connection, login

ANSWER = "article.msg-assistant"


@pytest.fixture
def desktop(chromium, web_server, request):
    context, page = _new_page(chromium, request, web_server, width=1366, height=900)
    yield page
    _screenshot_on_failure(request, page)
    context.close()


def _uber_eats_last_month() -> str:
    """The figure expected, summed straight from alice's rows (money out at Uber Eats last month)."""
    from django.db.models import Sum
    from django.utils import timezone

    from transactions.models import Transaction

    end = timezone.localdate().replace(day=1) - timedelta(days=1)
    total = Transaction.objects.filter(user__username="alice", merchant__name="Uber Eats", amount__lt=0,
                                       date__gte=end.replace(day=1), date__lte=end).aggregate(s=Sum("amount"))["s"]
    return f"${-(total or Decimal(0)):,.2f}"


def _aliases() -> list[tuple[str, str]]:
    from transactions.models import NameAlias

    return [(a.word, a.target_name) for a in NameAlias.objects.filter(user__username="alice")]


def test_pick_a_choice_and_see_the_figure(desktop):
    page = desktop
    login(page, "alice")
    expected = in_own_connection(_uber_eats_last_month)
    assert expected != "$0.00"
    page.goto("/chat/")
    page.get_by_label("Your question").fill("how much on ubr last month?")
    page.get_by_role("button", name="Send").click()
    choices = page.locator(".clarify-choices").last
    choices.wait_for(state="visible", timeout=90_000)
    question = page.locator(ANSWER).last
    assert "did you mean Uber or Uber Eats?" in question.inner_text() and "$" not in question.inner_text()
    assert question.locator("[data-confidence]").get_attribute("data-confidence") == "low"
    assert "A person will follow up" not in question.inner_text()  # a question to the user is not escalated
    assert not axe_problems(page), axe_problems(page)

    choices.get_by_role("button", name="Uber Eats").click()
    page.locator(ANSWER).nth(1).wait_for(state="visible", timeout=90_000)
    answer = page.locator(ANSWER).last
    assert expected in answer.inner_text(), (expected, answer.inner_text())
    assert page.locator(".msg-user").last.inner_text().strip() == "Uber Eats"
    assert in_own_connection(_aliases) == [("ubr", "Uber Eats")]

    page.reload()  # the answered question offers its choices no more
    assert page.locator(".clarify-choices").count() == 0
    page.goto("/chat/")
    page.get_by_label("Your question").fill("ubr last month")
    page.get_by_role("button", name="Send").click()
    page.locator(ANSWER).last.wait_for(state="visible", timeout=90_000)
    learned = page.locator(ANSWER).last
    assert expected in learned.inner_text() and page.locator(".clarify-choices").count() == 0
    assert not page.js_errors, page.js_errors  # type: ignore[attr-defined]
