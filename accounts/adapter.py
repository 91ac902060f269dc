"""How allauth behaves in Moneta: sign-up can be closed by setting, and the login form's special cases."""
from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings


class AccountAdapter(DefaultAccountAdapter):
    def is_open_for_signup(self, request) -> bool:
        return bool(settings.MONETA_SIGNUP_OPEN)
