"""Answers to money queries (transactions.query results): the direct answer first, in one sentence with the
figure, then the detail, then what was looked up and every word that was not used or was read loosely. Every
figure is copied from the result (the grounding check finds it); nothing is computed here."""
from __future__ import annotations

from datetime import date, timedelta
from typing import NamedTuple

from django.utils import timezone
from django.utils.translation import gettext, ngettext

from chat import words
from chat.offline.money_compare import compare_lines
from chat.offline.money_phrases import (
    amount,
    day_said,
    months_said,
    named_period,
    names_joined,
    period_of,
    what_said,
    when_said,
)
from chat.tool_fit import function_words_only
from chat.word_roles import result_spans
from transactions.query.account import companion, span_said
from transactions.query.periods_words import ORDINAL_WORDS as ORDINAL_NUMBERS

MEASURES_VI = {"total": "chi tiêu", "count": "số giao dịch", "average": "trung bình mỗi giao dịch",
               "income": "tiền vào", "net": "dòng tiền ròng", "list": "các giao dịch", "largest": "giao dịch lớn nhất",
               "smallest": "giao dịch nhỏ nhất", "top_merchants": "nơi chi nhiều nhất",
               "top_categories": "danh mục chi nhiều nhất", "summary": "danh mục chi nhiều nhất",
               "monthly_average": "trung bình mỗi tháng", "compare": "so sánh"}


ACCOUNT_KEYS = ("links", "ignored", "unknown", "excluded_unknown", "asides", "unapplied", "corrected", "guessed")


class MoneyAnswer(NamedTuple):
    """The answer's text, and the words of the question it says it did not understand and leaves out (as said):
    the composer puts them on the turn's context (TurnContext.left_out), where the confidence check reads them."""

    text: str
    left_out: list[str]


def _looked_up(r: dict, q: dict, vi: bool) -> str:
    """What the query looked up, in the answer's language: the engine's own description in English; in Vietnamese
    written again from the query (the engine's words are English)."""
    if not vi:
        return r.get("understood") or ""
    measure = r.get("measure") or q.get("measure") or "total"
    when = "" if measure == "compare" else when_said(r.get("period"), True, period_of(r))  # the sides carry theirs
    return " ".join(x for x in (MEASURES_VI.get(measure, "giao dịch"), what_said(q, True), when) if x)


