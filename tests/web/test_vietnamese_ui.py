"""Every page renders in Vietnamese: walk every web URL (signed out, signed in with data, signed in with nothing
yet) with `Accept-Language: vi` and find text that still reads as English; then post every form on those pages
empty (form errors, messages from services, flash messages) and send the emails people get.

Two ways a text counts as untranslated, once the person's own data (descriptions, merchants, categories, jars,
file names …) and brand words are taken out:
- it appears identically in the English rendering and still contains an English word of three or more letters;
- it contains an English function word ("the", "your", "must" … `ENGLISH_ONLY`, none of which is also a Vietnamese
  word written without its accents), which catches English around values that differ between the two renderings
  (amounts, dates) and text that has no English twin (an error after a post, a flash message, an email).
Numbers, dates and money are not words."""
from __future__ import annotations

import ast
import re
from collections import defaultdict
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

pytestmark = pytest.mark.django_db

# Names and codes that read the same in both languages.
BRAND = {"Moneta", "CSV", "OFX", "QFX", "QIF", "CAMT", "MT940", "PDF", "Excel", "XLSX", "API", "Token", "JSON",
         "ZIP", "zip", "English", "USD", "VND", "EUR", "GBP", "AUD", "CAD", "NZD", "JPY", "SGD", "Tiếng", "Việt",
         "Authorization", "mnt_", "htmx", "Markdown", "MCP", "SHA", "TOTP", "Email", "email"}
SKIP_PREFIXES = ("/api/", "/admin/", "/mcp", "/metrics", "/healthz", "/.well-known", "/a2a", "/static", "/media",
                 "/account/export/", "/chat/stream/", "/logout/")
WORD = re.compile(r"[A-Za-z][A-Za-z'’]{2,}")
# English words that are not Vietnamese written without accents ("to", "do", "an", "no", "in", "me", "the" can be).
ENGLISH_ONLY = frozenset("""
of and is are was were be been your you yours this that these those with must should would could will can't
cannot isn't don't doesn't didn't from has have had not it its there their they what which when where who why how
than then into about after before because please here yet already only also any every each some more less
""".split())


class _Text(HTMLParser):
    """Visible text nodes and the labels people read (placeholder, aria-label, title, alt)."""

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0
        self._body = False

    def handle_starttag(self, tag, attrs):
        if tag == "body":
            self._body = True
        if tag in ("script", "style", "code", "pre", "title"):
            self._skip += 1
        for name, value in attrs:
            if name in ("placeholder", "aria-label", "title", "alt") and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style", "code", "pre", "title") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if self._body and not self._skip and data.strip():
            self.parts.append(" ".join(data.split()))


def texts(html: str) -> set[str]:
    parser = _Text()
    parser.feed(html)
    return set(parser.parts)


def _patterns(resolver=None, prefix: str = ""):
    for entry in (resolver or get_resolver()).url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from _patterns(entry, route)
        elif isinstance(entry, URLPattern):
            yield route


def urls(sample_ids: dict[str, object]) -> list[str]:
    found = []
    for route in _patterns():
        if route.startswith("^") or "(?P" in route:
            continue  # regex routes (allauth's confirm-email key, password reset key): reached through their flows
        missing = False

        def fill(match):
            nonlocal missing
            name = match.group(1).split(":")[-1]
            if name not in sample_ids:
                missing = True
                return ""
            return str(sample_ids[name])

        url = "/" + re.sub(r"<([^>]+)>", fill, route)
        if missing or url.startswith(SKIP_PREFIXES):
            continue
        found.append(url)
    return sorted(set(found))


