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
"""
from __future__ import annotations

from django.contrib.auth import get_user_model, login
from django.db import transaction
from django.utils import timezone

from accounts.models import Profile
from core.errors import DomainError
from core.types import AuthUser

SESSION_OWNER = "moneta_sandbox_owner"
BACKEND = "accounts.auth.ThrottledAuthenticationBackend"


def sandbox_username(owner: AuthUser) -> str:
    return f"sandbox~{owner.pk}"


def is_sandbox(user: AuthUser) -> bool:
    return Profile.objects.filter(user=user, sandbox_owner__isnull=False).exists()


def sandbox_of(owner: AuthUser):
    return get_user_model().objects.filter(profile__sandbox_owner=owner).first()


def sandbox_ensure(*, owner: AuthUser):
    """The owner's sandbox with the demo money in it (made on first use)."""
    if is_sandbox(owner):
        raise DomainError("You are already in the demo sandbox.", code="sandbox")
    existing = sandbox_of(owner)
    if existing is not None:
        return existing
    from accounts.profiles import profile_get
    from transactions.demo import demo_money_load

    owner_profile = profile_get(user=owner)
    with transaction.atomic():
        user = get_user_model()(username=sandbox_username(owner), first_name="Demo")
        user.set_unusable_password()
        user.save()
        Profile.objects.create(user=user, sandbox_owner=owner, currency="USD", language=owner_profile.language,
                               onboarded_at=timezone.now())
        demo_money_load(user=user)
    return user


def sandbox_enter(request) -> None:
    owner = request.user
    user = sandbox_ensure(owner=owner)
    login(request, user, backend=BACKEND)
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
        raise DomainError("You are not in a demo sandbox.", code="sandbox")
    login(request, owner, backend=BACKEND)


def sandbox_delete(request) -> None:
    """Delete the requesting person's sandbox (leaving it first when they are in it)."""
    from accounts.services import account_delete

    if is_sandbox(request.user):
        sandbox_leave(request)
    sandbox = sandbox_of(request.user)
    if sandbox is None:
        raise DomainError("You have no demo sandbox.", code="sandbox")
    account_delete(user=sandbox)


def sandbox_state(request) -> dict:
    """What the settings page and banner show: in a sandbox, has one, or neither."""
    if not request.user.is_authenticated:
        return {"inside": False, "exists": False}
    inside = _session_owner(request) is not None
    return {"inside": inside, "exists": inside or sandbox_of(request.user) is not None}
