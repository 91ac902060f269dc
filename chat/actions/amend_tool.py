"""The action tools for a proposal still waiting: correct it as the user said ("actually make it $16", "call it
Holiday fund", "make it monthly": the same change proposed again with the correction, the old proposal cancelled), or
drop it ("never mind"). Mixed into chat/actions/tools.ActionTools, so they are bound to the requesting user like the
other tools."""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils import translation
from django.utils.translation import get_language

from chat.actions.selectors import action_present, pending_in_conversation
from chat.actions.services import pending_action_amend, pending_action_cancel
from chat.language import question_language
from chat.rates import Rate
from core.errors import DomainError, NotFound


class AmendTools:
    user: Any
    conversation_id: int | None = None

    def amend_pending_action(self, amount: float | None = None, per: str | None = None, name: str | None = None,
                             category: str | None = None, date: str | None = None, direction: str | None = None,
                             action_id: int | None = None) -> dict:
        """Change a change proposed in this conversation and still waiting for confirmation, as the user corrects
        it: "actually make it $16" (`amount`), "make it monthly" / "$20 a week" (`per`: day, week, month, year —
        jar and budget amounts are monthly), "call it Holiday fund" (`name`: a jar's name, a logged transaction's
        description, a note's title), "put it under Groceries" (`category`), "it was yesterday" (`date`,
        YYYY-MM-DD), "it was income" (`direction`: in/out). Without `action_id`: the latest waiting proposal. The
        old proposal is cancelled and the corrected one is proposed: nothing changes until the user confirms."""
        waiting = pending_in_conversation(user=self.user, conversation_id=self.conversation_id)
        if action_id is None and not waiting:
            return {"proposed": False, "kind": "", "problem": "Nothing is waiting for your confirmation in this "
                                                             "conversation to change: say the whole change again."}
        target = int(action_id) if action_id is not None else waiting[-1].id
        changes = {"amount": amount, "per": (per or "").lower() or None, "name": name, "category": category,
                   "date": date, "direction": direction}
        try:
            new, old = pending_action_amend(user=self.user, action_id=target, changes=changes)
        except (DomainError, NotFound) as exc:
            return {"proposed": False, "kind": "", "problem": exc.message, "unchanged": True}
        with translation.override(question_language(getattr(self, "request_text", None) or "") or get_language()):
            shown, was = action_present(new), action_present(old)
        key = "monthly_budget" if old.kind == "jar_create" else "amount"
        said = amount if amount is not None else (old.params or {}).get(key)
        arithmetic = Rate(price=Decimal(str(said)), times=1, unit=str(changes["per"])).arithmetic(
            (new.preview or {}).get("currency")) if changes["per"] in ("day", "week", "year") and said else ""
        return {"proposed": True, "kind": new.kind, "action": shown, "replaces": was,
                **({"arithmetic": arithmetic} if arithmetic else {}),
                "changed": sorted(k for k, v in changes.items() if v not in (None, "")),
                "message": "Proposed again with the correction, not done: the earlier proposal is cancelled and the "
                           "user must press Confirm on the new card (or POST its confirm_url)."}

    def cancel_pending_action(self, action_id: int | None = None) -> dict:
        """Drop a change proposed in this conversation that the user has not confirmed, when they say "never
        mind", "cancel that", "forget it", "don't". Without `action_id`: every proposal still waiting in this
        conversation. Nothing is changed but the proposal's status."""
        waiting = pending_in_conversation(user=self.user, conversation_id=self.conversation_id)
        if action_id is not None:
            waiting = [a for a in waiting if a.id == int(action_id)]
        cancelled = []
        for action in waiting:
            try:
                cancelled.append(action_present(pending_action_cancel(user=self.user, action_id=action.id)))
            except DomainError:  # confirmed or expired meanwhile: not waiting any more
                continue
        return {"cancelled": cancelled, "count": len(cancelled)}

    def show_pending_actions(self) -> dict:
        """When the user answers a waiting proposal with "yes", "confirm", "go ahead", "do it": the changes still
        waiting for confirmation in this conversation, their cards shown again. A chat message never applies a change:
        the user presses Confirm on the card (or POSTs its confirm_url)."""
        waiting = pending_in_conversation(user=self.user, conversation_id=self.conversation_id)
        return {"waiting": [action_present(a) for a in waiting],
                "message": "Not applied: tell the user to press Confirm on the card (shown again with this answer)."}
