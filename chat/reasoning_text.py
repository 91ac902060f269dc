"""The words of the reasoning answers (chat/affordability.py's tools), the arithmetic shown line by line, in the
answer's language (gettext; Vietnamese in locale/vi). Every figure is copied from the tool's result, so grounding
finds it; nothing is computed here."""
from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from typing import Any

from django.utils import formats, translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from chat import words
from chat.affordability import _label
from chat.affordability_asked import NEEDS_Q_RE
from chat.goals import goal_plan_text
from core.money import money

NEXT_30_DAYS = "the next 30 days"


def _window(window: str) -> str:
    """The window a judgement is about ("November 2026", "the next 30 days") in the answer's language."""
    return _("the next 30 days") if window == NEXT_30_DAYS else words.text(window)


def _kept_in_period_text(payload: dict[str, Any], vi: bool, question: str = "") -> str:
    cur = payload.get("currency")
    label = _label(payload, vi)
    income, spent, kept = (money(payload[k], cur) for k in ("income", "spending", "kept"))
    if payload["kept_pct"] is None:
        return _("No income came in during %(label)s; you spent %(spent)s, so there was no pay to keep.") % {
            "label": label, "spent": spent}
    arithmetic = (f"- {income} − {spent} = {kept}\n- {kept} ÷ {income} = {payload['kept_pct']}%")
    figures = {"label": label, "income": income, "spent": spent, "kept": kept, "pct": payload["kept_pct"]}
    if Decimal(payload["kept"]) < 0:
        text = _("In %(label)s you took in %(income)s and spent %(spent)s: %(over)s more than came in, so none of "
                 "it was kept.") % {**figures, "over": money(-Decimal(payload["kept"]), cur)} + f"\n\n{arithmetic}"
    else:
        text = _("In %(label)s you took in %(income)s and spent %(spent)s, so you kept %(kept)s — %(pct)s%% of what "
                 "came in.") % figures + f"\n\n{arithmetic}"
    if re.search(r"\b(?:more|less) than\b|nhiều hơn|ít hơn", question, re.I):  # "did I spend more than I earned?"
        over = Decimal(payload["kept"]) < 0
        asks_more = bool(re.search(r"\b(?:spend|spent|spending|went out)\b.{0,20}\bmore than\b|\b(?:earn|earned|make|made)"
                                   r"\b.{0,20}\bless than\b|chi nhiều hơn", question, re.I))
        yes = over if asks_more else not over
        text = (pgettext("verdict", "Yes.") if yes else pgettext("verdict", "No.")) + " " + text
    if not (NEEDS_Q_RE.search(question) or re.search(r"thiết yếu|mong muốn", question)) or "needs" not in payload:
        return text
    needs, wants = money(payload["needs"], cur), money(payload["wants"], cur)
    names = ", ".join(words.categories(payload["need_categories"])) or _("none found")
    split = {"label": label, "income": income, "names": names, "needs": needs, "wants": wants, "kept": kept,
             "spent": spent, "needs_pct": payload["needs_pct"], "wants_pct": payload["wants_pct"],
             "kept_pct": payload["kept_pct"]}
    return (_("In %(label)s, of your income of %(income)s: needs (%(names)s) took %(needs)s — %(needs_pct)s%%; wants "
              "took %(wants)s — %(wants_pct)s%%; you kept %(kept)s — %(kept_pct)s%%. (The 50/30/20 rule suggests "
              "about 50%% / 30%% / 20%%.)") % split + "\n\n- "
            + _("%(needs)s needs + %(wants)s wants = %(spent)s spent") % split + "\n- "
            + _("%(income)s income − %(spent)s spent = %(kept)s kept") % split)


def _lines(steps: list[tuple[str, str | None, str]]) -> str:
    """The arithmetic, one step a line: "**−** $1,200.00 — spending in October 2026"."""
    return "\n".join(f"- {OPS.get(op or '', '')}{amount} — {label}" for amount, op, label in steps)


