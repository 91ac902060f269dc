"""Thin chat API views: validate, call the service/selector, return its dict."""
from __future__ import annotations

import json

from django.http import StreamingHttpResponse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import renderers, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from chat import selectors, services
from chat.api.serializers import (
    AnswerSerializer,
    ChatRequestSerializer,
    ConversationSerializer,
    FeedbackRequestSerializer,
    TeamReplySerializer,
)
from core.api import validated_input
from core.errors import DomainError


class ChatView(APIView):
    @extend_schema(request=ChatRequestSerializer, responses={200: AnswerSerializer}, tags=["chat"],
                   summary="Ask Moneta one question (one turn of a conversation)")
    def post(self, request):
        data = validated_input(ChatRequestSerializer, request.data)
        answer = services.chat_turn(user=request.user, message=data["message"],
                                    conversation_id=data.get("conversation_id"), agent_slug=data.get("agent") or None,
                                    choice=data.get("choice"))
        return Response(answer)


def _sse(event: dict) -> str:
    return f"event: {event['type']}\ndata: {json.dumps(event, default=str, ensure_ascii=False)}\n\n"


class EventStreamRenderer(renderers.BaseRenderer):
    """Lets clients send `Accept: text/event-stream`; errors before the stream starts are JSON."""

    media_type = "text/event-stream"
    format = "sse"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return json.dumps(data, default=str).encode()


class ChatStreamView(APIView):
    renderer_classes = [renderers.JSONRenderer, EventStreamRenderer]

    @extend_schema(request=ChatRequestSerializer, tags=["chat"],
                   responses={200: OpenApiResponse(description="text/event-stream: started, tool_started, "
                                                               "tool_finished, token ..., final (the answer object)")},
                   summary="Ask Moneta one question, streamed as server-sent events")
    def post(self, request):
        data = validated_input(ChatRequestSerializer, request.data)
        events = services.chat_turn_events(user=request.user, message=data["message"],
                                           conversation_id=data.get("conversation_id"),
                                           agent_slug=data.get("agent") or None, choice=data.get("choice"))
        # Validation, conversation ownership and the agent choice fail before streaming starts (JSON errors).
        first = next(events)

        def stream():
            yield _sse(first)
            try:
                for event in events:
                    yield _sse(event)
            except DomainError as exc:
                yield _sse({"type": "error", "code": exc.code, "message": exc.message})

        response = StreamingHttpResponse(stream(), content_type="text/event-stream")
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"
        return response


class ConversationListView(APIView):
    @extend_schema(responses={200: ConversationSerializer(many=True)}, tags=["chat"],
                   parameters=[OpenApiParameter("q", str, description="Only conversations whose title or a "
                                                                      "message contains this text")])
    def get(self, request):
        return Response(selectors.conversation_list(user=request.user, q=request.query_params.get("q") or ""))


class TeamRepliesView(APIView):
    @extend_schema(responses={200: TeamReplySerializer(many=True)}, tags=["chat"],
                   summary="Unread replies from the Moneta team to your escalated questions")
    def get(self, request):
        return Response(selectors.escalation_replies_unread(user=request.user))


class ConversationReadView(APIView):
    @extend_schema(request=None, tags=["chat"], summary="Mark the team's replies in a conversation as read",
                   responses={200: inline_serializer("RepliesRead", {"marked_read": serializers.IntegerField()})})
    def post(self, request, conversation_id: int):
        changed = services.escalation_replies_mark_read(user=request.user, conversation_id=conversation_id)
        return Response({"marked_read": changed})


class ConversationDetailView(APIView):
    @extend_schema(responses={200: inline_serializer("ConversationDetail", {
        "conversation_id": serializers.IntegerField(), "title": serializers.CharField(),
        "agent": serializers.CharField(), "created_at": serializers.DateTimeField(),
        "updated_at": serializers.DateTimeField(),
        "messages": serializers.ListField(child=serializers.DictField())})}, tags=["chat"])
    def get(self, request, conversation_id: int):
        return Response(selectors.conversation_detail(user=request.user, conversation_id=conversation_id))


class FeedbackView(APIView):
    @extend_schema(request=FeedbackRequestSerializer, tags=["chat"], responses={201: inline_serializer(
        "FeedbackResult", {"message_id": serializers.IntegerField(), "rating": serializers.IntegerField(),
                           "comment": serializers.CharField(), "escalated": serializers.BooleanField()})})
    def post(self, request, message_id: int):
        data = validated_input(FeedbackRequestSerializer, request.data)
        feedback = services.feedback_submit(user=request.user, message_id=message_id, rating=data["rating"],
                                            comment=data.get("comment", ""), escalate=data.get("escalate", False))
        return Response({"message_id": feedback.message_id, "rating": feedback.rating, "comment": feedback.comment,
                         "escalated": bool(data.get("escalate"))}, status=201)
