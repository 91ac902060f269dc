"""axe-core on every page of the web UI, at desktop (1366×900) and phone (390×844) widths: no serious or
critical WCAG 2.1 A/AA violations. One live server and demo load for the module, one browser context per
width (logged in once), so the whole sweep takes seconds; the focus ring's contrast is measured too."""
from __future__ import annotations

import pytest

from tests.browser.conftest import AXE, DEMO_PASSWORDS, RUN_AXE

WIDTHS = {"desktop": (1366, 900), "phone": (390, 844)}


PAGES = ("login", "home", "chat", "conversation", "chat search", "transactions", "transactions search", "review",
         "import", "jars", "subscriptions", "documents", "cited page", "account", "accounts", "transaction edit",
         "new transaction", "recently deleted", "duplicates", "categories", "first run", "demo sandbox")


@pytest.fixture(scope="module")
def site_pages(web_server, django_db_blocker):
    """Every page a user can reach, with the data that makes each one show its real content: a conversation
    with a table/chart answer and an escalated answer with a reply from the team, and a cited page."""
    from django.contrib.auth import get_user_model

    from chat import services
    from chat.models import Escalation
    from knowledge.models import Page

    with django_db_blocker.unblock():
        users = get_user_model().objects
        alice, editor = users.get(username="alice"), users.get(username="editor")
        money = services.chat_turn(user=alice, message="How much did I spend on dining last month?")
        unsure = services.chat_turn(user=alice, message="What does the regulation say about mortgage broker licensing?",
                                    conversation_id=money["conversation_id"])
        assert unsure["escalated"]
        escalation = Escalation.objects.get(message_id=unsure["message_id"])
        services.escalation_resolve(escalation_id=escalation.pk, resolver=editor,
                                    reply="Brokers need a state licence; we added a help page about it.")
        cited = Page.objects.filter(document__corpus__slug="finance-education").order_by("id").first()
        tx_id = alice.tx_transactions.order_by("-date").values_list("id", flat=True).first()
    return {"login": "/login/", "home": "/", "chat": "/chat/", "conversation": f"/chat/{money['conversation_id']}/",
            "chat search": "/chat/?q=dining", "transactions": "/transactions/",
            "transactions search": "/transactions/?q=coffee", "review": "/transactions/review/",
            "import": "/transactions/import/", "jars": "/jars/", "subscriptions": "/subscriptions/",
            "documents": "/documents/", "cited page": f"/documents/pages/{cited.id}/?quote=emergency",
            "account": "/account/", "accounts": "/accounts/", "transaction edit": f"/transactions/{tx_id}/edit/",
            "new transaction": "/transactions/new/", "recently deleted": "/transactions/deleted/",
            "duplicates": "/transactions/duplicates/", "categories": "/categories/", "first run": "/welcome/",
            "demo sandbox": "/account/sandbox/"}


@pytest.fixture(scope="module")
def width_pages(chromium, web_server):
    """One browser context per width: a logged-out page (for the login form) and alice's page."""
    made: dict[str, tuple] = {}

    def get(width: str):
        if width not in made:
            w, h = WIDTHS[width]
            context = chromium.new_context(base_url=web_server, viewport={"width": w, "height": h})
            context.set_default_timeout(15_000)
            # axe goes in through the DevTools protocol as a test tool, so the page's CSP stays on for the
            # page's own scripts
            context.add_init_script(script=AXE.read_text(encoding="utf-8") + "\n;window.axe = axe;")
            anonymous = context.new_page()
            page = context.new_page()
            page.js_errors = []
            page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
            made[width] = (context, anonymous, page, [False])
        return made[width]

    yield get
    for context, *_ in made.values():
        context.close()


def _logged_in(page, base_url: str, done: list) -> None:
    if not done[0]:
        page.goto("/login/")
        page.get_by_label("Username").fill("alice")
        page.get_by_label("Password").fill(DEMO_PASSWORDS["alice"])
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url(f"{base_url}/")
        done[0] = True


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("name", PAGES)
def test_page_passes_axe_at_desktop_and_phone_width(web_server, site_pages, width_pages, width, name):
    _, anonymous, page, done = width_pages(width)
    if name == "login":
        page = anonymous
    else:
        _logged_in(page, web_server, done)
    response = page.goto(site_pages[name])
    assert response.status == 200
    problems = page.evaluate(RUN_AXE)
    if width == "phone":  # nothing makes the page scroll sideways (wide tables scroll inside their box)
        wide = page.evaluate("document.documentElement.scrollWidth")
        if wide > WIDTHS[width][0]:
            problems.append(f"the page is {wide}px wide on a {WIDTHS[width][0]}px screen")
    assert problems == []
    assert getattr(page, "js_errors", []) == []


def _relative_luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = sorted((_relative_luminance(a), _relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_focus_ring_has_at_least_3_to_1_contrast(page, site_pages):
    """The keyboard focus ring, as the browser draws it, against white and the page background."""
    page.goto("/login/")
    page.keyboard.press("Tab")  # the skip link
    page.keyboard.press("Tab")
    style = page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
        return {color: s.outlineColor, width: parseFloat(s.outlineWidth), style: s.outlineStyle,
                bg: getComputedStyle(document.body).backgroundColor}; }""")
    assert style["style"] == "solid" and style["width"] >= 2, style

    def rgb(css: str) -> tuple[int, int, int]:
        return tuple(int(float(x)) for x in css[css.index("(") + 1:css.index(")")].split(",")[:3])
    ring = rgb(style["color"])
    assert contrast(ring, (255, 255, 255)) >= 3, style
    assert contrast(ring, rgb(style["bg"])) >= 3, style
