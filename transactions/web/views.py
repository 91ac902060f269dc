"""Transactions, import, jars & budgets, subscriptions pages. Thin: selectors read, services write."""
from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from core.errors import DomainError, NotFound
from core.periods import add_months
from core.uploads import upload_size_check
from core.web.charts import chart_prepare
from core.web.dates import day_and_relative
from core.web.format import money, rows_with_money
from transactions import selectors, services
from transactions.search import transactions_search

PAGE_SIZE = 50
SEARCH_PAGE_SIZE = 50


def _date_param(params: QueryDict, name: str, errors: list[str]) -> date | None:
    raw = (params.get(name) or "").strip()
    if not raw:
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        errors.append(f"{name}: {raw!r} is not a date (use YYYY-MM-DD).")
        return None


def _page_param(params: QueryDict) -> int:
    try:
        return max(1, int(params.get("page") or 1))
    except ValueError:
        return 1


def _page_links(page: int, pages: int) -> list[int | None]:
    """Page numbers to link: the first, the last and two either side of this one; None marks a gap (…)."""
    wanted = sorted({1, pages, *range(max(1, page - 2), min(pages, page + 2) + 1)})
    out: list[int | None] = []
    for n in wanted:
        if out and n - (out[-1] or 0) > 1:
            out.append(None)
        out.append(n)
    return out


def _with(params: QueryDict, **changes) -> str:
    """The query string of `params` with `page` reset and the changes applied (a list value adds repeats)."""
    out = params.copy()
    out.pop("page", None)
    for name, value in changes.items():
        if isinstance(value, list):
            for item in value:
                if item not in out.getlist(name):
                    out.appendlist(name, item)
        elif value is None:
            out.pop(name, None)
        else:
            out[name] = value
    return out.urlencode()


def _search_links(params: QueryDict, result: dict) -> dict:
    """Links for the search results: remove a chip (re-run without that part), take a broader search, take a
    "did you mean" name in place of a word Moneta could not place, and page on."""
    query = (params.get("q") or "").strip()
    for chip in result.get("chips") or []:
        chip["remove_query"] = _with(params, drop=[chip["key"]])
    for item in result.get("broader") or []:
        item["query"] = _with(params, drop=[item["key"]])
    did_you_mean = []
    for word, names in (result.get("suggestions") or {}).items():
        for name in names[:3]:
            pattern = re.compile(re.escape(word), re.IGNORECASE)
            replaced = pattern.sub(name, query, count=1) if pattern.search(query) else f"{query} {name}"
            did_you_mean.append({"word": word, "name": name, "query": _with(params, q=replaced, drop=None)})
    base = params.copy()
    base.pop("page", None)
    return {"did_you_mean": did_you_mean, "page_query": base.urlencode(),
            "reset_query": _with(params, drop=None) if result.get("dropped") else ""}


def _listing(user, params: QueryDict) -> dict:
    """The transactions list for these query parameters: NL search when `q` is set, else filters + paging."""
    query = (params.get("q") or "").strip()
    errors: list[str] = []
    categories = selectors.category_list(user=user, active_only=True)
    accounts = selectors.account_balances(user=user)
    context = {"query": query, "categories": categories, "params": params, "errors": errors, "accounts": accounts}
    try:
        if query:
            result = transactions_search(user=user, query=query, limit=SEARCH_PAGE_SIZE,
                                         page=_page_param(params), drop=params.getlist("drop"))
            context["mode"] = "search"
            context.update(_search_links(params, result))
        else:
            filters = {
                "category": (params.get("category") or "").strip() or None,
                "merchant": (params.get("merchant") or "").strip() or None,
                "search": (params.get("text") or "").strip() or None,
                "start": _date_param(params, "start", errors),
                "end": _date_param(params, "end", errors),
                "uncategorised": params.get("uncategorised") == "1",
                "account": int(params["account"]) if (params.get("account") or "").isdigit() else None,
            }
            if filters["start"] and filters["end"] and filters["start"] > filters["end"]:
                raise DomainError(_("The start date (%(start)s) is after the end date (%(end)s).") % {
                    "start": filters["start"], "end": filters["end"]})
            result = selectors.transaction_list(user=user, page=_page_param(params), page_size=PAGE_SIZE, **filters)
            context["mode"] = "list"
            base = params.copy()
            base.pop("page", None)
            context["page_query"] = base.urlencode()
    except DomainError as exc:  # e.g. a merchant or category the user does not have
        errors.append(exc.message)
        result = {"rows": [], "count": 0, "total": 0, "filters_text": "", "currency": "USD"}
        context["mode"] = "search" if query else "list"
    result["rows"] = rows_with_money(result.get("rows") or [], currency=result.get("currency"))
    context["result"] = result
    context["page_links"] = _page_links(result.get("page") or 1, result.get("pages") or 1)
    context["total_display"] = money(result.get("total"), result.get("currency"))
    context["list_query"] = params.urlencode()
    return context


