"""The grammar of money questions: normalised text, measures, rankings and group-by, in English and Vietnamese
(amount bounds are read in amounts.py).

Pure functions over normalised text (`normalise`: lower case, accents stripped, apostrophes unified), each
returning what it found and the character spans it used, so the parser can tell which words are left over.
Periods resolve against `today`; a period that includes today ends today.
"""
from __future__ import annotations

import re
from functools import lru_cache

from core.text import strip_accents  # noqa: F401  (re-exported by transactions.query)
from transactions.query.dictation import marks_written
from transactions.query.foreign_words import gloss
from transactions.query.lexicon import REGIONAL_GRAMMAR_WORDS
from transactions.query.number_words import day_words_said, numbers_said
from transactions.query.periods import MONTH_RE, _n
from transactions.query.ranking_words import EXTRA_RULES as RANKING_RULES
from transactions.query.ranking_words import ranking_said
from transactions.query.spelling import respell
from transactions.query.vietnamese_chat import (
    VI_NOT_SHORT,
    VI_PLAIN_RE,
    VI_PLAIN_WORDS,
    spell_out_chat,
    written_vietnamese,
)

# shortened words people type: general English abbreviations, read as the words they stand for
SHORT_FORMS = {"mo": "month", "mos": "months", "mth": "month", "mths": "months", "mnth": "month",
               "mnths": "months", "qtr": "quarter", "qtrs": "quarters", "mthly": "monthly", "wkly": "weekly",
               "yday": "yesterday", "ltm": "the last 12 months", "ttm": "the last 12 months", "yr": "year", "yrs": "years",
               "wk": "week", "wks": "weeks", "thru": "through", "til": "until", "tx": "transactions",
               "txn": "transaction", "txns": "transactions", "amt": "amount", "approx": "about", "w/o": "without",
               "b4": "before", "prev": "previous", "ytd": "this year", "mtd": "this month", "rn": "right now",
               "pls": "please", "plz": "please", "gimme": "give me", "lemme": "let me", "u": "you", "ur": "your", "r": "are", "n": "and", "&": "and",
               "bout": "about", "abt": "about", "w": "with", "w/": "with", "wo": "without", "em": "them",
               "'em": "them", "+": "and", "subs": "subscriptions", "utils": "utilities",
               # texting with the vowels left out ("hw many was tht", "wat about last mo")
               "hw": "how", "tht": "that", "wat": "what", "wht": "what", "mny": "many", "mch": "much",
               "thm": "them", "ths": "this", "wuz": "was"}
# shortened words that are Vietnamese words once accents are stripped ("tốt"): read only in English text
SHORT_FORMS_EN = {"tot": "total", "ttl": "total", "tots": "totals", **REGIONAL_GRAMMAR_WORDS}
SHORT_EN_RE = re.compile(r"(?<![\w/&])(" + "|".join(SHORT_FORMS_EN) + r")(?![\w/&])")
SHORT_RE = re.compile(r"(?<![\w/&])(" + "|".join(re.escape(k) for k in sorted(SHORT_FORMS, key=len, reverse=True))
                      + r")(?![\w/&])")


# a lone "4" that texting or dictation writes for "for": after a word that asks about money or repeats the last
# question ("how much 4 …", "paying 4 …", "same 4 …") or after an amount ("400 4 groceries"), and before a word that is
# no unit it could count ("4 days", "4 times", "4 coffees" stay numbers)
FOUR_FOR_RE = re.compile(r"(\b(?:same|much|pay|paying|paid|spent|spend|spending|budget|jar|money|cash|save|saving|"
                         r"savings|enough|owe|charged|charge)|\d)\s+4\s+(?=[a-z])(?!(?:days?|weeks?|months?|years?|"
                         r"times?|transactions?|purchases?|payments?|people|persons?|of|or|and|to|x)\b)")


INTERJECTION_RE = re.compile(r"^\s*(?:(?:fine|whatever|alright|all right|sure|cool|great|yeah|yep|yup|nope|hmm+|"
                             r"oh|ah|wait|well|anyway|anyhow|oops|ugh|lol|nvm|never ?mind|(?:my )?goodness(?: me)?|gosh|golly|wow|geez|jeez|"
                             r"yikes|oof|huh|oh dear|good grief|blimey|crikey|darn|dang|"
                             # thanks and praise for the last answer ("Splendid. And the next three?")
                             r"splendid|excellent|perfect|lovely|brilliant|awesome|nice|good|super|marvell?ous|wonderful|"
                             r"fantastic|thanks|thank you|cheers|ta|got it|right|ok(?:ay)?|noted|understood|interesting)"
                             r"\s*[,.!…:;-]+\s*)+")


PAY_JOINED_RE = re.compile(r"(?:^|(?<=\bplus )|(?<=\band )|(?<=\+ )|(?<=^ ))pay\b(?=\s+(?:plus|and|\+|along with|"
                           r"together with|as well as)\s+(?:the |that |my |our |a |any )?[a-z]|\s*[,;]|\s*[?.!]?\s*$)")


