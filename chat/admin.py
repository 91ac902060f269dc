"""Chat admin: prompt versions (activate, roll back, diff), agent configs, conversations with tool traces,
the escalation queue and feedback. Writes go through chat.services."""
from __future__ import annotations

import difflib
import json

from django import forms
from django.contrib import admin, messages
from django.utils.html import format_html, format_html_join

from chat import services
from chat.models import AgentConfig, Conversation, Escalation, Feedback, Message, Prompt, ToolCall
from chat.prompts import KIND_RULES, NAME_RULES, prompt_problems
from config.admin_privacy import OwnRowsOnlyAdmin, conversations_visible_q
from config.api import DomainError


# ---- prompts -----------------------------------------------------------------------------------
class PromptForm(forms.ModelForm):
    activate = forms.BooleanField(required=False, initial=True,
                                  help_text="Make this version the active one when saved.")

    class Meta:
        model = Prompt
        fields = ["name", "kind", "content", "note"]

    def clean(self):
        data = super().clean()
        name = data.get("name") or self.instance.name
        kind = data.get("kind") or self.instance.kind
        if name and kind and data.get("content") is not None:
            problems = prompt_problems(name=name, kind=kind, content=data["content"])
            if problems:
                self.add_error("content", problems)
        return data


@admin.register(Prompt)
class PromptAdmin(admin.ModelAdmin):
    form = PromptForm
    list_display = ("name", "version", "is_active", "kind", "note", "created_by", "created_at")
    list_filter = ("name", "kind", "is_active")
    search_fields = ("name", "content", "note")
    actions = ["activate_versions", "roll_back"]
    readonly_fields = ("version", "is_active", "created_by", "created_at", "placeholders", "diff_vs_previous")

    def get_readonly_fields(self, request, obj=None):
        return self.readonly_fields + (("name", "kind") if obj else ())

    def get_fields(self, request, obj=None):
        fields = ["name", "kind", "content", "note", "activate", "placeholders"]
        return fields + (["version", "is_active", "created_by", "created_at", "diff_vs_previous"] if obj else [])

    @admin.display(description="Placeholders")
    def placeholders(self, obj):
        name = getattr(obj, "name", "") or ""
        kind = getattr(obj, "kind", "") or "system"
        rules = KIND_RULES.get(kind, {"required": set(), "allowed": set()})
        required = sorted(rules["required"] | NAME_RULES.get(name, set()))
        allowed = sorted(rules["allowed"])
        return format_html("Required: {}<br>Allowed: {}", ", ".join("{" + r + "}" for r in required) or "none",
                           ", ".join("{" + a + "}" for a in allowed))

    @admin.display(description="Diff vs previous version")
    def diff_vs_previous(self, obj):
        previous = Prompt.objects.filter(name=obj.name, version__lt=obj.version).order_by("-version").first()
        if previous is None:
            return "First version."
        lines = difflib.unified_diff(previous.content.splitlines(), obj.content.splitlines(),
                                     fromfile=f"v{previous.version}", tofile=f"v{obj.version}", lineterm="")
        styled = []
        for line in lines:
            colour = "#137333" if line.startswith("+") else "#a50e0e" if line.startswith("-") else "inherit"
            styled.append((colour, line))
        return format_html('<pre style="white-space:pre-wrap">{}</pre>',
                           format_html_join("\n", '<span style="color:{}">{}</span>', styled))

    def save_model(self, request, obj, form, change):
        # Versions are never edited in place: saving creates the next version.
        try:
            new = services.prompt_version_create(name=obj.name, kind=obj.kind, content=obj.content, note=obj.note,
                                                 activate=form.cleaned_data.get("activate", False),
                                                 author=request.user)
        except DomainError as exc:
            self.message_user(request, exc.message, messages.ERROR)
            return
        obj.pk, obj.version, obj.is_active = new.pk, new.version, new.is_active
        obj._state.adding = False
        self.message_user(request, f"Saved {new} as a new version.", messages.SUCCESS)

    @admin.action(description="Activate the selected version")
    def activate_versions(self, request, queryset):
        for prompt in queryset:
            try:
                services.prompt_activate(prompt_id=prompt.pk)
                self.message_user(request, f"{prompt.name} v{prompt.version} is now active.", messages.SUCCESS)
            except DomainError as exc:
                self.message_user(request, exc.message, messages.ERROR)

    @admin.action(description="Roll back: activate the version before the active one")
    def roll_back(self, request, queryset):
        for name in sorted(set(queryset.values_list("name", flat=True))):
            try:
                prompt = services.prompt_rollback(name=name)
                self.message_user(request, f"{name} rolled back to v{prompt.version}.", messages.SUCCESS)
            except DomainError as exc:
                self.message_user(request, exc.message, messages.ERROR)


