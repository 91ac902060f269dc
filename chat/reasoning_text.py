"""The words of the reasoning answers (chat/affordability.py's tools), the arithmetic shown line by line, in English
or Vietnamese. Every figure is copied from the tool's result, so grounding finds it; nothing is computed here."""
from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from typing import Any

from django.utils import formats, translation

from chat import words
from chat.affordability import NEEDS_Q_RE, _label
from core.money import money


def _kept_in_period_text(payload: dict[str, Any], vi: bool, question: str = "") -> str:
    cur = payload.get("currency")
    label = _label(payload, vi)
    income, spent, kept = (money(payload[k], cur) for k in ("income", "spending", "kept"))
    if payload["kept_pct"] is None:
        return (f"Không có thu nhập nào trong {label}; bạn đã chi {spent}." if vi else
                f"No income came in during {label}; you spent {spent}, so there was no pay to keep.")
    arithmetic = (f"- {income} − {spent} = {kept}\n- {kept} ÷ {income} = {payload['kept_pct']}%")
    if Decimal(payload["kept"]) < 0:
        text = (f"Trong {label}, bạn nhận {income} và chi {spent}: chi nhiều hơn thu {money(-Decimal(payload['kept']), cur)}."
                f"\n\n{arithmetic}" if vi else
                f"In {label} you took in {income} and spent {spent}: {money(-Decimal(payload['kept']), cur)} more than "
                f"came in, so none of it was kept.\n\n{arithmetic}")
    else:
        text = (f"Trong {label}, bạn nhận {income} và chi {spent}, nên giữ lại {kept} — {payload['kept_pct']}% thu nhập."
                f"\n\n{arithmetic}" if vi else
                f"In {label} you took in {income} and spent {spent}, so you kept {kept} — {payload['kept_pct']}% of "
                f"what came in.\n\n{arithmetic}")
    if re.search(r"\b(?:more|less) than\b|nhiều hơn|ít hơn", question, re.I):  # "did I spend more than I earned?"
        over = Decimal(payload["kept"]) < 0
        asks_more = bool(re.search(r"\b(?:spend|spent|spending|went out)\b.{0,20}\bmore than\b|\b(?:earn|earned|make|made)"
                                   r"\b.{0,20}\bless than\b|chi nhiều hơn", question, re.I))
        yes = over if asks_more else not over
        text = (("Có. " if yes else "Không. ") if vi else ("Yes. " if yes else "No. ")) + text
    if not (NEEDS_Q_RE.search(question) or re.search(r"thiết yếu|mong muốn", question)) or "needs" not in payload:
        return text
    needs, wants = money(payload["needs"], cur), money(payload["wants"], cur)
    names = ", ".join(words.categories(payload["need_categories"]) if vi else payload["need_categories"]) or \
        ("không có" if vi else "none found")
    split = (f"Trong {label}, trên thu nhập {income}: nhu cầu thiết yếu ({names}) chiếm {needs} — "
             f"{payload['needs_pct']}%; mong muốn chiếm {wants} — {payload['wants_pct']}%; giữ lại {kept} — "
             f"{payload['kept_pct']}%. (Quy tắc 50/30/20 gợi ý khoảng 50% / 30% / 20%.)"
             f"\n\n- {needs} + {wants} = {spent} đã chi\n- {income} − {spent} = {kept}" if vi else
             f"In {label}, of your income of {income}: needs ({names}) took {needs} — {payload['needs_pct']}%; wants "
             f"took {wants} — {payload['wants_pct']}%; you kept {kept} — {payload['kept_pct']}%. (The 50/30/20 rule "
             f"suggests about 50% / 30% / 20%.)\n\n- {needs} needs + {wants} wants = {spent} spent\n"
             f"- {income} income − {spent} spent = {kept} kept")
    return split


