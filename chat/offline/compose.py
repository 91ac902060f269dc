"""Extractive answers for the offline model: quote the facts it cites, state the numbers tools returned.

Every figure written here is copied from a tool result (formatted with 2 decimals as the selectors
round them), so the grounding check finds it; nothing is computed here.
"""
from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from chat import words
from chat.help_steps import steps_in, steps_text
from chat.listings import listed_subscriptions_text, subscriptions_text
from chat.offline.money_answer import _m, _when
from core.money import money as money_format
from transactions.query import is_vietnamese

FACT_FLOOR = 0.25          # facts scoring below this are too far from the question to quote
FACT_SPREAD = 0.12         # quote facts within this of the best one
MAX_FACTS = 3
MONEY_KEYS = ("total", "spending", "spent", "income", "net", "average", "budget", "remaining", "monthly_total",
              "total_monthly", "amount", "monthly_cost", "suggested", "median")


def money(value: Any, currency: str | None = None) -> str:
    """Amounts as every page writes them ("$12.00", "−€3.50"; plain "12.00" without a currency)."""
    return money_format(value, currency)


def _label(key: str) -> str:
    return key.replace("_", " ").strip().capitalize()


def _scalar_figures(result: dict) -> list[tuple[str, Any]]:
    out = []
    for key, value in result.items():
        if key in ("currency", "query", "count_omitted") or key.endswith("_omitted") or key.endswith("_id"):
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        out.append((key, value))
    return out


def _row_text(row: dict, currency: str | None) -> str:
    parts = []
    for key in ("date", "label", "name", "category", "merchant", "description", "month", "period"):
        if row.get(key) not in (None, ""):
            parts.append(str(row[key]))
            if len(parts) >= 2:
                break
    figures = []
    for key, value in row.items():
        if key in ("id", "category_confidence", "jar_id", "subscription_id", "transaction_id") or key.endswith("_id"):
            continue
        if isinstance(value, int | float) and not isinstance(value, bool):
            is_money = any(k in key for k in MONEY_KEYS)
            if key in ("count", "transactions", "visits"):
                figures.append(f"{value} {key if key != 'count' else 'transactions'}")
            elif key in ("percentage", "percent", "share", "pct", "percent_used"):
                figures.append(f"{value}%")
            elif is_money:
                figures.append(f"{_label(key).lower()} {money(value, currency)}")
        if len(figures) >= 3:
            break
    tip = row.get("tip") or row.get("reason")
    text = " — ".join(p for p in [" · ".join(parts), ", ".join(figures)] if p)
    if tip:
        text += f". {tip}"
    if row.get("price_changed") or row.get("price_change"):
        text += " (price changed)"
    return text


