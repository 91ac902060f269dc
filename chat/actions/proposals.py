"""The arguments of each proposal a request to act makes: the jar's name and amount, the budget's category, the
transactions to re-file and their new category, the transaction to log or to delete. Names are read with the same
parser as money questions; amounts with chat/actions/amounts.py; nothing here writes."""
from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from chat.actions.amounts import AMOUNT_RE, K_AMOUNT_RE, VI_AMOUNT_RE, amount_in, monthly_in
from chat.actions.basis import USUAL_RE
from chat.actions.jar_subject import basis_subject, name_text, quoted_jar_name
from chat.actions.scope import means_every, period_args
from chat.actions.verbs import (
    ADD_RE,
    CLAUSE_RE,
    DELETE_VERB,
    DUPLICATE_RE,
    LEAD,
    RECAT_RE,
    TARGET_SPLIT_RE,
    THAT_FIGURE_RE,
    THAT_ONE_RE,
)
from chat.context import TurnContext, understand
from transactions.query.followups_acts import points_at_last_set
from transactions.query.grammar import is_vietnamese, normalise
from transactions.query.linking import Linker
from transactions.query.name_matching import tokens
from transactions.query.periods import find_periods

FILLER = {"a", "an", "the", "my", "all", "every", "of", "for", "on", "at", "with", "from", "it", "them", "this",
          "that", "these", "those", "transactions", "transaction", "charges", "charge", "payments", "payment",
          "purchases", "purchase", "ones", "one", "entry", "entries", "please", "and", "i", "me", "some", "new",
          "today", "yesterday", "just", "in", "to", "as", "under", "into", "budget", "month", "monthly", "per",
          "each", "expense", "spending", "money", "was", "is", "paid", "spent", "s", "t",
          # Vietnamese function words
          "khoản", "chi", "giao", "dịch", "cho", "của", "tôi", "mình", "mỗi", "tháng", "hết", "tất", "cả", "các", "những",
          "một", "giúp", "nhé", "với", "trả", "hôm", "nay", "qua", "đồng", "để", "là", "lại",
          # asking nicely names nothing: "tạo giùm cái hũ", "make a jar for me pls" (a jar is never called "Giùm Cái")
          "giùm", "dùm", "hộ", "cái", "chiếc", "mấy", "nha", "nhá", "pls", "plz", "kindly", "us", "you", "another", "quick",
          "quickly", "asap",
          # what ends a request, no name: "make me one for rent then", "a jar for camp too"
          "then", "too", "also", "now", "thanks", "thx"}
# "mấy cái", "tất cả các khoản", "những chuyến": the ones of a name, said before it — which of them, never the name
VI_THOSE_RE = re.compile(r"^\s*(?:(?:mấy|may|các|cac|những|nhung|tất cả|tat ca|hết|het|mọi|moi)\s+)*(?:(?:cái|cai|khoản|"
                         r"khoan|vụ|vu|giao dịch|giao dich|lần|lan|chuyến|chuyen|cuốc|cuoc)\s+)?(?=\S)", re.I)
VI_JAR_AMOUNT_RE = re.compile(r"(?<=hũ)\s+[$€£]?\s*\d[\d.,]*\s*(?:k|triệu|tr|nghìn|ngàn|tỷ|đô(?: la)?|usd|đồng|\$)?"
                              r"(?:\s*(?:mỗi|một|1)\s*tháng)?(?!\w)", re.I)
VI_JAR_RE = re.compile(r"(?<!\w)hũ(?!\w)\s*(?:(?:tiết kiệm|chi tiêu|để dành)\s+)?(?:(?:cho|để|tên(?: là)?)\s+)?(?:đi\s+)?"
                       r"(.{0,60})", re.I)  # "hũ tiết kiệm đi du lịch": the jar is Du Lịch