@lru_cache(maxsize=8192)
def normalise(text: str, *, respelt: bool = True) -> str:
    """Lower case, accents stripped, ’ → ', shortened words spelled out ("last mo" → "last month"), misspelt words
    of the grammar respelt ("categries" → "categories", transactions/query/spelling.py; not in text written with
    Vietnamese letters, whose words are not English misspelt; `respelt=False`: as written), runs of spaces
    collapsed; same length is NOT kept. Cached: a pure function of its text, called for the same sentence and its
    parts many times in one turn (parse, routing, the checks)."""
    vietnamese = written_vietnamese(text or "")
    text = strip_accents((text or "").replace("’", "'").replace("‘", "'").lower())
    text = marks_written(text)  # "… last month question mark": punctuation said aloud (dictation.py)
    text = re.sub(r"\bw/c\b", "week commencing", text)  # "w/c 3 March": the week that starts that day
    # "last month on its own", "Uber by itself", "the groceries alone": only that, said another way
    # ("each week on its own" stays: each week side by side, transactions/query/followups_parts.py BY_UNIT_RE)
    text = re.sub(r"\b((?:each|every|per) (?:week|day|month) )?(?:on (?:its|their) own|by (?:itself|themselves)|"
                  r"in isolation|alone)\b", lambda m: m.group(0) if m.group(1) else "only", text)
    # "# of payments", "no. of visits", "#trips": the number of them (a "#" before digits is a store number, kept)
    text = re.sub(r"(?:(?<![\w#])#|\bno\.|\bnbr\.?|\bnum\.?)\s*(?=of\b)", "number ", text)
    text = re.sub(r"(?<![\w#])#\s*(?=[a-z])(?!of\b)", "number of ", text)
    text = re.sub(r"\s*/\s*(mo|mth|month|yr|year|wk|week|day)\b", r" per \1", text)  # "netflix/mo", "$/yr"
    # a word that opens the turn on its own ("fine, then just …", "whatever. how much …"): no part of the question
    text = INTERJECTION_RE.sub("", text)
    # "last 6 i mean": a restatement's cue closing the turn says nothing of its own
    text = re.sub(r"[\s,;-]+i mean\s*[?.!]*\s*$", " ", text)
    # "không, ý tôi là tháng 9" (no, I mean September): a turn opening with a restatement's cue says what the last
    # question meant in the words after it; the cue itself names nothing
    text = re.sub(r"^\s*(?:(?:khong|ko|hong|hok)\s*[,.!]?\s*)?(?:y (?:toi|minh|em|tui|anh|chi|con) (?:la|muon noi)|"
                  r"(?:toi|minh|em) muon noi(?: la)?)\s*[,:]?\s+", " ", text)
    text = re.sub(r"\b([a-z][a-z0-9]+)\.(?:com|net|org|co|io|us)\b", r"\1", text)  # "target.com" is Target
    text = re.sub(rf"\b({MONTH_RE})-({MONTH_RE})\b", r"\1 to \2", text)  # "jan-mar": a span of months
    # "h-e-b", "t-j-maxx" kept whole where single letters are joined: an initialism, not letters each on its own
    text = re.sub(r"(?<![\w.-])[a-z](?:-[a-z]){2,4}(?![\w-])", lambda m: m.group(0).replace("-", ""), text)
    text = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", text)  # "best-buy", "uber-eats": words joined by a hyphen
    text = re.sub(r"(?<=[a-z])\+(?=[a-z])", " + ", text)  # "netflix+spotify": two names joined by "+"
    # "btw march and may", "btwn $20 and $50": "between" when a span of two follows ("btw, how much…" is "by the way")
    text = re.sub(rf"\b(?:btw|btwn|betw|betwn|b/w)(?=\s+(?:the\s+)?(?:\$?\d+(?:st|nd|rd|th)?|{MONTH_RE}|last|this|early|mid|late|"
                  rf"spring|summer|fall|autumn|winter|christmas|thanksgiving)\b[^.?!,]{{0,30}}\b(?:and|to|&)\b)",
                  "between", text)
    text = FOUR_FOR_RE.sub(r"\1 for ", text)  # "paying 4 spotify", "same 4 september": texting and dictation's "for"
    # an analyst's shorthand: "past 90d" (days), "6mo"/"12mths" (a number and its unit joined), "2026-07-01..2026-09-15"
    # (a range), "prior yr" (the previous one), "top 3 cats" / "biggest cat" (categories)
    text = re.sub(r"\b(past|last|previous|prev|trailing|over|in|within|the)\s+(\d+)\s?d\b", r"\1 \2 days", text)
    text = re.sub(r"\b(\d+)(mo|mos|mth|mths|wk|wks|yr|yrs)\b", r"\1 \2", text)
    text = re.sub(r"(\d)\s?\.\.\s?(?=\d)", r"\1 to ", text)
    text = re.sub(r"\bprior(?=\s+(?:year|yr|month|mo|week|wk|quarter|qtr|period)\b)", "previous", text)
    text = re.sub(r"\b((?:top|bottom)(?:\s+\d+|\s+(?:one|two|three|four|five))?|biggest|largest|smallest|main|which|what)"
                  r"\s+cat(s?)\b", lambda m: m.group(1) + (" categories" if m.group(2) else " category"), text)
    text, chat_vi = spell_out_chat(text, vietnamese, VI_PLAIN_WORDS)  # "ko", "dc", "j", "r", "mik" in Vietnamese chat
    text = gloss(text, chat_vi)  # "expend", "supermercado", "cuánto gasté … el mes pasado" (foreign_words.py)
    # "da cho em hoi thang truoc …": Vietnamese typed without accents or chat forms keeps its "em" (the asker, not "them")
    vi_words = chat_vi or bool(VI_PLAIN_RE.search(text))
    text = SHORT_RE.sub(lambda m: m.group(1) if vi_words and m.group(1) in VI_NOT_SHORT else SHORT_FORMS[m.group(1)], text)
    text = re.sub(r"\b(?:also|as well) (out|excluded|left out)(?=\s*[?.!]*\s*$)", r"\1 too", text)  # "and travel also out?"
    text = re.sub(r"\b(?:till|until|til|upto) date\b(?!\s+(?:nights?|ideas?|spots?|places?|with)\b)", "so far", text)  # "expenditure till date" ("X to date" is a range)
    text = re.sub(r"\bsame (month|week|quarter|period) previous year\b", r"same \1 the previous year", text)  # "same mo prior yr"
    text = re.sub(r"\bsame (month|week|quarter|period|time|days|dates) of (?=(?:the )?(?:last|previous) year\b)", r"same \1 ",
                  text)  # "the same month of last year": that month last year, not the whole year
    # texting shorthand of "bao nhiêu" (how much / how many): "xài hết bn tiền", "bnhiêu lần"; not "$2 bn" (billion)
    text = re.sub(r"(?<![\w/&$.,])(?<!\d )(?:bn|bnhieu|bnh)(?![\w/&])", "bao nhieu", text)
    # "up to and including Oct 15", "through and including the 20th": an end bound that counts that day
    text = re.sub(r"\b(?:up\s+)?(?:to|until|till|through|thru)\s+and\s+includ(?:ing|e)\b", "through", text)
    # "calendar" beside a unit of time says what "full" says ("the last three full calendar months", "the previous
    # calendar month", "this calendar year"): the period grammar reads the plain words
    # ("calendar October": October's own dates, first to last)
    text = re.sub(rf"\b(?:(full|whole|complete)\s+)?calendar\s+(?=(?:month|quarter|year|week)(s?)\b|(?:{MONTH_RE})\b)",
                  lambda m: "full " if m.group(1) or m.group(2) else "", text)
    # "the last six complete months", "3 entire months": full ones
    text = re.sub(r"\b(?:complete|entire|whole)(?=\s+(?:calendar\s+)?(?:months|weeks|quarters|years)\b)", "full", text)
    # "tax year 2025", "last tax year", "the 2025 tax year": a personal tax year is the calendar year where Moneta's
    # users file (US); the answer states the dates it used, so a different tax year shows at once
    text = re.sub(r"\btax\s+year(?=\s+(?:of\s+)?(?:19|20)\d{2}\b)", "", text)
    text = re.sub(r"\b((?:19|20)\d{2})\s+tax\s+year\b", r"\1", text)
    text = re.sub(r"\b(last|this|previous|current)\s+tax\s+year\b", r"\1 year", text)
    # "pay plus that tax refund": "pay" joined to a thing is their pay ("did I pay and when" keeps the verb)
    text = PAY_JOINED_RE.sub("my pay", text)
    # bookkeeping words for money out and money in
    text = re.sub(r"\b(?:outflows?|expenditures?|outlays?|disbursements?)\b", "spending", text)
    text = re.sub(r"\binflows?\b", "income", text)
    # "the trailing 90 days", "trailing 3 full months", "ttm": the last ones
    text = re.sub(r"\btrailing(?=\s+(?:[a-z0-9]+\s+){0,2}(?:months?|days?|weeks?|years?|quarters?)\b)", "last", text)
    text = re.sub(r"\bttm\b", "the last 12 months", text)
    # "top 3 kind", "which type I spend most": in broken English a kind of spending is a category (not "kind of …")
    text = re.sub(r"\b(top(?:\s+\d+)?|which|what|biggest|main)\s+(?:kind|type|sort)(s?)\b(?!\s+of\b)",
                  lambda m: f"{m.group(1)} categor{'ies' if m.group(2) or m.group(1).startswith('top ') else 'y'}", text)
    # "the most big thing", "most cheap": "most" before a short adjective is its superlative
    text = re.sub(r"\bmost (big|large|small|cheap|high|low)\b",
                  lambda m: {"big": "biggest", "large": "largest", "small": "smallest", "cheap": "cheapest",
                             "high": "highest", "low": "lowest"}[m.group(1)], text)
    text = ranking_said(numbers_said(day_words_said(text)))  # "forty two bucks": 42 bucks; "which shop gets most of my cash": a ranking
    if not vietnamese:
        text = SHORT_EN_RE.sub(lambda m: SHORT_FORMS_EN[m.group(1)], text)
    # "l3m", "l6m", "l30d", "l2w", "t12m" (trailing): the last N months, days, weeks or years
    text = re.sub(r"\b[lt](\d{1,3})(m|d|w|y)\b", lambda m: f"the last {m.group(1)} "
                  f"{ {'m': 'months', 'd': 'days', 'w': 'weeks', 'y': 'years'}[m.group(2)]}", text)
    if not vietnamese:
        # "ex-rent", "coffee ex-starbucks", "ex the big one-off": the analyst's "excluding" (never "my ex-wife")
        text = EX_PREFIX_RE.sub("excluding ", text)
    # "2 triệu rưỡi", "5 trăm rưỡi": and a half of the unit before it
    text = re.sub(r"\b(\d+) (trieu|nghin|ngan|k) ruoi\b", lambda m: f"{m.group(1)}.5 {m.group(2)}", text)
    # a year with its century left out after a month or season ("fall '25", "dec '24"): 2025, 2024
    text = re.sub(r"(?<=[a-z]) '(\d{2})\b", lambda m: f" 20{m.group(1)}", text)
    if respelt and not vietnamese:
        text = respell(text)
    return " " + re.sub(r"\s+", " ", text).strip() + " "


