"""A stranger signs up, confirms the emailed link, signs in by username or email, resets and changes the
password and changes the email address — all through allauth's pages and Django's (in-memory) email."""
from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-pass-phrase-41"


def _link(message) -> str:
    return re.search(r"https?://[^/\s]+(/\S+)", message.body).group(1)


def _sign_up(client: Client, username: str = "minh", email: str = "minh@example.com") -> None:
    response = client.post("/signup/", {"username": username, "email": email,
                                        "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302, response.content.decode()[:2000]


def test_sign_up_requires_the_emailed_confirmation_then_signs_in_by_username_or_email():
    client = Client()
    assert client.get("/signup/").status_code == 200
    _sign_up(client)
    assert "_auth_user_id" not in client.session  # nothing opens before the address is confirmed
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["minh@example.com"]
    # Signing in before confirming only re-sends the confirmation.
    refused = client.post("/login/", {"login": "minh", "password": PASSWORD})
    assert "_auth_user_id" not in client.session and refused.status_code == 302
    confirm = _link(mail.outbox[0])
    assert client.get(confirm).status_code == 200
    response = client.post(confirm)
    assert response.status_code == 302 and "_auth_user_id" in client.session
    assert response["Location"] == "/"
    client.post("/logout/")
    for login in ("minh", "MINH@example.com"):
        fresh = Client()
        assert fresh.post("/login/", {"login": login, "password": PASSWORD}).status_code == 302
        assert "_auth_user_id" in fresh.session, login


def test_a_taken_username_or_email_is_refused_in_words(alice):
    alice.email = "alice@example.com"
    alice.save()
    client = Client()
    response = client.post("/signup/", {"username": "alice", "email": "ALICE@example.com",
                                        "password1": PASSWORD, "password2": PASSWORD})
    text = response.content.decode()
    assert response.status_code == 200 and "already" in text


def test_password_reset_through_the_emailed_link():
    _sign_up(Client())
    Client().post(_link(mail.outbox[0]))
    mail.outbox.clear()
    client = Client()
    assert client.post("/password/reset/", {"email": "minh@example.com"}).status_code == 302
    assert len(mail.outbox) == 1
    key_url = client.get(_link(mail.outbox[0]))  # the key moves into the session, then a form
    assert key_url.status_code == 302
    form_url = key_url["Location"]
    response = client.post(form_url, {"password1": "new-pass-phrase-77", "password2": "new-pass-phrase-77"})
    assert response.status_code == 302
    assert not Client().login(username="minh", password=PASSWORD)
    fresh = Client()
    fresh.post("/login/", {"login": "minh", "password": "new-pass-phrase-77"})
    assert "_auth_user_id" in fresh.session


def test_password_change_and_email_change_when_signed_in():
    client = Client()
    _sign_up(client)
    client.post(_link(mail.outbox[0]))
    mail.outbox.clear()
    response = client.post("/password/change/", {"oldpassword": PASSWORD, "password1": "changed-pass-phrase-5",
                                                 "password2": "changed-pass-phrase-5"})
    assert response.status_code == 302
    assert Client().login(username="minh", password="changed-pass-phrase-5")
    response = client.post("/email/", {"action_add": "", "email": "minh.new@example.com"})
    assert response.status_code == 302 and mail.outbox[-1].to == ["minh.new@example.com"]
    client.post(_link(mail.outbox[-1]))
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.get(username="minh")
    assert user.email == "minh.new@example.com"
    assert list(EmailAddress.objects.filter(user=user).values_list("email", flat=True)) == ["minh.new@example.com"]


def test_accounts_without_an_address_on_record_sign_in_as_before(alice):
    client = Client()
    response = client.post("/login/", {"username": "alice", "password": "pw-for-tests-1"})
    assert response.status_code == 302 and response["Location"] == "/"
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_sign_up_can_be_closed(settings):
    settings.MONETA_SIGNUP_OPEN = False
    response = Client().post("/signup/", {"username": "x", "email": "x@example.com",
                                          "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 200 and not mail.outbox