# Vietnamese speakers name themselves as they are called ("ghi giúp mẹ", "tạo hộ con"): asking for help, no name;
# "trả tiền mặt" is how it was paid; "tiền" before a thing is "money for" it ("tiền cắt tóc"); "đô" is dollars
VI_NOT_NAME_RE = re.compile(r"(?<!\w)(?:(?:giúp|giùm|dùm|hộ)\s+(?:(?:tụi|chúng|bọn)\s+)?(?:tôi|mình|em|mẹ|má|bố|ba|con|anh|"
                            r"chị|cô|chú|bác|ông|bà|cháu)|(?:(?:trả|thanh toán)\s+)?(?:bằng\s+)?tiền mặt|đô(?: la)?|tiền(?=\s+\w))(?!\w)",
                            re.I)


# the particles that close a Vietnamese request ("… đi", "… nha", "… nhé", "… giùm"): no part of a name
VI_PARTICLES = {"đi", "nha", "nhé", "nhá", "nghen", "ha", "nào", "giùm", "dùm", "với", "luôn", "lun", "nhe"}
# between the verb and "hũ" the one asked for is the asker, by the word they call themselves ("tạo giùm tui một cái
# hũ", "lập cho em cái hũ", "làm giùm bà"): never the jar's name
VI_ASKERS = {"tui", "tôi", "mình", "em", "tớ", "tao", "anh", "chị", "bà", "ông", "cô", "chú", "bác", "con", "cháu", "mẹ",
             "má", "bố", "ba", "đi", "làm", "tạo", "lập", "mở", "ra"}


def _words(text: str) -> list[str]:
    text = VI_NOT_NAME_RE.sub(" ", text)
    text = AMOUNT_RE.sub(" ", VI_AMOUNT_RE.sub(" ", K_AMOUNT_RE.sub(" ", text)))
    text = re.sub(r"\b\d[\d,.]*\b|[^\w\s'-]", " ", text)
    return [w for w in text.split() if w.lower() not in FILLER]


def _day(q: Any) -> str | None:
    period = getattr(q, "period", None)
    if period is not None and period.grain != "all" and period.start == period.end:
        return str(period.start.isoformat())
    return None


def category_in(text: str, ctx: Any) -> str | None:
    """The user's category named in `text` (exact, then the parser's linking of spellings and plurals)."""
    vocab = getattr(ctx, "vocab", None)
    names = list(getattr(vocab, "categories", None) or getattr(ctx, "categories", None) or [])
    low = " " + re.sub(r"[^\w&]+", " ", text.lower()) + " "
    for name in sorted(names, key=len, reverse=True):
        if f" {name.lower()} " in low or f" {name.lower().rstrip('s')} " in low:
            return str(name)
    if vocab is not None:
        found = Linker(vocab).category_for(tokens(normalise(text)))
        if found:
            return str(found)
    return None


def understand_in(text: str, ctx: Any) -> Any:
    """The money parser's reading of part of a request, with the turn's vocabulary."""
    return understand(text, TurnContext(vocab=ctx.vocab, today=ctx.today, categories=ctx.categories,
                                         merchants=ctx.merchants))


def figure_said_before(text: str, ctx: Any) -> float | None:
    """The figure of the last money answer, when the request points back at it and names no amount of its own."""
    shown = getattr(ctx, "previous_result", None) or {}
    if amount_in(text) is not None or not THAT_FIGURE_RE.search(text) or shown.get("figure") in (None, 0):
        return None
    if USUAL_RE.search(text) and shown.get("measure") not in ("average", "monthly_average"):
        return None  # "a jar for that, whatever it averages a month" after a 3-month total: its average (basis_in)
    return round(float(shown["figure"]), 2)


def _previous_subject(ctx: Any) -> tuple[list[str], list[str]]:
    """The categories and merchants the last money answer was about."""
    previous = getattr(ctx, "previous_query", None) or {}
    return list(previous.get("categories") or []), list(previous.get("merchants") or [])