def _understood_line(r: dict, reading: dict | None = None, vi: bool = False) -> tuple[str, list[str]]:
    """What was looked up, and every word that was not used or was read loosely (the account of the question:
    `reading`, the parse of this turn's words, when the tool call carried only the structured query). The
    sentences go through gettext: the composer writes under the answer's language (chat/offline/model.py). Also
    returns the words it says it did not understand, as said."""
    q = {**(r.get("query") or {}), **{k: (reading or {}).get(k) for k in ACCOUNT_KEYS if (reading or {}).get(k)}}
    either, both = gettext("or"), gettext("and")

    def quoted(found: list[str]) -> str:
        return ", ".join(repr(said.get(w, w)) for w in found)

    said = {**((reading or {}).get("said") or {}), **(q.get("said") or {})}  # as written ("mèo"), not as read
    q["said"] = said

    looked = _looked_up(r, q, vi)
    parts = [gettext("What I looked up: %(what)s.") % {"what": looked}] if looked else []
    loose = [gettext("“%(word)s” as %(names)s") % {"word": link["mention"], "names": names_joined(
        words.categories(link["names"]), conj=either)} for link in q.get("links") or []
             if link.get("how") in ("spelling", "prefix", "initials", "nickname", "meaning", "partial")]
    if loose:
        parts.append(gettext("I read %(readings)s.") % {"readings": "; ".join(loose)})
    taught = [gettext("“%(word)s” means %(names)s") % {"word": link["mention"], "names": names_joined(link["names"],
                                                                                             conj=both)}
              for link in q.get("links") or [] if link.get("how") == "alias"]
    if taught:  # the user's own words (chat/clarify.py): said, so a wrong one can be forgotten
        parts.append(gettext("You told me %(taught)s.") % {"taught": "; ".join(taught)})
    # the edges or the length of the span the answer covers, said in words ("the 1st through the 15th"), were used
    # and the people they went with ("w the kids") name nothing to count
    asked = (reading or {}).get("asked") or ""
    # and words of talk around the question ("sure", "honestly") change nothing: the grounding check's test
    # (chat/tool_fit.function_words_only), so the note and the score agree (MoneyAnswer.left_out, read by
    # chat/turn_check_said.py)
    ignored = [w for w in q.get("ignored") or [] if not span_said(w, result_spans(r), timezone.localdate())
               and not companion(w, asked) and w not in (q.get("unapplied") or [])
               and not function_words_only(w, asked)]
    if ignored:
        parts.append(ngettext("I didn't understand %(words)s, so this answer leaves it out — tell me what you meant.",
                              "I didn't understand %(words)s, so this answer leaves them out — tell me what you "
                              "meant.", len(ignored)) % {"words": quoted(ignored)})
    if q.get("unknown") and r.get("found"):
        parts.append(ngettext("Nothing in your transactions is called %(words)s, so this answer leaves it out.",
                              "Nothing in your transactions is called %(words)s, so this answer leaves them out.",
                              len(q["unknown"])) % {"words": quoted(q["unknown"])})
    if q.get("unapplied"):  # "for my grandson Tommy": no row says whom it was for (asides_circumstance.py)
        parts.append(gettext("Your transactions don't show which purchases were %(words)s, so this counts all of "
                             "them.") % {"words": " or ".join(f"“{w}”" for w in q["unapplied"])})
    if q.get("asides"):  # "for my accountant", "(rent goes on the lease anyway)": why they ask, not what to count
        parts.append(gettext("I set aside %(words)s: why you ask, not what to count.")
                     % {"words": ", ".join(f"“{w}”" for w in q["asides"])})
    for c in [c for c in q.get("corrected") or [] if not c.get("clear", True)]:  # a correction read as a guess
        parts.append((f"Tôi hiểu “{c['said']}” là sửa lại “{c['replaced']}” — nếu không phải, hãy cho tôi biết."
                      if vi else f"I read “{c['said']}” as correcting “{c['replaced']}” — tell me if you meant "
                      f"something else.") if c.get("replaced") else
                     (f"Tôi không hiểu “{c['said']}” sửa lại điều gì." if vi else
                      f"I couldn't tell what “{c['said']}” corrects."))
    if q.get("guessed"):  # a ranking whose level no word said ("my money pits"): the categories, a guess
        parts.append(f"Tôi đoán {quoted(q['guessed'])} là các danh mục chi tiêu — nếu bạn muốn xếp theo nơi chi, hãy hỏi "
                     f"“theo cửa hàng”." if vi else f"I read {quoted(q['guessed'])} as your spending categories, a guess — "
                     f"ask “by merchant” if you meant the shops you pay.")
    if q.get("excluded_unknown"):
        parts.append(gettext("Nothing in your transactions is called %(words)s, so nothing was left out for it.")
                     % {"words": quoted(q["excluded_unknown"])})
    return " ".join(f"_{part}_" for part in parts), [said.get(w, w) for w in ignored]


def _nothing_about(unknown: list[str], things: dict, when: str, vi: bool) -> str:
    """"The boat", "my dog": nothing of theirs is called that and no description mentions it. Said plainly, with
    the categories it could have been filed under (transactions/query/things.py) — never a total of something else."""
    said = names_joined([f"“{u}”" for u in unknown], conj="hay" if vi else "or")
    places = list(dict.fromkeys(c for u in unknown for c in things.get(u) or []))[:3]
    if vi:
        line = (f"Tôi không tìm thấy giao dịch nào về {said} {when}: không có nơi chi, danh mục hay mô tả giao dịch "
                f"nào nhắc đến {'nó' if len(unknown) == 1 else 'chúng'}.")
        if places:
            line += f" Nếu {said} được ghi dưới một danh mục, có thể là {names_joined(words.categories(places), conj='hay')}."
        return line
    line = (f"I found no transactions about {said} {when}: none of your merchants, categories or transaction "
            f"descriptions mentions {'it' if len(unknown) == 1 else 'them'}.")
    if places:
        line += f" If {said} was filed under a category, it could be in {names_joined(places, conj='or')}: ask about one of those."
    return line


