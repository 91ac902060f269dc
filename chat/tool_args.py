"""The arguments a model (or an MCP client) passes to the assistant's tools: checks with messages in words (a month
of 13, a year 0 or a million months would otherwise surface as Python's own ValueError text), and the money
tools' arguments read into the same MoneyQuery the parser builds (`money_query_from_args`)."""
from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

from django.utils import timezone

from core.errors import DomainError
from core.periods import period_label
from transactions.query import Link, MoneyQuery, Period, Side, money_query_parse, period_from_words, query_vocab
from transactions.query.grammar import normalise
from transactions.query.linking import Linker
from transactions.query.name_matching import tokens

MONTHS_MAX = 120  # a monthly average over at most ten years
LIMIT_MAX = 1000  # rows or top-N one tool call returns


def tool_int(value: object, *, name: str, low: int, high: int) -> int | None:
    """`value` as a whole number between `low` and `high` (None when not given)."""
    if value is None or value == "":
        return None
    try:
        number = int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError, OverflowError):
        raise DomainError(f"{name} must be a whole number, got {value!r}.", details={"field": name}) from None
    if not low <= number <= high:
        raise DomainError(f"{name} must be between {low} and {high}, got {number}.", details={"field": name})
    return number


def tool_month(value: str | None, *, today: date) -> date | None:
    """`YYYY-MM` → the month's first day; months Moneta covers run from 1900 to next year."""
    if not value:
        return None
    match = re.fullmatch(r"(\d{4})-(\d{2})", value.strip())
    if not match:
        raise DomainError(f"month must look like YYYY-MM, got {value!r}.", details={"field": "month"})
    year, month = int(match.group(1)), int(match.group(2))
    if not 1 <= month <= 12:
        raise DomainError(f"month {value!r}: the month number must be 01 to 12.", details={"field": "month"})
    if not 1900 <= year <= today.year + 1:
        raise DomainError(f"month {value!r}: the year must be between 1900 and {today.year + 1}.",
                          details={"field": "month"})
    return date(year, month, 1)


def _iso(value: str | None) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError as exc:
        raise DomainError(f"date must look like YYYY-MM-DD, got {value!r}") from exc


