"""Thin API views for the assistant's proposed actions: read, confirm, cancel, undo (the user's own only;
another user's id is a 404)."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from chat.actions import selectors, services
from chat.models import PendingAction
from core.errors import DomainError


class ActionRowSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    date = serializers.CharField()
    description = serializers.CharField()
    amount = serializers.CharField()
    currency = serializers.CharField()
    merchant = serializers.CharField(required=False)
    category = serializers.CharField(required=False, allow_blank=True)


class PendingActionSerializer(serializers.Serializer):
    """A change the assistant proposed. Nothing changes until it is confirmed; an applied action can be undone."""

    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=PendingAction.Kind.choices)
    status = serializers.ChoiceField(choices=PendingAction.Status.choices)
    status_text = serializers.CharField()
    summary = serializers.CharField(help_text="What the action does, in words")
    count = serializers.IntegerField(allow_null=True, help_text="How many transactions it changes (when it changes "
                                                                "transactions)")
    sample = ActionRowSerializer(many=True, help_text="A sample of the transactions it changes")
    params = serializers.DictField()
    expires_at = serializers.CharField()
    created_at = serializers.CharField()
    applied_at = serializers.CharField(allow_null=True)
    undone_at = serializers.CharField(allow_null=True)
    done = serializers.CharField(allow_null=True, help_text="What applying (or undoing) did")
    error = serializers.CharField(allow_null=True)
    conversation_id = serializers.IntegerField(allow_null=True)
    message_id = serializers.IntegerField(allow_null=True)
    confirm_url = serializers.CharField(allow_null=True, help_text="POST here to apply it (while pending)")
    cancel_url = serializers.CharField(allow_null=True, help_text="POST here to drop it (while pending)")
    undo_url = serializers.CharField(allow_null=True, help_text="POST here to undo it (once applied)")


class ActionListView(APIView):
    @extend_schema(responses={200: PendingActionSerializer(many=True)}, tags=["chat"],
                   parameters=[OpenApiParameter("status", str, enum=PendingAction.Status.values)],
                   summary="The actions the assistant proposed to you, newest first")
    def get(self, request):
        status = request.query_params.get("status") or None
        if status and status not in PendingAction.Status.values:
            raise DomainError(f"status must be one of {', '.join(PendingAction.Status.values)}, got {status!r}.",
                              code="validation_error")
        return Response(selectors.pending_action_list(user=request.user, status=status))


class ActionDetailView(APIView):
    @extend_schema(responses={200: PendingActionSerializer}, tags=["chat"], summary="One proposed action")
    def get(self, request, action_id: int):
        return Response(selectors.pending_action_get(user=request.user, action_id=action_id))


class _ActionStep(APIView):
    step = staticmethod(services.pending_action_confirm)

    def post(self, request, action_id: int):
        action = type(self).step(user=request.user, action_id=action_id)
        return Response(selectors.action_present(action))


class ActionConfirmView(_ActionStep):
    step = staticmethod(services.pending_action_confirm)

    @extend_schema(request=None, responses={200: PendingActionSerializer}, tags=["chat"],
                   summary="Confirm a proposed action: it is applied now")
    def post(self, request, action_id: int):
        return super().post(request, action_id)


class ActionCancelView(_ActionStep):
    step = staticmethod(services.pending_action_cancel)

    @extend_schema(request=None, responses={200: PendingActionSerializer}, tags=["chat"],
                   summary="Cancel a proposed action: nothing changes")
    def post(self, request, action_id: int):
        return super().post(request, action_id)


class ActionUndoView(_ActionStep):
    step = staticmethod(services.pending_action_undo)

    @extend_schema(request=None, responses={200: PendingActionSerializer}, tags=["chat"],
                   summary="Undo an applied action: what it changed is put back")
    def post(self, request, action_id: int):
        return super().post(request, action_id)
