"""The offline model's words for an action tool's result: what will change and that nothing changes until the
user confirms; why a proposal could not be made; that a waiting proposal was dropped; or, for what Moneta can't
do, the steps in the app. Written under the answer's language (gettext; locale/vi has the Vietnamese)."""
from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from chat import words
from chat.actions.self_steps import page_named, yourself_line
from chat.capabilities_answer import no_access_text
from chat.limits import limits_text
from chat.words import is_vi
from core.money import money


def _sample_lines(sample: list[dict[str, Any]], *, refiled: bool = True) -> list[str]:
    """One line per transaction; its category said as where it is "now" when the change re-files it."""
    return [f"- {r.get('date')} · {r.get('description')} · {money(r.get('amount'), r.get('currency'))}"
            + ((" · " + (_("now %(category)s") % {"category": words.category(r["category"])} if refiled else
                         words.category(r["category"]))) if r.get("category") else "")
            for r in sample]


def _cancelled_text(payload: dict[str, Any]) -> str:
    done = payload.get("cancelled") or []
    if not done:
        return _("Nothing was waiting for your confirmation in this conversation, so there is nothing to cancel. A "
                 "change you already confirmed can be put back with **Undo** on its card.")
    lines = [ngettext("Cancelled — nothing was changed:", "Cancelled these — nothing was changed:", len(done))]
    lines.extend(f"- {a.get('summary')}" for a in done)
    return "\n".join(lines)


def _waiting_text(payload: dict[str, Any]) -> str:
    """"Yes, do it" to a proposal: a chat message applies nothing; the card's Confirm does (the card is shown again)."""
    waiting = payload.get("waiting") or []
    vi = is_vi()
    if not waiting:
        return ("Không có thay đổi nào đang chờ bạn xác nhận trong cuộc trò chuyện này." if vi else
                "Nothing is waiting for your confirmation in this conversation.")
    head = ("Tin nhắn trong khung chat không tự áp dụng thay đổi: để áp dụng, hãy bấm **Xác nhận** trên thẻ bên dưới "
            "(hoặc **Huỷ** để bỏ)." if vi else
            "A chat message doesn't apply a change: to apply it, press **Confirm** on the card below (or **Cancel** to "
            "drop it).")
    return head + "\n\n" + "\n".join(f"- {a.get('summary')}" for a in waiting)


def basis_text(b: dict[str, Any]) -> str:
    """The arithmetic behind a computed amount (chat/actions/basis.py): each month's figure, their sum and the
    average, or the period's total; then the change in percent."""
    cur = b.get("currency")
    subject = ", ".join([*words.categories(b.get("categories")), *(b.get("merchants") or [])])
    if b.get("basis") == "usual":
        months = b.get("by_month") or []
        parts = ", ".join(f"{words.month(m.get('month'))}: {money(m.get('total'), cur)}" for m in months)
        text = _("Your usual spending on %(subject)s, over the %(n)s full months %(window)s — %(parts)s: together "
                 "%(total)s ÷ %(n)s = **%(base)s a month**.") % {
            "subject": subject, "n": b.get("months"), "window": words.text(b.get("window") or ""), "parts": parts,
            "total": money(b.get("total"), cur), "base": money(b.get("base"), cur)}
    else:
        text = _("You spent **%(base)s** on %(subject)s in %(window)s.") % {
            "base": money(b.get("base"), cur), "subject": subject, "window": words.text(b.get("window") or "")}
    pct = b.get("percent_change")
    if pct:
        values = {"pct": f"{abs(pct):g}", "base": money(b.get("base"), cur), "factor": f"{b.get('factor'):g}",
                  "amount": money(b.get("amount"), cur)}
        text += " " + (_("%(pct)s%% below that: %(base)s × %(factor)s = **%(amount)s**.") if pct < 0 else
                       _("%(pct)s%% above that: %(base)s × %(factor)s = **%(amount)s**.")) % values
    return text


