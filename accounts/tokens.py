"""Named API tokens: a person makes one on the settings page (a name and a lifetime), sees the key once, and can
revoke it. Only the key's SHA-256 is stored. `accounts.auth.ExpiringTokenAuthentication` accepts these and the
session token from `POST /api/v1/auth/token/`; both stop working when they expire."""
from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import ApiToken
from core.errors import DomainError, NotFound
from core.types import AuthUser

LIFETIMES_DAYS = (7, 30, 90, 365)
KEY_PREFIX = "mnt_"  # tells a named token from a sign-in token (40 hex characters) at a glance
MAX_TOKENS = 20


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def api_token_create(*, user: AuthUser, name: str, days: int = 90) -> tuple[ApiToken, str]:
    """A new token and its key (shown to the person once, never stored)."""
    clean = " ".join((name or "").split())
    if not clean:
        raise DomainError(_("Give the token a name, e.g. the script or app that will use it."), code="validation_error",
                          details={"field": "name"})
    if len(clean) > 80:
        raise DomainError(_("name is longer than 80 characters."), code="validation_error", details={"field": "name"})
    if days not in LIFETIMES_DAYS:
        raise DomainError(_("lifetime must be one of %(days)s days.") % {"days": ", ".join(map(str, LIFETIMES_DAYS))},
                          code="validation_error", details={"field": "days"})
    if ApiToken.objects.filter(user=user).count() >= MAX_TOKENS:
        raise DomainError(_("You have %(count)s tokens; revoke one you no longer use first.") % {"count": MAX_TOKENS},
                          code="limit")
    key = KEY_PREFIX + secrets.token_urlsafe(30)
    try:
        with transaction.atomic():
            token = ApiToken.objects.create(user=user, name=clean, key_hash=_hash(key), prefix=key[:8],
                                            expires_at=timezone.now() + timedelta(days=days))
    except IntegrityError:
        raise DomainError(_("You already have a token called “%(name)s”.") % {"name": clean}, code="duplicate",
                          details={"field": "name"})
    return token, key


def api_token_revoke(*, user: AuthUser, token_id: int) -> None:
    deleted, _by_model = ApiToken.objects.filter(user=user, pk=token_id).delete()
    if not deleted:
        raise NotFound(_("No such token."))


def api_token_list(*, user: AuthUser) -> list[dict]:
    now = timezone.now()
    return [{**row, "expired": row["expires_at"] <= now}
            for row in ApiToken.objects.filter(user=user).values("id", "name", "prefix", "created_at", "expires_at",
                                                                 "last_used_at")]


def api_token_authenticate(key: str) -> tuple[object, ApiToken] | None:
    """(user, token) for a live named token; None when the key is not one; raises ValueError when expired."""
    if not key.startswith(KEY_PREFIX):
        return None
    token = ApiToken.objects.select_related("user").filter(key_hash=_hash(key)).first()
    if token is None:
        return None
    now = timezone.now()
    if token.expires_at <= now:
        raise ValueError("expired")
    if token.last_used_at is None or now - token.last_used_at > timedelta(minutes=5):
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token.user, token