def _afford_like_text(p: dict[str, Any], vi: bool) -> str:
    """Affordability judged from one period's own income and spending, the arithmetic shown."""
    cur = p.get("currency")
    basis = _label(p, vi, "basis_")
    window = _window(p["window"])
    m = {k: money(p[k], cur) for k in ("income", "spending", "left", "amount", "after")}
    said = {"window": window, "basis": basis, "after": m["after"], "amount": m["amount"], "spending": m["spending"],
            "short": money(abs(Decimal(p["after"])), cur)}
    verdict = (_("Yes — if %(window)s looks like %(basis)s, you'd have %(after)s left after %(amount)s.") if p["possible"]
               else _("Not if %(window)s looks like %(basis)s: you'd be %(short)s short.")) % said
    if vi:  # the tool's step labels are English: the same steps, said in the answer's language
        steps = [(m["income"], None, _("income in %(period)s") % {"period": basis}),
                 (m["spending"], "-", _("spending in %(period)s") % {"period": basis}),
                 (m["left"], "=", pgettext("arithmetic", "left")), (m["amount"], "-", _("the purchase")),
                 (m["after"], "=", _("left after buying it"))]
    else:
        steps = [(money(s["amount"], cur), s.get("op"), s["label"]) for s in p["steps"]]
    return verdict + " " + _("In %(basis)s you spent %(spending)s. Here is the arithmetic:") % said + "\n\n" + \
        _lines(steps)


def _day(iso: str, vi: bool) -> str:
    with translation.override("vi" if vi else "en"):
        return formats.date_format(date.fromisoformat(iso), "j F" if not vi else "j/n")


OPS = {"-": "**−** ", "=": "**=** "}  # the arithmetic's operators, bold so a list bullet is not read as minus


def _usual_month_text(p: dict[str, Any], window: str) -> str:
    """The usual month the judgement rests on: income, all spending (everyday + bills and subscriptions), and that
    the bills are counted by what falls due in the window; a cost said as a rate, made monthly."""
    if p.get("usual_spending") is None:
        return ""
    cur = p.get("currency")
    said = {"months": words.text(p.get("usual_window") or ""), "income": money(p["income"], cur), "window": window,
            "spending": money(p["usual_spending"], cur), "everyday": money(p["spending"], cur),
            "bills": money(p["usual_bills"], cur), "due": money(p["bills"], cur)}
    text = "\n\n" + _("Your usual month (%(months)s): income %(income)s, spending %(spending)s — %(everyday)s everyday "
                       "plus %(bills)s in bills and subscriptions; for %(window)s I count the bills actually due "
                       "(%(due)s).") % said
    if p.get("rate"):
        text += " " + _("The cost is monthly: %(arithmetic)s.") % {"arithmetic": p["rate"]["arithmetic"]}
    return text


def _afford_text(p: dict[str, Any], vi: bool) -> str:
    cur = p.get("currency")
    m = {k: money(p[k], cur) for k in ("income", "spending", "bills", "left", "amount")}
    window = _window(p["window"])
    said = {"window": window, "after": money(p["after"], cur), "amount": m["amount"], "left": m["left"],
            "short": money(abs(Decimal(p["after"])), cur), "months": p.get("months_to_save")}
    if p.get("possible"):
        verdict = _("Yes — in %(window)s you'd have %(after)s left after %(amount)s.") % said
    else:
        verdict = _("Not in %(window)s: you'd be %(short)s short.") % said + (
            " " + _("Setting aside %(left)s a month, it would take %(months)s months.") % said
            if p.get("months_to_save") else "")
    if vi:  # the tool's step labels are English: the same steps, said in the answer's language
        steps = [(m["income"], None, _("usual income a month")),
                 (m["spending"], "-", _("usual everyday spending a month (recurring bills left out)")),
                 (m["bills"], "-", _("bills and subscriptions due in %(window)s") % said),
                 (money(p["left"], cur), "=", pgettext("arithmetic", "left")), (m["amount"], "-", _("the purchase")),
                 (money(p["after"], cur), "=", _("left after buying it"))]
    else:
        steps = [(money(s["amount"], cur), s.get("op"), s["label"]) for s in p.get("steps") or []]
    text = verdict + _usual_month_text(p, window) + " " + _("Here is the arithmetic:") + "\n\n" + _lines(steps)
    bills = p.get("bills_due") or []
    if bills:
        listed = ", ".join(f"{b['merchant']} {money(b['amount'], b['currency'])} ({_day(b['date'], vi)})"
                           for b in bills[:8])
        text += "\n\n" + _("Bills due: %(bills)s.") % {"bills": listed}
    pay = p.get("next_pay")
    if pay:
        due = p.get("due_before_pay_total")
        nothing = not Decimal(str(due or 0))
        said_pay = {"merchant": pay["merchant"], "amount": money(pay["amount"], pay["currency"]),
                    "day": _day(pay["date"], vi), "due": money(due, cur) if due is not None else ""}
        text += "\n\n" + (_("Next pay: %(merchant)s %(amount)s around %(day)s; no bills fall due before it.") if nothing
                          else _("Next pay: %(merchant)s %(amount)s around %(day)s; %(due)s of bills fall due before "
                                 "it.")) % said_pay
    return text