def is_vietnamese(text: str) -> bool:
    if written_vietnamese(text or ""):
        return True
    if VI_PLAIN_RE.search(normalise(text)):
        return True
    said = normalise(text).split()
    words = set(said)
    if len(words & {"toi", "bao", "nhieu", "thang", "tieu", "cua", "khong", "nhu", "the", "nao", "chi"}) >= 3:
        return True
    # typed without accents: most of its words are Vietnamese syllables that are no English word ("lam sao de xoa
    # giao dich", "cach tao hu moi")
    hits = sum(w in VI_PLAIN_WORDS for w in said)
    return hits >= 2 and hits >= 0.4 * len(said)


# ---- measures --------------------------------------------------------------------------------------------
MEASURE_RULES: list[tuple[str, str]] = [
    # (measure, regex) — first match wins, so the specific ones come first.
    ("summary", r"\b(?:summary|summari[sz]e|overview|rundown|run-down|recap|breakdown of my|tong quan|tom tat)\b"
                r"|\bwhere (?:has|have|did|does) (?:all )?(?:my|the) money (?:gone|go|went)\b"
                r"|\bwhat did my (?:finances|money|spending) look like\b|\bhow (?:am i|are my finances) doing\b"
                r"|\bwhat(?:'s| is|s) eating (?:up )?(?:my|the) (?:budget|money|paycheck)\b"
                r"|\bwhere (?:is|'s) (?:all )?my money going\b"),
    # "khoản chi lớn nhất", "giao dịch đắt nhất": the single biggest expense, not the biggest category
    # "món nào mắc nhất", "giao dịch bự nhất", "lần mua đắt nhất": the one biggest purchase ("khoản nào" is a kind)
    ("largest", r"\b(?:khoan chi|giao dich|khoan|mon|lan mua|lan quet(?: the)?|don hang|hoa don)\s+(?:(?!nao\b)\w+\s+)?"
                r"(?:lon|dat|to|mac|bu) nhat\b"
                r"|\b(?:mon|giao dich|lan mua|lan quet(?: the)?|don hang|hoa don|cai)\s+(?:nao|gi)\s+(?:\w+\s+)?"
                r"(?:lon|dat|to|mac|bu) nhat\b"),
    ("top_categories", r"\b(?:top|biggest|largest|main|highest|most expensive|bottom|smallest|lowest|least)\s+(?:(?:\d+|two|three|four|five|six|ten)\s+)?"
                       r"(?:spending\s+|expense\s+)?categor|\b(?:which|what)\s+(?:(?:spending|expense|budget|of my|of the)\s+)?categor|\bcategories\b.*\b(?:most|top)"
                       r"|\bwhere (?:does|did|do) (?:all\s+)?(?:my|the) money go\b|\bwhat do i spend (?:the )?most on\b"
                       # "top 3 kinds", "biggest types of spending": kinds of spending are categories
                       r"|\b(?:top|biggest|largest|main)\s+(?:(?:\d+|two|three|four|five)\s+)?(?:kinds?|types?|sorts?)\b(?!\s+of\s+(?:purchase|transaction|order|charge|payment|thing|item)s?\b)"
                       r"|\brunner[\s-]?up\s+(?:spending\s+)?categor"
                       # "which were the 3 categories where I spend more money": the ranking said in a relative clause
                       r"|\b(?:which|what)\s+(?:were|are)\s+(?:the|my)\s+(?:(?:\d+|two|three|four|five)\s+)?categories\s+(?:where|that|which|on which|in which|i|we)\b.{0,30}\b(?:more|most|bigger|biggest)\b(?!.{0,40}\bthan\b)"
                       r"|\btop\s+(?:\d+\s+)?danh muc\b|\bdanh muc\b.{0,40}\b(?:(?:nhieu|lon|ton)(?: (?:nhieu )?tien)? (?:nhat|thu))\b"
                       r"|\bcategory\s+(?:that\s+)?(?:i|we)\s+(?:spen[dt]|pa(?:y|id)|put)\b.{0,25}\b(?:most|least)\b(?!\s+recent)"
                       r"|\b(?:rank|ranking|sort)\b.{0,20}\bcategor|\bwhat did i spend (?:the )?most on\b|\bspend(?:ing)? the most on what\b"
                       r"|\bbreak\s*down\b.*\bby categor|\bby categor|\bper categor|\b(?:danh )?muc nao\b"
                       # "mục chi nhiều nhất", "khoản mục tốn nhất": the category spent on most
                       r"|\b(?:danh |khoan )?muc(?: chi(?: tieu)?)? (?:nhieu|lon|ton) nhat\b"
                       # "tiêu nhiều nhất vào khoản nào": on which kind of spending the most
                       r"|(?<!khoan chi )(?<!giao dich )(?<!mon )\b(?:nhieu|ton|lon) nhat\b.{0,20}\b(?:khoan|loai|muc) (?:nao|gi)\b"
                       r"|\b(?:khoan|loai|muc) (?:nao|gi)\b.{0,30}\b(?:nhieu|ton|lon) nhat\b"
                       # "tiền đi đâu nhiều nhất", "tiền chạy vào đâu", "tiền xài vào khoản nào": where the money goes
                       # (by kind; "…, 3 chỗ", "kể 3 quán" asks places: merchants)
                       r"|\btien (?:(?:cua )?(?:toi|tui|minh) )?(?:di|chay|tieu|xai) (?:vao |ra )?(?:dau|cho nao|khoan nao)\b"
                       r"(?!.*\b(?:\d{1,2}|hai|ba|bon|nam) (?:cho|quan|tiem|cua hang|noi|nha hang)\b)"),
    ("top_merchants", r"(?:\b(?:top|biggest|largest|main|runner[\s-]?up|bottom|smallest|lowest)|#\s?1|\bno\.?\s?1|\bnumber (?:one|1))\s+(?:\d+\s+|three\s+|five\s+|two\s+)?(?:merchants?|stores?|shops?|places?|"
                      r"vendors?|payees?|retailers?|companies|brands|business(?:es)?|spots)\b|\bwhich\s+(?:[\w-]+\s+){0,3}?(?:merchants?|"
                      r"stores?|shops?|places?|vendors?|retailers?|supermarkets?|restaurants?|cafes?|coffee shops?|"
                      r"business(?:es)?|companies|brands|payees)\b|\bwho (?:gets|got|takes|took) (?:the )?most\b"
                      # "which subscription costs the most", "which of my apps was priciest": a service is paid to a merchant
                      r"|\bwhich\s+(?:of\s+(?:my|the)\s+)?(?:[\w-]+\s+){0,2}?(?:subscriptions?|services?|apps?|memberships?|"
                      r"airlines?|hotels?|bars?|gyms?)\b.{0,40}\b(?:most|biggest|largest|priciest|costliest|most expensive)\b"
                      r"|\b(?:rank|ranking|order|sort)\b.{0,20}\b(?:shops|stores|merchants|places|business(?:es)?|payees)\b"
                      r"|\b(?:favou?rite|highest(?: spending)?|most expensive)\s+(?:\w+\s+){0,2}?(?:merchants?|stores?|"
                      r"shops?|places?|vendors?|payees?|business(?:es)?|companies|brands|retailers?)\b"
                      r"|\b(?:merchants?|stores?|shops?|places?|vendors?|business(?:es)?|companies|brands)\b.{0,30}\b(?:the (?:most|least)|"
                      r"(?:spen[dt]|shop(?:ped)?|paid) (?:most|least))\b"
                      r"|\bwhere (?:do|did|am|have) i (?:been )?(?:spend|shop|spent|spending|shopping)\b.*\bmost\b"
                      r"|\bmost (?:visited|frequented|frequent|used|common)\s+(?:\w+\s+)?(?:merchants?|stores?|shops?|places?|"
                      r"business(?:es)?|restaurants?|cafes?)\b|\bwho (?:did|do) i (?:pay|spend|give)\b.*\bmost\b|\bwhere (?:do|did) i (?:spend|shop)\b.*\bmost\b"
                      r"|\bwhere does my \w+ (?:money|budget|spending) go\b|\b(?:cua hang|tiem|quan|cho) nao\b|\bo dau nhieu nhat\b"
                      # "… nhiều nhất, 3 chỗ": the most, counted in places
                      r"|\bnhieu nhat\b.{0,30}\b(?:\d{1,2}|hai|ba|bon|nam) (?:cho|quan|tiem|cua hang|noi|nha hang)\b"
                      r"|\btop\s+(?:\d+\s+)?(?:cua hang|noi|nha hang|thuong hieu|tiem|quan)\b|\b(?:cua hang|noi|nha hang|cho|tiem|quan)\b"
                      r".{0,40}\b(?:(?:nhieu|ton|lon)(?: (?:nhieu )?tien)? (?:nhat|thu))\b|\bnhieu nhat (?:o|tai) dau\b"),
    ("net", r"\bincome (?:vs\.?|versus|and|against|minus|compared to) (?:spending|expenses|outgoings)\b"
            r"|\b(?:spending|expenses) (?:vs\.?|versus|against|compared to) (?:income|earnings)\b"
            # "did I spend more than I earned?", "did I earn more than I spent": money in against money out
            r"|\bspen[dt]\b.{0,15}\b(?:more|less) than (?:i |we )?(?:earn(?:ed)?|made|make|brought in|took home|got paid)\b"
            r"|\b(?:earn(?:ed)?|made|make|brought in) (?:more|less) than (?:i |we )?spen[dt]\b"
            # "how much did I make vs spend", "what I earned against what I spent", "income and outgoings"
            r"|\b(?:earn(?:ed)?|made|make|brought in|took home|income) (?:vs\.?|versus|and|against|compared (?:to|with)|minus)"
            r" (?:what (?:i|we) |my |our )?(?:spen[dt]|spending|outgoings|expenses)\b"
            r"|\bliving (?:within|beyond) (?:my|our) means\b|\bin the (?:red|black)\b"),
    ("largest", r"\btop\s+(?:\d+|three|five|ten)\s+(?:biggest\s+|largest\s+)?(?:expenses|purchases|transactions|charges|"
                r"payments|orders|bills)\b|\b(?:biggest|largest)\s+(?:\d+|three|five|ten)\b"
                r"|\bthe most (?:i'?ve|i have|i) (?:ever )?(?:spent|paid)\b(?!.*\b(?:categor|merchant|store))"),
    ("compare", r"\bwhich (?:one |of (?:them|the two|those) )?(?:was|is|were|are|cost) (?:more|bigger|higher|larger|less|"
                r"cheaper|smaller|lower)\b|\bcompare (?:them|the two|those|both)\b|\b(?:more|less) (?:expensive|costly|pricey) than\b|\bcost (?:me )?(?:more|less) than\b"
                r"|\bor\b.{0,60}\b(?:costing|cost|spend\w*|paying|pay) (?:me )?(?:more|less|most)\b|\bstacks? up\b|\bagainst (?:last|this|the previous|my usual|the same)\b|\b(?:more|less)\b.{0,40}\bor\b.{0,30}\b(?:before|after|last|this|previous)\b"
                r"|\b(?:going|gone|went) (?:up|down)\b|\b(?:increas|decreas|ris|climb|trend)\w*\b|\bvs\.?\b|\bversus\b|\bcompar|\bthan (?:usual|normal|average|typical|last|the previous|before)\b"
                r"|\bwhich (?:one )?(?:costs?|is costing|cost me|did i spend) (?:me )?more\b|\bdifference between\b"
                # "dining and groceries, side by side": each with its own total, not one together
                r"|\bside[- ]by[- ]side\b|\bnext to each other\b|\bhead[- ]to[- ]head\b"
                # "chia ra Whole Foods với Trader Joe's": split into the names that follow (not "chia ra mỗi tháng")
                r"|\b(?:chia|tach) (?:ra|rieng)\b(?!\s+(?:moi|tung|hang|cho|lam|thanh|\d))"
                r"|\b(?:more|less) than (?:i )?(?:usual|normal|typically|last)\b|\bso sanh\b|\bso voi\b|\bup or down\b"
                r"|\b(?:hay|voi|cai nao)\b.{0,40}\b(?:nhieu|it|cao|thap|ton|lon|mac|bu|re) hon\b|\b(?:nhieu|it|ton) hon\b.{0,40}\bhay\b"
                # "tháng 7 và tháng 10, tháng nào chi nhiều": which of the two months named
                r"|\b(?:thang|tuan|nam|quy) \S+ (?:va|voi|hay|vs) (?:thang|tuan|nam|quy) \S+\b.{0,15}\b(?:thang|tuan|nam|quy|"
                r"cai|ben) nao\b"
                # "tháng này tôi chi nhiều hơn tháng trước không?": more than another period
                r"|\b(?:nhieu|it|cao|thap|ton|lon) hon\s+(?:(?:so )?voi\s+|ca\s+)?(?:thang|nam|tuan|quy|ky|hom|dot)\b"
                r"|\b(?:more|less)\b.*\b(?:on|at)\b.*\bor\b|\bor\b.*\b(?:more|most)\b\s*\??\s*$"
                r"|\bor\b.{0,40}\b(?:higher|bigger|larger|lower|smaller|cheaper|pricier|more expensive|worse|better|"
                r"heavier|lighter)\b"
                # "was August any better?": the period named against another (the last answer's, or the one before)
                r"|\b(?:was|were)\s+(?:[a-z]+\s+){1,3}(?:any|much|even|a (?:bit|little|lot))\s+(?:better|worse|higher|"
                r"lower|cheaper|pricier|different)\b"
                r"|\b(?:higher|bigger|larger|more|less|lower)\b.{0,30}\b(?:or|vs\.?)\b[^,;]{0,30}\??\s*$"
                r"|\b(?:more|less)\s+(?:on|at|for|with)\b.{1,40}\bthan\b(?!\s*[$\d])|\b(?:higher|lower) than\b(?!\s*[$\d])|\bchanged? (?:since|from)\b|\bwhich is (?:more|bigger|higher)\b"
                r"|\b(?:spen[dt]|pa(?:y|id)|cost|costs|spending)\s+(?:\w+\s+){0,2}(?:more|less)\b(?!\s+than\s+[$\d])"
                r".{0,60}\bthan\b(?!\s*[$\d])"),
    ("largest", r"\b(?:biggest|largest|most expensive|priciest|highest|costliest|max(?:imum)?|lon nhat|dat nhat|mac nhat|bu nhat|"
                r"to nhat|nhieu nhat mot lan)\b(?!\s+(?:\d+\s+)?(?:spending\s+)?(?:categor\w*|merchants?|stores?|shops?|places?|vendors?"
                r"|months?)\b)"
                r"|\bmost\b.{0,40}\b(?:in|on|at|for|during)\s+(?:one|1|a single)\s+(?:go|trip|visit|shot|sitting|"
                r"purchase|order|transaction|time|swipe|payment|charge|run|shop|bill)\b"
                r"|\bmost\b.{0,40}\b(?:at once|single|one[- ]off)\b|\bsingle\s+(?:biggest|largest|priciest)\b"),
    ("smallest", r"\b(?:smallest|cheapest|lowest|least expensive|nho nhat|re nhat)\b"
                 r"(?!\s+(?:categor\w*|merchants?|stores?|shops?|places?|months?)\b)"),
    ("monthly_average", r"\b(?:average|avg|typical(?:ly)?|usually|normally|on average|trung binh)\b.*"
                        r"\b(?:month|monthly|a month|per month|each month|thang)\b|\b(?:per|a|each|every|one|1|mỗi|moi)\s+month\b"
                        r".*\b(?:average|avg|typical|usually|normally|on average)\b"
                        # "what is one month of my expenses" (an emergency fund's yardstick): a typical month
                        r"|\b(?:one|1|a single)\s+month(?:'?s)?\s+(?:of|worth of)\s+(?:my\s+|our\s+)?(?:expenses|spending|"
                        r"costs|bills|outgoings)\b|\bmonthly (?:average|avg|mean)\b|\b(?:average|avg|mean) monthly\b"
                        r"|\b(?:average|typical|normal|regular|ordinary|usual)\s+month\b|\bmoi thang\b|\bhang thang\b"
                        # "my six-month average", "the same 6 month avg": a monthly average over that many months
                        r"|\b(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[ -](?:full[ -])?"
                        r"(?:months?'?|month's)\s+(?:average|avg|mean)\b"
                        r"|\bmonthly (?:\w+ ){0,2}(?:bill|cost|payment|charge|spend\w*)\b"
                        # what something runs per month ("netflix a month?", "rent per mo", "the gym each month"): the
                        # usual monthly figure; not "a month ago", "in a month", "more than a month"
                        r"|(?<!\bin )(?<!\bwithin )(?<!\bthan )(?<!\bfor )(?<!\bover )(?<!\blast )(?<!\bpast )"
                        r"(?<!\bnext )(?<!\bonce )(?<!\btwice )\b(?:a|an|per|each|every|moi|hang)\s+month\b"
                        r"(?!\s+(?:ago|before|after|earlier|later|from|or so|back|truoc|sau)\b)(?!\s*(?:by|to)\s+month)"
                        # "what do I pay for internet monthly?": the adverb closing the question
                        r"|\b(?:pay|paying|cost|costs|costing|spend|spending|run|runs|charged?)\b.{0,40}\bmonthly\s*\??\s*$"),
    ("average", r"\baverage\b|\bavg\b|\btypical\b|\btrung binh\b"
                r"|\b(?:per|each|every) (?:visit|purchase|transaction|order|trip|ride|swipe|time i (?:go|shop|visit))\b"),
    # "don't count anything over $100", "not counting rent": what to leave out, not a count
    ("count", r"\bhow many\b|\bnumber of\b|\bhow often\b|(?<!\bnot )(?<!n't )(?<!\bdont )(?<!\bnever )\bcount\b|\bhow frequently\b|\b(?:bao nhieu|may) (?:lan|chuyen|cuoc|luot|bua|buoi|ly|coc)\b"
              r"|\bso lan\b|\bbao nhieu giao dich\b"),
    ("net", r"\bnet\b|\bcash ?flow\b|\b(?:did|do|have) i save\b|\bhow much (?:did|have) i saved?\b|\bsavings? rate\b"
            r"|\bleft over\b|\bincome (?:minus|vs\.?|versus|after) (?:spending|expenses)\b|\btiet kiem duoc\b"),
    # "how much did i actually make", "what have we made", "how much i made": an adverb may sit before the verb
    ("income", r"\b(?:how much|what) (?:money |cash )?(?:(?:did|do|have) )?(?:i|we)(?:'ve)? (?:(?:actually|really|even|truly|roughly|"
               r"\w+ly) )?(?:make|made|earn|bring in|take home|pull(?:ed)? in|rake[ds]? in)\b|"
               # "my take-home", "our pay last month" (not "my pay for rent"): money earned, said as a noun
               r"\btake[- ]home\b|\b(?:my|our) (?:net |gross |monthly |weekly )?(?:pay|earnings)\b(?!\s+(?:for|to|on|off|back)\b)|"
               # "how much went in last month", "what's been paid into my account", "what landed in my account",
               # "incoming money", "have I been paid": money in, said by where it went
               r"\b(?:went|gone|goes) in\b(?=\s*(?:$|[?.!,]|last|this|in\b|over|during|since|from|between|so\b|because))|"
               r"\b(?:been|got|gets|get|was|were|is|are|'s) paid in(?:to)?\b|\bpaid into (?:my|our|the) account\b|"
               r"\b(?:landed|lands|hit|hits|arrived|showed up|came through) (?:in(?:to)? )?(?:my|our|the) "
               r"(?:account|bank|checking|current account)\b|\bincoming(?: money| cash| payments?| funds)?\b|"
               r"\b(?:have|has|had) (?:i|we) been paid\b|\b(?:i|we)(?:'ve| have| had) been paid\b|\b(?:i|we) (?:was|were) paid\b|"
               # "what did we bring in", "how much I took home", "take-home pay": money earned
               r"\b(?:i|we|did i|did we|do i|do we|have i|have we|i've|we've)\s+(?:\w+\s+)?"
               r"(?:bring|brings|bringing|brought|take|takes|taking|took|taken) (?:in|home)\b|\btake[- ]home pay\b|\bi (?:made|make) from\b|\bincome\b|\bearn(?:ed|ings|ing)?\b|\bcame in\b|\bcome in\b|\bcoming in\b|\bpaid me\b"
               # "I got paid", "when do we get paid" — not "my landlord got paid" (money out to them)
               r"|\b(?:i|we|i'?ve|we'?ve|me|us|did i|do i|have i)\b(?:\s+\w+){0,2}\s+g(?:o|e)t(?:ting|s|ten)? paid\b"
               r"|^\s*(?:got|gotten|get|getting) paid\b|\bpay me\b|\brefunds?\b|\breimburse\w*|\bsalary\b|\bpaychecks?\b|\bpay ?checks?\b|\bpay ?cheques?\b|\bpay ?slips?\b|\bpay packets?\b|\bdeposits?\b|\bcredits\b|\bmoney in\b|\breceived?\b|\bwages?\b"
               r"|\bthu nhap\b|\bluong\b|\bkiem duoc\b|\btien vao\b|\bnhan (?:duoc|ve)\b|(?<!gui )(?<!chuyen )\btien ve\b"),  # not "gửi tiền về quê": sent home
    ("list", r"^\s*(?:show|list|find|search|pull up|look up|display|give me (?:a )?list|what were|which (?:transactions|"
             r"purchases|payments|charges|orders))\b"
             r"|\bwhat (?:did i buy|were (?:my|the|those))\b|\bwhen did i\b|\blast time i\b|\bdid i (?:buy|get)"
             r"\b.*\?\s*$|\btransactions? (?:list|details)\b|\bliet ke\b|\bcho xem\b"),
]
SPEND_CUE = re.compile(
    r"\b(?:how much|spen[dt]|spending|cost|costs|costing|paid|pay|paying|bought|buy|total|totals|sum|blew|blow|"
    r"dropped|shelled|fork(?:ed)? out|went on|go(?:es)? (?:on|to)|expenses?|bills?|charges?|purchases?|orders?|"
    r"transactions?|add(?:ed)? up|outgoings|damage|tieu|chi|het bao nhieu|bao nhieu|mat bao nhieu|tong|tra tien|"
    r"thanh toan|ton (?:bao nhieu|het|tien))\b")
