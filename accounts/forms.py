"""Sign-in form: allauth's, with one rule about email verification.

Email verification is mandatory for an address a person gave at sign-up: until it is confirmed they cannot sign
in. Accounts staff made in the admin, the demo users and accounts that existed before sign-up was added have no
address on record that anyone was asked to confirm; they sign in as before (they can add and verify one in
settings)."""
from __future__ import annotations

from allauth.account import app_settings as allauth_settings
from allauth.account.forms import LoginForm
from allauth.account.models import EmailAddress
from django.utils.translation import gettext_lazy as _


class MonetaLoginForm(LoginForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["login"]
        field.label = _("Username or email")
        field.widget.attrs.update({"id": "id_username", "autocomplete": "username", "autofocus": True,
                                   "placeholder": ""})
        self.fields["password"].widget.attrs.update({"placeholder": ""})

    def login(self, request, redirect_url=None):
        user = getattr(self, "user", None)
        login = getattr(self, "_login", None)
        if user is not None and login is not None and not EmailAddress.objects.filter(user=user).exists():
            login.email_verification = allauth_settings.EmailVerificationMethod.NONE
        return super().login(request, redirect_url=redirect_url)