def _afford_like_text(p: dict[str, Any], vi: bool) -> str:
    """Affordability judged from one period's own income and spending, the arithmetic shown."""
    cur = p.get("currency")
    basis = _label(p, vi, "basis_")
    window = p["window"] if not vi else (words.text(p["window"]) if p["window"] != "the next 30 days" else "30 ngày tới")
    m = {k: money(p[k], cur) for k in ("income", "spending", "left", "amount", "after")}
    if vi:
        verdict = (f"Có — nếu {window} giống {basis}, bạn còn {m['after']} sau khi chi {m['amount']}." if p["possible"]
                   else f"Chưa đủ — nếu {window} giống {basis}, bạn sẽ thiếu {money(abs(Decimal(p['after'])), cur)}.")
        lines = [f"{m['income']} — thu nhập trong {basis}", f"{OPS['-']}{m['spending']} — chi tiêu trong {basis}",
                 f"{OPS['=']}{m['left']} — còn lại", f"{OPS['-']}{m['amount']} — khoản mua",
                 f"{OPS['=']}{m['after']} — còn lại sau khi mua"]
        return verdict + f" Trong {basis} bạn đã chi {m['spending']}. Cách tính:\n\n" + \
            "\n".join(f"- {line}" for line in lines)
    verdict = (f"Yes — if {window} looks like {basis}, you'd have {m['after']} left after {m['amount']}."
               if p["possible"] else
               f"Not if {window} looks like {basis}: you'd be {money(abs(Decimal(p['after'])), cur)} short.")
    lines = [f"{OPS.get(s.get('op') or '', '')}{money(s['amount'], cur)} — {s['label']}" for s in p["steps"]]
    return verdict + f" In {basis} you spent {m['spending']}. Here is the arithmetic:\n\n" + \
        "\n".join(f"- {line}" for line in lines)


def _day(iso: str, vi: bool) -> str:
    with translation.override("vi" if vi else "en"):
        return formats.date_format(date.fromisoformat(iso), "j F" if not vi else "j/n")


OPS = {"-": "**−** ", "=": "**=** "}  # the arithmetic's operators, bold so a list bullet is not read as minus


def _usual_month_text(p: dict[str, Any], vi: bool, window: str) -> str:
    """The usual month the judgement rests on: income, all spending (everyday + bills and subscriptions), and that
    the bills are counted by what falls due in the window."""
    if p.get("usual_spending") is None:
        return ""
    cur = p.get("currency")
    m = {k: money(p[k], cur) for k in ("income", "usual_spending", "spending", "usual_bills", "bills")}
    rate = p.get("rate")
    if vi:
        return (f"\n\nMột tháng thường có của bạn ({words.text(p.get('usual_window') or '')}): thu nhập {m['income']}, "
                f"chi tiêu {m['usual_spending']} — {m['spending']} chi hằng ngày cộng {m['usual_bills']} hóa đơn và gói "
                f"đăng ký; với {window} tôi tính các hóa đơn thực sự đến hạn ({m['bills']})."
                + (f" Khoản này là chi phí hằng tháng: {rate['arithmetic']}." if rate else ""))
    return (f"\n\nYour usual month ({p.get('usual_window')}): income {m['income']}, spending {m['usual_spending']} — "
            f"{m['spending']} everyday plus {m['usual_bills']} in bills and subscriptions; for {window} I count the "
            f"bills actually due ({m['bills']})." + (f" The cost is monthly: {rate['arithmetic']}." if rate else ""))


def _afford_text(p: dict[str, Any], vi: bool) -> str:
    cur = p.get("currency")
    m = {k: money(p[k], cur) for k in ("income", "spending", "bills", "left", "amount")}
    after = money(abs(Decimal(p["after"])), cur)
    window = p["window"]
    if vi:
        window = words.text(window) if window != "the next 30 days" else "30 ngày tới"
        lines = [f"{m['income']} — thu nhập thường có mỗi tháng",
                 f"{OPS['-']}{m['spending']} — chi tiêu hằng ngày thường có mỗi tháng (không tính hóa đơn định kỳ)",
                 f"{OPS['-']}{m['bills']} — hóa đơn và gói đăng ký đến hạn trong {window}",
                 f"{OPS['=']}{money(p['left'], cur)} — còn lại",
                 f"{OPS['-']}{m['amount']} — khoản mua",
                 f"{OPS['=']}{money(p['after'], cur)} — còn lại sau khi mua"]
        verdict = (f"Có — trong {window} bạn sẽ còn {money(p['after'], cur)} sau khi chi {m['amount']}."
                   if p.get("possible") else f"Chưa đủ trong {window}: bạn sẽ thiếu {after}."
                   + (f" Nếu để dành {m['left']} mỗi tháng, cần {p['months_to_save']} tháng."
                      if p.get("months_to_save") else ""))
        text = verdict + _usual_month_text(p, vi, window) + " Cách tính:\n\n" + "\n".join(f"- {line}" for line in lines)
    else:
        lines = [f"{OPS.get(s.get('op') or '', '')}{money(s['amount'], cur)} — {s['label']}"
                 for s in p.get("steps") or []]
        verdict = (f"Yes — in {window} you'd have {money(p['after'], cur)} left after {m['amount']}."
                   if p.get("possible") else f"Not in {window}: you'd be {after} short."
                   + (f" Setting aside {m['left']} a month, it would take {p['months_to_save']} months."
                      if p.get("months_to_save") else ""))
        text = verdict + _usual_month_text(p, vi, window) + " Here is the arithmetic:\n\n" + \
            "\n".join(f"- {line}" for line in lines)
    bills = p.get("bills_due") or []
    if bills:
        listed = ", ".join(f"{b['merchant']} {money(b['amount'], b['currency'])} ({_day(b['date'], vi)})"
                           for b in bills[:8])
        text += ("\n\nHóa đơn đến hạn: " if vi else "\n\nBills due: ") + listed + "."
    pay = p.get("next_pay")
    if pay:
        due = p.get("due_before_pay_total")
        nothing = not Decimal(str(due or 0))
        text += (f"\n\nKỳ lương tới: {pay['merchant']} {money(pay['amount'], pay['currency'])} khoảng ngày "
                 f"{_day(pay['date'], vi)}; " + ("trước đó không có hóa đơn nào đến hạn." if nothing else
                                                 f"trước đó có {money(due, cur)} hóa đơn đến hạn.") if vi else
                 f"\n\nNext pay: {pay['merchant']} {money(pay['amount'], pay['currency'])} around "
                 f"{_day(pay['date'], vi)}; " + ("no bills fall due before it." if nothing else
                                                 f"{money(due, cur)} of bills fall due before it."))
    return text


