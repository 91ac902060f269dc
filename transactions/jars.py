"""Jars and budgets by month, category merge/archive, payee (merchant) rename/merge.

One budget concept: a jar groups categories under one monthly budget; a category budget is a jar of one
category. A budget amount belongs to a month and carries forward until a later month changes it (JarBudget
rows, CategoryBudget rows for a category: categories.category_budget_month_set); changing this month never touches
an earlier month, so past figures and carry-over stay as they were."""
from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any, TypeVar

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import DomainError
from core.money import money_input
from core.periods import add_months
from core.types import AuthUser

from .categories import budget_month, categories_ensure_defaults, category_budget_month_set, category_for_write
from .models import CategorisationRule, Category, Jar, JarBudget, Merchant, Subscription, Transaction
from .selectors import object_owned
from .selectors.budgets import jar_merge_plan

_Merged = TypeVar("_Merged", Category, Merchant)


def _money(value: object, field: str) -> Decimal:
    amount = money_input(value, field=field)
    if amount < 0:
        raise DomainError(_("%(field)s must not be negative.") % {"field": field}, code="validation_error",
                          details={"field": field})
    return amount


def _jar_categories(user: AuthUser, names: list[str] | None) -> list[Category]:
    return [category_for_write(user=user, name=n, field="categories") for n in (names or [])]


def jar_budget_set(*, user: AuthUser, jar_id: int, amount: object, month: date | str | None = None) -> JarBudget:
    """The jar's budget from `month` (this month by default) on, until a later month's amount. Earlier months
    keep their amounts; the jar's `monthly_budget` shows the amount in force this month."""
    jar = object_owned(Jar, user=user, object_id=jar_id)
    first = budget_month(month)
    value = _money(amount, "monthly_budget")
    with transaction.atomic():
        # The months before keep what they had. A month before the jar's first amount reads that first amount,
        # so when nothing is stored before `first`, what those months showed (the earliest amount, or the jar's
        # budget for jars from before months existed) is written down for the month before `first` at the
        # latest — also for a jar created this month, whose last month the Jars page shows too.
        if not JarBudget.objects.filter(jar=jar, month__lt=first).exists():
            earliest = JarBudget.objects.filter(jar=jar).order_by("month").values_list("amount", flat=True).first()
            start = min((jar.rollover_start or jar.created_at.date()).replace(day=1), add_months(first, -1))
            JarBudget.objects.get_or_create(jar=jar, month=start, defaults={
                "amount": earliest if earliest is not None else jar.monthly_budget})
        row, _created = JarBudget.objects.update_or_create(jar=jar, month=first, defaults={"amount": value})
        this_month = timezone.localdate().replace(day=1)
        current = (JarBudget.objects.filter(jar=jar, month__lte=this_month).order_by("-month")
                   .values_list("amount", flat=True).first())
        if current is not None and current != jar.monthly_budget:
            Jar.objects.filter(id=jar.id).update(monthly_budget=current)
    return row


def jar_create(*, user: AuthUser, name: str, monthly_budget: object, categories: list[str] | None = None,
               rollover: bool = False, rollover_start: date | None = None) -> Jar:
    categories_ensure_defaults(user=user)
    clean = " ".join((name or "").split())
    if not clean:
        raise DomainError(_("Jar name is empty."), code="validation_error", details={"field": "name"})
    budget = _money(monthly_budget, "monthly_budget")
    if Jar.objects.filter(user=user, name__iexact=clean).exists():
        raise DomainError(_("You already have a jar called '%(name)s'.") % {"name": clean}, code="duplicate",
                          details={"field": "name"})
    cats = _jar_categories(user, categories)
    start = (rollover_start or timezone.localdate()).replace(day=1)
    with transaction.atomic():
        jar = Jar.objects.create(user=user, name=clean[:80], monthly_budget=budget, rollover=rollover,
                                 rollover_start=start)
        jar.categories.set(cats)
        JarBudget.objects.create(jar=jar, month=start, amount=budget)
    return jar


