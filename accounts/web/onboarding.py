"""The first-run pages (/welcome/) and the demo sandbox switches. Thin: each post calls one service."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts import onboarding, profiles, sandbox
from accounts.models import Profile
from core.errors import DomainError


@login_required
def welcome(request):
    state = onboarding.onboarding_state(user=request.user)
    return render(request, "web/account/welcome.html", {
        "nav": "home", **state, "currencies": profiles.CURRENCIES,
        "language_choices": [("", _("As my browser asks")), ("en", "English"), ("vi", "Tiếng Việt")],
        "kinds": [("checking", _("Everyday / checking")), ("savings", _("Savings")),
                  ("credit_card", _("Credit card")), ("cash", _("Cash"))],
        "starter_jars": onboarding.STARTER_JARS, "sandbox": sandbox.sandbox_state(request)})


def _back(request, exc: DomainError):
    messages.error(request, exc.message)
    return redirect("web-welcome")


@login_required
@require_POST
def welcome_preferences(request):
    try:
        profile = profiles.profile_update(user=request.user, currency=request.POST.get("currency") or "USD",
                                          language=request.POST.get("language") or "")
    except DomainError as exc:
        return _back(request, exc)
    if profile.language:
        translation.activate(profile.language)
    messages.success(request, _("Saved. Next: your first account."))
    return redirect("/welcome/#step-account")


@login_required
@require_POST
def welcome_account(request):
    data = request.POST
    try:
        account = onboarding.onboarding_account_create(
            user=request.user, name=data.get("name", ""), kind=data.get("kind") or "checking",
            opening_balance=data.get("opening_balance"), opening_date=data.get("opening_date") or None)
    except DomainError as exc:
        return _back(request, exc)
    messages.success(request, _("Account “%(name)s” added. Next: bring in your transactions.") % {"name": account.name})
    return redirect("/welcome/#step-money")


@login_required
@require_POST
def welcome_jars(request):
    try:
        made = onboarding.starter_jars_create(user=request.user, names=request.POST.getlist("jars"),
                                              monthly_income=request.POST.get("monthly_income"))
    except DomainError as exc:
        return _back(request, exc)
    messages.success(request, _("%(count)s jar(s) added; adjust them on Jars & budgets.") % {"count": len(made)})
    return redirect("/welcome/#step-done")


@login_required
@require_POST
def welcome_done(request):
    onboarding.onboarding_finish(user=request.user)
    return redirect("home")


@login_required
@require_POST
def sandbox_enter(request):
    """"Try it with demo data": enter the sandbox when its demo money is in, else start loading it and show the
    sandbox page, which follows the loading."""
    try:
        profile = sandbox.sandbox_request(owner=request.user)
        if profile.sandbox_status != Profile.SandboxStatus.READY:
            return redirect("web-sandbox")
        sandbox.sandbox_enter(request)
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect("web-account")
    messages.success(request, _("You are in the demo sandbox: demo money only, nothing of yours."))
    return redirect("home")


@login_required
def sandbox_page(request):
    """The demo sandbox while its money loads (the page polls itself), then the button that enters it."""
    state = sandbox.sandbox_state(request)
    template = "web/account/_sandbox_status.html" if request.htmx else "web/account/sandbox.html"
    return render(request, template, {"nav": "account", "sandbox": state,
                                      "loading": state["status"] in ("pending", "loading") and not state.get("lost")})


@login_required
@require_POST
def sandbox_leave(request):
    try:
        sandbox.sandbox_leave(request)
    except DomainError as exc:
        messages.error(request, exc.message)
    return redirect("home")


@login_required
@require_POST
def sandbox_delete(request):
    try:
        sandbox.sandbox_delete(request)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("The demo sandbox and its demo money are deleted."))
    return redirect("web-account")
