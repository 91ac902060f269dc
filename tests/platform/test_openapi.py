"""The OpenAPI schema says which fields are required and documents the error responses."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema():
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def _request_schema(schema, path: str, method: str) -> dict:
    body = schema["paths"][path][method]["requestBody"]["content"]
    ref = next(iter(body.values()))["schema"]["$ref"].rsplit("/", 1)[1]
    return schema["components"]["schemas"][ref]


def test_required_fields_are_marked_required(schema):
    assert set(_request_schema(schema, "/api/v1/transactions/jars/", "post")["required"]) >= {"name", "monthly_budget"}
    assert "name" in _request_schema(schema, "/api/v1/transactions/categories/", "post")["required"]
    assert set(_request_schema(schema, "/api/v1/transactions/rules/", "post")["required"]) >= {"pattern", "category"}
    # PATCH stays partial
    assert not _request_schema(schema, "/api/v1/transactions/jars/{id}/", "patch").get("required")


def test_error_responses_are_documented(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            assert "400" in operation["responses"], (method, path)
            if "{" in path:
                assert "404" in operation["responses"], (method, path)
    error = schema["paths"]["/api/v1/transactions/{id}/"]["get"]["responses"]["404"]
    ref = error["content"]["application/json"]["schema"]["$ref"]
    assert ref.endswith("/ErrorResponse")
