"""The offline reading of a request to act ("start a savings jar for a trip with $200 a month", "file all
rides as Transport", "log a cash lunch of $12", "drop the duplicate Netflix charge", "cancel my gym plan").

A request is an imperative: a verb of change first (after "please", "can you", "I'd like to"…), never a
question about how to do it ("how do I create a jar?" is app help). The result is the call of an action
tool that only proposes; the user confirms. Names are read with the same parser as money questions."""
from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from django.utils import timezone

from chat.actions.basis import basis_in, percent_in
from chat.actions.scope import means_every, period_args
from chat.capabilities import missing_data, unavailable_action
from chat.context import TurnContext, understand
from chat.listings import POINTS_BACK_RE
from chat.rates import rate_in
from transactions.query.followups_acts import points_at_last_set
from transactions.query.grammar import normalise
from transactions.query.parse import Linker, tokens
from transactions.query.periods import find_periods, without_periods
from transactions.query.state import exclusion_followup

LEAD = (r"^\s*(?:(?:hey|hi|ok|okay|so|and|also|now|then|moneta)[,!]?\s+)*(?:(?:please|pls|kindly)\s+)?"
        r"(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|i(?:'d| would) like (?:you )?to\s+|i want (?:you )?to\s+"
        r"|i need (?:you )?to\s+|let'?s\s+|help me\s+|go ahead and\s+|time to\s+|you should\s+)?(?:please\s+)?"
        # Vietnamese: "làm ơn", "hãy", "bạn (có thể)", "giúp tôi" before the verb
        r"(?:(?:làm ơn|xin|hãy|bạn(?: có thể| hãy)?|nhờ bạn)\s+)?(?:giúp (?:tôi|mình|em)\s+)?(?:hãy\s+)?")
# "I'd like a jar for…", "I want a 400 budget…": asking for the thing itself is asking to make it
WANT = r"(?:i(?:'d| would) like|i want|i need|give me|get me)\s+(?=an?\b|my\b|some\b|\$?\d)|"
JAR_RE = re.compile(LEAD + r"(?:" + WANT + r"(?:start|create|make|set(?: me)? up|setup|open|add|begin|new|tạo|lập|mở)\b)(?P<rest>.{0,80}?)"
                    r"(?:\b(?:jar|envelope|pot|sinking fund)s?\b|(?<!\w)hũ(?!\w))", re.I)
BUDGET_RE = re.compile(LEAD + r"(?:(?:" + WANT + r"(?:set|create|make|add|put|give|set up|setup|change|raise|lower|"
                       r"update|đặt|lập|tạo|đổi|thay đổi|tăng|giảm)\b).{0,60}?(?:\bbudgets?\b|\b(?:limit|cap|ceiling)\b|\bngân sách\b"
                       r"|\bhạn mức\b)|(?:limit|cap)\b)", re.I)
RECAT_RE = re.compile(LEAD + r"(?:file|categori[sz]e|re-?categori[sz]e|put|move|mark|label|tag|classify|change|"
                      r"switch|set|count|treat|chuyển|đổi|xếp|phân loại|đưa)\b", re.I)
ADD_RE = re.compile(LEAD + r"(?:log|add(?!(?:\s+(?:them|those|these|it|that|everything|all|both|of|the|em|"
                    r"\d+|two|three|four|five|six))*\s+(?:up|together)\b)|record|enter|track|book|"
                    r"note down|put in|put (?:it|that|this) in|write (?:it |that |this )?(?:in|down)|ghi lại|ghi|thêm|"
                    r"nhập)\b", re.I)  # "add up my orders", "add all 3 up" are arithmetic, not a new transaction
DELETE_VERB = (r"(?:delete|remove|drop|get rid of|erase|wipe(?: out)?|clear(?: out)?|purge|scrap|undo|take out|xoá|xóa|"
               r"xoa|bỏ|loại bỏ|loai bo)\b")
