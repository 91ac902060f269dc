"""End-to-end journeys in chromium against a live Moneta loaded with the demo data (see conftest).

One module on purpose: the live site and its data are set up once per module."""
from __future__ import annotations

import re
from datetime import date
from urllib.parse import urlparse

from tests.browser.conftest import in_own_connection, login

ANSWER = "article.msg-assistant"


def ask(page, question: str):
    page.get_by_label("Your question").fill(question)
    page.get_by_role("button", name="Send").click()
    answer = page.locator(ANSWER).last
    answer.wait_for(state="visible", timeout=60_000)
    return answer


def test_login_shows_home_and_logout_returns_to_login(page):
    page.goto("/transactions/")
    page.wait_for_url(re.compile(r"/login/\?next=/transactions/"))
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill("wrong password")
    page.get_by_role("button", name="Log in").click()
    assert page.get_by_role("alert").inner_text().startswith("That username and password do not match")

    login(page, "alice")
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(re.compile(r"/login/$"))
    page.goto("/")
    page.wait_for_url(re.compile(r"/login/\?next=/$"))
    assert page.js_errors == []


def test_keyboard_only_login(page):
    """Focus order on the login form: username (autofocused) → password → Log in; Enter submits."""
    page.goto("/login/")
    assert page.evaluate("document.activeElement.id") == "id_username"
    page.keyboard.type("alice")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "id_password"
    page.keyboard.type("alice-demo-pass")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Log in"
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: urlparse(url).path == "/")
    assert page.get_by_text("Signed in as alice").is_visible()
    # the skip link is the first thing a keyboard user reaches on every page
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Skip to content"


def test_dining_question_streams_an_answer_with_a_number_and_a_chart(page, django_user_model):
    from core.periods import period_resolve
    from transactions import selectors

    alice = django_user_model.objects.get(username="alice")
    start, end, _ = period_resolve("last_month")
    expected = selectors.spending_by_category(user=alice, category="Dining", start=start, end=end)["total"]
    assert expected > 0
    login(page, "alice")
    page.goto("/chat/")
    # record what the live status line says while the answer streams in
    page.evaluate("""() => { window.statusSeen = []; new MutationObserver((records) => records.forEach(
        (r) => r.addedNodes.forEach((n) => window.statusSeen.push(n.textContent))))
        .observe(document.getElementById('stream-status'), {childList: true}); }""")
    answer = ask(page, "How much did I spend on dining last month?")
    text = answer.locator(".answer-text").inner_text()
    assert f"{expected:,.2f}" in text, text  # the figure the database computed
    page.wait_for_function("window.statusSeen.includes('Answer ready.')")
    seen = page.evaluate("window.statusSeen")
    assert "Using your transactions…" in seen, seen  # tool events streamed before the answer
    chart = answer.locator("figure.chart").first
    chart.wait_for(state="visible")
    assert chart.get_attribute("data-ready") == "1"  # Chart.js drew it
    # the canvas really has pixels on it
    assert page.evaluate("""(el) => { const c = el.querySelector('canvas');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        for (let i = 3; i < d.length; i += 4) { if (d[i] !== 0) return true; } return false; }""",
                         chart.element_handle())
    # "how I got this": collapsed, opens to show the tool call
    trace = answer.locator("details.trace")
    assert not trace.get_attribute("open")
    trace.locator("summary").click()
    assert "search_transactions" in trace.inner_text() and '"Dining"' in trace.inner_text()
    assert answer.locator("[data-confidence]").inner_text().startswith("Confidence:")
    # the URL now names the conversation, and it is listed
    assert re.search(r"/chat/\d+/$", page.url)
    assert page.locator("#conversation-list a[aria-current=true]").count() == 1
    # a follow-up in the same conversation, sent with the Enter key
    conversation_url = page.url
    page.get_by_label("Your question").fill("and the month before?")
    page.get_by_label("Your question").press("Enter")
    page.locator(ANSWER).nth(1).wait_for(state="visible", timeout=60_000)
    assert page.url == conversation_url and page.locator("#conversation-list li").count() == 1
    assert "Dining" in page.locator(ANSWER).nth(1).locator(".answer-text").inner_text()
    # thumbs down with a comment
    answer.get_by_label("Comment (optional)").fill("I wanted it by week")
    answer.get_by_role("button", name="Not helpful (thumbs down)").click()
    thanks = answer.locator(".feedback-box .success")
    thanks.wait_for()
    assert "Thanks" in thanks.inner_text()
    from chat.models import Feedback

    assert Feedback.objects.filter(user=alice, rating=-1, comment="I wanted it by week").exists()
    assert page.js_errors == []


