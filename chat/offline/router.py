"""Semantic routing for the offline model: question → intents → tool calls with arguments.

Intents are scored by embedding similarity to labelled exemplars (half the nearest exemplar's cosine,
half the mean of the 3 nearest, per intent; all-MiniLM-L6-v2). A question is also split into clauses so that "what is budgeting and
how does Moneta help?" gets both a knowledge and an app-help call; a near tie between two different
source families (money vs knowledge) also calls both. Arguments come from params.extract_slots.
"""
from __future__ import annotations

import hashlib
import re
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, timedelta

import numpy as np

from chat.offline.exemplars import EXEMPLARS, INTENT_FAMILY
from chat.offline.params import Slots, extract_slots, search_query

TOP_K = 3
CLAUSE_MIN_SCORE = 0.40
# A reference to the user or to their own records: the user's-money tools need one of these (or a named
# category/merchant/period) — "What is the envelope method?" is not about the user's jars.
PERSONAL_RE = re.compile(r"\b(?:my|me|mine|i|i'?ve|i'?m|i'?d|myself|our|we|tôi|mình)\b|"
                         r"\b(?:transactions?|purchases?|payments?|charges?|refunds?|spending|spent|paid|bought|"
                         r"giao dịch)\b", re.I)
MIXED_MARGIN = 0.025
FOLLOWUP_RE = re.compile(r"^\s*(?:and|what about|how about|same for|and for|now|also|ok(?:ay)?,?\s*(?:and|what about)"
                         r"|what of|then)\b", re.I)
CLAUSE_SPLIT_RE = re.compile(r"\?\s+|;\s*|,?\s+and\s+(?=(?:how|what|why|when|where|which|who|can|could|do|does|"
                             r"did|is|are|show|list|tell|give|explain|find)\b)|\.\s+|,?\s+also\s+", re.I)


@contextmanager
def single_thread_inference():
    """Run short, latency-bound embeddings (one question) on one torch thread.

    Intra-op parallelism only pays off for big batches; on a busy 2-core machine two OpenMP threads
    fighting for the cores made a one-sentence embedding take 200-800 ms instead of ~20 ms. Ingestion
    runs in Celery worker processes and is not affected.
    """
    try:
        import torch
    except ImportError:
        yield
        return
    before = torch.get_num_threads()
    if before == 1:
        yield
        return
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(before)


class _Embedder:
    """Embeddings with a small in-process cache for short repeated texts (category names, words)."""

    def __init__(self):
        self._cache: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()

    def __call__(self, texts: list[str]) -> np.ndarray:
        """Short texts (category names, single words) are cached; questions are embedded every time."""
        from knowledge.embeddings import embed_texts

        fresh = [t for t in dict.fromkeys(texts) if t not in self._cache]
        computed = dict(zip(fresh, embed_texts(fresh))) if fresh else {}
        with self._lock:
            for t, v in computed.items():
                if len(t.split()) <= 3 and len(self._cache) < 20000:
                    self._cache[t] = v
        out = [self._cache[t] if t in self._cache else computed[t] for t in texts]
        return np.vstack(out) if out else np.zeros((0, 384), dtype=np.float32)


embed = _Embedder()


class IntentClassifier:
    def __init__(self, exemplars: dict[str, list[str]]):
        self.intents = list(exemplars)
        self.texts = [q for i in self.intents for q in exemplars[i]]
        self.labels = np.array([self.intents.index(i) for i in self.intents for _ in exemplars[i]])
        self._matrix: np.ndarray | None = None
        self._lock = threading.Lock()

    @property
    def matrix(self) -> np.ndarray:
        if self._matrix is None:
            with self._lock:
                if self._matrix is None:
                    self._matrix = self._load()
        return self._matrix

    def _load(self) -> np.ndarray:
        """Exemplar embeddings, cached on disk by a hash of the exemplar texts (recomputed when they change)."""
        from django.conf import settings

        from knowledge.embeddings import embed_texts

        digest = hashlib.sha256("\n".join(self.texts).encode()).hexdigest()[:16]
        path = settings.MONETA_DATA_DIR / "cache" / f"chat-exemplars-{settings.MONETA_EMBEDDING_BACKEND}-{digest}.npy"
        if path.exists():
            matrix = np.load(path)
            if matrix.shape == (len(self.texts), 384):
                return matrix
        matrix = embed_texts(self.texts)
        path.parent.mkdir(parents=True, exist_ok=True)
        np.save(path, matrix)
        return matrix

    def scores(self, vectors: np.ndarray) -> list[dict[str, float]]:
        sims = vectors @ self.matrix.T
        out = []
        for row in sims:
            per = {}
            for idx, intent in enumerate(self.intents):
                s = np.sort(row[self.labels == idx])[::-1][:TOP_K]
                per[intent] = float(0.5 * s[0] + 0.5 * s.mean())
            out.append(per)
        return out


