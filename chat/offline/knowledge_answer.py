"""Knowledge answers for the offline model: which cited facts answer the question (`fits_question`), and the answer
written from them (`knowledge_text`) — plain words from the best fact, then what the others add, each with its
citation; a how-to as the help page's numbered steps; in the answer's language (a translated page's own text,
knowledge/translations.py; the steps from the catalogue, locale/vi)."""
from __future__ import annotations

import re

from django.utils.translation import gettext as _

from chat.concept_first import education_first
from chat.help_steps import asks_how_to, heading_overlap, heading_unsaid, heading_words, steps_in, steps_text
from chat.knowledge_terms import EVERYDAY_TERMS, GENERIC_TERMS, QUESTION_NOISE, SAME_FACT
from chat.language import GLOSSED_RE
from transactions.query import is_vietnamese

FACT_FLOOR = 0.25          # facts scoring below this are too far from the question to quote
FACT_SPREAD = 0.12         # quote facts within this of the best one
MAX_FACTS = 3


def pick_facts(results: list[dict]) -> list[dict]:
    if not results:
        return []
    ranked = sorted(results, key=lambda r: -(r.get("score") or 0))
    best = ranked[0].get("score") or 0
    if best < FACT_FLOOR:
        return []
    return [r for r in ranked if (r.get("score") or 0) >= best - FACT_SPREAD][:MAX_FACTS]


CLOSE_FACT = 0.55  # a fact this close to the question answers it even without shared words
NEAR_FACT = 0.45  # this close, sharing even an everyday money word is enough


def _terms(text: str) -> set[str]:
    words = re.findall(r"\d+(?:/\d+)+|\d{2,}|[a-z0-9]{3,}", text.lower())
    words += [n for w in words if "/" in w for n in w.split("/")]  # "50/30/20" also names 50, 30 and 20
    # a plural names the same thing ("jar" / "jars", "fund" / "funds")
    return {(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w)[:5] for w in words
            if w not in QUESTION_NOISE}






# a named thing in a question: a numbered plan or account ("529 plan", "401k", not an amount) or an acronym
# of four to six letters ("HELOC"; three-letter ones such as CSV or APR are everyday words); a fact that answers
# the question names it too
NAMED_TERM_RE = re.compile(r"\b\d{3,}[a-z]\b|\b\d{3,}(?= (?:plans?|accounts?|forms?)\b)|\b[A-Z]{4,6}s?\b")
FAIR_FACT = 0.5  # this close, sharing one of the question's topic terms is enough (a paraphrase: "money doubles")
# a chunk may keep its heading inline ("## Risks An index fund…"): the heading ends at a line end or before the
# capitalised first word of its section
HEADING_RE = re.compile(r"^\s*#{1,6}\s+(.+?)(?=\n|\s+[A-Z\"“(]|$)")


def _heading_terms(fact: dict) -> set[str]:
    """The topic of a fact as its page says it: the document's title and the section heading the fact starts with."""
    heading = HEADING_RE.match(fact.get("text") or "")
    return _terms(f"{fact.get('document') or ''} {heading.group(1) if heading else ''}")


def _other_concept(topic: set[str], covered: set[str], fact: dict) -> bool:
    """The fact's heading (or title) ends in a head noun the question shares, under another modifier: "what is a
    sinking fund" and a page headed "Emergency funds"."""
    heading = HEADING_RE.match(fact.get("text") or "")
    words = [w for w in re.findall(r"[a-z0-9]{3,}", (heading.group(1) if heading else fact.get("document") or "")
                                   .lower()) if w not in QUESTION_NOISE]
    stems = [(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w)[:5] for w in words]
    stems = [w for w in stems if w not in EVERYDAY_TERMS and w not in GENERIC_TERMS]
    return len(stems) >= 2 and stems[-1] in topic and bool(topic - covered)


# the object of a concept question, when it is a compound whose head is a generic noun ("what are stock options",
# "what is a stock price"): the head changes the concept, so a fact on its first word alone ("stocks") is not about it
COMPOUND_RE = re.compile(r"^\s*(?:what(?:'s| is| are)|explain|define|tell me about|how (?:do|does))\s+(?:an?\s+|the\s+)?"
                         r"([a-z]{3,})\s+([a-z]{3,})\b", re.I)


def _stem(word: str) -> str:
    return (word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word)[:5]


