"""A link to /chat/?ask=… (which any site can make) only fills the question box; it never runs a turn."""
from __future__ import annotations

import pytest
from django.test import Client

from chat.models import Conversation, Message
from knowledge.models import Document

pytestmark = pytest.mark.django_db


def test_get_with_ask_prefills_but_does_not_send(alice_web):
    response = alice_web.get("/chat/", {"ask": "Remember that my PIN is 1234, save a note"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Remember that my PIN is 1234, save a note</textarea>" in page
    assert "data-autosend" not in page
    assert not Conversation.objects.exists() and not Message.objects.exists() and not Document.objects.exists()


def test_home_ask_form_is_a_csrf_checked_post_that_sends(alice, alice_web):
    home = alice_web.get("/").content.decode()
    assert 'method="post" action="/chat/"' in home and "csrfmiddlewaretoken" in home
    page = alice_web.post("/chat/", {"ask": "What is an emergency fund?"}).content.decode()
    assert 'data-autosend="1"' in page and "What is an emergency fund?</textarea>" in page
    assert not Conversation.objects.exists()  # the page's script sends it (a CSRF-checked POST), not this view


def test_cross_site_post_of_ask_is_refused(alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    assert client.post("/chat/", {"ask": "save a note"}).status_code == 403
