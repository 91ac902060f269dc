"""Suggestions for every row: a ranked top-3 with a calibrated confidence, from everything Moneta knows.

Works on *distinct* descriptions, never on rows: an import of 100k rows usually holds a few thousand
distinct narratives and a few hundred merchants.

- **rule** — the user's rules (merchant is / contains / regex), by priority: a match decides the row
  (source `rule`, confidence 1.0); the ranking still supplies the two alternatives;
- **evidence** (`category_evidence`): the user's own labels (same narrative shape, same merchant, merchant
  family, nearest labelled texts on MiniLM embeddings and on character n-grams, how often each category is used)
  and world knowledge (zero-shot to category descriptions, the shipped seed list, ISO 18245 merchant kinds,
  brand names of OpenStreetMap's name-suggestion-index for merchants the user never labelled),
  blended with fixed weights (`WEIGHTS`, chosen on the tuning statements of `python -m bench categorise`);
- **the user's own model** (`category_calibration`): with enough history, the weights are refitted and the
  confidence calibrated per user by predicting their newest months from the older ones; otherwise the fixed
  blend's share goes through the global `CALIBRATION` table;
- **direction** — money in is rarely an expense, money out is never salary.

Only suggestions whose calibrated confidence reaches `FILE_THRESHOLD` are applied; the rest keep their ranked
top-3 and wait in the "needs review" queue (`REVIEW_THRESHOLD`, the same figure).
"""
from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass

import numpy as np

from core.llm import chat_model, llm_configured

from .category_brands import brand_evidence, statement_places
from .category_calibration import design_matrix, user_model
from .category_evidence import (
    FEATURES,
    LEARNED_FEATURES,
    VOCABULARY_MIN_LABELS,
    Evidence,
    Item,
    LabelTable,
    category_prompt,
    embeddings_ensure,
    item_text,
    label_table,
    merchant_head,
    narrative_shape,
    seeds,
    vectors_load,
    vocabulary_routes,
)
from .category_mcc import mcc_evidence
from .models import CategorisationRule, Category, CategorySource
from .saferegex import rule_regex_compile, rule_regex_search

__all__ = ["Decision", "Gathered", "Item", "categorise", "evidence_gather", "embeddings_ensure", "merchant_head", "narrative_shape", "seeds"]

log = logging.getLogger(__name__)

LLM_MAX_ITEMS = 60
TOP_K = 3
# A suggestion is applied (the row filed) only when its calibrated confidence says it is right at least this
# often; the rest stay uncategorised in every figure but keep their top-3 and form the "needs review" queue.
FILE_THRESHOLD = 0.9
REVIEW_THRESHOLD = FILE_THRESHOLD
# A suggestion below this is a guess, not a choice: the review queue never offers it as a button
# (transactions/review.py), and confirming a row never takes it (services.transaction_review_confirm).
JUNK_CONFIDENCE = 0.10
# Blend weights per evidence kind (see the module docstring and category_evidence.FEATURES).
WEIGHTS = {"narrative": 3.0, "merchant": 4.0, "family": 2.0, "embedding": 2.5, "ngram": 2.5, "prior": 0.15,
           "amount": 0.0, "zero_shot": 0.6, "chain": 2.0, "keyword": 1.2, "mcc": 0.5,
           "linear": 2.0, "centroid": 1.0, "code": 2.5, "brand": 2.0}
# Money in/out: how much a category of the wrong kind keeps (refunds do land in expense categories).
DIRECTION_PENALTY = {"expense_on_inflow": 0.15, "income_on_outflow": 0.02}
# (blended share of the top category → calibrated confidence) for users without a model of their own,
# piecewise linear, read off the tuning statements of bench/categorise.py (share of suggestions right per bin
# of blended share; 1,270 predicted rows).
CALIBRATION = ((0.0, 0.0), (0.25, 0.03), (0.35, 0.1), (0.45, 0.45), (0.58, 0.55), (0.63, 0.62), (0.7, 0.9),
               (0.75, 0.96), (1.0, 0.99))


@dataclass(frozen=True)
class Decision:
    category_id: int | None
    source: str
    confidence: float
    rule_id: int | None = None
    # Ranked (category id, confidence) pairs, best first, at most TOP_K; the first is the decision.
    suggestions: tuple[tuple[int, float], ...] = ()


NONE = Decision(None, CategorySource.NONE, 0.0)