# ---- agent configs -------------------------------------------------------------------------------
class AgentConfigForm(forms.ModelForm):
    class Meta:
        model = AgentConfig
        fields = ["slug", "name", "description", "is_active", "is_default", "staff_only", "provider", "model",
                  "temperature", "max_tokens", "max_iterations", "timeout_seconds", "max_retries", "tool_mode",
                  "enabled_tools", "system_prompt", "answer_format", "similarity_threshold", "max_results", "hybrid",
                  "vector_weight", "text_weight", "corpus_include", "corpus_exclude", "corpus_order",
                  "confidence_threshold", "external_servers"]

    def clean(self):
        data = super().clean()
        for field, message in services.agent_config_problems(data).items():
            if field in self.fields:
                self.add_error(field, message)
            else:
                self.add_error(None, message)
        return data


@admin.register(AgentConfig)
class AgentConfigAdmin(admin.ModelAdmin):
    form = AgentConfigForm
    list_display = ("slug", "name", "is_default", "is_active", "staff_only", "provider", "tool_mode",
                    "max_iterations", "confidence_threshold")
    list_filter = ("is_active", "provider", "tool_mode")
    actions = ["make_default"]
    fieldsets = (
        (None, {"fields": ("slug", "name", "description", "is_active", "is_default", "staff_only")}),
        ("Model", {"fields": ("provider", "model", "temperature", "max_tokens", "max_iterations", "timeout_seconds",
                              "max_retries", "tool_mode", "enabled_tools", "system_prompt", "answer_format")}),
        ("Search", {"fields": ("similarity_threshold", "max_results", "hybrid", "vector_weight", "text_weight",
                               "corpus_include", "corpus_exclude", "corpus_order")}),
        ("Escalation", {"fields": ("confidence_threshold",)}),
        ("External tools (MCP servers, A2A agents)", {"fields": ("external_servers",)}),
    )
    filter_horizontal = ("external_servers",)

    def save_model(self, request, obj, form, change):
        make_default = obj.is_default
        obj.is_default = False if make_default else obj.is_default
        super().save_model(request, obj, form, change)
        if make_default:
            services.agent_config_set_default(config_id=obj.pk)
            obj.is_default = True

    @admin.action(description="Make the selected assistant the default")
    def make_default(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, "Select exactly one assistant to make the default.", messages.ERROR)
            return
        config = services.agent_config_set_default(config_id=queryset.get().pk)
        self.message_user(request, f"{config.name} is now the default assistant.", messages.SUCCESS)


# ---- conversations and traces ----------------------------------------------------------------------
def _trace_html(message: Message):
    calls = list(message.tool_calls.all())
    if not calls:
        return "—"
    return format_html("<ol>{}</ol>", format_html_join(
        "", "<li><code>{}({})</code> · {} ms{}<br><small>{}</small></li>",
        ((c.tool, json.dumps(c.arguments, ensure_ascii=False), f"{c.duration_ms:.0f}",
          f" · error: {c.error}" if c.error else "", c.result_summary) for c in calls)))


class MessageInline(admin.StackedInline):
    model = Message
    extra = 0
    can_delete = False
    fields = ("role", "content", "confidence", "escalated", "latency_ms", "provider", "tool_trace", "error")
    readonly_fields = fields
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False

    @admin.display(description="Tool calls")
    def tool_trace(self, obj):
        return _trace_html(obj)


