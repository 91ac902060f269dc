"""Writes for the transactions app: transactions, review, categorisation rules, jars and budgets.

Importing statements lives in `importing`, category writes in `categories`, subscription detection in
`subscriptions`; their public names are re-exported here so callers keep one entry point for writes."""
from __future__ import annotations

import hashlib
import json
import uuid
from datetime import date
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from core import broker
from core.errors import DomainError

# One entry point for writes: the import, category and subscription services are re-exported here.
from core.money import money_input
from core.types import AuthUser

from .accounts import (  # noqa: F401
    account_archive,
    account_create,
    account_update,
    balance_checkpoint_delete,
    balance_checkpoint_record,
)
from .aliases import alias_delete, alias_learn  # noqa: F401
from .categories import (  # noqa: F401
    DEFAULT_CATEGORIES,
    categories_ensure_defaults,
    category_budget_month_set,
    category_create,
    category_delete,
    category_for_write,
    category_resolve,
    category_update,
)
from .categorize import JUNK_CONFIDENCE, embeddings_ensure
from .editing import (  # noqa: F401
    deleted_list,
    deleted_purge,
    duplicate_resolve,
    duplicates_list,
    transaction_delete,
    transaction_merchant_set,
    transaction_split,
    transaction_unsplit,
    transactions_bulk,
    transactions_delete,
    transactions_undo_delete,
)
from .import_flow import (  # noqa: F401 - the import flow's writes, re-exported
    account_resolve,
    import_confirm,
    import_preview_create,
    import_preview_update,
    import_rejects_csv,
)
from .import_rows import merchants_ensure, rows_prepare, rule_hits_record, suggestions_json  # noqa: F401
from .import_run import import_batch_run, import_previews_expire  # noqa: F401 - what the import tasks run
from .importing import transactions_import  # noqa: F401
from .jars import (  # noqa: F401
    budget_suggestion_accept,
    category_archive,
    category_merge,
    jar_budget_set,
    jar_create,
    jar_delete,
    jar_merge,
    jar_update,
    merchant_merge,
    merchant_rename,
)
from .models import (
    Account,
    CategorisationRule,
    Category,
    CategorySource,
    DescriptionEmbedding,
    Transaction,
)
from .normalize import description_key
from .parsing import ParsedRow, date_plausible_check
from .refiling import transactions_recategorise
from .saferegex import rule_regex_check
from .selectors import object_owned, others_to_refile, user_currency
from .subscriptions import CADENCES, subscription_confirm, subscription_dismiss, subscriptions_detect  # noqa: F401
from .tasks import recategorise_task
from .transfers import (  # noqa: F401
    transfer_candidates,
    transfer_category,
    transfer_mark,
    transfer_pair,
    transfer_unpair,
    transfers_detect,
)


def _money(value: object, field_name: str = "amount") -> Decimal:
    return money_input(value, field=field_name)


def _plausible_date(value: date | str) -> date:
    """A date (or ISO string) between 1900-01-01 and a year from today, else DomainError."""
    try:
        if isinstance(value, str):
            value = date.fromisoformat(value.strip())
        date_plausible_check(value)
    except (ValueError, TypeError, AttributeError) as exc:
        raise DomainError(f"date {exc}.", code="validation_error", details={"field": "date"})
    return value


