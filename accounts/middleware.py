"""The UI language: the one a signed-in person chose in settings; otherwise what the browser asks for
(Django's LocaleMiddleware, placed before this one, reads Accept-Language and the language cookie)."""
from __future__ import annotations

from django.utils import translation

from accounts.models import Profile


class ProfileLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            chosen = Profile.objects.filter(user=user).values_list("language", flat=True).first()
            if chosen:
                translation.activate(chosen)
                request.LANGUAGE_CODE = chosen
        return self.get_response(request)
