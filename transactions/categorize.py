"""Suggestions for every row: a ranked top-3 with a calibrated confidence, from everything Moneta knows.

Works on *distinct* descriptions, never on rows: an import of 100k rows usually holds a few thousand
distinct narratives and a few hundred merchants.

Evidence, each turned into a distribution over the user's categories and blended with fixed weights
(`WEIGHTS`, chosen on the tuning statements of `python -m bench categorise`, see transactions/README.md):

- **rule** — the user's rules (merchant is / contains / regex), by priority: a match decides the row
  (source `rule`, confidence 1.0); the blend still supplies the two alternatives;
- **merchant** — the user's own labels for the same normalised merchant (majority, stronger with more labels);
- **neighbours (embeddings)** — nearest labelled texts on all-MiniLM-L6-v2 embeddings of the normalised text;
- **neighbours (character n-grams)** — nearest labelled texts on TF-IDF character 2–4-grams (catches spellings
  and abbreviations embeddings miss: "WHOLEFDS" / "WHOLE FOODS");
- **zero-shot** — similarity between the text and each category's name + description;
- **seeds** — an editable list of well-known chains per country and of words banks and shops use in several
  languages (`transactions/data/categorisation_seeds.json`);
- **direction** — money in is rarely an expense, money out is never salary.

The top category's blended share is mapped through `CALIBRATION` (measured: confidence ≈ share of such
suggestions that were right). Rows under `REVIEW_THRESHOLD` go to the "needs review" queue.
"""
from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
from django.db import connection

from core.embeddings import EMBEDDING_DIM
from core.llm import chat_model, llm_configured
from core.text import strip_accents

from .models import CategorisationRule, Category, CategorySource, DescriptionEmbedding
from .saferegex import rule_regex_compile, rule_regex_search

log = logging.getLogger(__name__)

SEEDS_PATH = Path(__file__).resolve().parent / "data" / "categorisation_seeds.json"
LLM_MAX_ITEMS = 60
TOP_K = 3
REVIEW_THRESHOLD = 0.6
# Below this the row is not filed at all (it stays uncategorised in every figure) but keeps its top-3, so the
# review queue offers them: only confident suggestions are applied (measured on real statements: rows at or
# above it are right ~93 % of the time, rows under it ~45 %).
FILE_THRESHOLD = REVIEW_THRESHOLD
# A suggestion below this is a guess, not a choice: the review queue never offers it as a button
# (transactions/review.py), and confirming a row never takes it (services.transaction_review_confirm).
JUNK_CONFIDENCE = 0.10
# A user with at least this many labelled rows has a vocabulary of their own: suggestions come from the
# categories they use; a default they never use hands its evidence to their nearest own category.
VOCABULARY_MIN_LABELS = 20
# Cosine similarity (MiniLM, category name + description) above which an unused category is "the same idea"
# as one of the user's own.
VOCABULARY_SIMILARITY = 0.5
# What an unused default keeps of its evidence when none of the user's categories is close to it.
UNUSED_KEEP = 0.05
KNN_NEIGHBOURS = 10
CHUNK = 1000
# Blend weights per evidence kind (see the module docstring).
WEIGHTS = {"narrative": 3.0, "merchant": 4.0, "family": 2.0, "embedding": 2.5, "ngram": 2.5, "zero_shot": 0.6, "chain": 2.0, "keyword": 1.2,
           "prior": 0.15}
# Money in/out: how much a category of the wrong kind keeps (refunds do land in expense categories).
DIRECTION_PENALTY = {"expense_on_inflow": 0.15, "income_on_outflow": 0.02}
# (blended share of the top category → calibrated confidence), piecewise linear, read off the tuning statements
# of bench/categorise.py (share of suggestions right per bin of blended share; 1,270 predicted rows; second
# pass: shares 0.58–0.63 were right ~62 % of the time, so they now sit around the 0.6 review threshold).
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


