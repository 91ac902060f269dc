"""A bounded schemathesis run over the whole API (every operation and method), with valid and with invalid input, as a
fresh user with nothing and as a user with data of every kind: no server error, and every answer conforms to the
OpenAPI schema (a documented status code, the documented content type, a body that validates against the documented
schema). Small example budget (MONETA_SCHEMATHESIS_EXAMPLES, default 4; half as many invalid ones) so it runs in
`make test` in under two minutes; raise it for a deeper local run (25 valid and 15 invalid examples per operation
passed on 2026-11-26)."""
from __future__ import annotations

import json
import os
from collections import defaultdict
from decimal import Decimal

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis.errors import Unsatisfiable  # noqa: E402
from schemathesis import GenerationMode  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

pytestmark = pytest.mark.django_db(transaction=True)

EXAMPLES = int(os.environ.get("MONETA_SCHEMATHESIS_EXAMPLES", "4"))
# Revoking the token would only make the rest of the run unauthenticated (401s, no coverage).
SKIP = {("DELETE", "/api/v1/auth/token/")}
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@pytest.fixture
def tokens(alice, user_factory) -> dict[str, str]:
    """API tokens of a fresh user (nothing at all) and of alice with data of every kind: an account, a statement
    import (transactions, merchants, a monthly subscription), a jar, a category budget, a rule, a note, a chat
    conversation with rated feedback."""
    from rest_framework.authtoken.models import Token

    from chat.escalations import feedback_submit
    from chat.services import chat_turn
    from knowledge.services import note_save
    from transactions import services
    from transactions.bulk_edits import category_budget_set

    statement = (b"Date,Description,Amount,Category\n2026-01-10,NETFLIX.COM,-15.49,Subscriptions\n"
                 b"2026-02-10,NETFLIX.COM,-15.49,Subscriptions\n2026-03-01,STARBUCKS STORE #1234,-4.50,Dining\n"
                 b"2026-03-09,ACME PAYROLL,3200,Salary\n2026-03-10,NETFLIX.COM,-15.49,Subscriptions\n")
    services.account_create(user=alice, name="Savings", kind="savings", opening_balance="1200")
    services.transactions_import(user=alice, file_name="s.csv", content=statement)
    services.subscriptions_detect(user=alice)
    services.jar_create(user=alice, name="Fun", monthly_budget="50", categories=["Dining"])
    category_budget_set(user=alice, category="Subscriptions", amount=Decimal("30"))
    services.rule_create(user=alice, pattern="coffee", category="Dining")
    note_save(user=alice, title="My plan", text="Save 10% of salary.")
    answer = chat_turn(user=alice, message="How much did I spend on dining?")
    feedback_submit(user=alice, message_id=answer["message_id"], rating=1, comment="clear")
    fresh = user_factory("fresh")
    return {"fresh": Token.objects.create(user=fresh).key, "alice": Token.objects.create(user=alice).key}


def _schema():
    from drf_spectacular.generators import SchemaGenerator

    from config.wsgi import application

    raw = json.loads(json.dumps(SchemaGenerator().get_schema(request=None, public=True), default=str))
    schema = schemathesis.openapi.from_dict(raw)
    schema.app = application
    return schema


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_every_operation_answers_as_documented_and_never_with_a_server_error(tokens, mode):
    """Valid input (positive) and input the schema forbids (negative: wrong types, missing fields, odd encodings)."""
    failures: dict[str, set[str]] = defaultdict(set)
    examples = EXAMPLES if mode == GenerationMode.POSITIVE else max(1, EXAMPLES // 2)
    operations = 0
    for result in _schema().get_all_operations():
        operation = result.ok()
        if (operation.method.upper(), operation.path) in SKIP:
            continue
        operations += 1

        @given(case=operation.as_strategy(generation_mode=mode))
        @settings(max_examples=examples, deadline=None, database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])
        def run(case):
            for who, token in tokens.items():
                headers = {"Authorization": f"Token {token}"}
                response = case.call(headers=headers)
                try:
                    case.validate_response(response, checks=CHECKS, headers=headers)
                except BaseException as exc:  # noqa: BLE001 - schemathesis raises a FailureGroup (BaseExceptionGroup)
                    if isinstance(exc, KeyboardInterrupt):
                        raise
                    failures[f"{case.method} {case.operation.path}"].add(f"as {who}: {exc}"[:1500])

        try:
            run()
        except Unsatisfiable:  # negative mode: an operation with nothing to get wrong (no parameters, no body)
            assert mode == GenerationMode.NEGATIVE
    assert operations >= 40
    assert not failures, "\n\n".join(f"{op}\n" + "\n".join(sorted(found)) for op, found in failures.items())


def test_an_address_under_api_that_matches_no_route_answers_the_json_error_shape(alice_client, client):
    """Found by the run above: ids are positive in every route, so `/transactions/-5/…` matched nothing and got the
    HTML 404 page, which the schema does not document."""
    response = alice_client.get("/api/v1/transactions/-5/category/preview/?category=Dining")
    assert response.status_code == 404 and response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "not_found"
    assert "No API endpoint at /api/v1/transactions/-5/category/preview/" in response.json()["error"]["message"]
    page = client.get("/no-such-page/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
    # A missing trailing slash still redirects (the handler only answers what no route and no redirect took).
    assert alice_client.get("/api/v1/transactions/jars").status_code == 301


def test_a_request_refused_before_any_view_answers_the_json_error_shape(alice_client):
    """Found by a negative-data run: 1,100 form fields (over DATA_UPLOAD_MAX_NUMBER_FIELDS) got Django's HTML 400."""
    fields = b"".join(b'--B\r\nContent-Disposition: form-data; name="ids"\r\n\r\n273\r\n' for _ in range(1100))
    response = alice_client.generic("POST", "/api/v1/transactions/bulk/", fields + b"--B--\r\n",
                                    content_type="multipart/form-data; boundary=B")
    assert response.status_code == 400 and response["Content-Type"] == "application/json"
    assert response.json()["error"] == {"code": "bad_request", "message": "The request has more than 1000 fields.",
                                        "details": {}}
