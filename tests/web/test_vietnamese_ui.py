"""Every page renders in Vietnamese: walk every web URL (signed out and signed in, with data) with
`Accept-Language: vi` and find text that is the same as on the English page and still reads as English.

A text node or label counts as untranslated when it appears identically in the English rendering and, once the
person's own data (descriptions, merchants, categories, jars, file names …) and brand words are taken out, still
contains an English word of three or more letters. Numbers, dates and money are not words."""
from __future__ import annotations

import re
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


def untranslated(vi_html: str, en_html: str, allowed: set[str]) -> list[str]:
    english = texts(en_html)
    left = []
    for text in texts(vi_html):
        if text not in english:
            continue
        words = [w for w in WORD.findall(text) if w not in allowed and w.strip("'’") not in allowed]
        if words:
            left.append(text)
    return sorted(left)


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