@dataclass(frozen=True)
class Item:
    description: str
    merchant_key: str
    merchant_name: str
    description_key: str
    outflow: bool | None = None  # money out (True), in (False), unknown (None)


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


# --- evidence --------------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def seeds() -> dict:
    """The shipped seed list (descriptions, chains, keywords), keyed by lower-case category name."""
    data = json.loads(SEEDS_PATH.read_text(encoding="utf-8"))
    lower = {section: {k.lower(): v for k, v in data.get(section, {}).items()}
             for section in ("descriptions", "chains", "keywords")}
    return lower


def _plain(text: str) -> str:
    """Lower case, accents and punctuation removed, padded with spaces for whole-word `in` tests."""
    text = strip_accents(text.lower())
    return " " + " ".join(re.sub(r"[^a-z0-9]+", " ", text).split()) + " "


def _seed_votes(item: Item, names: dict[str, int]) -> tuple[dict[int, float], dict[int, float]]:
    """(chain votes, keyword votes) for one item, over the user's categories that have a seed entry."""
    data = seeds()
    merchant = _plain(item.merchant_name or item.merchant_key)
    narrative = _plain(item.description + " " + item.merchant_name)
    chain: dict[int, float] = {}
    keyword: dict[int, float] = {}
    for name, category_id in names.items():
        for chain_name in data["chains"].get(name, ()):
            if merchant.startswith(" " + chain_name + " "):
                chain[category_id] = max(chain.get(category_id, 0.0), 1.0 + len(chain_name) / 100)
        hits = sum(1 for word in data["keywords"].get(name, ()) if f" {word} " in narrative)
        if hits:
            keyword[category_id] = keyword.get(category_id, 0.0) + hits
    return chain, keyword


def _normalised(votes: dict[int, float]) -> dict[int, float]:
    total = sum(votes.values())
    return {c: v / total for c, v in votes.items()} if total > 0 else {}


def merchant_head(key: str) -> str:
    """The first word of a merchant key when it can name a business family on its own ("countdown" of
    "countdown spotswood"): what stays the same between rows of one payee while branches, cities and terminals
    vary. Short words ("the", "st", "a1") are too common to group by."""
    head = key.split(" ", 1)[0] if key else ""
    return head if len(head) >= 4 and head.isalpha() else ""


def _family_votes(*, user, items: list[Item]) -> dict[str, dict[int, int]]:
    """Counts of the user's own labels per category for merchants sharing the item's merchant's first word,
    the merchant itself excluded (its own labels are the `merchant` evidence)."""
    heads = sorted({merchant_head(i.merchant_key) for i in items} - {""})
    if not heads:
        return {}
    with connection.cursor() as cur:
        cur.execute(
            """
            SELECT split_part(m.key, ' ', 1), m.key, t.category_id, count(*)
            FROM transactions_transaction t JOIN transactions_merchant m ON m.id = t.merchant_id
            WHERE t.user_id = %s AND m.user_id = %s AND t.category_source = 'user' AND t.category_id IS NOT NULL
              AND split_part(m.key, ' ', 1) = ANY(%s)
            GROUP BY 1, 2, 3
            """,
            [user.id, user.id, heads],
        )
        rows = cur.fetchall()
    votes: dict[str, dict[int, int]] = {}
    for item in items:
        head = merchant_head(item.merchant_key)
        if not head or item.merchant_key in votes:
            continue
        counts: dict[int, int] = {}
        for h, key, category_id, n in rows:
            if h == head and key != item.merchant_key:
                counts[category_id] = counts.get(category_id, 0) + n
        if counts:
            votes[item.merchant_key] = counts
    return votes


def _merchant_votes(*, user, items: list[Item]) -> dict[str, dict[int, int]]:
    """Counts of the user's own labels per category for each item's normalised merchant."""
    keys = sorted({i.merchant_key for i in items if i.merchant_key})
    if not keys:
        return {}
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
        votes: dict[str, dict[int, int]] = {}
        for key, category_id, n in cur.fetchall():
            votes.setdefault(key, {})[category_id] = n
    return votes


