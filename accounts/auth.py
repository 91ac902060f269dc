"""Sign-in: the one authentication backend (username or email, throttled) and API tokens that expire.

- Every password sign-in — the web form (allauth), the admin login, the API token endpoint — reaches
  `ThrottledAuthenticationBackend` through Django's `authenticate`; while accounts/throttle.py says the
  (address, username) pair must wait, it refuses without checking the password and without counting the try.
  The web login and the token endpoint answer 429 with Retry-After; the admin login refuses like a wrong password.
- API tokens live `MONETA_TOKEN_TTL_SECONDS`; an expired one is refused everywhere `ExpiringTokenAuthentication`
  is used, and replaced by a new one at the next successful `POST /api/v1/auth/token/`.
"""
from __future__ import annotations

from datetime import timedelta

from allauth.account.auth_backends import AuthenticationBackend
from django.conf import settings
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.exceptions import PermissionDenied
from django.dispatch import receiver
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from accounts.middleware import profile_language_apply
from accounts.throttle import client_ip, login_failure_record, login_retry_after, login_success_record
from accounts.tokens import api_token_authenticate

_REFUSED = "_moneta_login_refused"  # set on a request whose try was refused by the throttle (not counted)


def _identifier(credentials: dict) -> str:
    return str(credentials.get("username") or credentials.get("email") or "")


class ThrottledAuthenticationBackend(AuthenticationBackend):
    """allauth's backend (a username or a verified email address) behind the sign-in throttle."""

    def authenticate(self, request, **credentials):
        identifier = _identifier(credentials)
        if identifier and login_retry_after(identifier=identifier, ip=client_ip(request)):
            if request is not None:
                setattr(request, _REFUSED, True)
            raise PermissionDenied("Too many failed sign-in attempts")
        return super().authenticate(request, **credentials)


@receiver(user_login_failed)
def _on_login_failed(sender, credentials, request=None, **kwargs):
    if request is not None and getattr(request, _REFUSED, False):
        return
    identifier = _identifier(credentials)
    if identifier:
        login_failure_record(identifier=identifier, ip=client_ip(request))


@receiver(user_logged_in)
def _on_logged_in(sender, request, user, **kwargs):
    login_success_record(identifier=user.get_username(), ip=client_ip(request))


def token_expired(token) -> bool:
    return token.created < timezone.now() - timedelta(seconds=settings.MONETA_TOKEN_TTL_SECONDS)


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF token auth for both kinds of token: named tokens from the settings page (accounts/tokens.py; they
    end at the lifetime chosen) and sign-in tokens, which stop working `MONETA_TOKEN_TTL_SECONDS` after issue."""

    def authenticate(self, request):
        """As DRF's, then the person's chosen language for the rest of the request (accounts/middleware.py)."""
        found = super().authenticate(request)
        if found is not None:
            profile_language_apply(getattr(request, "_request", request), found[0])
        return found

    def authenticate_credentials(self, key):
        try:
            named = api_token_authenticate(key)
        except ValueError:
            raise exceptions.AuthenticationFailed("Token expired; make a new one on the settings page.")
        if named is not None:
            if not named[0].is_active:
                raise exceptions.AuthenticationFailed("User inactive or deleted.")
            return named
        user, token = super().authenticate_credentials(key)
        if token_expired(token):
            raise exceptions.AuthenticationFailed("Token expired; request a new one at /api/v1/auth/token/.")
        return user, token