GROUP_BY_RE = {
    "category": re.compile(r"\bby categor|\bper categor|\bcategory breakdown\b|\beach categor|\btheo danh muc\b"),
    "merchant": re.compile(r"\bby (?:merchant|store|shop|vendor)|\bper (?:merchant|store|shop)\b"),
    "month": re.compile(r"\bby month\b|\bper month\b|\bmonth by month\b|\beach month\b|\bover time\b|\btheo thang\b"),
}
TOP_N = re.compile(r"\b(?:top|bottom)\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b|(?:#\s?|\bno\.?\s?|\bnumber )(1|one)\s+(?=(?:merchant|store|shop|place|categor|payee|vendor))|\b(?:last|latest|most recent|"
                   r"recent|first)\s+(\d+|three|five|ten)\b(?!\s*(?:full\s+)?(?:days?|weeks?|months?|years?|quarters?)\b)|\b(\d+|three|five|ten)\s+"
                   r"(?:biggest|largest|most expensive|top|smallest|lowest|bottom)\b|\btop\s+(\d+)\s*$|\b(\d+|two|three|four|five|six|seven|eight|nine|ten|"
                   # "ba danh mục … nhiều nhất", "three categories I spent most on": that many of the ranking
                   r"hai|ba|bon|nam|sau|bay|tam|chin|muoi) (?:merchants|stores|categories|places|shops|payees|vendors|retailers|"
                   r"companies|brands|businesses|spots|things|danh muc|"
                   r"cua hang|noi|nha hang|tiem|quan|khoan chi|loai chi|muc chi)\b"
                   # "kể 3 chỗ", "kể ra hai quán": list that many ("chỗ" is "cho" unaccented: only after "kể")
                   r"|\bke\s+(?:ra\s+)?(\d{1,2}|hai|ba|bon|nam)\s+(?:cho|quan|tiem|noi|cai|khoan|mon)\b"
                   # "give me 3", "show me the top five", "list 3 of them": how many of the ranking to show
                   r"|\b(?:give|show|tell|list|name)\s+(?:me\s+|us\s+)?(?:the\s+)?(?:top\s+)?(\d{1,2}|two|three|four|five|six|"
                   r"seven|eight|nine|ten)\b(?!\s*(?:[$%.,]\d|k\b|dollars?|bucks|days?|weeks?|months?|years?|quarters?))")