DELETE_RE = re.compile(LEAD + DELETE_VERB, re.I)
UNAVAILABLE_VERB_RE = re.compile(LEAD + r"(?:cancel|stop|end|terminate|unsubscribe|transfer|send|wire|pay|move|remind|"
                                 r"notify|alert|split|"
                                 r"deposit|withdraw|dispute|report|call|email|contact|complain|open|close|apply|hủy|huỷ|"
                                 r"ngừng|dừng|chuyển tiền|trả tiền|thanh toán|rename|merge|archive|combine|đổi tên|gộp|book|reserve|"
                                 r"order|buy|đặt|mua)\b",
                                 re.I)
QUESTION_RE = re.compile(r"^\s*(?:how|what|why|where|when|which|who|is|are|do|does|did|can i|could i|should)\b", re.I)
AMOUNT_RE = re.compile(r"(?:[$€£]\s*(\d[\d,]*(?:\.\d+)?)\s*(k)?|\b(\d[\d,]*(?:\.\d+)?)\s*(k)?\s*(?:dollars?|bucks|usd|"
                       r"eur|euros?|quid)\b|\b(\d[\d,]*(?:\.\d+)?)\s*(k)?(?=\s*(?:a|per|/|each)\s*(?:month|mo)\b))",
                       re.I)
K_AMOUNT_RE = re.compile(r"(?<![$€£\w.,])(\d+(?:[.,]\d+)?)\s*k\b", re.I)
BARE_NUMBER_RE = re.compile(r"\b(\d[\d,]*(?:\.\d{1,2})?)\b")
TARGET_SPLIT_RE = re.compile(r"\b(?:as|under|into|to|in|sang|vào|thành)\s+(?:the\s+|my\s+|(?:danh )?mục\s+)?(?=\S+)",
                             re.I)
IF_RE = re.compile(r"^\W*(?:if|what if|suppose|say|nếu|giả sử)\b", re.I)
# changing a proposal just made: "actually base it on the 3-month average instead", "make it 20% below instead"
REVISE_RE = re.compile(r"\b(?:instead|rather)\b|^\W*(?:actually|no|nah|hmm|ok|okay|wait)?[\s,]*(?:base it on|make it|"
                       r"change it to)\b|\bthay vào đó\b|\bthay bằng\b", re.I)
# a question asked after the request, in the same message
THEN_ASK_RE = re.compile(r"(?:[,;.]\s*|\s+)(?:and\s+)?(?:then|also|and|after that|plus)\s+(?P<ask>(?:tell me|show me|"
                         r"give me|let me know|how much|how many|what|where|which|list)\b.+)$", re.I)
PROPOSING = {"propose_create_jar", "propose_set_budget", "propose_set_category", "propose_add_transaction",
             "propose_delete_transaction"}
PERCENT_RE = re.compile(r"\b\d+(?:[.,]\d+)?\s*(?:%|percent\b|per cent\b|phần trăm)", re.I)
DUPLICATE_RE = re.compile(r"\bduplicat\w*|\bdouble[- ]?(?:charge|charged|payment)\w*|\btwice\b|\bsecond copy\b|\bextra (?:one|"
                          r"charge|copy)\b|\btrùng\b|\bhai lần\b", re.I)
# Vietnamese amounts: "3 triệu" (3,000,000), "50 nghìn"/"50 ngàn"/"50k" (50,000), "1,5 tỷ"
VI_AMOUNT_RE = re.compile(r"\b(\d+(?:[.,]\d+)?)\s*(triệu|tr|nghìn|ngàn|ngàn đồng|tỷ)(?!\w)", re.I)
VI_SCALE = {"triệu": 1_000_000, "tr": 1_000_000, "nghìn": 1000, "ngàn": 1000, "ngàn đồng": 1000, "tỷ": 1_000_000_000}
FILLER = {"a", "an", "the", "my", "all", "every", "of", "for", "on", "at", "with", "from", "it", "them", "this",
          "that", "these", "those", "transactions", "transaction", "charges", "charge", "payments", "payment",
          "purchases", "purchase", "ones", "one", "entry", "entries", "please", "and", "i", "me", "some", "new",
          "today", "yesterday", "just", "in", "to", "as", "under", "into", "budget", "month", "monthly", "per",
          "each", "expense", "spending", "money", "was", "is", "paid", "spent", "s", "t",
          # Vietnamese function words
          "khoản", "chi", "giao", "dịch", "cho", "của", "tôi", "mình", "mỗi", "tháng", "hết", "tất", "cả", "các", "những",
          "một", "giúp", "nhé", "với", "trả", "hôm", "nay", "qua", "đồng", "để", "là", "lại"}
