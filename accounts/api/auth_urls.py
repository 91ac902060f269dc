from datetime import timedelta

from django.conf import settings
from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.decorators import api_view
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from accounts.auth import token_expired
from accounts.throttle import client_ip, login_retry_after, login_success_record
from core.api import error_response


class TokenObtainView(ObtainAuthToken):
    """Exchange a username and password for an API token (valid MONETA_TOKEN_TTL_SECONDS; an expired one is
    replaced). Repeated failures lock the username/address: 429 with Retry-After."""

    @extend_schema(request=AuthTokenSerializer,
                   responses={200: inline_serializer("Token", {"token": serializers.CharField(),
                                                               "expires_at": serializers.DateTimeField()}),
                              400: OpenApiTypes.OBJECT, 429: OpenApiTypes.OBJECT})
    def post(self, request, *args, **kwargs):
        username = request.data.get("username") if hasattr(request.data, "get") else None
        wait = login_retry_after(identifier=str(username or ""), ip=client_ip(request))
        if wait:
            response = error_response(code="locked", message=f"Too many failed sign-in attempts; try again in "
                                      f"{wait} seconds.", status_code=429, details={"retry_after": wait})
            response["Retry-After"] = str(wait)
            return response
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = serializer.validated_data["user"]
        login_success_record(identifier=user.get_username(), ip=client_ip(request))
        token, _ = Token.objects.get_or_create(user=user)
        if token_expired(token):
            token.delete()
            token = Token.objects.create(user=user)
        expires = token.created + timedelta(seconds=settings.MONETA_TOKEN_TTL_SECONDS)
        return Response({"token": token.key, "expires_at": expires.isoformat()})

    @extend_schema(request=None, responses={204: None})
    def delete(self, request, *args, **kwargs):
        """Revoke the caller's token (sign out of API clients)."""
        if not request.user.is_authenticated:
            return error_response(code="not_authenticated", message="Sign in first.", status_code=401)
        Token.objects.filter(user=request.user).delete()
        return Response(status=204)

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "DELETE" else [AllowAny()]


@extend_schema(responses=inline_serializer("Me", {"id": serializers.IntegerField(),
                                                  "username": serializers.CharField(),
                                                  "is_staff": serializers.BooleanField()}))
@api_view(["GET"])
def me(request):
    """The authenticated user."""
    user = request.user
    return Response({"id": user.id, "username": user.username, "is_staff": user.is_staff})


urlpatterns = [
    path("token/", TokenObtainView.as_view(), name="api-token"),
    path("me/", me, name="api-me"),
]