@login_required
def transactions_page(request):
    context = _listing(request.user, request.GET)
    if request.htmx and request.htmx.target == "tx-results":
        return render(request, "web/transactions/_results.html", context)
    undo = request.session.pop("undo", None) or {}  # set by a delete (ledger_views): a visible one-click undo
    context.update(nav="transactions", rules=_active_rules(request.user),
                   aliases=selectors.alias_list(user=request.user),  # words learned in the chat (alias_views.py)
                   review_count=selectors.review_count(user=request.user),
                   undo_group=undo.get("group"), undo_count=undo.get("count"))
    return render(request, "web/transactions/list.html", context)


def _active_rules(user) -> list:
    return [r for r in selectors.rule_list(user=user) if r.active][:50]


@login_required
@require_POST
def transaction_category_set(request, transaction_id: int):
    """Correct a category. Moneta learns a merchant rule for future rows; past rows from the merchant are
    re-filed only after the user says yes to the count it shows (`refile=1`). The list and the rules list
    are re-rendered in place."""
    category = (request.POST.get("category") or "").strip()
    refile = request.POST.get("refile") == "1"
    back = QueryDict(request.POST.get("list_query") or "")
    status, refile_offer = None, None
    try:
        if not category:
            raise DomainError(_("Choose a category."))
        tx = services.transaction_category_set(user=request.user, transaction_id=transaction_id, category=category,
                                               refile_others=refile)
        merchant = tx.merchant.name if tx.merchant_id else None
        if merchant and refile:
            status = ngettext(
                "Saved: %(category)s. Moneta learned — %(n)s earlier transaction from %(merchant)s re-filed as "
                "%(category)s, and future ones will follow.",
                "Saved: %(category)s. Moneta learned — %(n)s earlier transactions from %(merchant)s re-filed as "
                "%(category)s, and future ones will follow.", tx.others_refiled) % {
                "category": category, "n": tx.others_refiled, "merchant": merchant}
        elif merchant:
            status = _("Saved: %(category)s. Moneta learned — new transactions from %(merchant)s, including future "
                       "imports, will be categorised as %(category)s.") % {"category": category, "merchant": merchant}
            preview = selectors.correction_preview(user=request.user, transaction_id=tx.id, category=category)
            if preview["others"]:
                refile_offer = {**preview, "transaction_id": tx.id}
        else:
            status = _("Saved: %(category)s.") % {"category": category}
        level = "success"
    except NotFound:
        raise Http404("No such transaction.")
    except DomainError as exc:
        status, level = exc.message, "error"
    if not request.htmx:
        getattr(messages, level)(request, status)
        return redirect(reverse("web-transactions") + (f"?{back.urlencode()}" if back else ""))
    context = _listing(request.user, back)
    context.update(status=status, status_level=level, refile_offer=refile_offer, rules=_active_rules(request.user),
                   rules_oob=True)
    return render(request, "web/transactions/_results.html", context)


