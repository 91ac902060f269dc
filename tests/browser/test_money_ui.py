"""Issue 13 money pages in chromium at a desktop (1366×900) and a phone (390×844) width, on the demo data:
the home page's headline above the fold and a one-row header with a keyboard-usable menu on a phone, search
paging and removable chips, budgets by month with totals that follow a save, subscriptions' yearly costs.

The live site and its demo data are set up once for this module (see conftest)."""
from __future__ import annotations

import re

import pytest

from tests.browser.conftest import _new_page, _screenshot_on_failure, login, no_sideways_scroll

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(params=["desktop", "phone"])
def screen(chromium, web_server, request):
    size = DESKTOP if request.param == "desktop" else PHONE
    context, page = _new_page(chromium, request, web_server, **size)
    page.kind = request.param  # type: ignore[attr-defined]
    login(page, "alice")
    yield page
    _screenshot_on_failure(request, page)
    context.close()


@pytest.fixture
def phone(chromium, web_server, request):
    context, page = _new_page(chromium, request, web_server, **PHONE)
    login(page, "alice")
    yield page
    _screenshot_on_failure(request, page)
    context.close()


def test_home_headline_above_the_fold_and_header_in_one_row(screen):
    page = screen
    page.goto("/")
    headline = page.locator("#headline-figure")
    box = headline.bounding_box()
    assert box and box["y"] + box["height"] <= 844 and box["y"] + box["height"] <= page.viewport_size["height"]
    assert re.fullmatch(r"(−?\$[\d,]+\.\d\d)( over)?", headline.inner_text().strip())
    header = page.locator(".site-header").bounding_box()
    assert header["height"] < 70, f"the header takes {header['height']}px: it wrapped"
    # both charts are drawn (the like-for-like one and the 6-month trend), numbers as money in their tables
    page.wait_for_selector("#trend figure.chart[data-ready]")
    page.wait_for_selector("#like-for-like figure.chart[data-ready]")
    trend_rows = page.locator("#trend figure.chart table tbody tr")
    assert trend_rows.count() == 7 and "(so far)" in trend_rows.last.text_content()  # in a closed <details>
    assert re.search(r"\$[\d,]+\.\d\d", trend_rows.first.text_content())
    # coming up: readable dates, not ISO ones
    upcoming = page.locator("#upcoming-list").inner_text()
    assert re.search(r"(Today|Tomorrow|\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2})", upcoming)
    assert not re.search(r"\d{4}-\d{2}-\d{2}", upcoming)
    review = page.locator("#home-review-link")
    if review.count():
        review.click()
        page.wait_for_url(re.compile(r"/transactions/review/$"))
    no_sideways_scroll(page)
    assert page.js_errors == []


def test_phone_menu_is_one_button_and_keyboard_usable(phone):
    page = phone
    page.goto("/")
    toggle = page.locator("#menu-toggle")
    nav_link = page.get_by_role("link", name="Subscriptions", exact=True)
    assert toggle.is_visible() and not nav_link.is_visible()
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.focus()
    page.keyboard.press("Enter")
    assert toggle.get_attribute("aria-expanded") == "true" and nav_link.is_visible()
    assert page.evaluate("document.activeElement.textContent.trim()") == "Home"  # focus moved into the menu
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Chat"
    page.keyboard.press("Escape")
    assert toggle.get_attribute("aria-expanded") == "false" and not nav_link.is_visible()
    assert page.evaluate("document.activeElement.id") == "menu-toggle"
    page.keyboard.press("Space")
    nav_link.click()
    page.wait_for_url(re.compile(r"/subscriptions/$"))
    assert page.locator("#menu-toggle").get_attribute("aria-expanded") == "false"  # a new page starts closed
    assert page.js_errors == []


def test_desktop_shows_the_whole_menu_without_a_button(chromium, web_server, request):
    context, page = _new_page(chromium, request, web_server, **DESKTOP)
    try:
        login(page, "alice")
        assert not page.locator("#menu-toggle").is_visible()
        assert page.get_by_role("link", name="Subscriptions", exact=True).is_visible()
        assert page.get_by_text("Signed in as alice").is_visible()
    finally:
        _screenshot_on_failure(request, page)
        context.close()


def test_search_pages_and_chips_remove_parts(screen):
    page = screen
    page.goto("/transactions/?q=starbucks")
    count = page.locator("#tx-count").inner_text()
    total = int(re.match(r"(\d+) transactions", count).group(1))
    assert total > 50 and "page 1 of" in count
    chips = page.locator("#search-chips li")
    assert [c.get_attribute("data-key") for c in chips.all()] == ["merchants:Starbucks", "direction"]
    first_ids = page.locator("#tx-table tbody tr").evaluate_all("rows => rows.map(r => r.id)")
    page.locator(".pager a[rel=next]").click()
    page.wait_for_url(re.compile(r"page=2"))
    page.wait_for_function("document.querySelector('#tx-count').textContent.includes('page 2 of')")
    second_ids = page.locator("#tx-table tbody tr").evaluate_all("rows => rows.map(r => r.id)")
    assert len(second_ids) == 50 and not set(first_ids) & set(second_ids)
    # remove "money out": the search runs again without it (refunds come back in), from page 1
    page.get_by_role("link", name="Remove money out and search again").click()
    page.wait_for_url(re.compile(r"drop=direction"))
    page.wait_for_function("!document.querySelector('#search-chips li[data-key=direction]')")
    assert "page 1 of" in page.locator("#tx-count").inner_text()
    assert page.locator("#chips-reset").is_visible()
    no_sideways_scroll(page)
    assert page.js_errors == []


