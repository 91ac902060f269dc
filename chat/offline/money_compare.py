"""The lines of a comparison answer (chat/offline/money_answer.py): each side's figure and the difference, or the
periods ranked ("which month was highest"), with each side labelled in the answer's language. Every figure is copied
from the result; nothing is computed here."""
from __future__ import annotations

import re

from chat import words
from chat.offline.money_phrases import amount, what_said, when_said


def _row_label(row: dict, vi: bool) -> str:
    """A comparison row's label; in Vietnamese written again from its period or what it is."""
    if not vi:
        return row["label"]
    if row.get("usual"):
        n = row["usual"].get("months")
        day = row["usual"].get("upto_day")
        return (f"mức thường có cho ngày 1–{day} (trung bình {n} tháng trọn vẹn trước đó)" if day else
                f"mức thường có (trung bình {n} tháng trọn vẹn trước đó)") if not row.get("whole") else \
            f"một tháng thường có (trung bình {n} tháng trọn vẹn trước đó)"
    if row.get("period"):
        label = words.period(row["label"], row["period"])
        return f"{label} (cùng số ngày)" if row.get("same_days") else label
    return words.category(row["label"])


def compare_lines(result: dict, q: dict, cur, vi: bool) -> list[str]:
    rows = result.get("rows") or []
    if len(rows) >= 3 and rows[1].get("usual") and rows[2].get("usual"):
        rows = [rows[0], rows[1], {**rows[2], "whole": True}]
    labels = [_row_label(r, vi) for r in rows]
    if len(rows) < 2:
        return [f"{label}: {amount(r['total'], cur)}" for label, r in zip(labels, rows)]
    if (q.get("compare") or {}).get("ask") in ("most", "least"):
        return _ranked_periods(rows, labels, q, cur, vi)
    a, b = rows[0], rows[1]
    la, lb = labels[0], labels[1]
    mode = result.get("mode")
    what = what_said({**q, "merchants": [], "categories": [], "text": []}, vi) if mode != "sides" else ""
    when = when_said((q.get("period") or {}).get("label"), vi, q.get("period")) if mode == "sides" else ""
    diff = result.get("difference") or 0
    if mode == "usual":
        if vi:
            out = [f"{la}: bạn đã chi {amount(a['total'], cur)} {what_said(q, vi)}; {lb}: {amount(b['total'], cur)}."
                   .replace("  ", " ")]
        else:
            out = [f"{a['label']}: you've spent {amount(a['total'], cur)} {what_said(q, vi)}; {b['label']}: "
                   f"{amount(b['total'], cur)}.".replace("  ", " ")]
        if len(rows) > 2:
            out.append(f"{labels[2][:1].upper() + labels[2][1:]}: {amount(rows[2]['total'], cur)}.")
        pct = f" ({result['change_pct']:+}%)." if result.get("change_pct") is not None else "."
        if vi:
            out.append(f"Tức là {'nhiều' if diff > 0 else 'ít'} hơn mức thường có {amount(abs(diff), cur)}{pct}")
        else:
            out.append(f"That is {amount(abs(diff), cur)} {'more' if diff > 0 else 'less'} than usual{pct}")
        return out
    if mode == "sides":
        sides = (q.get("compare") or {}).get("sides") or []
        side_periods = {(s.get("period") or {}).get("label") for s in sides}
        if len(side_periods) == 1 and None not in side_periods:
            when = when_said(side_periods.pop(), vi, sides[0].get("period"))
    lead = (f"{la}: {amount(a['total'], cur)} {'so với' if vi else 'vs'} {lb}: {amount(b['total'], cur)} {what} {when}"
            .strip().replace("  ", " "))
    pct = f" ({result['change_pct']:+}%)" if result.get("change_pct") is not None and mode == "periods" else ""
    if vi:
        out = [f"{lead} — {la} {'nhiều' if diff > 0 else 'ít'} hơn {lb} {amount(abs(diff), cur)}{pct}."
               if diff else f"{lead} — bằng nhau."]
    else:
        out = [f"{lead} — {la} is {amount(abs(diff), cur)} {'more' if diff > 0 else 'less'} than {lb}{pct}."
               if diff else f"{lead} — the same."]
    for extra, label in zip(rows[2:], labels[2:]):
        out.append(f"{label[:1].upper() + label[1:]}: {amount(extra['total'], cur)}.")
    ask = (q.get("compare") or {}).get("ask")  # "which one was more?": the answer to that first
    if ask == "share" and result.get("share_pct") is not None:
        whole = ((q.get("compare") or {}).get("sides") or [{}])[-1] or {}
        # the whole the share is of: all the spending, or the set the last answer named ("what share of that was
        # Uber Eats" after dining: of dining)
        of = (f"chi cho {lb}" if vi else lb) if any(whole.get(k) for k in ("merchants", "categories", "text")) \
            else ("thu nhập" if vi else "your income") if whole.get("direction") == "in" \
            else ("tổng chi tiêu" if vi else "all your spending")
        out = [f"{la[:1].upper() + la[1:]} chiếm {result['share_pct']}% {of} {when}: {amount(a['total'], cur)} "
               f"trên {amount(b['total'], cur)}." if vi else f"{la[:1].upper() + la[1:]} is {result['share_pct']}% of "
               f"{of} {when}: {amount(a['total'], cur)} of {amount(b['total'], cur)}.".replace("  ", " ")]
    elif ask == "difference":
        out.insert(0, f"Chênh lệch là {amount(abs(diff), cur)}: {la} {amount(a['total'], cur)}, {lb} {amount(b['total'], cur)}."
                   if vi else f"The difference is {amount(abs(diff), cur)}: {la} {amount(a['total'], cur)} against {lb} "
                   f"{amount(b['total'], cur)}.")
    elif ask and diff:
        (win, lw), (lose, ll) = sorted([(a, la), (b, lb)], key=lambda x: x[0]["total"], reverse=ask == "more")
        word = ("nhiều hơn" if ask == "more" else "ít hơn") if vi else ask
        gap_pct = float(result.get("gap_pct") or 0)  # "and by what percentage": the winner against the other
        up = gap_pct > 0
        gap = f" — {('cao' if up else 'thấp') if vi else ('higher' if up else 'lower')} {'hơn' if vi else 'by'} {abs(gap_pct):g}%" \
            if gap_pct else ""
        out.insert(0, f"{lw[:1].upper() + lw[1:]}{'' if vi else ' was'} {word}: {amount(win['total'], cur)} "
                      f"{'so với' if vi else 'against'} {amount(lose['total'], cur)} {'của' if vi else 'for'} {ll}{gap}.")
    return out


