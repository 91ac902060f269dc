"""Pages for running the ledger by hand: accounts and balances, add/edit/delete/undo/split a transaction, pair
transfers, bulk edits, recently deleted, duplicates, categories and payees, new jars, renaming, merging and archiving
jars.
Thin: services write, selectors read; a domain error becomes a message in words on the page."""
from __future__ import annotations

import re
from datetime import date

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from core.errors import DomainError, NotFound
from core.periods import add_months
from core.web.charts import chart_prepare
from core.web.format import money
from transactions import selectors, services
from transactions.models import Account, Jar, Transaction


def _back(request, default: str) -> str:
    target = request.POST.get("next") or ""
    return target if target.startswith("/") and not target.startswith("//") else default


@login_required
def accounts_page(request):
    user = request.user
    if request.method == "POST":
        try:
            account = services.account_create(
                user=user, name=request.POST.get("name", ""), kind=request.POST.get("kind") or "checking",
                currency=request.POST.get("currency") or None,
                opening_balance=request.POST.get("opening_balance") or "0",
                opening_date=request.POST.get("opening_date") or None)
            messages.success(request, _("Account %(name)s created.") % {"name": account.name})
        except DomainError as exc:
            messages.error(request, exc.message)
        return redirect("web-accounts")
    worth = selectors.net_worth(user=user, months=12)
    rows = selectors.account_balances(user=user, include_archived=True)
    for r in rows:
        r["reconciliation"] = selectors.account_reconciliation(user=user, account_id=r["id"], max_rows=50)
    return render(request, "web/accounts/page.html", {
        "nav": "transactions", "accounts": rows, "worth": worth,
        "worth_display": {k: money(worth[k], worth["currency"]) for k in ("assets", "liabilities", "net_worth")},
        "worth_chart": chart_prepare(worth["chart"], currency=worth["currency"]),
        "kinds": Account.Kind.choices,
    })


@login_required
@require_POST
def account_edit(request, account_id: int):
    try:
        if request.POST.get("action") == "checkpoint":
            services.balance_checkpoint_record(user=request.user, account_id=account_id,
                                               date=request.POST.get("date", ""),
                                               balance=request.POST.get("balance", ""), source="entered by you")
            messages.success(request, _("Statement balance saved."))
        elif request.POST.get("action") in ("archive", "unarchive"):
            services.account_archive(user=request.user, account_id=account_id,
                                     archived=request.POST["action"] == "archive")
            messages.success(request, _("Account archived.") if request.POST["action"] == "archive"
                             else _("Account restored."))
        else:
            services.account_update(user=request.user, account_id=account_id, name=request.POST.get("name") or None,
                                    kind=request.POST.get("kind") or None,
                                    opening_balance=request.POST.get("opening_balance") or None,
                                    opening_date=request.POST.get("opening_date") or None)
            messages.success(request, _("Account saved."))
    except NotFound:
        raise Http404("No such account.")
    except DomainError as exc:
        messages.error(request, exc.message)
    return redirect("web-accounts")


def _form_context(user, tx: Transaction | None) -> dict:
    return {"nav": "transactions", "tx": tx, "categories": selectors.category_list(user=user, active_only=True),
            "accounts": selectors.account_balances(user=user)}


def _transaction_fields(post) -> dict:
    """The add/edit form (web/transactions/edit.html) as the services take it — one reading for both: only the
    fields the form sent; an empty category is none; the account is one of the user's by id (empty: none)."""
    fields = {k: post.get(k) for k in ("date", "description", "amount", "merchant", "notes") if k in post}
    if "category" in post:
        fields["category"] = post.get("category") or None
    if "account_id" in post:
        raw = (post.get("account_id") or "").strip()
        if raw and not raw.isdigit():
            raise DomainError(_("Account: pick one of your accounts."), code="validation_error",
                              details={"field": "account_id"})
        fields["account_id"] = int(raw) if raw else None
    return fields


@login_required
def transaction_new(request):
    user = request.user
    if request.method == "POST":
        try:
            fields = {"date": "", "description": "", "amount": "", **_transaction_fields(request.POST)}
            tx = services.transaction_create(user=user, **fields)
            messages.success(request, _("Added %(description)s.") % {"description": tx.description})
            return redirect("web-transactions")
        except DomainError as exc:
            messages.error(request, exc.message)
    return render(request, "web/transactions/edit.html", {**_form_context(user, None), "post": request.POST})


