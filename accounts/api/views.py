from django.http import HttpResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import selectors, services


def export_response(user) -> HttpResponse:
    response = HttpResponse(services.account_export(user=user), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="moneta-export-{user.get_username()}.zip"'
    return response


class AccountExportView(APIView):
    @extend_schema(tags=["account"], summary="Everything of mine as a zip (CSV + JSON per kind, my files)",
                   responses={200: OpenApiResponse(description="application/zip")})
    def get(self, request):
        return export_response(request.user)


class AccountDeleteSerializer(serializers.Serializer):
    confirm = serializers.CharField(help_text="your username, to confirm")


class AccountDeleteView(APIView):
    @extend_schema(tags=["account"], request=AccountDeleteSerializer,
                   summary="Delete my account and everything it owns (irreversible)",
                   responses={200: inline_serializer("AccountDeleted", {"deleted": serializers.DictField(),
                                                                        "files": serializers.IntegerField()})})
    def post(self, request):
        data = AccountDeleteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        if data.validated_data["confirm"] != request.user.get_username():
            raise serializers.ValidationError({"confirm": "Type your username exactly to confirm."})
        return Response(services.account_delete(user=request.user))


class NotificationListView(APIView):
    @extend_schema(tags=["account"], responses={200: inline_serializer("Notification", {
        "id": serializers.IntegerField(), "kind": serializers.CharField(), "text": serializers.CharField(),
        "created_at": serializers.DateTimeField(), "read_at": serializers.DateTimeField()}, many=True)})
    def get(self, request):
        return Response(selectors.notification_list(user=request.user))
