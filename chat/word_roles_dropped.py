"""Content words the parser consumed without reading (chat/turn_check_said.py): the account of the words
(transactions/query/account.word_account) gives a word it did not place the role "function" — a word of asking or of
the answer's form. Three kinds of word are no such word, and when the queries that ran did not use them the answer
left part of the question out:

- a word for one of the user's categories ("shopping", "rent", "eating": its name or an everyday word for it,
  transactions/query/lexicon.CATEGORY_WORDS) or for a kind of shop ("fuel", "coffee": lexicon.CONCEPT_WORDS, whose
  shops are those of theirs named by the concept's words) — "my biggest Amazon purchase in the month I spent most on
  shopping" answered over all time, "the car fuel in october" answered "nothing about car";
- an item of a list whose other items were read ("not counting rent, bills or groceries" with rent and groceries left
  out, bills not): words joined by a comma, "and", "or", "plus" are of one kind, so one read as nothing was dropped;
- days of the week read ("weekends vs weekdays last month") that no query that ran kept.
A word beside a name of theirs of that kind describes the name ("Amazon shopping"), and is no subject of its own; a
category whose every shop of theirs a query named was counted whole ("gym + cvs + dentist, all the health stuff").
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from chat.assistant import MONEY_TOOLS
from chat.balances import BALANCE_TOOLS
from chat.tool_fit import question_reading
from transactions.query.account import word_account
from transactions.query.asides import set_aside
from transactions.query.asides_circumstance import circumstances_set_aside
from transactions.query.grammar import is_vietnamese
from transactions.query.lexicon import CATEGORY_WORDS, CONCEPT_WORDS, CONCEPTS, GRAMMAR_WORDS, STOPWORDS
from transactions.query.model import MoneyQuery
from transactions.query.restatements import restatements_found

PLACED = {"category", "merchant", "excluded", "text", "concept"}
INCLUDED = {"included", "including", "incl", "inclusive"}
# closed-class words of asking: the end of a clause before a list ("which was more, A or B"), never an item of it
ASKING = {"was", "were", "is", "are", "am", "be", "been", "did", "does", "do", "done", "have", "has", "had", "which",
          "what", "who", "how", "when", "where", "why", "whose", "can", "could", "would", "should", "will"}
# the joins of a list: "rent, bills or groceries", "groceries plus dining", "uber & lyft"
# words before a list item's noun ("the bills", "my other stuff") and nouns of any kind of thing ("stuff", "the rest"):
# an item said with them names no kind of its own
DETERMINERS = {"the", "my", "our", "any", "all", "some", "those", "these", "that", "this", "other", "more", "also"}
GENERAL_NOUNS = {"stuff", "things", "thing", "everything", "anything", "others", "misc", "miscellaneous", "etc",
                 "expenses", "expense", "spending", "costs", "cost", "money", "rest", "else", "total", "totals"}
# between a kind and the shop it is said of ("medicine at cvs", "thuốc ở cvs")
SHOP_PREPOSITIONS = {"at", "from", "via", "with", "on", "in", "o", "tai", "ở", "tại"}
JOIN_RE = re.compile(r"\s*(?:,\s*(?:and|or|plus|&)?|\band\b|\bor\b|\bnor\b|\bplus\b|&|\+)\s*")


def _mentioned(recorder: Any) -> str | None:
    """Everything the money queries that ran were asked and answered, lower-case; None when none ran."""
    parts = []
    for r in recorder.tool_records:
        if r.name in MONEY_TOOLS and r.name not in BALANCE_TOOLS and not r.error and isinstance(r.result, dict):
            parts.append(repr((r.arguments, r.result.get("query"), r.result.get("title"), r.result.get("category"),
                               r.result.get("categories"))))
    return " ".join(parts).lower() if parts else None


def _kind_words(categories: list[str], merchants: list[str], vietnamese: bool,
                income: frozenset[str] = frozenset()) -> list[tuple[tuple[str, ...], list[str]]]:
    """`_kind_words_of` for one user's names, fresh lists each call."""
    found = _kind_words_of(tuple(categories), tuple(merchants), vietnamese, frozenset(income))
    return [(words, list(names)) for words, names in found]


