"""Frames of a question that decide where a turn goes, whatever its words link to: a concept asked ("what is…",
"explain…", "define…", "meaning of…") and a money measure named ("total", "went out", "top 3", "average").

- A concept frame wins over spend words ("explain what closing costs are when you purchase a house", "what does APR
  mean on a purchase"): it is a knowledge question unless the user's own money is referenced — the frame is about
  "my…" ("what's my biggest category"), or a period is named ("what was the total in May").
- A money measure with a period, with a ranking of the user's own things ("top 3 categories"), or right after a
  money answer ("and the average?") is a money question, never a knowledge search, unless it asks a concept.
"""
from __future__ import annotations

import re
from datetime import date

from core.text import strip_accents
from transactions.query import MoneyQuery, is_vietnamese
from transactions.query.grammar import find_measure, normalise
from transactions.query.periods import find_periods, only_now_said
from transactions.query.vietnamese import vi_syllable

# A reference to the user or to their own records: the user's-money tools need one of these (or a named
# category/merchant/period) — "What is the envelope method?" is not about the user's jars.
# the person themself, said as such ("for me", "my", "I"): not "spending" or "payments", which concepts name too
OWN_RE = re.compile(r"\b(?:my|me|mine|i|i'?ve|i'?m|i'?d|myself|our|we|us|tôi|mình)\b", re.I)
PERSONAL_RE = re.compile(r"\b(?:my|me|mine|i|i'?ve|i'?m|i'?d|myself|our|we|tôi|mình)\b|"
                         r"\b(?:transactions?|purchases?|payments?|charges?|refunds?|spending|spent|paid|bought|"
                         r"giao dịch)\b", re.I)



CONCEPT_Q_RE = re.compile(r"(?:^|[-–:,?]\s*)(?:what(?:'s|s| is| are| does)|explain|define|how does|why|"
                          r"what'?s the (?:point|idea|deal))\b", re.I)

# a Vietnamese question of what something cost them, with no "tôi" ("chuyến đi Đà Lạt tốn bao nhiêu", "xăng hết bao
# nhiêu", "ăn ngoài chi mấy tiền"): a spending verb asking an amount is about their money, not a passage
VI_OWN_SPEND_RE = re.compile(r"\b(?:ton|het|tieu|xai|chi|tra|mat)(?: het)?\s+(?:(?:khoang|tat ca|tong cong|la)\s+)?"
                             r"(?:bao nhieu|bn|may (?:tien|dong|tram|trieu|nghin|ngan))\b"
                             # "gửi tiền về quê bao nhiêu", "chuyển tiền cho em bao nhiêu": money they sent, asked
                             r"|\b(?:gui|chuyen|bieu) tien (?:ve|cho)\b.{1,30}\b(?:bao nhieu|bn)\b")


def vi_own_spending(text: str) -> bool:
    return bool(VI_OWN_SPEND_RE.search(strip_accents(text.lower())))


VI_CONCEPT_RE = re.compile(r"\bl[àa] g[ìi]\b|\bnghĩa là gì\b|\blà sao\b|\bthế nào là\b|\bhoạt động (?:như )?thế nào\b|"
                           r"\bgiải thích\b|\bcó nên\b|\bthe nao la\b|\bgiai thich\b"
                           r"|\bhay\b.{2,40}\b(?:thì|cái nào|bên nào)?\s*(?:tốt|lợi|hợp lý) hơn\b", re.I)  # with or without accents
