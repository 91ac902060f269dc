"""The structured money query: what a question asks of the user's transactions.

One shape for the search box, the API, the offline model and the LLM's tool call. JSON round-trips through
`as_dict`/`from_dict`, which is also how a conversation remembers the previous question (dialogue state).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from core.periods import Period

MEASURES = ("summary", "total", "count", "average", "monthly_average", "largest", "smallest", "list", "top_merchants",
            "top_categories", "compare", "income", "net")


@dataclass
class Side:
    """One side of a comparison: an entity group ("Starbucks", "gas") and/or a period."""

    label: str
    merchants: list[str] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    period: Period | None = None
    direction: str | None = None  # "in": the side counts money in (a share of what they earn), else the query's
    # rows this side never counts: "rent vs everything else" — the other side is all spending but Rent
    exclude_merchants: list[str] = field(default_factory=list)
    exclude_categories: list[str] = field(default_factory=list)
    exclude_text: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"label": self.label, "merchants": self.merchants, "categories": self.categories, "text": self.text,
                "period": self.period.as_dict() if self.period else None,
                **({"direction": self.direction} if self.direction else {}),
                **{k: getattr(self, k) for k in SIDE_EXCLUDES if getattr(self, k)}}

    @classmethod
    def from_dict(cls, d: dict) -> Side:
        return cls(label=d.get("label") or "", merchants=list(d.get("merchants") or []),
                   categories=list(d.get("categories") or []), text=list(d.get("text") or []),
                   period=Period.from_dict(d.get("period")), direction=d.get("direction"),
                   **{k: list(d.get(k) or []) for k in SIDE_EXCLUDES})


SIDE_EXCLUDES = ("exclude_merchants", "exclude_categories", "exclude_text")


@dataclass
class Link:
    """How a phrase of the question was understood: `kind` merchant | category | text | concept, the names it
    stands for in the user's data, and how it was matched (exact, spelling, prefix, concept, meaning)."""

    mention: str
    kind: str
    names: list[str]
    how: str = "exact"
    negated: bool = False  # named after "except", "not counting", "leave out"…: a filter that removes
    # how = "partial" (one distinctive word of a name, "whole paycheck" for Whole Foods): the other reading its words
    # had ({"kind", "names", "mention"}), offered beside it in a clarifying question
    other: dict | None = None

    def as_dict(self) -> dict:
        return {"mention": self.mention, "kind": self.kind, "names": self.names, "how": self.how,
                **({"negated": True} if self.negated else {}), **({"other": self.other} if self.other else {})}