def _compound_missing(question: str, fact: dict) -> bool:
    """Does the question ask a compound concept ("stock options") that the fact never names as such?"""
    m = COMPOUND_RE.match(question.lower())
    if m is None:
        return False
    first, head = m.groups()
    plain = EVERYDAY_TERMS | GENERIC_TERMS
    if first in QUESTION_NOISE or _stem(first) in plain or _stem(head) not in plain or head in QUESTION_NOISE:
        return False
    text = f"{fact.get('document') or ''} {fact.get('text') or ''}".lower()
    return not re.search(rf"\b{re.escape(first[:5])}\w*\W+{re.escape(head[:5])}", text)


# a rule or method named by its number ("the 4% rule", "rule of 72", "50/30/20", "quy tắc 72"): the number is the topic
NUMBERED_RE = re.compile(r"\b(\d+(?:[./]\d+)*)\s*(?:%|percent|phần trăm)?\s+(?:rule|method|test|quy tắc)\b"
                         r"|\b(?:rule|method|quy tắc|nguyên tắc) (?:of )?(\d+(?:[./]\d+)*)\b", re.I)


def _numbers_named(question: str, text: str) -> bool:
    """Every number that names a rule in the question is in the fact."""
    for m in NUMBERED_RE.finditer(question):
        percent = bool(re.search(r"%|percent|phần trăm", m.group(0), re.I))
        for n in re.split(r"[./]", m.group(1) or m.group(2)):
            after = r"\s?(?:%|percent)" if percent else r"(?![\d]|[.,]\d)"
            if n and not re.search(rf"(?<![\d.,$]){n}{after}", text):
                return False
    return True


def fits_question(question: str, fact: dict, *, how_to: bool = True) -> bool:
    """Does a fact answer the question, or is it merely the nearest text? A fact answers when it is about what the
    question asks: its title or section heading names one of the question's topic terms (not an everyday money
    word) and the fact covers the question's topic (both words of a two-word concept: "index fund" is not answered
    by a page on emergency funds, "sinking fund" neither; half of a longer one); or it is close in meaning and
    shares a topic term; or it is the same in meaning (SAME_FACT). A passage that only mentions a word in passing
    ("how does a mortgage work" → a credit-score page listing mortgages) is not an answer. `how_to=False`: the
    question was asked as a concept, not how to use Moneta: a help page answers it only when it is about that
    concept (its title or heading names it: "what is safe to spend?"), never for sharing a word ("what is the
    generation-skipping transfer tax" is not answered by a page on transfers between accounts)."""
    if not question:
        return True
    if fact.get("original"):  # a translated section is judged by the original it was found by
        fact = {**fact, **fact["original"]}
    if (glossed := GLOSSED_RE.match(question)) and is_vietnamese(glossed.group(2)):
        question = glossed.group(1)  # "APR (APR là gì khi mua hàng trả góp)": the English terms are the topic
    score = fact.get("score") or 0
    terms = _terms(question)
    if not terms:  # "what can you do?": nothing to compare but meaning
        return score >= FACT_FLOOR
    text = (fact.get("text") or "").lower()
    squeezed = re.sub(r"[^a-z0-9]", "", text)  # "401k" is written "401(k)" in the fact
    if any(re.sub(r"[^a-z0-9]", "", name.lower()) not in squeezed for name in NAMED_TERM_RE.findall(question)) \
            and score < SAME_FACT:
        return False  # "what's a 529 plan", "what is a HELOC": a passage that never names it is about something else
    if not _numbers_named(question, text):
        return False  # "the 4% rule" is not answered by the 50/30/20 rule, "the rule of 55" not by the rule of 72
    if score >= SAME_FACT:
        return True
    topic = terms - EVERYDAY_TERMS - GENERIC_TERMS
    covered = topic & (_terms(text) | _heading_terms(fact))
    if not topic:  # only everyday words ("how do I save money"): meaning decides
        return score >= NEAR_FACT
    needed = len(topic) if len(topic) <= 2 else 2
    if fact.get("corpus") == "moneta-help" and not how_to:
        return bool(topic & _heading_terms(fact)) and len(covered) >= needed
    if fact.get("corpus") == "moneta-help":
        # a help page is found by the how-to's topic (chat/help_steps.py); sharing a topic word is enough there
        return score >= CLOSE_FACT or bool(covered) or (score >= NEAR_FACT and bool(terms & _terms(text)))
    if _compound_missing(question, fact):
        return False  # "what are stock options" → a page on stocks: another concept
    if len(topic) <= 2 and _other_concept(topic, covered, fact):
        return False  # "hedge fund" → a page titled "Index funds": the same head noun, another concept
    if score >= FAIR_FACT and covered:
        return True
    if len(topic) >= 2 and covered == topic and score >= NEAR_FACT:
        return True  # near in meaning and naming every topic term of the question ("why does money lose value")
    if any(t.isdigit() for t in covered) and score >= FACT_FLOOR:
        return True  # a number the question names ("rule of 72", "50/30/20") found in the fact is its topic
    return bool(topic & _heading_terms(fact)) and len(covered) >= needed


