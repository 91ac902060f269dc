from __future__ import annotations

from rest_framework import serializers

from chat.actions.api import PendingActionSerializer
from chat.models import Message


class ChatRequestSerializer(serializers.Serializer):
    message = serializers.CharField(max_length=Message.MAX_CHARS, required=False, allow_blank=True,
                                    trim_whitespace=True, default="",
                                    help_text="The question (required unless `choice` is given)")
    conversation_id = serializers.IntegerField(required=False, allow_null=True, min_value=1)
    choice = serializers.CharField(required=False, allow_null=True, max_length=300, help_text=(
        "The `value` of one of the choices of the last answer's `clarification` (with its conversation_id): the "
        "question it asked is answered with that choice applied, and Moneta remembers the word for you. Typing a "
        "choice's label as the message does the same."))
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


class ClarificationChoiceSerializer(serializers.Serializer):
    label = serializers.CharField(help_text="What to show on the button")  # type: ignore[assignment]  # a field
    value = serializers.CharField(help_text="What to send back as `choice`: 'merchant:<name>' or 'category:<name>'")
    kind = serializers.ChoiceField(choices=["merchant", "category"])
    name = serializers.CharField(help_text="The user's merchant or category")


class ClarificationSerializer(serializers.Serializer):
    word = serializers.CharField(help_text="The word of the question that was not understood")
    question = serializers.CharField(help_text="The clarifying question (also at the end of `answer`)")
    choices = ClarificationChoiceSerializer(many=True, help_text="At most three")
    ask_only = serializers.BooleanField(help_text="True: nothing was answered until the user picks; false: the "
                                                  "understood part was answered and the choices are offered")
    for_question = serializers.CharField(help_text="The question a choice answers again")


class WordAccountSerializer(serializers.Serializer):
    word = serializers.CharField()
    role = serializers.ChoiceField(choices=["period", "amount", "weekday", "merchant", "category", "text", "concept",
                                            "excluded", "grammar", "function", "unknown"])
    names = serializers.ListField(child=serializers.CharField(), required=False,
                                  help_text="For a name: the user's merchants or categories it was read as")
    how = serializers.CharField(required=False, help_text="For a name: how it was matched (exact, spelling, prefix, "
                                                          "initials, nickname, concept, meaning, alias…)")
    mention = serializers.CharField(required=False, help_text="For a name: the whole phrase it was read from")


class UnderstandingSerializer(serializers.Serializer):
    words = WordAccountSerializer(many=True, help_text="Every word of the question, in order")
    not_understood = serializers.ListField(child=serializers.CharField(),
                                           help_text="Words that could change the answer but were not understood")


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
    clarification = ClarificationSerializer(allow_null=True, required=False, help_text=(
        "A clarifying question with up to three choices, when a word that could change the answer was not "
        "understood. Confidence is low but the turn is not escalated; answer it by POSTing a choice's value as "
        "`choice`."))
    understanding = UnderstandingSerializer(allow_null=True, required=False, help_text=(
        "For a money question: how each word was read (part of the query, grammar, function word, or unknown)"))
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
