"""Corpora: who may edit the shared ones, each user's private corpus (made on first use; `private-…` slugs are
reserved for it), the shared corpora the demo and the commands set up. Used by the knowledge services and by
answer facts (a user's saved answers live in their private corpus)."""
from __future__ import annotations

from core.errors import DomainError
from core.types import AuthUser, UserLike
from knowledge.models import PRIVATE_SLUG_PREFIX, Corpus, private_corpus_slug


def user_is_editor(user: UserLike | None) -> bool:
    """Editors manage shared corpora: staff, or anyone granted knowledge.add_document (group Editors)."""
    return bool(user and user.is_authenticated and user.is_active
                and (user.is_superuser or user.is_staff or user.has_perm("knowledge.add_document")))


def corpus_private_for(*, user: AuthUser) -> Corpus:
    """The user's private corpus (notes and own uploads), created on first use. Found by its owner, never by the
    slug alone: the slug `private-<id>` is reserved for that owner by a database constraint."""
    corpus, _ = Corpus.objects.get_or_create(
        owner=user, visibility=Corpus.Visibility.PRIVATE, slug=private_corpus_slug(user.id),
        defaults={"name": f"{user.get_username()}'s notes",
                  "description": "Private notes and uploads; visible only to their owner."},
    )
    return corpus


def corpus_slug_reserved_check(slug: str) -> None:
    """`private-…` slugs belong to users' private corpora, which only `corpus_private_for` creates."""
    if slug.startswith(PRIVATE_SLUG_PREFIX):
        raise DomainError(f"Corpus slugs starting with '{PRIVATE_SLUG_PREFIX}' are reserved for users' private "
                          f"corpora; choose another slug than '{slug}'", details={"corpus": slug})


def corpus_ensure(*, slug: str, name: str, description: str = "") -> Corpus:
    corpus_slug_reserved_check(slug)
    corpus, created = Corpus.objects.get_or_create(slug=slug, defaults={"name": name, "description": description})
    if not created and (corpus.name != name or corpus.description != description):
        Corpus.objects.filter(id=corpus.id).update(name=name, description=description)
    return corpus
