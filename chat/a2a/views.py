"""A2A endpoints: the public agent card and the staff-only JSON-RPC endpoint of the document investigator."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt

from chat.a2a.server import RPC_PATH, a2a_app
from chat.asgi_bridge import asgi_response
from chat.mcp.views import token_user


def _base_url(request: HttpRequest) -> str:
    return request.build_absolute_uri("/").rstrip("/")


def agent_card(request: HttpRequest) -> HttpResponse:
    """The card is public (it says what the agent does and how to authenticate); calling it is not."""
    return asgi_response(a2a_app(user=None, base_url=_base_url(request)), request, path=request.path)


@csrf_exempt
def investigator_rpc(request: HttpRequest) -> HttpResponse:
    user = token_user(request)
    if user is None or not user.is_active:
        response = JsonResponse({"error": {"code": "not_authenticated", "details": {},
                                           "message": "Send a staff API token: 'Authorization: Bearer <token>'."}},
                                status=401)
        response["WWW-Authenticate"] = 'Bearer realm="moneta"'
        return response
    if not user.is_staff:
        return JsonResponse({"error": {"code": "forbidden", "details": {},
                                       "message": "The document investigator is for staff only."}}, status=403)
    return asgi_response(a2a_app(user=user, base_url=_base_url(request)), request, path=RPC_PATH, owner=user.pk)
