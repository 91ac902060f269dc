"""Reads of accounts' own data: notifications and the demo sandbox."""
from __future__ import annotations

from django.contrib.auth import get_user_model

from accounts.models import Notification, Profile


def notification_list(*, user, unread_only: bool = False) -> list[dict]:
    qs = Notification.objects.filter(user=user)
    if unread_only:
        qs = qs.filter(read_at__isnull=True)
    return list(qs.values("id", "kind", "text", "created_at", "read_at")[:50])


def sandbox_of(owner):
    """The owner's demo sandbox user (accounts/sandbox.py), or None."""
    return get_user_model().objects.filter(profile__sandbox_owner=owner).first()


def is_sandbox(user) -> bool:
    return Profile.objects.filter(user=user, sandbox_owner__isnull=False).exists()


def sandbox_profile_of(owner) -> Profile | None:
    """The profile of the owner's sandbox: its loading status (`sandbox_status`, `sandbox_error`)."""
    return Profile.objects.filter(sandbox_owner=owner).select_related("user").first()
