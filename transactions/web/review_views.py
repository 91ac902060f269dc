"""The "needs review" queue pages: one-click decisions, the same answer for rows that look the same, bulk."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from core.errors import DomainError, NotFound
from core.web.format import rows_with_money
from transactions import review, selectors, services


def _with_choices(rows: list[dict]) -> list[dict]:
    for row in rows:
        row["choices"] = review.review_choices(row.get("suggestions") or [])
    return rows


@login_required
def review_page(request):
    """The "needs review" queue: rows Moneta was unsure about, each with one-click choices, and bulk actions."""
    try:
        page = int(request.GET.get("page") or 1)
    except ValueError:
        page = 1
    queue = selectors.review_queue(user=request.user, page=page)
    queue["rows"] = _with_choices(rows_with_money(queue["rows"], currency=queue.get("currency")))
    return render(request, "web/transactions/review.html", {
        "nav": "transactions", "queue": queue, "categories": selectors.category_list(user=request.user)})


@login_required
@require_POST
def review_decide(request, transaction_id: int):
    """One click: confirm the suggestion (`action=confirm`) or pick another (`category=…`). The answer offers
    the same category for the rows with the same description or merchant, saying exactly what would change."""
    category = (request.POST.get("category") or "").strip()
    error = None
    try:
        if request.POST.get("action") == "confirm" and not category:
            services.transaction_review_confirm(user=request.user, transaction_id=transaction_id)
        elif category:
            services.transaction_category_set(user=request.user, transaction_id=transaction_id, category=category)
        else:
            raise DomainError(_("Choose a category."))
    except NotFound:
        raise Http404("No such transaction.")
    except DomainError as exc:
        error = exc.message
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("web-transactions-review")
    tx = _with_choices(rows_with_money([selectors.review_item(user=request.user, transaction_id=transaction_id)]))[0]
    similar = None
    if error is None and tx.get("category"):
        similar = review.similar_rows(user=request.user, transaction_id=transaction_id, category=tx["category"])
    return render(request, "web/transactions/_review_row.html", {
        "tx": tx, "decided": error is None, "error": error, "remaining": selectors.review_count(user=request.user),
        "categories": selectors.category_list(user=request.user), "similar": similar})


@login_required
@require_POST
def review_similar_apply(request, transaction_id: int):
    """File the rows that look like this one as its category (the user's own only when they tick the box)."""
    category = (request.POST.get("category") or "").strip()
    include = request.POST.get("include_user_set") == "1"
    try:
        done = review.similar_apply(user=request.user, transaction_id=transaction_id, category=category,
                                    include_user_set=include)
    except NotFound:
        raise Http404("No such transaction.")
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect("web-transactions-review")
    text = f"Filed {done['changed']} more transaction{'s' if done['changed'] != 1 else ''} as {done['category']}."
    if done["user_set_kept"]:
        text += (f" {done['user_set_kept']} you had filed yourself stayed as "
                 f"{'it was' if done['user_set_kept'] == 1 else 'they were'}.")
    messages.success(request, text)
    return redirect("web-transactions-review")


@login_required
@require_POST
def review_bulk(request):
    """Several rows at once: confirm each one's own suggestion, or file all the ticked rows as one category."""
    ids = request.POST.getlist("ids")
    category = (request.POST.get("category") or "").strip() if request.POST.get("action") == "pick" else None
    try:
        if request.POST.get("action") == "pick" and not category:
            raise DomainError(_("Choose a category for the selected transactions."))
        done = review.review_bulk_decide(user=request.user, ids=ids, category=category)
    except NotFound as exc:
        messages.error(request, exc.message)
        return redirect("web-transactions-review")
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect("web-transactions-review")
    n = done["decided"]
    if category:
        messages.success(request, ngettext("%(n)s transaction filed as %(category)s.",
                                           "%(n)s transactions filed as %(category)s.", n) % {"n": n, "category": category})
    else:
        messages.success(request, ngettext("%(n)s transaction confirmed as suggested.",
                                           "%(n)s transactions confirmed as suggested.", n) % {"n": n})
    return redirect("web-transactions-review")