def _plain(text: str) -> str:
    """A fact as plain sentences: no markdown headings, bullets or table pipes."""
    lines = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("#"):
            # a heading kept inline with its section ("## Rollover When rollover is …"): keep the section
            inline = re.match(r"^#{1,6}\s+.+?\s+(?=[A-Z\"“(])", line)
            line = line[inline.end():] if inline else ""
        if not line:
            continue
        line = re.sub(r"^[-*•]\s+|^\d+[.)]\s+", "", line).replace("|", " ")
        lines.append(line if re.search(r"[.!?:;]$", line) else line + ";" if line else line)
    text = re.sub(r"\s+", " ", " ".join(lines)).strip().rstrip(";")
    text = re.sub(r"^#{1,6}\s+.+?\s+(?=[A-Z])", "", text, count=1)
    return text + ("" if re.search(r"[.!?]$", text) else ".")


HEADING_LINE_RE = re.compile(r"^\s*#{1,6}\s*(how to .+?)(?=\s+\d[.)]\s|\n|$)", re.I)


def _body(fact: dict) -> str:
    """A fact's text without the section heading it starts with ("# Tỷ lệ nợ trên thu nhập (DTI) Tỷ lệ…"): cut by
    the page's own heading, which a heading with capitals or brackets inside ("APR and APY") needs."""
    text, heading = fact.get("text") or "", (fact.get("heading") or "").strip()
    lead = re.match(r"\s*#{1,6}\s+", text)
    if heading and lead and text[lead.end():].startswith(heading):
        return text[lead.end() + len(heading):].lstrip()
    return text


def _substantive(fact: dict) -> bool:
    """A heading cut off from its section ("## The rule of | 72") explains nothing on its own."""
    return len(_plain(fact.get("text") or "").split()) >= 6


def _sentences(text: str, limit: int) -> str:
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z0-9\"“(])", text)
    out = ""
    for part in parts:
        if out and len(out) + len(part) > limit:
            break
        out = f"{out} {part}".strip()
    return out if len(out) <= limit + 80 else out[:limit].rsplit(" ", 1)[0] + "…"


def _also(fact: dict) -> str:
    """A further cited fact in a sentence or two; a "How to" section by its title (its steps read badly run together)."""
    source = _steps_source(fact)
    heading = HEADING_LINE_RE.match(source)
    if heading and steps_in(source):
        return _("%(heading)s (steps on the help page)") % {"heading": _(heading.group(1).strip().rstrip(":"))}
    return _sentences(_plain(_body(fact)), 260)


def _heading_overlap(question: str, fact: dict) -> int:
    heading = HEADING_LINE_RE.match(_steps_source(fact))
    return heading_overlap(question, heading.group(1)) if heading else 0


def _heading_words(question: str, fact: dict) -> int:
    heading = HEADING_LINE_RE.match(_steps_source(fact))
    return heading_words(question, heading.group(1)) if heading else 0


def _heading_unsaid(question: str, fact: dict) -> int:
    heading = HEADING_LINE_RE.match(_steps_source(fact))
    return heading_unsaid(question, heading.group(1)) if heading else 0


def _steps_source(fact: dict) -> str:
    """The text a how-to's steps are read from: a translated help section's English original, whose heading and steps
    the catalogue translates (locale/vi has every one, tested) and whose heading names the page to open."""
    original = (fact.get("original") or {}).get("text") or ""
    return original if original and steps_in(original) else fact.get("text") or ""