def _import_context(user, batch_id: int) -> dict:
    """One import for the page: its preview, progress or report, with the amounts ready to show."""
    try:
        status = selectors.import_status(user=user, batch_id=batch_id)
    except NotFound:
        raise Http404("No such import.")
    preview = status.get("preview")
    if preview:
        preview = {**preview, "rows": [{**r, "amount_display": money(r["amount"], r["currency"]),
                                        "date_display": _long_date(r["date"])} for r in preview["rows"]]}
    return {"imp": status, "preview": preview, "accounts": selectors.account_list(user=user),
            "date_choices": [("", "Detect automatically"), ("DMY", "Day first (31/01/2026)"),
                             ("MDY", "Month first (01/31/2026)"), ("YMD", "Year first (2026-01-31)")],
            "sign_choices": [("negative_out", "Money out is negative (−12.40)"),
                             ("positive_out", "Money out is positive (12.40), as on many card exports")]}


def _long_date(iso: str) -> str:
    d = date.fromisoformat(iso)
    return f"{d.day} {d:%b %Y}"


def _import_render(request, batch_id: int, *, error: str | None = None):
    context = _import_context(request.user, batch_id)
    context["form_error"] = error
    if request.htmx:
        return render(request, "web/transactions/_import_batch.html", context)
    context.update(nav="transactions")
    return render(request, "web/transactions/import_batch.html", context)


@login_required
def transactions_import_page(request):
    """Step 1: choose a file. Moneta reads it and shows a preview; nothing is stored until the user confirms."""
    context: dict = {"nav": "transactions"}
    if request.method == "POST":
        upload = request.FILES.get("file")
        date_format = (request.POST.get("date_format") or "").strip() or None
        if upload is None:
            context["import_error"] = {"message": "Choose a CSV, OFX or QFX file to import."}
        else:
            try:
                upload_size_check(file_name=upload.name, size=upload.size)  # the service's rule, before reading
                batch = services.import_preview_create(user=request.user, file_name=upload.name,
                                                       content=upload.read(), date_format=date_format)
            except DomainError as exc:
                details = exc.details if isinstance(exc.details, dict) else {}
                context["import_error"] = {
                    "message": exc.message, "file": details.get("file") or upload.name,
                    "errors": details.get("errors") or [], "error_count": details.get("error_count"),
                    "truncated": details.get("errors_truncated"), "choices": details.get("choices") or [],
                    "example": details.get("example"),
                }
            else:
                if not request.htmx:
                    return redirect("web-transactions-import-batch", batch_id=batch.id)
                response = _import_render(request, batch.id)
                response["HX-Push-Url"] = reverse("web-transactions-import-batch", args=[batch.id])
                return response
        if request.htmx:
            return render(request, "web/transactions/_import_result.html", context)
    context["batches"] = selectors.import_history(user=request.user)[:20]
    return render(request, "web/transactions/import.html", context)


@login_required
def import_batch_page(request, batch_id: int):
    """An import: its preview (step 2), its progress while it runs (polled), then its report."""
    return _import_render(request, batch_id)


@login_required
@require_POST
def import_preview_update(request, batch_id: int):
    """The user corrected how the dates or the signs are read: the preview is read again that way."""
    return _import_step(request, batch_id, lambda: services.import_preview_update(
        user=request.user, batch_id=batch_id, date_format=(request.POST.get("date_format") or "").strip() or None,
        sign_convention=(request.POST.get("sign_convention") or "").strip() or None))


def _import_step(request, batch_id: int, step: Callable[[], object]) -> HttpResponse:
    """A step of an import posted from its page: done, then the page again (redirected unless htmx asked), with the
    step's domain error said on it; another user's or a missing import is a 404."""
    error = None
    try:
        step()
    except NotFound:
        raise Http404("No such import.")
    except DomainError as exc:
        error = exc.message
    if not request.htmx and error is None:
        return redirect("web-transactions-import-batch", batch_id=batch_id)
    return _import_render(request, batch_id, error=error)