def data_words(user) -> set[str]:
    """Words that are the person's own data on their pages (they stay as the person wrote them)."""
    from chat.models import Conversation, Message
    from knowledge.models import Document, Page
    from transactions.models import Account, Category, ImportBatch, Jar, Merchant, Transaction

    values: list[str] = [user.username, user.first_name, user.last_name, user.email]
    values += list(Transaction.objects.filter(user=user).values_list("description", flat=True))
    values += list(Merchant.objects.filter(user=user).values_list("name", flat=True))
    values += list(Category.objects.filter(user=user).values_list("name", flat=True))
    values += list(Jar.objects.filter(user=user).values_list("name", flat=True))
    values += list(Account.objects.filter(user=user).values_list("name", flat=True))
    values += list(ImportBatch.objects.filter(user=user).values_list("file_name", flat=True))
    values += list(Document.objects.filter(corpus__owner=user).values_list("title", flat=True))
    values += list(Document.objects.filter(corpus__owner=user).values_list("file_name", flat=True))
    values += list(Page.objects.filter(document__corpus__owner=user).values_list("text", flat=True))
    values += list(Conversation.objects.filter(user=user).values_list("title", flat=True))
    values += list(Message.objects.filter(conversation__user=user).values_list("content", flat=True))
    return {w for v in values if v for w in WORD.findall(v)}


def _words(text: str, allowed: set[str]) -> list[str]:
    return [w for w in WORD.findall(text) if w not in allowed and w.strip("'’") not in allowed]


def reads_english(text: str, allowed: set[str]) -> bool:
    """An English function word outside the person's data and brand words (see the module docstring)."""
    return any(w.lower() in ENGLISH_ONLY for w in re.findall(r"[A-Za-z][A-Za-z']*", text.replace("’", "'"))
               if w not in allowed)


def untranslated(vi_html: str, en_html: str | None, allowed: set[str]) -> list[str]:
    english = texts(en_html) if en_html is not None else set()
    return sorted(text for text in texts(vi_html)
                  if (text in english and _words(text, allowed)) or reads_english(text, allowed))


def _walk(client: Client, url_list: list[str], allowed: set[str]) -> dict[str, list[str]]:
    problems = {}
    for url in url_list:
        vi = client.get(url, HTTP_ACCEPT_LANGUAGE="vi")
        if vi.status_code != 200 or "text/html" not in vi.get("Content-Type", ""):
            continue
        en = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
        assert vi.headers.get("Content-Language") == "vi", url
        left = untranslated(vi.content.decode(), en.content.decode(), allowed)
        if left:
            problems[url] = left
    return problems


def test_every_page_signed_out_is_in_vietnamese():
    client = Client()
    problems = _walk(client, urls({}), BRAND)
    assert problems == {}, "\n".join(f"{u}: {t}" for u, t in problems.items())


def test_every_page_signed_in_with_data_is_in_vietnamese(alice_data, alice_web):
    from knowledge.services import note_save
    from transactions.models import CategorisationRule, ImportBatch, Jar, Subscription, Transaction

    alice = alice_data
    note_save(user=alice, title="Tax notes", text="Receipts for 2025 are in the blue folder.")
    from knowledge.models import Document, Page

    doc = Document.objects.filter(corpus__owner=alice).first()
    sample_ids = {
        "transaction_id": Transaction.objects.filter(user=alice).values_list("id", flat=True).first(),
        "batch_id": ImportBatch.objects.filter(user=alice).values_list("id", flat=True).first(),
        "jar_id": Jar.objects.filter(user=alice).values_list("id", flat=True).first(),
        "rule_id": CategorisationRule.objects.filter(user=alice).values_list("id", flat=True).first(),
        "subscription_id": Subscription.objects.filter(user=alice).values_list("id", flat=True).first(),
        "document_id": doc.id if doc else None,
        "page_id": Page.objects.filter(document=doc).values_list("id", flat=True).first() if doc else None,
    }
    sample_ids = {k: v for k, v in sample_ids.items() if v is not None}
    note_text = set(WORD.findall("Receipts for 2025 are in the blue folder."))  # the note's own words
    problems = _walk(alice_web, urls(sample_ids), BRAND | data_words(alice) | note_text)
    assert problems == {}, "\n".join(f"{u}: {t}" for u, t in problems.items())