VI_JAR_RE = re.compile(r"(?<!\w)hũ(?!\w)\s*(?:(?:tiết kiệm|chi tiêu)\s+)?(?:(?:cho|để|tên(?: là)?)\s+)?(.{0,60})", re.I)
CLAUSE_RE = re.compile(r"[,;.!]\s*|\s+(?:so|then|and then|and please|rồi|thì)\s+", re.I)


# an explicit request to keep a note ("save a note: …", "remember that …", "ghi chú: …"); a note is proposed and
# saved only once the user confirms, like every other change
NOTE_RE = re.compile(
    r"^\s*(?:please\s+|can you\s+|could you\s+|pls\s+)?(?:save|make|add|write|take|create|keep)\s+(?:a\s+|this\s+"
    r"(?:as\s+a\s+)?|me\s+a\s+)?note\b|^\s*note to self\b|^\s*(?:please\s+)?(?:remember|write down|jot down)\s+"
    r"(?:that\b|this\b|:)|^\s*note (?:that|:|-)|^\s*(?:ghi chú|ghi nhớ|lưu ghi chú)\b", re.I)
NOTE_LEAD_RE = re.compile(
    r"^\s*(?:please\s+|can you\s+|could you\s+|pls\s+)?(?:save|make|add|write|take|create|keep)\s+(?:a\s+|this\s+"
    r"(?:as\s+a\s+)?|me\s+a\s+)?note\s*(?:that|:|-)?\s*|^\s*note to self\s*:?\s*|^\s*(?:please\s+)?(?:remember|"
    r"write down|jot down)\s*(?:that|this|:)?\s*|^\s*note\s*(?:that|:|-)\s*|^\s*(?:ghi chú|ghi nhớ|lưu ghi chú)\s*"
    r"(?:rằng|là)?\s*:?\s*", re.I)


def note_call(text: str) -> dict[str, Any] | None:
    """The note an explicit request asks to keep (proposed, saved on confirmation), or None."""
    if not NOTE_RE.search(text or ""):
        return None
    body = NOTE_LEAD_RE.sub("", text, count=1).strip() or text.strip()
    return {"name": "save_note", "args": {"title": body[:60], "text": body}}


# A turn that only drops what was just proposed ("never mind", "cancel that", "forget it", "thôi, bỏ đi"): every
# part of it is such a phrase or a filler word. "cancel netflix" names something else and is not one.
DISMISS_PART_RE = re.compile(
    r"(?:never ?mind|nvm|cancel(?: (?:that|it|this|them|those|the (?:jar|budget|change|proposal|action|note|"
    r"transaction|request)))?|forget (?:it|that|about it|about that)|don'?t(?: (?:do|make|save|add|create) "
    r"(?:it|that|this))?|do not|scratch that|no thanks?|not now|leave it|drop it|hold off|stop|i(?:'ve)? changed "
    r"my mind|changed my mind|thôi(?: đi)?|bỏ đi|bỏ qua|(?:hủy|huỷ)(?: đi| bỏ| nhé)?|không cần"
    r"(?: nữa)?|đừng(?: làm| lưu| tạo)?(?: nữa)?|không (?:làm |tạo |lưu )?nữa)", re.I)
DISMISS_FILLER = {"actually", "oh", "ok", "okay", "wait", "no", "nope", "hmm", "please", "then", "ah", "sorry", "so",
                  "just", "nah", "nhé", "à", "ừ", "ờ", "vậy", "không", "nha"}


def dismiss_call(text: str) -> dict[str, Any] | None:
    """The cancellation of the conversation's waiting proposals, when the whole turn says to drop them."""
    parts = [p.strip() for p in re.split(r"[,.!;?]+|\s+(?:and|then|rồi)\s+", (text or "").lower()) if p.strip()]
    found = False
    for part in parts:
        words = [w for w in part.split() if w not in DISMISS_FILLER]
        rest = " ".join(words)
        if not rest:
            continue
        if not DISMISS_PART_RE.fullmatch(rest):
            return None
        found = True
    return {"name": "cancel_pending_action", "args": {}} if found else None


