import pytest


@pytest.mark.django_db
def test_api_requires_auth_with_json_error_shape(api_client):
    response = api_client.get("/api/v1/auth/me/")
    assert response.status_code in (401, 403)
    body = response.json()
    assert body["error"]["code"] == "not_authenticated"
    assert "credentials" in body["error"]["message"].lower()


@pytest.mark.django_db
def test_token_auth(api_client, alice):
    response = api_client.post("/api/v1/auth/token/", {"username": "alice", "password": "pw-for-tests-1"})
    assert response.status_code == 200
    token = response.json()["token"]
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    me = api_client.get("/api/v1/auth/me/").json()
    assert me["username"] == "alice"


@pytest.mark.django_db
def test_bad_token_login_is_a_validation_error(api_client, alice):
    response = api_client.post("/api/v1/auth/token/", {"username": "alice", "password": "wrong"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "validation_error"


@pytest.mark.django_db
def test_unknown_api_url_is_json_404(alice_client):
    response = alice_client.get("/api/v1/auth/nope/")
    assert response.status_code == 404


@pytest.mark.django_db
def test_openapi_schema_renders(client):
    response = client.get("/api/schema/?format=json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["info"]["title"] == "Moneta API"
    assert "/api/v1/auth/me/" in schema["paths"]


@pytest.mark.django_db
def test_api_docs_served_without_internet(client):
    html = client.get("/api/docs/").content.decode()
    assert "swagger-ui" in html
    # assets come from the sidecar package (our own static files), not a CDN
    assert "cdn" not in html.lower()
    assert "/static/drf_spectacular_sidecar/" in html