def test_every_page_of_a_person_with_nothing_yet_is_in_vietnamese(user_factory):
    """The empty states: a person who just joined (first-run page, empty home, empty lists)."""
    from accounts.models import Profile

    newcomer = user_factory("minh")
    Profile.objects.create(user=newcomer, needs_onboarding=True)
    client = Client()
    client.force_login(newcomer)
    problems = _walk(client, urls({}), BRAND | {"minh"})
    assert problems == {}, "\n".join(f"{u}: {t}" for u, t in problems.items())


class _Forms(HTMLParser):
    """The post forms of a page: (action, hidden fields)."""

    def __init__(self):
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self.visible: dict[int, list[str]] = defaultdict(list)  # form index → its visible fields

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and (a.get("method") or "").lower() == "post":
            self.forms.append((a.get("action") or "", {}))
        elif tag == "input" and self.forms and a.get("type") == "hidden" and a.get("name"):
            self.forms[-1][1][a["name"]] = a.get("value") or ""
        elif tag in ("input", "textarea", "select") and self.forms and a.get("name") and \
                a.get("type") not in ("hidden", "submit", "checkbox", "radio", "file", "button"):
            self.visible[len(self.forms) - 1].append(a["name"])


# Posts that end the session or the account, or start the demo sandbox (tests/accounts/test_onboarding.py).
POST_SKIP = ("/logout/", "/account/delete/", "/account/sandbox/", "/2fa/")


def test_every_form_posted_empty_answers_in_vietnamese(alice_data, alice_web):
    """Form errors, messages from services and flash messages after posting each form of each page with its
    visible fields left empty: the page it ends on reads Vietnamese."""
    alice = alice_data
    forms: dict[str, tuple[str, dict[str, str]]] = {}
    from transactions.models import Jar, Transaction

    sample_ids = {"transaction_id": Transaction.objects.filter(user=alice).values_list("id", flat=True).first(),
                  "jar_id": Jar.objects.filter(user=alice).values_list("id", flat=True).first()}
    for url in urls(sample_ids):
        page = alice_web.get(url, HTTP_ACCEPT_LANGUAGE="vi")
        if page.status_code != 200 or "text/html" not in page.get("Content-Type", ""):
            continue
        parser = _Forms()
        parser.feed(page.content.decode())
        for action, hidden in parser.forms:
            target = action or url
            if target.startswith("/") and not target.startswith(POST_SKIP) and "delete" not in target:
                forms.setdefault(target, (url, hidden))
    assert len(forms) > 15, sorted(forms)  # the walk reaches the forms
    allowed = BRAND | data_words(alice)
    problems = {}
    for target, (page_url, hidden) in sorted(forms.items()):
        response = alice_web.post(target, hidden, HTTP_ACCEPT_LANGUAGE="vi", HTTP_REFERER=page_url, follow=True)
        if "text/html" not in response.get("Content-Type", ""):
            continue
        left = [t for t in texts(response.content.decode()) if reads_english(t, allowed)]
        if left:
            problems[f"POST {target} (from {page_url})"] = sorted(left)
    assert problems == {}, "\n".join(f"{u}: {t}" for u, t in problems.items())


def test_the_emails_people_get_are_in_vietnamese(settings):
    """Sign-up's confirmation and the password reset, asked for from a Vietnamese browser."""
    from django.core import mail

    settings.ACCOUNT_RATE_LIMITS = False
    client = Client()
    response = client.post("/signup/", {"username": "lan", "email": "lan@example.com",
                                        "password1": "correct-horse-battery-41", "password2": "correct-horse-battery-41"},
                           HTTP_ACCEPT_LANGUAGE="vi")
    assert response.status_code == 302
    Client().post("/password/reset/", {"email": "lan@example.com"}, HTTP_ACCEPT_LANGUAGE="vi")
    assert len(mail.outbox) == 2, [m.subject for m in mail.outbox]
    allowed = BRAND | {"lan", "example", "com", "http", "https", "testserver"}
    for message in mail.outbox:
        lines = [message.subject] + [line for line in message.body.splitlines() if "://" not in line]
        english = [line for line in lines if reads_english(line, allowed)]
        assert english == [], (message.subject, english)


