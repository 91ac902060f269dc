"""First run for a person who signed up, empty states, and the demo sandbox — kept apart from their own money
and from everyone else's."""
from __future__ import annotations

import time

import pytest
from django.test import Client

from tests.statements import csv_bytes

pytestmark = pytest.mark.django_db


def _web(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def newcomer(user_factory):
    from accounts.models import Profile

    user = user_factory("minh")
    Profile.objects.create(user=user, needs_onboarding=True)
    return user


def test_a_new_person_is_walked_through_set_up(newcomer):
    from transactions.models import Account, Jar

    client = _web(newcomer)
    assert client.get("/")["Location"] == "/welcome/"
    client.post("/welcome/preferences/", {"currency": "VND", "language": "vi"})
    response = client.post("/welcome/account/", {"name": "Vietcombank", "kind": "checking",
                                                 "opening_balance": "15,000,000"})
    assert response.status_code == 302
    account = Account.objects.get(user=newcomer)
    assert (account.name, account.currency) == ("Vietcombank", "VND")
    assert account.opening_balance == 15_000_000
    client.post("/welcome/jars/", {"jars": ["Essentials", "Fun"], "monthly_income": "20000000"})
    jars = dict(Jar.objects.filter(user=newcomer).values_list("name", "monthly_budget"))
    assert jars == {"Essentials": 10_000_000, "Fun": 4_000_000}
    page = client.get("/welcome/").content.decode()
    assert page.count('class="badge ok"') == 3  # preferences, account, jars; no money in yet
    assert client.get("/")["Location"] == "/welcome/"  # still nothing imported
    client.post("/welcome/done/")
    home = client.get("/")
    # The empty state, with links, in the language chosen in step 1.
    assert home.status_code == 200 and "Việc nên làm tiếp" in home.content.decode()
    assert 'href="/transactions/import/"' in home.content.decode()


def test_bad_onboarding_input_is_refused_in_words(newcomer):
    client = _web(newcomer)
    page = client.post("/welcome/account/", {"name": "Cash", "opening_balance": "lots"}, follow=True)
    assert "opening balance must be a number" in page.content.decode()
    page = client.post("/welcome/jars/", {"jars": ["Yachts"]}, follow=True)
    assert "Unknown starter jar" in page.content.decode()


@pytest.fixture
def no_broker(monkeypatch):
    """No broker to reach: the sandbox's demo money is loaded in the request (accounts/sandbox.py)."""
    from accounts import sandbox

    monkeypatch.setattr(sandbox, "broker_reachable", lambda timeout=1.0: False)


@pytest.fixture
def queued(monkeypatch):
    """A reachable broker; the task messages sent, by sandbox user id (the test runs what the worker would)."""
    from accounts import sandbox, tasks

    sent: list[int] = []
    monkeypatch.setattr(sandbox, "broker_reachable", lambda timeout=1.0: True)
    monkeypatch.setattr(tasks.sandbox_fill_task, "delay", lambda user_id: sent.append(user_id))
    return sent


def test_demo_money_is_loaded_by_a_task_the_page_follows_and_a_second_click_adds_nothing(
        alice, queued, django_capture_on_commit_callbacks):
    from accounts import tasks
    from accounts.models import Profile
    from transactions.models import Transaction

    client = _web(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/account/sandbox/enter/")
    assert response.status_code == 302 and response["Location"] == "/account/sandbox/"
    sandbox = Profile.objects.get(sandbox_owner=alice)
    assert queued == [sandbox.user_id] and sandbox.sandbox_status == "pending"
    assert client.session["_auth_user_id"] == str(alice.pk)  # still herself: nothing to enter yet
    assert not Transaction.objects.filter(user_id=sandbox.user_id).exists()  # nothing loaded in the request
    page = client.get("/account/sandbox/").content.decode()
    assert 'data-status="pending"' in page and 'hx-trigger="every 2s"' in page  # the page follows the loading
    # A second click while it loads: the same sandbox, no second message.
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post("/account/sandbox/enter/")["Location"] == "/account/sandbox/"
    assert queued == [sandbox.user_id] and Profile.objects.filter(sandbox_owner=alice).count() == 1

    assert tasks.sandbox_fill_task.run(sandbox.user_id) == "ready"  # what the worker runs
    loaded = Transaction.objects.filter(user_id=sandbox.user_id).count()
    assert loaded > 100
    assert tasks.sandbox_fill_task.run(sandbox.user_id) == "ready"  # a duplicate message claims nothing
    assert Transaction.objects.filter(user_id=sandbox.user_id).count() == loaded

    polled = client.get("/account/sandbox/", HTTP_HX_REQUEST="true").content.decode()
    assert 'data-status="ready"' in polled and "hx-trigger" not in polled and 'id="sandbox-open"' in polled
    assert client.post("/account/sandbox/enter/")["Location"] == "/"
    assert client.session["_auth_user_id"] == str(sandbox.user_id)
    assert "Demo sandbox" in client.get("/").content.decode()


def test_a_sandbox_that_failed_to_load_says_so_and_can_be_tried_again(
        alice, bob, queued, monkeypatch, django_capture_on_commit_callbacks):
    from accounts import sandbox_loading, tasks
    from accounts.models import Profile

    def broken(*, user):
        raise RuntimeError("demo statement unreadable")

    client = _web(alice)
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/account/sandbox/enter/")
    sandbox = Profile.objects.get(sandbox_owner=alice)
    monkeypatch.setattr(sandbox_loading, "demo_money_load", broken)
    assert tasks.sandbox_fill_task.run(sandbox.user_id) == "failed"
    sandbox.refresh_from_db()
    assert sandbox.sandbox_status == "failed" and "demo statement unreadable" in sandbox.sandbox_error
    page = client.get("/account/sandbox/").content.decode()
    assert "could not be loaded" in page and 'id="sandbox-retry"' in page
    # Entering a sandbox that is not ready is refused in words.
    from accounts.sandbox import sandbox_enter
    from core.errors import DomainError

    request = type("R", (), {"user": alice, "session": {}})()
    with pytest.raises(DomainError, match="not ready"):
        sandbox_enter(request)
    # Bob sees nothing of alice's sandbox: his page offers his own.
    assert 'id="sandbox-start"' in _web(bob).get("/account/sandbox/").content.decode()
    # Try again: queued once more, and this time it loads.
    monkeypatch.undo()
    from accounts import sandbox as sandbox_module

    monkeypatch.setattr(sandbox_module, "broker_reachable", lambda timeout=1.0: True)
    monkeypatch.setattr(tasks.sandbox_fill_task, "delay", lambda user_id: queued.append(user_id))
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/account/sandbox/enter/")
    assert queued[-1] == sandbox.user_id and len(queued) == 2
    assert tasks.sandbox_fill_task.run(sandbox.user_id) == "ready"


def test_a_load_no_worker_finished_can_be_tried_again(alice, queued, django_capture_on_commit_callbacks):
    from datetime import timedelta

    from django.utils import timezone

    from accounts import tasks
    from accounts.models import Profile

    client = _web(alice)
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/account/sandbox/enter/")
    sandbox = Profile.objects.get(sandbox_owner=alice)
    assert 'hx-trigger="every 2s"' in client.get("/account/sandbox/").content.decode()  # recent: still followed
    # The worker died with it "loading" a quarter of an hour ago.
    Profile.objects.filter(pk=sandbox.pk).update(sandbox_status="loading",
                                                 sandbox_status_at=timezone.now() - timedelta(minutes=15))
    page = client.get("/account/sandbox/").content.decode()
    assert "hx-trigger" not in page and 'id="sandbox-retry"' in page
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post("/account/sandbox/enter/")["Location"] == "/account/sandbox/"
    assert queued == [sandbox.user_id, sandbox.user_id]
    assert tasks.sandbox_fill_task.run(sandbox.user_id) == "ready"


def test_demo_sandbox_is_separate_deletable_and_private(alice, bob, no_broker):
    from accounts.models import Profile
    from transactions.models import Transaction
    from transactions.services import transactions_import

    transactions_import(user=alice, file_name="mine.csv",
                        content=csv_bytes([("2026-01-05", "MY OWN RENT", "-900.00", "")]))
    mine = Transaction.objects.filter(user=alice).count()
    client = _web(alice)
    started = time.perf_counter()
    assert client.post("/account/sandbox/enter/").status_code == 302
    print(f"sandbox made in {time.perf_counter() - started:.1f}s")
    sandbox_user_id = int(client.session["_auth_user_id"])
    assert sandbox_user_id != alice.pk
    home = client.get("/").content.decode()
    assert "Demo sandbox" in home and "MY OWN RENT" not in home
    assert Transaction.objects.filter(user_id=sandbox_user_id).count() > 100
    assert Transaction.objects.filter(user=alice).count() == mine  # nothing demo in her own account
    # The sandbox has no password: nobody signs in to it directly.
    from django.contrib.auth import get_user_model

    sandbox_user = get_user_model().objects.get(pk=sandbox_user_id)
    assert not sandbox_user.has_usable_password()
    # Back to her own money.
    client.post("/account/sandbox/leave/")
    assert client.session["_auth_user_id"] == str(alice.pk)
    assert "MY OWN RENT" in client.get("/transactions/").content.decode()
    # Bob: his own (new) sandbox, never alice's; he cannot leave into alice's account.
    bob_client = _web(bob)
    bob_client.post("/account/sandbox/leave/")
    assert bob_client.session["_auth_user_id"] == str(bob.pk)
    assert "Demo sandbox" not in bob_client.get("/account/").content.decode().split("<main")[1][:400]
    # Deleting the sandbox deletes its demo money and nothing of hers.
    client.post("/account/sandbox/delete/")
    assert not get_user_model().objects.filter(pk=sandbox_user_id).exists()
    assert not Transaction.objects.filter(user_id=sandbox_user_id).exists()
    assert Transaction.objects.filter(user=alice).count() == mine
    assert not Profile.objects.filter(sandbox_owner=alice).exists()


def test_deleting_an_account_deletes_its_sandbox(alice, no_broker):
    from django.contrib.auth import get_user_model

    from accounts.sandbox import sandbox_request
    from accounts.services import account_delete

    sandbox = sandbox_request(owner=alice).user
    account_delete(user=alice)
    assert not get_user_model().objects.filter(pk__in=[alice.pk, sandbox.pk]).exists()


@pytest.mark.worker
def test_a_real_worker_loads_the_sandbox_the_click_queued(celery_worker_process, alice):
    """The click commits the empty sandbox and hands its id to Celery; a real worker process loads the money."""
    from accounts.models import Profile
    from accounts.sandbox import sandbox_request
    from tests.conftest import wait_for
    from transactions.models import Transaction

    sandbox = sandbox_request(owner=alice)  # autocommit here (transactional_db): the message goes at once
    assert sandbox.sandbox_status == "pending"
    assert wait_for(lambda: Profile.objects.get(pk=sandbox.pk).sandbox_status in ("ready", "failed"), timeout=180)
    assert Profile.objects.get(pk=sandbox.pk).sandbox_status == "ready"
    assert Transaction.objects.filter(user_id=sandbox.user_id).count() > 100
    assert not Transaction.objects.filter(user=alice).exists()
