"""`/mcp/`: the MCP Streamable HTTP endpoint, authenticated with the user's API token through the same expiring
token authentication as the REST API (core/auth.py; an expired token is refused everywhere).

The server is stateless and answers every POST with JSON, so it never sends server-initiated messages: a GET that
would open an event stream is answered 405 at once (the MCP spec's answer for "no SSE stream here") instead of
holding two server threads for as long as the client likes. Bridged requests per user are capped too."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt

from chat.asgi_bridge import asgi_response
from chat.mcp.server import mcp_http_app
from core.auth import api_token_user


def token_user(request: HttpRequest):
    """The user of an `Authorization: Token <key>` or `Bearer <key>` header (MCP clients send Bearer)."""
    header = request.META.get("HTTP_AUTHORIZATION", "")
    scheme, _, key = header.partition(" ")
    if scheme.lower() not in ("token", "bearer") or not key.strip():
        return None
    return api_token_user(key.strip())


def _unauthorized(message: str) -> JsonResponse:
    response = JsonResponse({"error": {"code": "not_authenticated", "message": message, "details": {}}}, status=401)
    response["WWW-Authenticate"] = 'Bearer realm="moneta"'
    return response


@csrf_exempt
def mcp_endpoint(request: HttpRequest) -> HttpResponse:
    user = token_user(request)
    if user is None or not user.is_active:
        return _unauthorized("Send a valid Moneta API token: 'Authorization: Bearer <token>' (missing, wrong or "
                             "expired; get a new one at /api/v1/auth/token/ or on your account page).")
    if request.method == "GET":
        response = JsonResponse({"error": {"code": "method_not_allowed", "details": {},
                                           "message": "This MCP server is stateless and sends no server-initiated "
                                                      "messages, so there is no event stream to open; POST your "
                                                      "JSON-RPC requests."}}, status=405)
        response["Allow"] = "POST"
        return response
    agent = request.GET.get("agent") or None
    return asgi_response(mcp_http_app(user=user, agent_slug=agent), request, path="/mcp/", owner=user.pk)