def money_answer(result: dict, *, vi: bool = False, reading: dict | None = None, asked: str = "") -> MoneyAnswer:
    """The direct answer first, in one sentence with the figure, then the detail. `asked`: the question as said (the
    account of its words reads who they went with, chat/word_roles.companion)."""
    reading = {**reading, "asked": asked} if reading and asked else reading
    understood, left_out = _understood_line(result, reading, vi)
    return MoneyAnswer(_money_text(result, vi, reading, understood), left_out)


def _money_text(result: dict, vi: bool, reading: dict | None, understood: str) -> str:
    """The answer's text, ending with `understood` (what was looked up and the words not used)."""
    q = result.get("query") or {}
    cur = result.get("currency")
    measure = result.get("measure") or q.get("measure") or "total"
    said = (reading or {}).get("said") or q.get("said") or {}  # "con chó", as the question wrote it
    if vi and said:  # "tiền điện (Pg&e Web)" as written, also when the tool's own query lost the question's words
        q = {**q, "said": {**said, **(q.get("said") or {})}}
    what, when = what_said(q, vi), when_said(named_period(result, reading), vi, period_of(result))
    rows = result.get("rows") or []
    lines: list[str] = []
    unknown = result.get("unknown") or q.get("unknown") or []
    things = (reading or {}).get("things") or q.get("things") or {}
    unknown, things = [said.get(u, u) for u in unknown], {said.get(k, k): v for k, v in things.items()}
    if unknown and not result.get("found") and all(u in things for u in unknown):
        return "\n".join([_nothing_about(unknown, things, when, vi), understood]).strip()
    if unknown and not result.get("found"):
        names = names_joined([u if u.islower() is False else u.title() for u in unknown], conj="or")
        if vi:
            lines.append(f"Tôi không tìm thấy giao dịch nào tại {names} {when}.")
        else:
            lines.append(f"I found no transactions at {names} {when}." if not what else
                         f"I found no transactions at {names} {what} {when}.")
        close = [n for names_ in (result.get("suggestions") or {}).values() for n in names_]
        if close:
            lines.append(("Tên gần giống trong dữ liệu của bạn: " if vi else "Close names in your data: ")
                         + ", ".join(close) + ".")
        else:  # a name that matched nothing of theirs: said plainly (its confidence is low: chat/grounding.py)
            lines.append(f"Không có nơi chi, danh mục hay mô tả giao dịch nào của bạn khớp với {names}." if vi else
                         f"Nothing among your merchants, categories or transaction descriptions matches {names}.")
        return "\n".join(lines + [understood]).strip()
    if not result.get("found") and measure not in ("compare", "top_categories", "summary"):
        # names the user has, nothing in this period: say the figure is zero, plainly
        zero = amount(0, cur)
        if measure in ("total", "average", "monthly_average"):
            lines.append(f"Bạn đã chi {zero} {what} {when} — không có giao dịch nào.".replace("  ", " ") if vi else
                         f"You spent {zero} {what} {when} — there are no transactions.".replace("  ", " "))
        elif measure == "income" or q.get("direction") == "in":
            lines.append(f"Bạn đã nhận {zero} {what} {when} — không có khoản tiền vào nào.".replace("  ", " ") if vi else
                         f"You received {zero} {what} {when} — nothing came in.".replace("  ", " "))
        elif measure == "count":
            lines.append(f"Bạn có 0 giao dịch {what} {when}.".replace("  ", " ") if vi else
                         f"You made 0 purchases {what} {when}.".replace("  ", " "))
        else:
            lines.append(f"Tôi không tìm thấy giao dịch nào {what} {when}.".replace("  ", " ") if vi else
                         f"I found no transactions {what} {when}.".replace("  ", " "))
        return "\n".join(lines + [understood]).strip()
    count = result.get("count") or 0
    if measure in ("total", "list", "average") and result.get("received") and q.get("direction") == "in":
        measure = "income"
    if measure == "total":
        total = amount(result.get("total"), cur)
        lines.append(f"Bạn đã chi {total} {what} {when}, qua {count} giao dịch.".replace("  ", " ") if vi else
                     f"You spent {total} {what} {when}, across {count} transaction{'s' if count != 1 else ''}."
                     .replace("  ", " "))
        _per_lines(lines, result.get("per"), total, cur, vi)
        _by_merchant(lines, result, cur, q, vi)
    elif measure == "count":
        total = amount(result.get("total"), cur)
        noun = "payments" if q.get("direction") == "in" else "purchases"
        lines.append(f"Bạn có {count} giao dịch {what} {when} (tổng {total}).".replace("  ", " ") if vi else
                     f"You made {count} {noun if count != 1 else noun[:-1]} {what} {when} ({total} in total)."
                     .replace("  ", " "))
        if per := result.get("per"):  # "per week?" after a count: the count over the period's weeks
            over = f"{per['months']:g} months" if per.get("months") else f"{per['days']} days"
            lines.insert(0, f"Tức là {per['value']:g} giao dịch mỗi {UNIT_VI.get(per['unit'], per['unit'])} ({count} / "
                            f"{over.replace('months', 'tháng').replace('days', 'ngày')})." if vi else
                         f"That is {per['value']:g} {noun} per {per['unit']} ({count} over {over}).")
        _by_merchant(lines, result, cur, q, vi)
    elif measure == "average":
        lines.append(f"Trung bình mỗi giao dịch {what} {when} là {amount(result.get('average'), cur)}, qua {count} giao "
                     f"dịch (tổng {amount(result.get('total'), cur)})." if vi else
                     f"Your average purchase {what} {when} was {amount(result.get('average'), cur)}, across {count} "
                     f"transactions ({amount(result.get('total'), cur)} in total).".replace("  ", " "))
    elif measure == "income":
        total = amount(result.get("received"), cur)
        lines.append(f"Bạn đã nhận {total} {when} ({count} khoản tiền vào)." if vi else
                     f"You received {total} {what} {when} ({count} payment{'s' if count != 1 else ''} in)."
                     .replace("  ", " "))
        _per_lines(lines, result.get("per"), total, cur, vi)  # "per month?" after money in
        for s in (result.get("by_source") or [])[:5]:
            lines.append(f"- {s['merchant']}: {amount(s['total'], cur)} ({s['count']})")
    elif measure == "net":
        lines.append(f"{when[:1].upper() + when[1:]} bạn nhận {amount(result.get('received'), cur)} và chi "
                     f"{amount(result.get('spent'), cur)}: ròng {amount(result.get('net'), cur)}." if vi else
                     f"{when[:1].upper() + when[1:]} you received {amount(result.get('received'), cur)} and spent "
                     f"{amount(result.get('spent'), cur)}: net {amount(result.get('net'), cur)}.")
    elif measure in ("largest", "smallest"):
        pick = result.get("pick") or (rows[0] if rows else None)
        word = ("lớn nhất" if measure == "largest" else "nhỏ nhất") if vi else \
            ("biggest" if measure == "largest" else "smallest")
        base = word
        if q.get("offset"):
            word = f"{word} thứ {q['offset'] + 1}" if vi else \
                f"{_ordinal(q['offset'] + 1)} {word}"
        n = min(q.get("limit") or 1, len(rows))
        # money in is no purchase: "your biggest payment in" after an income answer ("which was the biggest?")
        noun, where_word = ("incoming payment", "from") if q.get("direction") == "in" else ("purchase", "at")
        if pick and n > 1 and q.get("offset"):
            # "drop the biggest one" after the 5 biggest: the places after it, said by their numbers
            first = q["offset"] + 1
            lines.append(f"{n} giao dịch {base} tiếp theo {what} {when} (thứ {first}–{first + n - 1}):" if vi else
                         f"Your next {n} {base} {noun}s {what} {when} (numbers {first}–{first + n - 1}):"
                         .replace("  ", " "))
        elif pick and n > 1:
            lines.append(f"{n} giao dịch {word} {what} {when}:" if vi else
                         f"Your {n} {word} {noun}s {what} {when}:".replace("  ", " "))
        if pick and n > 1:
            lines.extend(f"- {day_said(r['date'])} {r.get('merchant') or r['description']}: {amount(abs(r['amount']), cur)}"
                         for r in rows[:n])
        elif pick:
            where = pick.get("merchant") or pick.get("description")
            lines.append(f"Giao dịch {word} {what} {when} là {amount(abs(pick['amount']), cur)} tại {where} ngày "
                         f"{day_said(pick['date'])}.".replace("  ", " ") if vi else
                         f"Your {word} {noun} {what} {when} was {amount(abs(pick['amount']), cur)} {where_word} {where} on "
                         f"{day_said(pick['date'])}.".replace("  ", " "))
            if len(rows) > 1:
                lines.append("Next:" if not vi else "Tiếp theo:")
                lines.extend(f"- {day_said(r['date'])} {r.get('merchant') or r['description']}: "
                             f"{amount(abs(r['amount']), cur)}" for r in rows[1:5])
    elif measure in ("top_merchants", "top_categories", "summary") and not rows:
        # nothing to rank: never "your top 0"; after a ranking's end ("the next two"), say where it ended
        after = result.get("offset") or 0
        lines.append((f"Không còn mục nào sau hạng {after} {what} {when}." if after else
                      f"Tôi không tìm thấy khoản chi nào {what} {when}.") if vi else
                     (f"There is nothing ranked after number {after} {what} {when}." if after else
                      f"I found no spending {what} {when}.").replace("  ", " "))
    elif measure == "top_merchants":
        n, rank, rank_vi = _ranks(result, rows, "nơi")
        listed = ", ".join(f"{r['merchant']} ({amount(r['total'], cur)})" for r in rows[:n])
        lines.append(f"{rank_vi} {what} {when}: {listed}.".replace("  ", " ") if vi else
                     f"Your {rank} merchant {what} {when} was {listed}.".replace("  ", " ") if n == 1 else
                     f"Your {rank} merchants {what} {when}: {listed}.".replace("  ", " "))
    elif measure in ("top_categories", "summary"):
        n, rank, rank_vi = _ranks(result, rows, "danh mục")
        listed = ", ".join(f"{words.category(r['category']) if vi else r['category']} ({amount(r['total'], cur)}, "
                           f"{r['share_pct']}%)" for r in rows[:n])
        lines.append(f"{rank_vi} {what} {when}: {listed}.".replace("  ", " ") if vi else
                     f"Your {rank} spending category {what} {when} was {listed}.".replace("  ", " ") if n == 1 else
                     f"Your {rank} spending categories {what} {when}: {listed}.".replace("  ", " "))
    elif measure == "monthly_average":
        window = words.period(result.get("window"), {"start": result.get("start"), "end": result.get("end"),
                                                     "grain": "range"}) if vi else result.get("window")
        lines.append(f"Trung bình bạn chi {amount(result.get('average'), cur)} mỗi tháng {what}, tính trên "
                     f"{result.get('months')} tháng trọn vẹn ({window})." if vi else
                     f"You spent {amount(result.get('average'), cur)} a month on average {what} over the "
                     f"{result.get('months')} full months {result.get('window')} ({amount(result.get('total'), cur)} in "
                     f"total).".replace("  ", " "))
        lines.extend(f"- {words.month(r['month']) if vi else r['month']}: {amount(r['total'], cur)}" for r in rows[-12:])
    elif measure == "compare":
        lines.extend(compare_lines(result, q, cur, vi))
    if measure == "list" and q.get("limit") == 1 and rows:
        r, back = rows[0], q.get("offset") or 0
        lead_vi = f"Giao dịch thứ {back + 1} tính từ gần nhất" if back else "Giao dịch gần nhất"
        lead = f"Number {back + 1} counting back from your most recent transaction" if back else \
            "Your most recent transaction"
        if back and result.get("count") == back + 1:  # "the first trip" (transactions/query/followups.py _one_time)
            lead_vi, lead = "Giao dịch đầu tiên", "Your first transaction"
        lines.insert(0, (f"{lead_vi} {what}: {day_said(r['date'])}, {amount(abs(r['amount']), cur)} "
                         f"({r.get('merchant') or r['description']})." if vi else
                         f"{lead} {what} was on {day_said(r['date'])}: {amount(abs(r['amount']), cur)} "
                         f"({r.get('merchant') or r['description']}).").replace("  ", " "))
    elif measure == "list" or (measure in ("total", "count") and rows and len(rows) <= 3):
        if measure == "list" and vi:
            lines.insert(0, f"Tôi tìm thấy {count} giao dịch {what} {when} (chi {amount(result.get('spent'), cur)}"
                            + (f", nhận {amount(result.get('received'), cur)}" if result.get("received") else "") + ")."
                            .replace("  ", " "))
            lines.extend(f"- {words.day(r['date'])} {r.get('merchant') or r['description']}: {amount(r['amount'], cur)}"
                         f" · {words.category(r.get('category') or 'Uncategorised')}" for r in rows[:8])
            if count > 8:
                lines.append(f"Bảng liệt kê {min(count, len(rows))} giao dịch trong số đó.")
        elif measure == "list":
            lines.insert(0, f"I found {count} transactions {what} {when} ({amount(result.get('spent'), cur)} out"
                            + (f", {amount(result.get('received'), cur)} in" if result.get("received") else "") + ")."
                            .replace("  ", " "))
            lines.extend(f"- {r['date']} {r.get('merchant') or r['description']}: {amount(r['amount'], cur)}"
                         f" ({r.get('category') or 'uncategorised'})" for r in rows[:8])
            if count > 8:
                lines.append(f"The table lists {min(count, len(rows))} of them.")
    if result.get("left_out"):  # "and excluding the biggest?": the rows left out, said
        gone = "; ".join(f"{amount(abs(r['amount']), cur)} {'tại' if vi else 'at'} {r.get('merchant') or r['description']}"
                         f" {'ngày' if vi else 'on'} {day_said(r['date'])}" for r in result["left_out"])
        n = len(result["left_out"])
        lines.insert(min(1, len(lines)), (f"Không tính {n} khoản lớn nhất: {gone}." if n > 1 else
                                          f"Không tính khoản lớn nhất: {gone}.") if vi else
                     f"Leaving out the {n} biggest: {gone}." if n > 1 else f"Leaving out the biggest: {gone}.")
    if result.get("by_currency"):
        lines.append(("Các loại tiền khác (không cộng gộp): " if vi else "Other currencies (not added together): ")
                     + "; ".join(f"{c['currency']}: {amount(c['spent'], c['currency'])} {'chi' if vi else 'out'}"
                                 for c in result["by_currency"][1:]) + ".")
    lines.append(understood)
    return "\n".join(line for line in lines if line).strip()


