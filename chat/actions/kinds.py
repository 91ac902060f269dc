"""The kinds of change the assistant may propose. Each kind knows three things:

- `prepare(user, raw)` → (params, preview): the proposal validated against the user's data *without writing*
  (a name already taken, a category they do not have, nothing matching → DomainError in words);
- `apply(user, params)` → result: the change, through the transactions services, returning what it did;
- `undo(user, params, result)` → what undo did: the change put back from `result`.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db.models import Count, Sum
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from chat import words
from chat.actions.jar_change import jar_budget_apply, jar_budget_prepare, jar_budget_undo
from core.errors import DomainError, NotFound
from core.money import money
from core.types import AuthUser
from knowledge.services import document_delete, note_save
from transactions.bulk_edits import category_budget_set, transactions_category_restore, transactions_category_set_many
from transactions.categories import category_create, category_delete
from transactions.models import Category, Jar, Transaction
from transactions.parsing import date_plausible_check
from transactions.query import filtered
from transactions.selectors import category_find, category_name_clean, user_currency
from transactions.services import (
    jar_create,
    jar_delete,
    transaction_create,
    transaction_delete,
    transactions_delete,
    transactions_undo_delete,
)

SAMPLE_ROWS = 5
MAX_MATCHING = 5000  # a category change over more rows than this is a rule, not a chat action


def _amount(value: Any, field: str) -> Decimal:
    try:
        amount = Decimal(str(value).replace(",", "").replace("$", "").strip()).quantize(Decimal("0.01"))
    except (InvalidOperation, TypeError, ValueError):
        raise DomainError(f"{field}: {value!r} is not an amount of money.", code="validation_error",
                          details={"field": field})
    if not amount.is_finite():
        raise DomainError(f"{field}: {value!r} is not an amount of money.", code="validation_error")
    return amount


def _day(value: Any) -> date:
    if not value:
        return timezone.localdate()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value).strip())
    except ValueError:
        raise DomainError(f"date: {value!r} is not a date (use YYYY-MM-DD).", code="validation_error",
                          details={"field": "date"})


def _fmt_day(d: date) -> str:
    return f"{d.day} {d:%b %Y}"


def _category(user: AuthUser, name: str | None, field: str = "category") -> str:
    if not (name or "").strip():
        raise DomainError(f"{field}: say which category.", code="validation_error", details={"field": field})
    try:
        return category_find(user=user, name=str(name)).name
    except NotFound as exc:
        details = exc.details if isinstance(exc.details, dict) else {}
        names = details.get("categories") or []
        raise DomainError(f"{field}: you have no category called {name!r}"
                          + (f" (yours: {', '.join(names[:12])})." if names else "."),
                          code="validation_error", details={"field": field})


def _currency(user: AuthUser) -> str:
    return user_currency(user=user)


def _row(t: dict[str, Any]) -> dict[str, Any]:
    return {"id": t["id"], "date": t["date"].isoformat(), "description": t["description"],
            "merchant": t.get("merchant__name") or "", "amount": str(t["amount"]), "currency": t["currency"],
            "category": t.get("category__name") or ""}


ROW_FIELDS = ("id", "date", "description", "merchant__name", "amount", "currency", "category__name")


# ---- jar -------------------------------------------------------------------------------------------
def jar_prepare(user: AuthUser, raw: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    name = " ".join(str(raw.get("name") or "").split())[:80]
    if not name:
        raise DomainError(_("name: say what the jar is for (e.g. 'a Holiday jar')."), code="validation_error",
                          details={"field": "name"})
    budget = _amount(raw.get("monthly_budget") if raw.get("monthly_budget") is not None else 0, "monthly_budget")
    if budget < 0:
        raise DomainError("monthly_budget must not be negative.", code="validation_error")
    if Jar.objects.filter(user=user, name__iexact=name).exists():
        raise DomainError(f"You already have a jar called {name!r}.", code="duplicate", details={"field": "name"})
    categories = [_category(user, c, "categories") for c in raw.get("categories") or []]
    currency = _currency(user)
    summary = f"Create the jar \u201c{name}\u201d with {money(budget, currency)} a month"
    summary += f" for {', '.join(categories)}." if categories else "."
    return ({"name": name, "monthly_budget": str(budget), "categories": categories,
             **({"basis": raw["basis"]} if isinstance(raw.get("basis"), dict) else {})},
            {"summary": summary, "currency": currency})


def jar_apply(user: AuthUser, params: dict[str, Any]) -> dict[str, Any]:
    jar = jar_create(user=user, name=params["name"], monthly_budget=params["monthly_budget"],
                     categories=params.get("categories") or None)
    return {"jar_id": jar.id, "done": f"Created the jar \u201c{jar.name}\u201d.", "url": "/jars/"}


def jar_undo(user: AuthUser, params: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    try:
        jar_delete(user=user, jar_id=result["jar_id"])
    except NotFound:
        raise DomainError(f"The jar \u201c{params['name']}\u201d was already deleted; there is nothing to undo.")
    return {"done": f"Deleted the jar \u201c{params['name']}\u201d again."}


# ---- budget ----------------------------------------------------------------------------------------
def budget_prepare(user: AuthUser, raw: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    category = _category(user, raw.get("category"))
    amount = _amount(raw.get("amount"), "amount")
    if amount <= 0:
        raise DomainError(_("amount: a budget must be more than zero."), code="validation_error")
    currency = _currency(user)
    current = Category.objects.filter(user=user, name=category).values_list("monthly_budget", flat=True).first()
    now = f"now {money(current, currency)}" if current is not None else "no budget now"
    return ({"category": category, "amount": str(amount),
             **({"basis": raw["basis"]} if isinstance(raw.get("basis"), dict) else {})},
            {"summary": f"Set the monthly budget of {category} to {money(amount, currency)} ({now}).",
             "currency": currency, "current": str(current) if current is not None else None})


def budget_apply(user: AuthUser, params: dict[str, Any]) -> dict[str, Any]:
    out = category_budget_set(user=user, category=params["category"], amount=Decimal(params["amount"]))
    return {**out, "done": f"The monthly budget of {out['category']} is now {money(params['amount'], _currency(user))}.",
            "url": "/jars/"}


def budget_undo(user: AuthUser, params: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    previous = result.get("previous")
    category_budget_set(user=user, category=result.get("category") or params["category"],
                        amount=Decimal(previous) if previous is not None else None)
    return {"done": f"The budget of {params['category']} is back to "
                    f"{money(previous, _currency(user)) if previous is not None else 'none'}."}


# ---- category of matching transactions --------------------------------------------------------------
def category_prepare(user: AuthUser, raw: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """`raw`: category plus what to match — merchants, text (words in the narrative), start/end, or explicit
    transaction_ids. Rows already in the category are left out of the count. A category the user does not have
    ("file all Uber rides as Work Travel") is created on confirmation, and removed again by undo."""
    try:
        category, create = _category(user, raw.get("category")), False
    except DomainError:
        if raw.get("create_category") is False or not str(raw.get("category") or "").strip():
            raise
        category, create = category_name_clean(str(raw["category"]), field="category"), True
    match = {k: raw.get(k) for k in ("merchants", "text", "start", "end") if raw.get(k)}
    if raw.get("transaction_ids"):
        qs = Transaction.objects.filter(user=user, id__in=[int(i) for i in raw["transaction_ids"]])
    elif match.get("merchants") or match.get("text"):
        qs = filtered(user=user, merchants=match.get("merchants") or (), text=match.get("text") or (),
                      start=_day(match["start"]) if match.get("start") else None,
                      end=_day(match["end"]) if match.get("end") else None)
    else:
        raise DomainError("Say which transactions to re-file: a merchant, words in the description, or a period "
                          "with one of those.", code="validation_error", details={"field": "merchants"})
    what = ", ".join([*(match.get("merchants") or []), *(f"\u201c{t}\u201d" for t in match.get("text") or [])]) \
        or str(raw.get("what") or "") or "the chosen transactions"  # "all of those": what the last answer was about
    already = qs.filter(category__name=category).aggregate(n=Count("id"), total=Sum("amount"))
    qs = qs.exclude(category__name=category).order_by("-date", "-id")
    ids = list(qs.values_list("id", flat=True)[:MAX_MATCHING + 1])
    if not ids and already["n"]:
        # "file all my Uber rides under Transport" when they are: how many are there already, and that's all
        filed = {"count": already["n"], "total": str(abs(already["total"] or Decimal(0))), "category": category,
                 "currency": _currency(user), "what": what, **({"start": match["start"]} if match.get("start") else {}),
                 **({"end": match["end"]} if match.get("end") else {})}
        raise DomainError(f"All {already['n']} transaction{'s' if already['n'] != 1 else ''} matching {what} "
                          f"({money(filed['total'], filed['currency'])}) are already in {category}; nothing needs "
                          "changing.", code="nothing_to_do", details={"already": filed})
    if not ids:
        raise DomainError(f"No transactions match {what}; nothing would change.", code="nothing_to_do")
    if len(ids) > MAX_MATCHING:
        raise DomainError(f"More than {MAX_MATCHING} transactions match {what}; make a categorisation rule "
                          "(Transactions → Rules) for a change that big.", code="too_many")
    sample = [_row(t) for t in qs.values(*ROW_FIELDS)[:SAMPLE_ROWS]]
    moved = abs(Transaction.objects.filter(id__in=ids).aggregate(total=Sum("amount"))["total"] or Decimal(0))
    period = ""
    if match.get("start") or match.get("end"):
        period = f" from {_fmt_day(_day(match['start']))}" if match.get("start") else ""
        period += f" to {_fmt_day(_day(match['end']))}" if match.get("end") else ""
    count = len(ids)
    summary = (f"File {count} transaction{'s' if count != 1 else ''} ({money(moved, _currency(user))}) matching "
               f"{what}{period} under {category}"
               + (" (a new category, created when you confirm)." if create else "."))
    return ({"category": category, "transaction_ids": ids, "match": match, "create_category": create},
            {"summary": summary, "count": count, "sample": sample, "what": what, "total": str(moved),
             "currency": _currency(user)})


def category_apply(user: AuthUser, params: dict[str, Any]) -> dict[str, Any]:
    created = None
    if params.get("create_category") and not Category.objects.filter(user=user,
                                                                      name__iexact=params["category"]).exists():
        created = category_create(user=user, name=params["category"]).id
    out = transactions_category_set_many(user=user, transaction_ids=params["transaction_ids"],
                                         category=params["category"])
    return {**out, "created_category_id": created,
            "done": (f"Created the category {out['category']} and filed " if created else "Filed ")
            + f"{out['changed']} transaction{'s' if out['changed'] != 1 else ''} under {out['category']}.",
            "url": "/transactions/"}


def category_undo(user: AuthUser, params: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    out = transactions_category_restore(user=user, previous=result.get("previous") or [],
                                        expected_category_id=int(result["category_id"]))
    note = f" ({out['skipped']} you changed since were left as they are)" if out["skipped"] else ""
    created = result.get("created_category_id")
    if created and not Transaction.objects.filter(user=user, category_id=created).exists():
        try:  # the category this action made, empty again: gone too
            category_delete(user=user, category_id=int(created))
            note += f"; removed the category {params['category']} it had created"
        except NotFound:
            pass
    return {**out, "done": f"Put {out['restored']} transaction{'s' if out['restored'] != 1 else ''} back in their "
                           f"previous categories{note}."}


# ---- add a transaction -----------------------------------------------------------------------------
def add_prepare(user: AuthUser, raw: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    description = " ".join(str(raw.get("description") or "").split())[:200]
    if not description:
        raise DomainError(_("description: say what the transaction was (e.g. 'cash lunch')."),
                          code="validation_error", details={"field": "description"})
    amount = _amount(raw.get("amount"), "amount")
    if amount == 0:
        raise DomainError(_("amount: say how much it was."), code="validation_error", details={"field": "amount"})
    direction = raw.get("direction") or "out"
    if direction not in ("out", "in"):
        raise DomainError("direction must be 'out' (money spent) or 'in' (money received).")
    signed = -abs(amount) if direction == "out" else abs(amount)
    day = _day(raw.get("date"))

    try:
        date_plausible_check(day)
    except ValueError as exc:
        raise DomainError(f"date {exc}.", code="validation_error", details={"field": "date"})
    category = _category(user, raw["category"]) if raw.get("category") else None
    currency = _currency(user)
    summary = (f"Add {money(signed, currency)} \u201c{description}\u201d on {_fmt_day(day)}"
               + (f" in {category}." if category else "."))
    return ({"description": description, "amount": str(signed), "date": day.isoformat(), "category": category,
             "currency": currency}, {"summary": summary, "currency": currency})


def add_apply(user: AuthUser, params: dict[str, Any]) -> dict[str, Any]:
    tx = transaction_create(user=user, date=date.fromisoformat(params["date"]), description=params["description"],
                            amount=params["amount"], currency=params.get("currency"),
                            category=params.get("category"))
    return {"transaction_id": tx.id, "done": f"Added \u201c{tx.description}\u201d ({money(tx.amount, tx.currency)}).",
            "url": "/transactions/"}


def add_undo(user: AuthUser, params: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    try:
        transaction_delete(user=user, transaction_id=result["transaction_id"])
    except NotFound:
        raise DomainError("That transaction was already deleted; there is nothing to undo.")
    return {"done": f"Removed \u201c{params['description']}\u201d again."}


# ---- delete a transaction --------------------------------------------------------------------------
def delete_prepare(user: AuthUser, raw: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    if raw.get("transaction_ids"):
        return _delete_many_prepare(user, raw)
    try:
        tx_id = int(raw.get("transaction_id"))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise DomainError("transaction_id: say which transaction to delete.", code="validation_error")
    row = Transaction.objects.filter(user=user, id=tx_id).values(*ROW_FIELDS).first()
    if row is None:
        raise NotFound(f"Transaction {tx_id} not found.")
    shown = _row(row)
    summary = (f"Delete {money(row['amount'], row['currency'])} \u201c{row['description']}\u201d on "
               f"{_fmt_day(row['date'])}" + (f" ({raw['reason']})." if raw.get("reason") else "."))
    return ({"transaction_id": tx_id, "shown": shown, **({"duplicate_of": raw["duplicate_of"]}
                                                          if raw.get("duplicate_of") else {})},
            {"summary": summary, "count": 1, "sample": [shown]})


def _delete_many_prepare(user: AuthUser, raw: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Every transaction a request matched ("delete all my Chipotle from August"): their count, total and a sample."""
    try:
        ids = sorted({int(i) for i in raw["transaction_ids"]})
    except (TypeError, ValueError):
        raise DomainError("transaction_ids: say which transactions to delete.", code="validation_error")
    qs = Transaction.objects.filter(user=user, id__in=ids)
    if qs.count() != len(ids):
        raise NotFound("Some of those transactions were not found.")
    ordered = qs.order_by("-date", "-id")
    sample = [_row(t) for t in ordered.values(*ROW_FIELDS)[:SAMPLE_ROWS]]
    total = abs(qs.aggregate(total=Sum("amount"))["total"] or Decimal(0))
    currency = sample[0]["currency"] if sample else _currency(user)
    what = str(raw.get("what") or "") or "the chosen transactions"
    match = {k: str(raw[k]) for k in ("start", "end") if raw.get(k)}
    period = (f" from {_fmt_day(_day(match['start']))} to {_fmt_day(_day(match['end']))}"
              if len(match) == 2 else "")
    count = len(ids)
    summary = (f"Delete {count} transaction{'s' if count != 1 else ''} ({money(total, currency)}) matching "
               f"{what}{period}.")
    return ({"transaction_ids": ids, "what": what, "match": match},
            {"summary": summary, "count": count, "sample": sample, "total": str(total), "currency": currency,
             "what": what})