def _amount(text: str) -> float | None:
    vi = VI_AMOUNT_RE.search(text)
    if vi:
        return float(vi.group(1).replace(",", ".")) * VI_SCALE[vi.group(2).lower()]
    m = AMOUNT_RE.search(text)
    if m:
        number = next(g for g in (m.group(1), m.group(3), m.group(5)) if g)
        k = m.group(2) or m.group(4) or m.group(6)
        return float(number.replace(",", "")) * (1000 if k else 1)
    if thousands := K_AMOUNT_RE.search(text):  # "50k" (50,000): how Vietnamese and casual English write amounts
        return float(thousands.group(1).replace(",", ".")) * 1000
    # a period or a count of time is no amount: "using what I spend, going by the last 3 months" made a $3.00 jar
    # (transactions.query.periods reads both, as it does for every question); nor is a percentage ("10% below")
    text = without_periods(normalise(PERCENT_RE.sub(" ", text)), timezone.localdate())
    bare = [b for b in BARE_NUMBER_RE.findall(text) if not re.fullmatch(r"(?:19|20)\d\d", b)]
    return float(bare[0].replace(",", "")) if len(bare) == 1 else None


def _monthly(text: str) -> float | None:
    """A monthly amount: "$40 3x a week" is 3 × 40 × 52 ÷ 12 (chat/rates.py), else the amount said."""
    return float(rate.monthly) if (rate := rate_in(text)) else _amount(text)


def _words(text: str) -> list[str]:
    text = AMOUNT_RE.sub(" ", VI_AMOUNT_RE.sub(" ", K_AMOUNT_RE.sub(" ", text)))
    text = re.sub(r"\b\d[\d,.]*\b|[^\w\s'-]", " ", text)
    return [w for w in text.split() if w.lower() not in FILLER]


def _day(q: Any) -> str | None:
    period = getattr(q, "period", None)
    if period is not None and period.grain != "all" and period.start == period.end:
        return str(period.start.isoformat())
    return None


def _category_in(text: str, ctx: Any) -> str | None:
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


def _parse(text: str, ctx: Any) -> Any:
    return understand(text, TurnContext(vocab=ctx.vocab, today=ctx.today, categories=ctx.categories,
                                         merchants=ctx.merchants))


def action_call(text: str, q: Any, ctx: Any) -> dict[str, Any] | None:
    """The action tool call a request to act asks for, or None when the text is not a request to act. The
    request may follow what it is about ("Netflix charged me twice in May, get rid of the extra one"): each
    clause is read for the verb, the whole text for the names, amounts and dates."""
    if not text.strip():
        return None
    if note := note_call(text):
        return note
    if exclusion_followup(text, q, getattr(ctx, "previous_query", None)):
        return None  # "drop rent" after a ranking leaves it out of the question (transactions.query.followups)
    if QUESTION_RE.search(text) and not re.search(r"^\s*(?:can|could|would|will)\s+you\b", text, re.I):
        return None
    if (ask := THEN_ASK_RE.search(text)) and ask.start() > 0:
        # "log $12 cash for lunch, then tell me where dining is at this month": the request, and a question after
        # it that the money tools answer (the router runs it beside the proposal)
        call = action_call(text[:ask.start()], _parse(text[:ask.start()], ctx), ctx)
        if call is not None and call["name"] in PROPOSING:
            return {**call, "then": ask.group("ask"), "front": text[:ask.start()]}
    clauses = [text, *(c for c in CLAUSE_RE.split(text)[1:] if len(c.split()) >= 2)]

    def said(pattern: re.Pattern[str]) -> re.Match[str] | None:
        return next((m for c in clauses if (m := pattern.search(c))), None)

    # not a question (those returned above): a request Moneta can't carry out, however it is worded ("set a
    # reminder for rent")
    found = unavailable_action(text)
    if found is not None and IF_RE.match(text) and found.what != "cancel a subscription":
        return None  # "if I move to an apartment for $1,800, how much would I save": a what-if, not a request
    if found is not None and (said(UNAVAILABLE_VERB_RE) or _recategorise(text, ctx) is None):
        merchants = list(getattr(q, "merchants", None) or getattr(q, "exclude_merchants", None) or [])
        # "cancel netflix, how much would I save": the plan it is about, whose price the answer gives
        return {"name": "explain_unavailable_action",
                "args": {"request": text, **({"subject": merchants[0]} if len(merchants) == 1 else {})}}
    # (only right after a turn that was no money answer: "use the 3-month average instead" after a figure is a
    # money follow-up)
    if getattr(ctx, "previous_family", None) == "other" and REVISE_RE.search(text) \
            and not getattr(q, "merchants", None) and not getattr(q, "categories", None) \
            and (basis := basis_in(text, q) or ({"percent_change": p} if (p := percent_in(text)) else None)):
        # "actually base it on the 3-month average instead": the proposal just made, on another basis
        return {"name": "propose_set_budget", "args": {"category": "", "revise": True, **basis}}
    figure = _figure_said_before(text, ctx)  # "set up a budget with that amount": the last answer's figure
    # "using what I usually spend", "10% below what I spent last month": an amount computed from their spending
    basis = basis_in(text, q) if _amount(text) is None and figure is None else None
    if m := said(JAR_RE):
        return _jar(text, m.group("rest"), q, ctx, figure=figure, basis=basis)
    if said(BUDGET_RE) and (_amount(text) is not None or figure is not None or basis is not None):
        return _budget(text, q, ctx, figure=figure, basis=basis)
    if said(DELETE_RE):
        return _delete(text, q, ctx)
    if said(ADD_RE) and _amount(text) is not None:
        return _add(text, q, ctx)
    if RECAT_RE.search(text) and (call := _recategorise(text, ctx)) is not None:
        return call
    return None


