"""Template context every page gets."""
from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest


def limits(request: HttpRequest) -> dict[str, Any]:
    """Limits the forms quote ("up to 25 MB"), from the settings the services enforce."""
    return {"max_upload_mb": settings.MONETA_MAX_UPLOAD_MB}
