"""Corpora: who may edit the shared ones, each user's private corpus (made on first use), the shared corpora the
demo and the commands set up. Used by the knowledge services and by answer facts (a user's saved answers live
in their private corpus)."""
from __future__ import annotations

from core.types import AuthUser, UserLike
from knowledge.models import Corpus


def user_is_editor(user: UserLike | None) -> bool:
    """Editors manage shared corpora: staff, or anyone granted knowledge.add_document (group Editors)."""
    return bool(user and user.is_authenticated and user.is_active
                and (user.is_superuser or user.is_staff or user.has_perm("knowledge.add_document")))


def corpus_private_for(*, user: AuthUser) -> Corpus:
    """The user's private corpus (notes and own uploads), created on first use."""
    corpus, _ = Corpus.objects.get_or_create(
        slug=f"private-{user.id}",
        defaults={"name": f"{user.get_username()}'s notes", "visibility": Corpus.Visibility.PRIVATE, "owner": user,
                  "description": "Private notes and uploads; visible only to their owner."},
    )
    return corpus


def corpus_ensure(*, slug: str, name: str, description: str = "") -> Corpus:
    corpus, created = Corpus.objects.get_or_create(slug=slug, defaults={"name": name, "description": description})
    if not created and (corpus.name != name or corpus.description != description):
        Corpus.objects.filter(id=corpus.id).update(name=name, description=description)
    return corpus
