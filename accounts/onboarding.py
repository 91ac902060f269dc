"""First run for an empty account: currency and language → the first account with its opening balance →
import a statement or start by hand → starter jars. Each step's "done" is read from the person's data, so
the checklist stays true when they do a step elsewhere (an import from the Transactions page counts)."""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from accounts.models import Profile
from accounts.profiles import profile_get, profile_read
from core.errors import DomainError
from core.types import AuthUser
from transactions.models import Account, Jar, Transaction
from transactions.services import account_create, jar_create

# (name, share of monthly income in %, categories): a starting point the person edits on Jars & budgets.
# Names are stored as written here (the default category names are English too); the page shows them translated.
STARTER_JARS: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    (gettext_noop("Essentials"), 50, (gettext_noop("Groceries"), gettext_noop("Rent"), gettext_noop("Utilities"), gettext_noop("Transport"), gettext_noop("Health"))),
    (gettext_noop("Fun"), 20, (gettext_noop("Dining"), gettext_noop("Entertainment"), gettext_noop("Shopping"), gettext_noop("Travel"))),
    (gettext_noop("Subscriptions"), 5, (gettext_noop("Subscriptions"),)),
)
ZERO_DECIMAL_CURRENCIES = {"VND", "JPY", "KRW", "IDR"}


def onboarding_state(*, user: AuthUser) -> dict:
    """Which steps are done, from the person's own rows."""

    profile = profile_read(user=user)
    accounts = list(Account.objects.filter(user=user).order_by("id").values("id", "name", "currency"))
    steps = {
        "preferences": profile.onboarded_at is not None or bool(accounts),
        "account": bool(accounts),
        "money": Transaction.objects.filter(user=user).exists(),
        "jars": Jar.objects.filter(user=user).exists(),
    }
    return {"profile": profile, "accounts": accounts, "steps": steps, "finished": profile.onboarded_at is not None}


def onboarding_needed(*, user: AuthUser) -> bool:
    """Someone who signed up and has neither finished (or skipped) the first-run flow nor any money in yet."""

    return (Profile.objects.filter(user=user, needs_onboarding=True, onboarded_at__isnull=True).exists()
            and not Transaction.objects.filter(user=user).exists())


# The amounts a person types in the first-run form, by the name their error messages give them.
AMOUNT_FIELDS = {"opening_balance": gettext_lazy("opening balance"), "monthly_income": gettext_lazy("monthly income")}


def _amount(value: object, field: str) -> Decimal:
    text = str(value if value is not None else "").strip().replace(",", "").replace(" ", "") or "0"
    try:
        amount = Decimal(text)
    except InvalidOperation:
        raise DomainError(_("%(field)s must be a number, like 1250.00 (got “%(value)s”).") % {
            "field": AMOUNT_FIELDS.get(field, field), "value": str(value)[:30]}, code="validation_error",
            details={"field": field})
    if not amount.is_finite() or abs(amount) >= Decimal("1e12"):
        raise DomainError(_("%(field)s is out of range.") % {"field": AMOUNT_FIELDS.get(field, field)},
                          code="validation_error", details={"field": field})
    return amount


def onboarding_account_create(*, user: AuthUser, name: str, kind: str = "checking", opening_balance: object = 0,
                              opening_date=None):
    """The person's first (or next) account, in their currency, with its opening balance (the ledger's service)."""
    profile = profile_get(user=user)
    opening = _amount(opening_balance, "opening_balance")

    return account_create(user=user, name=name, kind=kind or "checking", currency=profile.currency,
                          opening_balance=opening,
                          opening_date=opening_date or None)


def starter_jars_create(*, user: AuthUser, names: list[str], monthly_income: object = None) -> list:
    """The chosen starter jars, each budgeted at its share of the monthly income (0 when no income is given)."""

    known = {name: (share, cats) for name, share, cats in STARTER_JARS}
    unknown = [n for n in names if n not in known]
    if unknown:
        raise DomainError(_("Unknown starter jar: “%(name)s”.") % {"name": unknown[0]}, code="validation_error",
                          details={"field": "jars"})
    income = _amount(monthly_income, "monthly_income") if str(monthly_income or "").strip() else Decimal(0)
    if income < 0:
        raise DomainError(_("monthly income must not be negative."), code="validation_error",
                          details={"field": "monthly_income"})
    places = Decimal(1) if profile_get(user=user).currency in ZERO_DECIMAL_CURRENCIES else Decimal("0.01")
    made = []
    for name in names:
        if Jar.objects.filter(user=user, name__iexact=name).exists():
            continue
        share, cats = known[name]
        budget = (income * share / 100).quantize(places, rounding=ROUND_HALF_UP)
        made.append(jar_create(user=user, name=name, monthly_budget=budget, categories=list(cats)))
    return made


def onboarding_finish(*, user: AuthUser) -> None:
    profile = profile_get(user=user)
    if profile.onboarded_at is None:
        profile.onboarded_at = timezone.now()
        profile.needs_onboarding = False
        profile.save(update_fields=["onboarded_at", "needs_onboarding"])