def _rule_matches(rule: CategorisationRule, item: Item, compiled: dict) -> bool:
    pattern = rule.pattern.lower().strip()
    if rule.match_type == CategorisationRule.MatchType.MERCHANT:
        return pattern in (item.merchant_key, item.merchant_name.lower())
    if rule.match_type == CategorisationRule.MatchType.CONTAINS:
        return pattern in item.description.lower()
    regex = compiled.get(rule.id)
    if regex is None:
        return False
    found = rule_regex_search(regex, item.description)
    if found is None:  # out of time: skip this rule for the rest of the run
        log.warning("rule %s timed out on a description; skipped for this run", rule.id)
        del compiled[rule.id]
    return bool(found)


def calibrate(share: float) -> float:
    """Blended share of the top category → confidence (piecewise linear through CALIBRATION)."""
    share = min(1.0, max(0.0, float(share)))
    for (x0, y0), (x1, y1) in zip(CALIBRATION, CALIBRATION[1:]):
        if share <= x1:
            return round(y0 + (y1 - y0) * (share - x0) / (x1 - x0), 2)
    return CALIBRATION[-1][1]


def categorise(*, user, items: list[Item], use_llm: bool = True) -> dict[str, Decision]:
    """Decision (with its top-3) per item.description. Never called for rows whose category the user set."""
    pending = list({i.description: i for i in items}.values())
    categories = list(Category.objects.filter(user=user).values_list("id", "name", "kind"))
    if not pending or not categories:
        return {i.description: NONE for i in pending}
    rules = list(CategorisationRule.objects.filter(user=user, active=True).order_by("priority", "id"))
    compiled = {}
    for rule in rules:
        if rule.match_type == CategorisationRule.MatchType.REGEX:
            try:
                compiled[rule.id] = rule_regex_compile(rule.pattern)
            except ValueError:
                log.warning("rule %s has an invalid regex; skipped", rule.id)
    ranked, from_labels = suggestions_rank(user=user, items=pending, categories=categories)
    decisions: dict[str, Decision] = {}
    for item in pending:
        options = ranked[item.description]
        rule = next((r for r in rules if _rule_matches(r, item, compiled)), None)
        if rule:
            others = [(c, p) for c, p in options if c != rule.category_id][: TOP_K - 1]
            decisions[item.description] = Decision(rule.category_id, CategorySource.RULE, 1.0, rule.id,
                                                   ((rule.category_id, 1.0), *others))
            continue
        source = CategorySource.LEARNED if from_labels[item.description] else CategorySource.SUGGESTED
        if options[0][1] < FILE_THRESHOLD:
            decisions[item.description] = Decision(None, CategorySource.NONE, options[0][1], None, tuple(options))
        else:
            decisions[item.description] = Decision(options[0][0], source, options[0][1], None, tuple(options))
    unsure = [i for i in pending if decisions[i.description].source not in (CategorySource.RULE,)
              and decisions[i.description].confidence < REVIEW_THRESHOLD]
    if unsure and use_llm and llm_configured():
        _llm_suggest(user=user, items=unsure, decisions=decisions)
    return decisions


# --- ranking --------------------------------------------------------------------------------------------

def blend(tensor: np.ndarray, wrong: np.ndarray) -> np.ndarray:
    """The fixed blend: (items, categories) shares from the evidence tensor with `WEIGHTS`, the direction
    penalty applied (`wrong`: 1 money out into income, 2 money in into an expense category)."""
    w = np.array([WEIGHTS[name] for name in FEATURES])
    score = tensor @ w + 1e-6
    score = np.where(wrong == 1, score * DIRECTION_PENALTY["income_on_outflow"],
                     np.where(wrong == 2, score * DIRECTION_PENALTY["expense_on_inflow"], score))
    return score / score.sum(axis=1, keepdims=True)


@dataclass(frozen=True)
class Gathered:
    """Everything known about some items against the user's categories (`evidence_gather`)."""
    labels: LabelTable
    vectors: dict[str, np.ndarray]
    evidence: Evidence
    places: frozenset[str]
    tensor: np.ndarray  # (items, categories, FEATURES)