def _labels(*, user) -> list[tuple[str, int, int]]:
    """(text key, category id, count) of the user's own labels."""
    with connection.cursor() as cur:
        cur.execute("SELECT description_key, category_id, count(*) FROM transactions_transaction "
                    "WHERE user_id = %s AND category_source = 'user' AND category_id IS NOT NULL "
                    "AND description_key <> '' GROUP BY 1, 2", [user.id])
        return [(k, c, n) for k, c, n in cur.fetchall()]


def embeddings_ensure(keys: list[str]) -> None:
    """Embed each distinct key not embedded yet (one model call for all of them)."""
    keys = sorted({k for k in keys if k})
    if not keys:
        return
    known = set(DescriptionEmbedding.objects.filter(key__in=keys).values_list("key", flat=True))
    missing = [k for k in keys if k not in known]
    if not missing:
        return
    from core.embeddings import embed_texts

    vectors = embed_texts(missing)
    DescriptionEmbedding.objects.bulk_create(
        [DescriptionEmbedding(key=k, embedding=v) for k, v in zip(missing, vectors)], ignore_conflicts=True,
        batch_size=1000,
    )


def _vectors(keys: list[str]) -> dict[str, np.ndarray]:
    embeddings_ensure(keys)
    out: dict[str, np.ndarray] = {}
    unique = sorted(set(keys))
    for i in range(0, len(unique), 5000):
        for key, vec in DescriptionEmbedding.objects.filter(key__in=unique[i:i + 5000]).values_list("key",
                                                                                                   "embedding"):
            out[key] = np.asarray(vec, dtype=np.float32)
    return out


def _category_prompt(name: str) -> str:
    description = seeds()["descriptions"].get(name.lower(), "")
    return f"category {name}: {description}"[:255] if description else f"category {name}"[:255]


def _neighbour_votes(sims: np.ndarray, label_cats: np.ndarray, label_n: np.ndarray, *, floor: float,
                     span: float) -> tuple[dict[int, float], float]:
    """Kernel vote of the nearest labelled texts: (category → share, strength 0..1 from the best similarity)."""
    if sims.size == 0:
        return {}, 0.0
    k = min(KNN_NEIGHBOURS, sims.size)
    top = np.argpartition(-sims, k - 1)[:k]
    best = float(sims[top].max())
    votes: dict[int, float] = {}
    for j in top:
        sim = float(sims[j])
        if sim < best - 0.15:
            continue
        weight = float(np.exp((sim - best) / 0.05)) * (1.0 + 0.1 * min(int(label_n[j]), 5))
        votes[int(label_cats[j])] = votes.get(int(label_cats[j]), 0.0) + weight
    strength = min(1.0, max(0.0, (best - floor) / span))
    return _normalised(votes), strength


_SHAPE_DIGITS = re.compile(r"\d+")


def narrative_shape(description: str) -> str:
    """A narrative with its digits folded and its spacing and case evened out: rows of one payee that differ
    only by a date, reference or card number share a shape."""
    return " ".join(_SHAPE_DIGITS.sub("0", (description or "").upper()).split())[:500]


def _narrative_votes(*, user, items: list[Item]) -> dict[str, dict[int, int]]:
    """Counts of the user's own labels per category for narratives of the same shape as each item's."""
    shapes = sorted({narrative_shape(i.description) for i in items} - {""})
    if not shapes:
        return {}
    with connection.cursor() as cur:
        cur.execute(
            """
            SELECT s.shape, t.category_id, count(*)
            FROM transactions_transaction t
            CROSS JOIN LATERAL (SELECT left(regexp_replace(upper(regexp_replace(trim(t.description), '[[:space:]]+', ' ',
                                'g')), '[0-9]+', '0', 'g'), 500) AS shape) s
            WHERE t.user_id = %s AND t.category_source = 'user' AND t.category_id IS NOT NULL
              AND s.shape = ANY(%s)
            GROUP BY 1, 2
            """,
            [user.id, shapes],
        )
        votes: dict[str, dict[int, int]] = {}
        for shape, category_id, n in cur.fetchall():
            votes.setdefault(shape, {})[category_id] = n
    return votes