def test_emergency_fund_answer_is_cited_and_the_citation_opens_the_page(page):
    login(page, "alice")
    page.goto("/")
    page.get_by_label("Your question").fill("What is an emergency fund?")
    page.get_by_role("button", name="Ask").click()  # the home chat box hands over to the chat page
    answer = page.locator(ANSWER).last
    answer.wait_for(state="visible", timeout=60_000)
    assert "emergency" in answer.locator(".answer-text").inner_text().lower()
    link = answer.locator("a.citation-link").first
    document = link.inner_text()
    link.click()
    page.wait_for_url(re.compile(r"/documents/pages/\d+/"))
    assert page.get_by_role("heading", level=1).inner_text().startswith(document.split(", page")[0])
    mark = page.locator("mark#quote")
    assert mark.is_visible() and len(mark.inner_text()) > 20


def test_natural_language_search_shows_filters_and_matching_rows(page):
    login(page, "alice")
    page.goto("/transactions/")
    page.get_by_role("searchbox", name="Search").fill("dining under 20 last month")
    page.get_by_role("button", name="Search", exact=True).click()
    understood = page.locator("[data-testid=filters-text]")
    understood.wait_for()
    today = date.today()
    last_month = date(today.year - (today.month == 1), (today.month - 2) % 12 + 1, 1)
    assert understood.inner_text().startswith(f"Dining · under 20 · money out · {last_month:%B %Y}")
    rows = page.locator("#tx-table tbody tr")
    assert rows.count() > 0
    today = date.today()
    last = date(today.year - (today.month == 1), (today.month - 2) % 12 + 1, 1)
    for i in range(rows.count()):
        row = rows.nth(i)
        assert row.get_attribute("data-category") == "Dining"
        assert abs(float(row.get_attribute("data-amount"))) < 20
        assert row.get_attribute("data-date").startswith(last.strftime("%Y-%m"))
    assert "q=dining" in page.url  # the search is bookmarkable


def test_category_correction_is_learned_and_the_next_import_follows_it(page, tmp_path, django_user_model):
    from transactions.models import Transaction

    alice = django_user_model.objects.get(username="alice")
    example = (Transaction.objects.filter(user=alice, merchant__name="Spotify").order_by("-date").first()
               or Transaction.objects.filter(user=alice, merchant__isnull=False).exclude(category__name="Travel")
               .order_by("-date").first())
    merchant = example.merchant.name
    login(page, "alice")
    page.goto(f"/transactions/?merchant={merchant}")
    row = page.locator(f"#tx-{example.id}")
    row.get_by_label(re.compile("Category for")).select_option("Travel")
    row.get_by_role("button", name=re.compile("Save")).click()
    status = page.locator("#tx-status")
    status.wait_for()
    assert "Moneta learned" in status.inner_text() and merchant in status.inner_text()
    assert page.locator(f"#tx-{example.id}").get_attribute("data-category") == "Travel"
    # the learned-rules list updated in place, without a reload
    assert re.search(re.escape(merchant), page.locator("#rules-section").inner_text(), re.I)

    statement = tmp_path / "next-statement.csv"
    statement.write_text(f"Date,Description,Amount\n{date.today().isoformat()},{example.description} 77,-9.99\n")
    page.goto("/transactions/import/")
    page.get_by_label("Statement file").set_input_files(str(statement))
    page.get_by_role("button", name="Preview import").click()
    page.locator("#confirm-import").click()
    assert "1 new transaction" in page.locator("#import-success").inner_text()
    new = Transaction.objects.get(user=alice, description=f"{example.description} 77")
    assert new.category.name == "Travel"
    page.goto(f"/transactions/?merchant={merchant}")
    assert page.locator(f"#tx-{new.id}").get_attribute("data-category") == "Travel"


def test_needs_review_queue_one_click_confirms_or_picks_another(page, tmp_path, django_user_model):
    from transactions.models import Transaction

    statement = tmp_path / "unsure.csv"
    today = date.today().isoformat()
    statement.write_text(f"Date,Description,Amount\n{today},KMS SERVICES 4471,-20.00\n{today},XQZ 9931,-7.50\n")
    login(page, "bob")
    page.goto("/transactions/import/")
    page.get_by_label("Statement file").set_input_files(str(statement))
    page.get_by_role("button", name="Preview import").click()
    page.locator("#confirm-import").click()
    page.locator("#import-success").wait_for()
    page.goto("/transactions/")
    page.locator("#review-link a").click()
    page.wait_for_url(re.compile(r"/transactions/review/"))
    bob = django_user_model.objects.get(username="bob")
    kms = Transaction.objects.get(user=bob, description="KMS SERVICES 4471")
    xqz = Transaction.objects.get(user=bob, description="XQZ 9931")
    item = page.locator(f"#review-{kms.id}")
    top = item.locator("button.primary")
    suggested = top.inner_text().replace("✓", "").split()[0]
    top.click()  # one click: Moneta's suggestion, confirmed
    page.locator(f"#review-{kms.id} [role=status]").wait_for()
    assert f"Filed as {suggested}" in page.locator(f"#review-{kms.id}").inner_text()
    other = page.locator(f"#review-{xqz.id}")
    other.get_by_label(re.compile("Another category for")).select_option("Health")
    other.get_by_role("button", name=re.compile("Save")).click()
    page.locator(f"#review-{xqz.id} [role=status]").wait_for()
    assert "Filed as Health" in page.locator(f"#review-{xqz.id}").inner_text()
    kms.refresh_from_db()
    xqz.refresh_from_db()
    assert (kms.category_source, xqz.category_source, xqz.category.name) == ("user", "user", "Health")
    page.goto("/transactions/review/")
    ids = page.locator(".review-item").evaluate_all("items => items.map(i => i.id)")
    assert f"review-{kms.id}" not in ids and f"review-{xqz.id}" not in ids


