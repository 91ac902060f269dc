"""General signals that an answer answers another question than the one asked (chat/turn_check.py applies them after
the grounding formula and the fit checks). Each compares something the question states with what the tools that ran
did, whatever the wording of the rest of the sentence; each costs SIGNAL_PENALTY (0.95 − 0.6 < 0.4: never confident)
and says why in words. They read the question and the tool calls only, so an LLM's turn is judged like the offline one.

- **A period no tool covered**: the question states a period ("last mo", "in that same month", "in 2025", "tháng
  trước") but no tool that ran — a money query or a proposed change — covered any period (a figure over all time, a
  jar set to a figure never computed). Words of all time ("ever", "overall") and per-unit words ("a month") state
  none. A change proposed on "those" after an answer about one period, over all time, is the same kind.
- **A subject left as a pronoun**: "what did it charge me", "how much were they" answered by a query over all their
  spending, with no merchant, category or words — while the last answer (if any) had one: what "it" is was lost.
- **A number no tool used**: "the past 4", "over 50", "sixty days", "3k": every number the question states (digits,
  or a number word from fifteen up) must be in the arguments or the periods of a tool that ran (a value, a date's day,
  month or year, a period's length in days, weeks or months); "top 3" is answered by a ranking of at least 3 items.
- **A figure of theirs answered from help text**: "what did that trip cost me" answered only by the knowledge base or
  the app's help.
- **An explanation answered by a capability note**: "explain what a credit score is", "what's a good …", "should I"
  answered only with "Moneta can't see your score".
- **A how-to answered by a change**: "how do I add a cash expense", "is there a way to make a jar", "làm sao để …"
  answered only by proposing the change: the person asked for the steps ("could you add …", "please …" ask for it).
- **A follow-up that lost the last answer's period**: "ok how many visits was that" after an answer about the last 3
  months, answered over all time: the turn points back, states no period of its own, and no tool covered any.
- **A request to act answered with a figure**: "can you make me one for rent", "delete the gym charge" answered only
  by reading their transactions (no change proposed, nothing said about what can't be done).
- **One row asked, many changed**: "recategorize the last Target charge" proposed on every Target charge.
- **A duplicate asked, none looked for**: "delete the double Netflix charge" proposed without looking for a charge
  that appears twice.
- More signals about how the turn was read (a request answered by a passage, a side of a comparison with no
  subject, a how-to in Vietnamese answered by a change): chat/reading_signals.py.
- **Spending over a period answered by a capability note**: "2 tuần vừa rồi mình ăn ngoài hết bao nhiêu" answered
  only with "Moneta can't see balances": the question asks what went out over a period, which Moneta has.
"""
from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

from django.utils import timezone

from chat.actions.tools import PROPOSE_TOOLS
from chat.affordability import REASONING_TOOLS
from chat.assistant import ALL_TOOLS, KNOWLEDGE_TOOLS, MONEY_TOOLS, TurnRecorder, tool_arguments
from chat.balances import BALANCE_TOOLS
from chat.capabilities import OTHERS_TOPIC
from chat.confidence_asked import income_answered_by_spending
from chat.help_question import asks_app_place
from core.text import strip_accents
from transactions.query.followups_subject import asks_all_of_it
from transactions.query.number_words import years_and_quarters_said
from transactions.query.periods_words import EN_BIG, EN_COUNTS, TEENS, words_number
from transactions.query.pointers import LEANS_ON_LAST_RE

