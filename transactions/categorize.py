"""The categorisation chain: user rules → learned (same merchant, then nearest neighbours) → LLM → none.

Works on *distinct* descriptions, never on rows: an import of 100k rows usually holds a few thousand
distinct narratives and a few hundred merchants, so rules run once per narrative, merchant learning is
one GROUP BY, and the embedding model only sees merchants nothing else could place.
"""
from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass

from django.db import connection

from config.llm import chat_model, llm_configured

from .models import CategorisationRule, Category, CategorySource, DescriptionEmbedding
from .saferegex import rule_regex_compile, rule_regex_search

log = logging.getLogger(__name__)

KNN_K = 3
KNN_MIN_SIMILARITY = 0.2  # measured on unseen merchants (bench): k=3, 0.2 beats stricter cut-offs
LLM_MAX_ITEMS = 60


@dataclass(frozen=True)
class Decision:
    category_id: int | None
    source: str
    confidence: float
    rule_id: int | None = None


NONE = Decision(None, CategorySource.NONE, 0.0)


@dataclass(frozen=True)
class Item:
    description: str
    merchant_key: str
    merchant_name: str
    description_key: str


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


def categorise(*, user, items: list[Item], use_llm: bool = True) -> dict[str, Decision]:
    """Decision per item.description. Never called for rows whose category the user set."""
    decisions: dict[str, Decision] = {}
    pending = list({i.description: i for i in items}.values())
    rules = list(CategorisationRule.objects.filter(user=user, active=True).order_by("priority", "id"))
    compiled = {}
    for rule in rules:
        if rule.match_type == CategorisationRule.MatchType.REGEX:
            try:
                compiled[rule.id] = rule_regex_compile(rule.pattern)
            except ValueError:
                log.warning("rule %s has an invalid regex; skipped", rule.id)
    if rules:
        rest = []
        for item in pending:
            rule = next((r for r in rules if _rule_matches(r, item, compiled)), None)
            if rule:
                decisions[item.description] = Decision(rule.category_id, CategorySource.RULE, 1.0, rule.id)
            else:
                rest.append(item)
        pending = rest
    if pending:
        pending = _learn_from_merchants(user=user, items=pending, decisions=decisions)
    if pending:
        pending = _learn_from_neighbours(user=user, items=pending, decisions=decisions)
    if pending and use_llm and llm_configured():
        pending = _llm_suggest(user=user, items=pending, decisions=decisions)
    for item in pending:
        decisions[item.description] = NONE
    return decisions


def _learn_from_merchants(*, user, items: list[Item], decisions: dict) -> list[Item]:
    """Majority category among the user's own labels for the same normalised merchant."""
    keys = sorted({i.merchant_key for i in items if i.merchant_key})
    if not keys:
        return items
    with connection.cursor() as cur:
        cur.execute(
            """
            SELECT m.key, t.category_id, count(*)
            FROM transactions_transaction t JOIN transactions_merchant m ON m.id = t.merchant_id
            WHERE t.user_id = %s AND m.user_id = %s AND t.category_source = 'user' AND t.category_id IS NOT NULL
              AND m.key = ANY(%s)
            GROUP BY 1, 2
            """,
            [user.id, user.id, keys],
        )
        votes: dict[str, list[tuple[int, int]]] = {}
        for key, category_id, n in cur.fetchall():
            votes.setdefault(key, []).append((n, category_id))
    rest = []
    for item in items:
        options = votes.get(item.merchant_key)
        if not options:
            rest.append(item)
            continue
        total = sum(n for n, _ in options)
        n, category_id = max(options)
        share = n / total
        if share < 0.5:
            rest.append(item)
            continue
        # More labels and a clearer majority → more confidence; one label is still a good hint (0.6).
        confidence = round(min(0.97, share * (0.55 + 0.45 * min(total, 5) / 5)) + 0.05, 2)
        decisions[item.description] = Decision(category_id, CategorySource.LEARNED, min(confidence, 0.97))
    return rest


