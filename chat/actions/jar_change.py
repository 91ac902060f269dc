"""A change to the monthly amount of a jar the user has: "bump my dining jar from $150 to $200", "raise the groceries
jar to 500", "lower my coffee jar by 20", "tăng hũ ăn uống lên 300". Read offline into a `propose_set_jar_budget`
call; the kind `jar_budget_set` validates it against the user's own jars (a jar they don't have: said, with the
offer to create it), applies it from this month on and puts the old amount back on undo."""
from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from django.utils import timezone

from core.errors import DomainError
from core.money import money
from core.types import AuthUser
from transactions.models import Jar
from transactions.selectors import user_currency
from transactions.services import jar_budget_set

UP = r"bump(?:\s+up)?|push(?:\s+up)?|raise|increase|up|boost|grow|top up|tăng|tang"
DOWN = r"lower|decrease|reduce|cut|trim|shrink|drop|giảm|giam"
SET = r"change|set|adjust|make|update|move|put|đổi|doi|chỉnh|chinh"
AMOUNT = r"[$€£]?\s*\d[\d,]*(?:\.\d+)?\s*(?:k\b|đô|do\b|usd\b|dollars?\b|bucks\b)?"
# verb, then the jar ("my dining jar", "the jar for groceries", "hũ ăn uống"), then the amount(s)
JAR_CHANGE_RE = re.compile(
    r"(?:^|[,.;!?]\s*|\b(?:please|pls|can you|could you|would you|i want to|i'd like to|let's|go ahead and)\s+)"
    r"(?P<verb>" + UP + "|" + DOWN + "|" + SET + r")\s+(?:the\s+(?:budget|amount|limit)\s+(?:of|on|for)\s+)?"
    r"(?:(?:my|the|our)\s+)?(?:(?P<name>[\w' &-]{2,40}?)\s+(?:jar|envelope|pot)|(?:jar|envelope|pot)\s+"
    r"(?:for|called|named)\s+(?P<name2>[\w' &-]{2,40}?)|hũ\s+(?P<name3>[\w' &-]{2,40}?)|(?P<bare>jar|envelope|pot|hũ))"
    r"(?:'s\s+(?:budget|amount|limit))?"
    r"(?:\s+(?:budget|amount|limit))?"
    r"(?:\s+(?:from|từ)\s+(?P<old>" + AMOUNT + r"))?"
    r"\s+(?:(?:to|up to|down to|lên|xuống|thành)\s+(?P<to>" + AMOUNT + r")|(?:by|thêm|bớt)\s+(?P<by>" + AMOUNT + r")"
    # "set my dining jar to what I averaged on dining", "… to match last month's spending": an amount to compute
    r"|(?:to|at|lên|thành|bằng)\s+(?P<basis>what|whatever|match|my\s+(?:average|usual)|the\s+(?:average|same)|"
    r"mức|số tiền|trung bình)\b)",
    re.I)


def _number(said: str) -> float:
    clean = re.sub(r"[^\d.k]", "", said.lower().replace(",", ""))
    return float(clean[:-1]) * 1000 if clean.endswith("k") else float(clean)


def jar_change_call(text: str, basis: Any = None) -> dict[str, Any] | None:
    """The `propose_set_jar_budget` call a request to change a jar's amount asks for, or None. `basis(text)`: the
    figure an amount "to what I averaged on dining" is computed from (chat/actions/basis.py), as tool arguments."""
    m = JAR_CHANGE_RE.search(text or "")
    if m is None:
        return None
    name = " ".join((m.group("name") or m.group("name2") or m.group("name3") or "").split())
    name = re.sub(r"^(?:my|the|our)\s+", "", name, flags=re.I)
    if m.group("bare"):
        if not re.search(r"\b(?:my|the|our)\s+(?:jar|envelope|pot)\b|(?<!\w)hũ\s+(?:của\s+)?(?:tôi|mình|em)\b",
                         m.group(0), re.I):
            return None  # "make a jar to …": a new jar, not theirs
        name = ""  # "raise my jar to 200": their one jar (the proposal asks which when they have several)
    elif not name or name.lower() in {"a", "an", "new", "one", "savings jar"}:
        return None  # "make a new jar": a jar to create (chat/actions/proposals.jar_call)
    args: dict[str, Any] = {"jar": name}
    verb = m.group("verb").lower()
    if re.fullmatch(UP, verb, re.I) or re.fullmatch(DOWN, verb, re.I):  # what the user expects: checked on the card
        args["direction"] = "down" if re.fullmatch(DOWN, verb, re.I) else "up"
    if m.group("basis"):
        found = basis(text) if basis is not None else None
        if not found:
            return None
        args.update(found)
    elif m.group("to"):
        args["amount"] = _number(m.group("to"))
    else:
        step = _number(m.group("by"))
        args["change"] = -step if re.fullmatch(DOWN, m.group("verb"), re.I) else step
    return {"name": "propose_set_jar_budget", "args": args}