POINTER_WORDS = {"exactly", "just", "precisely", "that", "this", "it", "the", "same", "amount", "figure"}
# what follows a Vietnamese jar's name: "hũ ăn uống theo mức chi trung bình…", "hũ du lịch với 2 triệu"
VI_NAME_END_RE = re.compile(r"\s+(?:theo|bằng|với|dựa|mức|khoảng|là|cỡ|tầm|mỗi)\b.*$|\s*[,;.!?].*$", re.I)


QUOTED_NAME_RE = re.compile(r"\b(?:called|named|name it)\s+(?:\"([^\"]{2,40})\"|“([^”]{2,40})”|‘([^’]{2,40})’"
                            r"|'(.{2,40}?)'(?!\w))", re.I)


def jar_call(text: str, rest: str, q: Any, ctx: Any, *, figure: float | None = None,
         basis: dict[str, Any] | None = None) -> dict[str, Any]:
    said_quoted = quoted_jar_name(text)  # "a 'concert 🎤' jar": the name as said
    text, rest = name_text(text), name_text(rest)  # "my concert trip 🎤 and …": the emoji names nothing
    named = re.search(r"\b(?:called|named|name it|for)\s+[\"“']?(?:a |an |the |my |our )?([\w' &-]{2,40}?)[\"”']?"
                      r"(?=\s+(?:with|of|at|and|for|holding|budget|that|to|using|based|going|from|by|off)\b|\s+[-–—]|[,.!?]|"
                      r"\s*[$€£\d]|$)", text, re.I)
    if named and (not [w for w in named.group(1).lower().split() if w not in POINTER_WORDS]
                  or re.match(r"(?:the\s+)?(?:last|past|next|previous|coming)\b", named.group(1), re.I)):
        named = None  # "an amazon jar for exactly that", "… for the last 6 months": the figure or a period
    words = [w for w in _words(named.group(1)) if w.lower() not in {"jar", "envelope", "pot"}] if named else \
        [w for w in _words(rest) if w.lower() not in
                                                      {"savings", "saving", "spending", "budget", "jar", *VI_ASKERS}]
    vi_named = False
    # Vietnamese names the jar after "hũ" ("tạo hũ du lịch"), after its amount too ("một hũ 300 đô để dành tiền học"),
    # and after the English noun said in a Vietnamese sentence ("tạo cho chị cái jar tiền đi chợ $600")
    vi_text = re.sub(r"(?<!\w)(?:jar|quỹ)(?!\w)", "hũ", text, flags=re.I) if is_vietnamese(text) else text
    if not words and (vi := VI_JAR_RE.search(VI_JAR_AMOUNT_RE.sub(" ", vi_text))):
        words, vi_named = _words(VI_NAME_END_RE.sub("", vi.group(1))), True
        while words and words[-1].lower() in VI_PARTICLES:  # "làm giùm một cái hũ đi": "đi" asks, names nothing
            words = words[:-1]
    if not words and re.search(r"\bsavings?\b|tiết kiệm", rest + text, re.I):
        words = ["Tiết", "kiệm"] if re.search(r"tiết kiệm", rest + text, re.I) else ["Savings"]
    # "a jar with that amount", "a jar for that, whatever it averages": named after the last answer's subject
    categories, merchants = _previous_subject(ctx) if figure is not None or basis is not None else ([], [])
    if figure is not None or basis is not None:
        words = [w for w in words if not THAT_FIGURE_RE.fullmatch(w) and w.lower() not in {"that", "this", "it"}]
    if not words and not said_quoted and not (categories or merchants):
        # "make a jar, limit $100 for it" after an answer about Groceries: a jar for what that answer was about
        categories, merchants = _previous_subject(ctx)
    if not words and (categories or merchants):  # "start a jar with that" after Dining: a Dining jar
        words = (categories or merchants)[0].split()
    name = " ".join(w if w.isupper() else w.capitalize() for w in words[:4])
    category = category_in(name, ctx) if name else None
    # a name given in quotes is the jar's name as said ("a jar called 'Caffeine (lab grade)' for coffee"); what it is
    # for is then said beside it
    if (quoted := QUOTED_NAME_RE.search(text)) and (said := next(g for g in quoted.groups() if g is not None).strip()):
        name = said
        said_for = re.search(r"\bfor\s+(?:my |our |the )?([\w' &-]{2,30}?)(?=[,.!?]|\s+(?:with|at|and|each|every|"
                             r"a|per)\b|\s*[$€£\d]|$)", text[quoted.end():], re.I)
        category = category_in(name, ctx) or (category_in(said_for.group(1), ctx) if said_for else None)
    elif said_quoted:
        name = said_quoted
        category = category_in(name_text(name), ctx)
    if category is None and vi_named and len(getattr(q, "categories", None) or []) == 1:
        category = q.categories[0]  # "hũ để dành cho tiền ăn ngoài": the category the words after "hũ" name
    args: dict[str, Any] = {"name": name, "monthly_budget": monthly_in(text) or figure or 0}
    if category:
        args["categories"] = [category]
    spent_on = basis_subject(text, understand_in, ctx) if basis is not None else ([], [])
    if basis is not None and (spent_on[0] or spent_on[1]):
        # "a jar for my concert trip with whatever I spent on Uber Eats last month": the amount is that spending; the
        # jar collects the categories the spending clause names (none for a merchant: the trip is no Uber Eats jar)
        args.pop("categories", None)
        args.pop("monthly_budget")
        args.update(basis, **({"categories": spent_on[0]} if spent_on[0] else {}),
                    **({"merchants": spent_on[1]} if spent_on[1] and not spent_on[0] else {}))
    elif basis is not None:  # the amount is computed from their spending on what the jar is for
        if category is None and len(getattr(q, "categories", None) or []) == 1:
            category = q.categories[0]  # "hũ tiền ăn uống": the category the request names, beside the jar's name
            args["categories"] = [category]
        merchants = [] if category else list(getattr(q, "merchants", None) or [])
        if category or merchants:
            args.update(basis, **({"merchants": merchants} if merchants else {}))
            args.pop("monthly_budget")
    if not args["name"] and (args.get("categories") or args.get("merchants")):  # "a jar sized to my grocery month"
        args["name"] = (args.get("categories") or args["merchants"])[0]
    return {"name": "propose_create_jar", "args": args}


