"""A GET never writes: no page or API read runs an INSERT, UPDATE or DELETE (a link on another site cannot
change anything for the signed-in user)."""
from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db

WRITE = re.compile(r"^\s*(INSERT|UPDATE|DELETE|COPY|TRUNCATE|CREATE|ALTER|DROP)\b", re.I)
PAGES = ["/", "/transactions/", "/transactions/?q=coffee+last+month", "/transactions/import/", "/jars/",
         "/subscriptions/", "/documents/", "/chat/", "/chat/?ask=save+a+note+that+I+owe+Bob+50"]
API = ["/api/v1/transactions/", "/api/v1/transactions/categories/", "/api/v1/transactions/rules/",
       "/api/v1/transactions/jars/", "/api/v1/transactions/jars/status/", "/api/v1/transactions/search/?q=coffee",
       "/api/v1/transactions/analytics/summary/", "/api/v1/transactions/budgets/suggestions/",
       "/api/v1/transactions/subscriptions/", "/api/v1/transactions/imports/", "/api/v1/knowledge/documents/",
       "/api/v1/knowledge/search/?q=budget", "/api/v1/chat/conversations/", "/api/v1/auth/me/"]


def _writes(client, url: str) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
        if hasattr(response, "streaming_content"):
            b"".join(response.streaming_content)
    assert response.status_code < 500, url
    return [q["sql"][:120] for q in queries.captured_queries if WRITE.match(q["sql"])]


def test_pages_and_api_reads_write_nothing(alice_web, alice_client, alice_data):
    found = {url: w for url in PAGES if (w := _writes(alice_web, url))}
    found.update({url: w for url in API if (w := _writes(alice_client, url))})
    assert not found, found


def test_first_visit_of_a_new_user_writes_nothing(bob_web, bob_client):
    found = {url: w for url in PAGES if (w := _writes(bob_web, url))}
    found.update({url: w for url in API if (w := _writes(bob_client, url))})
    assert not found, found
