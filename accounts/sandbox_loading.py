"""Loading a demo sandbox's money (accounts/sandbox.py explains the sandbox): what `sandbox_fill_task` runs.

Apart from accounts/sandbox.py, which enqueues the task: the task calls this, so neither imports the other back."""
from __future__ import annotations

import logging

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from accounts.models import Profile
from transactions.demo import demo_money_load

log = logging.getLogger(__name__)
Status = Profile.SandboxStatus


def sandbox_fill(*, sandbox_user_id: int) -> str:
    """Load the demo money into a pending sandbox (what the task runs). Claims the row first (pending → loading):
    a duplicate or late message finds nothing to claim and does nothing. Returns the status it left."""
    if not Profile.objects.filter(user_id=sandbox_user_id, sandbox_owner__isnull=False,
                                  sandbox_status=Status.PENDING).update(sandbox_status=Status.LOADING,
                                                                        sandbox_status_at=timezone.now()):
        return Profile.objects.filter(user_id=sandbox_user_id).values_list("sandbox_status", flat=True).first() or ""
    user = get_user_model().objects.get(pk=sandbox_user_id)
    try:
        with transaction.atomic():
            demo_money_load(user=user)
    except Exception as exc:  # recorded for the person and the log; "Try again" starts over
        log.exception("demo sandbox %s: loading the demo money failed", sandbox_user_id)
        Profile.objects.filter(user_id=sandbox_user_id).update(sandbox_status=Status.FAILED,
                                                               sandbox_error=f"{type(exc).__name__}: {exc}"[:500],
                                                               sandbox_status_at=timezone.now())
        return Status.FAILED
    Profile.objects.filter(user_id=sandbox_user_id).update(sandbox_status=Status.READY, sandbox_status_at=timezone.now())
    return Status.READY
