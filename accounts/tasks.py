"""Periodic account jobs (Celery beat)."""
from __future__ import annotations

from celery import shared_task


@shared_task(name="accounts.subscription_reminders", ignore_result=True)
def subscription_reminders_task() -> int:
    from accounts.services import subscription_reminders_send

    return subscription_reminders_send()