classifier = IntentClassifier(EXEMPLARS)


@dataclass
class RouteContext:
    categories: list[str] = field(default_factory=list)
    merchants: list[str] = field(default_factory=list)
    previous_calls: list[dict] = field(default_factory=list)  # [{"name", "args"}] of the last turn
    enabled_tools: list[str] = field(default_factory=list)
    corpus_order: list[str] = field(default_factory=list)
    today: date = field(default_factory=date.today)
    timings: dict = field(default_factory=dict)


@dataclass
class Plan:
    intents: list[tuple[str, float, str]]
    calls: list[dict]
    slots: Slots
    followup: bool = False


def _best(scores: dict[str, float]) -> tuple[str, float]:
    intent = max(scores, key=scores.get)
    return intent, scores[intent]


def _previous_period(code: str, today: date) -> str:
    if code == "this_month":
        return "last_month"
    if code == "last_month":
        first = today.replace(day=1) - timedelta(days=1)
        prev = first.replace(day=1) - timedelta(days=1)
        return f"{prev.year:04d}-{prev.month:02d}"
    if code == "this_year":
        return "last_year"
    if re.fullmatch(r"\d{4}-\d{2}", code):
        y, m = int(code[:4]), int(code[5:])
        y, m = (y - 1, 12) if m == 1 else (y, m - 1)
        return f"{y:04d}-{m:02d}"
    if re.fullmatch(r"\d{4}", code):
        return str(int(code) - 1)
    return "last_month"


def calls_for_intent(intent: str, text: str, slots: Slots, ctx: RouteContext) -> list[dict]:
    period = slots.period
    periods = [code for code, _ in slots.periods]
    cats, merchants = slots.categories, slots.merchants
    if intent == "tx_search":
        args: dict = {"query": search_query(text)}
        latest = re.search(r"\b(?:last|latest|most recent|recent)\s+(\d{1,3})\b(?!\s*(?:days?|weeks?|months?|years?))",
                           text, re.I)
        if latest:  # "my last 5 grocery transactions": a row limit, not search words
            args["limit"] = int(latest.group(1))
            args["query"] = search_query(text.replace(latest.group(0), " ")) or args["query"]
        return [{"name": "search_transactions", "args": args}]
    if intent == "merchant_breakdown" or (intent in ("spend_amount", "summary") and merchants and slots.group_by_category):
        if merchants:
            return [{"name": "analyze_merchant", "args": _drop_none(
                {"merchant": merchants[0], "group_by_category": True, "period": period})}]
        return [{"name": "get_spending_summary", "args": {"period": period or "last_month"}}]
    if intent == "spend_amount":
        if merchants and not cats:
            return [{"name": "analyze_merchant", "args": _drop_none(
                {"merchant": merchants[0], "group_by_category": slots.group_by_category, "period": period})}]
        if len(cats) >= 2:
            return [{"name": "compare_spending", "args": _drop_none(
                {"categories": cats, "periods": [period] if period else None})}]
        if cats:
            return [{"name": "analyze_by_category", "args": _drop_none({"category": cats[0], "period": period})}]
        if period:
            return [{"name": "get_spending_summary", "args": {"period": period}}]
        return [{"name": "search_transactions", "args": {"query": search_query(text)}}]
    if intent == "summary":
        if merchants:
            return [{"name": "analyze_merchant", "args": _drop_none(
                {"merchant": merchants[0], "group_by_category": slots.group_by_category, "period": period})}]
        return [{"name": "get_spending_summary", "args": {"period": period or "last_month"}}]
    if intent == "compare":
        if len(cats) >= 2:
            return [{"name": "compare_spending", "args": _drop_none(
                {"categories": cats, "periods": periods[:1] or None})}]
        if len(periods) >= 2:
            return [{"name": "compare_spending", "args": _drop_none({"periods": periods[:2], "categories": cats or None})}]
        base = period or "this_month"
        pair = {"last_month": ["last_month", "this_month"], "last_year": ["last_year", "this_year"],
                "last_week": ["last_week", "this_week"]}.get(base, [_previous_period(base, ctx.today), base])
        return [{"name": "compare_spending", "args": _drop_none({"periods": pair, "categories": cats or None})}]
    if intent == "jars":
        month = next((c for c in periods if re.fullmatch(r"\d{4}-\d{2}", c)), None)
        if period == "last_month":
            prev = ctx.today.replace(day=1) - timedelta(days=1)
            month = f"{prev.year:04d}-{prev.month:02d}"
        return [{"name": "get_jar_status", "args": _drop_none({"month": month})}]
    if intent == "subscriptions":
        return [{"name": "list_subscriptions", "args": {}}]
    if intent == "budget_advice":
        return [{"name": "suggest_budgets", "args": {}}]
    if intent in ("concept", "doc_question", "investment_advice"):
        return [{"name": "search_knowledge_base", "args": {"query": text.strip()}}]
    if intent == "app_help":
        return [{"name": "get_app_information", "args": {"query": text.strip()}}]
    if intent == "documents":
        return [{"name": "list_documents", "args": {}}]
    if intent == "note":
        body = re.sub(r"^\s*(?:please\s+)?(?:save a note|make a note|note to self|remember|write down)"
                      r"\s*(?:that|:)?\s*", "", text, flags=re.I).strip() or text.strip()
        return [{"name": "save_note", "args": {"title": body[:60], "text": body}}]
    if intent == "web":
        return [{"name": "search_online", "args": {"query": text.strip()}}]
    return []


