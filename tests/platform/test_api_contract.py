"""One contract: what the API returns is what /api/schema/ says it returns.

Real responses of the main knowledge, transactions and chat endpoints (after real writes through the API) are
validated with jsonschema against the response schema drf-spectacular publishes for that path, method and
status. Objects are checked strictly — a key the schema does not list fails, as does a listed key that is
missing or of another type — so a serializer that drifts from the selector it documents is caught here."""
from __future__ import annotations

import copy
import re
from datetime import timedelta

import jsonschema
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from tests.statements import csv_bytes

pytestmark = pytest.mark.django_db


def _strict(node):
    """OpenAPI 3.0 → JSON Schema: `nullable` becomes a null alternative; objects with listed properties take
    no others."""
    if isinstance(node, list):
        return [_strict(n) for n in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        out = {"$ref": node["$ref"]}
        return {"anyOf": [out, {"type": "null"}]} if node.get("nullable") else out
    node = {k: _strict(v) for k, v in node.items()}
    if node.get("type") == "object" and "properties" in node and "additionalProperties" not in node:
        node["additionalProperties"] = False
    if node.pop("nullable", False):
        return {"anyOf": [node, {"type": "null"}]}
    return node


class Contract:
    def __init__(self, client):
        response = client.get("/api/schema/?format=json")
        assert response.status_code == 200
        self.schema = response.json()
        self.components = _strict(copy.deepcopy(self.schema["components"]))
        self.checked: list[str] = []
        self.problems: list[str] = []

    def _template(self, url: str) -> str:
        path = url.split("?")[0]
        # Literal paths before parameterised ones ("imports/" is not "{id}/").
        for template in sorted(self.schema["paths"], key=lambda t: t.count("{")):
            if re.fullmatch(re.sub(r"\\{[^/]+\\}", "[^/]+", re.escape(template)), path):
                return template
        raise AssertionError(f"{path} is not in the OpenAPI schema")

    def check(self, response, method: str, url: str) -> dict | list:
        """The body of `response` validated against the schema of (path, method, status)."""
        template = self._template(url)
        operation = self.schema["paths"][template][method]
        code = str(response.status_code)
        assert code in operation["responses"], f"{method.upper()} {template} answered {code}, not documented"
        content = operation["responses"][code].get("content", {}).get("application/json")
        assert content, f"{method.upper()} {template} {code} documents no JSON body"
        body = response.json()
        validator = jsonschema.Draft7Validator({**_strict(content["schema"]), "components": self.components})
        errors = sorted(validator.iter_errors(body), key=lambda e: list(map(str, e.absolute_path)))
        self.problems += [f"{method.upper()} {template} {code} {'/'.join(map(str, e.absolute_path)) or '(body)'}: "
                          f"{e.message[:300]}" for e in errors[:8]]
        self.checked.append(f"{method.upper()} {template} {code}")
        return body

    def assert_clean(self, operations: int) -> None:
        assert not self.problems, "responses differ from the OpenAPI schema:\n" + "\n".join(self.problems)
        assert len(self.checked) == operations, self.checked

    def get(self, client, url: str, params: dict | None = None, status: int = 200):
        response = client.get(url, params or {})
        assert response.status_code == status, (url, response.status_code, response.content[:500])
        return self.check(response, "get", url)

    def post(self, client, url: str, data: dict, status: int, fmt: str = "json"):
        response = client.post(url, data, format=fmt)
        assert response.status_code == status, (url, response.status_code, response.content[:500])
        return self.check(response, "post", url)


def _statement() -> bytes:
    today = timezone.localdate()
    rows = []
    for back in range(4):
        day = today - timedelta(days=30 * back)
        rows += [(day, "STARBUCKS STORE #1234", "-5.75", "Dining"), (day, "NETFLIX.COM", "-15.49", "Subscriptions"),
                 (day, "WHOLE FOODS MARKET", "-96.40", "Groceries"), (day, "ACME PAYROLL", "3200.00", "Salary")]
    return csv_bytes(rows)


def test_knowledge_responses_match_the_schema(alice, alice_client):
    from knowledge.services import document_ingest_now

    api = Contract(alice_client)
    base = "/api/v1/knowledge/"
    note = api.post(alice_client, base + "notes/", {"title": "Emergency fund",
                                                    "text": "I keep my emergency fund at Kestrel Bank: 6 months."}, 201)
    document_ingest_now(document_id=note["document_id"])
    upload = SimpleUploadedFile("plan.md", b"# Savings plan\n\nSave 20% of income into the Kestrel account.\n")
    api.post(alice_client, base + "documents/", {"file": upload, "corpus": "private"}, 201, fmt="multipart")
    api.get(alice_client, base + "corpora/")
    assert api.get(alice_client, base + "documents/")
    detail = api.get(alice_client, f"{base}documents/{note['document_id']}/")
    found = api.get(alice_client, base + "search/", {"q": "Where is my emergency fund kept?"})
    assert found["results"], "the search found nothing: the contract of a result row went unchecked"
    api.get(alice_client, f"{base}pages/{detail['page_list'][0]['page_id']}/")
    api.assert_clean(7)


def test_transactions_responses_match_the_schema(alice, alice_client):
    api = Contract(alice_client)
    base = "/api/v1/transactions/"
    api.post(alice_client, base + "imports/", {"file": SimpleUploadedFile("s.csv", _statement())}, 201, fmt="multipart")
    api.get(alice_client, base + "imports/")
    # (The list and the analytics endpoints document a free-form object: only its type is checked.)
    listing = api.get(alice_client, base)
    assert listing["rows"]
    api.get(alice_client, f"{base}{listing['rows'][0]['id']}/")
    created = api.post(alice_client, base, {"date": timezone.localdate().isoformat(), "description": "CORNER SHOP",
                                            "amount": "-3.20"}, 201)
    api.get(alice_client, f"{base}{created['id']}/")
    api.get(alice_client, base + "categories/")
    api.post(alice_client, base + "jars/", {"name": "Fun", "monthly_budget": "200", "categories": ["Dining"]}, 201)
    api.get(alice_client, base + "jars/")
    api.get(alice_client, base + "jars/status/")
    api.get(alice_client, base + "search/", {"q": "starbucks"})
    api.get(alice_client, base + "analytics/summary/", {"period": "last_3_months"})
    api.get(alice_client, base + "analytics/category/", {"category": "Dining", "period": "last_3_months"})
    api.get(alice_client, base + "analytics/merchant/", {"merchant": "Starbucks"})
    api.get(alice_client, base + "analytics/compare/", {"periods": "last_month,this_month"})
    api.get(alice_client, base + "budgets/suggestions/")
    api.get(alice_client, base + "subscriptions/")
    api.get(alice_client, base + "review/")
    api.get(alice_client, base + "rules/")
    api.assert_clean(19)


def test_chat_responses_match_the_schema(alice, alice_client):
    from chat.demo import load_demo
    from transactions.services import transactions_import

    class _Quiet:
        def write(self, *_):
            pass

    load_demo(stdout=_Quiet())
    transactions_import(user=alice, file_name="s.csv", content=_statement())
    api = Contract(alice_client)
    answer = api.post(alice_client, "/api/v1/chat/", {"message": "How much did I spend on dining last month?"}, 200)
    assert answer["answer"]
    api.get(alice_client, "/api/v1/chat/conversations/")
    api.get(alice_client, f"/api/v1/chat/conversations/{answer['conversation_id']}/")
    api.post(alice_client, f"/api/v1/chat/messages/{answer['message_id']}/feedback/", {"rating": 1}, 201)
    api.get(alice_client, "/api/v1/chat/notices/")
    api.assert_clean(5)