# Finance words in Vietnamese → the English terms of the knowledge base (the embedding model reads English).
VI_GLOSSARY = {"quỹ khẩn cấp": "emergency fund", "quỹ dự phòng": "emergency fund", "lãi kép": "compound interest",
               "lãi suất": "interest rate", "điểm tín dụng": "credit score", "tín dụng": "credit",
               "lạm phát": "inflation", "ngân sách": "budget", "tiết kiệm": "savings", "nợ": "debt",
               "thẻ tín dụng": "credit card", "đầu tư": "investing", "hũ": "jar", "hũ chi tiêu": "budget jar",
               "danh mục": "category", "đăng ký": "subscription", "gợi ý ngân sách": "budget suggestions",
               "quy tắc 50/30/20": "50/30/20 rule", "hưu trí": "retirement", "sao kê ngân hàng": "bank statement",
               "sao kê": "statement", "nhập": "import", "ứng dụng": "app", "giao dịch": "transactions",
               "quỹ chỉ số": "index fund", "quỹ đầu tư": "investment fund", "cổ phiếu": "stocks",
               "trái phiếu": "bonds", "quả cầu tuyết": "debt snowball", "tuyết lở": "debt avalanche",
               "trả nợ": "paying off debt", "quỹ chìm": "sinking fund", "khác nhau": "difference",
               "thanh toán tối thiểu": "minimum payment", "trả tối thiểu": "minimum payment",
               "hạn mức tín dụng": "credit limit", "tài sản ròng": "net worth", "dòng tiền": "cash flow",
               "lãi suất cao": "high-yield", "tài khoản tiết kiệm": "savings account",
               "chứng chỉ tiền gửi": "certificate of deposit", "bình quân giá": "dollar-cost averaging",
               "phương pháp phong bì": "envelope budgeting", "ngân sách bằng không": "zero-based budgeting",
               "trả cho mình trước": "pay yourself first", "lãi": "interest",
               "mấy tháng": "how many months", "bao nhiêu tháng": "how many months", "bao nhiêu": "how much", "để ở đâu": "where to keep",
               "bắt đầu": "how to start", "khác gì": "difference",
               "tỷ lệ nợ trên thu nhập": "debt-to-income ratio", "nợ trên thu nhập": "debt-to-income ratio",
               "tỷ lệ sử dụng tín dụng": "credit utilization", "vay mua nhà": "mortgage", "thế chấp": "mortgage",
               "khoản vay": "loan", "trả nợ sớm": "paying off loans early", "trả nợ trước hạn": "paying off loans early",
               "đa dạng hóa": "diversification", "đa dạng hoá": "diversification", "lãi suất cố định": "fixed rate",
               "lãi suất thả nổi": "variable rate", "tài khoản hưu trí": "retirement account",
               "lãi đơn": "simple interest", "quy tắc 72": "rule of 72", "chuyển dư": "rollover",
               "tiêu lố": "overspent", "vượt ngân sách": "over budget", "an toàn để tiêu": "safe to spend",
               "gộp": "merge", "tự động phân loại": "automatic categorisation", "phân loại": "categorisation",
               "gợi ý": "suggestions", "chuyển khoản": "transfers", "bảo hiểm": "insurance",
               "mức khấu trừ": "deductible", "phí bảo hiểm": "insurance premium", "thẻ ghi nợ": "debit card",
               "nhu cầu thiết yếu": "needs", "thiết yếu": "needs", "mong muốn": "wants", "thuê nhà": "renting",
               "mua nhà": "buying a home", "lương gộp": "gross pay", "lương thực nhận": "net take-home pay",
               "thu nhập thực nhận": "take-home pay", "bậc thuế": "tax bracket", "thuế suất biên": "marginal tax rate",
               "thuế suất thực tế": "effective tax rate", "hoàn thuế": "tax refund", "tín dụng thuế": "tax credit",
               "thu nhập không đều": "irregular income", "thu nhập không ổn định": "irregular income",
               "lạm phát lối sống": "lifestyle creep", "lập ngân sách": "making a budget",
               "mua trước trả sau": "buy now pay later", "mua trả sau": "buy now pay later",
               "trả góp": "instalments", "thấu chi": "overdraft", "phí thấu chi": "overdraft fee",
               "trả cho bản thân trước": "pay yourself first", "trả cho chính mình trước": "pay yourself first",
               "vay nóng": "payday loans", "vay đến ngày lương": "payday loans", "ứng tiền mặt": "cash advance",
               "rút tiền mặt từ thẻ": "credit card cash advance", "đóng thẻ": "closing a credit card",
               "tài khoản thanh toán": "checking account", "mức tối thiểu": "minimum payment",
               "sửa danh mục": "change category", "đổi danh mục": "change category", "sửa tay": "manually",
               "tự sửa": "automatically", "tự động": "automatic", "hoàn tác": "undo",
               # to put money aside: "nên để dành mấy tháng" asks how many months of costs to keep saved
               "để dành": "savings", "dành dụm": "savings", "để giành": "savings", "tiền dự phòng": "emergency fund",
               "tỷ lệ tiết kiệm": "savings rate", "tỉ lệ tiết kiệm": "savings rate"}
# APR, APY, ETF, 401K, CD: written the same in both languages (a country's code — VN, US, UK — names no topic)
LATIN_TERM_RE = re.compile(r"\b(?:[A-Z][A-Z0-9]{2,5}|CD|CDs)\b")