def money_query_from_args(*, user, args: dict, measure: str | None = None, vocab=None):
    """A tool call's arguments → MoneyQuery. Structured fields win; free words (`question`/`query`) are parsed
    by the same parser the offline model and the search box use. Names are linked to the user's own merchants
    and categories (spelling, prefixes, concepts); a name they do not have is kept as `unknown`."""
    vocab = vocab or query_vocab(user=user)
    words = args.get("question") or args.get("query")
    structured = {k for k in ("measure", "merchants", "categories", "text", "amount_min", "amount_max", "period",
                              "start", "end", "months", "compare", "unknown", "exclude_merchants",
                              "exclude_categories", "exclude_text") if args.get(k) not in (None, [], "")}
    if words and not structured:
        q = money_query_parse(str(words), vocab=vocab, today=_today())
        if measure:
            q.measure = measure
        if args.get("limit"):
            q.limit = int(args["limit"])
        return q
    linker = Linker(vocab)
    q = MoneyQuery(measure=measure or args.get("measure") or "total")

    def merchants_of(names) -> list[str]:
        out = []
        for name in names or []:
            if name in vocab.merchants:
                out.append(name)
                continue
            found, _ = linker.merchants_for(tokens(normalise(name)))
            if not found:
                said = normalise(name).strip()
                # "power" of "power and internet": the kind of bill the word names (the parser's reading of it)
                concept = linker.concept_for(said) or (linker.concept_for(f"{said} bill") if " " not in said else None)
                found = linker.concept_merchants(concept) if concept else []
                if found:
                    q.links.append(Link(str(name), "merchant", found, "concept"))
            if found:
                out.extend(n for n in found if n not in out)
            else:
                q.unknown.append(name)
        return out

    def categories_of(names) -> list[str]:
        out = []
        for name in names or []:
            hit = next((c for c in vocab.categories if c.lower() == str(name).lower()), None) or \
                linker.category_for(tokens(normalise(name)))
            if hit:
                out.append(hit)
            else:
                q.unknown.append(name)
        return out

    def period_of(period, start, end):
        if start or end:
            s, e = _iso(start) or date(1900, 1, 1), _iso(end) or _today()
            if s > e:
                raise DomainError(f"start {s.isoformat()} is after end {e.isoformat()}.")
            return Period(s, e, period_label(s, e, "range", today=_today()), "range")
        if period:
            found = period_from_words(str(period))
            if found is None:
                raise DomainError(f"period: I couldn't read {period!r} as a period.")
            return found
        return None

    q.merchants = merchants_of(args.get("merchants"))
    q.categories = categories_of(args.get("categories"))
    q.text = [str(t) for t in args.get("text") or []]
    q.exclude_merchants = merchants_of(args.get("exclude_merchants"))
    q.exclude_categories = categories_of(args.get("exclude_categories"))
    q.exclude_text = [str(t) for t in args.get("exclude_text") or []]
    q.offset = tool_int(args.get("offset"), name="offset", low=0, high=LIMIT_MAX) or 0
    q.per = args.get("per") if args.get("per") in ("day", "week", "month") else None
    q.group_by = "month" if args.get("group_by") == "month" else q.group_by
    q.skip_largest = tool_int(args.get("skip_largest"), name="skip_largest", low=0, high=LIMIT_MAX) or 0
    q.smallest_first = args.get("smallest_first") in (True, "true", "True", 1)
    q.unknown += [str(u) for u in args.get("unknown") or []]
    q.amount_min = Decimal(str(args["amount_min"])) if args.get("amount_min") is not None else None
    q.amount_max = Decimal(str(args["amount_max"])) if args.get("amount_max") is not None else None
    q.period = period_of(args.get("period"), args.get("start"), args.get("end"))
    q.months = tool_int(args.get("months"), name="months", low=1, high=MONTHS_MAX)
    q.weekdays = sorted({int(d) for d in args.get("weekdays") or [] if 0 <= int(d) <= 6})
    q.limit = tool_int(args.get("limit"), name="limit", low=1, high=LIMIT_MAX)
    if q.measure == "monthly_average" and not q.months:
        q.months = 3
    q.direction = args.get("direction") or ("in" if q.measure == "income" else None if q.measure in ("net", "list")
                                            else "out")
    if (q.categories and {vocab.categories.get(c) for c in q.categories} == {"income"}) and q.measure != "net":
        q.direction = "in"
    sides = args.get("compare") or []
    if q.measure == "compare" or sides:
        q.measure = "compare"
        mode = args.get("compare_mode") or ("sides" if any(s.get("merchants") or s.get("categories") or s.get("text")
                                                           for s in sides) else "periods")
        built = []
        for s in sides:
            side = Side(label=str(s.get("label") or ""), merchants=merchants_of(s.get("merchants")),
                        categories=categories_of(s.get("categories")), text=list(s.get("text") or []),
                        period=period_of(s.get("period"), s.get("start"), s.get("end")),
                        direction="in" if s.get("direction") == "in" else None,  # a share of what they earn
                        exclude_merchants=merchants_of(s.get("exclude_merchants")),  # "rent vs everything else"
                        exclude_categories=categories_of(s.get("exclude_categories")),
                        exclude_text=list(s.get("exclude_text") or []))
            side.label = side.label or (side.period.label if side.period else ", ".join(
                side.merchants + side.categories + side.text))
            built.append(side)
        if mode == "usual":
            current = q.period or period_from_words("this month")
            assert current is not None  # "this month" always reads
            q.period = current
            built = [Side(label=current.label, period=current)]
        if mode != "usual" and len(built) < 2:
            raise DomainError("compare: give at least two sides (merchants, categories or periods), or "
                              "mode 'usual' with one period.")
        if mode == "periods":
            q.period = None
        q.compare = {"mode": mode, "sides": built}
        if args.get("compare_ask") in ("more", "less", "difference", "share", "most", "least"):  # "which one was more?": that side said first
            q.compare["ask"] = args["compare_ask"]
        if mode == "usual" and str(args.get("compare_months") or "").isdigit() and 1 <= int(args["compare_months"]) <= 24:
            q.compare["months"] = int(args["compare_months"])  # the usual over that many full months
    return q


def _today() -> date:
    return timezone.localdate()