# the last place of a run of places said after the first ("4th and 5th", "2nd through 4th", "3rd-5th")
PLACES_THROUGH_RE = re.compile(r"\s*(?:and|to|through|thru|till|until|-|–|&)\s*(?:the\s+)?(second|third|fourth|fifth|"
                               r"sixth|seventh|eighth|ninth|tenth|[2-9](?:nd|rd|th)|10th)\b")
# a place in a ranking counted after the one named ("the second biggest, after rent", "runner-up behind Amazon"):
# that one is ranked above it
# "ex-rent", "ex-subs", "ex the big one-off": "excluding" as finance shorthand; a former person or employer
# ("my ex-wife", "ex-boss") is no exclusion
EX_PREFIX_RE = re.compile(r"(?<!\bmy )(?<!\bour )(?<!\bher )(?<!\bhis )(?<!\bthe )(?<!\ban )(?<!\btheir )\bex[-\s]+"
                          r"(?!(?:wife|husband|partner|spouse|girlfriend|boyfriend|gf|bf|employer|boss|colleague|coworker|"
                          r"roommate|flatmate|landlord|in-laws?|s|and|or|to|is|was)\b)(?=[a-z])")

RANK_AFTER_RE = re.compile(r"\b(?:right\s+|just\s+|coming\s+)?(?:after|behind|below|beneath|trailing)\b"
                           r"(?=\s+(?:the\s+|my\s+)?[a-z])(?!\s+(?:that|this|it|them|those|all|everything)\b)")

