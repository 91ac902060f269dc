"""API tokens for endpoints that are not DRF views (the MCP endpoint): the token authentication configured in
`REST_FRAMEWORK["DEFAULT_AUTHENTICATION_CLASSES"]` (accounts.auth.ExpiringTokenAuthentication), so they accept
exactly the tokens the REST API accepts — named and sign-in tokens, expired ones refused — without importing the
app that implements it (core imports no app, and chat sits below accounts)."""
from __future__ import annotations

from typing import Any, cast

from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.settings import api_settings


def api_token_user(key: str) -> Any | None:
    """The user of a live API token, or None (unknown, expired, or no token authentication configured)."""
    # The setting holds classes once DRF has imported them (django-stubs types it as strings).
    for auth_class in cast("list[type[Any]]", api_settings.DEFAULT_AUTHENTICATION_CLASSES):
        if issubclass(auth_class, TokenAuthentication):
            try:
                user, _token = auth_class().authenticate_credentials(key)
            except AuthenticationFailed:
                return None
            return user
    return None