def _ranked_periods(rows: list[dict], labels: list[str], q: dict, cur, vi: bool) -> list[str]:
    """"which month was highest for groceries": the month that was, with its figure, then every month ranked. The
    months before the first one with anything in it (before the statements start) are not ranked as the lowest."""
    least = (q.get("compare") or {}).get("ask") == "least"
    pairs = list(zip(rows, labels))
    before = 0
    while before < len(pairs) - 1 and not pairs[before][0].get("count") and not pairs[before][0]["total"]:
        before += 1
    ranked = sorted(pairs[before:], key=lambda x: x[0]["total"], reverse=not least)
    if least:  # a month still running is not the lowest for having had fewer days
        ranked.sort(key=lambda x: str((x[0].get("period") or {}).get("label") or x[1]).endswith("so far"))
    (top, label), what = ranked[0], what_said(q, vi)
    tied = [lb for r, lb in ranked if r["total"] == top["total"]]
    if len(tied) > 1:  # no one month was highest: the months that share the figure, said as a tie
        names = ", ".join(tied[:-1]) + (" và " if vi else " and ") + tied[-1]
        lines = [f"Các tháng bạn chi {'ít' if least else 'nhiều'} nhất {what} bằng nhau, mỗi tháng "
                 f"{amount(top['total'], cur)}: {names}.".replace("  ", " ") if vi else
                 f"No one month was {'lowest' if least else 'highest'} {re.sub(r'^on ', 'for ', what)}: {names} "
                 f"came to {amount(top['total'], cur)} each.".replace("  ", " "),
                 f"Các tháng, từ {'thấp' if least else 'cao'} nhất:" if vi else
                 f"All months, {'lowest' if least else 'highest'} first:"]
    elif vi:
        lines = [f"Tháng bạn chi {'ít' if least else 'nhiều'} nhất {what} là {label}: {amount(top['total'], cur)}."
                 .replace("  ", " "), f"Các tháng, từ {'thấp' if least else 'cao'} nhất:"]
    else:
        what = re.sub(r"^on ", "for ", what)
        lines = [f"Your {'lowest' if least else 'highest'} month {what} was {label}: {amount(top['total'], cur)}."
                 .replace("  ", " "), f"All months, {'lowest' if least else 'highest'} first:"]
    lines += [f"- {lb}: {amount(r['total'], cur)}" for r, lb in ranked]
    if before:
        lines.append(f"Không có gì trước {pairs[before][1]}." if vi else f"Nothing before {pairs[before][1]}.")
    return lines