def _literal_texts(node) -> list:
    """String literals and f-strings an expression shows as they are (both branches of `a if c else b`, the
    fallbacks of `a or "…"` and `getattr(exc, "message", "…")`)."""
    if isinstance(node, ast.IfExp):
        return _literal_texts(node.body) + _literal_texts(node.orelse)
    if isinstance(node, ast.BoolOp):  # `exc.message or "…"`
        return [t for value in node.values for t in _literal_texts(value)]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" \
            and len(node.args) == 3:  # getattr(exc, "message", "…")
        return _literal_texts(node.args[2])
    if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return [node]
    return []


def test_every_flash_message_and_error_of_a_web_view_goes_through_gettext():
    """Success messages appear only after a post that worked, which the empty posts above never make: every
    `messages.<level>(request, …)` and every `DomainError(…)`/`NotFound(…)` raised in a web view (or in accounts'
    services) must be written through gettext (a literal or an f-string would stay English on the Vietnamese
    page)."""
    from tests.conftest import ROOT

    # the web views of every app, and accounts' own services (its pages show their messages as they are)
    files = sorted({*ROOT.glob("*/web/*.py"), *ROOT.glob("*/*/web.py"), *ROOT.glob("accounts/*.py")}
                   - set(ROOT.glob(".venv/**/*.py")))
    assert len(files) > 8
    found = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "messages":
                shown = node.args[1:2]
            elif isinstance(func, ast.Name) and func.id in ("DomainError", "NotFound"):
                shown = node.args[:1]
            else:
                continue
            for literal in (t for arg in shown for t in _literal_texts(arg)):
                found.append(f"{path.relative_to(ROOT)}:{literal.lineno}: {ast.unparse(literal)[:80]}")
    assert found == [], "\n".join(found)


def test_every_form_posted_with_nonsense_answers_in_vietnamese(alice_data, alice_web):
    """The same walk with every visible field filled with text that is no number, date or name Moneta knows:
    the services' own validation messages."""
    alice = alice_data
    from transactions.models import Jar, Transaction

    sample_ids = {"transaction_id": Transaction.objects.filter(user=alice).values_list("id", flat=True).first(),
                  "jar_id": Jar.objects.filter(user=alice).values_list("id", flat=True).first()}
    forms: dict[str, tuple[str, str, dict[str, str]]] = {}  # one form per kind of action (ids aside)
    for url in urls(sample_ids):
        page = alice_web.get(url, HTTP_ACCEPT_LANGUAGE="vi")
        if page.status_code != 200 or "text/html" not in page.get("Content-Type", ""):
            continue
        parser = _Forms()
        parser.feed(page.content.decode())
        for i, (action, hidden) in enumerate(parser.forms):
            target = action or url
            if parser.visible[i] and target.startswith("/") and not target.startswith(POST_SKIP) \
                    and "delete" not in target:
                forms.setdefault(re.sub(r"\d+", "N", target),
                                 (target, url, {**hidden, **{name: "zz-9?" for name in parser.visible[i]}}))
    assert len(forms) > 8, sorted(forms)
    allowed = BRAND | data_words(alice) | {"zz"}
    problems = {}
    for target, page_url, data in sorted(forms.values()):
        response = alice_web.post(target, data, HTTP_ACCEPT_LANGUAGE="vi", HTTP_REFERER=page_url, follow=True)
        if "text/html" not in response.get("Content-Type", ""):
            continue
        left = [t for t in texts(response.content.decode()) if reads_english(t, allowed)]
        if left:
            problems[f"POST {target} {sorted(data)}"] = sorted(left)
    assert problems == {}, "\n".join(f"{u}: {t}" for u, t in problems.items())