SIGNAL_PENALTY = 0.6
LISTINGS = {"list_subscriptions", "get_jar_status", "suggest_budgets"}  # chosen by their own words, take no period
# tools whose answer is a figure or a change over some of their transactions (and so over some period)
SCOPED_TOOLS = (MONEY_TOOLS - LISTINGS - set(BALANCE_TOOLS)) | PROPOSE_TOOLS - {"save_note"} | set(REASONING_TOOLS)
# the period arguments of the tools, read from their schemas: each argument named by a word of time (check_affordability's
# `when`, compare_spending's `periods`, income_breakdown's `save_period`; `based_on` is a period too: "last month"),
# not a figure per unit of time (income_breakdown's `per_month`)
TIME_WORDS = {"period", "periods", "start", "end", "date", "month", "months", "year", "when", "based"}
PERIOD_KEYS = tuple(sorted({arg for tool in ALL_TOOLS for arg in tool_arguments(tool)
                            if TIME_WORDS & set(arg.split("_")) and "per" not in arg.split("_")}))

MONTH = (r"january|february|march|april|june|july|august|september|october|november|december|"
         r"jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec")
UNIT = r"(?:days?|weeks?|weekends?|fortnights?|months?|mos?|years?|yrs?|quarters?|summer|winter|spring|autumn|fall)"
# a period the question states, on lower-case text without diacritics ("đ" read as "d")
PERIOD_RE = re.compile(
    rf"\b(?:yesterday|today|tonight|ytd|so far|year to date|"
    rf"(?:this|last|past|previous|prior|next|that|same|the first|the last) (?:(?:\w+|same) ){{0,2}}{UNIT}|"
    rf"(?:in|during|within|of|for) (?:that|those)(?: (?:period|time|stretch|window|range|span))?(?=\s*(?:[?.!,;]|$))|"
    rf"(?:in|during|for|since|until|till|through|thru|from|before|after) (?:early |late |mid |mid-)?(?:{MONTH})\b|"
    rf"(?:january|february|march|april|june|july|august|september|october|november|december)|(?:19|20)\d\d|"
    rf"(?:thang|tuan|nam|quy) (?:nay|truoc|qua|ngoai|roi|\d{{1,2}})|(?:thang|tuan|nam|hom) (?:do|ay|kia)|hom (?:nay|qua)|(?:\d+|hai|ba|bon|nam|sau) "
    rf"(?:ngay|tuan|thang|nam) (?:gan day|qua|vua qua|vua roi))\b")
ALL_TIME_RE = re.compile(r"\b(?:ever|all time|all-time|overall|lifetime|to date|in all|since (?:i|we|my|the) "
                         r"(?:started|began|joined|opened|first|records?)|records? (?:began|start)|tu truoc den nay|"
                         r"tu khi)\b")
PER_UNIT_RE = re.compile(r"\b(?:(?:per|a|an|each|every|moi|hang) (?:day|week|month|year|ngay|tuan|thang|nam)|daily|"
                         r"weekly|monthly|yearly)\b")
# "in that", "of those" with no noun of time: a period only when the last answer was about one
BARE_REFERENCE_RE = re.compile(r"^(?:in|during|within|of|for) (?:that|those)$")
ITEMS_RE = re.compile(r"\b(?:those|these|them|they|all of (?:them|those|these))\b")
# "what did it charge me", "how much were they": the thing counted is a pronoun of the question
PRONOUN_RE = re.compile(r"\b(?:(?:did|does|has|have|do|was|were|is|will) (?:it|they|that one|this one) "
                        r"(?:\w+ )?(?:cost|charge|run|come|take|bill)|how much (?:was|were|did|does|has|have) "
                        r"(?:it|they)\b(?! (?:all|altogether|together|in total)))")
# numbers in words (transactions/query/periods_words.py) from fifteen up ("sixty days", "over twenty bucks",
# "forty-five"); two to fourteen count items as often ("the two of them", "those three", "all three months") and cost
# right answers on the validation sets: said in words they are ranks only ("top three")
QUANTITY_FROM = 15
RANK_WORDS = {w: n for w, n in {**EN_COUNTS, **TEENS}.items() if 2 <= n < QUANTITY_FROM}
VI_SCALES = {"triệu": 1_000_000, "trieu": 1_000_000, "tr": 1_000_000, "củ": 1_000_000, "nghìn": 1000, "nghin": 1000,
             "ngàn": 1000, "ngan": 1000, "tỷ": 1_000_000_000, "ty": 1_000_000_000}