ASKS_AMOUNT = re.compile(r"\bhow much\b|\btotal\b|\bsum\b|\bbao nhieu\b|\bhet\b|\bcost\b|\badd(?:ed)? up\b")


# "where did my money go" reads as its kinds unless the places ranked are said ("…? the top three shops, say")
WHERE_MONEY_RE = re.compile(r"\bwhere (?:has|have|did|does|do|is|'s) (?:all )?(?:my|the) money (?:gone|go|went|going)\b")
PLACES_RANKED_RE = re.compile(r"\b(?:top|biggest|largest|main)\s+(?:(?:\d+|two|three|four|five|six|ten)\s+)?(?:merchants?|"
                              r"stores?|shops?|places?|vendors?|payees?|retailers?|businesses)\b")


# "since my pay went up …", "since rent increased in July": a change said as the event a period starts from, not asked
EVENT_CHANGE_RE = re.compile(r"\bsince\s+(?:my|our|the|his|her|their|i|we|they|it)\s+(?:[\w']+\s+){0,3}?"
                             r"(?:(?:went|got|was|were|had) (?:up|down|raised|cut|increased|decreased)|increased|decreased|"
                             r"rose|dropped|fell)\b")


def events_blanked(text: str) -> str:
    """The text without a change said as the event a period starts from ("since my pay went up"), same length."""
    return EVENT_CHANGE_RE.sub(lambda m: " " * len(m.group(0)), text)