@login_required
@require_POST
def import_confirm(request, batch_id: int):
    """Step 3: import into the chosen account. Small files are done when this answers; large ones run on the
    worker and the page shows their progress."""
    choice = (request.POST.get("account") or "").strip()
    account_name = (request.POST.get("account_name") or "").strip()

    def confirm() -> None:
        account_id = int(choice) if choice.isdigit() else None
        if account_id is None and not account_name:
            raise DomainError(_("Choose an account, or name a new one."))
        services.import_confirm(user=request.user, batch_id=batch_id, account_id=account_id,
                                account_name=None if account_id else account_name,
                                date_format=(request.POST.get("date_format") or "").strip() or None
                                if "date_format" in request.POST else None,
                                sign_convention=(request.POST.get("sign_convention") or "").strip() or None,
                                skip_bad_rows=request.POST.get("skip_bad_rows") == "1",
                                accept_balance_mismatch=request.POST.get("accept_balance_mismatch") == "1")

    return _import_step(request, batch_id, confirm)


@login_required
def import_errors_csv(request, batch_id: int):
    """The rows that could not be read, as CSV: line, field, problem, then the row's own cells to fix them."""
    try:
        name, text = services.import_rejects_csv(user=request.user, batch_id=batch_id)
    except NotFound:
        raise Http404("No such import.")
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


# --- jars & budgets ------------------------------------------------------------------------------------------

def _jar_rows(status: dict) -> list[dict]:
    rows = []
    for jar in status.get("rows") or []:
        jar = dict(jar)
        for field in ("budget", "spent", "remaining", "available", "carryover"):
            jar[f"{field}_display"] = money(jar.get(field), status.get("currency"))
        jar["bar_pct"] = max(0.0, min(100.0, float(jar.get("pct") or 0)))
        rows.append(jar)
    return rows


def _merge_targets(user) -> list[dict]:
    """The active jars a jar card's "Merge into…" offers (the card leaves itself out)."""
    return [{"id": j.id, "name": j.name} for j in selectors.jar_list(user=user, archived=False)]


def _month_param(raw: str | None, errors: list[str]) -> date:
    """`?month=YYYY-MM` → its first day; empty or unreadable → this month (unreadable also names the problem)."""
    today = timezone.localdate()
    raw = (raw or "").strip()
    if raw:
        try:
            month = date.fromisoformat(f"{raw}-01")
        except ValueError:
            errors.append(f"month: {raw!r} is not a month (use YYYY-MM, e.g. {today:%Y-%m}); showing this month.")
        else:
            if 1900 <= month.year <= today.year + 1:
                return month
            errors.append(f"month: {raw} is outside the years Moneta covers (1900 to {today.year + 1}); "
                          f"showing this month.")
    return today.replace(day=1)


def _budget_summary(user, month: date) -> dict:
    """The figures above the jars (income vs budgeted, spent of budgeted) and the chart: the region a budget
    save re-renders in place."""
    status = selectors.jar_status(user=user, month=month)
    overview = selectors.budget_overview(user=user, month=month)
    currency = status.get("currency")
    today = timezone.localdate()
    this_month = today.replace(day=1)
    return {
        "status": status, "overview": overview, "month": month, "month_value": f"{month:%Y-%m}",
        "month_label": formats.date_format(month, "F Y"), "is_current_month": month == this_month,
        "previous_month": f"{add_months(month, -1):%Y-%m}", "previous_label": formats.date_format(add_months(month, -1), "F Y"),
        "next_month": f"{add_months(month, 1):%Y-%m}" if month < this_month else None,
        "next_label": formats.date_format(add_months(month, 1), "F Y"),
        "this_month_value": f"{this_month:%Y-%m}",
        "total_budget_display": money(status.get("total_budget"), currency),
        "total_spent_display": money(status.get("total_spent"), currency),
        "income_display": money(overview["income"], overview["currency"]),
        "budgeted_display": money(overview["budgeted"], overview["currency"]),
        "previous_income_display": money(overview["previous_month_income"], overview["currency"]),
        "unbudgeted_display": money(abs(overview["unbudgeted"]), overview["currency"]),
        "chart": chart_prepare(status.get("chart"), currency=currency),
    }