def test_import_with_one_bad_row_names_the_line_and_imports_nothing(page, tmp_path, django_user_model):
    from transactions.models import Transaction

    alice = django_user_model.objects.get(username="alice")
    before = Transaction.objects.filter(user=alice).count()
    statement = tmp_path / "march.csv"
    statement.write_text("Date,Description,Amount\n2025-03-02,CORNER CAFE,-4.20\n2025-03-03,BOOKSHOP,twelve\n"
                         "2025-03-04,PHARMACY,-8.00\n")
    login(page, "alice")
    page.goto("/transactions/import/")
    page.get_by_label("Statement file").set_input_files(str(statement))
    page.get_by_role("button", name="Preview import").click()
    error = page.locator("#import-error")
    error.wait_for()
    # the unreadable row is named and the readable ones are offered; nothing is stored before the user confirms
    assert "1 of 3 rows cannot be read" in error.inner_text() and "2 readable rows" in error.inner_text()
    assert "line 3" in page.locator("#import-errors").inner_text()
    assert Transaction.objects.filter(user=alice).count() == before


def test_bob_never_sees_alices_data(page, django_user_model):
    from chat.models import Conversation
    from transactions.models import Transaction

    alice = django_user_model.objects.get(username="alice")
    conversation = Conversation.objects.filter(user=alice).first()
    tx = Transaction.objects.filter(user=alice).order_by("-date").first()
    login(page, "bob")
    for url in ("/", "/transactions/", "/jars/", "/subscriptions/", "/chat/", "/documents/"):
        page.goto(url)
        body = page.locator("main").inner_text()
        assert "alice" not in body.lower(), url
    # alice's jars (Essentials, Fun) are not bob's
    page.goto("/jars/")
    assert "Essentials" not in page.locator("main").inner_text()
    # bob's search over "his" transactions never returns alice's rows
    page.goto("/transactions/?q=" + tx.description.split()[0])
    ids = page.locator("#tx-table tbody tr").evaluate_all("rows => rows.map(r => r.id)")
    assert f"tx-{tx.id}" not in ids
    if conversation is not None:
        response = page.goto(f"/chat/{conversation.id}/")
        assert response.status == 404
    response = page.request.post(f"/transactions/{tx.id}/category/", form={"category": "Travel"},
                                 headers={"X-CSRFToken": next(c["value"] for c in page.context.cookies()
                                                              if c["name"] == "csrftoken")})
    assert response.status == 404


def test_my_documents_upload_shows_progress_until_ready(page, tmp_path):
    from knowledge import services
    from knowledge.models import Document

    note = tmp_path / "car-fund.md"
    note.write_text("# Car fund\n\nI save 200 dollars a month towards replacing the car in 2028.\n")
    login(page, "alice")
    page.goto("/documents/")
    page.get_by_label("File (PDF, Markdown, text or HTML, up to 25 MB)").set_input_files(str(note))
    page.get_by_role("button", name="Upload", exact=True).click()
    page.get_by_text("Uploaded Car fund.").wait_for()
    doc = Document.objects.get(title="Car fund", corpus__slug__startswith="private-")
    row = page.locator(f"#doc-{doc.id}")
    assert row.get_attribute("data-status") == "pending"
    # what the Celery worker does; the page polls and shows the result without a reload
    in_own_connection(services.document_ingest_now, document_id=doc.id)
    page.wait_for_selector(f'#doc-{doc.id}[data-status="ready"]', timeout=20_000)
    assert "ready" in page.locator(f"#doc-{doc.id}").inner_text()


def test_content_security_policy_blocks_nothing_moneta_needs(page):
    """Every page works under the CSP (scripts from self only): no violation reported while the pages load,
    a chat answer streams and Swagger UI renders."""
    violations: list[str] = []
    page.on("console", lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None)
    login(page, "alice")
    for url in ("/", "/transactions/?q=coffee", "/transactions/import/", "/jars/", "/subscriptions/", "/documents/"):
        page.goto(url)
    page.goto("/chat/")
    assert ask(page, "What is an emergency fund?").is_visible()
    page.goto("/api/docs/")
    page.locator(".swagger-ui .info").wait_for(state="visible", timeout=30_000)
    assert violations == []
