"""What Moneta cannot see, asked as such ("what can't you see?", "what don't you have access to?"): the capability map
itself (chat/capabilities.py), listed with why, rather than one topic or the nearest knowledge passage."""
from __future__ import annotations

import re
from typing import Any

from chat.capabilities import LEDGER_TOPICS, MISSING, missing_data, moneta_has

# "what can't you see?", "what don't you have access to", "what are your limits", "bạn không xem được gì": the map itself
LIMITS_RE = re.compile(
    r"\bwhat (?:\w+ )?(?:can[’']?t|cannot|can not|don[’']?t|do not|won[’']?t) (?:you|moneta|the app|the assistant) (?:(?:actually|really|even|currently) )?(?:see|know|"
    r"access|read|do|track|have|tell)\b|\b(?:what|things?|anything|stuff)\b.{0,25}\b(?:you|moneta|the app) (?:can[’']?t|"
    r"cannot|can not|don[’']?t|do not) (?:(?:actually|really|even|currently) )?(?:see|know|access|track|read|have access)\b|\bwhat (?:are|is) (?:your|moneta[’']?s|"
    r"the app[’']?s) (?:limits|limitations|blind spots)\b|\bwhat (?:do|does) (?:you|moneta) not (?:see|know|have)\b"
    r"|\b(?:bạn|moneta) không (?:xem|thấy|biết|làm) được (?:những )?(?:gì|điều gì)\b", re.I)


def asks_limits(text: str) -> bool:
    """Does the question ask what Moneta cannot see or do (the capability map itself, not one topic)?"""
    return bool(LIMITS_RE.search(text or "")) and missing_data(text) is None


def limits_call(text: str) -> dict[str, Any] | None:
    """The capability check for "what can't you see?": answered with the map (limits_answer)."""
    return {"name": "check_data_available", "args": {"question": text}} if asks_limits(text) else None


def limits_answer(*, balances: bool) -> dict[str, Any]:
    """The tool result for "what can't you see": what Moneta has, and what it lacks with why."""
    lacks = [m for m in MISSING if not (balances and m.topic in LEDGER_TOPICS)]
    return {"available": True, "limits": True, "moneta_has": moneta_has(balances=balances),
            "lacks": [{"topic": m.topic, "why": m.why, "why_vi": m.why_vi} for m in lacks]}


def limits_text(payload: dict[str, Any], *, vi: bool) -> str:
    """What Moneta sees and what it does not, as a short list (a `limits_answer` result)."""
    if vi:
        has = "giao dịch của bạn (số tiền, ngày, nơi chi, danh mục), hũ và ngân sách, các khoản định kỳ, tài liệu " \
              "bạn tải lên, trang trợ giúp và thư viện kiến thức tài chính"
        lacks = "\n".join(f"- {_sentence(m['why_vi'])}" for m in payload.get("lacks") or [] if m.get("why_vi"))
        return (f"Tôi thấy: {has}.\n\nTôi không thấy:\n\n{lacks}\n\nTôi cũng không làm được việc bên ngoài ứng "
                "dụng (huỷ gói ở nhà cung cấp, chuyển hay trả tiền, liên hệ ngân hàng).")
    has = "; ".join(payload.get("moneta_has") or [])
    lacks = "\n".join(f"- {_sentence(m['why'])}" for m in payload.get("lacks") or [])
    return (f"I can see {has}.\n\nI can't see:\n\n{lacks}\n\nI also can't act outside the app (cancel a plan at "
            "the provider, move or pay money, contact your bank); inside it I can propose changes you confirm.")


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]