@login_required
def jars_page(request):
    errors: list[str] = []
    month = _month_param(request.GET.get("month"), errors)
    summary = _budget_summary(request.user, month)
    status = summary["status"]
    suggestions = selectors.budget_suggestions(user=request.user)
    currency = status.get("currency")
    budgets = [{**b, "budget_display": money(b["budget"], currency), "spent_display": money(b["spent"], currency),
                "bar_pct": max(0.0, min(100.0, float(b.get("pct") or 0)))} for b in status.get("category_budgets") or []]
    context = {
        "nav": "jars", **summary, "errors": errors, "jars": _jar_rows(status), "category_budgets": budgets,
        "suggestions": [{**s, "suggested_display": money(s["suggested_budget"], suggestions.get("currency")),
                         "median_display": money(s["median"], suggestions.get("currency")),
                         "current_display": money(s["current_budget"], suggestions.get("currency"))
                         if s.get("current_budget") is not None else None}
                        for s in suggestions.get("rows") or []],
        "suggestions_title": suggestions.get("title"), "categories": selectors.category_list(user=request.user),
        "archived_jars": selectors.jar_list(user=request.user, archived=True),
        "merge_targets": _merge_targets(request.user),
        "budget_choices": [c for c in selectors.category_rows(user=request.user)
                           if c.kind == "expense" and c.archived_at is None],
    }
    return render(request, "web/jars/page.html", context)


@login_required
@require_POST
def jar_budget_update(request, jar_id: int):
    """Edit a jar: its monthly budget, and (when the form sends them) the categories that feed it and rollover.
    With htmx the jar card is re-rendered, and the totals and chart above it are swapped in too (out of band),
    for the month the page shows."""
    raw = (request.POST.get("monthly_budget") or "").strip()
    changes: dict = {}
    if request.POST.get("edit_categories") == "1":
        changes["categories"] = request.POST.getlist("categories")
        changes["rollover"] = request.POST.get("rollover") == "1"
    error = None
    month = _month_param(request.POST.get("month"), [])
    try:
        if not raw:
            raise DomainError(_("Enter a monthly budget (a number, 0 or more)."))
        # The amount holds from the month the page shows on; earlier months keep theirs.
        services.jar_update(user=request.user, jar_id=jar_id, monthly_budget=raw, month=month, **changes)
    except NotFound:
        raise Http404("No such jar.")
    except DomainError as exc:
        error = exc.message
    if not request.htmx:
        if error:
            messages.error(request, error)
        else:
            messages.success(request, _("Jar saved."))
        return redirect(reverse("web-jars") + f"?month={month:%Y-%m}")
    summary = _budget_summary(request.user, month)
    jar = next((j for j in _jar_rows(summary["status"]) if j["jar_id"] == jar_id), None)
    if jar is None:
        raise Http404("No such jar.")
    return render(request, "web/jars/_jar_saved.html", {
        **summary, "jar": jar, "error": error, "saved": error is None,
        "categories": selectors.category_list(user=request.user), "merge_targets": _merge_targets(request.user)})


@login_required
@require_POST
def category_budget_update(request):
    """Set, change or remove a category's budget from the month the Jars page shows on; earlier months keep
    theirs (a category budget is a jar of one category)."""
    month = _month_param(request.POST.get("month"), [])
    raw = (request.POST.get("amount") or "").strip()
    remove = request.POST.get("action") == "remove"
    try:
        category_id = int(request.POST.get("category_id") or 0)
        if not remove and not raw:
            raise DomainError(_("Enter a monthly budget (a number, 0 or more)."))
        services.category_budget_month_set(user=request.user, category_id=category_id,
                                           amount=None if remove else raw, month=month)
        label = formats.date_format(month, "F Y")
        messages.success(request, _("Category budget removed from %(month)s on.") % {"month": label} if remove
                         else _("Category budget saved from %(month)s on.") % {"month": label})
    except NotFound:
        raise Http404("No such category.")
    except ValueError:
        messages.error(request, _("Pick one of your categories."))
    except DomainError as exc:
        messages.error(request, exc.message)
    return redirect(reverse("web-jars") + f"?month={month:%Y-%m}")