def jar_update(*, user: AuthUser, jar_id: int, name: str | None = None, monthly_budget: object = None,
               categories: list[str] | None = None, rollover: bool | None = None,
               rollover_start: date | None = None, month: date | str | None = None,
               archived: bool | None = None) -> Jar:
    """Rename, re-group, archive a jar, or change its budget from `month` on (this month by default)."""
    jar = object_owned(Jar, user=user, object_id=jar_id)
    if name is not None:
        clean = " ".join(name.split())
        if not clean:
            raise DomainError(_("Jar name is empty."), code="validation_error", details={"field": "name"})
        if Jar.objects.filter(user=user, name__iexact=clean).exclude(id=jar.id).exists():
            raise DomainError(_("You already have a jar called '%(name)s'.") % {"name": clean}, code="duplicate",
                              details={"field": "name"})
        jar.name = clean[:80]
    if rollover is not None:
        jar.rollover = rollover
    if rollover_start is not None:
        jar.rollover_start = rollover_start.replace(day=1)
    if archived is not None:
        if not archived and jar.merged_into_id is not None:
            raise DomainError(_("archived: %(name)s was merged into %(target)s; its categories and budgets are part "
                                "of that jar now, so it cannot be restored. Create a new jar instead.")
                              % {"name": jar.name, "target": jar.merged_into.name if jar.merged_into else "?"},
                              code="validation_error", details={"field": "archived"})
        jar.archived_at = timezone.now() if archived else None
    with transaction.atomic():
        jar.save()
        if categories is not None:
            jar.categories.set(_jar_categories(user, categories))
        if monthly_budget is not None:
            jar_budget_set(user=user, jar_id=jar.id, amount=monthly_budget, month=month)
            jar.refresh_from_db()
    return jar


def jar_merge(*, user: AuthUser, source_id: int, target_id: object) -> dict[str, Any]:
    """Merge jar `source_id` (S) into `target_id` (T), atomically: S's categories move to T; for every month either
    jar had a stored budget, T's amount becomes T's + S's amount in force that month (`jar_merge_plan`, which
    also says why that keeps every month's total and carry-over); S is archived with `merged_into` = T (kept,
    not deleted, and never restored: its money is T's now). Returns the plan that was applied, with T after.

    Both jars are locked first, so two merges of the same jar (a double click) cannot both run: the second finds
    S archived and says so."""
    with transaction.atomic():
        list(Jar.objects.select_for_update().filter(user=user, id__in=[source_id, _int_or_none(target_id)])
             .order_by("id"))
        plan = jar_merge_plan(user=user, source_id=source_id, target_id=target_id)
        source = Jar.objects.get(user=user, id=plan["source"]["id"])
        target = Jar.objects.get(user=user, id=plan["target"]["id"])
        for row in plan["months"]:
            JarBudget.objects.update_or_create(jar=target, month=date.fromisoformat(f"{row['month']}-01"),
                                               defaults={"amount": Decimal(row["combined"])})
        target.categories.add(*source.categories.all())
        source.categories.clear()
        target.monthly_budget = Decimal(plan["this_month"]["combined"])
        if plan["rollover_start"]:
            target.rollover_start = date.fromisoformat(f"{plan['rollover_start']}-01")
        target.save(update_fields=["monthly_budget", "rollover_start"])
        source.archived_at = timezone.now()
        source.merged_into = target
        source.save(update_fields=["archived_at", "merged_into"])
    return {**plan, "target_jar": target, "source_jar": source}


def _int_or_none(value: object) -> int | None:
    try:
        number = int(str(value))
    except ValueError:
        return None
    return number if 0 < number < 2 ** 63 else None


def jar_delete(*, user: AuthUser, jar_id: int) -> None:
    object_owned(Jar, user=user, object_id=jar_id).delete()


def budget_suggestion_accept(*, user: AuthUser, category: str, amount: object) -> Category:
    categories_ensure_defaults(user=user)
    target = category_for_write(user=user, name=category)
    value = _money(amount, "amount")
    if value <= 0:
        raise DomainError(_("amount must be positive."), code="validation_error", details={"field": "amount"})
    category_budget_month_set(user=user, category_id=target.id, amount=value)  # from this month on
    target.refresh_from_db()
    return target