def cost_text(c: dict[str, Any]) -> str:
    """What a plan the user wants to cancel costs them, from their own charges: per month and per year."""
    cur = c.get("currency")
    if c.get("recurring"):
        values = {"merchant": c.get("merchant"), "amount": money(c.get("amount"), cur),
                  "cadence": _(c.get("cadence") or ""), "month": money(c.get("per_month"), cur),
                  "year": money(c.get("per_year"), cur), "n": c.get("months_per_year", 12)}
        if c.get("cadence") == "monthly":
            return _("What it costs you now: **%(merchant)s** charges you **%(month)s a month, %(year)s a year** "
                     "(%(month)s × %(n)s). Cancelling it would save about that much.") % values
        return _("What it costs you now: **%(merchant)s** charges %(amount)s %(cadence)s — **%(month)s a month, "
                 "%(year)s a year** (%(month)s × %(n)s). Cancelling it would save about that much.") % values
    if c.get("count"):
        return _("I haven't detected %(merchant)s as a recurring charge; in the last 12 months you paid it %(year)s "
                 "(%(count)s charges).") % {"merchant": c.get("merchant"), "year": money(c.get("per_year"), cur),
                                            "count": c.get("count")}
    return _("I found no charges from %(merchant)s in the last 12 months.") % {"merchant": c.get("merchant")}


def already_text(a: dict[str, Any]) -> str:
    """A re-filing that would change nothing: how many of the matches are in that category already, and their total."""
    period = (_(" from %(day)s") % {"day": words.day(a["start"])}) if a.get("start") else ""
    period += (_(" to %(day)s") % {"day": words.day(a["end"])}) if a.get("end") else ""
    return ngettext("Nothing needs changing: the %(count)s transaction matching %(what)s%(period)s "
                    "(%(total)s) is already in %(category)s.",
                    "Nothing needs changing: all %(count)s transactions matching %(what)s%(period)s "
                    "(%(total)s together) are already in %(category)s.", a["count"]) % {
        "count": a["count"], "what": a.get("what"), "period": period, "total": money(a.get("total"), a.get("currency")),
        "category": words.category(a.get("category"))}


def _checked_text(payload: dict[str, Any]) -> str:
    """The answer to whether a charge came twice: both copies of each charge found twice, then the proposal to delete
    the later one (or the question which one, when several came twice); else that none did, with the charges looked
    at. Nothing is deleted without a confirmation."""
    vi = is_vi()
    pairs = payload.get("pairs") or []
    if not pairs and not payload.get("no_duplicate"):  # nothing to check ("no merchant called …")
        return (f"Tôi chưa kiểm tra được: {payload.get('problem')}" if vi else
                f"I couldn't check that: {payload.get('problem')}")
    if not pairs:
        charges = payload.get("charges") or []
        head = "Không — tôi không thấy khoản nào bị trừ hai lần" if vi else "No — I found no double charge"
        why = str(payload.get("problem") or "").removeprefix("I found no duplicate: ")
        text = f"{head}: {why}" if not vi else f"{head} (cùng người nhận, cùng số tiền, cách nhau tối đa 3 ngày)."
        if charges:
            text += "\n\n" + "\n".join(_sample_lines(charges))
        return text + "\n\n" + ("Không có gì bị xoá." if vi else "Nothing was deleted.")
    lines = []
    for earlier, later in pairs:
        lines.append(f"**{later.get('description')}** {money(later.get('amount'), later.get('currency'))}: "
                      f"{words.day(earlier.get('date'))} và lại {words.day(later.get('date'))}" if vi else
                      f"**{later.get('description')}** {money(later.get('amount'), later.get('currency'))} on "
                      f"{words.day(earlier.get('date'))} and again on {words.day(later.get('date'))}")
        lines.extend(_sample_lines([earlier, later]))
    head = (("Có — khoản này có vẻ bị trừ hai lần:" if vi else "Yes — it looks like you were charged twice:")
            if len(pairs) == 1 else (f"Có — {len(pairs)} khoản có vẻ bị trừ hai lần:" if vi else
                                     f"Yes — {len(pairs)} charges look like they came twice:"))
    text = head + "\n\n" + "\n".join(lines)
    if payload.get("proposed"):
        action = payload.get("action") or {}
        offer = ("Tôi có thể xoá bản sau. Khi bạn xác nhận, tôi sẽ: **%s**" if vi else
                 "I can delete the later copy. Here is what I'll do once you confirm: **%s**") % action.get("summary")
        return "\n\n".join([text, offer, _("Nothing has changed yet: press **Confirm** on the card to apply it or "
                                           "**Cancel** to drop it. After confirming you can still **Undo** it.")])
    return text + "\n\n" + ("Nói tôi khoản nào cần xoá (ngày và số tiền), tôi sẽ đề xuất xoá bản sau. Chưa có gì bị "
                            "xoá." if vi else "Tell me which one to delete (its date and amount) and I'll propose "
                                              "deleting the later copy. Nothing was deleted.")