def budget_call(text: str, q: Any, ctx: Any, *, figure: float | None = None,
            basis: dict[str, Any] | None = None) -> dict[str, Any]:
    if figure is not None and not getattr(q, "categories", None) and category_in(text, ctx) is None:
        categories, _merchants = _previous_subject(ctx)
        if len(categories) == 1:  # "set up a budget with that amount" after the average of Groceries
            return {"name": "propose_set_budget", "args": {"category": categories[0], "amount": figure}}
    target = re.search(r"\b(?:for|on|of|limit|cap)\s+(?:my\s+|the\s+)?([\w' &-]{2,40}?)(?=\s+(?:to|at|of|with|a|per|"
                       r"budget)\b|\s*[$€£\d]|[,.!?]|$)", text, re.I)
    category = (q.categories[0] if getattr(q, "categories", None) else None) or category_in(text, ctx)
    merchants = list(getattr(q, "merchants", None) or [])
    if category is None and merchants:
        # budgets are per category: a limit for a merchant ("a $300 Amazon budget", "a budget for Uber Eats 20%
        # below what I usually spend") is a jar for it, its amount computed from that merchant's spending
        name = " ".join(w if w.isupper() else w.capitalize() for w in merchants[0].split()[:3])
        if basis is not None:
            return {"name": "propose_create_jar", "args": {"name": name, "merchants": merchants, **basis}}
        return {"name": "propose_create_jar", "args": {"name": name, "monthly_budget": monthly_in(text) or figure or 0}}
    if category is None and target:
        category = " ".join(_words(target.group(1))) or None
    if category is None and not merchants:
        # "ok put a $50 limit on it" after an answer about Starbucks: what that answer was about (a merchant: a jar)
        categories, merchants = _previous_subject(ctx)
        if len(categories) == 1:
            category = categories[0]
        elif merchants and not categories:
            name = " ".join(w if w.isupper() else w.capitalize() for w in merchants[0].split()[:3])
            if basis is not None:
                return {"name": "propose_create_jar", "args": {"name": name, "merchants": merchants, **basis}}
            return {"name": "propose_create_jar", "args": {"name": name, "monthly_budget": monthly_in(text) or figure or 0}}
    if basis is not None and category:
        return {"name": "propose_set_budget", "args": {"category": category, **basis}}
    return {"name": "propose_set_budget", "args": {"category": category or "", "amount": monthly_in(text) or figure}}