@lru_cache(maxsize=512)  # a user's names change rarely; matching every kind word to every shop cost ~200 ms a turn
def _kind_words_of(categories: tuple[str, ...], merchants: tuple[str, ...], vietnamese: bool,
                   income: frozenset[str]) -> tuple[tuple[tuple[str, ...], list[str]], ...]:
    """(words of the phrase, names any of which a query must use) for each category of theirs — its own name and the
    everyday words for it — and each word for a kind of shop with shops of theirs. None with only grammar words
    ("take out" also leaves something out); in a Vietnamese question the category's name only (its syllables without
    accents are grammar words too: "cho" is "for" as well as "market")."""
    out: list[tuple[tuple[str, ...], list[str]]] = []

    def add(phrase: str, names: list[str], own_name: bool = False) -> None:
        words = tuple(phrase.replace("&", " ").split())
        if not words or not all(w.isalpha() and len(w) >= 3 and w not in GRAMMAR_WORDS for w in words):
            return
        if len(words) > 1 and all(w in STOPWORDS for w in words) and not own_name:
            return
        out.append((words, names))

    for name in categories:
        add(name.lower(), [name], own_name=True)
        for phrase in () if vietnamese else CATEGORY_WORDS.get(name, ()):
            add(phrase, [name])
    if not vietnamese:
        for word, concept in CONCEPT_WORDS.items():
            chains, fallback = CONCEPTS.get(concept, ((), None))
            if fallback in income:  # "paycheck": a kind of money in, a yardstick beside a spending question
                continue
            shops = [m for m in merchants if any(re.search(rf"\b{re.escape(c)}\b", m.lower()) for c in chains)]
            if shops or fallback in categories:
                add(word, shops + ([fallback] if fallback else []))
    return tuple(sorted(out, key=lambda p: -len(p[0])))


def _describes_a_name(roles: list[dict], start: int, end: int, names: list[str], vocab: Any) -> bool:
    """"Amazon shopping", "mua sắm Amazon": the word beside a name of theirs of that kind says what it is; so does
    the kind said of the shop after a preposition ("medicine at CVS", "dining at Starbucks", "thuốc ở CVS")."""
    shop, _ = _said_of_shop(roles, start, end)
    beside = [roles[j] for j in (start - 1, end, shop) if 0 <= j < len(roles)]
    kinds = set(names)
    # beside a name of no shop of theirs ("peet's coffee"), it says what that name is: the name is the doubt said
    # ("without the uber eats takeaways": the name left out, the word beside it says what its charges are)
    return any(r.get("role") == "unknown" or r.get("role") in ("merchant", "excluded") and any(
        n in kinds or (vocab.merchant_category or {}).get(n) in kinds for n in r.get("names") or []) for r in beside)


def _said_of_shop(roles: list[dict], start: int, end: int) -> tuple[int, list[str]]:
    """(where, names) of the shop of theirs the kind at start:end is said of — after it ("groceries at the Target":
    Target) or before it ("at Target on groceries") — or (-1, [])."""
    def shop_at(k: int, step: int) -> int:
        while 0 <= k < len(roles) and roles[k].get("word") in ("the", "my"):
            k += step
        return k if 0 <= k < len(roles) and roles[k].get("role") == "merchant" else -1

    if end < len(roles) and roles[end].get("word") in SHOP_PREPOSITIONS and (k := shop_at(end + 1, 1)) >= 0:
        return k, list(roles[k].get("names") or [])
    if start >= 1 and roles[start - 1].get("word") in ("on", "for") and (k := shop_at(start - 2, -1)) >= 0:
        return k, list(roles[k].get("names") or [])
    return -1, []


def _every_shop_of(names: list[str], said: str, vocab: Any) -> bool:
    """"gym + cvs + dentist, all the health stuff": the queries that ran named every shop of theirs of that category
    (set in or left out), so the word sums up the names and the category is counted whole; and a kind of shop whose
    every shop of theirs is in a category a query counted is counted with it."""
    shops = [m for m, c in (vocab.merchant_category or {}).items() if c in names]
    if shops and all(m.lower() in said for m in shops):
        return True
    # "which restaurant or cafe": the cafes of theirs (a kind of shop) are inside a category a query counted
    named = [n for n in names if n in (vocab.merchant_category or {})]
    return bool(named) and all(str((vocab.merchant_category or {}).get(n)).lower() in said for n in named)


def _lists(clause: str) -> list[list[str]]:
    """The lists of a clause, each as its items: "A, B or C", "A and B and C", "A plus B + C". A list ends with the item
    after its last conjunction ("apart from rent and utilities, what I spent": the comma after "utilities" is the
    clause's)."""
    parts = JOIN_RE.split(clause)
    joins = JOIN_RE.findall(clause)
    lists: list[list[str]] = []
    items = [parts[0]]
    closed = False
    for join, item in zip(joins, parts[1:]):
        conjunction = bool(re.search(r"and|or|nor|plus|&|\+", join))
        if closed and not conjunction:  # a bare comma after the last conjunction: the list ended
            lists.append(items)
            items, closed = [item], False
            continue
        items.append(item)
        closed = closed or conjunction
    lists.append(items)
    return [[i.strip() for i in items] for items in lists if len(items) >= 3]


