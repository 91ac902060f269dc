"""The offline model's words for an action tool's result: what will change and that nothing changes until the
user confirms; why a proposal could not be made; or, for what Moneta can't do, the steps in the app."""
from __future__ import annotations

from typing import Any

from chat.words import is_vi
from core.money import money


def _sample_lines(sample: list[dict[str, Any]]) -> list[str]:
    return [f"- {r.get('date')} · {r.get('description')} · {money(r.get('amount'), r.get('currency'))}"
            + (f" · now {r['category']}" if r.get("category") else "") for r in sample]


def action_text(name: str, payload: dict[str, Any]) -> str:
    if name == "check_data_available":
        if payload.get("available", True):
            return ""
        if is_vi() and payload.get("message_vi"):  # a Vietnamese question (chat/capabilities.py has both)
            return f"Tôi không thấy được: {payload['message_vi']} {payload.get('offer_vi') or ''}".strip()
        return f"I can't see that: {payload.get('message')} {payload.get('offer') or ''}".strip()
    vi = is_vi()  # a Vietnamese question gets Vietnamese words around what the tools return
    if name == "explain_unavailable_action":
        steps = "\n".join(f"{i}. {s}" for i, s in enumerate(payload.get("steps") or [], 1))
        if vi:
            return ("Moneta không làm được việc này: Moneta chỉ đọc sao kê của bạn, không thao tác với ngân hàng hay "
                    f"nhà cung cấp. Bạn có thể làm theo các bước sau (trang trợ giúp bằng tiếng Anh):\n\n{steps}")
        return f"{payload.get('message') or 'Moneta cannot do that.'} What you can do:\n\n{steps}"
    if payload.get("error"):
        return (f"Tôi không chuẩn bị được thay đổi này: {payload['error']}" if vi else
                f"I couldn't prepare that change: {payload['error']}")
    if not payload.get("proposed"):
        problem = payload.get('problem') or ('thiếu thông tin.' if vi else 'something was missing.')
        text = (f"Tôi chưa đề xuất thay đổi nào: {problem}" if vi else f"I haven't proposed any change: {problem}")
        candidates = payload.get("candidates") or []
        if candidates:
            text += (" Các giao dịch khớp:" if vi else " These match:") + "\n\n" + "\n".join(_sample_lines(candidates))
            text += ("\n\nHãy cho tôi biết giao dịch nào (ngày và số tiền), tôi sẽ đề xuất xoá nó." if vi else
                     "\n\nTell me which one (its date and amount) and I'll propose deleting it.")
        return text
    action = payload.get("action") or {}
    lines = [(f"Đây là việc tôi sẽ làm khi bạn xác nhận: **{action.get('summary')}**" if vi else
              f"Here is what I'll do once you confirm: **{action.get('summary')}**")]
    sample = action.get("sample") or []
    count = action.get("count")
    if sample and (count or 0) > 1:
        head = ("Một vài giao dịch" if vi else "A sample") if (count or 0) > len(sample) else \
            ("Đó là" if vi else "They are")
        lines.append(f"{head}:\n\n" + "\n".join(_sample_lines(sample)))
    elif sample:
        lines.append("\n".join(_sample_lines(sample)))
    lines.append("Chưa có gì thay đổi: bấm **Xác nhận** trên thẻ để áp dụng hoặc **Huỷ** để bỏ. Sau khi xác nhận bạn "
                 "vẫn có thể **Hoàn tác**." if vi else
                 "Nothing has changed yet: press **Confirm** on the card to apply it or **Cancel** to drop it. "
                 "After confirming you can still **Undo** it.")
    return "\n\n".join(lines)