# "that amount", "the same figure", "that much", "with that", "it": a request that takes the last answer's figure
THAT_FIGURE_RE = re.compile(r"\b(?:that|this|the same|same)\s+(?:amount|figure|number|sum|total|average|much|"
                            r"price|cost|spend(?:ing)?)\b|\b(?:with|to|at|of|for|as)\s+(?:exactly\s+|just\s+|precisely\s+)?(?:that|this|it)\b"
                            r"|^\s*(?:\w+\s+){0,3}(?:make|set|use|put)\s+(?:that|this|it)\b|\bsố (?:đó|này|tiền đó)\b"
                            r"|\bmức (?:đó|này)\b", re.I)
# "delete that charge", "remove it", "xoá giao dịch đó": the transaction the last answer showed
THAT_ONE_RE = re.compile(r"\b(?:that|this|the|it)\b(?:\s+(?:one|charge|transaction|purchase|payment|order|entry))?|\bđó\b",
                         re.I)


def then_question(call: dict[str, Any], ctx: Any) -> Any:
    """The money question asked after a request in the same message ("…, then tell me where dining is at this
    month"), as a query to run beside the proposal; None when there is none. A question that points back or names
    nothing of its own ("and tell me if I would've blown it last month", "how much that moves") is about what the
    request files, budgets or saves for, over the question's period (else the request's). Pops the call's keys."""
    then, front = call.pop("then", None), call.pop("front", "")
    if not then:
        return None
    tq, fq = _parse(then, ctx), _parse(front, ctx)
    solid = [link for link in tq.links if link.how in ("exact", "synonym", "concept", "alias")]
    args = call["args"]
    merchants = list(args.get("merchants") or ([] if args.get("category") or args.get("categories") else fq.merchants))
    categories = [] if call["name"] == "propose_set_category" else \
        list(args.get("categories") or ([args["category"]] if args.get("category") else fq.categories))
    if (merchants or categories) and (not solid or POINTS_BACK_RE.search(then)):
        tq.merchants, tq.categories, tq.unknown, tq.text, tq.links = merchants, categories, [], [], []
        tq.period = tq.period or fq.period
    return tq if tq.has_filters or tq.period is not None else None


def _figure_said_before(text: str, ctx: Any) -> float | None:
    """The figure of the last money answer, when the request points back at it and names no amount of its own."""
    shown = getattr(ctx, "previous_result", None) or {}
    if _amount(text) is not None or not THAT_FIGURE_RE.search(text) or shown.get("figure") in (None, 0):
        return None
    return round(float(shown["figure"]), 2)


