"""Account writes: create, edit, archive an account, and record the balances statements state (checkpoints).

Reads (balances, reconciliation, net worth) are in selectors/accounts.py; every balance is computed in SQL."""
from __future__ import annotations

import re
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import DomainError
from core.types import AuthUser

from .models import Account, BalanceCheckpoint, ImportBatch
from .parsing import date_plausible_check
from .selectors import object_owned, user_currency

ACCOUNT_KINDS = tuple(Account.Kind.values)


def _amount(value: object, field: str) -> Decimal:
    try:
        amount = Decimal(str(value).replace(",", "").strip()).quantize(Decimal("0.01"))
    except (InvalidOperation, TypeError, ValueError):
        raise DomainError(_("%(field)s must be a number.") % {"field": field}, code="validation_error",
                          details={"field": field})
    if not amount.is_finite() or abs(amount) >= Decimal("1e12"):
        raise DomainError(_("%(field)s must be a number below a trillion.") % {"field": field}, code="validation_error",
                          details={"field": field})
    return amount


def _day(value: date | str | None, field: str) -> date | None:
    if value in (None, ""):
        return None
    try:
        day = date.fromisoformat(value.strip()) if isinstance(value, str) else value
        date_plausible_check(day)  # type: ignore[arg-type]
    except (ValueError, TypeError, AttributeError) as exc:
        raise DomainError(f"{field}: {exc}.", code="validation_error", details={"field": field})
    return day  # type: ignore[return-value]


def _name(user: AuthUser, name: str | None, exclude_id: int | None = None) -> str:
    clean = " ".join((name or "").split())
    if not clean:
        raise DomainError(_("Account name is empty."), code="validation_error", details={"field": "name"})
    if len(clean) > 80:
        raise DomainError("An account name has at most 80 characters.", code="validation_error",
                          details={"field": "name"})
    clash = Account.objects.filter(user=user, name__iexact=clean)
    if exclude_id is not None:
        clash = clash.exclude(id=exclude_id)
    if clash.exists():
        raise DomainError(f"You already have an account called {clean!r}.", code="duplicate",
                          details={"field": "name"})
    return clean


def _kind(kind: str | None) -> str:
    value = (kind or "checking").strip().lower().replace(" ", "_")
    if value not in ACCOUNT_KINDS:
        raise DomainError(_("type must be one of %(kinds)s.") % {"kinds": ", ".join(ACCOUNT_KINDS)}, code="validation_error",
                          details={"field": "kind"})
    return value


def _currency(value: str | None, user: AuthUser) -> str:
    code = (value or user_currency(user=user)).strip().upper()
    if not re.fullmatch(r"[A-Z]{3}", code):
        raise DomainError("currency must be a three-letter code such as USD or EUR.", code="validation_error",
                          details={"field": "currency"})
    return code


def account_create(*, user: AuthUser, name: str, kind: str = "checking", currency: str | None = None,
                   opening_balance: object = 0, opening_date: date | str | None = None) -> Account:
    """A new account. Its balance is `opening_balance` plus the transactions dated from `opening_date` on
    (a credit card or loan owed 500 opens at −500)."""
    clean = _name(user, name)
    try:
        with transaction.atomic():
            return Account.objects.create(
                user=user, name=clean, kind=_kind(kind), currency=_currency(currency, user),
                opening_balance=_amount(opening_balance or 0, "opening_balance"),
                opening_date=_day(opening_date, "opening_date"))
    except IntegrityError:
        raise DomainError(f"You already have an account called {clean!r}.", code="duplicate",
                          details={"field": "name"})


def account_update(*, user: AuthUser, account_id: int, **fields: Any) -> Account:
    account = object_owned(Account, user=user, object_id=account_id)
    if fields.get("name") is not None:
        account.name = _name(user, fields["name"], exclude_id=account.id)
    if fields.get("kind") is not None:
        account.kind = _kind(fields["kind"])
    if fields.get("currency") is not None:
        account.currency = _currency(fields["currency"], user)
    if "opening_balance" in fields and fields["opening_balance"] is not None:
        account.opening_balance = _amount(fields["opening_balance"], "opening_balance")
    if "opening_date" in fields:
        account.opening_date = _day(fields["opening_date"], "opening_date")
    if fields.get("archived") is not None:
        account.archived_at = timezone.now() if fields["archived"] else None
    account.save()
    return account


def account_archive(*, user: AuthUser, account_id: int, archived: bool = True) -> Account:
    """Hide an account from lists and pickers (its transactions and balance stay, and count in net worth)."""
    return account_update(user=user, account_id=account_id, archived=archived)


def balance_checkpoint_record(*, user: AuthUser, account_id: int, date: date | str, balance: object,
                              source: str = "statement", batch_id: int | None = None) -> BalanceCheckpoint:
    """Keep a balance a statement states for the end of `date` (CSV Balance column, OFX LEDGERBAL,
    CAMT/MT940 closing balance) or one the user typed. One per account and day: a later figure for the same
    day replaces the earlier one. The importers call this; reconciliation compares against it."""
    account = object_owned(Account, user=user, object_id=account_id)
    day = _day(date, "date")
    if day is None:
        raise DomainError("date is empty.", code="validation_error", details={"field": "date"})
    value = _amount(balance, "balance")
    batch = None
    if batch_id is not None:
        batch = ImportBatch.objects.filter(user=user, id=batch_id).first()
    checkpoint, _created = BalanceCheckpoint.objects.update_or_create(
        account=account, date=day,
        defaults={"user": user, "balance": value, "source": (source or "")[:40], "batch": batch})
    return checkpoint


def balance_checkpoint_delete(*, user: AuthUser, checkpoint_id: int) -> None:
    object_owned(BalanceCheckpoint, user=user, object_id=checkpoint_id).delete()
