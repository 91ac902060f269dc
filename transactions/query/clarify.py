"""One clarifying question, with up to three choices, when a word of a money question could change the answer
and understanding cannot settle it:

- a shortened name (initials, consonants, the start of a name) that fits two or three of the user's merchants
  that are not one business ("wf": Whole Foods or Wells Fargo) — answering for all of them would be a figure
  nobody asked for, so nothing is answered until the user picks (`ask_only`);
- a word left unplaced (a name they don't have, or a word the grammar lacks) with one to three of their own
  merchants or categories close to it by spelling, sound or meaning — the part that was understood is answered
  and the choices are offered.

A choice's `value` is "merchant:<name>" or "category:<name>"; picking one teaches the user's alias table
(transactions.aliases) so the same word is understood next time. Candidates come from general means (initials,
consonant skeletons, spelling ratios, embeddings), never from a list of words.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from difflib import SequenceMatcher

from transactions.query.described import described_candidates
from transactions.query.linking import Linker
from transactions.query.model import MoneyQuery, Vocab
from transactions.query.name_matching import initials, skeleton, tokens
from transactions.query.spelling import common_words

MAX_CHOICES = 3
LOOSE_HOWS = ("initials", "nickname", "prefix", "spelling")
SPELLING_MIN = 0.72  # below the linker's 0.84: close enough to ask about, not to assume
EVERYDAY_SPELLING_MIN = 0.84  # an everyday word is offered as a name of theirs only when spelt nearly as it
MEANING_MIN = 0.55  # below the linker's 0.60/0.62; at 0.5 "businesses" read as Shopping
MEANING_MARGIN = 0.08  # choices by meaning: within this of the best one


@dataclass
class Clarification:
    word: str
    question: str
    choices: list[dict] = field(default_factory=list)  # {"label", "value", "kind", "name"}
    ask_only: bool = False  # True: the turn answers nothing until the user picks

    def as_dict(self) -> dict:
        return {"word": self.word, "question": self.question, "choices": self.choices, "ask_only": self.ask_only}


def choice_value(kind: str, name: str) -> str:
    return f"{kind}:{name}"


def choice_parse(value: str) -> tuple[str, str] | None:
    kind, sep, name = (value or "").partition(":")
    return (kind, name) if sep and kind in ("merchant", "category") and name else None


def _choice(kind: str, name: str, *, vi: bool) -> dict:
    label = name if kind == "merchant" else (f"{name} (danh mục)" if vi else f"{name} (category)")
    return {"label": label, "value": choice_value(kind, name), "kind": kind, "name": name}


def _or(labels: list[str], vi: bool) -> str:
    conj = " hay " if vi else " or "
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + conj + labels[-1]


def _one_business(names: list[str], vocab: Vocab) -> bool:
    """Names that share their first word and their usual category are one business under several names
    ("Shell Oil 123", "Shell Gas")."""
    firsts = {(tokens(n.lower()) or [""])[0] for n in names}
    cats = {vocab.merchant_category.get(n) for n in names}
    return len(firsts) == 1 and len(cats) == 1


def word_candidates(word: str, vocab: Vocab, linker: Linker | None = None) -> list[tuple[str, str, float]]:
    """(kind, name, score) of the user's merchants and categories close to an unplaced word, best first, at most
    three: spelling (the whole name or one of its words), initials, consonants in order, then meaning."""
    linker = linker or Linker(vocab)
    w = word.replace(" ", "")
    if len(w) < 3 or not w.isalpha():
        return []
    found: dict[tuple[str, str], float] = {}

    def add(kind: str, name: str, score: float) -> None:
        if score > found.get((kind, name), 0):
            found[(kind, name)] = score

    everyday = w in common_words() or all(p in common_words() for p in word.split())  # "net worth"
    for name, mt in linker.merchant_tokens.items():
        if not mt:
            continue
        glued = "".join(mt)
        ratio = max([SequenceMatcher(None, w, glued).ratio()]
                    + [SequenceMatcher(None, w, t).ratio() for t in mt if len(t) >= 4])
        if ratio >= (EVERYDAY_SPELLING_MIN if everyday else SPELLING_MIN) and w[0] == glued[0]:
            add("merchant", name, ratio)  # "amazing" is no Amazon, "detail" no Delta: an everyday word is itself
        elif len(w) >= 5 and w[:3] == mt[0][:3] and abs(len(w) - len(mt[0])) <= 1 and not everyday:
            add("merchant", name, 0.7)  # the same start and length, said differently ("tarjay")
        elif len(w) >= 3 and len(glued) >= len(w) + 2 and glued.endswith(w) and not everyday:
            add("merchant", name, 0.7)  # the end of the name ("zon" for Amazon)
        if everyday:
            continue  # an everyday word is not a shortened name ("bus", "boat")
        if len(mt) >= 2 and initials(mt).startswith(w):
            add("merchant", name, 0.8)
        sk, first = skeleton(w), skeleton(mt[0])
        if len(sk) >= 3 and first[0] == w[0] and len(w) <= 6 and len(first) <= 2 * len(sk):
            it = iter(first)  # the consonants of the name's first word, in order ("sbux" → Starbucks)
            if all(ch in it for ch in sk):
                add("merchant", name, 0.75)
    for name, ct in linker.category_tokens.items():
        glued = "".join(ct)
        ratio = SequenceMatcher(None, w, glued).ratio() if ct else 0
        if ratio >= SPELLING_MIN:
            add("category", name, ratio)
    if not found and everyday:  # "the burrito place": two or three of their merchants it may describe
        for name in described_candidates(word, vocab)[1]:
            add("merchant", name, 0.6)
    if not found and vocab.embed is not None and everyday and (vocab.merchants or vocab.categories):
        names = [("merchant", m) for m in vocab.merchants] + [("category", c) for c in vocab.categories]
        vectors = vocab.embed([word] + [n for _, n in names])
        sims = vectors[1:] @ vectors[0]
        best = float(sims.max()) if len(sims) else 0.0
        if best >= MEANING_MIN:
            for (kind, name), s in zip(names, sims):
                if float(s) >= max(MEANING_MIN, best - MEANING_MARGIN):
                    add(kind, name, float(s))
    ranked = sorted(found.items(), key=lambda kv: -kv[1])
    return [(kind, name, round(score, 3)) for (kind, name), score in ranked[:MAX_CHOICES]]


def clarification_for(q: MoneyQuery, vocab: Vocab, *, language: str | None = None) -> Clarification | None:
    """The one clarifying question this reading needs, or None when every word that could change the answer
    was understood (or nothing of the user's is close to what was not). `language`: the answer's ("vi"/"en"),
    else the question's."""
    vi = (language or q.language) == "vi"
    aliased = set(vocab.aliases)
    for link in q.links:
        if link.kind != "merchant" or link.how not in LOOSE_HOWS or link.negated or link.mention in aliased:
            continue
        names = list(dict.fromkeys(link.names))
        if not 2 <= len(names) <= MAX_CHOICES or _one_business(names, vocab):
            continue
        choices = [_choice("merchant", n, vi=vi) for n in names]
        question = (f"Bạn nói “{link.mention}” là {_or([c['label'] for c in choices], vi)}?" if vi else
                    f"By “{link.mention}”, did you mean {_or([c['label'] for c in choices], vi)}?")
        return Clarification(word=link.mention, question=question, choices=choices, ask_only=True)
    for link in q.links:
        if link.how != "partial" or link.negated or link.mention in aliased:
            continue
        # "whole paycheck": one distinctive word of a merchant's name, the others read as something else (or not
        # at all): the merchant is answered, and it and the other reading are offered
        choices = [_choice("merchant", link.names[0], vi=vi)]
        other = link.other or {}
        if other.get("kind") in ("merchant", "category"):
            choices += [_choice(other["kind"], n, vi=vi) for n in other.get("names") or []
                        if n != link.names[0]][:MAX_CHOICES - 1]
        labels = _or([c["label"] for c in choices], vi)
        question = (f"Bạn nói “{link.mention}” là {labels}?" if vi else
                    f"By “{link.mention}”, did you mean {labels}?")
        return Clarification(word=link.mention, question=question, choices=choices)
    for link in q.links:
        other = link.other or {}
        if link.how != "thing" or not link.names or link.names[0] in aliased or other.get("kind") != "category":
            continue
        # "my wife's lunches": a thing of theirs they have no name for, and a word for a category that belongs to it
        # — the answer is that nothing is about the thing; the category the word alone means is offered
        thing = link.names[0]
        names = list(dict.fromkeys([*other.get("names", []), *q.things.get(thing, [])]))[:MAX_CHOICES]
        choices = [_choice("category", n, vi=vi) for n in names]
        labels = _or([c["label"] for c in choices], vi)
        question = (f"Tôi không thấy giao dịch nào về “{thing}”. “{link.mention}” cho nó có nằm trong {labels} không?"
                    if vi else f"I don't see anything about “{thing}” in your transactions. Is the "
                    f"{link.mention} for it filed under {labels}?")
        return Clarification(word=thing, question=question, choices=choices)
    linker = Linker(vocab)
    for word in [*q.unknown, *q.ignored]:
        if word in aliased or len(word.replace(" ", "")) < 3:
            continue
        found = word_candidates(word, vocab, linker)
        if not found:
            continue
        choices = [_choice(kind, name, vi=vi) for kind, name, _ in found]
        labels = _or([c["label"] for c in choices], vi)
        question = (f"Tôi chưa hiểu “{word}” trong dữ liệu của bạn. Ý bạn là {labels}?" if vi else
                    f"I don't know “{word}” among your merchants and categories. Did you mean {labels}?")
        return Clarification(word=word, question=question, choices=choices)
    return None