def vocabulary_routes(*, categories: list[tuple[int, str, str]], used: set[int], vectors: dict[str, np.ndarray]
                      ) -> tuple[dict[str, int], dict[int, int | None]]:
    """The user's own vocabulary. Returns (seed name → the user's category that takes its chain and keyword
    evidence, category id → where its world-knowledge evidence goes): a category the user uses keeps its own;
    one they never use (a default) hands it to their nearest own category by name and meaning, or (None) keeps
    only UNUSED_KEEP of it. Without `used` (a new user) every category keeps its own and seeds go by name."""
    names = {n.lower(): c for c, n, _ in categories}
    if not used:
        return names, {c: c for c, _, _ in categories}
    kinds = {c: k for c, _, k in categories}
    own = [c for c, _, _ in categories if c in used]
    own_names = {c: n for c, n, _ in categories if c in used}
    zero = np.zeros(EMBEDDING_DIM, dtype=np.float32)
    own_mat = np.stack([vectors.get(_category_prompt(own_names[c]), zero) for c in own])

    def nearest(prompt: str, kind: str | None) -> int | None:
        sims = own_mat @ vectors.get(prompt, zero)
        order = np.argsort(-sims)
        for i in order[:3]:
            if sims[i] < VOCABULARY_SIMILARITY:
                return None
            if kind is None or kinds[own[i]] == kind or kind == Category.Kind.EXPENSE == kinds[own[i]]:
                return own[i]
        return None

    routes: dict[int, int | None] = {}
    for c, n, k in categories:
        routes[c] = c if c in used else nearest(_category_prompt(n), k)
    seed_names: dict[str, int] = {}
    for name in seeds()["descriptions"]:
        target = routes.get(names[name]) if name in names else nearest(_category_prompt(name), None)
        if target is not None:
            seed_names[name] = target
    return seed_names, routes