VI_SCALE_AFTER = re.compile(r"\s*(triệu|trieu|tr|củ|nghìn|nghin|ngàn|ngan|tỷ|ty)(?!\w)", re.I)
NUMBER_RE = re.compile(r"(?<![\w/.,#-])(\d+(?:\.\d+)?)(k)?(?![\w/%:-]|\.\d|,\d)|\b(" + EN_BIG + r")\b")
_N = r"(\d{1,2}|" + "|".join(RANK_WORDS) + ")"
RANK_COUNT_RE = re.compile(rf"\b(?:top|first|biggest|largest|most|highest) {_N}\b|\b{_N} (?:\w+ )?(?:biggest|largest|"
                           r"most|highest|top|categories|merchants|shops|places|stores|"
                           r"danh muc|hang muc|cua hang|cho|noi|khoan)\b")  # "3 danh mục tiêu nhiều nhất"
NOT_A_QUANTITY = re.compile(r"\s*(?:of (?:them|those|these|the|my|our|us)\b|ones?\b|things?\b|of us\b)")
# before the number, words that make it a count of items already shown ("add those 3 up", "all 3")
# ("thứ 3", "thứ ba": a place in Vietnamese, "the third")
# ("number 2 - what did I spend there?", "no. 3": a place of the last ranking, said as a number)
ITEMS_BEFORE = re.compile(r"\b(?:those|these|all|both|other|thu)\s+$|\b(?:number|no\.)\s*$")
# a figure of their own money ("what did that cost me", "how much have I spent", "what do I usually spend a month")
THEIR_FIGURE_RE = re.compile(r"\b(?:cost(?:s|ed)? (?:me|us)|(?:do|did|have|had) (?:i|we) (?:usually |normally |typically |"
                             r"really |actually )?(?:spend|spent|pay|paid)|(?:am|was|were) (?:i|we) spending|"
                             r"(?:i|we|i've|i have) (?:spent|paid)|my (?:average|usual|typical|monthly) (?:\w+ )?"
                             r"(?:spend|spending|bills?)|toi (?:da )?(?:chi|tra|tieu) (?:het )?bao nhieu)\b")
# a concept asked (what a thing is, how it works or is worked out, why, whether to): the knowledge base answers it
EXPLAIN_RE = re.compile(
    r"\b(?:explain|giai thich|la gi|nghia la|what does .{1,40} mean|how (?:does|do|is|are) .{1,40} (?:work|calculated|"
    r"computed|worked out|determined|measured|decided)|difference between|what(?:'s| is| are) (?:a|an)\b|"
    r"how (?:do|can|should|would|could) (?:i|you|we|one|people|someone) (?:improve|raise|boost|build|increase|fix|repair|"
    r"calculate|work out|figure out|choose|pick|start|grow|lower|reduce)|why (?:do|does|is|are|should|would|did)|"
    r"should (?:i|we)|is it (?:worth|better|smart|wise|a good idea|bad|good)|tai sao|vi sao|lam (?:sao|the nao) de|"
    r"cach (?:nao )?de|co nen|cai thien|anh huong)\b")
CAPABILITY_TOOLS = {"check_data_available", "explain_unavailable_action"}
# "how do I add a cash expense", "can I delete a charge", "is there a way to make a jar", "làm sao để tạo hũ": the person
# asks how to do it (the app's steps), not for the assistant to do it ("add a $20 cash lunch", "could you remove it")
HOW_TO_RE = re.compile(r"\b(?:how (?:do|can|could|would|should|might|does) (?:i|we|you|one|someone|a user)\b|how to\b|"
                       r"how (?:i|we) (?:can|could|would|should)\b|walk (?:me|us) through|show (?:me|us) how|"
                       r"(?:the )?steps? (?:to|for)\b|step by step|the process\b|instructions|guide me|teach me|"
                       r"explain how|where (?:do|can|would|should) (?:i|we)\b|is there a way|what(?:'s| is) the (?:best )?"
                       r"way to|lam (?:sao|the nao|cach nao)|cach (?:nao )?de|huong dan|o dau)")