@login_required
def transaction_edit(request, transaction_id: int):
    user = request.user
    tx = Transaction.objects.filter(user=user, id=transaction_id).select_related(
        "category", "merchant", "account").first()
    if tx is None:
        raise Http404("No such transaction.")
    if request.method == "POST":
        try:
            fields = _transaction_fields(request.POST)
            if tx.split_of_id or tx.split_parts.exists():
                fields.pop("amount", None)  # a split's amounts change on the split form
            services.transaction_update(user=user, transaction_id=tx.id, **fields)
            messages.success(request, _("Saved."))
            return redirect("web-transaction-edit", transaction_id=tx.id)
        except DomainError as exc:
            messages.error(request, exc.message)
    parent = tx.split_of or tx
    parts = [parent, *parent.split_parts.select_related("category").order_by("id")] \
        if (tx.split_of_id or tx.split_parts.exists()) else []
    return render(request, "web/transactions/edit.html", {
        **_form_context(user, tx), "parts": parts, "pair": tx.transfer_pair,
        "candidates": services.transfer_candidates(user=user, transaction_id=tx.id) if not tx.transfer_pair_id
        else [], "amount_display": money(tx.amount, tx.currency)})


@login_required
@require_POST
def transaction_delete(request, transaction_id: int):
    try:
        out = services.transaction_delete(user=request.user, transaction_id=transaction_id)
    except NotFound:
        raise Http404("No such transaction.")
    request.session["undo"] = {"group": out["group"], "count": out["count"]}
    return redirect(_back(request, reverse("web-transactions")))


@login_required
@require_POST
def transactions_undo(request, group: str):
    try:
        n = services.transactions_undo_delete(user=request.user, group=group)
        messages.success(request, ngettext("Restored %(n)s transaction.", "Restored %(n)s transactions.", n) % {"n": n})
    except NotFound:
        raise Http404("Nothing to undo.")
    except DomainError as exc:
        messages.error(request, exc.message)
    return redirect(_back(request, reverse("web-transactions")))


@login_required
def deleted_page(request):
    return render(request, "web/transactions/deleted.html", {
        "nav": "transactions", "rows": [{**r, "amount_display": money(r["amount"], r["currency"])}
                                        for r in services.deleted_list(user=request.user)]})


@login_required
@require_POST
def transaction_split(request, transaction_id: int):
    if request.POST.get("action") == "unsplit":
        try:
            services.transaction_unsplit(user=request.user, transaction_id=transaction_id)
            messages.success(request, _("Split undone."))
        except NotFound:
            raise Http404("No such transaction.")
        except DomainError as exc:
            messages.error(request, exc.message)
        return redirect("web-transaction-edit", transaction_id=transaction_id)
    parts = [{"category": c, "amount": a} for c, a in zip(request.POST.getlist("part_category"),
                                                          request.POST.getlist("part_amount")) if c or a]
    try:
        services.transaction_split(user=request.user, transaction_id=transaction_id, parts=parts)
        messages.success(request, _("Split into %(n)s parts.") % {"n": len(parts)})
    except NotFound:
        raise Http404("No such transaction.")
    except DomainError as exc:
        messages.error(request, exc.message)
    return redirect("web-transaction-edit", transaction_id=transaction_id)


@login_required
@require_POST
def transaction_transfer(request, transaction_id: int):
    try:
        action = request.POST.get("action")
        if action == "unpair":
            services.transfer_unpair(user=request.user, transaction_id=transaction_id)
            messages.success(request, _("No longer a transfer: pick a category for each side."))
        elif action == "mark":
            services.transfer_mark(user=request.user, transaction_id=transaction_id)
            messages.success(request, _("Marked as a transfer (neither income nor spending)."))
        else:
            services.transfer_pair(user=request.user, transaction_id=transaction_id,
                                   other_id=int(request.POST.get("other_id") or 0))
            messages.success(request, _("Paired as a transfer between your accounts."))
    except NotFound:
        raise Http404("No such transaction.")
    except (DomainError, ValueError) as exc:
        messages.error(request, getattr(exc, "message", None) or _("Pick the other side of the transfer."))
    return redirect("web-transaction-edit", transaction_id=transaction_id)