def reasoning_text(name: str, payload: dict[str, Any], question: str, *, vi: bool = False) -> str:
    """The offline composer's words for a reasoning tool's result, the arithmetic shown line by line, with what
    makes the figures shaky (thin data, irregular income)."""
    with translation.override("vi" if vi else "en"):
        return _reasoning_text(name, payload, question, vi)


def _reasoning_text(name: str, payload: dict[str, Any], question: str, vi: bool) -> str:
    if payload.get("message"):
        return _("I can't work that out yet: there is no income or no transactions in recent full months.") \
            if vi else str(payload["message"])
    if name == "check_affordability":
        text = _afford_like_text(payload, vi) if payload.get("basis") else _afford_text(payload, vi)
    elif payload.get("basis_kind"):  # chat/goals.py: a goal at a stated monthly saving, or a spending figure's
        text = goal_plan_text(payload)
    elif payload.get("period") and payload.get("goal"):
        text = _goal_text(payload, _label(payload, vi)) + "\n\n" + _kept_in_period_text(payload, vi, question)
    elif payload.get("period"):
        text = _kept_in_period_text(payload, vi, question)
    else:
        text = _usual_split_text(payload, vi, question)
    if payload.get("left_out") and name == "income_breakdown":
        text = _left_out_text(payload) + "\n\n" + text
    caveats = payload.get("caveats") or []
    if caveats:
        text += "\n\n" + _("**Take this with care:** %(caveats)s.") % {
            "caveats": "; ".join(caveats if not vi else [_vi_caveat(c) for c in caveats])}
    if name == "check_affordability":
        text += "\n\n" + _("This is an estimate: it assumes the coming month looks like your recent ones; one-off "
                           "costs would change it.")
    return text


def _left_out_text(p: dict[str, Any]) -> str:
    """What the question asked not to count ("not counting rent"), its sum, and that the spending below is without
    it: "Not counting Rent ($2,150.00): $3,919.11 − $2,150.00 = $1,769.11 spent."."""
    cur = p.get("currency")
    left = p["left_out"]
    names = words.categories(left["names"])
    joined = names[0] if len(names) == 1 else _("%(some)s and %(last)s") % {"some": ", ".join(names[:-1]),
                                                                           "last": names[-1]}
    said = {"names": joined, "amount": money(left["amount"], cur),
            "spent": money(p["spending"], cur)}
    if left.get("all_spending") is None:  # a usual month: the averages
        return _("Not counting %(names)s (%(amount)s in a usual month): the spending below leaves that out.") % said
    said["all"] = money(left["all_spending"], cur)
    return _("Not counting %(names)s (%(amount)s): %(all)s − %(amount)s = %(spent)s spent.") % said


