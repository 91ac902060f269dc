import pytest


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    """allauth's own rate limits (one confirmation email per address per 3 minutes, …) live in the cache."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
