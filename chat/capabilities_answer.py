"""The answer to a question about data Moneta lacks (chat/capabilities.py reads the question): the tool result and
its one wording, in the question's language."""
from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext

from chat.capabilities import HAS, Missing


def missing_answer(m: Missing) -> dict:
    """The tool result for a question about data Moneta lacks."""
    return {"available": False, "topic": m.topic, "message": m.why, "offer": m.offer, "moneta_has": list(HAS),
            "message_vi": m.why_vi, "offer_vi": m.offer_vi}


def no_access_text(payload: dict, *, vi: bool) -> str:
    """The one wording of "Moneta does not have that" for a `missing_answer` result: why, then what it can do
    instead — in Vietnamese for a Vietnamese question (locale/vi)."""
    vi = vi and bool(payload.get("message_vi"))
    why, offer = (payload.get("message_vi"), payload.get("offer_vi")) if vi else (payload.get("message"),
                                                                                payload.get("offer"))
    with translation.override("vi" if vi else "en"):
        return (gettext("I have no access to that: %(why)s") % {"why": why} + f" {offer or ''}").strip()