# "into a new Commute category", "as one called Side Gig": the name is Commute, Side Gig
NAME_FILLER = {"the", "my", "a", "an", "new", "called", "named", "category", "categories", "please", "pls", "instead",
               "danh", "mục", "nhé", "giúp", "tôi", "mình"}


# why or for whom a category is meant ends its name: "as a business expense for the shop" is Business Expense
NAME_END_RE = re.compile(r"\s+(?:for|because|since|so|cause|cuz|bc|which|that|since|when|while|cho|vì|để)\b.*$", re.I)


def _name_words(tail: str, ctx: Any) -> list[str]:
    """The words naming the target category ("as work travel", "under Biz Expense please"), periods left out."""
    for _period, (s, e) in find_periods(tail.lower(), ctx.today):
        tail = tail[:s] + " " * (e - s) + tail[e:]
    return [w for w in re.findall(r"[\w&'-]+", tail) if w.lower() not in NAME_FILLER and not w.isdigit()]


ONE_OF_SET_RE = re.compile(r"^\s*(?:the|that)\s+(?:(?P<big>biggest|largest|top|most expensive|priciest|highest|"
                           r"big)|(?P<small>smallest|cheapest|lowest|tiniest))(?:\s+(?:one|charge|purchase|transaction|"
                           r"order|payment|item))?\s*$", re.I)


# "the last Target charge", "my latest Uber ride", "that big Best Buy purchase": one transaction of what it names, the
# newest (or the biggest, the smallest); "the last 3 Target charges": the three newest ("last month's" is a period)
ONE_NAMED_RE = re.compile(r"^\s*(?:-\w+\s+)?(?:the|that|this|my|those|these)\s+(?:(?P<latest>last|latest|most recent|"
                          r"newest|recent)|(?P<big>biggest|largest|big|huge|most expensive|priciest)|(?P<small>smallest|"
                          r"cheapest))\s+(?:(?P<n>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+)?"
                          r"(?!(?:few|couple|week|month|year|quarter|weekend|time)s?\b)"
                          r"(?P<what>.+?)\s+(?P<noun>(?:charge|purchase|transaction|order|payment|bill|ride|trip|one|"
                          r"entry|expense)(?P<plural>s)?)\s*$", re.I)
NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def _one_named(subject: str) -> tuple[str, str, int] | None:
    """("latest" | "largest" | "smallest", the words naming the transactions, how many) of a subject that picks
    some of them; None for every one of them ("the Target charges")."""
    m = ONE_NAMED_RE.search(subject or "")
    if m is None or bool(m.group("plural")) != bool(m.group("n")):
        return None  # "the last Target charges" is no pick of a number, "the last 3 Target charge" no sentence
    n = int(NUMBER_WORDS.get(m.group("n").lower(), m.group("n"))) if m.group("n") else 1
    return ("latest" if m.group("latest") else "largest" if m.group("big") else "smallest"), m.group("what"), n


def _one_of_last_set(subject: str) -> str | None:
    """"the biggest one", "the cheapest charge": one transaction of the last answer's set, "largest" or "smallest"."""
    m = ONE_OF_SET_RE.search(subject or "")
    return None if m is None else "largest" if m.group("big") else "smallest"