def _specific(name: str, r: dict) -> str | None:
    """Plain-language sentences for the common transactions tools (figures copied from the result), in the answer's
    language (gettext, locale/vi): category names from the catalogue, periods and dates by Django's formats. The
    English sentences lead with the selector's title; the Vietnamese ones leave it out (it is English)."""
    cur = r.get("currency")
    rows = r.get("rows") or []
    when = _when(r.get("period"), words.is_vi(), {"start": r.get("start") or "1900-01-01", "end": r.get("end"),
                                                  "grain": "range"} if r.get("end") else None)
    base = {"title": r.get("title"), "period": r.get("period"), "when": when,
            "category": words.category(r.get("category")), "merchant": r.get("merchant"), "count": r.get("count")}
    if name == "analyze_by_category" and "total" in r:
        if not r.get("count"):
            return _("**%(title)s**\nNo %(category)s transactions in %(period)s.") % base
        text = _("**%(title)s**\nYou spent %(total)s on %(category)s (%(period)s) across %(count)s transactions, "
                 "%(average)s on average") % {**base, "total": money(r["total"], cur),
                                              "average": money(r.get("average"), cur)}
        if r.get("monthly_average") and len(rows) > 1:
            text += _(" and %(monthly)s a month") % {"monthly": money(r["monthly_average"], cur)}
        text += "."
        text += _by_month(rows, cur)
        top = r.get("top_merchants") or []
        if top:
            text += _(" Top merchants: ") + ", ".join(f"{t['merchant']} ({money(t['total'], cur)})"
                                                      for t in top[:3]) + "."
        return text
    if name == "analyze_merchant" and "total" in r:
        if not r.get("count"):
            return _("**%(title)s**\nNo transactions at %(merchant)s in %(period)s.") % base
        text = _("**%(title)s**\nYou spent %(total)s at %(merchant)s (%(period)s) across %(count)s transactions, "
                 "%(average)s on average.") % {**base, "total": money(r["total"], cur),
                                               "average": money(r.get("average"), cur)}
        if r.get("refunds"):
            text += _(" Refunds: %(refunds)s.") % {"refunds": money(r["refunds"], cur)}
        text += _by_month(rows, cur)
        if r.get("group_by_category") and rows:
            text += _("\nBy category:\n") + "\n".join(
                _("- %(category)s: %(total)s (%(count)s transactions)") % {
                    "category": words.category(x.get("category")), "total": money(x.get("total"), cur),
                    "count": x.get("count")} for x in rows)
        return text
    if name == "get_spending_summary" and "total_spent" in r:
        top = ", ".join(f"{words.category(x.get('category'))} ({_m(x.get('spent'), cur)}, {x.get('share_pct')}%)"
                        for x in rows[:3])
        text = _("You spent %(total)s %(when)s") % {"total": _m(r["total_spent"], cur), "when": when}
        text += _("; the biggest categories were %(top)s.") % {"top": top} if top else "."
        text += _("\nIncome: %(income)s; net: %(net)s (%(count)s transactions).") % {
            "income": _m(r.get("total_income"), cur), "net": _m(r.get("net"), cur), "count": r.get("transaction_count")}
        if len(rows) > 3:
            text += _("\nAll categories:\n") + "\n".join(
                f"- {words.category(x.get('category'))}: {_m(x.get('spent'), cur)} ({x.get('share_pct')}%)"
                for x in rows[:10])
        return text
    if name == "compare_spending" and "totals" in r:
        windows = {w["label"]: w for w in r.get("windows") or []}
        periods = r.get("periods") or []
        names = {p: words.period(p, windows.get(p)) for p in periods}
        lines = [pgettext("comparison", "**%(title)s**") % {**base, "periods": _(" and ").join(names.values())}]
        for x in rows:
            values = x.get("values") or {}
            vals = "; ".join(f"{names[p]}: {money(values.get(p), cur)}" for p in periods)
            change = ""
            if x.get("change") is not None and len(periods) == 2:
                pct = f", {x['change_pct']}%" if x.get("change_pct") is not None else ""
                change = _(" (change %(change)s%(pct)s)") % {"change": money(x["change"], cur), "pct": pct}
            lines.append(f"- {words.category(x.get('category'))}: {vals}{change}")
        if len(periods) > 1:
            lines.append(_("Totals: ") + "; ".join(f"{names.get(p, p)}: {money(v, cur)}"
                                                   for p, v in (r.get("totals") or {}).items()))
        return "\n".join(lines)
    if name == "search_transactions" and "count" in r:
        if not r.get("count"):
            return _("I found no transactions matching %(what)s.") % {
                "what": repr(r.get("filters_text") or r.get("query"))}
        text = _("**%(title)s**\nI found %(count)s transactions: %(spent)s spent") % {
            **base, "spent": money(r.get("spent"), cur)}
        if r.get("received"):
            text += _(", %(received)s received") % {"received": money(r.get("received"), cur)}
        text += "."
        shown = rows[:5]
        text += "\n" + "\n".join(f"- {x.get('date')} {x.get('merchant') or x.get('description')}: "
                                  f"{money(x.get('amount'), cur)} "
                                  f"({words.category(x.get('category')) or _('uncategorised')})" for x in shown)
        if r["count"] > len(shown):
            text += _("\nThe table lists all %(count)s transactions.") % base
        return text
    if name == "get_jar_status" and "total_budget" in r:
        if not rows:
            return _("You have no jars set up yet — create one on the Jars page.")
        lines = [_("**%(title)s**: %(spent)s spent of %(budget)s budgeted.") % {
            **base, "spent": money(r.get("total_spent"), cur), "budget": money(r.get("total_budget"), cur)}]
        for x in rows:
            flag = {"over": _(" — over budget"), "warning": _(" — nearly used up")}.get(x.get("status"), "")
            lines.append(_("- %(name)s: %(spent)s of %(available)s (%(pct)s%%), %(remaining)s left%(flag)s") % {
                "name": words.category(x.get("name")), "spent": money(x.get("spent"), cur),
                "available": money(x.get("available"), cur), "pct": x.get("pct"),
                "remaining": money(x.get("remaining"), cur), "flag": flag})
        return "\n".join(lines)
    if name == "list_subscriptions" and "total_per_month" in r and r.get("merchants"):
        return listed_subscriptions_text(r, rows, cur)
    if name == "list_subscriptions" and "total_per_month" in r:
        return subscriptions_text(r, rows, cur)
    if name == "suggest_budgets" and rows and "suggested_budget" in rows[0]:
        lines = [pgettext("budget suggestions", "**%(title)s**") % base]
        for x in rows[:6]:
            lines.append((_("- %(category)s: suggested %(suggested)s a month (typical %(median)s, %(trend)s). %(tip)s")
                          % {"category": words.category(x.get("category")),
                             "suggested": money(x.get("suggested_budget"), cur), "median": money(x.get("median"), cur),
                             "trend": _(x.get("trend") or "") if x.get("trend") else "",
                             "tip": x.get("tip") or ""}).rstrip())
        return "\n".join(lines)
    return None


