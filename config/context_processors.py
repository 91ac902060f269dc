"""Template context every page gets."""
from __future__ import annotations

from django.conf import settings


def limits(request) -> dict:
    """Limits the forms quote ("up to 25 MB"), from the settings the services enforce."""
    return {"max_upload_mb": settings.MONETA_MAX_UPLOAD_MB}