# "can I …", "is it possible to …" ask how only when the turn does not also ask the assistant to do it
MAYBE_HOW_TO_RE = re.compile(r"\b(?:(?:can|may) (?:i|we)\b|is it possible|am i able|co the .{1,30} khong)")
REQUEST_RE = re.compile(r"\b(?:can|could|would|will) you\b|\bplease\b|\bgiup (?:toi|minh|em)\b|\bcho (?:toi|minh)\b")


def _text(question: str) -> str:
    return strip_accents((question or "").lower())


def _ran(recorder: TurnRecorder) -> list[Any]:
    return [r for r in recorder.tool_records if not r.error and r.name != "respond"]


def _all_time(period: Any) -> bool:
    if isinstance(period, dict):
        period = period.get("label") or period.get("name")
    return isinstance(period, str) and period.strip().lower() in ("all time", "all", "ever", "all-time")


def _covers_a_period(record: Any) -> bool:
    """Did this tool call cover some period: in its arguments, its comparison sides, or the query its result ran?"""
    args, result = record.arguments or {}, record.result if isinstance(record.result, dict) else {}
    query: dict = result["query"] if isinstance(result.get("query"), dict) else {}
    if _all_time(args.get("period")) or _all_time(query.get("period")):
        return False  # "what was my shopping total that month?" answered over every row they have: no period kept
    if any(args.get(k) not in (None, "", [], {}) for k in PERIOD_KEYS):
        return True
    sides = args.get("sides") or args.get("compare") or []
    if any(isinstance(s, dict) and any(s.get(k) for k in PERIOD_KEYS) for s in sides):
        return True
    return bool(result.get("start") or (query.get("period") or {}).get("start") or query.get("months") or any(
        (s.get("period") or {}).get("start") for s in (query.get("compare") or {}).get("sides") or []))


def period_not_covered(text: str, records: list[Any], ctx: Any) -> list[str]:
    scoped = [r for r in records if r.name in SCOPED_TOOLS]
    if not scoped or any(_covers_a_period(r) for r in scoped):
        return []
    stated = PERIOD_RE.search(PER_UNIT_RE.sub(" ", text))
    previous = (getattr(ctx, "previous_query", None) or {}).get("period") or {}
    if stated and BARE_REFERENCE_RE.match(stated.group(0)) and getattr(ctx, "previous_query", None) and \
            not _previous_span(ctx):
        stated = None  # "the biggest one of those" after an answer over all time: the items shown, not a period
    if stated and not ALL_TIME_RE.search(text):
        return [f"the question states a period ({stated.group(0)!r}) but no tool that ran covered any period"]
    if previous.get("start") and (items := ITEMS_RE.search(text)) and all(r.name in PROPOSE_TOOLS for r in scoped):
        return [f"the change acts on {items.group(0)!r} of the last answer, which was about "
                f"{previous.get('label') or 'one period'}, but it covers all time"]
    return []


def _subject(d: dict) -> bool:
    return any(d.get(k) for k in ("merchants", "categories", "text", "exclude_merchants", "exclude_categories",
                                  "exclude_text", "merchant", "category"))


def pronoun_subject_lost(text: str, records: list[Any], ctx: Any) -> list[str]:
    queries = [r for r in records if r.name in MONEY_TOOLS - LISTINGS - set(BALANCE_TOOLS)]
    if not queries or not (m := PRONOUN_RE.search(text)):
        return []
    previous = getattr(ctx, "previous_query", None)
    if previous and not _subject(previous):  # "and what was it the month before?" after all their spending
        return []
    for r in queries:
        query: dict = r.result["query"] if isinstance(r.result, dict) and isinstance(r.result.get("query"), dict) else {}
        if _subject(r.arguments or {}) or _subject(query) or (r.arguments or {}).get("sides"):
            return []
    return [f"the question asks about {m.group(0)!r} but the query that ran counted all their spending"]