@admin.register(Conversation)
class ConversationAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    """Own conversations, or one whose escalation is assigned to you (config/admin_privacy.py)."""

    def private_rows(self, request):
        return conversations_visible_q(request)

    list_display = ("id", "user", "title", "agent_slug", "updated_at")
    list_filter = ("agent_slug",)
    search_fields = ("title", "user__username", "messages__content")
    readonly_fields = ("user", "title", "agent_slug", "created_at", "updated_at")
    inlines = [MessageInline]


class ToolCallInline(admin.TabularInline):
    model = ToolCall
    extra = 0
    can_delete = False
    fields = ("position", "tool", "arguments", "duration_ms", "error", "result_summary")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Message)
class MessageAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    def private_rows(self, request):
        return conversations_visible_q(request, "conversation__")

    list_display = ("id", "conversation", "role", "short", "confidence", "escalated", "latency_ms", "created_at")
    list_filter = ("role", "escalated", "provider")
    search_fields = ("content",)
    readonly_fields = ("conversation", "role", "content", "answer", "confidence", "escalated", "latency_ms",
                       "token_usage", "timings", "agent_slug", "provider", "error", "created_at")
    inlines = [ToolCallInline]
    actions = ["approve_as_answer_fact"]

    @admin.display(description="Content")
    def short(self, obj):
        return obj.content[:80]

    @admin.action(description="Approve as answer facts (cited, confident answers become knowledge for their asker)")
    def approve_as_answer_fact(self, request, queryset):
        from chat.answer_facts import answer_fact_from_message

        for message in queryset:
            try:
                kept = answer_fact_from_message(message=message, approved_by=request.user)
            except DomainError as exc:
                self.message_user(request, f"Message {message.pk}: {exc.message}", messages.WARNING)
                continue
            self.message_user(request, f"Message {message.pk} kept as answer fact {kept.pk}.", messages.SUCCESS)


# ---- escalations and feedback ----------------------------------------------------------------------
class EscalationForm(forms.ModelForm):
    class Meta:
        model = Escalation
        fields = ["status", "assignee", "resolution_note"]

    def clean(self):
        data = super().clean()
        if data.get("status") == Escalation.Status.RESOLVED and not (data.get("resolution_note") or "").strip():
            self.add_error("resolution_note", "Say how the question was resolved before marking it resolved.")
        if data.get("status") == Escalation.Status.ASSIGNED and not data.get("assignee"):
            self.add_error("assignee", "Choose who the escalation is assigned to.")
        return data


@admin.register(Escalation)
class EscalationAdmin(admin.ModelAdmin):
    form = EscalationForm
    list_display = ("id", "status", "confidence", "user", "question", "assignee", "created_at")
    list_filter = ("status",)
    readonly_fields = ("conversation", "message", "question", "answer_given", "reason", "confidence", "created_at",
                       "updated_at", "tool_trace")
    fields = ("status", "assignee", "resolution_note") + readonly_fields
    actions = ["assign_to_me"]

    @admin.display(description="User")
    def user(self, obj):
        return obj.conversation.user

    @admin.display(description="Question")
    def question(self, obj):
        asked = obj.conversation.messages.filter(role=Message.Role.USER, id__lt=obj.message_id).order_by("-id").first()
        return asked.content if asked else ""

    @admin.display(description="Answer given")
    def answer_given(self, obj):
        return obj.message.content

    @admin.display(description="Tool calls")
    def tool_trace(self, obj):
        return _trace_html(obj.message)

    @admin.action(description="Assign to me")
    def assign_to_me(self, request, queryset):
        for escalation in queryset:
            try:
                services.escalation_assign(escalation_id=escalation.pk, assignee=request.user)
            except DomainError as exc:
                self.message_user(request, exc.message, messages.WARNING)


@admin.register(Feedback)
class FeedbackAdmin(admin.ModelAdmin):
    list_display = ("id", "rating", "user", "message", "comment", "created_at")
    list_filter = ("rating",)
    search_fields = ("comment", "message__content")
    readonly_fields = ("message", "user", "rating", "comment", "created_at", "updated_at")


from chat import external_admin  # noqa: E402,F401  (external MCP servers and A2A agents: registered there)
