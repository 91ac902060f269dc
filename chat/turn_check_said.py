"""Doubts a turn must say as well as score (chat/turn_check.py caps each below the escalation threshold and adds the
note to the answer): "high confidence must mean right", and a doubted answer says what it read.

- **Words in no language Moneta reads** (chat/unplaced_unread.py): "cuánto gasté en supermercado" answered with the
  out-of-scope reply was not read, not out of scope.
- **A request about the last answer left unanswered**: "say it in plain words", "can you give an example of that"
  after an explanation, answered with the out-of-scope reply: the turn was about the last answer, which Moneta had.
  (After a money answer: chat/subject_kept.followup_left_unanswered.)
- **The account holder's data answered as someone else's**: "I look after my dad's finances, he is the account
  holder — what did he spend at Shell?" answered "Moneta only shows your own data": the data in this account is the
  one asked about, whoever types.
- **An answer that says it did not understand words** (chat/offline/money_answer.py's note "I didn't understand 'x',
  so this answer leaves it out", whose words the composer puts on the turn's context, `TurnContext.left_out`): the
  composer judged the turn not wholly understood, so the score says the same;
  the grounding formula may have counted the word as carried by the period. ("Nothing in your transactions is called
  'aldi'" in a union is an answer, medium at most, and keeps its score.)
- **A word of a kind of spending the query dropped** (chat/word_roles_dropped.py): "my biggest Amazon purchase in the
  month I spent most on shopping" answered over all time with no word of shopping: a content word read as nothing.
"""
from __future__ import annotations

import re
from typing import Any

from chat.capabilities import HOLDER_RE, OTHERS_TOPIC
from chat.language import answer_language
from chat.offline.compose import OUT_OF_SCOPE
from chat.offline.vi_scope import NOT_PLACED_VI, OUT_OF_SCOPE_VI
from chat.unplaced_unread import unread_note, unread_words
from chat.word_roles_dropped import dropped_kind_words
from core.text import strip_accents

# the reply of a turn no tool answered because its question was not placed (chat/offline/model.py)
NOT_PLACED = (OUT_OF_SCOPE[:60], "I'm not sure which of your data or documents would answer that", OUT_OF_SCOPE_VI[:60],
              NOT_PLACED_VI[:60])
# the turn is about the last answer: a pronoun for it, or asking it again in other words
ABOUT_LAST_RE = re.compile(r"\b(?:it|that|this|those|these|them|the (?:last|above|previous) (?:one|answer|part)|"
                           r"(?:more )?simpl(?:y|er|ify)|plain(?:er)? (?:words|english|terms|language)|in other words|"
                           r"rephrase|(?:an )?example|eli5|like i'?m (?:\d+|five|a kid|a child))\b")



def _not_placed(answer: str) -> bool:
    return any(answer.lstrip().startswith(p) for p in NOT_PLACED)


def _holder_note(language: str) -> str:
    if language == "vi":
        return ("_Tôi đã đọc câu hỏi như hỏi về dữ liệu của người khác. Nếu đây là tài khoản của người đó, dữ liệu ở "
                "đây chính là của họ: hãy hỏi lại về chi tiêu trong tài khoản này._")
    return ("_I read this as asking about someone else's data. If this is their account you are using, the data "
            "here is theirs: ask about the spending in this account (for example “what was spent at Shell last "
            "month?”)._")


def _about_last_note(language: str) -> str:
    if language == "vi":
        return "_Tôi không hiểu bạn muốn gì ở câu trả lời trước: hãy hỏi lại bằng lời khác._"
    return ("_I couldn't tell what you are asking of my last answer, so I haven't answered it — could you say it "
            "another way?_")


def said_doubts(*, text: str, answer: str, recorder: Any, ctx: Any,
                clarification: dict | None) -> tuple[list[str], list[str]]:
    """(reasons, notes): each reason caps the turn below the escalation threshold; each note goes in the answer."""
    if clarification:
        return [], []
    reasons: list[str] = []
    notes: list[str] = []
    ran = [r for r in recorder.tool_records if not r.error and r.name != "respond"]
    lowered = strip_accents((text or "").lower()).replace("’", "'")
    language = answer_language(text, getattr(ctx, "ui_language", None))
    if not ran and _not_placed(answer):
        if unread := unread_words(text):
            reasons.append(f"no tool ran and the question's words {unread[:6]} are in no language Moneta reads")
            notes.append(unread_note(unread))
        elif getattr(ctx, "previous_family", None) not in (None, "money") and (m := ABOUT_LAST_RE.search(lowered)):
            reasons.append(f"the turn asks about the last answer ({m.group(0)!r}) but no tool ran to answer it")
            notes.append(_about_last_note(language))
    others = [r for r in ran if isinstance(r.result, dict) and r.result.get("topic") == OTHERS_TOPIC]
    if others and (m := HOLDER_RE.search(lowered)):
        reasons.append(f"answered as someone else's data, but the question says the asker acts for the account "
                       f"holder ({m.group(0)!r})")
        notes.append(_holder_note(language))
    elif ran and HOLDER_RE.search(lowered):  # answered from this account for the holder: say whose data it is
        notes.append("_Đây là dữ liệu trong tài khoản này — của người bạn đang giúp quản lý._" if language == "vi"
                     else "_These figures are the data in this account — the account holder's, whom you said you "
                          "help._")
    if ran and (left_out := getattr(ctx, "left_out", None)):  # set by the composer with its note
        reasons.append(f"the answer says it did not understand words of the question: {left_out[:6]}")
    said_of: list[tuple[str, list[str]]] = []
    if dropped := dropped_kind_words(text, recorder, ctx, said_of):
        reasons.append(f"words of a kind of spending no query that ran used: {dropped}")
        shown = ", ".join(f"'{w}'" for w in dropped[:3])
        notes.append(f"_Tôi đã bỏ qua {shown}: câu trả lời không tính đến._" if language == "vi" else
                     f"_I left out {shown}: this answer does not use {'it' if len(dropped) == 1 else 'them'}._")
    for kind, shops in said_of[:1]:  # "groceries at Target": the shop's rows carry one category, not what was bought
        shop = " and ".join(shops)
        notes.append(f"_Đây là mọi khoản chi tại {shop}: giao dịch không cho biết khoản nào là '{kind}'._"
                     if language == "vi" else f"_This is everything at {shop}: your transactions there don't say which "
                                              f"purchases were {kind}._")
    return reasons, notes