# "mark them business expense", "tag those Work", "call all of those groceries": a pointer at the last answer's set,
# then the category with no "as" before it
BARE_TARGET_RE = re.compile(LEAD + r"(?:mark|label|tag|classify|categori[sz]e|re-?categori[sz]e|call|count|make|file)\s+"
                            r"(?P<subject>(?:(?:all|each|both)\s+(?:of\s+)?)?(?:(?:those|these|the)\s+(?:ones|transactions|"
                            r"charges|purchases|rows|items|rides|orders)|them|those|these|em|'em|it|that|this))\s+(?:all\s+)?"
                            r"(?!as\b|under\b|into\b|to\b|in\b|with\b|for\b|off\b|up\b|down\b|out\b|on\b|again\b|too\b)"
                            r"(?P<name>[\w&' -]{2,40}?)\s*(?:pls|please|thanks|thx|too|then)?\s*[.!]*\s*$", re.I)


def _bare_target_call(text: str, ctx: Any) -> dict[str, Any] | None:
    """The re-filing of the last answer's set under a category named without "as" ("mark them business expense")."""
    m = BARE_TARGET_RE.search(text)
    if m is None or not points_at_last_set(m.group("subject"), getattr(ctx, "previous_query", None)):
        return None
    named = _name_words(NAME_END_RE.sub("", m.group("name")), ctx)
    if not 1 <= len(named) <= 4:
        return None
    category = category_in(m.group("name"), ctx)
    if category is None or len(named) > len(category.split()):
        category = " ".join(w if w.isupper() else w.capitalize() for w in named)  # "business expense": a new one
    return {"name": "propose_set_category", "args": {"category": category, "of_last_answer": True}}


# a request said again after a cue ("… actually no, just move them …"): the words before it are withdrawn
CORRECTED_RE = re.compile(r"(?:\.\.+|[,;—–-])?\s*\b(?:actually|no wait|wait|sorry|scratch that|or rather|i mean|à không|"
                          r"thôi)\b[\s,.!]*(?:(?:no|nah|nope|not that)\b[\s,.!]*)?(?:(?:just|only|instead)\s+)?"
                          r"(?:(?:move|put|file|mark|tag|label|make)\s+)?(?:(?:them|those|these|it|em)\s+)?", re.I)


# (a new sentence may correct the request: "as work stuff... actually no, just move them to Groceries")
REMARK_START_RE = re.compile(r"\s+[-–—]+\s+|,\s*(?=(?:it|it'?s|that|this|they|they'?re|she|he|i|i'?m|we|was|cause|because|"
                             r"coz|since|as)\b)", re.I)