def reasoning_text(name: str, payload: dict[str, Any], question: str, *, vi: bool = False) -> str:
    """The offline composer's words for a reasoning tool's result, the arithmetic shown line by line, with what
    makes the figures shaky (thin data, irregular income)."""
    if payload.get("message"):
        return ("Tôi chưa tính được: chưa có thu nhập hay giao dịch trong các tháng trọn vẹn gần đây."
                if vi else str(payload["message"]))
    if name == "check_affordability":
        text = _afford_like_text(payload, vi) if payload.get("basis") else _afford_text(payload, vi)
    elif payload.get("period"):
        text = _kept_in_period_text(payload, vi, question)
    else:
        text = _usual_split_text(payload, vi, question)
    caveats = payload.get("caveats") or []
    if caveats:
        text += ("\n\n**Lưu ý:** số liệu chưa chắc chắn — " if vi else "\n\n**Take this with care:** ") + \
            "; ".join(caveats if not vi else [_vi_caveat(c) for c in caveats]) + "."
    if name == "check_affordability":
        text += ("\n\nĐây là ước tính: giả định tháng tới giống các tháng gần đây; chi phí bất thường sẽ làm thay đổi "
                 "kết quả." if vi else "\n\nThis is an estimate: it assumes the coming month looks like your recent "
                 "ones; one-off costs would change it.")
    return text


def _goal_text(p: dict[str, Any], vi: bool) -> str:
    """How long a savings goal takes at the usual amount kept a month."""
    cur = p.get("currency")
    goal, kept = money(p["goal"], cur), money(p["kept"], cur)
    if p.get("goal_months") is None:
        return (f"Với mức hiện tại bạn không để dành được: chi tiêu thường có ({money(p['spending'], cur)} mỗi tháng) "
                f"không thấp hơn thu nhập ({money(p['income_used'], cur)}), nên chưa thể đạt {goal} nếu không chi ít đi."
                if vi else
                f"At your usual rate you don't save anything: your usual spending of {money(p['spending'], cur)} a month "
                f"is not below your income of {money(p['income_used'], cur)}, so {goal} is out of reach without "
                f"spending less.")
    return (f"Với mức hiện tại, bạn cần khoảng {p['goal_months']} tháng để có {goal}: mỗi tháng bạn giữ lại {kept}, "
            f"và {goal} ÷ {kept} = {p['goal_exact']} tháng." if vi else
            f"At your usual rate you'd have {goal} in about {p['goal_months']} months: you keep {kept} a month, and "
            f"{goal} ÷ {kept} = {p['goal_exact']} months.")


