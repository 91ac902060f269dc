"""A concept asked for what it is ("Ngân sách là gì?", "ngan sach la gi", "what is a budget?", "define APR") is answered
first by the finance-education page on it, not by the help page that happens to rank first: "Moneta suggests a
monthly budget…" tells how the app uses a budget, not what one is. A help page still leads when no education page
fits the concept ("what is safe to spend?" is Moneta's own idea) or when the question asks how to use the app."""
from __future__ import annotations

import re
from collections.abc import Callable

HELP_CORPUS = "moneta-help"
# "X là gì", "nghĩa là gì", "thế nào là X", "what is (a) X", "what's X", "define X", "the meaning of X"
DEFINE_RE = re.compile(r"\bl[àa] g[ìi]\b|\bngh[ĩi]a l[àa] g[ìi]\b|\bth[ếe] n[àa]o l[àa]\b|^\W*(?:what(?:'s|s| is| are)"
                       r"\s+(?:an?\s+)?(?!my\b|our\b|the best\b|moneta\b)|define\b|(?:the )?meaning of\b)", re.I)
# the app named in the question: its own idea ("what is a jar in Moneta", "hũ trong Moneta là gì")
APP_NAMED_RE = re.compile(r"\b(?:moneta|the app|ứng dụng|ung dung|app)\b", re.I)


def asks_definition(said: str) -> bool:
    """Do these words (as the person said them) ask what a concept is?"""
    return bool(DEFINE_RE.search(said or "")) and not APP_NAMED_RE.search(said or "")


def definition_search(english: str, said: str) -> str:
    """The English words to search the knowledge base with for a Vietnamese question glossed in English terms: the
    terms asked as a definition ("what is budget") when the question asks what it is ("ngân sách là gì"), so the page
    explaining the concept ranks as it does for the English question; else the terms alone."""
    return f"what is {english}" if asks_definition(said) else english


def education_first(said: str, facts: list[dict], candidates: list[dict], fits: Callable[[dict], bool],
                    *, limit: int, floor: float) -> list[dict]:
    """`facts` with the best-ranked education fact that answers the concept put first, when the question asks what
    a concept is and a help page leads; the others keep their order."""
    if not facts or facts[0].get("corpus") != HELP_CORPUS or not asks_definition(said):
        return facts
    asked = " ".join(re.findall(r"[a-z]+", DEFINE_RE.sub(" ", said.lower()))).strip()
    if len(asked.split()) >= 2 and asked in " ".join(re.findall(r"[a-z]+", str(facts[0]).lower())):
        return facts  # "what is safe to spend": the help page names it — Moneta's own idea, its page leads
    taught = next((r for r in candidates if r.get("corpus") not in (None, HELP_CORPUS)
                   and (r.get("score") or 0) >= floor and fits(r)), None)
    if taught is None:
        return facts
    return [taught, *[f for f in facts if f is not taught]][:limit]