def recategorise_call(text: str, ctx: Any) -> dict[str, Any] | None:
    if (bare := _bare_target_call(text, ctx)) is not None:
        return bare
    # the target ("as Gifts", "to Transport") comes after the verb: the "to" of "I want to change my password"
    # is the lead-in, and "change password" is no category
    verb = RECAT_RE.search(text)
    splits = [s for s in TARGET_SPLIT_RE.finditer(text) if verb is None or s.start() >= verb.end()]
    # "file the rides as Transport please, they keep landing in the wrong place": a target said inside a remark after
    # the request ("in the wrong place") is no target when the request itself names one before the remark
    if (remark := REMARK_START_RE.search(text, verb.end() if verb else 0)) is not None:
        splits = [s for s in splits if s.start() < remark.start()] or splits
    for split in reversed(splits):
        # the name ends where the sentence does or a dash starts an aside ("as a gift please — it was mom's")
        head, tail = text[:split.start()], re.split(r"\s+[-–—]+\s+|[;.!?]|,\s*(?=(?:it|it'?s|that|this|they|she|he|i|we|was|cause|because|coz)\b)",
                                                  text[split.end():], flags=re.I)[0]
        category = category_in(tail, ctx)
        named = _name_words(NAME_END_RE.sub("", tail), ctx)
        if category is not None and len(named) > len(category.split()) and named[-1].lower().rstrip("s") in \
                category.lower():
            category = " ".join(w if w.isupper() else w.capitalize() for w in named)  # "work travel" ≠ Travel
        elif category is None and split is splits[-1] and RECAT_RE.search(text) and 1 <= len(named) <= 4 \
                and not find_periods(tail.lower(), ctx.today):
            # "mark it as Gifts" with no Gifts category: a new one, created when the user confirms
            category = " ".join(w if w.isupper() else w.capitalize() for w in named)
        if category is None:
            continue
        if split is not splits[0] and (cue := CORRECTED_RE.search(head, splits[0].end())):
            # "file my amazon as work stuff… actually no, just move them to Groceries": what the first request named
            # ("my amazon"), its target and the cue dropped
            head = head[:splits[0].start()] + " " + head[cue.end():]
        subject = re.sub(LEAD + r"(?:đánh dấu|gắn nhãn|phân loại|\w+)(?:\s+(?:up|down|over))?(?!\w)", "", head, count=1,
                         flags=re.I)
        if (pick := _one_of_last_set(subject)) and points_at_last_set("them", getattr(ctx, "previous_query", None)):
            # "tag the biggest one as a gift" after a listing or a total: that one transaction of the last answer
            return {"name": "propose_set_category", "args": {"category": category, "of_last_answer": True,
                                                             "pick": pick}}
        if points_at_last_set(subject, getattr(ctx, "previous_query", None)):  # "move all of those to groceries"
            return {"name": "propose_set_category", "args": {"category": category, "of_last_answer": True}}
        subject = VI_THOSE_RE.sub("", subject)  # "mấy cái Uber": the Uber ones, not a thing called "cái Uber"
        one = _one_named(subject)
        sq = understand_in(one[1] if one else subject, ctx)
        merchants = list(dict.fromkeys([*sq.merchants, *[link.mention for link in sq.links
                                                         if link.kind == "merchant" and link.how == "concept"]]))
        merchants = [m for m in merchants if not any(m in link.names for link in sq.links if link.how == "concept")] \
            or merchants
        text_words = [*sq.text, *sq.unknown]
        if not (merchants or text_words):
            text_words = [w.rstrip("s") if len(w) > 4 else w for w in _words(subject)][:2]
        if not (merchants or text_words):
            return None
        args: dict[str, Any] = {"category": category, **({"pick": one[0]} if one else {}),
                                **({"count": one[2]} if one and one[2] > 1 else {})}
        if merchants:
            args["merchants"] = merchants
        if text_words:
            args["text"] = text_words
        # the period anywhere in the sentence ("file my Uber rides under Transport from August": August)
        if period := period_args(text, ctx.today):
            args["start"], args["end"] = period.get("start", period.get("date")), period.get("end", period.get("date"))
        return {"name": "propose_set_category", "args": args}
    return None


def add_call(text: str, q: Any, ctx: Any) -> dict[str, Any]:
    category_m = re.search(r"\b(?:under|as|in(?:to)?)\s+(?:the\s+|my\s+)?([\w&' -]{3,30})$", text.strip(" .!"), re.I)
    category = category_in(category_m.group(1), ctx) if category_m else None
    body = text[:category_m.start()] if category and category_m else text
    for clause in CLAUSE_RE.split(text)[1:]:  # "I spent 20 on a taxi, add it": the request is its own clause
        if clause and len(clause.split()) <= 4 and ADD_RE.search(clause):
            body = body.replace(clause, " ")
    body = re.sub(LEAD + r"\w+(?:\s+(?:down|in))?\b", "", body, count=1, flags=re.I)

    for _period, (s, e) in find_periods(body.lower(), ctx.today):
        body = body[:s] + " " * (e - s) + body[e:]
    direction = "in" if re.search(r"\b(?:received|got paid|income|refund|earned|paid me|sold)\b", text, re.I) else "out"
    words = [w for w in _words(body) if w.lower() not in {"received", "got", "income", "earned", "put"}]
    day = _day(q)
    if day is None and re.search(r"\byesterday\b", text, re.I):
        day = (ctx.today - timedelta(days=1)).isoformat()
    args: dict[str, Any] = {"description": " ".join(words[:6]), "amount": amount_in(text), "direction": direction}
    if day:
        args["date"] = day
    if category:
        args["category"] = category
    return {"name": "propose_add_transaction", "args": args}




