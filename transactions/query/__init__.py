"""One understanding of money questions: parse a question (and the conversation so far) into a MoneyQuery,
and run it in SQL. Used by the transaction search box, the API and the assistant (offline and LLM)."""
from __future__ import annotations

import re
from collections import Counter
from datetime import date

from django.contrib.postgres.search import SearchQuery, SearchVector
from django.utils import timezone

from core.periods import Period, full_months_before, period_resolve
from transactions.models import Category, Merchant, NameAlias, Transaction
from transactions.query.execute import (
    filtered,
    money_query_count,
    money_query_rows,
    money_query_run,
)
from transactions.query.grammar import is_vietnamese, normalise, strip_accents
from transactions.query.model import MEASURES, Link, MoneyQuery, Side, Vocab
from transactions.query.own_things import own_spending_asked
from transactions.query.parse import money_query_parse
from transactions.query.periods import find_periods
from transactions.selectors.figures import pay_last

__all__ = ["MEASURES", "Link", "MoneyQuery", "Period", "Side", "Vocab", "filtered", "full_months_before",
           "is_vietnamese", "money_query_count", "money_query_parse", "money_query_rows", "money_query_run",
           "money_question", "normalise", "own_spending_asked", "period_from_words", "query_vocab", "strip_accents"]

VOCAB_RECENT_ROWS = 10_000


def _narrative_lookup(user):
    cache: dict[str, bool] = {}

    def has(phrase: str, *, exact: bool = False) -> bool:
        words = [w for w in phrase.lower().split() if w.isalnum()]
        if not words:
            return False
        key = " ".join(words) + ("=" if exact else "*")
        if key not in cache:
            raw = " <-> ".join(words[:-1] + [words[-1] if exact else f"{words[-1]}:*"])
            cache[key] = (Transaction.objects.filter(user=user)
                          .annotate(search_vector=SearchVector("description", config="simple"))
                          .filter(search_vector=SearchQuery(raw, search_type="raw", config="simple")).exists())
        return cache[key]

    return has


def query_vocab(*, user, embed=None) -> Vocab:
    """The user's own names for the parser: merchants (with the category each is mostly filed under),
    categories with their kind, the words they taught Moneta (aliases) and a lookup into their narratives."""
    category_rows = list(Category.objects.filter(user=user).values_list("id", "name", "kind"))
    categories = {name: kind for _, name, kind in category_rows}
    category_name = {pk: name for pk, name, _ in category_rows}
    # A merchant's main category is read from the user's latest VOCAB_RECENT_ROWS rows (an index-only scan of
    # (user, date)), not from all of them: grouping a 1M-row history took ~0.6 s on every search and chat turn.
    # The window is years of an ordinary person's history; a merchant not in it gets no main category.
    recent = (Transaction.objects.filter(user=user).order_by("-date")
              .values_list("merchant_id", "category_id")[:VOCAB_RECENT_ROWS])
    counts: Counter[tuple[int, int | None]] = Counter((m, c) for m, c in recent if m is not None)
    merchant_rows = dict(Merchant.objects.filter(user=user).values_list("id", "name"))
    main: dict[str, tuple[int, str]] = {}
    for (merchant_id, category_id), n in counts.items():
        name = merchant_rows.get(merchant_id)
        if name is not None and (name not in main or n > main[name][0]):
            main[name] = (n, category_name.get(category_id, "") if category_id is not None else "")
    merchants = sorted(set(merchant_rows.values()))
    aliases = {a.word: (a.kind, a.target_name) for a in NameAlias.objects.filter(user=user).select_related(
        "merchant", "category")}
    return Vocab(merchants=merchants, merchant_category={k: v[1] for k, v in main.items()}, categories=categories,
                 narrative_has=_narrative_lookup(user), embed=embed, aliases=aliases,
                 pay_last=lambda day: pay_last(user=user, on_or_before=day))


def money_question(*, user, question: str, previous: MoneyQuery | None = None, today: date | None = None,
                   embed=None) -> dict:
    """Parse and run in one call (the search box and the API)."""
    today = today or timezone.localdate()
    query = money_query_parse(question, vocab=query_vocab(user=user, embed=embed), today=today, previous=previous)
    return money_query_run(user=user, query=query, today=today)


def period_from_words(words: str, *, today: date | None = None) -> Period | None:
    """"last month", "since March", "Q2 2026", "2026-09", "this_year", "last_3_months", "all_time" → Period."""
    today = today or timezone.localdate()
    raw = (words or "").strip()
    code = raw.lower().replace(" ", "_").replace("-", "_")
    if code in ("all_time", "all", "ever"):
        return Period(date(1900, 1, 1), today, "all time", "all")
    if code in ("this_week", "last_week", "this_month", "last_month", "last_3_months", "this_year", "last_year") \
            or re.fullmatch(r"\d{4}(-\d{2})?", raw):
        start, end, label = period_resolve(raw if re.fullmatch(r"\d{4}(-\d{2})?", raw) else code, today=today)
        grain = "month" if "month" in code and code != "last_3_months" or len(raw) == 7 else \
            "year" if "year" in code or len(raw) == 4 else "week" if "week" in code else "range"
        return Period(start, end, label, grain)
    found = find_periods(normalise(raw.replace("_", " ")), today)
    return found[0][0] if found else None