def _ranks(result: dict, rows: list[dict], noun_vi: str) -> tuple[int, str, str]:
    """How many places a ranking shows, and which: "top 3", "number 4–5 among the" (after "the next two"); one place
    is named by its ordinal ("biggest", "second-biggest", "11th-biggest"); in Vietnamese the whole lead ("3 nơi bạn
    chi nhiều nhất", "Danh mục bạn chi nhiều thứ 2")."""
    n = min(result.get("n") or len(rows), len(rows))
    first = (result.get("offset") or 0) + 1
    places = f"{first}" if n == 1 else f"{first}–{first + n - 1}"
    rank = f"top {n}" if first == 1 else f"number {places} among the"
    if n == 1:
        rank = "biggest" if first == 1 else f"{_ordinal(first)}-biggest"
    if result.get("smallest_first"):  # "my 3 smallest categories": the ranking from the other end
        rank = (f"{n} smallest" if first == 1 else f"number {places} from the smallest among the") if n > 1 else \
            "smallest" if first == 1 else f"{_ordinal(first)}-smallest"
    noun = noun_vi[:1].upper() + noun_vi[1:]
    if result.get("smallest_first"):
        least = f"{noun} bạn chi ít nhất" if n == 1 and first == 1 else f"{noun_vi} bạn chi ít nhất"
        rank_vi = least if n == 1 and first == 1 else f"{n} {least}" if first == 1 else f"Hạng {places} trong các {least}"
        return n, rank, rank_vi
    if first == 1:  # "3 danh mục bạn chi nhiều nhất", "Danh mục bạn chi nhiều nhất"
        rank_vi = f"{n} {noun_vi} bạn chi nhiều nhất" if n > 1 else f"{noun} bạn chi nhiều nhất"
    else:  # "Danh mục bạn chi nhiều thứ 2", "Hạng 4–5 trong các nơi bạn chi nhiều nhất"
        rank_vi = f"{noun} bạn chi nhiều thứ {first}" if n == 1 else \
            f"Hạng {places} trong các {noun_vi} bạn chi nhiều nhất"
    return n, rank, rank_vi