@dataclass
class MoneyQuery:
    measure: str = "total"
    merchants: list[str] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    exclude_merchants: list[str] = field(default_factory=list)  # "except Amazon": rows never counted
    exclude_categories: list[str] = field(default_factory=list)
    exclude_text: list[str] = field(default_factory=list)
    amount_min: Decimal | None = None
    amount_max: Decimal | None = None
    direction: str | None = None  # out | in | None (both)
    period: Period | None = None
    weekdays: list[int] = field(default_factory=list)  # 0 = Monday … 6 = Sunday; empty = every day
    months: int | None = None  # monthly average over this many full months
    group_by: str | None = None
    limit: int | None = None
    offset: int = 0  # ranked answers: skip this many first ("second biggest", "the next three")
    smallest_first: bool = False  # rankings: the smallest first ("my 3 smallest categories", "least at which shop")
    per: str | None = None  # per-unit figure: day | week | month ("per week?")
    skip_largest: int = 0  # the N biggest rows left out ("and excluding the biggest?" after a total)
    compare: dict | None = None  # {"mode": periods|usual|sides, "sides": [Side...]}
    links: list[Link] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)  # names asked about that are not in the user's data
    suggestions: dict[str, list[str]] = field(default_factory=dict)  # unknown name → close names the user has
    # unknown words that are things, not shops ("the boat", "my dog") → categories it could be filed under
    things: dict[str, list[str]] = field(default_factory=dict)
    said: dict[str, str] = field(default_factory=dict)  # a word not understood → as the question wrote it ("mèo")
    ignored: list[str] = field(default_factory=list)  # content words not understood (could change the answer)
    excluded_unknown: list[str] = field(default_factory=list)  # "except the boat": nothing of theirs is called that
    followup: bool = False
    language: str = "en"
    asides: list[str] = field(default_factory=list)  # clauses saying why they ask (transactions/query/asides.py)
    # whom or when a purchase was for, said as a narrowing no row can show ("for my grandson Tommy": asides_circumstance)
    unapplied: list[str] = field(default_factory=list)
    # the turn's corrections of itself ("starbucks, sorry, blue bottle": transactions/query/corrections.py), as said
    corrected: list[dict] = field(default_factory=list)
    # readings the parser guessed, as said ("money pits" read as the categories: transactions/query/ranking_words.py)
    guessed: list[str] = field(default_factory=list)

    # ---- (de)serialisation --------------------------------------------------------------------------------
    def as_dict(self) -> dict:
        compare = None
        if self.compare:
            compare = {"mode": self.compare.get("mode"),
                       "sides": [s.as_dict() for s in self.compare.get("sides") or []],
                       **({"ask": self.compare["ask"]} if self.compare.get("ask") else {})}
        return {
            "measure": self.measure, "merchants": self.merchants, "categories": self.categories, "text": self.text,
            "exclude_merchants": self.exclude_merchants, "exclude_categories": self.exclude_categories,
            "exclude_text": self.exclude_text, "offset": self.offset, "per": self.per,
            "amount_min": str(self.amount_min) if self.amount_min is not None else None,
            "amount_max": str(self.amount_max) if self.amount_max is not None else None,
            "direction": self.direction, "period": self.period.as_dict() if self.period else None,
            "weekdays": self.weekdays,
            "months": self.months, "group_by": self.group_by, "limit": self.limit, "compare": compare,
            "links": [link.as_dict() for link in self.links], "unknown": self.unknown,
            "suggestions": self.suggestions, "things": self.things, "said": self.said, "ignored": self.ignored, "excluded_unknown": self.excluded_unknown,
            "followup": self.followup,
            "language": self.language, **({"asides": self.asides} if self.asides else {}),
            **({"unapplied": self.unapplied} if self.unapplied else {}),
            **({"skip_largest": self.skip_largest} if self.skip_largest else {}),
            **({"smallest_first": True} if self.smallest_first else {}),
            **({"corrected": self.corrected} if self.corrected else {}),
            **({"guessed": self.guessed} if self.guessed else {}),
        }

    @classmethod
    def from_dict(cls, d: dict | None) -> MoneyQuery:
        d = d or {}
        compare = None
        if d.get("compare"):
            compare = {"mode": d["compare"].get("mode"),
                       "sides": [Side.from_dict(s) for s in d["compare"].get("sides") or []],
                       **({"ask": d["compare"]["ask"]} if d["compare"].get("ask") else {})}
        return cls(
            measure=d.get("measure") or "total", merchants=list(d.get("merchants") or []),
            categories=list(d.get("categories") or []), text=list(d.get("text") or []),
            exclude_merchants=list(d.get("exclude_merchants") or []),
            exclude_categories=list(d.get("exclude_categories") or []),
            exclude_text=list(d.get("exclude_text") or []), offset=int(d.get("offset") or 0), per=d.get("per"),
            amount_min=Decimal(str(d["amount_min"])) if d.get("amount_min") not in (None, "") else None,
            amount_max=Decimal(str(d["amount_max"])) if d.get("amount_max") not in (None, "") else None,
            direction=d.get("direction"), period=Period.from_dict(d.get("period")), months=d.get("months"),
            weekdays=[int(x) for x in d.get("weekdays") or []],
            group_by=d.get("group_by"), limit=d.get("limit"), compare=compare,
            links=[Link(**{k: v for k, v in x.items() if k in ("mention", "kind", "names", "how", "negated", "other")})
                   for x in d.get("links") or [] if isinstance(x, dict) and {"mention", "kind", "names"} <= set(x)],
            unknown=list(d.get("unknown") or []), suggestions=dict(d.get("suggestions") or {}),
            things=dict(d.get("things") or {}), said=dict(d.get("said") or {}),
            ignored=list(d.get("ignored") or []), excluded_unknown=list(d.get("excluded_unknown") or []),
            followup=bool(d.get("followup")), language=d.get("language") or "en",
            asides=list(d.get("asides") or []), unapplied=list(d.get("unapplied") or []), skip_largest=int(d.get("skip_largest") or 0),
            smallest_first=bool(d.get("smallest_first")),
            corrected=[dict(c) for c in d.get("corrected") or [] if isinstance(c, dict)],
            guessed=[str(g) for g in d.get("guessed") or []],
        )

    # ---- what was understood, in words ---------------------------------------------------------------------
    def chips(self) -> list[dict]:
        """What was understood, as removable chips for the UI: [{"kind", "label", "field"}]."""
        out = [{"kind": "measure", "label": MEASURE_LABELS.get(self.measure, self.measure), "field": "measure"}]
        for name in self.merchants:
            out.append({"kind": "merchant", "label": name, "field": "merchants"})
        for name in self.categories:
            out.append({"kind": "category", "label": name, "field": "categories"})
        for word in self.text:
            out.append({"kind": "text", "label": f"“{word}”", "field": "text"})
        for name in [*self.exclude_merchants, *self.exclude_categories, *self.exclude_text]:
            out.append({"kind": "exclude", "label": f"not {name}", "field": "exclude"})
        if self.smallest_first:
            out.append({"kind": "rank", "label": "smallest first", "field": "smallest_first"})
        if self.offset:
            out.append({"kind": "rank", "label": f"from number {self.offset + 1}", "field": "offset"})
        if self.per:
            out.append({"kind": "per", "label": f"per {self.per}", "field": "per"})
        if self.skip_largest:
            out.append({"kind": "exclude", "label": f"not the {self.skip_largest} biggest" if self.skip_largest > 1
                        else "not the biggest", "field": "skip_largest"})
        if self.amount_min is not None and self.amount_min == self.amount_max:  # one row's amount ("the tv")
            out.append({"kind": "amount", "label": f"of {_amount(self.amount_min)}", "field": "amount_min"})
        elif self.amount_min is not None:
            out.append({"kind": "amount", "label": f"over {_amount(self.amount_min)}", "field": "amount_min"})
        if self.amount_max is not None and self.amount_max != self.amount_min:
            out.append({"kind": "amount", "label": f"under {_amount(self.amount_max)}", "field": "amount_max"})
        if self.direction:
            out.append({"kind": "direction", "label": "money in" if self.direction == "in" else "money out",
                        "field": "direction"})
        if self.period:
            out.append({"kind": "period", "label": self.period.label, "field": "period"})
        if self.weekdays:
            out.append({"kind": "weekdays", "label": weekdays_label(self.weekdays), "field": "weekdays"})
        if self.months:
            out.append({"kind": "period", "label": f"average of {self.months} full months", "field": "months"})
        return out

    def describe(self) -> str:
        parts = [c["label"] for c in self.chips()[1:]]
        return " · ".join(parts) if parts else "all transactions"

    @property
    def has_filters(self) -> bool:
        return bool(self.merchants or self.categories or self.text or self.amount_min is not None
                    or self.amount_max is not None or self.weekdays or self.excludes)

    @property
    def excludes(self) -> bool:
        return bool(self.exclude_merchants or self.exclude_categories or self.exclude_text)


