"""The user's own words for their merchants and categories (learned from clarifying questions)."""
from __future__ import annotations

from core.types import AuthUser
from transactions.models import NameAlias


def alias_list(*, user: AuthUser) -> list[NameAlias]:
    return list(NameAlias.objects.filter(user=user).select_related("merchant", "category").order_by("word"))

