"""Turns that keep a note or drop what was just proposed: neither names a change to their money. A note is
proposed and saved only once the user confirms, like every other change."""
from __future__ import annotations

import re
from typing import Any

# an explicit request to keep a note ("save a note: …", "remember that …", "ghi chú: …"); a note is proposed and
# saved only once the user confirms, like every other change
NOTE_RE = re.compile(
    r"^\s*(?:please\s+|can you\s+|could you\s+|pls\s+)?(?:save|make|add|write|take|create|keep)\s+(?:a\s+|this\s+"
    r"(?:as\s+a\s+)?|me\s+a\s+)?note\b|^\s*note to self\b|^\s*(?:please\s+)?(?:remember|write down|jot down)\s+"
    r"(?:that\b|this\b|:)|^\s*note (?:that|:|-)|^\s*(?:ghi chú|ghi nhớ|lưu ghi chú)\b", re.I)
NOTE_LEAD_RE = re.compile(
    r"^\s*(?:please\s+|can you\s+|could you\s+|pls\s+)?(?:save|make|add|write|take|create|keep)\s+(?:a\s+|this\s+"
    r"(?:as\s+a\s+)?|me\s+a\s+)?note\s*(?:that|:|-)?\s*|^\s*note to self\s*:?\s*|^\s*(?:please\s+)?(?:remember|"
    r"write down|jot down)\s*(?:that|this|:)?\s*|^\s*note\s*(?:that|:|-)\s*|^\s*(?:ghi chú|ghi nhớ|lưu ghi chú)\s*"
    r"(?:rằng|là)?\s*:?\s*", re.I)


def note_call(text: str) -> dict[str, Any] | None:
    """The note an explicit request asks to keep (proposed, saved on confirmation), or None."""
    if not NOTE_RE.search(text or ""):
        return None
    body = NOTE_LEAD_RE.sub("", text, count=1).strip() or text.strip()
    return {"name": "save_note", "args": {"title": body[:60], "text": body}}


# A turn that only drops what was just proposed ("never mind", "cancel that", "forget it", "thôi, bỏ đi"): every
# part of it is such a phrase or a filler word. "cancel netflix" names something else and is not one.
DISMISS_PART_RE = re.compile(
    r"(?:never ?mind|nvm|cancel(?: (?:that|it|this|them|those|the (?:jar|budget|change|proposal|action|note|"
    r"transaction|request)))?|forget (?:it|that|about it|about that)|don'?t(?: (?:do|make|save|add|create) "
    r"(?:it|that|this))?|do not|scratch that|no thanks?|not now|leave it|drop it|hold off|stop|i(?:'ve)? changed "
    r"my mind|changed my mind|thôi(?: đi)?|bỏ đi|bỏ qua|(?:hủy|huỷ)(?: đi| bỏ| nhé)?|không cần"
    r"(?: nữa)?|đừng(?: làm| lưu| tạo)?(?: nữa)?|không (?:làm |tạo |lưu )?nữa)", re.I)
DISMISS_FILLER = {"actually", "oh", "ok", "okay", "wait", "no", "nope", "hmm", "please", "then", "ah", "sorry", "so",
                  "just", "nah", "nhé", "à", "ừ", "ờ", "vậy", "không", "nha"}


def dismiss_call(text: str) -> dict[str, Any] | None:
    """The cancellation of the conversation's waiting proposals, when the whole turn says to drop them."""
    parts = [p.strip() for p in re.split(r"[,.!;?]+|\s+(?:and|then|rồi)\s+", (text or "").lower()) if p.strip()]
    found = False
    for part in parts:
        words = [w for w in part.split() if w not in DISMISS_FILLER]
        rest = " ".join(words)
        if not rest:
            continue
        if not (DISMISS_PART_RE.fullmatch(rest) or DISMISS_PART_RE.fullmatch(part)):  # "no thanks": "no" is its part
            return None
        found = True
    return {"name": "cancel_pending_action", "args": {}} if found else None



# A turn that only says yes to what was just proposed ("yes do it", "ok go ahead", "confirm", "đồng ý", "ok làm đi"):
# a chat message never applies a change, so the answer points at the card's Confirm (chat/actions/amend_tool.py)
CONFIRM_WORDS = (
    r"(?:yes|yep|yeah|yup|ya|yes please|sure|ok|okay|k|oke|confirm(?:ed)?|i confirm|do it|do that|go ahead|go for it|"
    r"sounds good|looks good|looks right|perfect|great|apply it|make it so|please do|let'?s do it|let'?s go|"
    r"that'?s (?:right|correct|fine|good|perfect)|correct|all good|đồng ý|xác nhận|làm đi|làm luôn|được|đúng rồi|"
    r"ừ|có|chốt|oke|ok luôn|tạo đi|ghi đi|lưu đi|làm|tạo|ghi|lưu)")
CONFIRM_PART_RE = re.compile(CONFIRM_WORDS + r"(?:\s+" + CONFIRM_WORDS + r")*", re.I)
CONFIRM_FILLER = {"please", "pls", "then", "thanks", "thank", "you", "just", "nhé", "nha", "đi", "vậy", "luôn", "ạ",
                  "cool", "awesome", "so", "and", "now", "moneta"}


def confirm_call(text: str, waiting: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The pointer at the waiting proposals' cards, when the whole turn says yes to them; None otherwise."""
    if not waiting:
        return None
    parts = [p.strip() for p in re.split(r"[,.!;]+|\s+(?:and|then|rồi)\s+", (text or "").lower()) if p.strip()]
    found = False
    for part in parts:
        rest = " ".join(w for w in part.split() if w not in CONFIRM_FILLER)
        if not rest:
            continue
        if not CONFIRM_PART_RE.fullmatch(rest):
            return None
        found = True
    return {"name": "show_pending_actions", "args": {}} if found else None
