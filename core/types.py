"""Types shared across apps."""
from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User

# The `user=` every selector and service takes: a signed-in user, or the anonymous user (reads of shared data
# such as the shared knowledge corpus). Functions that also accept None say `UserLike | None`.
UserLike: TypeAlias = "User | AnonymousUser"
# A signed-in user: the owner of the rows a service writes or a selector of private data reads.
AuthUser: TypeAlias = "User"
