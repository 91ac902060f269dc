"""Questions about how Moneta behaves (what it remembers, learns, applies; whether a change can be undone; what it warns
about by itself), answered from the help pages: their steps or their explanation, never a figure of the user's money.
The how-to matching they share (english_topics, HELP_TOPICS) is chat/help_steps.py's."""
from __future__ import annotations

import re
from typing import Any

from chat.help_steps import HELP_TOPICS, _typed_without_accents, english_topics
from transactions.query import is_vietnamese
from transactions.query.grammar import strip_accents

# "will the app remember a category I changed?", "does it learn from my corrections", "can I undo an import", "if I
# recategorise one, will future ones follow", "ứng dụng có nhớ danh mục tôi đã đổi không": the subject is the app (or
# what the user does in it) and the verb something software does — remember, learn, apply, undo, sync. Such a
# question is answered from the help pages (the page's steps or its explanation), never as a figure of their money.
_APP_SUBJECT = r"(?:it|the app|this app|moneta|the assistant|the chat|the system|you|they|future ones|new ones|the others)"
_APP_VERB = (r"(?:remember\w*|learn\w*|memori[sz]e\w*|keep (?:it|that|them|my|the)|store\w*|apply|applies|follow\w*|"
             r"update\w*|sync\w*|overwrit\w*|override\w*|notice\w*|detect\w*|notify|alert\w*|recogni[sz]e\w*|"
             r"auto-?\w*|pick (?:it|that|them) up|pick up|carry (?:it|that|them)? ?over|undo|revert\w*|re-?categori[sz]\w*|"
             r"categori[sz]\w*|change (?:it|them) back|get (?:it|them) right|do (?:it|that|this) (?:again|next time|"
             r"automatically)|happen (?:again|next time|automatically))")
APP_BEHAVIOUR_RE = re.compile(
    rf"\b(?:will|would|does|do|did|can|could|is|are|has|won'?t|doesn'?t)\s+{_APP_SUBJECT}\s+(?:\w+\s+){{0,2}}?"
    rf"{_APP_VERB}\b"
    r"|\bif (?:i|we)\s+(?:\w+\s+){0,2}?(?:change|changed|edit|edited|recategori[sz]\w*|re-?categori[sz]\w*|fix|fixed|"
    r"correct\w*|rename\w*|merge\w*|delete\w*|remove\w*|import\w*|re-?import\w*|upload\w*|archive\w*|split\w*|move|"
    r"moved|undo|undid)\b.{0,60}?\b(?:will|would|does|do|is|are)\b"
    r"|\b(?:can|could) (?:i|we|you)\s+(?:\w+\s+)?(?:undo|revert|reverse|roll back|restore|recover|get back)\b"
    r"|\bis (?:there|it) (?:a way|any way|possible) to\s+(?:undo|revert|reverse|roll back|restore|recover)\b"
    # what it tells the user by itself ("does it warn me near the limit", "will the app let me know before a bill is
    # due"): a feature of the app, never a figure ("can you tell me what I spent" asks the assistant, not about it)
    r"|\b(?:will|would|does|do|can|could|is|won'?t|doesn'?t)\s+(?:it|the app|this app|moneta|the assistant|the system)"
    r"\s+(?:\w+\s+){0,2}?(?:warn\w*|remind\w*|notify|alert\w*|ping|send (?:me |us )?(?:an? )?(?:notification|alert|"
    r"reminder|email|warning)s?|(?:tell|let) (?:me|us)(?: know)?\b.{0,40}\b(?:when|whenever|if|before|once|as soon as))\b"
    r"|\b(?:is there|are there|do you have|does (?:it|the app|moneta) have)\s+(?:an? |any )?(?:alerts?|notifications?|"
    r"reminders?|warnings?)\b", re.I)
