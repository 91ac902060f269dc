"""Category writes: a user's default categories, resolving or creating a category, create/update/delete."""
from __future__ import annotations

import difflib
import re
from datetime import date
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import DomainError
from core.money import money_input
from core.periods import add_months
from core.types import AuthUser

from .models import (
    Category,
    CategoryBudget,
    CategorySource,
    Transaction,
)
from .selectors import category_find, category_name_clean, object_owned

DEFAULT_CATEGORIES: tuple[tuple[str, str], ...] = (
    ("Dining", "expense"), ("Groceries", "expense"), ("Shopping", "expense"), ("Transport", "expense"),
    ("Utilities", "expense"), ("Rent", "expense"), ("Entertainment", "expense"), ("Subscriptions", "expense"),
    ("Health", "expense"), ("Travel", "expense"), ("Fees", "expense"), ("Salary", "income"),
    ("Other Income", "income"), ("Transfers", "transfer"),
)


_INCOME_WORDS = re.compile(r"salary|income|payroll|wage|interest|dividend|refund|thu nh", re.I)


_TRANSFER_WORDS = re.compile(r"transfer|savings|chuyển", re.I)


def categories_ensure_defaults(*, user: AuthUser) -> None:
    """Give a user Moneta's default categories once (idempotent; the user may rename or delete them)."""
    if Category.objects.filter(user=user).exists():
        return
    Category.objects.bulk_create(
        [Category(user=user, name=name, kind=kind, is_default=True) for name, kind in DEFAULT_CATEGORIES],
        ignore_conflicts=True,
    )


def category_resolve(*, user: AuthUser, name: str, create: bool = False, kind: str | None = None) -> Category:
    """The user's category called `name` (case-insensitive); with `create`, made when missing (its kind guessed
    from the name unless given); without it, the closest spelling or NotFound (see selectors.category_find)."""
    if not create:
        return category_find(user=user, name=name)
    clean = category_name_clean(name)
    found = Category.objects.filter(user=user, name__iexact=clean).first()
    if found:
        return found
    guessed = kind or ("income" if _INCOME_WORDS.search(clean) else
                       "transfer" if _TRANSFER_WORDS.search(clean) else "expense")
    try:
        with transaction.atomic():
            return Category.objects.create(user=user, name=clean[:80], kind=guessed)
    except IntegrityError:
        return Category.objects.get(user=user, name__iexact=clean)


def category_for_write(*, user: AuthUser, name: str, field: str = "category") -> Category:
    """The user's category with exactly this name (any case). A write never guesses: a near-miss name is a 400
    that suggests the close match, instead of silently filing money under a different category."""
    clean = category_name_clean(name, field=field)
    found = Category.objects.filter(user=user, name__iexact=clean).first()
    if found:
        return found
    names = sorted(Category.objects.filter(user=user).values_list("name", flat=True))
    close = difflib.get_close_matches(clean.lower(), [n.lower() for n in names], n=1, cutoff=0.6)
    hint = ""
    if close:
        hint = " Did you mean " + repr(next(n for n in names if n.lower() == close[0])) + "?"
    raise DomainError(f"You have no category called {clean!r}.{hint} Create it first, or use one of yours.",
                      code="unknown_category", details={"field": field, "categories": names})


def category_create(*, user: AuthUser, name: str, kind: str = "expense",
                    monthly_budget: Decimal | None = None) -> Category:
    categories_ensure_defaults(user=user)
    clean = category_name_clean(name, field="name")
    if Category.objects.filter(user=user, name__iexact=clean).exists():
        raise DomainError(_("You already have a category called '%(name)s'.") % {"name": clean},
                          code="duplicate", details={"field": "name"})
    return Category.objects.create(user=user, name=clean[:80], kind=kind, monthly_budget=monthly_budget)


def category_update(*, user: AuthUser, category_id: int, **fields: Any) -> Category:
    category = object_owned(Category, user=user, object_id=category_id)
    if "name" in fields and fields["name"] is not None:
        clean = " ".join(fields["name"].split())
        if Category.objects.filter(user=user, name__iexact=clean).exclude(id=category.id).exists():
            raise DomainError(_("You already have a category called '%(name)s'.") % {"name": clean},
                              code="duplicate", details={"field": "name"})
        category.name = clean[:80]
    if "kind" in fields:
        category.kind = fields["kind"]
    with transaction.atomic():
        category.save()
        if "monthly_budget" in fields:  # from this month on; earlier months keep theirs
            category_budget_month_set(user=user, category_id=category.id, amount=fields["monthly_budget"])
            category.refresh_from_db()
    return category


def budget_month(value: date | str | None) -> date:
    """The first day of the month a budget change starts: this month by default, else a date or "YYYY-MM"."""
    if value in (None, ""):
        return timezone.localdate().replace(day=1)
    try:
        if isinstance(value, str):
            text = value.strip()
            value = date.fromisoformat(text + "-01" if len(text) == 7 else text)
    except ValueError:
        raise DomainError(f"month {value!r} is not a month (use YYYY-MM).", code="validation_error",
                          details={"field": "month"})
    return value.replace(day=1)  # type: ignore[union-attr]


def category_budget_month_set(*, user: AuthUser, category_id: int, amount: object,
                              month: date | str | None = None) -> CategoryBudget:
    """The category's budget from `month` (this month by default) on, until a later month's amount; None or ""
    removes the budget from that month on. Earlier months keep their amounts (the same rule as a jar's budget: a
    category budget is a jar of one category); the category's `monthly_budget` shows the amount in force this
    month."""
    category = object_owned(Category, user=user, object_id=category_id)
    first = budget_month(month)
    value = None if amount in (None, "") else money_input(amount, field="amount")
    if value is not None and value < 0:
        raise DomainError(_("amount must not be negative."), code="validation_error", details={"field": "amount"})
    with transaction.atomic():
        Category.objects.select_for_update().filter(id=category.id).first()  # one change at a time per category
        # A month before the first stored amount reads that first amount (as a new jar's budget does), so when
        # nothing is stored before `first`, what the earlier months showed — the earliest stored amount, or the
        # budget the category had before months existed — is written down for the month before `first`. A
        # category that never had a budget writes nothing: its first budget reads back like a new jar's.
        if not CategoryBudget.objects.filter(category=category, month__lt=first).exists():
            earliest = CategoryBudget.objects.filter(category=category).order_by("month").first()
            before = earliest.amount if earliest is not None else category.monthly_budget
            if earliest is not None or before is not None:
                CategoryBudget.objects.get_or_create(category=category, month=add_months(first, -1),
                                                     defaults={"amount": before})
        row, _created = CategoryBudget.objects.update_or_create(category=category, month=first,
                                                                 defaults={"amount": value})
        this_month = timezone.localdate().replace(day=1)
        current = CategoryBudget.objects.filter(category=category, month__lte=this_month).order_by("-month").first()
        in_force = current.amount if current is not None else (
            CategoryBudget.objects.filter(category=category).order_by("month").values_list("amount", flat=True)
            .first())
        Category.objects.filter(id=category.id).update(monthly_budget=in_force)
    return row


def category_delete(*, user: AuthUser, category_id: int) -> None:
    category = object_owned(Category, user=user, object_id=category_id)
    # Automated categorisations into it become uncategorised; the user's own choices are kept visible as none.
    Transaction.objects.filter(user=user, category=category).update(
        category=None, category_source=CategorySource.NONE, category_confidence=0.0, rule=None)
    category.delete()
