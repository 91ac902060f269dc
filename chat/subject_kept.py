"""A follow-up that points back at the last answer's subject must keep it (issue 21: "high" must mean right).

"and how many trips there" after Trader Joe's, "how much did those three cost me this year", "and in the winter it
was more?" after electric and internet: the turn points at what the last answer was about; a query that ran over
all their spending instead answers another question. `dropped_subject` names the subject that was lost, so the
confidence check (chat/grounding.py) does not let such an answer stand as confident.
"""
from __future__ import annotations

import re
from typing import Any

from transactions.query.pointers import POINTS_AT_ANSWER_RE, POINTS_AT_SUBJECT_RE

# a turn that widens on purpose: "and everything together?", "overall", "all my spending"
WIDENS_RE = re.compile(r"\b(?:everything|overall|in general|altogether (?:overall|in total)|all (?:of )?(?:my |our )?"
                       r"(?:spending|expenses|purchases|transactions|categories|money)|total spending|every (?:category|"
                       r"merchant|thing)|in total across|across (?:the board|everything))\b|\btất cả\b", re.I)
ITEMS_BACK_RE = re.compile(r"\b(?:there|those|these|them)\b", re.I)  # "it" after a ranking is its figure
SUBJECT_KEYS = ("merchants", "categories", "text")
ROW_MEASURES = ("largest", "smallest", "list")
RANKED = ("top_merchants", "top_categories", "summary")  # answers that showed transactions, their shops beside them


def _subject(query: dict[str, Any] | None) -> list[str]:
    query = query or {}
    names = [n for k in SUBJECT_KEYS for n in query.get(k) or []]
    # a tool about one name (analyze_merchant's `merchant`, a month-by-month answer) keeps it too
    names += [query[k] for k in ("merchant", "category") if isinstance(query.get(k), str) and query[k]]
    compare = query.get("compare") or {}  # a query's comparison, or a tool's sides as its arguments give them
    for side in compare if isinstance(compare, list) else compare.get("sides") or []:
        names += [n for k in SUBJECT_KEYS for n in (side if isinstance(side, dict) else {}).get(k) or []]
    return names


def dropped_subject(question: str, ran: list[dict[str, Any]], ctx: Any) -> list[str]:
    """The last answer's subject, when this turn points back at it and no query that ran kept any subject."""
    previous = getattr(ctx, "previous_query", None)
    if not ran or WIDENS_RE.search(question or ""):
        return []
    before = _subject(previous) if previous and getattr(ctx, "previous_family", None) == "money" else []
    if not (before and POINTS_AT_SUBJECT_RE.search(question or "")):
        # the items the last answer listed or ranked ("how much did those three cost", "how many trips there")
        items = ((getattr(ctx, "previous_result", None) or {}).get("items") or {}).get("names") or []
        before = list(items) if ITEMS_BACK_RE.search(question or "") else []
    if not before:
        return []
    if any(_subject(x.get("query")) or _subject(x.get("arguments")) for x in ran):
        return []
    if any((x.get("query") or {}).get("measure") in RANKED and (x.get("query") or {}).get("offset") for x in ran):
        return []  # "the two after those": the same ranking further down, past the items it points at
    if (previous or {}).get("measure") in ROW_MEASURES and any(
            (x.get("query") or {}).get(k) is not None for x in ran for k in ("amount_min", "amount_max")):
        return []  # "add those up" after the biggest purchases: the rows shown, kept by their amounts
    return before


# "just the most recent trip", "only the last order", "the latest one": one instance (or one trip's rows) is asked for
ONE_INSTANCE_RE = re.compile(r"\b(?:the|my) (?:most recent|latest|last|newest|final) (?:one|trip|visit|order|purchase|"
                             r"charge|payment|time|stay|booking|bill|ride)\b|\blần (?:gần nhất|cuối)\b", re.I)


def one_asked_many_given(question: str, ran: list[dict[str, Any]]) -> bool:
    """The turn asks for the most recent one, but every query that ran summed rows over no period, limit or order of
    its own: the figure answers "all of them" (or whichever rows a filter kept), not the one asked for."""
    if not ONE_INSTANCE_RE.search(question or "") or not ran:
        return False
    for x in ran:
        query = x.get("query") or {}
        if query.get("period") or query.get("limit") or query.get("measure") in ("largest", "list", "smallest"):
            return False
    return True


# a name said only to set it aside: after a negation in its own clause ("the rides — not the food one"), or inside an
# acknowledgement ("— yes I know one's food and one's rides"); such a word is no subject of the question
NEGATION_BEFORE_RE = re.compile(r"\b(?:not(?! (?:only|just|even)\b)|no|never|nor|isn't|wasn't|aren't|don't|didn't|"
                                r"rather than|instead of)\b(?:\s+[\w']+){0,3}\s*$")