def suggestions_rank(*, user, items: list[Item], categories: list[tuple[int, str, str]]
                     ) -> tuple[dict[str, list[tuple[int, float]]], dict[str, bool]]:
    """Ranked top-3 (category id, calibrated confidence) per item.description, and whether the user's own
    labels carried the top category (source `learned`) rather than seeds and zero-shot (`suggested`)."""
    ids = [c for c, _, _ in categories]
    kinds = {c: k for c, _, k in categories}
    index = {c: i for i, c in enumerate(ids)}
    labels = _labels(user=user)
    merchant_votes = _merchant_votes(user=user, items=items)
    narrative_votes = _narrative_votes(user=user, items=items)
    family_votes = _family_votes(user=user, items=items)
    texts = [i.description_key or i.merchant_key or _plain(i.description).strip() for i in items]
    prompts = {c: _category_prompt(n) for c, n, _ in categories}
    seed_prompts = [_category_prompt(n) for n in seeds()["descriptions"]]
    vectors = _vectors(texts + [k for k, _, _ in labels] + list(prompts.values()) + seed_prompts)
    used = ({c for _, c, _ in labels} if sum(n for _, _, n in labels) >= VOCABULARY_MIN_LABELS else set())
    names, routes = vocabulary_routes(categories=categories, used=used, vectors=vectors)
    # Where each category's world-knowledge evidence (zero-shot, seeds) goes: (from index, to index or -1).
    moves = [(index[c], index[t] if t is not None else -1) for c, t in routes.items() if t != c]
    zero = np.zeros(EMBEDDING_DIM, dtype=np.float32)
    prompt_mat = np.stack([vectors.get(prompts[c], zero) for c in ids])
    if labels:
        label_mat = np.stack([vectors.get(k, zero) for k, _, _ in labels])
        label_cats = np.array([c for _, c, _ in labels])
        label_n = np.array([n for _, _, n in labels])
        from sklearn.feature_extraction.text import TfidfVectorizer

        vec = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), sublinear_tf=True)
        vec.fit([k for k, _, _ in labels] + texts)
        label_grams = vec.transform([k for k, _, _ in labels])
        prior = _normalised({c: float(n) for c, n in zip(label_cats, label_n)})
    else:
        prior = {}
    ranked: dict[str, list[tuple[int, float]]] = {}
    from_labels: dict[str, bool] = {}
    # In chunks, so a re-file of 100k distinct narratives never holds a 100k × labels matrix.
    for lo in range(0, len(items), CHUNK):
        chunk = items[lo:lo + CHUNK]
        item_mat = np.stack([vectors.get(t, zero) for t in texts[lo:lo + CHUNK]])
        zs = item_mat @ prompt_mat.T  # (items, categories)
        if labels:
            emb_sims = item_mat @ label_mat.T
            ngram_sims = (vec.transform(texts[lo:lo + CHUNK]) @ label_grams.T).toarray()
        for row, item in enumerate(chunk):
            learned = np.zeros(len(ids))
            other = np.zeros(len(ids))

            def add(target, votes: dict[int, float], weight: float) -> None:
                for c, v in votes.items():
                    if c in index:
                        target[index[c]] += weight * v

            counts = narrative_votes.get(narrative_shape(item.description), {})
            if counts:
                total = sum(counts.values())
                add(learned, _normalised({c: float(n) for c, n in counts.items()}),
                    WEIGHTS["narrative"] * total / (total + 0.5))
            counts = family_votes.get(item.merchant_key, {}) if item.merchant_key not in merchant_votes else {}
            if counts:
                total = sum(counts.values())
                top_share = max(counts.values()) / total
                add(learned, _normalised({c: float(n) for c, n in counts.items()}),
                    WEIGHTS["family"] * top_share * total / (total + 1.0))
            counts = merchant_votes.get(item.merchant_key, {})
            if counts:
                total = sum(counts.values())
                add(learned, _normalised({c: float(n) for c, n in counts.items()}),
                    WEIGHTS["merchant"] * total / (total + 0.5))
            if labels:
                votes, strength = _neighbour_votes(emb_sims[row], label_cats, label_n, floor=0.3, span=0.5)
                add(learned, votes, WEIGHTS["embedding"] * strength)
                votes, strength = _neighbour_votes(ngram_sims[row], label_cats, label_n, floor=0.2, span=0.6)
                add(learned, votes, WEIGHTS["ngram"] * strength)
                add(learned, prior, WEIGHTS["prior"])
            z = zs[row] / 0.05
            z = np.exp(z - z.max())
            other += WEIGHTS["zero_shot"] * z / z.sum()
            chain, keyword = _seed_votes(item, names)
            add(other, _normalised(chain), WEIGHTS["chain"])
            add(other, _normalised(keyword), WEIGHTS["keyword"])
            for src, dst in moves:
                if dst >= 0:
                    other[dst] += other[src]
                    other[src] = 0.0
                else:
                    other[src] *= UNUSED_KEEP
            score = learned + other + 1e-6
            if item.outflow is not None:
                for c, i in index.items():
                    if item.outflow and kinds[c] == Category.Kind.INCOME:
                        score[i] *= DIRECTION_PENALTY["income_on_outflow"]
                    elif not item.outflow and kinds[c] == Category.Kind.EXPENSE:
                        score[i] *= DIRECTION_PENALTY["expense_on_inflow"]
            share = score / score.sum()
            order = np.argsort(-share)[:TOP_K]
            ranked[item.description] = [(ids[i], calibrate(share[i])) for i in order]
            best = order[0]
            from_labels[item.description] = bool(learned[best] >= other[best])
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
