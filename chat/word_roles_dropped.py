"""Words of a kind of spending the parser consumed without reading (chat/turn_check_said.py): the account of the words
(transactions/query/account.word_account) gives a word it did not place the role "function" — a word of asking or of
the answer's form. A word that names one of the user's categories ("shopping", "rent", "groceries"), or an everyday
word for one (transactions/query/lexicon.CATEGORY_WORDS: "eating out", "pharmacy"), is no such word: when it stayed
"function" and no query that ran counted that category, the answer left part of the question out ("my biggest Amazon
purchase in the month I spent most on shopping" answered over all time).
"""
from __future__ import annotations

from typing import Any

from chat.assistant import MONEY_TOOLS
from chat.balances import BALANCE_TOOLS
from chat.tool_fit import question_reading
from transactions.query.account import word_account
from transactions.query.grammar import is_vietnamese
from transactions.query.lexicon import CATEGORY_WORDS, GRAMMAR_WORDS, STOPWORDS
from transactions.query.model import MoneyQuery


def _mentioned(recorder: Any) -> str | None:
    """Everything the money queries that ran were asked and answered, lower-case; None when none ran."""
    parts = []
    for r in recorder.tool_records:
        if r.name in MONEY_TOOLS and r.name not in BALANCE_TOOLS and not r.error and isinstance(r.result, dict):
            parts.append(repr((r.arguments, r.result.get("query"), r.result.get("title"), r.result.get("category"),
                               r.result.get("categories"))))
    return " ".join(parts).lower() if parts else None


def _phrases(categories: list[str], vietnamese: bool) -> list[tuple[tuple[str, ...], str]]:
    """(words of the phrase, category) for each category of theirs: its own name and the everyday words for it —
    none with a word of the grammar ("take out" also leaves something out), and in a Vietnamese question the name
    only (its syllables without accents are grammar words too: "cho" is "for" as well as "market")."""
    out = []
    for name in categories:
        for phrase in {name.lower(), *(() if vietnamese else CATEGORY_WORDS.get(name, ()))}:
            words = tuple(phrase.replace("&", " ").split())
            if words and all(w.isalpha() and len(w) >= 3 and (phrase == name.lower() or
                                                              w not in STOPWORDS | GRAMMAR_WORDS) for w in words):
                out.append((words, name))
    return sorted(out, key=lambda p: -len(p[0]))


def _describes_a_name(roles: list[dict], start: int, end: int, category: str, vocab: Any) -> bool:
    """"Amazon shopping", "mua sắm Amazon": the word beside a name of theirs of that category says what it is."""
    beside = [roles[j] for j in (start - 1, end) if 0 <= j < len(roles)]
    return any(r.get("role") == "merchant" and any((vocab.merchant_category or {}).get(n) == category
                                                   for n in r.get("names") or []) for r in beside)


def dropped_kind_words(text: str, recorder: Any, ctx: Any) -> list[str]:
    """The phrases naming a category of theirs that the parser read as nothing and no query that ran counted."""
    said = _mentioned(recorder)
    vocab = getattr(ctx, "vocab", None)
    if said is None or vocab is None or not vocab.categories:
        return []
    understood = question_reading(text, ctx)
    if not understood:
        return []
    try:
        account = word_account(text, MoneyQuery.from_dict(understood), today=ctx.today)
    except (KeyError, TypeError, ValueError):
        return []
    words = [w["word"] for w in account["words"]]
    free = [w.get("role") == "function" for w in account["words"]]
    dropped: list[str] = []
    for phrase, category in _phrases(list(vocab.categories), is_vietnamese(text)):
        n = len(phrase)
        for i in range(len(words) - n + 1):
            if tuple(words[i:i + n]) == phrase and all(free[i:i + n]) and category.lower() not in said and \
                    not _describes_a_name(account["words"], i, i + n, category, vocab):
                dropped.append(" ".join(phrase))
                free[i:i + n] = [False] * n
    return dropped