def _list_items_dropped(text: str, roles: list[dict]) -> list[str]:
    """Items of a list of three or more joined by commas, "and", "or", "plus", two or more of them read as a name and
    one read as nothing: the one dropped. A word read anywhere in the question is read."""
    role_of: dict[str, str] = {}
    for r in roles:
        if role_of.get(r["word"]) not in PLACED:
            role_of[r["word"]] = r.get("role") or ""
    out = []
    for clause in re.split(r"[.;:?!()\n]|\s[-–—]\s", (text or "").lower()):
        for items in _lists(clause):
            content = [[w for w in re.findall(r"[^\W\d_]+", item) if w not in DETERMINERS] for item in items]
            if any(len(c) > 3 for c in content[1:-1]):
                continue  # an item in the middle of a list is a name or a noun, not a clause
            # the item next to a join: the first item's last word ("… counting rent"), the others' first word
            near = [c[-1:] if k == 0 else c[:1] for k, c in enumerate(content)]
            read = [bool(w) and role_of.get(w[0]) in PLACED for w in near]
            if sum(read) < 2:
                continue
            for w, was_read in zip(near, read):
                if not was_read and w and role_of.get(w[0]) == "function" and len(w[0]) >= 3 and \
                        w[0] not in GRAMMAR_WORDS | GENERAL_NOUNS | ASKING:  # "which was more, A or B": no item
                    out.append(w[0])
    return out


def dropped_kind_words(text: str, recorder: Any, ctx: Any, said_of: list[tuple[str, list[str]]] | None = None
                       ) -> list[str]:
    """The words of a kind of spending, of a list or of the week that the parser read as nothing and no query that
    ran used. A kind said of one shop of theirs of another kind ("groceries at Target", Target's rows being
    Shopping) is no word dropped — the shop was answered, which is what was asked — and goes to `said_of` (the kind,
    the shop's names) for the answer to say it could not be split."""
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
    roles = account["words"]
    words = [w["word"] for w in roles]
    # words of a remark or circumstance beside the question ("— I know one's food", "I do my coffee run on Saturdays")
    # were set aside on purpose (transactions/query/asides*.py, the answer names them): no subject was dropped there
    kept = set(re.findall(r"[^\W\d_]+", set_aside(circumstances_set_aside(text)[0])[0].lower()))
    placed = {w["word"] for w in roles if w.get("role") in PLACED}  # said again ("except rent?? rent is half my pay")
    free = [w.get("role") == "function" and w["word"] in kept and w["word"] not in placed for w in roles]
    dropped: list[str] = []
    # words of money in ("half my paycheck") are yardsticks beside a question, not its subject; a restatement
    # ("eating out without the coffee — so only The Good Plate") replaces the subject said before it
    spending = [name for name, kind in vocab.categories.items() if kind != "income"] \
        if isinstance(vocab.categories, dict) else list(vocab.categories)
    if restatements_found(text):
        spending = []
    income = frozenset(n for n, k in vocab.categories.items() if k == "income") \
        if isinstance(vocab.categories, dict) else frozenset()
    for phrase, names in _kind_words(spending, list(vocab.merchants or []), is_vietnamese(text), income):
        n = len(phrase)
        for i in range(len(words) - n + 1):
            beside = {words[j] for j in (i - 1, i + n) if 0 <= j < len(words)}
            if beside & INCLUDED:  # "everything last month, rent included": inside the total, not dropped
                continue
            if re.search(rf"\b(?:it'?s|that'?s|it is|that is|which is)\s+(?:\w+\s+)?{re.escape(' '.join(phrase))}\b",
                         text.lower()):
                continue  # "drop the first one, it's obviously rent": says what a thing is, asks nothing of it
            if tuple(words[i:i + n]) == phrase and all(free[i:i + n]) and \
                    not any(name.lower() in said for name in names) and \
                    not _describes_a_name(roles, i, i + n, names, vocab) and not _every_shop_of(names, said, vocab):
                _, shops = _said_of_shop(roles, i, i + n)
                if shops and all(shop.lower() in said for shop in shops):
                    if said_of is not None:
                        said_of.append((" ".join(phrase), shops))
                else:
                    dropped.append(" ".join(phrase))
                free[i:i + n] = [False] * n
    dropped += [w for w in _list_items_dropped(text, roles) if w not in dropped]
    if any(r.get("role") == "weekday" for r in roles) and not re.search(r"'weekdays?': \[?\d", said):
        dropped += [r["word"] for r in roles if r.get("role") == "weekday" and r["word"] not in STOPWORDS
                    and r["word"] in kept][:2]  # "I do my coffee run on Saturdays — …": a circumstance set aside
    return dropped