def find_measure(text: str) -> tuple[str | None, tuple[int, int] | None]:
    text = events_blanked(text)  # "since my pay went up in July, how much": a total, not a change asked
    for measure, pattern in MEASURE_RULES:
        if measure == "list" and ASKS_AMOUNT.search(text):
            continue
        m = re.search(pattern, text)
        if m and measure == "monthly_average" and RECURRING_TOTAL_RE.search(text) and not re.search(
                r"\b(?:average|avg|typical|usually|normally|mean|trung binh)\b", text):
            continue  # "it's been charging me every month since May, what's the total so far": a total
        if m and measure in ("summary", "top_categories") and WHERE_MONEY_RE.match(m.group(0)) and \
                (places := PLACES_RANKED_RE.search(text)):
            return "top_merchants", places.span()  # "where did my money go? the top three shops": the level said
        if m:
            return measure, m.span()
    for measure, pattern in RANKING_RULES:  # rankings asked with no word of the rules above (ranking_words.py)
        if m := re.search(pattern, text):
            return measure, m.span()
    return None, None


# a charge said to recur ("billing me every month") with the sum of it asked ("the total so far", "altogether")
RECURRING_TOTAL_RE = re.compile(r"\b(?:charg|bill|pay|paid|debit|tak|hit)\w*\s+(?:me\s+|us\s+)?(?:\w+\s+){0,2}"
                                r"(?:every|each)\s+month\b.*\b(?:total|totals|altogether|all together|in all|add(?:s|ed)? "
                                r"up|sum|come to|comes to|so far)\b")


