"""One subject against all the rest ("rent vs everything else combined", "Amazon compared with all my other spending",
"tiền nhà so với mọi thứ khác cộng lại"): a comparison of two sides over the same period — the subject, and every
other row of money out (the subject's names left out of it). Both figures come from SQL (the engine's side totals);
nothing is subtracted here."""
from __future__ import annotations

import re

from core.periods import Period
from transactions.query.model import MoneyQuery, Side
from transactions.query.sides import side_label

# what joins the subject to the rest: "vs", "versus", "against", "compared to/with", "or", "and"; Vietnamese "so với"
JOINT = r"(?:vs\.?|versus|against|compared\s+(?:to|with)|or|and|to|with|so voi|voi|va|hay)"
# all the rest: "everything else", "all the rest (of my spending)", "all my other spending", "mọi thứ khác", "phần còn lại"
REST = (r"(?:(?:everything|all|anything|every\s*thing)\s+else|(?:all\s+(?:of\s+)?)?the\s+rest(?:\s+of\s+(?:it|(?:my|our|the)\s+"
        r"(?:spending|money|expenses|stuff|budget|costs|outgoings)))?|(?:all\s+)?(?:of\s+)?(?:my|our|the)\s+other\s+"
        r"(?:spending|expenses|stuff|things|categories|costs|bills|purchases|outgoings)|all\s+(?:the\s+)?other\s+"
        r"(?:spending|expenses|stuff|things|categories|costs|bills|purchases)"
        r"|(?:tat ca\s+|toan bo\s+)?(?:moi thu|cac khoan|nhung khoan|nhung thu|phan|tat ca|cac muc)\s+(?:khac|con lai))")
# how the rest is taken: as one figure ("combined", "put together", "cộng lại")
TOGETHER = (r"(?:\s*,?\s*(?:all\s+)?(?:combined|together|put together|added up|added together|in total|altogether|all "
            r"together|lumped together|as a whole|cong lai|gop lai|tong cong))?")
VERSUS_REST_RE = re.compile(rf"\b{JOINT}\s+(?:the\s+)?{REST}\b{TOGETHER}")
# the words of that phrase, read once the comparison is made (never left over as words not understood)
REST_WORDS = frozenset("""vs versus against compared to with or and everything all anything else rest of it my our the
other spending money expenses stuff budget costs outgoings things categories bills purchases combined together put
added up in total altogether lumped as a whole every thing so voi va hay tat ca toan bo moi thu cac khoan nhung
phan khac con lai cong gop tong muc""".split())
# a link's kind → the side's field that counts its names, and the field that leaves them out
SIDE_FIELDS = {"merchant": ("merchants", "exclude_merchants"), "category": ("categories", "exclude_categories"),
               "text": ("text", "exclude_text")}


def versus_rest(q: MoneyQuery, text: str, periods: list[Period], previous: MoneyQuery | None = None) -> bool:
    """Make "X vs everything else" a comparison of X against every other row of money out over the same period (the
    first period of its own the question says, `periods`). A follow-up ("vs everything else combined?" after a total
    for rent) sets the last answer's subject against the rest over its period, unless the turn says its own. Returns
    whether it did."""
    m = VERSUS_REST_RE.search(text)
    if m is None or (q.compare or {}).get("ask") == "share":
        return False
    named = [link for link in q.links if not link.negated and link.kind in ("merchant", "category", "text")
             and re.search(rf"\b{re.escape(link.mention)}\b", text[:m.start()])]
    said = {kind: [n for link in named if link.kind == kind for n in link.names] for kind in SIDE_FIELDS}
    labels = [side_label(link) for link in named]
    period = next((p for p in periods if not p.relative), None)
    if q.followup:
        if previous is None or (not named and not (previous.merchants or previous.categories or previous.text)):
            return False
        if not named:  # "vs everything else?": the last answer's subject
            said = {"merchant": list(previous.merchants), "category": list(previous.categories),
                    "text": list(previous.text)}
            labels = [*previous.merchants, *previous.categories, *previous.text]
        period = period or previous.period
    elif not named:
        return False
    part = Side(label=" + ".join(dict.fromkeys(labels)), period=period)
    rest = Side(label="mọi khoản khác" if q.language == "vi" else "everything else", period=period)
    for kind, names in said.items():
        own, left_out = SIDE_FIELDS[kind]
        for side, attr in ((part, own), (rest, left_out)):
            getattr(side, attr).extend(n for n in dict.fromkeys(names) if n not in getattr(side, attr))
    q.measure, q.direction, q.merchants, q.categories, q.text = "compare", "out", [], [], []
    q.limit, q.offset, q.per, q.period = None, 0, None, period
    q.compare = {"mode": "sides", "sides": [part, rest]}
    q.ignored = [w for w in q.ignored if not set(w.split()) <= REST_WORDS]
    q.unknown = [w for w in q.unknown if not set(w.split()) <= REST_WORDS]
    return True
