"""Sign-in protection: lockout after repeated failures, and API tokens that expire.

- `MONETA_LOGIN_FAILURE_LIMIT` failures for one username (or `MONETA_LOGIN_IP_FAILURE_LIMIT` from one address)
  within `MONETA_LOGIN_LOCKOUT_SECONDS` lock further attempts for that username/address until the window has
  passed — a correct password included, so guessing cannot continue. The web login and the token endpoint
  answer 429 with Retry-After; the admin login refuses like a wrong password.
- API tokens live `MONETA_TOKEN_TTL_SECONDS`; an expired token is refused and replaced by a new one at the
  next successful `POST /api/v1/auth/token/`.
"""
from __future__ import annotations

import ipaddress
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.exceptions import PermissionDenied
from django.dispatch import receiver
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from accounts.models import LoginFailure


def client_ip(request) -> str | None:
    """The client's address. Behind a reverse proxy set MONETA_CLIENT_IP_HEADER (e.g. HTTP_X_FORWARDED_FOR):
    the right-most entry is the one the (single, trusted) proxy appended, which a client cannot forge.
    Without it every user behind the proxy would share one address and one per-address failure count."""
    if request is None:
        return None
    raw = ""
    header = settings.MONETA_CLIENT_IP_HEADER
    if header:
        raw = (request.META.get(header) or "").split(",")[-1].strip()
    raw = raw or (request.META.get("REMOTE_ADDR") or "").strip()
    try:
        return str(ipaddress.ip_address(raw))
    except ValueError:
        return None


def login_retry_after(*, username: str, ip: str | None) -> int:
    """Seconds until this username/address may try again (0: not locked)."""
    window = timedelta(seconds=settings.MONETA_LOGIN_LOCKOUT_SECONDS)
    since = timezone.now() - window
    checks = [(LoginFailure.objects.filter(username__iexact=(username or "")[:150], created_at__gte=since),
               settings.MONETA_LOGIN_FAILURE_LIMIT)]
    if ip:
        checks.append((LoginFailure.objects.filter(ip=ip, created_at__gte=since), settings.MONETA_LOGIN_IP_FAILURE_LIMIT))
    wait = 0
    for failures, limit in checks:
        times = list(failures.order_by("-created_at").values_list("created_at", flat=True)[:limit])
        if len(times) >= limit:
            # Locked until the oldest of the last `limit` failures leaves the window.
            wait = max(wait, int((times[-1] + window - timezone.now()).total_seconds()) + 1)
    return max(wait, 0)


def login_failure_record(*, username: str, ip: str | None) -> None:
    LoginFailure.objects.create(username=(username or "")[:150], ip=ip)
    horizon = timezone.now() - timedelta(seconds=settings.MONETA_LOGIN_LOCKOUT_SECONDS) * 4
    LoginFailure.objects.filter(created_at__lt=horizon).delete()


def login_failures_clear(*, username: str) -> None:
    LoginFailure.objects.filter(username__iexact=username).delete()


@receiver(user_login_failed)
def _on_login_failed(sender, credentials, request=None, **kwargs):
    login_failure_record(username=credentials.get("username") or "", ip=client_ip(request))


@receiver(user_logged_in)
def _on_logged_in(sender, request, user, **kwargs):
    login_failures_clear(username=user.get_username())


class LockoutModelBackend(ModelBackend):
    """ModelBackend that refuses every attempt (right password or not) while the username/address is locked."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(self._username_field())
        if username is not None and login_retry_after(username=username, ip=client_ip(request)):
            raise PermissionDenied("Too many failed sign-in attempts")
        return super().authenticate(request, username=username, password=password, **kwargs)

    @staticmethod
    def _username_field() -> str:
        return get_user_model().USERNAME_FIELD


def token_expired(token) -> bool:
    return token.created < timezone.now() - timedelta(seconds=settings.MONETA_TOKEN_TTL_SECONDS)


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF token auth whose tokens stop working `MONETA_TOKEN_TTL_SECONDS` after they were issued."""

    def authenticate_credentials(self, key):
        user, token = super().authenticate_credentials(key)
        if token_expired(token):
            raise exceptions.AuthenticationFailed("Token expired; request a new one at /api/v1/auth/token/.")
        return user, token
