import numpy as np
import pytest
from django.db import connection

from core.embeddings import EMBEDDING_DIM


@pytest.mark.django_db
def test_pgvector_round_trip():
    from pgvector.psycopg import register_vector

    vec = np.random.default_rng(0).random(EMBEDDING_DIM).astype(np.float32)
    connection.ensure_connection()
    raw = connection.connection  # the psycopg connection, where pgvector's adapter registers
    register_vector(raw)
    with raw.cursor() as cur:
        cur.execute(f"CREATE TEMP TABLE vt (id int, v vector({EMBEDDING_DIM}))")
        cur.execute("INSERT INTO vt VALUES (1, %s)", [vec])
        cur.execute("SELECT v, v <=> %s FROM vt", [vec])
        back, distance = cur.fetchone()
    assert np.allclose(back.to_numpy(), vec, atol=1e-6)
    assert distance == pytest.approx(0.0, abs=1e-6)


@pytest.mark.django_db
def test_embedding_model_loads_offline_and_is_semantic():
    from core.embeddings import embed_texts

    vectors = embed_texts(["coffee at Starbucks", "latte from a coffee shop", "monthly rent payment"])
    assert vectors.shape == (3, EMBEDDING_DIM)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2]