APP_BEHAVIOUR_VI_RE = re.compile(
    r"\b(?:ứng dụng|app|moneta|hệ thống|nó|bạn|trợ lý)\s+(?:có\s+)?(?:tự\s+(?:động\s+)?)?(?:ghi nhớ|nhớ|học|lưu|áp dụng|"
    r"cập nhật|đồng bộ|phát hiện|nhận ra|xếp|phân loại|đổi)\b.{0,80}\b(?:không|ko|hông|chứ|chưa)\b"
    r"|\b(?:có thể|được|có cách|có)\s+(?:\w+\s+)?(?:hoàn tác|khôi phục|huỷ|hủy|lấy lại|xoá|xóa|gộp|sửa)\b.{0,80}"
    r"\b(?:không|ko|được không|đc không)\b"
    r"|\bnếu (?:tôi|mình)\s+(?:\w+\s+)?(?:đổi|sửa|xoá|xóa|nhập|gộp|hoàn tác)\b.{0,80}\b(?:có|sẽ)\b", re.I)
APP_BEHAVIOUR_VI_PLAIN_RE = re.compile(strip_accents(APP_BEHAVIOUR_VI_RE.pattern), re.I)  # typed without accents
VI_BEHAVIOUR_TOPICS = {"ghi nhớ": "remember", "nhớ": "remember", "học": "learn", "tự động": "automatically",
                       "khôi phục": "restore", "gộp": "merge", "lấy lại": "restore", "áp dụng": "apply",
                       "gọi tắt": "nickname", "biệt danh": "nickname", "viết tắt": "nickname",
                       "phân loại": "categorise", "xếp loại": "categorise"}
# "có thể hoàn tác … không", "có cách khôi phục … không": whether they can do it — the page's steps
VI_CAN_DO_RE = re.compile(r"\b(?:có thể|có cách|có)\s+(?:\w+\s+)?(?:hoàn tác|khôi phục|huỷ|hủy|lấy lại|xoá|xóa|gộp|sửa)\b",
                          re.I)


def asks_app_behaviour(text: str) -> bool:
    """Does the question ask how Moneta behaves (what it remembers, learns, applies, whether a change can be undone)?"""
    text = text or ""
    plain = strip_accents(text.lower())
    if APP_BEHAVIOUR_VI_RE.search(text) or (_typed_without_accents(text) and APP_BEHAVIOUR_VI_PLAIN_RE.search(plain)):
        return True
    return bool(APP_BEHAVIOUR_RE.search(text))


def app_behaviour_query(text: str) -> str:
    """The help-page search words of a question about how Moneta behaves: a Vietnamese one in the English words of
    the help pages' topics ("ứng dụng có nhớ danh mục tôi đã đổi không" → "does Moneta remember category change")."""
    if not is_vietnamese(text or ""):
        return text
    plain = _typed_without_accents(text)
    low = f" {strip_accents(text.lower()) if plain else text.lower()} "
    extra = []
    for vi, en in sorted(VI_BEHAVIOUR_TOPICS.items(), key=lambda kv: -len(kv[0])):
        key = f" {strip_accents(vi) if plain else vi} "
        if key in low:  # whole words, and said once ("gọi tắt" is a nickname, not also "tắt": turn off)
            extra.append(en)
            low = low.replace(key, " ")
    rest = low.strip()
    topics = re.sub(r"^how to\s+", "", english_topics(rest, keep=set().union(*HELP_TOPICS.load().stems)))
    topics = "" if topics == rest else topics
    can_do = VI_CAN_DO_RE.search(text) or VI_CAN_DO_RE.search(strip_accents(low))
    return " ".join(["how to" if can_do else "does Moneta", *dict.fromkeys(extra), topics]).strip()


def behaviour_calls(text: str, q: Any = None) -> list[dict[str, Any]]:
    """The help-page look-up for a question about how Moneta behaves, or none ("will the app remember a category I
    changed?", "if I recategorise one will future ones follow"): never a figure of their money nor a finance article.
    A question naming a period and one of their things ("do you remember what I spent at Uber in May") is money."""
    if not asks_app_behaviour(text) or (getattr(q, "period", None) and (getattr(q, "merchants", None)
                                                                         or getattr(q, "categories", None))):
        return []
    return [{"name": "get_app_information", "args": {"query": app_behaviour_query(text)}}]
