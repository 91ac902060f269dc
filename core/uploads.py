"""The one upload size limit (settings.MONETA_MAX_UPLOAD_MB) for every file a user or an editor hands Moneta:
knowledge documents and bank statements. The services enforce it; views, forms and the admin quote it (and may
check it early, through the same function, before reading a big upload)."""
from __future__ import annotations

from django.conf import settings

from core.errors import DomainError

MB = 1024 * 1024


def max_upload_mb() -> int:
    return int(settings.MONETA_MAX_UPLOAD_MB)


def upload_size_check(*, file_name: str, size: int) -> None:
    """DomainError (code too_large, HTTP 400) naming the file and the limit when `size` bytes is over it."""
    limit = max_upload_mb()
    if size > limit * MB:
        raise DomainError(f"{file_name} is larger than the {limit} MB upload limit ({size / MB:.1f} MB); "
                          "split it or upload a smaller file.", code="too_large",
                          details={"field": "file", "file": file_name, "bytes": size, "limit_mb": limit})
