"""`/mcp/`: the MCP Streamable HTTP endpoint, authenticated with the user's DRF API token."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from chat.asgi_bridge import asgi_response
from chat.mcp.server import mcp_http_app


def token_user(request: HttpRequest):
    """The user of an `Authorization: Token <key>` or `Bearer <key>` header (MCP clients send Bearer)."""
    header = request.META.get("HTTP_AUTHORIZATION", "")
    scheme, _, key = header.partition(" ")
    if scheme.lower() not in ("token", "bearer") or not key.strip():
        return None
    try:
        user, _ = TokenAuthentication().authenticate_credentials(key.strip())
    except AuthenticationFailed:
        return None
    return user


def _unauthorized(message: str) -> JsonResponse:
    response = JsonResponse({"error": {"code": "not_authenticated", "message": message, "details": {}}}, status=401)
    response["WWW-Authenticate"] = 'Bearer realm="moneta"'
    return response


@csrf_exempt
def mcp_endpoint(request: HttpRequest) -> HttpResponse:
    user = token_user(request)
    if user is None or not user.is_active:
        return _unauthorized("Send your Moneta API token: 'Authorization: Bearer <token>' "
                             "(get one at /api/v1/auth/token/).")
    agent = request.GET.get("agent") or None
    return asgi_response(mcp_http_app(user=user, agent_slug=agent), request, path="/mcp/")
