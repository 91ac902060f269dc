"""Merging jars in chromium (issue 24 item 6): on the Jars page "Merge into…" on Coffee's card → the confirmation
says what will happen (the category that moves, each month's budgets added) → confirm → Coffee is archived with
"merged into Eating out", Eating out has both categories and the added budget, last month's figures are
unchanged. Bob, signed in afterwards, can neither open the merge page of erin's jar nor merge it."""
from __future__ import annotations

import re
from datetime import timedelta

from django.utils import timezone

from tests.browser.conftest import in_own_connection, login

PASSWORD = "jar-merge-pass-24"


def _erin_with_two_jars():
    from django.contrib.auth import get_user_model

    from transactions import services

    erin = get_user_model().objects.create_user(username="erin", password=PASSWORD)
    this = timezone.localdate().replace(day=1)
    last = (this - timedelta(days=1)).replace(day=1)
    services.categories_ensure_defaults(user=erin)
    services.category_create(user=erin, name="Coffee")
    eating = services.jar_create(user=erin, name="Eating out", monthly_budget="300", categories=["Dining"],
                                 rollover_start=last)
    coffee = services.jar_create(user=erin, name="Coffee", monthly_budget="40", categories=["Coffee"],
                                 rollover_start=last)
    services.jar_budget_set(user=erin, jar_id=coffee.id, amount="60", month=this)
    for day, description, amount, category in ((last + timedelta(days=2), "BISTRO", "-120", "Dining"),
                                               (last + timedelta(days=3), "LATTE BAR", "-35", "Coffee"),
                                               (this, "LATTE BAR", "-5", "Coffee")):
        services.transaction_create(user=erin, date=day, description=description, amount=amount, category=category)
    return eating.id, coffee.id, last


def _last_month(page, last) -> dict:
    page.goto(f"/jars/?month={last:%Y-%m}")
    return {"budgeted": page.locator("#overview-budgeted").inner_text(),
            "totals": page.locator("#jar-totals").inner_text()}


def test_merge_a_jar_into_another_in_the_browser(page):
    eating, coffee, last = in_own_connection(_erin_with_two_jars)
    from transactions.models import Jar

    login(page, "erin", PASSWORD)
    before = _last_month(page, last)
    assert "$155.00 spent of $340.00" in before["totals"]  # both jars, last month

    page.goto("/jars/")
    card = page.locator(f"#jar-{coffee}")
    card.get_by_text("Merge into…").click()
    card.get_by_label("Merge Coffee into").select_option(label="Eating out")
    card.get_by_role("button", name=re.compile("^Review the merge")).click()
    page.wait_for_url(re.compile(rf"/jars/{coffee}/merge/\?target={eating}$"))

    # the confirmation says what will happen, and nothing has happened yet
    plan = page.locator("#merge-plan")
    assert plan.locator("#merge-categories").inner_text().startswith("Move these categories into Eating out: Coffee.")
    rows = [re.sub(r"\s+", " ", r) for r in plan.locator("#merge-months tbody tr").all_inner_texts()]
    assert [r.split(" ", 2)[2] for r in rows] == ["$300.00 $40.00 $340.00", "$300.00 $60.00 $360.00"]
    assert "Eating out's budget becomes $360.00 ($300.00 + $60.00)" in plan.locator("#merge-this-month").inner_text()
    assert "note that it was merged into Eating out" in plan.locator("#merge-archive").inner_text()
    assert Jar.objects.get(id=coffee).archived_at is None

    page.locator("#merge-confirm").click()
    page.get_by_text("Merged Coffee into Eating out: 1 category moved, budgets added for 2 months.").wait_for()
    assert page.locator(f"#jar-{coffee}").count() == 0
    merged = page.locator(f"#jar-{eating}")
    assert "spent of $360.00" in merged.locator("p").first.inner_text()
    assert "fed by Coffee, Dining" in merged.inner_text()
    archived = page.locator(f"#jar-archived-{coffee}")
    assert "merged into Eating out on" in archived.get_by_test_id("merged-note").inner_text()
    assert archived.get_by_role("button", name=re.compile("^Restore")).count() == 0  # its money is Eating out's now
    assert _last_month(page, last) == before  # last month's figures are unchanged
    assert page.js_errors == []

    # bob sees none of it and cannot merge erin's jar
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(re.compile(r"/login/$"))
    login(page, "bob")
    assert page.goto(f"/jars/{eating}/merge/").status == 404
    page.goto("/jars/")
    assert "Eating out" not in page.locator("main").inner_text()
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    assert page.request.post(f"/jars/{eating}/merge/", form={"target_id": str(coffee)},
                             headers={"X-CSRFToken": token}).status == 404
    assert Jar.objects.get(id=eating).archived_at is None