@login_required
@require_POST
def transactions_bulk(request):
    action = request.POST.get("action", "")
    try:
        out = services.transactions_bulk(
            user=request.user, ids=request.POST.getlist("ids"), action=action,
            category=request.POST.get("category") or None,
            account_id=int(request.POST["account_id"]) if (request.POST.get("account_id") or "").isdigit() else None)
        if action == "delete":
            request.session["undo"] = {"group": out["group"], "count": out["count"]}
        else:
            messages.success(request, ngettext("Updated %(n)s transaction.", "Updated %(n)s transactions.",
                                               out["count"]) % {"n": out["count"]})
    except NotFound as exc:
        messages.error(request, exc.message)
    except DomainError as exc:
        messages.error(request, exc.message)
    query = request.POST.get("list_query") or ""
    return redirect(reverse("web-transactions") + (f"?{query}" if query else ""))


@login_required
def duplicates_page(request):
    if request.method == "POST":
        try:
            out = services.duplicate_resolve(user=request.user, keep_id=int(request.POST.get("keep_id") or 0),
                                             drop_id=int(request.POST.get("drop_id") or 0),
                                             decision=request.POST.get("decision", ""))
            messages.success(request, _("Deleted the duplicate (undo from Recently deleted).")
                             if out["decision"] == "delete" else _("Kept both; they will not be flagged again."))
        except NotFound:
            raise Http404("No such transaction.")
        except (DomainError, ValueError) as exc:
            messages.error(request, getattr(exc, "message", None) or _("Pick a pair to resolve."))
        return redirect("web-duplicates")
    rows = [{**r, "amount_display": money(r["amount"], r["currency"])}
            for r in services.duplicates_list(user=request.user)]
    return render(request, "web/transactions/duplicates.html", {"nav": "transactions", "rows": rows})


@login_required
def categories_page(request):
    user = request.user
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "create":
                c = services.category_create(user=user, name=request.POST.get("name", ""),
                                             kind=request.POST.get("kind") or "expense")
                messages.success(request, _("Category %(name)s created.") % {"name": c.name})
            elif action == "rename":
                c = services.category_update(user=user, category_id=int(request.POST.get("id") or 0),
                                             name=request.POST.get("name", ""))
                messages.success(request, _("Renamed to %(name)s.") % {"name": c.name})
            elif action == "merge":
                c = services.category_merge(user=user, source_id=int(request.POST.get("id") or 0),
                                            target_id=int(request.POST.get("target_id") or 0))
                messages.success(request, _("Merged into %(name)s; its transactions moved there.") % {"name": c.name})
            elif action in ("archive", "unarchive"):
                services.category_archive(user=user, category_id=int(request.POST.get("id") or 0),
                                          archived=action == "archive")
                messages.success(request, _("Category archived.") if action == "archive" else _("Category restored."))
            elif action == "payee_rename":
                m = services.merchant_rename(user=user, merchant_id=int(request.POST.get("id") or 0),
                                             name=request.POST.get("name", ""))
                messages.success(request, _("Payee renamed to %(name)s.") % {"name": m.name})
            elif action == "payee_merge":
                m = services.merchant_merge(user=user, source_id=int(request.POST.get("id") or 0),
                                            target_id=int(request.POST.get("target_id") or 0))
                messages.success(request, _("Merged into %(name)s; past and future transactions follow.") % {"name": m.name})
        except NotFound:
            raise Http404("No such category or payee.")
        except (DomainError, ValueError) as exc:
            messages.error(request, getattr(exc, "message", None) or _("Pick one of your categories or payees."))
        return redirect("web-categories")
    return render(request, "web/transactions/categories.html", {
        "nav": "transactions", "categories": selectors.category_rows(user=user),
        "payees": selectors.merchant_rows(user=user)})


@login_required
@require_POST
def jar_create(request):
    try:
        jar = services.jar_create(user=request.user, name=request.POST.get("name", ""),
                                  monthly_budget=request.POST.get("monthly_budget", ""),
                                  categories=request.POST.getlist("categories"),
                                  rollover=request.POST.get("rollover") == "1")
        messages.success(request, _("Jar %(name)s created.") % {"name": jar.name})
    except DomainError as exc:
        messages.error(request, exc.message)
    return redirect("web-jars")