def _drop_none(args: dict) -> dict:
    return {k: v for k, v in args.items() if v is not None}


def _followup_calls(text: str, slots: Slots, ctx: RouteContext) -> list[dict]:
    """Re-use the previous turn's tools with what the follow-up changes (period, category, merchant)."""
    out = []
    for call in ctx.previous_calls:
        name, args = call["name"], dict(call.get("args") or {})
        if name in ("respond",) or name not in _money_and_knowledge():
            continue
        if slots.merchants and name in ("analyze_by_category", "search_transactions"):
            name, args = "analyze_merchant", {"merchant": slots.merchants[0], **_keep(args, "period")}
        elif slots.categories and name == "analyze_merchant":
            name, args = "analyze_by_category", {"category": slots.categories[0], **_keep(args, "period")}
        elif slots.categories and name == "analyze_by_category":
            args["category"] = slots.categories[0]
        elif slots.merchants and name == "analyze_merchant":
            args["merchant"] = slots.merchants[0]
        if slots.period:
            if name in ("analyze_by_category", "analyze_merchant", "get_spending_summary"):
                args["period"] = slots.period
            elif name == "compare_spending" and args.get("categories"):
                args["periods"] = [slots.period]
            elif name == "search_transactions":
                args["query"] = (_strip_periods(args.get("query", "")) + " " + slots.periods[0][1]).strip()
        if name in ("search_knowledge_base", "get_app_information"):
            args["query"] = text.strip()
        out.append({"name": name, "args": args})
    return out


def _keep(args: dict, *keys: str) -> dict:
    return {k: args[k] for k in keys if k in args}


def _strip_periods(query: str) -> str:
    from chat.offline.params import PERIOD_PATTERNS

    for pattern, _ in PERIOD_PATTERNS:
        query = re.sub(pattern, "", query, flags=re.I)
    return re.sub(r"\s+", " ", query).strip()


def _money_and_knowledge() -> set[str]:
    from chat.assistant import ALL_TOOLS

    return set(ALL_TOOLS)


