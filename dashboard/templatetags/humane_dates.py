"""Template filters for dates as people read them (see core/web/dates.py)."""
from django import template

from core.web import dates

register = template.Library()


@register.filter
def day(value) -> str:
    """{{ d|day }} → "Mon 1 Dec"."""
    return dates.day_label(value)


@register.filter
def relday(value) -> str:
    """{{ d|relday }} → "in 9 days", "today", "tomorrow"."""
    return dates.relative_day(value)


@register.filter
def day_rel(value) -> str:
    """{{ d|day_rel }} → "Mon 1 Dec (in 9 days)" / "Tomorrow, Tue 24 Nov"."""
    return dates.day_and_relative(value)
