"""Account jobs: the demo sandbox's money (by id, enqueued by accounts/sandbox.py) and periodic reminders (beat)."""
from __future__ import annotations

from celery import shared_task

from accounts.sandbox_loading import sandbox_fill
from accounts.services import subscription_reminders_send


@shared_task(name="accounts.subscription_reminders", ignore_result=True)
def subscription_reminders_task() -> int:
    return subscription_reminders_send()


@shared_task(name="accounts.sandbox_fill", ignore_result=True)
def sandbox_fill_task(sandbox_user_id: int) -> str:
    """Load the demo money of a sandbox that is waiting for it (claimed by a conditional UPDATE: a duplicate
    message does nothing)."""
    return sandbox_fill(sandbox_user_id=sandbox_user_id)