@login_required
@require_POST
def budget_suggestion_accept(request):
    category = (request.POST.get("category") or "").strip()
    amount = (request.POST.get("amount") or "").strip()
    try:
        target = services.budget_suggestion_accept(user=request.user, category=category, amount=amount)
        text, level = f"{target.name}: monthly budget set to {money(target.monthly_budget)}.", "success"
    except NotFound:
        raise Http404("No such category.")
    except DomainError as exc:
        text, level = exc.message, "error"
    month = _month_param(request.POST.get("month"), [])
    if request.htmx:  # the message in place of the button, and the budget totals above swapped in too
        return render(request, "web/jars/_accepted.html", {
            "text": text, "level": level, **_budget_summary(request.user, month)})
    getattr(messages, level)(request, text)
    return redirect(reverse("web-jars") + f"?month={month:%Y-%m}")


# --- subscriptions ----------------------------------------------------------------------------------------------

def _subscription_rows(result: dict) -> list[dict]:
    today = timezone.localdate()
    return [{**r, "next_when": day_and_relative(r["next_expected"], today=today)}
            for r in rows_with_money(result.get("rows") or [],
                                     fields=("amount", "previous_amount", "monthly_cost", "yearly_cost"),
                                     currency=result.get("currency"))]


@login_required
def subscriptions_page(request):
    show_dismissed = request.GET.get("dismissed") == "1"
    result = selectors.subscription_list(user=request.user, include_dismissed=show_dismissed)
    today = timezone.localdate()
    upcoming = [{**u, "when": day_and_relative(u["date"], today=today)}
                for u in rows_with_money(result.get("upcoming_30_days") or [], currency=result.get("currency"))]
    cur = result.get("currency")
    context = {
        "nav": "subscriptions", "result": result, "rows": _subscription_rows(result), "upcoming": upcoming,
        "total_display": money(result.get("subscriptions_per_month"), result.get("currency")),
        "yearly_display": money(result.get("subscriptions_per_year"), result.get("currency")),
        "bills_display": money(result.get("bills_per_month"), result.get("currency")),
        "bills_yearly_display": money(result.get("bills_per_year"), result.get("currency")),
        "all_monthly_display": money(result.get("total_per_month"), cur),
        "all_yearly_display": money(result.get("total_per_year"), cur),
        "chart": chart_prepare(result.get("chart"), currency=cur), "show_dismissed": show_dismissed,
    }
    return render(request, "web/subscriptions/page.html", context)


@login_required
@require_POST
def subscription_decide(request, subscription_id: int, decision: str):
    service = {"confirm": services.subscription_confirm, "dismiss": services.subscription_dismiss}.get(decision)
    if service is None:
        raise Http404("Unknown action.")
    try:
        service(user=request.user, subscription_id=subscription_id)
    except NotFound:
        raise Http404("No such subscription.")
    if not request.htmx:
        return redirect("web-subscriptions")
    result = selectors.subscription_list(user=request.user, include_dismissed=True)
    row = next((r for r in _subscription_rows(result) if r["id"] == subscription_id), None)
    if row is None:
        raise Http404("No such subscription.")
    return render(request, "web/subscriptions/_row.html", {"s": row, "just_decided": decision})


@login_required
@require_POST
def rule_edit(request, rule_id: int):
    """Change what a learned (or own) rule assigns, or forget it. Transactions already categorised stay as they
    are; new ones follow the rule as it is now."""
    try:
        if request.POST.get("action") == "forget":
            services.rule_delete(user=request.user, rule_id=rule_id)
            messages.success(request, _("Moneta forgot that rule; new transactions will not follow it."))
        else:
            rule = services.rule_update(user=request.user, rule_id=rule_id,
                                        category=(request.POST.get("category") or "").strip())
            messages.success(request, _("Rule saved: “%(pattern)s” → %(category)s.") % {
                "pattern": rule.pattern, "category": rule.category.name})
    except NotFound:
        raise Http404("No such rule.")
    except DomainError as exc:
        messages.error(request, exc.message)
    return redirect(reverse("web-transactions") + "#rules-heading")