UNIT_VI = {"day": "ngày", "week": "tuần", "month": "tháng"}


def _per_lines(lines: list[str], per: dict | None, total: str, cur, vi: bool) -> None:
    """"per month?": the figure over the period's units, the arithmetic shown; for a period running to today the
    same number of full months too (execute.py `_per_unit`)."""
    if not per:
        return
    unit = UNIT_VI.get(per["unit"], per["unit"])
    months = per.get("months")
    over = (f"{months:g} month{'s' if months != 1 else ''}" if not vi else f"{months:g} tháng") if months \
        else (f"{per['days']} days" if not vi else f"{per['days']} ngày")
    since = ""
    if per.get("from"):  # the period began before their transactions do: spread over the part there is
        day = date.fromisoformat(per["from"])
        last = (date(day.year + day.month // 12, day.month % 12 + 1, 1) - timedelta(days=1)).isoformat()
        first = words.period(f"{day:%B %Y}", {"start": per["from"], "end": last, "grain": "month"}) if months \
            else words.period(f"{day:%-d %b %Y}", {"start": per["from"], "end": per["from"], "grain": "day"})
        since = (f", from {first}, where your transactions begin" if not vi
                 else f", từ {first}, khi giao dịch của bạn bắt đầu")
    lines.insert(0, f"That is {amount(per['value'], cur)} per {per['unit']} ({total} over {over}{since})."
                 if not vi else f"Tức là {amount(per['value'], cur)} mỗi {unit} ({total} / {over}{since}).")
    if full := per.get("full_months"):  # "the past 4 months" runs to today: the 4 full months as well
        span = words.period(full["window"], {"start": full["start"], "end": full["end"], "grain": "range"})
        lines.insert(1, f"Trung bình {full['months']} tháng trọn vẹn ({span}): {amount(full['average'], cur)} mỗi tháng."
                     if vi else f"Over the {full['months']} full months {full['window']}: {amount(full['average'], cur)} "
                     f"a month on average ({amount(full['total'], cur)} in total).")
ORDINAL_WORDS = {n: w for w, n in ORDINAL_NUMBERS.items()}


def _ordinal(n: int) -> str:
    """"second", "tenth", "11th", "21st": a place said as a word up to tenth, in digits after it."""
    return ORDINAL_WORDS.get(n) or f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _by_merchant(lines: list[str], result: dict, cur, q: dict, vi: bool = False) -> None:
    shown = result.get("by_merchant") or []
    if result.get("by_month"):  # "split by month": each month's figure, in place of the shops'
        lines.append(months_said(result["by_month"], cur, counted=q.get("measure") == "count", vi=vi))
    elif len(shown) > 1 and (len(q.get("merchants") or []) != 1):
        lines.append(("Theo nơi chi: " if vi else "By merchant: ")
                     + ", ".join(f"{r['merchant']} {amount(r['total'], cur)}" for r in shown[:5]) + ".")