def _goal_text(p: dict[str, Any], period: str | None = None) -> str:
    """How long a savings goal takes at the usual amount kept a month (or at what `period` kept)."""
    cur = p.get("currency")
    goal, kept = money(p["goal"], cur), money(p["kept"], cur)
    if period is not None:
        said = {"goal": goal, "kept": kept, "period": period, "months": p.get("goal_months"), "exact": p.get("goal_exact")}
        if p.get("goal_months") is None:
            return _("Going by %(period)s you would not get there: you kept nothing (%(kept)s), so %(goal)s is out of "
                     "reach at that rate.") % said
        return _("Going by %(period)s you'd have %(goal)s in about %(months)s months: you kept %(kept)s then, and "
                 "%(goal)s ÷ %(kept)s = %(exact)s months.") % said
    if p.get("goal_months") is None:
        return _("At your usual rate you don't save anything: your usual spending of %(spending)s a month is not "
                 "below your income of %(income)s, so %(goal)s is out of reach without spending less.") % {
            "spending": money(p["spending"], cur), "income": money(p["income_used"], cur), "goal": goal}
    return _("At your usual rate you'd have %(goal)s in about %(months)s months: you keep %(kept)s a month, and "
             "%(goal)s ÷ %(kept)s = %(exact)s months.") % {"goal": goal, "months": p["goal_months"], "kept": kept,
                                                            "exact": p["goal_exact"]}


def _usual_split_text(p: dict[str, Any], vi: bool, question: str) -> str:
    """A usual month (or the monthly income the question gave): what the 50/30/20 rule sets aside for needs, wants
    and savings, their own needs and wants beside it, and what is kept — the arithmetic shown."""
    cur = p.get("currency")
    m = {k: money(p[k], cur) for k in ("income_used", "spending", "needs", "wants")}
    income = m["income_used"]
    kept = Decimal(p["kept"])
    names = ", ".join(words.categories(p.get("need_categories") or [])) or _("none found")
    # the months averaged: the tool says them in English ("the 3 full months August–October 2026"); in Vietnamese
    # by their number
    window = _("the last %(months)s full months") % {"months": p.get("months")} if vi else p["window"]
    whose = (_("the %(income)s a month you gave") if p.get("income_given") else
             _("your average income of %(income)s a month (%(window)s)")) % {"income": income, "window": window}
    said = {"whose": whose, "income": income, "spending": m["spending"], "kept": money(kept, cur),
            "over": money(-kept, cur), "pct": p["kept_pct"], "names": names, "needs": m["needs"], "wants": m["wants"],
            "needs_pct": p["needs_pct"], "wants_pct": p["wants_pct"], "window": window}
    sums = f"\n\n- {income} − {m['spending']} = {money(kept, cur)}"
    kept_text = (_("Of %(whose)s, after your usual spending of %(spending)s you keep %(kept)s — %(pct)s%%:") % said
                 + sums + f"\n- {money(kept, cur)} ÷ {income} = {p['kept_pct']}%" if kept >= 0 else
                 _("Your usual spending of %(spending)s a month is %(over)s more than %(whose)s:") % said + sums)
    own = _("Your own needs (%(names)s) come to %(needs)s a month — %(needs_pct)s%% of %(income)s; wants %(wants)s "
            "— %(wants_pct)s%% (averages over %(window)s).") % said
    if p.get("goal"):
        return f"{_goal_text(p)}\n\n{kept_text}"
    if not (NEEDS_Q_RE.search(question) or re.search(r"thiết yếu|mong muốn|nhu cầu", question, re.I)):
        return f"{kept_text}\n\n{own}"
    rule = {k: money(v, cur) for k, v in (p.get("rule_50_30_20") or {}).items()}
    over = Decimal(p.get("needs_over_rule") or 0)
    ruled = {"income": income, **rule}
    lead = (_("On %(income)s a month, the 50/30/20 rule puts %(needs)s (50%%) to needs, %(wants)s (30%%) to wants "
              "and %(savings)s (20%%) to savings:") % ruled + "\n\n- "
            + _("%(income)s × 50%% = %(needs)s needs") % ruled + "\n- "
            + _("%(income)s × 30%% = %(wants)s wants") % ruled + "\n- "
            + _("%(income)s × 20%% = %(savings)s savings") % ruled)
    gap = " " + (_("That is %(gap)s more on needs than the rule's %(needs)s.") if over > 0 else
                 _("That is %(gap)s less on needs than the rule's %(needs)s.")) % {"gap": money(abs(over), cur),
                                                                                  "needs": rule["needs"]}
    return f"{lead}\n\n{own}{gap}\n\n{kept_text}"


def _vi_caveat(text: str) -> str:
    if text.startswith("only"):
        return _("only a few months have transactions, so the 'usual' month is a rough estimate")
    return _("your income varies a lot from month to month, so the coming month may differ")