def _jar(user: AuthUser, name: str) -> Jar:
    jars = list(Jar.objects.filter(user=user).order_by("name"))
    said = " ".join(str(name or "").lower().split())
    if not said and len(jars) == 1:
        return jars[0]  # "raise my jar to 200": the one jar they have
    if not said:
        raise DomainError("Which jar? " + (f"Yours: {', '.join(j.name for j in jars)}." if jars else
                                          "You have no jars yet: say what a new one is for and its amount."),
                          code="validation_error", details={"field": "jar"})
    found = next((j for j in jars if j.name.lower() == said), None) or \
        next((j for j in jars if said and (said in j.name.lower() or j.name.lower() in said)), None)
    if found is None:
        yours = f" Your jars: {', '.join(j.name for j in jars)}." if jars else " You have no jars yet."
        raise DomainError(f"You have no jar called \u201c{name}\u201d.{yours} I can create it instead: say for example "
                          f"\u201ccreate a {name} jar with $200 a month\u201d.", code="not_found",
                          details={"field": "jar"})
    return found


def jar_categories(user: AuthUser, name: str) -> list[str]:
    """The categories that feed one of the user's jars (by its name, or their one jar), [] when there is none."""
    try:
        return [c.name for c in _jar(user, name).categories.all()]
    except DomainError:
        return []


def jar_budget_prepare(user: AuthUser, raw: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    jar = _jar(user, str(raw.get("jar") or ""))
    current = Decimal(jar.monthly_budget)
    try:
        if raw.get("amount") is not None:
            amount = Decimal(str(raw["amount"]))
        else:
            amount = current + Decimal(str(raw.get("change") or 0))
    except ArithmeticError:
        raise DomainError("amount: not an amount of money.", code="validation_error", details={"field": "amount"})
    amount = amount.quantize(Decimal("0.01"))
    if amount < 0:
        raise DomainError(f"The jar \u201c{jar.name}\u201d has {money(current, user_currency(user=user))} a month; "
                          "lowering it by that much would go below zero.", code="validation_error")
    if amount == current:
        raise DomainError(f"The jar \u201c{jar.name}\u201d already has {money(current, user_currency(user=user))} a month.",
                          code="validation_error")
    currency = user_currency(user=user)
    month = timezone.localdate().replace(day=1).isoformat()
    # "raise my jar to 300" when it has 500: the new amount is what they said, but the card says it lowers the jar
    against = raw.get("direction") == "up" and amount < current or raw.get("direction") == "down" and amount > current
    summary = (f"Change the jar \u201c{jar.name}\u201d from {money(current, currency)} to {money(amount, currency)} a "
               "month (from this month on).")
    if against:
        summary += (f" Note: {money(amount, currency)} is {'less' if amount < current else 'more'} than the "
                    f"{money(current, currency)} it has now, so this {'lowers' if amount < current else 'raises'} it.")
    return ({"jar_id": jar.id, "jar": jar.name, "amount": str(amount), "month": month,
             **({"against": "lower" if amount < current else "higher"} if against else {})},
            {"summary": summary, "currency": currency, "current": str(current)})


def jar_budget_apply(user: AuthUser, params: dict[str, Any]) -> dict[str, Any]:
    jar = _jar_owned(user, params)
    previous = str(jar.monthly_budget)
    jar_budget_set(user=user, jar_id=jar.id, amount=params["amount"], month=params["month"])
    return {"jar_id": jar.id, "previous": previous, "url": "/jars/",
            "done": f"The jar \u201c{jar.name}\u201d now has {money(params['amount'], user_currency(user=user))} a month."}


def jar_budget_undo(user: AuthUser, params: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    jar = _jar_owned(user, params)
    jar_budget_set(user=user, jar_id=jar.id, amount=result["previous"], month=params["month"])
    return {"done": f"The jar \u201c{jar.name}\u201d is back to {money(result['previous'], user_currency(user=user))} "
                    "a month."}


def _jar_owned(user: AuthUser, params: dict[str, Any]) -> Jar:
    jar = Jar.objects.filter(user=user, id=int(params.get("jar_id") or 0)).first()
    if jar is None:
        raise DomainError(f"The jar \u201c{params.get('jar')}\u201d no longer exists.", code="not_found")
    return jar
