from django.urls import path
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.decorators import api_view
from rest_framework.response import Response


@extend_schema(responses=inline_serializer("Me", {"id": serializers.IntegerField(),
                                                  "username": serializers.CharField(),
                                                  "is_staff": serializers.BooleanField()}))
@api_view(["GET"])
def me(request):
    """The authenticated user."""
    user = request.user
    return Response({"id": user.id, "username": user.username, "is_staff": user.is_staff})


urlpatterns = [
    path("token/", ObtainAuthToken.as_view(), name="api-token"),
    path("me/", me, name="api-me"),
]