def knowledge_query(text: str) -> str:
    """The words to search the knowledge base with: a Vietnamese question gets the English terms it names."""
    if not is_vietnamese(text):
        return text
    # "lai kep": the same terms typed without accents, compared without them (not normalised: its spelling fixes
    # read "phong" as "phone")
    low, plain = text.lower(), " " + " ".join(re.findall(r"[a-z0-9/]+", strip_accents(text).lower())) + " "
    terms = LATIN_TERM_RE.findall(text)
    # English words said inside the Vietnamese ("app này tự sửa category được không", "roth ira với 401k khác gì
    # nhau"): terms as they are — any word of three or more letters or digits that is no Vietnamese syllable (the
    # embedding model reads English only, so the English words carry the question's topic)
    terms += [w for w in re.findall(r"(?<![\w'])[a-z0-9]*[a-z][a-z0-9]*(?![\w'])", text.lower())
              if len(w) >= 3 and not vi_syllable(w) and w.upper() not in terms]
    for vi, en in sorted(VI_GLOSSARY.items(), key=lambda kv: -len(kv[0])):
        bare = strip_accents(vi).lower()
        if vi in low or (" " in vi and f" {bare} " in plain):
            terms.append(en)
            low, plain = low.replace(vi, " "), plain.replace(f" {bare} ", "  ")  # "lãi suất", not "lãi"
    return f"{' '.join(dict.fromkeys(terms))} ({text})" if terms else text


# "what does APR mean", "meaning of …", "tell me what … is": the frames that ask what something is
MEANING_RE = re.compile(r"\bmeaning of\b|\bwhat (?:does|do) [\w\s'-]{1,60}? (?:mean|stand for)\b|\btell me (?:what|about)\b"
                        r"|\bwhat(?:'s| is) (?:meant by|the definition of)\b", re.I)
# the first word the frame is about, after the auxiliaries and articles ("what is a…", "why is my…", "explain what…")
FRAME_OBJECT_RE = re.compile(r"(?:what(?:'s|s| is| are| was| were| does| do| did)|explain|define|how does|why"
                             r"|meaning of|tell me (?:what|about))\s+(?:(?:is|are|was|were|does|do|did|what|how|a|an|the|"
                             r"exactly|actually|really|to me|me)\s+)*(?P<object>[\w']+)", re.I)
COSTS_THEM_RE = re.compile(r"\b(?:cost|costs|costing|run|runs|set)\s+(?:me|us)\b", re.I)
POINTING = {"it", "that", "this", "those", "these", "they", "them"}
PRONOUNS = {"my", "our", "mine", "i", "we", "me", "i've", "i'm", "ive", "im", "tôi", "mình"}
PRONOUN_RE = re.compile(r"\b(?:my|our|mine|i|we|me|i'?ve|i'?m|myself|tôi|mình)\b", re.I)
# words that name a money measure: a figure of the user's transactions
MEASURE_WORD_RE = re.compile(r"\b(?:total|totals|sum|spen[dt]|spending|went out|go(?:es)? out|outgoings|top|biggest|"
                             r"largest|smallest|cheapest|priciest|most expensive|average|avg|median|count|"
                             r"how many|how much|earned|income|received|tong|bao nhieu|trung binh|chi tieu)\b")
# the user's own records, which a ranking or a count is over ("top 3 categories", "how many transactions")
LEDGER_NOUN_RE = re.compile(r"\b(?:categor(?:y|ies)|merchants?|stores?|shops?|payees?|vendors?|transactions?|"
                            r"purchases?|expenses?|charges?|payments?|spending|outgoings|danh muc|giao dich)\b")
RANKS = ("top_categories", "top_merchants", "largest", "smallest", "count", "summary")  # not "a purchase" (average)
RANKING_MEASURES = ("top_categories", "top_merchants", "largest", "smallest", "count", "average", "monthly_average",
                    "summary")


def concept_frame(text: str) -> bool:
    """Does the turn ask what something is or how it works ("what is…", "explain…", "define…", "meaning of…")?"""
    return bool(CONCEPT_Q_RE.search(text) or VI_CONCEPT_RE.search(text) or MEANING_RE.search(text)
                or re.search(r"^\s*(?:define|explain)\b", text, re.I))


