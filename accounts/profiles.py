"""A person's profile and preferences: name, currency, language, notifications (the settings page)."""
from __future__ import annotations

import re

from django.conf import settings
from django.db import IntegrityError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import Profile
from core.errors import DomainError
from core.types import AuthUser

CURRENCIES = ("USD", "VND", "EUR", "GBP", "AUD", "CAD", "NZD", "JPY", "SGD")
LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)
NAME_FIELDS = {"first_name": gettext_lazy("first name"), "last_name": gettext_lazy("last name")}


def profile_get(*, user: AuthUser) -> Profile:
    """The user's profile, made with the defaults on first use."""
    try:
        return Profile.objects.get_or_create(user=user)[0]
    except IntegrityError:  # made by a concurrent request
        return Profile.objects.get(user=user)


def profile_read(*, user: AuthUser) -> Profile:
    """The user's profile for reading: the stored one, or the defaults unsaved (a GET never writes)."""
    return Profile.objects.filter(user=user).first() or Profile(user=user)


def _currency_clean(value: str) -> str:
    code = (value or "").strip().upper()
    if not re.fullmatch(r"[A-Z]{3}", code):
        raise DomainError(_("currency must be a three-letter code such as USD or VND."), code="validation_error",
                          details={"field": "currency"})
    return code


def _language_clean(value: str) -> str:
    code = (value or "").strip().lower()
    if code and code not in LANGUAGES:
        raise DomainError(_("language must be one of %(codes)s (or empty: as the browser asks).") % {
            "codes": ", ".join(LANGUAGES)},
                          code="validation_error", details={"field": "language"})
    return code


def profile_update(*, user: AuthUser, first_name: str | None = None, last_name: str | None = None,
                   currency: str | None = None, language: str | None = None, notify_renewals: bool | None = None,
                   notify_by_email: bool | None = None) -> Profile:
    """Change what is given; anything left None stays as it is."""
    profile = profile_get(user=user)
    names = {"first_name": first_name, "last_name": last_name}
    changed_user = [field for field, value in names.items() if value is not None]
    for field in changed_user:
        value = (names[field] or "").strip()
        if len(value) > 150:
            raise DomainError(_("%(field)s is longer than 150 characters.") % {"field": NAME_FIELDS[field]},
                              code="validation_error", details={"field": field})
        setattr(user, field, value)
    if changed_user:
        user.save(update_fields=changed_user)
    if currency is not None:
        profile.currency = _currency_clean(currency)
    if language is not None:
        profile.language = _language_clean(language)
    if notify_renewals is not None:
        profile.notify_renewals = notify_renewals
    if notify_by_email is not None:
        profile.notify_by_email = notify_by_email
    profile.save()
    return profile