def test_search_with_nothing_found_offers_wider_searches(screen):
    page = screen
    page.goto("/transactions/?q=starbucks+in+2019")
    assert page.locator("#no-match").is_visible()
    wider = page.locator("#broader a").first
    assert wider.inner_text() == "any time, not just 2019"
    wider.click()
    page.wait_for_url(re.compile(r"drop=period"))
    page.locator("#tx-table").wait_for()
    assert re.match(r"\d+ transactions", page.locator("#tx-count").inner_text())
    page.goto("/transactions/?q=blubotel")  # too far to take on its own ("bluebotle" is read as the name)
    page.locator("#did-you-mean a", has_text="Blue Bottle Coffee").click()
    page.locator("#tx-table").wait_for()
    assert "Blue Bottle Coffee" in page.locator("#search-chips").inner_text()
    assert page.js_errors == []


def test_budget_month_navigation_and_totals_follow_a_save(screen):
    page = screen
    page.goto("/jars/")
    current = page.locator("#budget-month").inner_text()
    page.locator("#month-prev").click()
    page.wait_for_url(re.compile(r"/jars/\?month=\d{4}-\d{2}$"))
    assert page.locator("#budget-month").inner_text() != current and page.locator("#month-next").is_visible()
    # budgets belong to a month (issue 24): a change holds from the month shown on, never before it
    assert "a budget you change here holds from" in page.locator(".notice").inner_text()
    page.locator("#month-current").click()
    page.wait_for_url(re.compile(r"month="))
    budgeted_before = page.locator("#overview-budgeted").inner_text()
    jar = page.locator("article.jar").first
    jar_id = jar.get_attribute("id")
    field = jar.get_by_label("Monthly budget")
    old = float(field.input_value())
    field.fill(f"{old + 100:.2f}")
    jar.get_by_role("button", name=re.compile("^Save")).first.click()
    page.locator(f"#{jar_id}").get_by_text("Budget saved.").wait_for()
    # the totals and the chart above were swapped in too, without a reload
    page.wait_for_function("(b) => document.querySelector('#overview-budgeted').textContent !== b",
                           arg=budgeted_before)
    before = float(re.sub(r"[^\d.]", "", budgeted_before))
    after = float(re.sub(r"[^\d.]", "", page.locator("#overview-budgeted").inner_text()))
    assert round(after - before, 2) == 100.0
    page.wait_for_selector("#budget-chart figure.chart[data-ready]")
    overview = page.locator("#budget-overview").inner_text()
    assert re.search(r"Income( so far)? \$[\d,]+\.\d\d", overview) and "Budgeted" in overview
    # put it back for the other width's run
    page.locator(f"#{jar_id}").get_by_label("Monthly budget").fill(f"{old:.2f}")
    page.locator(f"#{jar_id}").get_by_role("button", name=re.compile("^Save")).first.click()
    page.locator(f"#{jar_id}").get_by_text("Budget saved.").wait_for()
    no_sideways_scroll(page)
    assert page.js_errors == []


def test_subscriptions_show_monthly_and_yearly_money(screen):
    page = screen
    page.goto("/subscriptions/")
    table = page.locator("#subscriptions")
    body = table.inner_text()
    assert "Per year" in body or page.kind == "phone"  # phones show each cell with its label instead
    first = table.locator("tbody tr").first
    assert re.search(r"\$[\d,]+\.\d\d", first.locator("td[data-label='Per year']").inner_text())
    totals = page.locator("#subscriptions-totals").inner_text()
    assert re.search(r"\$[\d,]+\.\d\d", totals) and "Everything recurring" in totals
    page.locator("figure.chart summary").first.click()
    numbers = page.locator("figure.chart table tbody").first.inner_text()
    assert re.search(r"\$\d+\.\d\d", numbers) and not re.search(r"(^|\s)\d+\.\d\d(\s|$)", numbers)
    next_charge = first.locator("td[data-label='Next charge']").inner_text()
    assert re.search(r"(Today|Tomorrow|\b[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2})", next_charge)
    no_sideways_scroll(page)
    assert page.js_errors == []


def test_tablet_header_stays_one_row_too(chromium, web_server, request):
    context, page = _new_page(chromium, request, web_server, width=820, height=1180)
    try:
        login(page, "alice")
        assert page.locator("#menu-toggle").is_visible()
        assert page.locator(".site-header").bounding_box()["height"] < 70
        no_sideways_scroll(page)
    finally:
        _screenshot_on_failure(request, page)
        context.close()