def delete_apply(user: AuthUser, params: dict[str, Any]) -> dict[str, Any]:
    if params.get("transaction_ids"):
        try:
            out = transactions_delete(user=user, ids=params["transaction_ids"])  # kept in "recently deleted"
        except NotFound:
            raise DomainError("Some of those transactions are gone already; ask again for a fresh proposal.")
        return {"group": out["group"], "count": out["count"],
                "done": f"Deleted {out['count']} transaction{'s' if out['count'] != 1 else ''}.",
                "url": "/transactions/"}
    row = (params.get("shown") or {})
    out = transaction_delete(user=user, transaction_id=params["transaction_id"])  # kept in "recently deleted"
    return {"group": out["group"], "count": out["count"],
            "done": f"Deleted \u201c{row.get('description') or 'the transaction'}\u201d.", "url": "/transactions/"}


def delete_undo(user: AuthUser, params: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    back = transactions_undo_delete(user=user, group=result["group"])
    if params.get("transaction_ids"):
        return {"restored": back, "done": f"Put {back} transaction{'s' if back != 1 else ''} back."}
    return {"restored": back, "done": f"Put \u201c{(params.get('shown') or {}).get('description') or 'it'}\u201d back."}


# ---- save a note -------------------------------------------------------------------------------------
def note_prepare(user: AuthUser, raw: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    text = " ".join(str(raw.get("text") or "").split())[:4000]
    if not text:
        raise DomainError("text: say what the note should say.", code="validation_error", details={"field": "text"})
    title = " ".join(str(raw.get("title") or "").split())[:60] or text[:60]
    return {"title": title, "text": text}, {"summary": f"Save the note \u201c{title}\u201d to your private documents."}


def note_apply(user: AuthUser, params: dict[str, Any]) -> dict[str, Any]:
    doc = note_save(user=user, title=params["title"], text=params["text"])
    return {"document_id": doc.pk, "done": f"Saved the note \u201c{doc.title}\u201d.", "url": "/documents/"}


def note_undo(user: AuthUser, params: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    try:
        document_delete(user=user, document_id=result["document_id"])
    except NotFound:
        raise DomainError("That note was already deleted; there is nothing to undo.")
    return {"done": f"Deleted the note \u201c{params['title']}\u201d again."}


# the words of a described set that are no name ("Uber · money out · October 2026"), in a Vietnamese summary
VI_SET_WORDS = {"money out": "tiền chi ra", "money in": "tiền vào", "all transactions": "mọi giao dịch",
                "the chosen transactions": "các giao dịch đã chọn"}


def _what(what: str) -> str:
    """What a set of transactions is (the last answer's description), in the active language: names as they are,
    categories with their gloss, "money out" and month names in Vietnamese."""
    if not words.is_vi():
        return what if what != "the chosen transactions" else _("the chosen transactions")
    return " · ".join(VI_SET_WORDS.get(part, words.text(words.category(part))) for part in what.split(" · "))


def action_summary(kind: str, params: dict[str, Any], preview: dict[str, Any]) -> str:
    """What an action does, in the active language (the card's page, the answer's language): written from its
    params at reading time, so one proposal reads in English and in Vietnamese. The English summary stored at
    proposal time is the fallback for a kind (or an older row) without the fields."""
    currency = preview.get("currency") or params.get("currency")
    try:
        if kind == "jar_create":
            text = _("Create the jar “%(name)s” with %(amount)s a month") % {
                "name": params["name"], "amount": money(params["monthly_budget"], currency)}
            cats = ", ".join(words.categories(params.get("categories")))
            return text + (_(" for %(categories)s.") % {"categories": cats} if cats else ".")
        if kind == "budget_set" and "current" in preview:
            values = {"category": words.category(params["category"]), "amount": money(params["amount"], currency)}
            if preview.get("current") is None:
                return _("Set the monthly budget of %(category)s to %(amount)s (no budget now).") % values
            return _("Set the monthly budget of %(category)s to %(amount)s (now %(current)s).") % {
                **values, "current": money(preview["current"], currency)}
        if kind == "category_set" and "what" in preview:
            match = params.get("match") or {}
            period = (_(" from %(day)s") % {"day": words.day(match["start"])}) if match.get("start") else ""
            period += (_(" to %(day)s") % {"day": words.day(match["end"])}) if match.get("end") else ""
            what = _what(preview["what"])
            values = {"count": preview["count"], "what": what, "period": period,
                      "category": words.category(params["category"])}
            total = (" " + _("Together: %(total)s.") % {"total": money(preview["total"], currency)}
                     if preview.get("total") is not None else "")
            if params.get("create_category"):
                return ngettext("Create the category “%(category)s” and file %(count)s transaction matching "
                                "%(what)s%(period)s under it.",
                                "Create the category “%(category)s” and file %(count)s transactions matching "
                                "%(what)s%(period)s under it.", preview["count"]) % values + total
            return ngettext("File %(count)s transaction matching %(what)s%(period)s under %(category)s.",
                            "File %(count)s transactions matching %(what)s%(period)s under %(category)s.",
                            preview["count"]) % values + total
        if kind == "transaction_add":
            text = _("Add %(amount)s “%(description)s” on %(day)s") % {
                "amount": money(params["amount"], currency), "description": params["description"],
                "day": words.day(params["date"])}
            return text + (_(" in %(category)s.") % {"category": words.category(params["category"])}
                           if params.get("category") else ".")
        if kind == "transaction_delete" and params.get("transaction_ids") and "total" in preview:
            match = params.get("match") or {}
            period = (_(" from %(start)s to %(end)s") % {"start": words.day(match["start"]),
                                                          "end": words.day(match["end"])}) \
                if match.get("start") and match.get("end") else ""
            what = _what(preview["what"])
            return ngettext("Delete %(count)s transaction (%(total)s) matching %(what)s%(period)s.",
                            "Delete %(count)s transactions (%(total)s) matching %(what)s%(period)s.",
                            preview["count"]) % {"count": preview["count"], "what": what, "period": period,
                                                 "total": money(preview["total"], currency)}
        if kind == "transaction_delete" and params.get("shown"):
            row = params["shown"]
            text = _("Delete %(amount)s “%(description)s” on %(day)s") % {
                "amount": money(row["amount"], row.get("currency")), "description": row["description"],
                "day": words.day(row["date"])}
            if params.get("duplicate_of"):
                return text + _(" (a second copy of the same charge on %(day)s).") % {
                    "day": words.day(params["duplicate_of"])}
            return text + "."
        if kind == "jar_budget_set" and "current" in preview:
            jar, now, amount = params["jar"], money(preview["current"], currency), money(params["amount"], currency)
            lower = params.get("against") == "lower"
            if words.is_vi():  # a Vietnamese proposal is Vietnamese to the end, the warning too
                text = f"Đổi hũ “{jar}” từ {now} thành {amount} mỗi tháng (từ tháng này)."
                if params.get("against"):
                    text += (f" Lưu ý: {amount} {'thấp hơn' if lower else 'cao hơn'} mức {now} hiện tại, nên việc này "
                             f"sẽ {'giảm' if lower else 'tăng'} hũ.")
                return text
            text = f"Change the jar “{jar}” from {now} to {amount} a month (from this month on)."
            if params.get("against"):
                text += (f" Note: {amount} is {'less' if lower else 'more'} than the {now} it has now, so this "
                         f"{'lowers' if lower else 'raises'} it.")
            return text
        if kind == "note_save":
            return _("Save the note “%(title)s” to your private documents.") % {"title": params["title"]}
    except (KeyError, TypeError, ValueError):
        pass
    return str(preview.get("summary") or "")


@dataclass(frozen=True)
class Kind:
    prepare: Callable[[AuthUser, dict[str, Any]], tuple[dict[str, Any], dict[str, Any]]]
    apply: Callable[[AuthUser, dict[str, Any]], dict[str, Any]]
    undo: Callable[[AuthUser, dict[str, Any], dict[str, Any]], dict[str, Any]]


KINDS: dict[str, Kind] = {
    "jar_create": Kind(jar_prepare, jar_apply, jar_undo),
    "budget_set": Kind(budget_prepare, budget_apply, budget_undo),
    "jar_budget_set": Kind(jar_budget_prepare, jar_budget_apply, jar_budget_undo),
    "category_set": Kind(category_prepare, category_apply, category_undo),
    "transaction_add": Kind(add_prepare, add_apply, add_undo),
    "transaction_delete": Kind(delete_prepare, delete_apply, delete_undo),
    "note_save": Kind(note_prepare, note_apply, note_undo),
}