def _usual_split_text(p: dict[str, Any], vi: bool, question: str) -> str:
    """A usual month (or the monthly income the question gave): what the 50/30/20 rule sets aside for needs, wants
    and savings, their own needs and wants beside it, and what is kept — the arithmetic shown."""
    cur = p.get("currency")
    m = {k: money(p[k], cur) for k in ("income_used", "spending", "needs", "wants")}
    income = m["income_used"]
    kept = Decimal(p["kept"])
    names = ", ".join(words.categories(p.get("need_categories")) if vi else p.get("need_categories") or []) or \
        ("không có" if vi else "none found")
    if vi:
        whose = (f"khoản {income} mỗi tháng bạn đưa ra" if p.get("income_given") else
                 f"thu nhập trung bình {income} mỗi tháng của bạn")
        kept_text = (f"Từ {whose}, sau chi tiêu thường có {m['spending']}, bạn giữ lại {money(kept, cur)} — "
                     f"{p['kept_pct']}%:\n\n- {income} − {m['spending']} = {money(kept, cur)}\n"
                     f"- {money(kept, cur)} ÷ {income} = {p['kept_pct']}%" if kept >= 0 else
                     f"Chi tiêu thường có của bạn ({m['spending']} mỗi tháng) nhiều hơn {whose} "
                     f"{money(-kept, cur)}:\n\n- {income} − {m['spending']} = {money(kept, cur)}")
        own = (f"Nhu cầu thiết yếu của bạn ({names}) chiếm {m['needs']} mỗi tháng — {p['needs_pct']}% của {income}; "
               f"mong muốn chiếm {m['wants']} — {p['wants_pct']}% (trung bình {p['months']} tháng trọn vẹn gần nhất).")
    else:
        whose = (f"the {income} a month you gave" if p.get("income_given") else
                 f"your average income of {income} a month ({p['window']})")
        kept_text = (f"Of {whose}, after your usual spending of {m['spending']} you keep {money(kept, cur)} — "
                     f"{p['kept_pct']}%:\n\n- {income} − {m['spending']} = {money(kept, cur)}\n"
                     f"- {money(kept, cur)} ÷ {income} = {p['kept_pct']}%" if kept >= 0 else
                     f"Your usual spending of {m['spending']} a month is {money(-kept, cur)} more than {whose}:"
                     f"\n\n- {income} − {m['spending']} = {money(kept, cur)}")
        own = (f"Your own needs ({names}) come to {m['needs']} a month — {p['needs_pct']}% of {income}; wants "
               f"{m['wants']} — {p['wants_pct']}% (averages over {p['window']}).")
    if p.get("goal"):
        return f"{_goal_text(p, vi)}\n\n{kept_text}"
    if not (NEEDS_Q_RE.search(question) or re.search(r"thiết yếu|mong muốn|nhu cầu", question, re.I)):
        return f"{kept_text}\n\n{own}"
    rule = {k: money(v, cur) for k, v in (p.get("rule_50_30_20") or {}).items()}
    over = Decimal(p.get("needs_over_rule") or 0)
    if vi:
        lead = (f"Với {income} mỗi tháng, quy tắc 50/30/20 dành {rule['needs']} (50%) cho nhu cầu thiết yếu, "
                f"{rule['wants']} (30%) cho mong muốn và {rule['savings']} (20%) để tiết kiệm:\n\n"
                f"- {income} × 50% = {rule['needs']} thiết yếu\n- {income} × 30% = {rule['wants']} mong muốn\n"
                f"- {income} × 20% = {rule['savings']} tiết kiệm")
        gap = (f" Tức là nhiều hơn mức {rule['needs']} của quy tắc {money(over, cur)}." if over > 0 else
               f" Tức là ít hơn mức {rule['needs']} của quy tắc {money(-over, cur)}.")
    else:
        lead = (f"On {income} a month, the 50/30/20 rule puts {rule['needs']} (50%) to needs, {rule['wants']} (30%) "
                f"to wants and {rule['savings']} (20%) to savings:\n\n- {income} × 50% = {rule['needs']} needs\n"
                f"- {income} × 30% = {rule['wants']} wants\n- {income} × 20% = {rule['savings']} savings")
        gap = (f" That is {money(over, cur)} more on needs than the rule's {rule['needs']}." if over > 0 else
               f" That is {money(-over, cur)} less on needs than the rule's {rule['needs']}.")
    return f"{lead}\n\n{own}{gap}\n\n{kept_text}"


def _vi_caveat(text: str) -> str:
    if text.startswith("only"):
        return "chỉ có ít tháng có giao dịch, nên tháng 'thường có' là ước tính thô"
    return "thu nhập của bạn thay đổi nhiều giữa các tháng, nên tháng tới có thể khác"
