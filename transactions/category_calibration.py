"""Per-user combination and calibration of the categorisation evidence, learned from the user's own history.

The newest months of a user's labels are predicted from the older ones (`HOLDOUT_SHARE` of their labelled rows,
whole months), exactly as a new statement would be: evidence from the older labels only. On those held-out rows
Moneta fits, for this user:

1. **how much each kind of evidence is worth** — a conditional logit over the user's categories whose utility is
   the fixed blend's log-share plus, per evidence kind (`category_evidence.FEATURES`), a weight on its value and
   one on "this kind ranks the category first", pulled towards the fixed blend by an L2 penalty so a small
   history changes little. A bookkeeper whose categories are their
   own (no default names) learns to trust zero-shot and seed evidence less; a Mint user learns to trust it more.
2. **what a confidence means** — isotonic regression (scikit-learn) of "the top suggestion was right" on the
   combined probability, fitted on out-of-fold predictions (two folds by merchant), with every point also
   counted at its own probability with a small weight, and a grid of "a probability means itself" points, so a
   short history cannot claim certainty it has not seen.

The conditional logit is a few lines over scipy's L-BFGS because scikit-learn's LogisticRegression fits one
weight vector per class, while here the classes (the user's categories) change from user to user and the weights
must be shared across them. A user with too little history (`MIN_HELDOUT_ROWS`) gets the fixed blend and the
global calibration table (`categorize.CALIBRATION`).
"""
from __future__ import annotations

import hashlib
import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import numpy as np

from .category_evidence import FEATURES, Evidence, Item, LabelTable, vocabulary_routes

log = logging.getLogger(__name__)

HOLDOUT_SHARE = 0.25
MIN_HELDOUT_ROWS = 40
MIN_TRAIN_ROWS = 40
MAX_HELDOUT_ITEMS = 2500
# L2 pull of the weights towards the fixed blend, per held-out row (a larger history moves further from it).
RIDGE = 4.0
# Each held-out point is also counted, with this weight, as right exactly as often as its probability says.
SELF_WEIGHT = 0.3
# Weight of each point of the "a probability means itself" grid under the isotonic fit.
GRID_WEIGHT = 2.0
_CACHE: OrderedDict[str, UserModel | None] = OrderedDict()
_CACHE_SIZE = 64


@dataclass(frozen=True)
class UserModel:
    weights: np.ndarray  # [log-share, one per FEATURES value, one per FEATURES vote] (see design_matrix)
    calibration: Any  # a fitted IsotonicRegression, or None (global table)
    heldout_rows: int
    oof_accuracy: float

    def probabilities(self, design: np.ndarray) -> np.ndarray:
        return _softmax(design @ self.weights)

    def confidence(self, p: np.ndarray) -> np.ndarray:
        if self.calibration is None:
            return p
        return np.clip(self.calibration.predict(p.ravel()).reshape(p.shape), 0.0, 0.99)


def design_matrix(tensor: np.ndarray, share: np.ndarray) -> np.ndarray:
    """(items, categories, 1 + 2 × FEATURES): the fixed blend's log-share, each evidence kind, and whether each
    kind ranks the category first (a vote, whatever its strength)."""
    best = tensor.max(axis=1, keepdims=True)
    votes = ((tensor >= best) & (best > 0)).astype(np.float64)
    return np.concatenate([np.log(share + 1e-4)[:, :, None], tensor, votes], axis=2)


def _initial_weights() -> np.ndarray:
    w = np.zeros(1 + 2 * len(FEATURES))
    w[0] = 1.0
    return w


def _softmax(u: np.ndarray) -> np.ndarray:
    u = u - u.max(axis=1, keepdims=True)
    e = np.exp(u)
    return e / e.sum(axis=1, keepdims=True)