def _previous_subject(ctx: Any) -> tuple[list[str], list[str]]:
    """The categories and merchants the last money answer was about."""
    previous = getattr(ctx, "previous_query", None) or {}
    return list(previous.get("categories") or []), list(previous.get("merchants") or [])


POINTER_WORDS = {"exactly", "just", "precisely", "that", "this", "it", "the", "same", "amount", "figure"}
# what follows a Vietnamese jar's name: "hũ ăn uống theo mức chi trung bình…", "hũ du lịch với 2 triệu"
VI_NAME_END_RE = re.compile(r"\s+(?:theo|bằng|với|dựa|mức|khoảng|là|cỡ|tầm|mỗi)\b.*$", re.I)


def _jar(text: str, rest: str, q: Any, ctx: Any, *, figure: float | None = None,
         basis: dict[str, Any] | None = None) -> dict[str, Any]:
    named = re.search(r"\b(?:called|named|name it|for)\s+[\"“']?(?:a |an |the |my |our )?([\w' &-]{2,40}?)[\"”']?"
                      r"(?=\s+(?:with|of|at|and|for|holding|budget|that|to|using|based|going|from|by|off)\b|\s+[-–—]|[,.!?]|"
                      r"\s*[$€£\d]|$)", text, re.I)
    if named and (not [w for w in named.group(1).lower().split() if w not in POINTER_WORDS]
                  or re.match(r"(?:the\s+)?(?:last|past|next|previous|coming)\b", named.group(1), re.I)):
        named = None  # "an amazon jar for exactly that", "… for the last 6 months": the figure or a period
    words = _words(named.group(1)) if named else [w for w in _words(rest) if w.lower() not in
                                                      {"savings", "saving", "spending", "budget", "jar"}]
    if not words and (vi := VI_JAR_RE.search(text)):  # Vietnamese names the jar after "hũ": "tạo hũ du lịch"
        words = _words(VI_NAME_END_RE.sub("", vi.group(1)))
    if not words and re.search(r"\bsavings?\b|tiết kiệm", rest + text, re.I):
        words = ["Savings"]
    categories, merchants = _previous_subject(ctx) if figure is not None else ([], [])
    if figure is not None:
        words = [w for w in words if not THAT_FIGURE_RE.fullmatch(w) and w.lower() not in {"that", "this", "it"}]
    if not words and (categories or merchants):  # "start a jar with that" after Dining: a Dining jar
        words = (categories or merchants)[0].split()
    name = " ".join(w if w.isupper() else w.capitalize() for w in words[:4])
    category = _category_in(name, ctx) if name else None
    args: dict[str, Any] = {"name": name, "monthly_budget": _monthly(text) or figure or 0}
    if category:
        args["categories"] = [category]
    if basis is not None:  # the amount is computed from their spending on what the jar is for
        if category is None and len(getattr(q, "categories", None) or []) == 1:
            category = q.categories[0]  # "hũ tiền ăn uống": the category the request names, beside the jar's name
            args["categories"] = [category]
        merchants = [] if category else list(getattr(q, "merchants", None) or [])
        if category or merchants:
            args.update(basis, **({"merchants": merchants} if merchants else {}))
            args.pop("monthly_budget")
    return {"name": "propose_create_jar", "args": args}


def _budget(text: str, q: Any, ctx: Any, *, figure: float | None = None,
            basis: dict[str, Any] | None = None) -> dict[str, Any]:
    if figure is not None and not getattr(q, "categories", None) and _category_in(text, ctx) is None:
        categories, _merchants = _previous_subject(ctx)
        if len(categories) == 1:  # "set up a budget with that amount" after the average of Groceries
            return {"name": "propose_set_budget", "args": {"category": categories[0], "amount": figure}}
    target = re.search(r"\b(?:for|on|of|limit|cap)\s+(?:my\s+|the\s+)?([\w' &-]{2,40}?)(?=\s+(?:to|at|of|with|a|per|"
                       r"budget)\b|\s*[$€£\d]|[,.!?]|$)", text, re.I)
    category = (q.categories[0] if getattr(q, "categories", None) else None) or _category_in(text, ctx)
    merchants = list(getattr(q, "merchants", None) or [])
    if category is None and merchants:
        # budgets are per category: a limit for a merchant ("a $300 Amazon budget", "a budget for Uber Eats 20%
        # below what I usually spend") is a jar for it, its amount computed from that merchant's spending
        name = " ".join(w if w.isupper() else w.capitalize() for w in merchants[0].split()[:3])
        if basis is not None:
            return {"name": "propose_create_jar", "args": {"name": name, "merchants": merchants, **basis}}
        return {"name": "propose_create_jar", "args": {"name": name, "monthly_budget": _monthly(text) or figure or 0}}
    if category is None and target:
        category = " ".join(_words(target.group(1))) or None
    if basis is not None and category:
        return {"name": "propose_set_budget", "args": {"category": category, **basis}}
    return {"name": "propose_set_budget", "args": {"category": category or "", "amount": _monthly(text) or figure}}