def _values(value: Any, out: set[float]) -> None:
    if isinstance(value, dict):
        for v in value.values():
            _values(v, out)
    elif isinstance(value, list):
        for v in value:
            _values(v, out)
    elif isinstance(value, int | float) and not isinstance(value, bool):
        out.add(round(abs(float(value)), 2))
    elif isinstance(value, str):
        if m := re.fullmatch(r"(\d{4})-(\d{2})(?:-(\d{2}))?(?:T.*)?", value):
            out.update(float(g) for g in m.groups() if g)
        else:
            out.update(round(float(n), 2) for n in re.findall(r"\d+(?:\.\d+)?", value.replace(",", "")))


def _spans(value: Any, out: list[tuple[date, date]]) -> None:
    if isinstance(value, dict):
        start, end = value.get("start"), value.get("end")
        if isinstance(start, str) and isinstance(end, str):
            try:
                out.append((date.fromisoformat(start[:10]), date.fromisoformat(end[:10])))
            except ValueError:
                pass
        for v in value.values():
            _spans(v, out)
    elif isinstance(value, list):
        for v in value:
            _spans(v, out)


def _used_numbers(records: list[Any]) -> set[float]:
    """Every number the tools that ran were told or computed over: values, date parts, periods' lengths."""
    used: set[float] = set()
    spans: list[tuple[date, date]] = []
    for r in records:
        query = r.result.get("query") if isinstance(r.result, dict) else None
        for part in (r.arguments or {}, query or {}):
            _values(part, used)
            _spans(part, spans)
            if isinstance(part.get("offset"), int) and part["offset"] > 0:  # "my number 2 store": the place ranked
                last = part["offset"] + (part.get("limit") if isinstance(part.get("limit"), int) else 1)
                used |= {float(part["offset"] + 1), float(last)}
        if isinstance(r.result, dict):
            _spans({"start": r.result.get("start"), "end": r.result.get("end")}, spans)
    for r in records:  # two months side by side answer "the 2 months before it": the number of periods compared
        sides = (r.arguments or {}).get("sides") or (r.arguments or {}).get("periods")
        if isinstance(sides, list) and sides:
            used.add(float(len(sides)))
    for start, end in spans:
        days = (end - start).days + 1
        months = (end.year - start.year) * 12 + end.month - start.month
        used |= {days, days - 1, round(days / 7), round(days / 30.4), months, months + 1, end.year - start.year + 1}
        # "2 months ago", "3 weeks back", "a year ago": how far the period lies before today
        today = timezone.localdate()
        used |= {(today.year - start.year) * 12 + today.month - start.month, today.year - start.year,
                 round((today - start).days / 7), (today - start).days}
        if days == 7:  # "2 weeks ago", "2 tuần trước": the calendar week that many Mondays before this week's
            used.add((today - timedelta(days=today.weekday()) - start).days // 7)
    return used


def _number(word: str) -> float:
    return float(RANK_WORDS.get(word) or word)


def _ranked(records: list[Any]) -> int:
    """The longest list of rows or items a tool that ran returned (a summary ranks every category)."""
    longest = 0
    for r in records:
        result = r.result if isinstance(r.result, dict) else {}
        for value in [*result.values(), *(v for d in result.values() if isinstance(d, dict) for v in d.values())]:
            if isinstance(value, list):
                longest = max(longest, len(value))
    return longest


def number_not_used(question: str, text: str, records: list[Any]) -> list[str]:
    scoped = [r for r in records if r.name in SCOPED_TOOLS]
    if not scoped:
        return []
    used = _used_numbers(scoped)
    ranks = {float(n) for m in RANK_COUNT_RE.finditer(text) for n in [_number(m.group(1) or m.group(2))]
             if n <= _ranked(scoped)}  # "my top 3 categories" answered by a summary ranking all of them
    used |= ranks
    left = []
    text = years_and_quarters_said(text)  # "december twenty twenty five", "q four": a year and a quarter, not two quantities
    for m in NUMBER_RE.finditer(text):
        if NOT_A_QUANTITY.match(text, m.end()) or ITEMS_BEFORE.search(text[:m.start()]):
            continue  # "the two of them", "add those 3 up": items, not a quantity
        if m.group(1):
            if m.group(2) and len(m.group(1)) >= 3:  # "401k" is a kind of account, not 401,000
                continue
            value = float(m.group(1)) * (1000 if m.group(2) else 1)
            if scale := VI_SCALE_AFTER.match(text, m.end()):  # "2 triệu" is 2,000,000, "50 nghìn" 50,000
                value *= VI_SCALES[scale.group(1).lower()]
        else:
            value = words_number(m.group(3)) or 0
            if value < QUANTITY_FROM:
                continue  # "thirteen", "fourteen": a rank or a count of items, as "three" is
        if round(value, 2) not in used:
            left.append(m.group(0))
    if not left:
        return []
    return [f"the question states {', '.join(map(repr, left[:3]))} but no tool that ran used it"]


# a figure asked ("how much", "average", "total") of their own ("me", "my", "we") over a past period of their data
FIGURE_WORD_RE = re.compile(r"\b(?:how (?:much|many)|average|avg|total|sum|bao nhieu|trung binh|tong)\b")
OWN_RE = re.compile(r"\b(?:i|me|my|we|us|our|toi|minh)\b")


def help_for_a_figure(text: str, records: list[Any]) -> list[str]:
    names = {r.name for r in records}
    if not names or not names <= KNOWLEDGE_TOOLS | {"search_online"} or asks_app_place(text):
        return []  # "where in the app would I see how much I've spent": where to look, no figure asked
    if m := THEIR_FIGURE_RE.search(text):
        return [f"the question asks what something {m.group(0)!r} but only help text and knowledge were searched"]
    # "so for me how much is one month of expenses? take average of last 6 months": a figure of theirs over a period
    # of their data, whatever verb asks it ("next 10 years" is no period of their data)
    stated = PERIOD_RE.search(PER_UNIT_RE.sub(" ", text))
    if stated and not stated.group(0).startswith("next") and FIGURE_WORD_RE.search(text) and OWN_RE.search(text):
        return [f"the question asks a figure of theirs over {stated.group(0)!r} but only help text and knowledge "
                "were searched"]
    return []


def explanation_as_capability(text: str, records: list[Any]) -> list[str]:
    names = {r.name for r in records}
    if names and names <= CAPABILITY_TOOLS and (m := EXPLAIN_RE.search(text)):
        return [f"the question asks for an explanation ({m.group(0)!r}) but the answer only says what Moneta can't "
                "do or see"]
    return []


def how_to_answered_by_a_change(text: str, records: list[Any]) -> list[str]:
    names = {r.name for r in records}
    m = HOW_TO_RE.search(text) or (None if REQUEST_RE.search(text) else MAYBE_HOW_TO_RE.search(text))
    if names and names <= PROPOSE_TOOLS and m:
        return [f"the question asks how to do it ({m.group(0)!r}) but the answer proposed the change instead of the "
                "steps"]
    return []




def _previous_span(ctx: Any) -> dict:
    previous = getattr(ctx, "previous_query", None) or {}
    if getattr(ctx, "previous_family", None) not in (None, "money") or previous.get("from_action"):
        return {}
    sides = [(s or {}).get("period") or {} for s in (previous.get("compare") or {}).get("sides") or []]
    period = previous.get("period") or next((p for p in sides if p.get("start")), {})  # "A vs B last 3 months"
    return period if period.get("start") and period.get("label") != "all time" else {}


def followup_period_lost(text: str, records: list[Any], ctx: Any) -> list[str]:
    """A turn that points back at the last answer, states no period of its own, answered over all time while the
    last answer was about one period: "how many visits was that" after "… last 3 months" counts every visit ever."""
    period = _previous_span(ctx)
    scoped = [r for r in records if r.name in SCOPED_TOOLS]
    if not period or not scoped or any(_covers_a_period(r) for r in scoped) or not LEANS_ON_LAST_RE.search(text):
        return []
    if PERIOD_RE.search(PER_UNIT_RE.sub(" ", text)) or ALL_TIME_RE.search(text) or asks_all_of_it(text):
        return []  # a period of its own (period_not_covered judges it), or all time on purpose
    if all(r.name in PROPOSE_TOOLS for r in scoped) and not ITEMS_RE.search(text):
        return []  # a change named by its own words ("cancel it", "make a jar for that") need not keep the period
    return [f"the turn builds on the last answer, which was about {period.get('label') or 'one period'}, but no tool "
            "that ran kept that period: it answered over all time"]


# a request for the assistant to do something: a verb of change after "can you", "please", or opening the turn. Verbs
# that also edit the last question ("drop rent", "add coffee too", "split by month", "change it to May") are left out,
# and "add" counts only with a new row ("add a $20 cash lunch")
ACT_VERB = (r"(?:make|create|set (?:\w+ )?up|start (?:a|an|my|new)|add (?:a|an|\$?\d)|log|record|enter|delete|cancel|file|move|"
            r"re-?categori[sz]e|categori[sz]e|tag|label|rename|mark|tao|xoa|huy|ghi lai)")
ACT_REQUEST_RE = re.compile(
    rf"(?:\b(?:can|could|would|will) (?:you|u|ya)|\bplease|\bpls|\bplz|\bi (?:want|need|would like|'d like) you to|"
    rf"\bgo ahead and|\bhelp me|\bgiup (?:toi|minh|em)|^\s*(?:(?:ok(?:ay)?|cool|great|thanks|now|then|and|so|yes|"
    rf"yeah)[,!.]?\s+)*)\s*(?:just |also |quickly )?{ACT_VERB}\b(?! (?:\w+ ){{0,3}}?(?:up|together|in total|combined|"
    rf"sense|sure|list|table|chart|summary|breakdown|graph|comparison|estimate|guess)\b)")


def request_answered_by_a_figure(text: str, records: list[Any]) -> list[str]:
    """"can you make me one for rent", "delete the gym charge": a request to change something answered only by reading
    their transactions — no change was proposed and nothing says it can't be done."""
    names = {r.name for r in records}
    if not names or not names <= MONEY_TOOLS or not (m := ACT_REQUEST_RE.search(text)):
        return []
    return [f"the turn asks for a change ({m.group(0).strip()!r}) but the answer only read their transactions"]


# one row named: "the last Target charge", "that one purchase", "the double charge"
ONE_ROW_RE = re.compile(r"\b(?:the|that|this|my) (?:(?:last|latest|most recent|newest|first|single|one|\w+) ){1,3}"
                        r"(?:charge|purchase|payment|transaction|order|bill|ride|fee|debit|expense)\b(?!s)")
DUPLICATE_RE = re.compile(r"\b(?:double|doubled|duplicate[ds]?|dupe[ds]?|twice|two times|charged 2x|2x|trung|hai lan)\b")


def _proposed(r: Any) -> dict:
    result = r.result if isinstance(r.result, dict) else {}
    action = result.get("action") if result.get("proposed") else None
    return action if isinstance(action, dict) else {}


def change_wider_than_asked(text: str, records: list[Any]) -> list[str]:
    """A change on one row ("recategorize the last Target charge") proposed on many; a change on a duplicate ("drop
    the double Netflix charge") proposed without looking for a charge that appears twice."""
    changes = [r for r in records if r.name in PROPOSE_TOOLS - {"save_note"}]
    if not changes:
        return []
    out = []
    one = ONE_ROW_RE.search(text)
    if one and not ITEMS_RE.search(text) and any(int(_proposed(r).get("count") or 0) > 1 for r in changes):
        out.append(f"the turn names one row ({one.group(0)!r}) but the change covers several")
    dup = DUPLICATE_RE.search(text)
    if dup and any(r.name == "propose_delete_transaction" and not (r.arguments or {}).get("duplicate")
                   and not (r.arguments or {}).get("transaction_id") for r in changes):
        out.append(f"the turn asks about a duplicate ({dup.group(0)!r}) but no charge that appears twice was looked for")
    return out


SPEND_RE = re.compile(r"\b(?:spen[dt]|spending|paid|pay|cost|costs|bought|buy|chi|tieu|an ngoai|het bao nhieu|tra tien|"
                      r"mua)\b")


def flow_answered_by_capability(text: str, records: list[Any]) -> list[str]:
    """Spending over a period ("2 tuần vừa rồi ăn ngoài hết bao nhiêu") answered only by what Moneta can't see."""
    names = {r.name for r in records}
    if not names or not names <= CAPABILITY_TOOLS:
        return []
    if any(isinstance(r.result, dict) and r.result.get("topic") == OTHERS_TOPIC for r in records):
        return []  # "how much did my wife spend last month": someone else's spending is what Moneta can't see
    stated, spend = PERIOD_RE.search(PER_UNIT_RE.sub(" ", text)), SPEND_RE.search(text)
    if stated and spend and not EXPLAIN_RE.search(text):
        return [f"the question asks what was spent ({spend.group(0)!r}) over {stated.group(0)!r} but the answer only "
                "says what Moneta can't see"]
    return []


# words that leave something out of the last answer as much as they delete ("take out anything over $100", "drop the
# big ones"); a row's own noun ("the charge", "that transaction") or "delete" makes it a change of their data
EDIT_OR_DELETE_RE = re.compile(r"\b(?:take (?:out|away|off)|drop|remove|cut|leave out|minus|skip|ignore|bo)\b")
ROW_NOUN_RE = re.compile(r"\b(?:charges?|transactions?|payments?|entry|entries|rows?|duplicates?|delete|deleting|erase|"
                         r"xoa|giao dich)\b")


def edit_read_as_a_delete(text: str, records: list[Any], ctx: Any) -> list[str]:
    """"take out anything over $100" after a total: it leaves rows out of the last answer, not out of their data — a
    deletion proposed on words that name no row and no deletion is an answer to another question."""
    if not getattr(ctx, "previous_query", None) or getattr(ctx, "previous_family", None) not in (None, "money"):
        return []
    names = {r.name for r in records}
    if "propose_delete_transaction" not in names or not names <= PROPOSE_TOOLS | MONEY_TOOLS:
        return []
    if (m := EDIT_OR_DELETE_RE.search(text)) and not ROW_NOUN_RE.search(text):
        return [f"the turn may leave rows out of the last answer ({m.group(0)!r}) but was read as deleting them"]
    return []


def turn_signals(*, question: str, recorder: TurnRecorder, ctx: Any) -> tuple[float, list[str]]:
    """(penalty, reasons): SIGNAL_PENALTY for each general signal that the answer is to another question."""
    records = _ran(recorder)
    if not records:
        return 0.0, []
    text = _text(question)
    reasons = (period_not_covered(text, records, ctx) + pronoun_subject_lost(text, records, ctx) +
               number_not_used(question, text, records) + help_for_a_figure(text, records) +
               explanation_as_capability(text, records) + how_to_answered_by_a_change(text, records) +
               followup_period_lost(text, records, ctx) + request_answered_by_a_figure(text, records) +
               change_wider_than_asked(text, records) + flow_answered_by_capability(text, records) +
               edit_read_as_a_delete(text, records, ctx) + income_answered_by_spending(text, records))
    return round(SIGNAL_PENALTY * len(reasons), 3), reasons
