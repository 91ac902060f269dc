"""Chat: conversations, messages with their tool traces, admin-editable prompts and agent configs,
the escalation queue and user feedback."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class Conversation(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="conversations")
    title = models.CharField(max_length=200, blank=True)
    agent_slug = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["user", "-updated_at"])]

    def __str__(self) -> str:
        return self.title or f"Conversation {self.pk}"


class Message(models.Model):
    MAX_CHARS = 4000  # a question or a staff reply (the API serializer and the services check it)

    class Role(models.TextChoices):
        USER = "user", "User"
        ASSISTANT = "assistant", "Assistant"
        STAFF = "staff", "Moneta team"  # a person's reply to an escalated question

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="messages")
    role = models.CharField(max_length=16, choices=Role.choices)
    content = models.TextField()
    # The full answer object (citations, data, tools_used, grounding report, ...) for assistant messages.
    answer = models.JSONField(default=dict, blank=True)
    confidence = models.FloatField(null=True, blank=True)
    escalated = models.BooleanField(default=False)
    latency_ms = models.FloatField(null=True, blank=True)
    token_usage = models.JSONField(default=dict, blank=True)
    timings = models.JSONField(default=dict, blank=True)
    agent_slug = models.CharField(max_length=64, blank=True)
    provider = models.CharField(max_length=32, blank=True)
    error = models.TextField(blank=True)
    # Staff replies: who wrote it, the escalation it answers, and when the user read it (None = unread).
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="+")
    reply_to = models.ForeignKey("Escalation", null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="replies")
    read_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["role", "read_at"], name="chat_msg_unread_idx",
                                condition=Q(role="staff", read_at__isnull=True))]

    def __str__(self) -> str:
        return f"{self.role}: {self.content[:60]}"


class ToolCall(models.Model):
    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="tool_calls")
    position = models.PositiveIntegerField(default=0)
    tool = models.CharField(max_length=64)
    arguments = models.JSONField(default=dict, blank=True)
    result_summary = models.TextField(blank=True)
    duration_ms = models.FloatField(default=0)
    error = models.TextField(blank=True)

    class Meta:
        ordering = ["message_id", "position"]

    def __str__(self) -> str:
        return f"{self.tool}({self.arguments})"


class Prompt(models.Model):
    """One version of a named prompt. Versions are never edited in place; one active version per name."""

    class Kind(models.TextChoices):
        SYSTEM = "system", "System prompt"
        REACT = "react", "ReAct format instructions"
        MESSAGE = "message", "Message template"

    name = models.SlugField(max_length=64)
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.SYSTEM)
    content = models.TextField()
    version = models.PositiveIntegerField()
    is_active = models.BooleanField(default=False)
    note = models.CharField(max_length=200, blank=True, help_text="What changed in this version")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["name", "version"], name="chat_prompt_name_version_unique"),
            models.UniqueConstraint(fields=["name"], condition=Q(is_active=True), name="chat_prompt_one_active"),
        ]

    def __str__(self) -> str:
        return f"{self.name} v{self.version}{' (active)' if self.is_active else ''}"


class ExternalServer(models.Model):
    """An external tool source an assistant may use: an MCP server (Streamable HTTP URL or a stdio command) whose
    allowed tools join the tool loop, or an A2A agent the assistant can delegate a question to."""

    class Kind(models.TextChoices):
        MCP_HTTP = "mcp_http", "MCP server (Streamable HTTP URL)"
        MCP_STDIO = "mcp_stdio", "MCP server (stdio command)"
        A2A = "a2a", "A2A agent (delegate questions)"

    slug = models.SlugField(max_length=40, unique=True, help_text="Prefix of its tool names: <slug>__<tool>")
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True, help_text="A2A: when to delegate (the model reads it)")
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.MCP_HTTP)
    url = models.URLField(max_length=500, blank=True, help_text="MCP endpoint or A2A agent base URL")
    headers = models.JSONField(default=dict, blank=True,
                               help_text='HTTP headers, e.g. {"Authorization": "Bearer …"} (stored in the database)')
    command = models.CharField(max_length=500, blank=True, help_text="stdio: the program to start")
    args = models.JSONField(default=list, blank=True, help_text="stdio: its arguments (JSON list)")
    env = models.JSONField(default=dict, blank=True, help_text="stdio: extra environment variables")
    allowed_tools = models.JSONField(default=list, blank=True,
                                     help_text='Tool names the assistant may call; ["*"] allows every tool')
    timeout_seconds = models.FloatField(default=10.0)
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return f"{self.name} ({self.slug})"


class AgentConfig(models.Model):
    """An assistant: provider and model settings, its tools, prompts and search settings."""

    class Provider(models.TextChoices):
        AUTO = "auto", "Auto (OpenAI-compatible endpoint when configured, else offline)"
        OPENAI = "openai", "OpenAI-compatible endpoint"
        OFFLINE = "offline", "Built-in offline model"

    class ToolMode(models.TextChoices):
        NATIVE = "native", "Native tool calling"
        REACT_TEXT = "react_text", "ReAct text (Thought / Action / Observation / Answer)"

    slug = models.SlugField(max_length=64, unique=True)
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    is_active = models.BooleanField(default=True)
    is_default = models.BooleanField(default=False)
    staff_only = models.BooleanField(default=False)
    provider = models.CharField(max_length=16, choices=Provider.choices, default=Provider.AUTO)
    model = models.CharField(max_length=120, blank=True, help_text="Blank: MONETA_LLM_MODEL")
    temperature = models.FloatField(default=0.0)
    max_tokens = models.PositiveIntegerField(default=1024)
    max_iterations = models.PositiveIntegerField(default=6)
    timeout_seconds = models.FloatField(default=60.0)
    max_retries = models.PositiveIntegerField(default=2)
    tool_mode = models.CharField(max_length=16, choices=ToolMode.choices, default=ToolMode.NATIVE)
    enabled_tools = models.JSONField(default=list, blank=True, help_text="Tool names; empty list = all tools")
    system_prompt = models.SlugField(max_length=64, default="system", help_text="Name of the system Prompt")
    answer_format = models.CharField(
        max_length=32, default="markdown", choices=[("markdown", "Markdown answer"),
                                                    ("fact_ids", "{answer, relevant_fact_ids}")])
    # Search settings, passed to knowledge_search.
    similarity_threshold = models.FloatField(default=0.0)
    max_results = models.PositiveIntegerField(default=8)
    hybrid = models.BooleanField(default=True)
    vector_weight = models.FloatField(null=True, blank=True)
    text_weight = models.FloatField(null=True, blank=True)
    corpus_include = models.JSONField(default=list, blank=True)
    corpus_exclude = models.JSONField(default=list, blank=True)
    corpus_order = models.JSONField(default=list, blank=True,
                                    help_text="Corpora searched one after another (document investigator)")
    confidence_threshold = models.FloatField(default=0.4)
    external_servers = models.ManyToManyField(ExternalServer, blank=True, related_name="agents",
                                              help_text="MCP servers and A2A agents whose tools this assistant uses")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-is_default", "slug"]
        constraints = [
            models.UniqueConstraint(fields=["is_default"], condition=Q(is_default=True), name="chat_one_default_agent"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.slug})"


class Escalation(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ASSIGNED = "assigned", "Assigned"
        RESOLVED = "resolved", "Resolved"

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="escalations")
    message = models.OneToOneField(Message, on_delete=models.CASCADE, related_name="escalation")
    reason = models.TextField()
    confidence = models.FloatField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    assignee = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="chat_escalations")
    resolution_note = models.TextField(blank=True, help_text="Internal note for the team (the user never sees it)")
    source = models.CharField(max_length=16, default="confidence",
                              choices=[("confidence", "Low confidence"), ("feedback", "User feedback")])
    resolved_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["status", "-created_at"]

    def __str__(self) -> str:
        return f"Escalation {self.pk} ({self.status})"


class Feedback(models.Model):
    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="feedback")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_feedback")
    rating = models.SmallIntegerField()
    comment = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["message", "user"], name="chat_feedback_one_per_user"),
            models.CheckConstraint(condition=Q(rating__in=[1, -1]), name="chat_feedback_rating_pm1"),
        ]

    def __str__(self) -> str:
        return f"{'+1' if self.rating > 0 else '-1'} on message {self.message_id}"


# ---- actions the assistant proposes (chat/actions/) ------------------------------------------------
class PendingAction(models.Model):
    """A change the assistant proposed; nothing happens until the user confirms it. Applied actions keep
    what they did (`result`) so they can be undone."""

    class Kind(models.TextChoices):
        JAR_CREATE = "jar_create", "Create a jar"
        BUDGET_SET = "budget_set", "Set a category budget"
        JAR_BUDGET_SET = "jar_budget_set", "Change a jar's monthly amount"
        CATEGORY_SET = "category_set", "Set the category of matching transactions"
        TRANSACTION_ADD = "transaction_add", "Add a manual transaction"
        TRANSACTION_DELETE = "transaction_delete", "Delete a transaction"
        NOTE_SAVE = "note_save", "Save a note"

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for confirmation"
        APPLYING = "applying", "Being applied"
        APPLIED = "applied", "Applied"
        CANCELLED = "cancelled", "Cancelled"
        EXPIRED = "expired", "Expired"
        UNDONE = "undone", "Undone"
        FAILED = "failed", "Failed"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_actions")
    conversation = models.ForeignKey(Conversation, null=True, blank=True, on_delete=models.CASCADE,
                                     related_name="actions")
    message = models.ForeignKey(Message, null=True, blank=True, on_delete=models.SET_NULL, related_name="actions")
    kind = models.CharField(max_length=24, choices=Kind.choices)
    params = models.JSONField(default=dict)  # validated when proposed, validated again when applied
    preview = models.JSONField(default=dict)  # {"summary", "count", "sample": [rows]} as shown on the card
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    result = models.JSONField(default=dict, blank=True)  # what applying did (ids, previous values) → undo
    error = models.TextField(blank=True)
    expires_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)
    applied_at = models.DateTimeField(null=True, blank=True)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "status"])]

    def __str__(self) -> str:
        return f"{self.kind} ({self.status}): {(self.preview or {}).get('summary', '')[:60]}"
