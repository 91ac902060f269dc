"""The chat page in chromium at desktop (1366×900) and phone (390×844) widths: a person's reply to an escalated
question reaches the user (the whole loop, admin included), the page opens at the latest message with the
question box in view and a few Tab presses away, Stop keeps the partial answer, Regenerate replaces it, the
history is searchable, and a wide table scrolls inside its bubble on a phone."""
from __future__ import annotations

import re
import time
from urllib.parse import urlparse

import pytest

from tests.browser.conftest import _new_page, _screenshot_on_failure, in_own_connection, login

DESKTOP, PHONE = (1366, 900), (390, 844)
ANSWER = "article.msg-assistant"
UNSURE = "What does the regulation say about mortgage broker licensing?"


@pytest.fixture(params=["desktop", "phone"])
def sized_page(chromium, web_server, request):
    width, height = DESKTOP if request.param == "desktop" else PHONE
    context, page = _new_page(chromium, request, web_server, width=width, height=height)
    page.width_name = request.param  # type: ignore[attr-defined]
    yield page
    _screenshot_on_failure(request, page)
    context.close()


@pytest.fixture
def desktop(chromium, web_server, request):
    context, page = _new_page(chromium, request, web_server, width=DESKTOP[0], height=DESKTOP[1])
    yield page
    _screenshot_on_failure(request, page)
    context.close()


def ask(page, question: str):
    before = page.locator(ANSWER).count()
    page.get_by_label("Your question").fill(question)
    page.get_by_role("button", name="Send").click()
    page.locator(ANSWER).nth(before).wait_for(state="visible", timeout=60_000)
    return page.locator(ANSWER).nth(before)


def long_conversation(username: str, turns: int = 12) -> int:
    """A conversation with many past messages (written directly: what is tested is how the page shows them)."""
    from django.contrib.auth import get_user_model

    from chat.models import Conversation, Message

    user = get_user_model().objects.get(username=username)
    conversation = Conversation.objects.create(user=user, title=f"Long chat {time.time_ns()}")
    for i in range(turns):
        Message.objects.create(conversation=conversation, role="user", content=f"Question number {i}?")
        Message.objects.create(conversation=conversation, role="assistant", confidence=0.9,
                               content=f"Answer number {i}. " + "Some words to fill the bubble. " * 8)
    return conversation.pk


def test_a_persons_reply_in_admin_reaches_the_user(chromium, web_server, request):
    """User asks → low-confidence answer escalated → the editor replies in admin (in the browser) → the user sees
    the reply in the conversation, with an unread notice until they open it."""
    from chat.models import Escalation, Message

    user_ctx, user = _new_page(chromium, request, web_server, width=PHONE[0], height=PHONE[1])
    staff_ctx, staff = _new_page(chromium, request, web_server, width=DESKTOP[0], height=DESKTOP[1])
    try:
        login(user, "alice")
        user.goto("/chat/")
        answer = ask(user, UNSURE)
        assert "A person will follow up." in answer.inner_text()
        conversation_url = user.url
        message_id = int(answer.get_attribute("id").removeprefix("m-"))
        escalation = Escalation.objects.get(message_id=message_id)
        assert escalation.status == "open"

        staff.goto("/admin/login/")
        staff.get_by_label("Username").fill("editor")
        staff.get_by_label("Password").fill("editor-demo-pass")
        staff.get_by_role("button", name="Log in").click()
        staff.goto("/admin/chat/escalation/?status__exact=open")
        row = staff.locator("#result_list tbody tr", has_text=UNSURE[:40])
        assert "due in" in row.inner_text()  # age and SLA state in the queue
        row.locator(f'a[href*="/escalation/{escalation.pk}/change/"]').click()
        staff.get_by_label("Status").select_option("resolved")
        staff.get_by_label("Reply to the user").fill(
            "Mortgage brokers need a state licence. You can look yours up in the NMLS register.")
        staff.get_by_role("button", name="Save", exact=True).click()
        staff.wait_for_url(re.compile(r"/admin/chat/escalation/(\?.*)?$"))
        assert "Your reply was posted" in staff.locator(".messagelist").inner_text()

        user.goto("/chat/")
        notice = user.locator("#team-replies")
        assert "Replies from the Moneta team" in notice.inner_text()
        notice.get_by_role("link").first.click()
        user.wait_for_url(re.compile(re.escape(urlparse(conversation_url).path)))
        reply = user.locator("article.msg-staff")
        assert "Reply from the Moneta team" in reply.inner_text() and "NMLS register" in reply.inner_text()
        assert reply.locator(".badge", has_text="New").is_visible()
        user.locator("#replies-read").wait_for(state="hidden")  # opening the conversation marked it read
        assert Message.objects.get(reply_to=escalation).read_at is not None
        user.goto("/chat/")
        assert user.locator("#team-replies").count() == 0
        assert user.js_errors == [] and staff.js_errors == []
    finally:
        _screenshot_on_failure(request, user)
        user_ctx.close()
        staff_ctx.close()