def delete_call(text: str, q: Any, ctx: Any = None) -> dict[str, Any]:
    args: dict[str, Any] = {}
    shown = getattr(ctx, "previous_result", None) or {}
    rows = shown.get("rows") or []
    period = period_args(text, ctx.today)
    if len(rows) == 1 and rows[0].get("id") and THAT_ONE_RE.search(text) and amount_in(text) is None \
            and not period and not DUPLICATE_RE.search(text):
        # "delete that charge" after an answer that showed one transaction: that one (the card shows it)
        return {"name": "propose_delete_transaction", "args": {"transaction_id": int(rows[0]["id"])}}
    if points_at_last_set(re.sub(LEAD + DELETE_VERB, "", text, count=1, flags=re.I), ctx.previous_query):
        return {"name": "propose_delete_transaction", "args": {"of_last_answer": True}}  # "delete all of those"
    # "remove the duplicate Netflix charge": the money grammar reads "remove Netflix" as leaving it out, and may read
    # the verb itself as a name ("delete" as a merchant spelled like it): the names are read without the verb
    subject = re.sub(LEAD + DELETE_VERB, " ", text, count=1, flags=re.I)
    # "i think one of those is a duplicate, delete it": the verb after what it is about is no name either
    subject = re.sub(r"(?<!\w)" + DELETE_VERB + r"(?=\s+(?:it|them|that|those|this|these|one|the)\b|\s*[.!]*$)", " ", subject,
                     flags=re.I)
    if ctx is not None and subject.strip() != text.strip() and getattr(ctx, "vocab", None) is not None:
        sq = understand_in(subject, ctx)
        if sq.merchants or sq.categories or sq.text:
            q = sq
        elif DUPLICATE_RE.search(text) and ctx.previous_query:
            # "one of those is a duplicate", "Delete the duplicate then": the duplicate among what the last answer was
            # about, over its period (the verb, read as a name — "Delete" as Delta — names nothing)
            previous = ctx.previous_query
            q = understand_in("", ctx)
            q.merchants, q.categories = list(previous.get("merchants") or []), list(previous.get("categories") or [])
            span = previous.get("period") or {}
            if span.get("start") and span.get("end") and not period:
                period = {"start": span["start"], "end": span["end"]}
        else:
            q = sq  # without the verb the turn names nothing: "Delete" was no merchant
    merchants = getattr(q, "merchants", None) or getattr(q, "exclude_merchants", None)
    if merchants:
        args["merchant"] = merchants[0]
    elif categories := getattr(q, "categories", None) or getattr(q, "exclude_categories", None):
        args["categories"] = list(categories)
    if words := [*(getattr(q, "text", None) or [])]:
        args["text"] = words
    # "the ones over $40": a size the money grammar reads as a bound, never one exact amount
    low, high = getattr(q, "amount_min", None), getattr(q, "amount_max", None)
    if low is not None or high is not None:
        args.update({k: float(v) for k, v in (("amount_min", low), ("amount_max", high)) if v is not None})
    elif (amount := amount_in(text)) is not None:
        args["amount"] = amount
    args.update(period)  # "from August" is August (chat/actions/scope.py)
    if DUPLICATE_RE.search(text):
        args["duplicate"] = True
    elif means_every(text):  # "delete all my Chipotle from August": every match, with the count and total
        args["all_matching"] = True
    return {"name": "propose_delete_transaction", "args": args}

