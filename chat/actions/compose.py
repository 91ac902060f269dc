"""The offline model's words for an action tool's result: what will change and that nothing changes until the
user confirms; why a proposal could not be made; that a waiting proposal was dropped; or, for what Moneta can't
do, the steps in the app. Written under the answer's language (gettext; locale/vi has the Vietnamese)."""
from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from chat import words
from chat.words import is_vi
from core.money import money


def _sample_lines(sample: list[dict[str, Any]]) -> list[str]:
    return [f"- {r.get('date')} · {r.get('description')} · {money(r.get('amount'), r.get('currency'))}"
            + ((" · " + _("now %(category)s") % {"category": words.category(r["category"])}) if r.get("category")
               else "")
            for r in sample]


def _cancelled_text(payload: dict[str, Any]) -> str:
    done = payload.get("cancelled") or []
    if not done:
        return _("Nothing was waiting for your confirmation in this conversation, so there is nothing to cancel. A "
                 "change you already confirmed can be put back with **Undo** on its card.")
    lines = [ngettext("Cancelled — nothing was changed:", "Cancelled these — nothing was changed:", len(done))]
    lines.extend(f"- {a.get('summary')}" for a in done)
    return "\n".join(lines)


def action_text(name: str, payload: dict[str, Any]) -> str:
    if name == "check_data_available":
        if payload.get("available", True):
            return ""
        message, offer = ((payload.get("message_vi"), payload.get("offer_vi")) if is_vi() and payload.get("message_vi")
                          else (payload.get("message"), payload.get("offer")))
        return (_("I have no access to that: %(why)s") % {"why": message} + f" {offer or ''}").strip()
    if name == "cancel_pending_action":
        return _cancelled_text(payload)
    if name == "explain_unavailable_action":
        vi = is_vi() and bool(payload.get("message_vi"))
        steps = "\n".join(f"{i}. {s}" for i, s in enumerate(payload.get("steps_vi" if vi else "steps") or [], 1))
        why = payload.get("message_vi") if vi else payload.get("message")
        subject = f"**{payload['subject']}**: " if payload.get("subject") else ""
        return f"{subject}{why or _('Moneta cannot do that.')} {_('What you can do:')}\n\n{steps}"
    if payload.get("error"):
        return _("I couldn't prepare that change: %(error)s") % {"error": payload["error"]}
    if not payload.get("proposed"):
        problem = payload.get("problem") or _("something was missing.")
        text = _("I haven't proposed any change: %(problem)s") % {"problem": problem}
        candidates = payload.get("candidates") or []
        if candidates:
            text += " " + _("These match:") + "\n\n" + "\n".join(_sample_lines(candidates))
            text += "\n\n" + _("Tell me which one (its date and amount) and I'll propose deleting it.")
        return text
    action = payload.get("action") or {}
    lines = [_("Here is what I'll do once you confirm: **%(summary)s**") % {"summary": action.get("summary")}]
    sample = action.get("sample") or []
    count = action.get("count") or 0
    if sample and count > 1:
        head = _("A sample") if count > len(sample) else _("They are")
        lines.append(f"{head}:\n\n" + "\n".join(_sample_lines(sample)))
    elif sample:
        lines.append("\n".join(_sample_lines(sample)))
    lines.append(_("Nothing has changed yet: press **Confirm** on the card to apply it or **Cancel** to drop it. "
                   "After confirming you can still **Undo** it."))
    return "\n\n".join(lines)
