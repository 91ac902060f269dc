"""Regular expressions from users, bounded in time.

A rule like `^(\\w+\\s?)*$` backtracks catastrophically: seconds per description with Python's `re`, applied to
every narrative of an import inside the request. Rules are compiled with the `regex` package, which takes a
timeout per match: a pattern that is slow on typical adversarial probes is refused when the rule is saved,
and a rule that still times out on a real description is skipped for the rest of that run (logged).
"""
from __future__ import annotations

import logging

import regex

log = logging.getLogger(__name__)

MATCH_TIMEOUT_SECONDS = 0.05
_PROBES = tuple(base * n + tail for base in ("a", "ab ", "1", "a1 ", "POS PURCHASE ") for n in (12, 28)
                for tail in ("", "!", "\x01"))


def rule_regex_compile(pattern: str) -> regex.Pattern:
    """Compile a rule's pattern (case-insensitive). Raises ValueError with the reason."""
    try:
        return regex.compile(pattern, regex.IGNORECASE | regex.VERSION0)
    except (regex.error, TypeError, OverflowError, RecursionError) as exc:
        raise ValueError(f"not a valid regular expression: {exc}") from exc


def rule_regex_check(pattern: str) -> regex.Pattern:
    """Compile and try the pattern on probes that make backtracking patterns explode. ValueError when it is
    invalid or too slow."""
    compiled = rule_regex_compile(pattern)
    for probe in _PROBES:
        try:
            compiled.search(probe, timeout=MATCH_TIMEOUT_SECONDS)
        except TimeoutError as exc:
            raise ValueError("too slow: it backtracks catastrophically on some descriptions (nested repeats such "
                             "as (\\w+\\s?)*); simplify it, or use a 'contains' rule") from exc
    return compiled


def rule_regex_search(compiled: regex.Pattern, text: str) -> bool | None:
    """True/False, or None when the match ran out of time (the caller skips the rule)."""
    try:
        return compiled.search(text, timeout=MATCH_TIMEOUT_SECONDS) is not None
    except TimeoutError:
        return None