def transaction_create(*, user: AuthUser, date: date, description: str, amount: object,
                       currency: str | None = None,
                       category: str | None = None, notes: str = "", account_id: int | None = None,
                       merchant: str | None = None) -> Transaction:
    """Add a transaction by hand (cash, a missing row). Typing the same coffee twice means two coffees."""
    date = _plausible_date(date)
    account = None
    if account_id:
        account = object_owned(Account, user=user, object_id=account_id)
    if not (description or "").strip():
        raise DomainError("description is empty.", code="validation_error", details={"field": "description"})
    categories_ensure_defaults(user=user)
    if category is not None and category.strip():
        category = category_for_write(user=user, name=category).name  # a manual entry never invents one
    row = ParsedRow(line=0, date=date, description=description.strip()[:500], amount=_money(amount),
                    currency=(currency or (account.currency if account else None) or user_currency(user=user)).upper(),
                    category=(category or "").strip(),
                    notes=notes or "")
    # Manual entries get a unique fingerprint: typing the same coffee twice means two coffees.
    fingerprint = hashlib.sha256(f"manual|{uuid.uuid4()}".encode()).hexdigest()
    with transaction.atomic():
        p = rows_prepare(user=user, rows=[row], fingerprints=[fingerprint])[0]
        tx = Transaction.objects.create(
            user=user, date=row.date, description=row.description, merchant_id=p.merchant_id, amount=row.amount,
            currency=row.currency, category_id=p.decision.category_id, category_source=p.decision.source,
            category_confidence=p.decision.confidence, rule_id=p.decision.rule_id, notes=row.notes,
            category_suggestions=json.loads(suggestions_json(p.decision)), account=account,
            fingerprint=fingerprint, description_key=p.description_key, edited_at=timezone.now())
        if merchant is not None and merchant.strip():
            transaction_merchant_set(user=user, transaction=tx, name=merchant)
            tx.save(update_fields=["merchant"])
        rule_hits_record([p])
    return tx


def transaction_update(*, user: AuthUser, transaction_id: int, **fields: Any) -> Transaction:
    """Edit date, amount, description, merchant, category, notes or account. The row is marked edited by the
    user; a category set here is the user's own (automation never changes it), and a re-import of the same
    statement skips the row (its fingerprint is kept), so it never overwrites the edit."""
    tx = object_owned(Transaction, user=user, object_id=transaction_id)
    if "amount" in fields and fields["amount"] is not None and (
            tx.split_of_id or Transaction.objects.filter(user=user, split_of=tx).exists()):
        raise DomainError("This transaction is split: change the amounts on the split (they must sum), or undo "
                          "the split first.", code="validation_error", details={"field": "amount"})
    if "category" in fields:
        category = fields.pop("category")
        if category:
            tx = transaction_category_set(user=user, transaction_id=tx.id, category=category)
        else:
            Transaction.objects.filter(id=tx.id).update(category=None, category_source=CategorySource.USER,
                                                        category_confidence=1.0, rule=None)
            tx.refresh_from_db()
    if "notes" in fields:
        tx.notes = fields["notes"] or ""
    if "amount" in fields and fields["amount"] is not None:
        tx.amount = _money(fields["amount"])
    if "date" in fields and fields["date"] is not None:
        tx.date = _plausible_date(fields["date"])
    if "description" in fields and fields["description"]:
        tx.description = fields["description"].strip()[:500]
        merchants = merchants_ensure(user=user, descriptions=[tx.description])
        tx.merchant_id, _key, name = merchants[tx.description]
        tx.description_key = description_key(tx.description, name)
    if fields.get("merchant") is not None:
        transaction_merchant_set(user=user, transaction=tx, name=fields["merchant"])
    if "account_id" in fields:
        tx.account = (object_owned(Account, user=user, object_id=fields["account_id"])
                      if fields["account_id"] else None)
    tx.edited_at = timezone.now()
    tx.save()
    return tx