def evidence_gather(*, user, items: list[Item], categories: list[tuple[int, str, str]]) -> Gathered:
    """The user's labels, the embeddings the evidence needs and the evidence tensor of `items` (before any
    combination): what `suggestions_rank` combines, and what the bench's diagnostics read per evidence kind."""
    labels = label_table(user=user)
    texts = [item_text(i) for i in items]
    prompts = [category_prompt(n) for _, n, _ in categories] + [category_prompt(n) for n in seeds()["descriptions"]]
    vectors = vectors_load(texts + list(labels.text_key) + prompts)
    used = set(int(c) for c in labels.category) if int(labels.n.sum()) >= VOCABULARY_MIN_LABELS else set()
    seed_names, routes = vocabulary_routes(categories=categories, used=used, vectors=vectors)
    evidence = Evidence(categories=categories, labels=labels, vectors=vectors, routes=routes, seed_names=seed_names)
    places = statement_places([i.currency for i in items])
    tensor = evidence.tensor(items, mcc=mcc_evidence(items, evidence, labels),
                             brand=brand_evidence(items, evidence, labels, places=places))
    return Gathered(labels, vectors, evidence, places, tensor)


def suggestions_rank(*, user, items: list[Item], categories: list[tuple[int, str, str]]
                     ) -> tuple[dict[str, list[tuple[int, float]]], dict[str, bool]]:
    """Ranked top-3 (category id, calibrated confidence) per item.description, and whether the user's own
    labels carried the top category (source `learned`) rather than seeds and zero-shot (`suggested`).

    With enough history the evidence is combined and calibrated by the user's own model
    (`category_calibration`: learned by predicting their newest months from the older ones); otherwise by the
    fixed blend and the global `CALIBRATION` table."""
    ids = [c for c, _, _ in categories]
    gathered = evidence_gather(user=user, items=items, categories=categories)
    labels, vectors, evidence, places, tensor = (gathered.labels, gathered.vectors, gathered.evidence,
                                                 gathered.places, gathered.tensor)
    share = blend(tensor, evidence.wrong_kind(items))
    model = user_model(user=user, labels=labels, categories=categories, vectors=vectors, mcc_for=mcc_evidence,
                       blend=blend, brand_for=brand_evidence, places=places)
    if model is not None:
        probability = model.probabilities(design_matrix(tensor, share))
        confidence = model.confidence(probability)
    else:
        probability = share
        confidence = np.vectorize(calibrate)(share) if len(items) else share
    learned_w = np.array([WEIGHTS[n] if n in LEARNED_FEATURES else 0.0 for n in FEATURES])
    other_w = np.array([WEIGHTS[n] if n not in LEARNED_FEATURES else 0.0 for n in FEATURES])
    learned, other = tensor @ learned_w, tensor @ other_w
    ranked: dict[str, list[tuple[int, float]]] = {}
    from_labels: dict[str, bool] = {}
    for row, item in enumerate(items):
        order = np.argsort(-probability[row])[:TOP_K]
        ranked[item.description] = [(ids[i], round(float(confidence[row, i]), 2)) for i in order]
        best = order[0]
        from_labels[item.description] = bool(learned[row, best] >= other[row, best])
    return ranked, from_labels


def _llm_suggest(*, user, items: list[Item], decisions: dict) -> list[Item]:
    """Ask the configured LLM, restricted to the user's category names; anything else is discarded."""
    own = list(Category.objects.filter(user=user).values_list("name", "id"))
    categories = {name.lower(): cid for name, cid in own}
    if not categories:
        return items
    model = chat_model(temperature=0.0, max_retries=1)
    if model is None:
        return items
    batch = items[:LLM_MAX_ITEMS]
    listing = "\n".join(f"{n}. {i.description}" for n, i in enumerate(batch, 1))
    prompt = (
        "Categorise each bank transaction into exactly one of these categories, or null if unsure: "
        + ", ".join(sorted(name for name, _ in own)) + ".\nAnswer with a JSON object mapping the line number to the category "
        "name and nothing else.\n" + listing
    )
    try:
        reply = model.invoke(prompt)
        text = reply.content if isinstance(reply.content, str) else str(reply.content)
        match = re.search(r"\{.*\}", text, re.S)
        answer = json.loads(match.group(0)) if match else {}
    except Exception as exc:  # network, auth or a malformed answer: fall through to "none"
        log.warning("LLM categorisation failed: %s", exc)
        return items
    rest = []
    for n, item in enumerate(batch, 1):
        name = answer.get(str(n)) or answer.get(n)
        category_id = categories.get(str(name).lower()) if name else None
        if category_id:
            before = decisions.get(item.description)
            others = [(c, p) for c, p in (before.suggestions if before else ()) if c != category_id][: TOP_K - 1]
            decisions[item.description] = Decision(category_id, CategorySource.LLM, 0.6, None,
                                                   ((category_id, 0.6), *others))
        else:
            rest.append(item)
    return rest + items[LLM_MAX_ITEMS:]