NAME_FILLER = {"the", "my", "a", "an", "category", "categories", "please", "pls", "instead", "danh", "mục", "nhé",
               "giúp", "tôi", "mình"}


def _name_words(tail: str, ctx: Any) -> list[str]:
    """The words naming the target category ("as work travel", "under Biz Expense please"), periods left out."""
    for _period, (s, e) in find_periods(tail.lower(), ctx.today):
        tail = tail[:s] + " " * (e - s) + tail[e:]
    return [w for w in re.findall(r"[\w&'-]+", tail) if w.lower() not in NAME_FILLER and not w.isdigit()]


def _recategorise(text: str, ctx: Any) -> dict[str, Any] | None:
    # the target ("as Gifts", "to Transport") comes after the verb: the "to" of "I want to change my password"
    # is the lead-in, and "change password" is no category
    verb = RECAT_RE.search(text)
    splits = [s for s in TARGET_SPLIT_RE.finditer(text) if verb is None or s.start() >= verb.end()]
    for split in reversed(splits):
        head, tail = text[:split.start()], text[split.end():]
        category = _category_in(tail, ctx)
        named = _name_words(tail, ctx)
        if category is not None and len(named) > len(category.split()) and named[-1].lower().rstrip("s") in \
                category.lower():
            category = " ".join(w if w.isupper() else w.capitalize() for w in named)  # "work travel" ≠ Travel
        elif category is None and split is splits[-1] and RECAT_RE.search(text) and 1 <= len(named) <= 4 \
                and not find_periods(tail.lower(), ctx.today):
            # "mark it as Gifts" with no Gifts category: a new one, created when the user confirms
            category = " ".join(w if w.isupper() else w.capitalize() for w in named)
        if category is None:
            continue
        subject = re.sub(LEAD + r"\w+(?:\s+(?:up|down|over))?\b", "", head, count=1, flags=re.I)
        if points_at_last_set(subject, getattr(ctx, "previous_query", None)):  # "move all of those to groceries"
            return {"name": "propose_set_category", "args": {"category": category, "of_last_answer": True}}
        sq = _parse(subject, ctx)
        merchants = list(dict.fromkeys([*sq.merchants, *[link.mention for link in sq.links
                                                         if link.kind == "merchant" and link.how == "concept"]]))
        merchants = [m for m in merchants if not any(m in link.names for link in sq.links if link.how == "concept")] \
            or merchants
        text_words = [*sq.text, *sq.unknown]
        if not (merchants or text_words):
            text_words = [w.rstrip("s") if len(w) > 4 else w for w in _words(subject)][:2]
        if not (merchants or text_words):
            return None
        args: dict[str, Any] = {"category": category}
        if merchants:
            args["merchants"] = merchants
        if text_words:
            args["text"] = text_words
        # the period anywhere in the sentence ("file my Uber rides under Transport from August": August)
        if period := period_args(text, ctx.today):
            args["start"], args["end"] = period.get("start", period.get("date")), period.get("end", period.get("date"))
        return {"name": "propose_set_category", "args": args}
    return None


