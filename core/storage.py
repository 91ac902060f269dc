"""Static files for production: whitenoise's compressed, content-hashed storage.

Vendored bundles (chart.js, swagger) name source maps they do not ship; rewriting those references would
make `collectstatic` fail, so only CSS `url()`/`@import` references are rewritten to hashed names."""
from typing import Any

from django.contrib.staticfiles.storage import ManifestStaticFilesStorage
from whitenoise.storage import CompressedManifestStaticFilesStorage


def _without_source_maps(patterns: Any) -> tuple[Any, ...]:
    kept: list[Any] = []
    for glob, rules in patterns:
        rules = tuple(r for r in rules if "sourceMappingURL" not in (r[0] if isinstance(r, tuple) else r))
        if glob == "*.css" and rules:
            kept.append((glob, rules))
    return tuple(kept)


class MonetaStaticFilesStorage(CompressedManifestStaticFilesStorage):
    patterns = _without_source_maps(ManifestStaticFilesStorage.patterns)