def _fit(design: np.ndarray, truth: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """Conditional logit weights by L-BFGS (negative log-likelihood + RIDGE · ||w − w0||², gradient exact)."""
    from scipy.optimize import minimize  # heavy: scipy takes 1-2 s to import; only a fit loads it

    w0 = _initial_weights()
    rows = np.arange(len(truth))
    total = float(weight.sum())

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        p = _softmax(design @ w)
        nll = -float((weight * np.log(p[rows, truth] + 1e-12)).sum()) / total
        expected = np.einsum("ic,icf->if", p, design)
        grad = ((expected - design[rows, truth]) * weight[:, None]).sum(axis=0) / total
        diff = w - w0
        ridge = RIDGE / total
        return nll + ridge * float(diff @ diff), grad + 2 * ridge * diff

    found = minimize(loss, w0, jac=True, method="L-BFGS-B", options={"maxiter": 200})
    return found.x if np.all(np.isfinite(found.x)) else w0


def _holdout_split(labels: LabelTable) -> np.ndarray | None:
    """Mask of the held-out groups: the newest whole months holding about HOLDOUT_SHARE of the labelled rows."""
    total = int(labels.n.sum())
    months = np.unique(labels.month)
    if len(months) < 2:
        return None
    per_month = {int(m): int(labels.n[labels.month == m].sum()) for m in months}
    held, cut = 0, None
    for m in sorted(per_month, reverse=True):
        if held >= HOLDOUT_SHARE * total:
            break
        held += per_month[m]
        cut = m
    if cut is None or held < MIN_HELDOUT_ROWS or total - held < MIN_TRAIN_ROWS:
        return None
    return labels.month >= cut


def _signature(user_id: int, labels: LabelTable, categories: list[tuple[int, str, str]]) -> str:
    digest = hashlib.sha1(repr((user_id, len(labels), int(labels.n.sum()), int(labels.month.max(initial=0)),
                                int(labels.category.sum()), categories)).encode()).hexdigest()
    return digest


def user_model(*, user, labels: LabelTable, categories: list[tuple[int, str, str]], vectors: dict,
               mcc_for, blend, brand_for=None, places: frozenset[str] = frozenset()) -> UserModel | None:
    """The user's fitted model (cached per process while their labels do not change), or None when their
    history is too short to learn from. `mcc_for(items, evidence, labels)` gives MCC evidence, `brand_for(items,
    evidence, labels, places=)` brand-kind evidence (none without it); `blend(tensor, wrong)` is the fixed blend's
    share (all from `categorize`, passed in so this module stays free of import cycles). `places`: where the
    statements are from (`category_brands.statement_places`)."""
    key = _signature(user.id, labels, categories) + repr(sorted(places))
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    model = _user_model_fit(labels=labels, categories=categories, vectors=vectors, mcc_for=mcc_for, blend=blend,
                            brand_for=brand_for, places=places)
    _CACHE[key] = model
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return model


def _user_model_fit(*, labels: LabelTable, categories, vectors, mcc_for, blend, brand_for=None,
                    places: frozenset[str] = frozenset()) -> UserModel | None:
    from sklearn.isotonic import IsotonicRegression  # heavy: sklearn takes seconds to import; only a fit loads it

    mask = _holdout_split(labels)
    if mask is None:
        return None
    train, test = labels.subset(~mask), labels.subset(mask)
    ids = [c for c, _, _ in categories]
    index = {c: i for i, c in enumerate(ids)}
    keep = np.array([int(c) in index for c in test.category])
    if keep.sum() == 0:
        return None
    test = test.subset(keep)
    if len(test) > MAX_HELDOUT_ITEMS:
        rng = np.random.default_rng(0)
        test = test.subset(np.isin(np.arange(len(test)), rng.choice(len(test), MAX_HELDOUT_ITEMS, replace=False)))
    used = set(int(c) for c in train.category) if int(train.n.sum()) >= 20 else set()
    seed_names, routes = vocabulary_routes(categories=categories, used=used, vectors=vectors)
    evidence = Evidence(categories=categories, labels=train, vectors=vectors, routes=routes, seed_names=seed_names)
    items = [Item(test.description[i], test.merchant_key[i], test.merchant_name[i], test.text_key[i],
                  bool(test.outflow[i]), float(np.expm1(test.log_amount[i])), test.merchant_code[i])
             for i in range(len(test))]
    brand = brand_for(items, evidence, train, places=places) if brand_for is not None else None
    tensor = evidence.tensor(items, mcc=mcc_for(items, evidence, train), brand=brand)
    share = blend(tensor, evidence.wrong_kind(items))
    design = design_matrix(tensor, share)
    truth = np.array([index[int(c)] for c in test.category])
    weight = test.n.astype(np.float64)
    if weight.sum() < MIN_HELDOUT_ROWS:
        return None
    fold = np.array([int(hashlib.md5(k.encode()).hexdigest(), 16) % 2 for k in
                     (m or d for m, d in zip(test.merchant_key, test.description))])
    oof_p = np.zeros(len(truth))
    oof_right = np.zeros(len(truth))
    for f in (0, 1):
        fit_rows, out_rows = fold != f, fold == f
        if not fit_rows.any() or not out_rows.any():
            w = _initial_weights()
        else:
            w = _fit(design[fit_rows], truth[fit_rows], weight[fit_rows])
        p = _softmax(design[out_rows] @ w)
        oof_p[out_rows] = p.max(axis=1)
        oof_right[out_rows] = (p.argmax(axis=1) == truth[out_rows]).astype(float)
    weights = _fit(design, truth, weight)
    iso = IsotonicRegression(y_min=0.0, y_max=1.0, out_of_bounds="clip")
    # Where the held-out rows say nothing (a probability none of them had), a probability means itself: the
    # grid keeps a history of only easy rows from vouching for a weak guess.
    grid = np.linspace(0.0, 1.0, 21)
    iso.fit(np.concatenate([oof_p, oof_p, grid]), np.concatenate([oof_right, oof_p, grid]),
            sample_weight=np.concatenate([weight, weight * SELF_WEIGHT, np.full(len(grid), GRID_WEIGHT)]))
    accuracy = float((oof_right * weight).sum() / weight.sum())
    log.info("categorisation model: %d held-out rows, out-of-fold accuracy %.3f", int(weight.sum()), accuracy)
    return UserModel(weights, iso, int(weight.sum()), accuracy)