ACKNOWLEDGED_RE = re.compile(r"^\s*(?:(?:yes|yeah|yep|ok|okay|sure|and),? )?(?:i know|i reali[sz]e|i get (?:it|that)|"
                             r"i understand|i'm aware|obviously|of course|granted)\b")
CLAUSE_SPLIT_RE = re.compile(r"\s[—–-]+\s|[;()]|,\s|[.!?](?:\s|$)|—|–")


def subject_set_aside(question: str, ran: list[dict[str, Any]], understood: dict[str, Any] | None) -> list[str]:
    """Mentions that became a subject of a query that ran although every place the question says them sets them
    aside: after a negation in the same clause ("not the food one") or in an acknowledgement ("yes I know one's
    food"). The query then answers about something the user did not ask for — a category added from an aside."""
    kept = {str(n).lower() for x in ran for d in (x.get("query") or {}, x.get("arguments") or {})
            for n in _subject(d)}
    if not kept or not understood:
        return []
    clauses = [c for c in CLAUSE_SPLIT_RE.split((question or "").lower()) if c and c.strip()]
    out = []
    read = {str(n).lower() for k in SUBJECT_KEYS + ("exclude_merchants", "exclude_categories")
            for n in understood.get(k) or []}
    if understood.get("asides") and read:
        # the reading set remarks aside ("- I know, not the food stuff") and has a subject of its own: a name a query
        # counted that the reading never had comes from the remark (an LLM's reading of it), not from the question
        # a tool's argument may be the mention itself ("coffee"), which the reading linked to its names
        mentions = {str(link.get("mention") or "").lower() for link in understood.get("links") or []}
        out += sorted(kept - read - mentions - {str(n).lower() for n in _subject(understood)})
    for link in understood.get("links") or []:
        if link.get("kind") not in ("category", "merchant") or not {str(n).lower() for n in link.get("names") or []} & kept:
            continue
        if link.get("negated"):  # read as a name to leave out, yet counted ("not the food stuff" → Dining)
            out.append(str(link.get("mention")))
            continue
        mention = re.compile(rf"(?<!\w){re.escape(str(link.get('mention') or '').lower())}(?!\w)")
        places = [(c, m) for c in clauses for m in mention.finditer(c)]
        if places and all(NEGATION_BEFORE_RE.search(c[:m.start()]) or ACKNOWLEDGED_RE.search(c)
                          for c, m in places):
            out.append(str(link["mention"]))
    return out


# a follow-up that points back at the last money answer and asks something of it ("what did all those come to",
# "tag the biggest one", "and the two months after that") — answered without any tool, it was not answered
ASKS_RE = re.compile(r"\?|\b(?:how|what|which|when|where|each|total|add|sum|tag|list|show|come to|cost|spen[dt]|"
                     r"after|before|bao nhieu|bao nhiêu)\b", re.I)


SHORT_TURN_WORDS = 12


def followup_left_unanswered(question: str, recorder: Any, ctx: Any) -> bool:
    """A turn that points back at the last money answer and asks something, answered with no tool at all (the
    out-of-scope reply, a guess of the model's): whatever it says, it does not answer what was asked of that answer."""
    if getattr(ctx, "previous_family", None) != "money" or not getattr(ctx, "previous_query", None):
        return False
    if [r for r in recorder.tool_records if r.name != "respond"]:
        return False
    seen = getattr(ctx, "routed", None)
    if seen is not None and seen.route == "out_of_scope" and seen.intent != "out_of_scope" \
            and len(re.findall(r"\w+", question or "")) <= SHORT_TURN_WORDS:
        # a short turn declined right after a money answer while the nearest exemplars read it as a question they
        # answer (a month asked in words the grammar lacks): it most likely leans on that answer — a doubtful
        # decline, never a confident one. "who won the game" (read as off-topic both ways) stays a plain decline.
        return True
    return bool(POINTS_AT_SUBJECT_RE.search(question or "") or POINTS_AT_ANSWER_RE.search(question or "")) and \
        bool(ASKS_RE.search(question or ""))


def empty_narrowing(ran: list[dict]) -> list[str]:
    """Words of the question used to narrow a named merchant or category that left nothing ("amazon on online
    orders" → no Amazon row says "online"): the words most likely describe the subject rather than narrow it, so
    "nothing" is no confident answer. Returns the words."""
    out = []
    for x in ran:
        q, a = x["query"], x["arguments"]
        words = q.get("text") or a.get("text") or []
        named = (q.get("merchants") or a.get("merchants") or []) + (q.get("categories") or a.get("categories") or [])
        if words and named and not x["result"].get("found") and not x["result"].get("count"):
            out += [w for w in words if isinstance(w, str)]
    return out
