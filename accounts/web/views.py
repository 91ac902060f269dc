from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from accounts import selectors, services
from accounts.api.views import export_response


@login_required
def account_page(request):
    return render(request, "web/account/page.html", {
        "nav": "account", "notifications": selectors.notification_list(user=request.user)})


@login_required
@require_http_methods(["GET"])
def account_export(request):
    return export_response(request.user)


@login_required
@require_POST
def api_token_rotate(request):
    """Issue a new API token (the old one stops working) and show it once, with when it expires."""
    from datetime import timedelta

    from django.conf import settings

    token = services.api_token_rotate(user=request.user)
    return render(request, "web/account/page.html", {
        "nav": "account", "notifications": selectors.notification_list(user=request.user), "new_token": token.key,
        "token_expires": token.created + timedelta(seconds=settings.MONETA_TOKEN_TTL_SECONDS)})


@login_required
@require_POST
def account_delete(request):
    if request.POST.get("confirm") != request.user.get_username():
        messages.error(request, "Type your username exactly to delete your account.")
        return redirect("web-account")
    user = request.user
    logout(request)
    services.account_delete(user=user)
    messages.success(request, "Your account and everything it held have been deleted.")
    return redirect("login")