def knowledge_text(name: str, result: dict, question: str = "", *, vi: bool = False) -> tuple[str, list[int]]:
    """The answer in plain words from the best fact, then what else the cited facts add; each sentence carries
    its citation. Facts that do not fit the question are not quoted ("I don't have that"). Written under the
    answer's language: a how-to's steps come translated from the catalogue (locale/vi has every help page's
    "How to" steps), so a Vietnamese how-to is answered wholly in Vietnamese; a passage the catalogue lacks is
    quoted as written and said to be in English."""
    if result.get("error"):
        return _("I couldn't search the knowledge base: %(error)s") % {"error": _(result["error"])}, []
    substantive = [r for r in result.get("results") or [] if _substantive(r)]
    facts = [f for f in pick_facts(substantive) if fits_question(question, f, how_to=name == "get_app_information")]
    source = _("Moneta's help pages") if name == "get_app_information" else _("the knowledge base")
    if not facts:
        return _("I don't have that in %(source)s.") % {"source": source}, []
    if name == "get_app_information" and asks_how_to(question):
        # a how-to: the steps of the "How to" section whose heading names most of what it asks, the nearest on a
        # tie ("how to sign up" → "How to sign up…", not the nearer "How to log in and log out")
        stepped = [f for f in facts + [r for r in substantive if r not in facts]
                   if steps_in(_steps_source(f)) and fits_question(question, f)
                   and (f in facts or (f.get("score") or 0) >= FACT_FLOOR or _heading_overlap(question, f) > 0)]
        if stepped:
            # then the one naming fewest topics not asked ("set up a jar": not the one for a sinking fund with a jar)
            best = max(stepped, key=lambda f: (_heading_overlap(question, f), -_heading_unsaid(question, f),
                                               _heading_words(question, f)))
            if best is not facts[0]:
                facts = [best, *[f for f in facts if f is not best]][:MAX_FACTS]
    if name == "search_knowledge_base":  # "Ngân sách là gì?": what a budget is, before how Moneta uses one
        said = GLOSSED_RE.match(question.strip())  # "budget (Ngân sách là gì?)": the words as said
        ranked = sorted(substantive, key=lambda r: -(r.get("score") or 0))
        facts = education_first(said.group(2) if said else question, facts, ranked,
                                lambda r: fits_question(question, r, how_to=False), limit=MAX_FACTS, floor=FACT_FLOOR)
    lead = facts[0]
    steps = steps_in(_steps_source(lead)) if name == "get_app_information" or lead.get("corpus") == "moneta-help" \
        else []
    if steps:  # a how-to: the help page's numbered steps (chat/help_steps.py), in the answer's language
        source_text, translated = _steps_source(lead), [_(s) for s in steps]
        if vi and translated == steps and lead.get("language") == "vi" and steps_in(lead["text"]):
            source_text, translated = lead["text"], steps_in(lead["text"])  # the Vietnamese page's own list
        english = vi and translated == steps
        lines = [(_("From the help page (in English): ") if english else "")
                 + steps_text(source_text, translated, f"[#{lead['fact_id']}]")]
        more = facts[1:] if not vi or english else []  # a Vietnamese answer quotes no English passage
    else:
        in_vi = lead.get("language") == "vi"  # the Vietnamese version of the page (knowledge/translations.py)
        lines = [(_("From the documents (in English): ") if vi and not in_vi else "")
                 + f"{_sentences(_plain(_body(lead)), 420)} [#{lead['fact_id']}]"]
        # a Vietnamese answer adds only passages written in Vietnamese
        more = [f for f in facts[1:] if not vi or f.get("language") == "vi"]
    if result.get("not_in_knowledge") and not vi:  # chat/knowledge_terms.py: a related page, not the answer
        lines.insert(0, _("The knowledge base has nothing on “%(words)s”; the nearest it has:") % {
            "words": "”, “".join(result["not_in_knowledge"])})
    if more:
        lines.append(_("Also:"))
        lines.extend(f"- {_also(f)} [#{f['fact_id']}]" for f in more)
    shown = [lead, *more]
    where = "; ".join(dict.fromkeys(f"*{f.get('document') or 'document'}*" + (_(", p. %(page)s") % {"page": f["page"]}
                                                                                 if f.get("page") else "") for f in shown))
    lines.append(_("From %(source)s: %(where)s.") % {"source": source, "where": where})
    return "\n".join(lines), [int(f["fact_id"]) for f in shown]