def transaction_category_set(*, user: AuthUser, transaction_id: int, category: str, refile_others: bool = False
                             ) -> Transaction:
    """The user says what this transaction is. Moneta learns it:

    - the transaction is marked source=user (automation never touches it again);
    - a visible, editable learned rule "merchant is X → category" is created or updated, so *future*
      transactions from that merchant follow the correction;
    - past transactions are re-filed only when asked (`refile_others=True`, after the user saw how many
      `correction_preview` says would change): the merchant's other automatically categorised rows follow it
      then; the user's own choices on those stay as they are either way.
    The number of rows re-filed is on the returned object as `others_refiled`.
    """
    categories_ensure_defaults(user=user)
    refiled = 0
    with transaction.atomic():
        tx = object_owned(Transaction, user=user, object_id=transaction_id)
        # A correction never creates a category from a typo: an unknown name is refused with the close names, as
        # the API refuses it on create (a new category is made first, on purpose).
        target = category_for_write(user=user, name=category)
        tx.category = target
        tx.category_source = CategorySource.USER
        tx.category_confidence = 1.0
        tx.rule = None
        tx.save(update_fields=["category", "category_source", "category_confidence", "rule"])
        if tx.merchant_id and tx.merchant is not None:
            merchant = tx.merchant
            rule = (CategorisationRule.objects
                    .filter(user=user, match_type=CategorisationRule.MatchType.MERCHANT, pattern__iexact=merchant.name)
                    .first())
            if rule is None:
                rule = CategorisationRule.objects.create(
                    user=user, match_type=CategorisationRule.MatchType.MERCHANT, pattern=merchant.name,
                    category=target, origin=CategorisationRule.Origin.LEARNED, priority=50)
            elif rule.category_id != target.id or not rule.active:
                rule.category, rule.active = target, True
                rule.save(update_fields=["category", "active", "updated_at"])
            if refile_others:
                refiled = (others_to_refile(user=user, tx=tx, target_id=target.id)
                           .update(category=target, category_source=CategorySource.RULE, category_confidence=1.0,
                                   rule=rule))
    tx.others_refiled = refiled  # type: ignore[attr-defined]  # an extra attribute for the caller's reply
    if tx.description_key:
        transaction.on_commit(lambda: embeddings_ensure([tx.description_key]))
    return tx




# Re-filing more transactions than this after a rule change runs in the worker, not in the request.
RECATEGORISE_INLINE_MAX = 2000


def description_embeddings_release(*, keys: set[str]) -> int:
    """Delete the cached embeddings of these descriptions that no transaction uses any more (after a person's
    transactions went with their account: accounts.services.account_delete). Returns how many went."""
    if not keys:
        return 0
    still_used = set(Transaction.objects.filter(description_key__in=keys)
                     .values_list("description_key", flat=True).distinct())
    return DescriptionEmbedding.objects.filter(key__in=keys - still_used).delete()[0]


def transactions_recategorise_soon(*, user: AuthUser) -> str:
    """Re-file after a rule change: inline when small ("done"), else a task after commit ("queued")."""
    count = Transaction.objects.filter(user=user).exclude(category_source=CategorySource.USER).count()
    if count <= RECATEGORISE_INLINE_MAX or not broker.broker_reachable():
        transactions_recategorise(user=user)  # small, or no worker can be reached: do it now rather than never
        return "done"
    user_id = user.id
    transaction.on_commit(lambda: recategorise_task.delay(user_id), robust=True)
    return "queued"


def transaction_review_confirm(*, user: AuthUser, transaction_id: int) -> Transaction:
    """The user confirms Moneta's suggestion as it stands (one click in the "needs review" queue): the row
    becomes the user's own label, so it teaches the next suggestions. A row too uncertain to have been filed
    takes its top suggestion, unless that is a mere guess (under categorize.JUNK_CONFIDENCE). Re-files nothing else."""

    with transaction.atomic():
        tx = object_owned(Transaction, user=user, object_id=transaction_id)
        category_id = tx.category_id
        if category_id is None:
            top = (tx.category_suggestions or [None])[0]
            if top and float(top[1]) >= JUNK_CONFIDENCE and Category.objects.filter(user=user, id=top[0]).exists():
                category_id = top[0]
        if category_id is None:
            raise DomainError(f"Transaction {tx.id} ({tx.description[:60]}) has no suggestion good enough to "
                              "confirm; pick a category.", code="validation_error", details={"field": "category"})
        Transaction.objects.filter(user=user, id=tx.id).update(
            category_id=category_id, category_source=CategorySource.USER, category_confidence=1.0, rule=None)
        tx.refresh_from_db()
    if tx.description_key:
        transaction.on_commit(lambda: embeddings_ensure([tx.description_key]))
    return tx