def action_text(name: str, payload: dict[str, Any]) -> str:
    if name == "check_data_available":
        if payload.get("limits"):
            return limits_text(payload, vi=is_vi())
        if payload.get("available", True):
            return ""
        return no_access_text(payload, vi=is_vi())
    if name == "cancel_pending_action":
        return _cancelled_text(payload)
    if name == "show_pending_actions":
        return _waiting_text(payload)
    if name == "explain_unavailable_action":
        vi = is_vi() and bool(payload.get("message_vi"))
        helped = payload.get("help") or {}
        listed = helped.get("steps") or payload.get("steps_vi" if vi else "steps") or []
        steps = "\n".join(f"{i}. {s}" for i, s in enumerate(listed, 1))
        steps += f" {named}" if (named := page_named(helped, is_vi())) else ""  # the help page they come from
        why = payload.get("message_vi") if vi else payload.get("message")
        subject = f"**{payload['subject']}**: " if payload.get("subject") else ""
        text = f"{subject}{why or _('Moneta cannot do that.')} {_('What you can do:')}\n\n{steps}"
        return text + ("\n\n" + cost_text(payload["cost"]) if payload.get("cost") else "")
    if payload.get("error"):
        return _("I couldn't prepare that change: %(error)s") % {"error": payload["error"]}
    if not payload.get("proposed") and payload.get("already"):
        return already_text(payload["already"])
    if payload.get("check"):  # "was I charged twice for X?": what was found, then the offer (chat/actions/duplicate_check)
        return _checked_text(payload)
    if not payload.get("proposed") and payload.get("unchanged"):  # a correction of a proposal that can't be made
        return (f"Tôi chưa thay đổi gì: {payload.get('problem')}" if is_vi() else
                f"I haven't changed anything: {payload.get('problem')}")
    if not payload.get("proposed"):
        problem = _(payload["problem"]) if payload.get("problem") else _("something was missing.")
        text = _("I haven't proposed any change: %(problem)s") % {"problem": problem}
        candidates = payload.get("candidates") or []
        if payload.get("charges"):  # asked to drop a duplicate that isn't there: the charge, and nothing proposed
            return text + "\n\n" + "\n".join(_sample_lines(payload["charges"])) + "\n\n" + _(
                "Nothing was deleted. If one of these is wrong, tell me its date and amount and I'll propose deleting "
                "it.")
        if candidates:
            text += " " + _("These match:") + "\n\n" + "\n".join(_sample_lines(candidates))
            text += "\n\n" + _("Tell me which one (its date and amount) and I'll propose deleting it.")
        return text
    action = payload.get("action") or {}
    lines = [basis_text(payload["basis"])] if payload.get("basis") else []
    if payload.get("instead"):  # a jar they named but don't have: created, and said so
        jar = payload["instead"].get("jar")
        lines.insert(0, f"Bạn chưa có hũ “{jar}”, nên tôi đề xuất tạo hũ đó với số tiền này." if is_vi() else
                     f"You have no jar called “{jar}” yet, so I'm proposing to create it with this amount.")
    if payload.get("arithmetic"):  # "make it $20 a week": the monthly amount worked out
        lines.append(("Mỗi tháng: " if is_vi() else "A month: ") + str(payload["arithmetic"]) + ".")
    lines.append(_("Here is what I'll do once you confirm: **%(summary)s**") % {"summary": action.get("summary")})
    sample = action.get("sample") or []
    count = action.get("count") or 0
    refiled = action.get("kind") == "category_set"
    if sample and count > 1:
        head = _("A sample") if count > len(sample) else _("They are")
        lines.append(f"{head}:\n\n" + "\n".join(_sample_lines(sample, refiled=refiled)))
    elif sample:
        lines.append("\n".join(_sample_lines(sample, refiled=refiled)))
    if payload.get("replaces"):
        lines.append(_("It replaces the earlier proposal (“%(summary)s”), now cancelled.") % {
            "summary": (payload["replaces"].get("summary") or "").rstrip(".")})
    lines.append(_("Nothing has changed yet: press **Confirm** on the card to apply it or **Cancel** to drop it. "
                   "After confirming you can still **Undo** it."))
    yourself = yourself_line(payload.get("yourself"), _("You can also do this yourself:"), is_vi())
    return "\n\n".join([*lines, *([yourself] if yourself else [])])