def _by_month(rows: list[dict], cur: str | None) -> str:
    """A monthly series as one line ("By month: 2026-01 $494.20; 2026-02 $688.94; …"), when there are months."""
    months = [x for x in rows if x.get("month") and x.get("total") is not None]
    if len(months) < 2:
        return ""
    return "\n" + _("By month: ") + "; ".join(f"{x['month']} {money(x['total'], cur)}" for x in months[-13:]) + "."


def money_result_text(name: str, result: dict) -> str:
    """A short paragraph stating the figures a transactions selector returned, and its top rows."""
    if not isinstance(result, dict):
        return ""
    if result.get("error"):
        return f"I couldn't get that from your transactions: {result['error']}"
    specific = _specific(name, result)
    if specific:
        return specific
    currency = result.get("currency")
    title = result.get("title") or _label(name)
    lines = [f"**{title}**"]
    if result.get("filters_text"):
        lines.append(f"Filters understood: {result['filters_text']}.")
    figures = _scalar_figures(result)
    if figures:
        bits = []
        for key, value in figures:
            if key in ("count", "transactions"):
                bits.append(f"{value} transactions")
            elif "percent" in key or key in ("share", "change_pct"):
                bits.append(f"{_label(key).lower()} {value}%")
            else:
                bits.append(f"{_label(key).lower()} {money(value, currency)}")
        lines.append("; ".join(bits) + ".")
    rows = result.get("rows") or []
    if rows and isinstance(rows, list):
        shown = rows[:6]
        lines.extend(f"- {_row_text(r, currency)}" for r in shown if isinstance(r, dict))
        if len(rows) > len(shown) or result.get("rows_omitted"):
            lines.append("- … and more in the table.")
    elif not figures:
        lines.append("No matching transactions were found.")
    for key in ("top_merchants", "by_category", "categories_breakdown"):
        extra = result.get(key)
        if isinstance(extra, list) and extra and isinstance(extra[0], dict):
            lines.append(f"{_label(key)}: " + "; ".join(_row_text(r, currency) for r in extra[:4]) + ".")
    return "\n".join(lines)


def pick_facts(results: list[dict]) -> list[dict]:
    if not results:
        return []
    ranked = sorted(results, key=lambda r: -(r.get("score") or 0))
    best = ranked[0].get("score") or 0
    if best < FACT_FLOOR:
        return []
    return [r for r in ranked if (r.get("score") or 0) >= best - FACT_SPREAD][:MAX_FACTS]


def _quote(text: str, limit: int = 320) -> str:
    body = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    text = re.sub(r"\s+", " ", " ".join(body) if any(b.strip() for b in body) else text).strip()
    # chunks that kept a markdown heading inline ("## Where to keep it Keep the fund…"): drop the heading
    text = re.sub(r"^#{1,6}\s+.+?\s+(?=[A-Z])", "", text, count=1)
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


CLOSE_FACT = 0.55  # a fact this close to the question answers it even without shared words
NEAR_FACT = 0.45  # this close, sharing even an everyday money word is enough
QUESTION_NOISE = set("""what whats is are the a an of and or to in on for how do does did can could should would
why when where which who me my i you your it its this that these those about between difference explain tell
mean means meaning good bad best work works there any much many more most less than vs versus really actually
note notes say says said document documents docs file files wrote written
""".split())


def _terms(text: str) -> set[str]:
    words = re.findall(r"\d+(?:/\d+)+|\d{2,}|[a-z0-9]{3,}", text.lower())
    words += [n for w in words if "/" in w for n in w.split("/")]  # "50/30/20" also names 50, 30 and 20
    # a plural names the same thing ("jar" / "jars", "fund" / "funds")
    return {(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w)[:5] for w in words
            if w not in QUESTION_NOISE}


# words every money text has: sharing only these says nothing about the topic ("dollar cost averaging" is not
# answered by a passage on inflation because both say "dollar")
EVERYDAY_TERMS = {_w[:5] for _w in """money dollar dollars cost costs price prices pay paying paid spend spending
spent bank account accounts save saving savings month months year years week time people thing things get keep
make use using want need like way ways start rate rates amount amounts one two off sometimes system systems method
methods process feature features option options concept idea kind type""".split()}  # (the last: generic nouns)


# verbs of doing and other words that name no topic ("put", "keep", "away", "build" is not among them)
GENERIC_TERMS = {_w[:5] for _w in """put get got set keep make give take try away till long able thing stuff actually
exactly""".split()}


