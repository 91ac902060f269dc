""""Try it with demo data": a separate sandbox account a person can switch into, and delete.

Why a separate user rather than demo rows flagged inside the person's own account: every read in Moneta is
already scoped by `user=` in SQL (selectors, chat tools, exports, admin privacy), so demo money that belongs to
another user cannot appear in the person's totals, budgets, searches or chat answers — no query has to remember
a flag, and deleting the sandbox is deleting that user. The sandbox user:

- is named `sandbox~<owner id>`: `~` is not allowed in usernames people sign up with, so it never collides;
- has no usable password and no email address: nobody can sign in to it, it is only entered by switching;
- is entered only from its owner's session, which remembers the owner (`SESSION_OWNER`); "back to my own money"
  signs the owner back in only when the session's owner is the one the sandbox belongs to;
- is deleted with everything in it by `sandbox_delete`, and when its owner deletes their account.

Loading the demo money (14 months imported and categorised for real) takes seconds, so it is a Celery task by id
(`sandbox_fill_task`): "Try it with demo data" makes the user with `sandbox_status` "pending" and enqueues the task
after the commit; the sandbox page polls until it is "ready". A second click while it loads enqueues nothing; the
task claims the row with a conditional UPDATE (pending → loading), so it never loads twice; a failure is recorded
on the row and "Try again" starts over. With no broker to reach, the money is loaded in the request instead.
"""
from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model, login
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Profile
from accounts.profiles import profile_get
from accounts.sandbox_loading import sandbox_fill
from accounts.selectors import is_sandbox, sandbox_of, sandbox_profile_of
from accounts.services import account_delete
from accounts.tasks import sandbox_fill_task
from core.broker import broker_reachable
from core.errors import DomainError
from core.types import AuthUser

SESSION_OWNER = "moneta_sandbox_owner"
BACKEND = "accounts.auth.ThrottledAuthenticationBackend"
Status = Profile.SandboxStatus
# A load still "pending" or "loading" after this long was lost (no worker took it, or the worker died): the
# sandbox page offers to try again, and trying again queues it afresh (loading the demo money twice is harmless:
# transactions.demo skips an identical import).
STALE_AFTER = timedelta(minutes=10)


def sandbox_username(owner: AuthUser) -> str:
    return f"sandbox~{owner.pk}"


def sandbox_request(*, owner: AuthUser) -> Profile:
    """The owner's sandbox, made (empty, "pending") on first use, with its demo money on the way: the task is
    enqueued after the commit when this call made the sandbox or restarted a failed or lost one (`STALE_AFTER`),
    never for a sandbox that is loading or ready (a second click). Returns the sandbox's profile."""
    if is_sandbox(owner):
        raise DomainError(_("You are already in the demo sandbox."), code="sandbox")
    profile = sandbox_profile_of(owner)
    if profile is None:
        language = profile_get(user=owner).language
        try:
            with transaction.atomic():
                user = get_user_model()(username=sandbox_username(owner), first_name="Demo")
                user.set_unusable_password()
                user.save()
                profile = Profile.objects.create(user=user, sandbox_owner=owner, currency="USD", language=language,
                                                 onboarded_at=timezone.now(), sandbox_status=Status.PENDING,
                                                 sandbox_status_at=timezone.now())
        except IntegrityError:  # the same person's other click made it a moment ago
            profile = sandbox_profile_of(owner)
            assert profile is not None
            return profile
    elif profile.sandbox_status == Status.FAILED or sandbox_lost(profile):
        if not Profile.objects.filter(pk=profile.pk, sandbox_status=profile.sandbox_status,
                                      sandbox_status_at=profile.sandbox_status_at).update(
                sandbox_status=Status.PENDING, sandbox_error="", sandbox_status_at=timezone.now()):
            profile.refresh_from_db()
            return profile  # another click restarted it
        profile.refresh_from_db()
    else:
        return profile
    _fill_soon(profile)
    return profile


def sandbox_lost(profile: Profile) -> bool:
    """Still waiting or loading long after it started: nothing will finish it."""
    return (profile.sandbox_status in (Status.PENDING, Status.LOADING) and profile.sandbox_status_at is not None
            and timezone.now() - profile.sandbox_status_at > STALE_AFTER)


def _fill_soon(profile: Profile) -> None:
    user_id = profile.user_id
    if not broker_reachable():  # no worker can be reached: load it now rather than never
        sandbox_fill(sandbox_user_id=user_id)
        profile.refresh_from_db()
        return
    transaction.on_commit(lambda: sandbox_fill_task.delay(user_id), robust=True)


def sandbox_enter(request) -> None:
    """Switch the session to the owner's sandbox, once its demo money is in."""
    owner = request.user
    if is_sandbox(owner):
        raise DomainError(_("You are already in the demo sandbox."), code="sandbox")
    profile = sandbox_profile_of(owner)
    if profile is None or profile.sandbox_status != Status.READY:
        raise DomainError(_("The demo sandbox is not ready yet."), code="sandbox")
    login(request, profile.user, backend=BACKEND)
    request.session[SESSION_OWNER] = owner.pk


def _session_owner(request):
    owner_id = request.session.get(SESSION_OWNER)
    profile = Profile.objects.filter(user=request.user, sandbox_owner__isnull=False).first()
    if profile is None or owner_id is None or profile.sandbox_owner_id != owner_id:
        return None
    return profile.sandbox_owner


def sandbox_leave(request) -> None:
    owner = _session_owner(request)
    if owner is None:
        raise DomainError(_("You are not in a demo sandbox."), code="sandbox")
    login(request, owner, backend=BACKEND)


def sandbox_delete(request) -> None:
    """Delete the requesting person's sandbox (leaving it first when they are in it)."""
    if is_sandbox(request.user):
        sandbox_leave(request)
    sandbox = sandbox_of(request.user)
    if sandbox is None:
        raise DomainError(_("You have no demo sandbox."), code="sandbox")
    account_delete(user=sandbox)


def sandbox_state(request) -> dict:
    """What the settings page, the sandbox page and the banner show: in a sandbox, has one (and its status)."""
    if not request.user.is_authenticated:
        return {"inside": False, "exists": False, "status": ""}
    if _session_owner(request) is not None:
        return {"inside": True, "exists": True, "status": Status.READY}
    profile = sandbox_profile_of(request.user)
    return {"inside": False, "exists": profile is not None, "status": profile.sandbox_status if profile else "",
            "error": profile.sandbox_error if profile else "", "lost": profile is not None and sandbox_lost(profile)}