def embeddings_ensure(keys: list[str]) -> None:
    """Embed each distinct key not embedded yet (one model call for all of them)."""
    keys = sorted({k for k in keys if k})
    if not keys:
        return
    known = set(DescriptionEmbedding.objects.filter(key__in=keys).values_list("key", flat=True))
    missing = [k for k in keys if k not in known]
    if not missing:
        return
    from knowledge.embeddings import embed_texts

    vectors = embed_texts(missing)
    DescriptionEmbedding.objects.bulk_create(
        [DescriptionEmbedding(key=k, embedding=v) for k, v in zip(missing, vectors)], ignore_conflicts=True,
        batch_size=1000,
    )


def _learn_from_neighbours(*, user, items: list[Item], decisions: dict) -> list[Item]:
    """Similarity-weighted vote of the K nearest labelled descriptions (pgvector cosine distance)."""
    with connection.cursor() as cur:
        cur.execute("SELECT EXISTS (SELECT 1 FROM transactions_transaction WHERE user_id = %s "
                    "AND category_source = 'user' AND description_key <> '')", [user.id])
        if not cur.fetchone()[0]:
            return items
    keys = sorted({i.description_key for i in items if i.description_key})
    if not keys:
        return items
    with connection.cursor() as cur:
        # Labels whose text was never embedded (labelled by a file column or a correction) join the batch.
        cur.execute("SELECT DISTINCT t.description_key FROM transactions_transaction t "
                    "LEFT JOIN transactions_descriptionembedding e ON e.key = t.description_key "
                    "WHERE t.user_id = %s AND t.category_source = 'user' AND t.description_key <> '' "
                    "AND e.id IS NULL", [user.id])
        missing_labels = [r[0] for r in cur.fetchall()]
    embeddings_ensure(keys + missing_labels)
    with connection.cursor() as cur:
        cur.execute(
            f"""
            WITH labels AS MATERIALIZED (
                SELECT e.embedding, l.category_id, l.n
                FROM (SELECT description_key, category_id, count(*) AS n FROM transactions_transaction
                      WHERE user_id = %s AND category_source = 'user' AND category_id IS NOT NULL
                        AND description_key <> ''
                      GROUP BY 1, 2) l
                JOIN transactions_descriptionembedding e ON e.key = l.description_key
            )
            SELECT q.key, nn.category_id, nn.sim, nn.n
            FROM transactions_descriptionembedding q
            CROSS JOIN LATERAL (
                SELECT labels.category_id, labels.n, 1 - (labels.embedding <=> q.embedding) AS sim
                FROM labels ORDER BY labels.embedding <=> q.embedding LIMIT {KNN_K}
            ) nn
            WHERE q.key = ANY(%s)
            """,
            [user.id, keys],
        )
        neighbours: dict[str, list[tuple[int, float]]] = {}
        for key, category_id, sim, _n in cur.fetchall():
            neighbours.setdefault(key, []).append((category_id, float(sim)))
    rest = []
    for item in items:
        near = [(c, s) for c, s in neighbours.get(item.description_key, []) if s >= KNN_MIN_SIMILARITY]
        if not near:
            rest.append(item)
            continue
        weights: dict[int, float] = {}
        for category_id, sim in near:
            weights[category_id] = weights.get(category_id, 0.0) + sim
        best = max(weights, key=weights.get)
        share = weights[best] / sum(weights.values())
        top_sim = max(s for c, s in near if c == best)
        confidence = round(share * top_sim * 0.9, 2)
        if share < 0.5 or confidence < 0.15:
            rest.append(item)
            continue
        decisions[item.description] = Decision(best, CategorySource.LEARNED, confidence)
    return rest


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
            decisions[item.description] = Decision(category_id, CategorySource.LLM, 0.6)
        else:
            rest.append(item)
    return rest + items[LLM_MAX_ITEMS:]
