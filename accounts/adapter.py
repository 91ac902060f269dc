"""How allauth behaves in Moneta: sign-up can be closed by setting, and the login form's special cases."""
from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings

from accounts.models import Profile


class AccountAdapter(DefaultAccountAdapter):
    def is_open_for_signup(self, request) -> bool:
        return bool(settings.MONETA_SIGNUP_OPEN)

    def save_user(self, request, user, form, commit=True):
        """A person who signs up starts at the first-run flow (/welcome/) the first time they open Moneta."""
        user = super().save_user(request, user, form, commit=commit)
        if commit:
            Profile.objects.update_or_create(user=user, defaults={"needs_onboarding": True})
        return user

    def add_message(self, request, level, message_template=None, message_context=None, extra_tags="", message=None):
        """No "Successfully signed in as …" notice: the header already says who is signed in."""
        if message_template == "account/messages/logged_in.txt":
            return
        super().add_message(request, level, message_template=message_template, message_context=message_context,
                            extra_tags=extra_tags, message=message)