def _merge_pair(model: type[_Merged], *, user: AuthUser, source_id: int, target_id: int,
                noun: str) -> tuple[_Merged, _Merged]:
    """The user's two rows a merge joins (NotFound for another user's), refusing a row merged into itself."""
    source = object_owned(model, user=user, object_id=source_id)
    target = object_owned(model, user=user, object_id=target_id)
    if source.id == target.id:
        raise DomainError(_("Pick a different category to merge into.") if noun == "category"
                          else _("Pick a different payee to merge into."), code="validation_error",
                          details={"field": "target_id"})
    return source, target


def category_merge(*, user: AuthUser, source_id: int, target_id: int) -> Category:
    """Merge one category into another: its transactions, rules and jar memberships move to the target (the
    user's own choices stay the user's), then it is removed. Returns the target."""
    source, target = _merge_pair(Category, user=user, source_id=source_id, target_id=target_id, noun="category")
    with transaction.atomic():
        Transaction.objects.filter(user=user, category=source).update(category=target)
        CategorisationRule.objects.filter(user=user, category=source).update(category=target)
        for jar in Jar.objects.filter(user=user, categories=source):
            jar.categories.remove(source)
            jar.categories.add(target)
        if source.monthly_budget and not target.monthly_budget:
            category_budget_month_set(user=user, category_id=target.id, amount=source.monthly_budget)
            target.refresh_from_db()
        source.delete()
    return target


def category_archive(*, user: AuthUser, category_id: int, archived: bool = True) -> Category:
    """Hide a category from pickers for new choices; its transactions keep it and the figures still count it."""
    category = object_owned(Category, user=user, object_id=category_id)
    category.archived_at = timezone.now() if archived else None
    category.save(update_fields=["archived_at"])
    return category


def merchant_rename(*, user: AuthUser, merchant_id: int, name: str) -> Merchant:
    """Rename a payee. Its key stays, so future rows with the same narrative land on it (under the new name);
    merchant rules follow the name."""
    merchant = object_owned(Merchant, user=user, object_id=merchant_id)
    clean = " ".join((name or "").split())[:120]
    if not clean:
        raise DomainError(_("Payee name is empty."), code="validation_error", details={"field": "name"})
    other = Merchant.objects.filter(user=user, name__iexact=clean).exclude(id=merchant.id).first()
    if other is not None:
        return merchant_merge(user=user, source_id=merchant.id, target_id=other.id)
    with transaction.atomic():
        CategorisationRule.objects.filter(user=user, match_type=CategorisationRule.MatchType.MERCHANT,
                                          pattern__iexact=merchant.name).update(pattern=clean)
        merchant.name = clean
        merchant.save(update_fields=["name"])
    return merchant


def merchant_merge(*, user: AuthUser, source_id: int, target_id: int) -> Merchant:
    """Merge payee `source` into `target`: past rows move to the target; the source's key becomes one of the
    target's merged keys, so future
    imports of its narratives land on the target; its subscriptions and merchant rules follow."""
    source, target = _merge_pair(Merchant, user=user, source_id=source_id, target_id=target_id, noun="payee")
    with transaction.atomic():
        Transaction.objects.filter(user=user, merchant=source).update(merchant=target)
        Subscription.objects.filter(user=user, merchant=source).exclude(
            cadence__in=Subscription.objects.filter(user=user, merchant=target).values("cadence")).update(
            merchant=target)
        Subscription.objects.filter(user=user, merchant=source).delete()
        CategorisationRule.objects.filter(user=user, match_type=CategorisationRule.MatchType.MERCHANT,
                                          pattern__iexact=source.name).exclude(
            pattern__iexact=target.name).delete()
        # Future rows: the import looks a narrative's merchant key up among keys and merged keys
        # (importing.merchants_ensure), so the source's narratives land on the target from now on.
        merged = sorted({*target.merged_keys, *source.merged_keys, source.key} - {target.key})
        aliases = list(dict.fromkeys([*target.aliases, *source.aliases]))[:50]
        source.delete()
        Merchant.objects.filter(id=target.id).update(merged_keys=merged, aliases=aliases)
    target.refresh_from_db()
    return target
