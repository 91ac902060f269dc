"""Writes for the user's own words for their merchants and categories (`NameAlias`): learned when they pick a
choice of a clarifying question in the chat, removed when they delete one in the app. Reads are in
`transactions.selectors.aliases`; the question parser reads them through `query_vocab`."""
from __future__ import annotations

from django.db import transaction

from core.errors import DomainError, NotFound
from core.types import AuthUser

from .models import Category, Merchant, NameAlias
from .query.grammar import normalise
from .query.name_matching import tokens

ALIAS_WORD_MAX = 80  # NameAlias.word's column


def alias_word(word: str) -> str:
    """A word as the question parser reads it ("TJ's" → "tjs"), so a learned alias matches the next question."""
    return " ".join(t for t in tokens(normalise(word or "")) if t not in ("|", "^"))


@transaction.atomic
def alias_learn(*, user: AuthUser, word: str, kind: str, name: str, question: str = "") -> NameAlias:
    """Remember that this user means `name` (one of their merchants or categories) when they say `word`.
    Learning the same word again points it at the new choice."""
    clean = alias_word(word)
    if not clean:
        raise DomainError("word: the word to remember is empty.")
    if len(clean) > ALIAS_WORD_MAX:
        raise DomainError(f"word: at most {ALIAS_WORD_MAX} characters (got {len(clean)}).")
    merchant = category = None
    if kind == "merchant":
        merchant = Merchant.objects.filter(user=user, name=name).order_by("id").first()
    elif kind == "category":
        category = Category.objects.filter(user=user, name__iexact=name).first()
    else:
        raise DomainError(f"kind: must be 'merchant' or 'category' (got {kind!r}).")
    if merchant is None and category is None:
        raise NotFound(f"You have no {kind} called {name!r}.")
    alias, _ = NameAlias.objects.update_or_create(
        user=user, word=clean, defaults={"merchant": merchant, "category": category, "question": question[:300]})
    return alias


def alias_delete(*, user: AuthUser, alias_id: int) -> None:
    """Forget one of the user's words (another user's id is not found)."""
    deleted, _ = NameAlias.objects.filter(user=user, id=alias_id).delete()
    if not deleted:
        raise NotFound(f"Alias {alias_id} not found.")
