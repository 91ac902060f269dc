"""Category writes: a user's default categories, resolving or creating a category, create/update/delete."""
from __future__ import annotations

import difflib
import re
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction

from core.errors import DomainError
from core.types import AuthUser

from .models import (
    Category,
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
        raise DomainError(f"You already have a category called {clean!r}.", code="duplicate",
                          details={"field": "name"})
    return Category.objects.create(user=user, name=clean[:80], kind=kind, monthly_budget=monthly_budget)


def category_update(*, user: AuthUser, category_id: int, **fields: Any) -> Category:
    category = object_owned(Category, user=user, object_id=category_id)
    if "name" in fields and fields["name"] is not None:
        clean = " ".join(fields["name"].split())
        if Category.objects.filter(user=user, name__iexact=clean).exclude(id=category.id).exists():
            raise DomainError(f"You already have a category called {clean!r}.", code="duplicate",
                              details={"field": "name"})
        category.name = clean[:80]
    for key in ("kind", "monthly_budget"):
        if key in fields:
            setattr(category, key, fields[key])
    category.save()
    return category


def category_delete(*, user: AuthUser, category_id: int) -> None:
    category = object_owned(Category, user=user, object_id=category_id)
    # Automated categorisations into it become uncategorised; the user's own choices are kept visible as none.
    Transaction.objects.filter(user=user, category=category).update(
        category=None, category_source=CategorySource.NONE, category_confidence=0.0, rule=None)
    category.delete()