# a named thing in a question: a numbered plan or account ("529 plan", "401k", not an amount) or an acronym
# of four to six letters ("HELOC"; three-letter ones such as CSV or APR are everyday words); a fact that answers
# the question names it too
NAMED_TERM_RE = re.compile(r"\b\d{3,}[a-z]\b|\b\d{3,}(?= (?:plans?|accounts?|forms?)\b)|\b[A-Z]{4,6}s?\b")
GLOSSED_RE = re.compile(r"^(.+?) \((.+)\)$", re.S)  # a Vietnamese question searched with its English terms
SAME_FACT = 0.8  # this close in meaning, a fact answers the question whatever it calls the thing
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


def knowledge_text(name: str, result: dict, question: str = "", *, vi: bool = False) -> tuple[str, list[int]]:
    """The answer in plain words from the best fact, then what else the cited facts add; each sentence carries
    its citation. Facts that do not fit the question are not quoted ("I don't have that"). Written under the
    answer's language: a how-to's steps come translated from the catalogue (locale/vi has every help page's
    "How to" steps), so a Vietnamese how-to is answered wholly in Vietnamese; a passage the catalogue lacks is
    quoted as written and said to be in English."""
    if result.get("error"):
        return f"I couldn't search the knowledge base: {result['error']}", []
    facts = [f for f in pick_facts([r for r in result.get("results") or [] if _substantive(r)])
             if fits_question(question, f, how_to=name == "get_app_information")]
    source = _("Moneta's help pages") if name == "get_app_information" else _("the knowledge base")
    if not facts:
        return _("I don't have that in %(source)s.") % {"source": source}, []
    if name == "get_app_information":  # a how-to is answered by the steps of the nearest "How to" section
        stepped = [f for f in facts if steps_in(f["text"])]
        if stepped and stepped[0] is not facts[0]:
            facts = [stepped[0], *[f for f in facts if f is not stepped[0]]]
    lead = facts[0]
    steps = steps_in(lead["text"]) if name == "get_app_information" or lead.get("corpus") == "moneta-help" else []
    if steps:  # a how-to: the help page's numbered steps (chat/help_steps.py), in the answer's language
        translated = [_(s) for s in steps]
        english = vi and translated == steps
        lines = [(_("From the help page (in English): ") if english else "")
                 + steps_text(lead["text"], translated, f"[#{lead['fact_id']}]")]
        more = facts[1:] if not vi or english else []  # a Vietnamese answer quotes no English passage
    else:
        lines = [(_("From the documents (in English): ") if vi else "")
                 + f"{_sentences(_plain(lead['text']), 420)} [#{lead['fact_id']}]"]
        more = facts[1:]
    if more:
        lines.append(_("Also:"))
        lines.extend(f"- {_sentences(_plain(f['text']), 260)} [#{f['fact_id']}]" for f in more)
    shown = [lead, *more]
    where = "; ".join(dict.fromkeys(f"*{f.get('document') or 'document'}*" + (f", p. {f['page']}" if f.get("page")
                                                                                 else "") for f in shown))
    lines.append(_("From %(source)s: %(where)s.") % {"source": source, "where": where})
    return "\n".join(lines), [int(f["fact_id"]) for f in shown]


def web_text(result: dict) -> str:
    if not result.get("available", True) or result.get("error"):
        return result.get("message") or f"Web search unavailable: {result.get('error')}."
    hits = result.get("results") or []
    if not hits:
        return "The web search returned nothing useful."
    return "From the web:\n" + "\n".join(f"- [{h.get('title')}]({h.get('url')}): {_quote(h.get('snippet', ''), 200)}"
                                          for h in hits[:3])


def documents_text(result: dict) -> str:
    docs = result.get("documents") or []
    if not docs:
        return "There are no documents you can see in the knowledge base yet."
    lines = [f"You can see {result.get('count', len(docs))} documents:"]
    for d in docs[:12]:
        lines.append(f"- *{d.get('title')}* ({d.get('corpus')}, {d.get('status')}, {d.get('pages') or 0} pages)")
    return "\n".join(lines)


GREETING = ("Hi! I'm Moneta, your personal-finance assistant. Ask me about your spending (\"how much did I spend on "
            "dining last month?\"), your budgets and subscriptions, how Moneta works, or a money concept such as "
            "compound interest.")
THANKS = "You're welcome! Ask me anything else about your money whenever you like."
THANKS_VI = "Không có gì! Bạn cứ hỏi thêm về chi tiêu của mình bất cứ lúc nào."
OUT_OF_SCOPE = ("I'm Moneta, your personal-finance assistant. I can help with your spending, budgets and jars, "
                "subscriptions, Moneta's features and financial concepts — but not with that question.")
NO_ADVICE = ("I can't give personal investment advice (such as whether to buy or sell a specific investment), "
             "but here is some general background that may help you decide with a licensed adviser.")
