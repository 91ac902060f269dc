from __future__ import annotations

from rest_framework import serializers

from chat.actions.api import PendingActionSerializer
from chat.models import Message


class ChatRequestSerializer(serializers.Serializer):
    message = serializers.CharField(max_length=Message.MAX_CHARS, allow_blank=False, trim_whitespace=True)
    conversation_id = serializers.IntegerField(required=False, allow_null=True, min_value=1)
    agent = serializers.SlugField(required=False, allow_null=True, allow_blank=True, max_length=64)


class FeedbackRequestSerializer(serializers.Serializer):
    rating = serializers.ChoiceField(choices=[1, -1])
    comment = serializers.CharField(required=False, allow_blank=True, max_length=2000, default="")
    escalate = serializers.BooleanField(required=False, default=False,
                                        help_text="With rating -1 and a comment: a person on the team follows up")


class CitationSerializer(serializers.Serializer):
    n = serializers.IntegerField()
    fact_id = serializers.IntegerField()
    document = serializers.CharField(allow_null=True)
    document_id = serializers.IntegerField(allow_null=True)
    file_name = serializers.CharField(allow_null=True)
    corpus = serializers.CharField(allow_null=True)
    page = serializers.IntegerField(allow_null=True)
    page_id = serializers.IntegerField(allow_null=True)
    quote = serializers.CharField(allow_blank=True)
    score = serializers.FloatField()
    source_note = serializers.CharField(required=False, help_text="Present when the page was read from a scan")


class GroundingSerializer(serializers.Serializer):
    removed_citations = serializers.ListField(child=serializers.IntegerField())
    unsupported_numbers = serializers.ListField(child=serializers.CharField())
    coverage = serializers.FloatField()
    retrieval = serializers.FloatField(allow_null=True)
    reasons = serializers.ListField(child=serializers.CharField(), help_text="Why confidence is low, if it is")


class ToolCallSerializer(serializers.Serializer):
    name = serializers.CharField()
    arguments = serializers.DictField()
    duration_ms = serializers.FloatField()
    error = serializers.CharField(allow_null=True)


class AnswerSerializer(serializers.Serializer):
    """The answer object of a chat turn (documentation for the schema; views return the dict as is)."""

    answer = serializers.CharField()
    citations = CitationSerializer(many=True)
    data = serializers.ListField(child=serializers.DictField())  # type: ignore[assignment]  # a field, not .data
    tools_used = serializers.ListField(child=serializers.CharField())
    tool_calls = ToolCallSerializer(many=True)
    confidence = serializers.FloatField()
    escalated = serializers.BooleanField()
    conversation_id = serializers.IntegerField()
    message_id = serializers.IntegerField()
    agent = serializers.CharField(help_text="Slug of the assistant that answered")
    provider = serializers.CharField(help_text="offline, or the LLM provider")
    grounding = GroundingSerializer()
    partial = serializers.BooleanField(  # type: ignore[assignment]  # a field, not .partial
        help_text="The turn hit its step limit: the answer may be incomplete")
    error = serializers.CharField(allow_null=True)
    understood = serializers.DictField(allow_null=True, help_text="The money question as understood (next turn's "
                                                                  "dialogue state)")
    shown = serializers.DictField(allow_null=True, required=False, help_text=(
        "What the money answer showed (items listed, periods compared, the figure): what follow-ups refer to"))
    timings = serializers.DictField(required=False, help_text="Milliseconds per stage (present right after a turn)")
    relevant_fact_ids = serializers.DictField(required=False)
    pending_actions = PendingActionSerializer(many=True, required=False, help_text=(
        "Changes the assistant proposed this turn (as proposed; GET /api/v1/chat/actions/<id>/ for the current "
        "state). Nothing changes until the client POSTs an action's confirm_url."))


class ConversationSerializer(serializers.Serializer):
    conversation_id = serializers.IntegerField()
    title = serializers.CharField()
    agent = serializers.CharField()
    message_count = serializers.IntegerField()
    unread_replies = serializers.IntegerField(help_text="Replies from the Moneta team not read yet")
    created_at = serializers.CharField()
    updated_at = serializers.CharField()


class TeamReplySerializer(serializers.Serializer):
    message_id = serializers.IntegerField()
    conversation_id = serializers.IntegerField()
    conversation_title = serializers.CharField()
    escalation_id = serializers.IntegerField(allow_null=True)
    excerpt = serializers.CharField()
    created_at = serializers.CharField()
