"""Admin privacy policy: staff see shared content and their own data, never another user's private data.

What Moneta promises its users ("only you can see your transactions, categories, jars, notes and
conversations") holds in the admin site too, for staff and superusers alike:

- transactions, categories, merchants, rules, jars, subscriptions, import batches: the staff member's own;
- knowledge: shared corpora, plus the staff member's own private corpus (notes, uploads, their facts/pages);
- conversations and messages: the staff member's own, plus — scoped to an escalation — a conversation
  whose escalation is assigned to them and not yet resolved. The escalation queue itself shows every
  editor the escalated question, the answer given and its tool trace (what a human needs to pick it up);
- feedback (the rating, the comment and the answer it is about): scoped like the conversation it is about; a
  "not helpful" with a comment opens an escalation, which is how the team sees it;
- answer facts: the staff member's own and the ones they approved (from a conversation they could see).
Deleting a user (which cascades to their data) remains possible for superusers.
"""
from __future__ import annotations

from django.db.models import Q, QuerySet


class OwnRowsOnlyAdmin:
    """Mixin for a ModelAdmin: rows are limited by `private_rows(request)` (default: `owner_path` = me)."""

    owner_path = "user"

    def private_rows(self, request) -> Q:
        return Q(**{self.owner_path: request.user})

    def get_queryset(self, request) -> QuerySet:
        return super().get_queryset(request).filter(self.private_rows(request))