RULE_PRIORITY_MIN, RULE_PRIORITY_MAX = 0, 1_000_000


def _rule_priority(value: Any) -> int:
    try:
        priority = int(value)
    except (TypeError, ValueError):
        raise DomainError("priority must be a whole number.", code="validation_error", details={"field": "priority"})
    if not RULE_PRIORITY_MIN <= priority <= RULE_PRIORITY_MAX:
        raise DomainError(f"priority must be between {RULE_PRIORITY_MIN} and {RULE_PRIORITY_MAX:,}.",
                          code="validation_error", details={"field": "priority"})
    return priority


def _rule_validate(match_type: str, pattern: str) -> str:
    pattern = (pattern or "").strip()
    if not pattern:
        raise DomainError("pattern is empty.", code="validation_error", details={"field": "pattern"})
    if match_type not in CategorisationRule.MatchType.values:
        raise DomainError(f"match_type must be one of {', '.join(CategorisationRule.MatchType.values)}.",
                          code="validation_error", details={"field": "match_type"})
    if match_type == CategorisationRule.MatchType.REGEX:
        try:
            rule_regex_check(pattern)
        except ValueError as exc:
            raise DomainError(f"pattern is {exc}", code="validation_error", details={"field": "pattern"})
    return pattern


def rule_create(*, user: AuthUser, pattern: str, category: str, match_type: str = "contains", priority: int = 100,
                active: bool = True, apply: bool = True) -> CategorisationRule:
    categories_ensure_defaults(user=user)
    pattern = _rule_validate(match_type, pattern)
    target = category_for_write(user=user, name=category)
    if CategorisationRule.objects.filter(user=user, match_type=match_type, pattern__iexact=pattern).exists():
        raise DomainError(f"You already have a rule for {pattern!r}.", code="duplicate", details={"field": "pattern"})
    rule = CategorisationRule.objects.create(user=user, pattern=pattern, match_type=match_type, category=target,
                                             priority=_rule_priority(priority), active=active)
    rule.refiling = (  # type: ignore[attr-defined]  # an extra attribute for the caller's reply
        transactions_recategorise_soon(user=user) if apply else "skipped")
    return rule


def rule_update(*, user: AuthUser, rule_id: int, apply: bool = True, **fields: Any) -> CategorisationRule:
    rule = object_owned(CategorisationRule, user=user, object_id=rule_id)
    if "category" in fields and fields["category"]:
        rule.category = category_for_write(user=user, name=fields.pop("category"))
    match_type = fields.get("match_type") or rule.match_type
    if "pattern" in fields or "match_type" in fields:
        rule.pattern = _rule_validate(match_type, fields.get("pattern") or rule.pattern)
        rule.match_type = match_type
    if fields.get("priority") is not None:
        rule.priority = _rule_priority(fields["priority"])
    if fields.get("active") is not None:
        rule.active = fields["active"]
    if rule.origin == CategorisationRule.Origin.LEARNED:
        rule.origin = CategorisationRule.Origin.USER  # the user has now written it
    try:
        with transaction.atomic():
            rule.save()
    except IntegrityError:
        raise DomainError(f"You already have a rule for {rule.pattern!r}.", code="duplicate",
                          details={"field": "pattern"})
    rule.refiling = (  # type: ignore[attr-defined]  # an extra attribute for the caller's reply
        transactions_recategorise_soon(user=user) if apply else "skipped")
    return rule


def rule_delete(*, user: AuthUser, rule_id: int) -> None:
    object_owned(CategorisationRule, user=user, object_id=rule_id).delete()