@login_required
@require_POST
def jar_edit(request, jar_id: int):
    """Rename, archive or restore a jar. An archived jar leaves the month's jars and budget totals (its categories
    count as unbudgeted again); its budgets by month stay, so restoring it brings its figures back as they were."""
    action = request.POST.get("action", "")
    month = (request.POST.get("month") or "").strip()
    try:
        if action == "rename":
            jar = services.jar_update(user=request.user, jar_id=jar_id, name=request.POST.get("name", ""))
            messages.success(request, _("Jar renamed to %(name)s.") % {"name": jar.name})
        elif action in ("archive", "unarchive"):
            jar = services.jar_update(user=request.user, jar_id=jar_id, archived=action == "archive")
            messages.success(request, (_("Jar %(name)s archived; Restore brings it back.") if action == "archive"
                                       else _("Jar %(name)s restored.")) % {"name": jar.name})
        else:
            messages.error(request, _("Pick Rename, Archive or Restore."))
    except NotFound:
        raise Http404("No such jar.")
    except DomainError as exc:
        messages.error(request, exc.message)
    query = f"?month={month}" if re.fullmatch(r"\d{4}-\d{2}", month) else ""
    return redirect(reverse("web-jars") + query)


def _month_label(value: str) -> str:
    year, month = value.split("-")
    return formats.date_format(date(int(year), int(month), 1), "F Y")


@login_required
def jar_merge(request, jar_id: int):
    """Merge a jar into another. GET: pick the target and read what the merge will do (the plan the service
    applies: categories moved, budgets added month by month); POST: merge. Another user's jar is 404."""
    user = request.user
    if request.method == "POST":
        target_id = request.POST.get("target_id", "")
        try:
            done = services.jar_merge(user=user, source_id=jar_id, target_id=target_id)
        except NotFound:
            raise Http404("No such jar.")
        except DomainError as exc:
            messages.error(request, exc.message)
            return redirect(reverse("web-jar-merge", args=[jar_id]) + (f"?target={target_id}"
                                                                       if target_id.isdigit() else ""))
        moved, months = len(done["categories_moved"]), len(done["months"])
        messages.success(request, _("Merged %(source)s into %(target)s: %(categories)s, %(budgets)s.") % {
            "source": done["source"]["name"], "target": done["target"]["name"],
            "categories": ngettext("%(n)d category moved", "%(n)d categories moved", moved) % {"n": moved},
            "budgets": ngettext("budgets added for %(n)d month", "budgets added for %(n)d months", months)
            % {"n": months}})
        return redirect("web-jars")
    try:
        source = selectors.object_owned(Jar, user=user, object_id=jar_id)
    except NotFound:
        raise Http404("No such jar.")
    targets = [j for j in selectors.jar_list(user=user, archived=False) if j.id != source.id]
    target_id = (request.GET.get("target") or "").strip()
    plan, error = None, None
    if target_id or source.archived_at:
        try:
            plan = selectors.jar_merge_plan(user=user, source_id=source.id, target_id=target_id)
        except DomainError as exc:
            error = exc.message
    context = {"nav": "jars", "source": source, "targets": targets, "target_id": target_id, "error": error}
    if plan:
        currency = selectors.user_currency(user=user)
        context["plan"] = {
            **plan,
            "months": [{**m, "label": _month_label(m["month"]), "target_display": money(m["target"], currency),
                        "source_display": money(m["source"], currency),
                        "combined_display": money(m["combined"], currency)} for m in plan["months"]],
            "this_month": {**plan["this_month"], "label": _month_label(plan["this_month"]["month"]),
                           **{f"{k}_display": money(plan["this_month"][k], currency)
                              for k in ("target", "source", "combined")}},
            "rollover_label": _month_label(plan["rollover_start"]) if plan["rollover_start"] else "",
            "last_month_label": formats.date_format(add_months(timezone.localdate().replace(day=1), -1), "F Y"),
        }
    return render(request, "web/jars/merge.html", context)