MEASURE_LABELS = {"summary": "summary", "total": "total", "count": "count", "average": "average per transaction",
                  "monthly_average": "monthly average", "largest": "largest", "smallest": "smallest", "list": "list",
                  "top_merchants": "top merchants", "top_categories": "top categories", "compare": "comparison",
                  "income": "income", "net": "net cash flow"}


DAY_NAMES = ("Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays")


def weekdays_label(days: list[int]) -> str:
    if days == [5, 6]:
        return "on weekends"
    if days == [0, 1, 2, 3, 4]:
        return "on weekdays"
    return "on " + " and ".join(DAY_NAMES[d] for d in days)


def _amount(value: Decimal) -> str:
    return f"{value:,.2f}".rstrip("0").rstrip(".")


@dataclass
class Vocab:
    """What the parser links against: the user's own merchants and categories, and lookups into their data."""

    merchants: list[str] = field(default_factory=list)
    merchant_category: dict[str, str] = field(default_factory=dict)  # merchant → its most used category
    categories: dict[str, str] = field(default_factory=dict)  # category name → kind
    narrative_has: Callable[..., bool] | None = None  # does a phrase occur in the user's narratives?
    embed: Callable | None = None  # texts → L2-normalised vectors, for linking by meaning
    aliases: dict[str, tuple[str, str]] = field(default_factory=dict)  # the user's own word → (kind, name)
    pay_last: Callable[[date], date | None] | None = None  # the day of their last pay on or before a day
