"""Failed sign-ins slow down guessing without letting a stranger lock a person out.

Failures are counted per (address, username) — the username an email address belongs to, so switching between
the two does not reset the count. The first `MONETA_LOGIN_FAILURE_LIMIT` failures of a pair cost nothing; after
that each failure makes the pair wait before its next try, `MONETA_LOGIN_BACKOFF_SECONDS` doubling each time up to
`MONETA_LOGIN_LOCKOUT_SECONDS`. A refused try is not counted, so hammering does not stretch the wait, and a
stranger guessing from elsewhere never touches the owner's own pair. One address spraying many usernames
(`MONETA_LOGIN_IP_FAILURE_LIMIT` failures in a day) waits the same way, except for usernames that have signed in
from that address before: people behind one office or carrier address keep their access. Failures are forgotten
a day after the last one; a successful sign-in clears its pair.

Every sign-in path runs through it: the web form (allauth), the admin login and the API token endpoint (all call
Django's `authenticate`, which reaches `ThrottledAuthenticationBackend` in accounts/auth.py).
"""
from __future__ import annotations

import ipaddress
from datetime import timedelta

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Max, Sum
from django.utils import timezone

from accounts.models import LoginThrottle

MEMORY = timedelta(days=1)  # failures older than this (since the pair's last one) are forgotten
KNOWN_FOR = timedelta(days=90)  # a sign-in from an address exempts that username from the address limit this long


def client_ip(request) -> str:
    """The client's address ("" when unknown). Behind a reverse proxy set MONETA_CLIENT_IP_HEADER (e.g.
    HTTP_X_FORWARDED_FOR): the right-most entry is the one the (single, trusted) proxy appended, which a client
    cannot forge. Without it everyone behind the proxy shares one address."""
    if request is None:
        return ""
    raw = ""
    header = settings.MONETA_CLIENT_IP_HEADER
    if header:
        raw = (request.META.get(header) or "").split(",")[-1].strip()
    raw = raw or (request.META.get("REMOTE_ADDR") or "").strip()
    try:
        return str(ipaddress.ip_address(raw))
    except ValueError:
        return ""


def login_key(identifier: str | None) -> str:
    """The username a typed login (username or email address, any case) stands for; the text itself when no
    account matches, so unknown names are throttled too."""
    value = (identifier or "").strip().lower()[:150]
    if "@" in value:
        username = (EmailAddress.objects.filter(email__iexact=value).values_list("user__username", flat=True).first()
                    or get_user_model().objects.filter(email__iexact=value).values_list("username", flat=True).first())
        if username:
            return username.lower()[:150]
    return value


def _delay(excess: int) -> int:
    """Seconds to wait after `excess` failures beyond the free ones (0 → the first wait)."""
    base, cap = settings.MONETA_LOGIN_BACKOFF_SECONDS, settings.MONETA_LOGIN_LOCKOUT_SECONDS
    return min(cap, base * 2 ** min(excess, 30))


def login_retry_after(*, identifier: str, ip: str) -> int:
    """Seconds until this address may try this username again (0: now)."""
    now = timezone.now()
    key = login_key(identifier)
    row = LoginThrottle.objects.filter(ip=ip, username=key).first()
    wait = 0.0
    if row and row.last_failure_at and row.last_failure_at > now - MEMORY:
        excess = row.failures - settings.MONETA_LOGIN_FAILURE_LIMIT
        if excess >= 0:
            wait = _delay(excess) - (now - row.last_failure_at).total_seconds()
    known = bool(row and row.succeeded_at and row.succeeded_at > now - KNOWN_FOR)
    if ip and not known:
        spray = LoginThrottle.objects.filter(ip=ip, last_failure_at__gt=now - MEMORY).aggregate(
            total=Sum("failures"), last=Max("last_failure_at"))
        excess = (spray["total"] or 0) - settings.MONETA_LOGIN_IP_FAILURE_LIMIT
        if excess >= 0:
            wait = max(wait, _delay(excess) - (now - spray["last"]).total_seconds())
    return max(0, int(wait + 0.999))


def login_failure_record(*, identifier: str, ip: str) -> None:
    now = timezone.now()
    key = login_key(identifier)
    for _ in range(2):  # a concurrent first failure of the same pair may win the insert: then update its row
        try:
            with transaction.atomic():
                row, _created = LoginThrottle.objects.select_for_update().get_or_create(ip=ip, username=key)
                if not row.last_failure_at or row.last_failure_at <= now - MEMORY:
                    row.failures = 0
                row.failures += 1
                row.last_failure_at = now
                row.save(update_fields=["failures", "last_failure_at"])
            break
        except IntegrityError:
            continue
    # Pairs with nothing left to remember.
    LoginThrottle.objects.filter(last_failure_at__lt=now - MEMORY, succeeded_at__isnull=True).delete()
    LoginThrottle.objects.filter(last_failure_at__lt=now - MEMORY, succeeded_at__lt=now - KNOWN_FOR).delete()


def login_success_record(*, identifier: str, ip: str) -> None:
    """Clear this pair's failures and remember that this username signs in from this address."""
    key = login_key(identifier)
    updated = LoginThrottle.objects.filter(ip=ip, username=key).update(failures=0, succeeded_at=timezone.now())
    if not updated:
        try:
            LoginThrottle.objects.create(ip=ip, username=key, succeeded_at=timezone.now())
        except IntegrityError:
            pass


def login_throttle_forget(*, username: str) -> None:
    """Drop every record of this username (account deletion)."""
    LoginThrottle.objects.filter(username=username.lower()).delete()