def _add(text: str, q: Any, ctx: Any) -> dict[str, Any]:
    category_m = re.search(r"\b(?:under|as|in(?:to)?)\s+(?:the\s+|my\s+)?([\w&' -]{3,30})$", text.strip(" .!"), re.I)
    category = _category_in(category_m.group(1), ctx) if category_m else None
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
    args: dict[str, Any] = {"description": " ".join(words[:6]), "amount": _amount(text), "direction": direction}
    if day:
        args["date"] = day
    if category:
        args["category"] = category
    return {"name": "propose_add_transaction", "args": args}


def _delete(text: str, q: Any, ctx: Any = None) -> dict[str, Any]:
    args: dict[str, Any] = {}
    shown = getattr(ctx, "previous_result", None) or {}
    rows = shown.get("rows") or []
    period = period_args(text, ctx.today)
    if len(rows) == 1 and rows[0].get("id") and THAT_ONE_RE.search(text) and _amount(text) is None \
            and not period and not DUPLICATE_RE.search(text):
        # "delete that charge" after an answer that showed one transaction: that one (the card shows it)
        return {"name": "propose_delete_transaction", "args": {"transaction_id": int(rows[0]["id"])}}
    if points_at_last_set(re.sub(LEAD + DELETE_VERB, "", text, count=1, flags=re.I), ctx.previous_query):
        return {"name": "propose_delete_transaction", "args": {"of_last_answer": True}}  # "delete all of those"
    # "remove the duplicate Netflix charge": the money grammar reads "remove Netflix" as leaving it out
    merchants = getattr(q, "merchants", None) or getattr(q, "exclude_merchants", None)
    if merchants:
        args["merchant"] = merchants[0]
    elif categories := getattr(q, "categories", None) or getattr(q, "exclude_categories", None):
        args["categories"] = list(categories)
    if words := [*(getattr(q, "text", None) or [])]:
        args["text"] = words
    amount = _amount(text)
    if amount is not None:
        args["amount"] = amount
    args.update(period)  # "from August" is August (chat/actions/scope.py)
    if DUPLICATE_RE.search(text):
        args["duplicate"] = True
    elif means_every(text):  # "delete all my Chipotle from August": every match, with the count and total
        args["all_matching"] = True
    return {"name": "propose_delete_transaction", "args": args}


PERSONAL_RE = re.compile(r"\b(?:my|mine|our|i|me|i'?m|i'?ve|tôi|mình)\b", re.I)
HOWTO_RE = re.compile(r"^\s*(?:how (?:do|does|can|could|should|would|to|is a|is an)\b|why\b|explain\b|tell me about\b"
                      r"|what (?:is|are|does) (?:a|an|the)\b)", re.I)


OWN_THING_RE = re.compile(r"^\s*what(?:'s| is| are) the [\w ]{2,30}? (?:on|of|in|for) my\b", re.I)


# asking how something works or what moves it ("what affects my credit score") is a concept for the knowledge base
CONCEPT_WORDS_RE = re.compile(r"\b(?:affects?|affecting|improve|raise|boost|hurt|hurts|bad|good|better|worse|"
                              r"harm\w*|build|calculated|works?|mean|"
                              r"means|factors?|why|increase|drop|lower)\b", re.I)


ASKS_WEB_RE = re.compile(r"\b(?:the web|online|internet|google|look (?:it )?up|tìm trên mạng)\b", re.I)


def missing_data_call(text: str) -> dict[str, Any] | None:
    """A question about the user's own data that Moneta does not have (their credit score, balance, net worth,
    investments, someone else's spending) → the capability tool, which says so and offers what it can do."""
    if (HOWTO_RE.search(text) and not OWN_THING_RE.search(text)) or CONCEPT_WORDS_RE.search(text):
        return None  # "what is the balance on my checking account" asks for theirs, not what a balance is
    found = missing_data(text)
    if found is None or (found.personal and not PERSONAL_RE.search(text)):
        return None
    if not found.personal and ASKS_WEB_RE.search(text):
        return None  # "search the web for today's exchange rate": the web has it, when it is reachable
    return {"name": "check_data_available", "args": {"question": text}}


def looks_like_request(text: str) -> bool:
    """A cheap first look (no parsing): does the text start like a request to change something?"""
    return any(r.search(text or "") for r in (JAR_RE, BUDGET_RE, RECAT_RE, ADD_RE, DELETE_RE, UNAVAILABLE_VERB_RE))