def test_page_opens_at_the_latest_message_with_the_question_box_in_view_and_a_few_tabs_away(sized_page):
    conversation_id = in_own_connection(long_conversation, "bob")
    login(sized_page, "bob")
    sized_page.goto(f"/chat/{conversation_id}/")
    sized_page.wait_for_load_state("load")
    height = sized_page.viewport_size["height"]
    last = sized_page.locator(".msg").last.bounding_box()
    box = sized_page.get_by_label("Your question").bounding_box()
    assert last["y"] + last["height"] > 0 and last["y"] < height, last  # the latest message is on screen
    assert 0 <= box["y"] and box["y"] + box["height"] <= height, box  # so is the question box
    sized_page.mouse.wheel(0, -2000)  # scrolling back through the history keeps the box at the bottom
    sized_page.wait_for_timeout(100)
    box = sized_page.get_by_label("Your question").bounding_box()
    assert box["y"] + box["height"] <= height and box["y"] > height / 2, box
    # keyboard: skip links first, "Skip to your question" lands in the box
    sized_page.reload()
    presses = 0
    while presses < 3:
        presses += 1
        sized_page.keyboard.press("Tab")
        if sized_page.evaluate("document.activeElement.textContent.trim()") == "Skip to your question":
            break
    assert presses <= 2
    sized_page.keyboard.press("Enter")
    assert sized_page.evaluate("document.activeElement.id") == "chat-message"
    if sized_page.width_name == "phone":  # the conversation list folds away on a phone
        assert sized_page.locator("#conv-disclosure").get_attribute("open") is None
        sized_page.locator("#conv-disclosure summary").click()
        assert sized_page.locator("#conversation-list").is_visible()
    assert sized_page.js_errors == []


def test_stop_keeps_the_partial_answer_and_regenerate_replaces_it(desktop, monkeypatch):
    from chat import services
    from chat.models import Message

    real = services.chat_turn_events

    def slow(**kwargs):  # the real turn, its words sent slowly enough to press Stop in the middle
        for event in real(**kwargs):
            if event["type"] == "token":
                time.sleep(0.5)
            yield event

    monkeypatch.setattr(services, "chat_turn_events", slow)
    login(desktop, "bob")
    desktop.goto("/chat/")
    desktop.get_by_label("Your question").fill("How much did I spend on groceries last month?")
    assert desktop.get_by_role("button", name="Regenerate").is_hidden()  # nothing to regenerate yet
    desktop.get_by_role("button", name="Send").click()
    stop = desktop.get_by_role("button", name="Stop")
    stop.wait_for(state="visible")
    desktop.wait_for_function("() => document.querySelector('.msg-live .streaming')?.textContent.length > 0")
    stop.click()
    stopped = desktop.locator(".msg-stopped")
    stopped.wait_for()
    partial = stopped.locator(".streaming").inner_text()
    assert partial and "Stopped — this answer is incomplete." in stopped.inner_text()
    assert desktop.locator("#stream-status").inner_text() == "Stopped."
    stop.wait_for(state="hidden")
    assert desktop.get_by_role("button", name="Send").is_enabled()

    monkeypatch.setattr(services, "chat_turn_events", real)
    desktop.get_by_role("button", name="Regenerate").click()
    answer = desktop.locator(ANSWER)
    answer.wait_for(state="visible", timeout=60_000)
    assert desktop.locator(".msg-stopped").count() == 0 and answer.count() == 1
    assert desktop.locator(".msg-user").count() == 1  # the same question, answered again
    conversation_id = int(re.search(r"/chat/(\d+)/", desktop.url).group(1))
    roles = list(Message.objects.filter(conversation_id=conversation_id).order_by("id").values_list("role", flat=True))
    assert roles == ["user", "assistant"]
    # Regenerate once more: still one answer, a new one
    first_id = answer.get_attribute("id")
    desktop.get_by_role("button", name="Regenerate").click()
    desktop.wait_for_function(f"() => document.querySelector('{ANSWER}') && "
                              f"document.querySelector('{ANSWER}').id !== '{first_id}'", timeout=60_000)
    assert desktop.locator(ANSWER).count() == 1
    assert desktop.js_errors == []


def test_history_search_filters_the_list_in_place(desktop):
    login(desktop, "bob")
    desktop.goto("/chat/")
    ask(desktop, "What did I spend on transport this year?")
    desktop.goto("/chat/")
    assert desktop.locator("#conversation-list h3", has_text="Today").count() == 1
    search = desktop.get_by_label("Search conversations")
    search.fill("transport")
    desktop.wait_for_function("() => document.querySelector('#conversation-list').textContent.includes('transport')")
    assert desktop.locator("#conversation-list li").count() >= 1
    search.fill("no such words anywhere")
    desktop.get_by_text("No conversation mentions").wait_for()
    assert desktop.locator("#conversation-list li").count() == 0
    assert desktop.js_errors == []


def test_wide_table_scrolls_inside_its_bubble_on_a_phone(chromium, web_server, request):
    context, phone = _new_page(chromium, request, web_server, width=PHONE[0], height=PHONE[1])
    try:
        login(phone, "alice")
        phone.goto("/chat/")
        answer = ask(phone, "Show my transactions last month")
        table = answer.locator("details.data-table").first
        table.wait_for()
        if table.get_attribute("open") is None:
            table.locator("summary").click()
        wrap = table.locator(".table-wrap")
        box = wrap.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0], box  # the table's box fits the screen...
        # ...and whatever does not fit scrolls inside it (before, the table pushed the page to 517 px)
        assert wrap.evaluate("el => getComputedStyle(el).overflowX") == "auto"
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE[0], f"the page is {width}px wide on a {PHONE[0]}px phone"
        assert phone.js_errors == []
    finally:
        _screenshot_on_failure(request, phone)
        context.close()
