"""The UI language: the one a signed-in person chose in settings; otherwise what the browser asks for
(Django's LocaleMiddleware, placed before this one, reads Accept-Language and the language cookie).

A request signed with an API token has no user yet when middleware runs (DRF authenticates in the view), so
`accounts.auth.ExpiringTokenAuthentication` applies the same choice once it knows the user."""
from __future__ import annotations

from django.utils import translation

from accounts.models import Profile


def profile_language_apply(request, user) -> None:
    """Activate the language `user` chose in settings for the rest of this request (nothing when they chose
    "as my browser asks")."""
    chosen = Profile.objects.filter(user=user).values_list("language", flat=True).first()
    if chosen:
        translation.activate(chosen)
        request.LANGUAGE_CODE = chosen


class ProfileLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            profile_language_apply(request, user)
        return self.get_response(request)