def route(question: str, ctx: RouteContext) -> Plan:
    started = time.perf_counter()
    text = question.strip()
    clauses = [c.strip(" ,.?") for c in CLAUSE_SPLIT_RE.split(text) if c and len(c.split()) >= 3]
    if len(clauses) < 2:
        clauses = []
    with single_thread_inference():
        vectors = embed([text] + clauses)
    scored = classifier.scores(vectors)
    whole = scored[0]
    best_intent, best_score = _best(whole)
    # Category synonyms by embedding only matter when the question may be about the user's money.
    top_two = sorted(whole, key=whole.get, reverse=True)[:2]
    semantic = embed if any(INTENT_FAMILY[i] == "money" for i in top_two) or ctx.previous_calls else None
    with single_thread_inference():
        slots = extract_slots(text, categories=ctx.categories, merchants=ctx.merchants, today=ctx.today, embed=semantic,
                              semantic_if_found=best_intent == "compare")

    # Follow-up: short, continues the previous turn, names a new period/category/merchant.
    words = len(text.split())
    changes = bool(slots.periods or slots.categories or slots.merchants)
    if ctx.previous_calls and changes and words <= 8 and (FOLLOWUP_RE.search(text) or (words <= 4 and best_score < 0.45)):
        calls = _followup_calls(text, slots, ctx)
        if calls:
            ctx.timings["routing_ms"] = round((time.perf_counter() - started) * 1000, 2)
            return Plan(intents=[("followup", best_score, text)], calls=calls, slots=slots, followup=True)

    personal = bool(PERSONAL_RE.search(text))
    has_slots = bool(slots.categories or slots.merchants or slots.periods)

    def usable(intent: str, clause_personal: bool, clause_slots: bool) -> bool:
        # The user's-money tools answer about *the user's* money: the question refers to them or names one
        # of their categories, merchants or a period. "What is the envelope method?" is not about their jars.
        return INTENT_FAMILY[intent] != "money" or clause_personal or clause_slots

    def best_usable(scores: dict[str, float], clause_personal: bool, clause_slots: bool) -> tuple[str, float]:
        for intent, score in sorted(scores.items(), key=lambda kv: -kv[1]):
            if usable(intent, clause_personal, clause_slots):
                return intent, score
        return "out_of_scope", 0.0

    best_intent, best_score = best_usable(whole, personal, has_slots)
    intents: list[tuple[str, float, str]] = [(best_intent, best_score, text)]
    if best_intent != "compare" and clauses:
        found = []
        for clause, scores in zip(clauses, scored[1:]):
            clause_slots = extract_slots(clause, categories=ctx.categories, merchants=ctx.merchants, today=ctx.today,
                                         embed=embed)
            intent, score = best_usable(scores, bool(PERSONAL_RE.search(clause)),
                                        bool(clause_slots.categories or clause_slots.merchants or clause_slots.periods))
            if score >= CLAUSE_MIN_SCORE and intent != "out_of_scope":
                found.append((intent, score, clause))
        if len(found) == len(clauses):
            # every part of a multi-part question is understood on its own: answer the parts
            intents = []
            for f in found:
                if f[0] not in [i for i, _, _ in intents]:
                    intents.append(f)
        else:
            for f in found:
                if f[0] not in [i for i, _, _ in intents]:
                    intents.append(f)
    if len(intents) == 1 and best_intent != "out_of_scope":
        ranked = [(i, sc) for i, sc in sorted(whole.items(), key=lambda kv: -kv[1])
                  if usable(i, personal, has_slots) and i != best_intent]
        second, second_score = ranked[0] if ranked else ("out_of_scope", 0.0)
        if (best_score - second_score < MIXED_MARGIN and second_score >= 0.45
                and {INTENT_FAMILY[best_intent], INTENT_FAMILY[second]} == {"money", "knowledge"}):
            intents.append((second, second_score, text))
    # a question whose first clause decided the whole gets its own clause for knowledge queries
    calls: list[dict] = []
    for intent, _, clause in intents:
        clause_slots = slots if clause == text else extract_slots(
            clause, categories=ctx.categories, merchants=ctx.merchants, today=ctx.today, embed=embed)
        if clause != text and not (clause_slots.periods or clause_slots.categories or clause_slots.merchants):
            clause_slots = slots if INTENT_FAMILY[intent] == "money" and len(intents) == 1 else clause_slots
        for call in calls_for_intent(intent, clause, clause_slots, ctx):
            if call not in calls:
                calls.append(call)
    if ctx.corpus_order:
        calls = [{"name": "search_knowledge_base", "args": {"query": text, "corpus": [ctx.corpus_order[0]]}}]
    if ctx.enabled_tools:
        calls = [c for c in calls if c["name"] in ctx.enabled_tools]
    ctx.timings["routing_ms"] = round((time.perf_counter() - started) * 1000, 2)
    return Plan(intents=intents, calls=calls, slots=slots)