# the first place and the next asked together ("which shop got the most, and which came second?", "the top one and
# the runner-up"): the top two (three), not the second alone
AND_NEXT_RE = re.compile(r"\b(?:and|also|plus|then)\s+(?:(?:which|who|what)(?:\s+\w+)?\s+(?:came|comes|was|is|were|"
                         r"got|gets|placed|ranks|ranked)\s+|the\s+)(second|third|runner\s?up)\b(?!\s+(?:biggest|"
                         r"largest|most|highest|top)\b)")


# one place asked for: "my biggest category", "the top merchant", "the category I spent the most on" (not "categories")
ONE_PLACE_RE = re.compile(r"\b(?:biggest|largest|top|main|highest|smallest|lowest|number one|#\s?1|no\.?\s?1)\s+(?:spending\s+|expense\s+)?"
                          r"(?:category|merchant|store|shop|vendor|payee|retailer)\b(?!\s*(?:s\b|and\b|,))"
                          r"|\b(?:the|my|which|what)\s+(?:category|merchant|store|shop|vendor|payee)\s+(?:that\s+)?(?:i|we)\s+"
                          r"(?:spen[dt]|pa(?:y|id)|put|shop(?:ped)?)\b.{0,25}\b(?:the\s+)?(?:most|least)\b")


# a ranking read from its small end: "my 3 smallest categories", "bottom five shops", "which store got the least"
SMALLEST_FIRST_RE = re.compile(r"\b(?:smallest|lowest|bottom|tiniest|cheapest)\b|(?<!\bat )\bleast\b(?!\s+(?:once|recent))")


def smallest_first(text: str, measure: str | None) -> tuple[bool, str]:
    """Whether a ranking is asked from its smallest end, and the text with those words blanked (grammar, not names)."""
    if measure not in ("top_merchants", "top_categories") or not SMALLEST_FIRST_RE.search(text):
        return False, text
    return True, SMALLEST_FIRST_RE.sub(" ", text)


def find_top_n(text: str) -> int | None:
    m = TOP_N.search(text)
    if not m:
        also = AND_NEXT_RE.search(text)
        if not also and ONE_PLACE_RE.search(text):
            return 1
        return 3 if also and also.group(1) == "third" else 2 if also else None
    raw = next(g for g in m.groups() if g)
    return _n(raw)


def find_group_by(text: str) -> str | None:
    return next((k for k, rx in GROUP_BY_RE.items() if rx.search(text)), None)