def asks_concept(text: str, q: MoneyQuery, today: date, *, after_money: bool = False) -> bool:
    """A concept frame that is not about the user's own money: a knowledge question, whatever spend words it holds.
    Their money is referenced when the frame is about "my…"/"I…", when a period is named, or when the turn ranks or
    counts their own things; right after a money answer, a frame about a measure ("what's the total?") too."""
    if not concept_frame(text):
        return False
    norm = normalise(text)
    frame = FRAME_OBJECT_RE.search(text)
    subject = (frame.group("object") if frame else "").lower()
    if subject in PRONOUNS or COSTS_THEM_RE.search(text):
        return False  # "what does the cat cost me a month": what they paid, not what a cat costs
    if q.amount_min is not None or q.amount_max is not None:
        return False
    if q.measure == "monthly_average" and (q.categories or q.merchants) and OWN_RE.search(text):
        return False  # "what's a normal month of groceries for me?": their own monthly average, not a yardstick
    # a word of now ("these days", "at the moment") is no period of theirs: "a healthy DTI ratio these days"
    if (q.period is not None or find_periods(norm, today)) and not only_now_said(norm, today):
        # a period makes it their money ("what was the total in May", "what was rent in March") unless nothing of
        # theirs is asked: "what is the generation-skipping transfer tax exemption in 2026" is a concept
        if after_money or subject in POINTING or PERSONAL_RE.search(text) or MEASURE_WORD_RE.search(norm) \
                or q.merchants or q.categories or q.text or q.followup or not frame:
            return False
    meaning = MEANING_RE.search(norm)  # the "mean" of "what does APR mean" is the frame, not an average
    measure, _ = find_measure(norm[:meaning.start()] + " " + norm[meaning.end():] if meaning else norm)
    if measure in RANKS and LEDGER_NOUN_RE.search(norm) and not re.search(
            r"\bwhat (?:is|are) (?:a|an)\b", text, re.I):
        return False  # "what are the top 3 categories?", not "what is a category?"
    if after_money and frame and MEASURE_WORD_RE.match(normalise(text[frame.start("object"):])):
        return False  # "what's the total?", "what was the average" after a money answer: its figure
    return True


def names_money_measure(text: str) -> bool:
    """Does the turn name a money measure ("total", "went out", "top", "biggest", "average", "how many")?"""
    norm = normalise(text)
    return bool(MEASURE_WORD_RE.search(norm) or find_measure(norm)[0])


def ranks_own_records(text: str) -> bool:
    """A ranking or count over the user's own things ("top 3 categories overall?", "how many transactions in
    total"): their money, even with no period (all of it)."""
    norm = normalise(text)
    measure, _ = find_measure(norm)
    return (measure in RANKING_MEASURES or bool(re.search(r"\bhow many\b|\btop\s+\d", norm))) \
        and bool(LEDGER_NOUN_RE.search(norm))


# two alternatives side by side: "X or Y", "X vs Y", "X versus Y" (the words either side of the connector)
ALTERNATIVES_RE = re.compile(r"\b([a-z0-9']+) (?:or|vs|versus|compared (?:to|with)) (?:a |an |the |my )?([a-z0-9']+)\b")
WEIGHING_RE = re.compile(r"\b(?:better|best|worse|worst|cheaper|safer|smarter|faster|wiser|prefer\w*|difference|differ|diff"
                         r"|pros and cons|which (?:one|is|should|to)|vs|versus)\b")


def compares_concepts(text: str, q: MoneyQuery, today: date) -> bool:
    """Two ideas weighed against each other ("is a credit card or debit card better for groceries", "fixed vs
    variable rate mortgage?", "roth vs traditional ira"): a knowledge question, not a comparison of their spending —
    unless a side is one of their own merchants or categories ("Starbucks vs Blue Bottle", "coffee or groceries"), a
    period is named or a money measure is asked ("how much on bag fees vs seat fees")."""
    norm = normalise(text).replace(".", " ")
    measure, _ = find_measure(norm)
    if MEASURE_WORD_RE.search(norm) or measure not in (None, "compare") or find_periods(norm, today) \
            or q.amount_min is not None or q.amount_max is not None or not WEIGHING_RE.search(norm):
        return False
    from chat.knowledge_terms import takes_finance_term  # (reads the knowledge base's headings: imported when used)

    # a shop read loosely from a finance term's words ("roth vs trad ira": not Trader Joe's) is no side of theirs
    own = {w for link in q.links if link.kind in ("merchant", "category") and link.how not in ("meaning", "narrative")
           and not (link.kind == "merchant" and takes_finance_term(link.mention, list(link.names or [])))
           for w in normalise(link.mention).split()}
    sides = ALTERNATIVES_RE.search(norm)
    if sides is not None:
        return not ({sides.group(1), sides.group(2)} & own)
    return bool(re.search(r"\bdifference between\b", norm)) and not own
