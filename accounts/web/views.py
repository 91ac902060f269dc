"""The settings page (/account/): profile, currency and language, notifications, sign-in and security links,
API tokens, the demo sandbox, export and delete — and the form posts each section makes."""
from datetime import timedelta

from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts import profiles, sandbox, selectors, services, tokens
from accounts.api.views import export_response
from core.errors import DomainError

NEW_TOKEN = "moneta_new_token"  # the key of a token just made: shown once, on the next page view


@login_required
def account_page(request):
    return render(request, "web/account/page.html", _page_context(request))


def _page_context(request) -> dict:
    new_token = request.session.pop(NEW_TOKEN, None)
    return {
        "nav": "account",
        "profile": profiles.profile_read(user=request.user),
        "currencies": profiles.CURRENCIES,
        "language_choices": [("", _("As my browser asks")), ("en", "English"), ("vi", "Tiếng Việt")],
        "emails": EmailAddress.objects.filter(user=request.user).order_by("-primary", "email"),
        "two_factor": Authenticator.objects.filter(user=request.user, type=Authenticator.Type.TOTP).exists(),
        "tokens": tokens.api_token_list(user=request.user),
        "token_lifetimes": tokens.LIFETIMES_DAYS,
        "new_token": new_token,
        "sandbox": sandbox.sandbox_state(request),
        "notifications": selectors.notification_list(user=request.user)}


@login_required
@require_POST
def profile_save(request):
    data = request.POST
    try:
        profile = profiles.profile_update(
            user=request.user, first_name=data.get("first_name"), last_name=data.get("last_name"),
            currency=data.get("currency"), language=data.get("language"),
            notify_renewals=data.get("notify_renewals") == "on", notify_by_email=data.get("notify_by_email") == "on")
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect("web-account")
    if profile.language:
        translation.activate(profile.language)
    messages.success(request, _("Settings saved."))
    return redirect("web-account")


@login_required
@require_POST
def token_create(request):
    try:
        days = int(request.POST.get("days") or 90)
    except ValueError:
        days = 0
    try:
        token, key = tokens.api_token_create(user=request.user, name=request.POST.get("name", ""), days=days)
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect("web-account")
    request.session[NEW_TOKEN] = {"name": token.name, "key": key}
    return redirect("/account/#tokens-heading")


@login_required
@require_POST
def token_revoke(request, token_id: int):
    try:
        tokens.api_token_revoke(user=request.user, token_id=token_id)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Token revoked: it no longer works."))
    return redirect("web-account")


@login_required
@require_http_methods(["GET"])
def account_export(request):
    return export_response(request.user)


@login_required
@require_POST
def api_token_rotate(request):
    """Issue a new API token (the old one stops working) and show it once, with when it expires."""
    token = services.api_token_rotate(user=request.user)
    return render(request, "web/account/page.html", {
        **_page_context(request), "rotated_token": token.key,
        "token_expires": token.created + timedelta(seconds=settings.MONETA_TOKEN_TTL_SECONDS)})


@login_required
@require_POST
def account_delete(request):
    if request.POST.get("confirm") != request.user.get_username():
        messages.error(request, _("Type your username exactly to delete your account."))
        return redirect("web-account")
    user = request.user
    logout(request)
    services.account_delete(user=user)
    messages.success(request, _("Your account and everything it held have been deleted."))
    return redirect("account_login")
