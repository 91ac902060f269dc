"""Chat admin: prompt versions (activate, roll back, diff), agent configs, conversations with tool traces,
the escalation queue and feedback. Writes go through chat.services."""
from __future__ import annotations

import difflib
import json
from datetime import timedelta

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join

from chat import services
from chat.answer_facts import answer_fact_from_message
from chat.models import AgentConfig, Conversation, Escalation, Feedback, Message, Prompt, ToolCall
from chat.prompts import KIND_RULES, NAME_RULES, prompt_problems
from core.admin_privacy import OwnRowsOnlyAdmin
from core.errors import DomainError


def conversations_visible_q(request, prefix: str = "") -> Q:
    """Own conversations + those with an unresolved escalation assigned to this staff member."""
    escalated = (Escalation.objects.filter(assignee=request.user)
                 .exclude(status=Escalation.Status.RESOLVED).values("conversation_id"))
    return Q(**{f"{prefix}user": request.user}) | Q(**{f"{prefix}id__in": escalated})


# ---- prompts -----------------------------------------------------------------------------------


class PromptForm(forms.ModelForm):
    activate = forms.BooleanField(required=False, initial=True,
                                  help_text="Make this version the active one when saved.")

    class Meta:
        model = Prompt
        fields = ["name", "kind", "content", "note"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Editing an old, inactive version must not silently make the edit live: tick "activate" only when the
        # version being edited is the active one (or for a brand-new prompt).
        if self.instance.pk and not self.is_bound:
            self.fields["activate"].initial = bool(self.instance.is_active)

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

    def response_change(self, request, obj):
        # Saving created a new version (a new row): "Save and continue" must open that version, not the old one.
        if "_continue" in request.POST and obj.pk:
            return HttpResponseRedirect(reverse("admin:chat_prompt_change", args=[obj.pk]))
        return super().response_change(request, obj)

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
    """Own conversations, or one whose escalation is assigned to you (`conversations_visible_q`)."""

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
                       "token_usage", "timings", "agent_slug", "provider", "error", "author", "reply_to", "read_at",
                       "created_at")
    inlines = [ToolCallInline]
    actions = ["approve_as_answer_fact"]

    @admin.display(description="Content")
    def short(self, obj):
        return obj.content[:80]

    @admin.action(description="Approve as answer facts (cited, confident answers become knowledge for their asker)")
    def approve_as_answer_fact(self, request, queryset):
        for message in queryset:
            try:
                kept = answer_fact_from_message(message=message, approved_by=request.user)
            except DomainError as exc:
                self.message_user(request, f"Message {message.pk}: {exc.message}", messages.WARNING)
                continue
            self.message_user(request, f"Message {message.pk} kept as answer fact {kept.pk}.", messages.SUCCESS)


# ---- escalations and feedback ----------------------------------------------------------------------
def _sla_hours() -> int:
    return int(getattr(settings, "MONETA_ESCALATION_SLA_HOURS", 24))


def _hours(delta: timedelta) -> str:
    hours = delta.total_seconds() / 3600
    if hours < 1:
        return f"{max(1, round(hours * 60))} min"
    return f"{hours:.0f} h" if hours < 48 else f"{hours / 24:.0f} days"


class OverdueFilter(admin.SimpleListFilter):
    title = "SLA"
    parameter_name = "sla"

    def lookups(self, request, model_admin):
        return [("overdue", f"Overdue (open over {_sla_hours()} h)"), ("within", "Open, within SLA")]

    def queryset(self, request, queryset):
        deadline = timezone.now() - timedelta(hours=_sla_hours())
        unresolved = queryset.exclude(status=Escalation.Status.RESOLVED)
        if self.value() == "overdue":
            return unresolved.filter(created_at__lt=deadline)
        if self.value() == "within":
            return unresolved.filter(created_at__gte=deadline)
        return queryset


class EscalationForm(forms.ModelForm):
    reply = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 6, "class": "vLargeTextField"}), label="Reply to the user",
        help_text="Shown in the user's conversation as “Reply from the Moneta team”, with an unread notice until "
                  "they open it. The resolution note below stays internal.")

    class Meta:
        model = Escalation
        fields = ["status", "assignee", "reply", "resolution_note"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "assignee" in self.fields:  # only staff can pick up an escalation
            self.fields["assignee"].queryset = get_user_model().objects.filter(is_staff=True, is_active=True)

    def clean(self):
        data = super().clean()
        has_reply = bool((data.get("reply") or "").strip())
        if (data.get("status") == Escalation.Status.RESOLVED and not has_reply
                and not (data.get("resolution_note") or "").strip()):
            self.add_error("resolution_note", "Say how the question was resolved (or write a reply to the user) "
                                              "before marking it resolved.")
        if data.get("status") == Escalation.Status.ASSIGNED and not data.get("assignee"):
            self.add_error("assignee", "Choose who the escalation is assigned to.")
        return data


@admin.register(Escalation)
class EscalationAdmin(admin.ModelAdmin):
    form = EscalationForm
    list_display = ("id", "status", "age", "sla", "source", "confidence", "user", "question", "assignee",
                    "created_at")
    list_filter = ("status", OverdueFilter, "source")
    readonly_fields = ("conversation", "message", "question", "answer_given", "reason", "source", "confidence",
                       "age", "sla", "replies_sent", "created_at", "updated_at", "resolved_at", "tool_trace")
    fields = ("status", "assignee", "reply", "resolution_note") + readonly_fields
    actions = ["assign_to_me"]
    ordering = ("status", "created_at")  # within a status, the oldest (closest to its SLA) first

    def has_add_permission(self, request):
        return False  # escalations come from the chat (low confidence) or a user's feedback, never typed in

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

    @admin.display(description="Age", ordering="created_at")
    def age(self, obj):
        end = obj.resolved_at if obj.status == Escalation.Status.RESOLVED and obj.resolved_at else timezone.now()
        return _hours(end - obj.created_at)

    @admin.display(description="SLA")
    def sla(self, obj):
        limit = timedelta(hours=_sla_hours())
        if obj.status == Escalation.Status.RESOLVED:
            took = (obj.resolved_at or obj.updated_at) - obj.created_at
            return "met" if took <= limit else f"resolved late ({_hours(took - limit)} over)"
        left = obj.created_at + limit - timezone.now()
        if left.total_seconds() < 0:
            return format_html('<strong style="color:#a50e0e">overdue by {}</strong>', _hours(-left))
        return f"due in {_hours(left)}"

    @admin.display(description="Replies sent to the user")
    def replies_sent(self, obj):
        replies = list(obj.replies.order_by("created_at")) if obj.pk else []
        if not replies:
            return "None yet."
        return format_html_join("", "<p><strong>{}</strong> · {} · {}<br>{}</p>", (
            (r.author or "staff", f"{r.created_at:%Y-%m-%d %H:%M}", "read" if r.read_at else "unread", r.content)
            for r in replies))

    @admin.display(description="Tool calls")
    def tool_trace(self, obj):
        return _trace_html(obj.message)

    def save_model(self, request, obj, form, change):
        # Writes go through the services: the reply becomes a message in the user's conversation.
        if not change:
            return super().save_model(request, obj, form, change)
        data = form.cleaned_data
        try:
            services.escalation_update(escalation_id=obj.pk, actor=request.user, status=data["status"],
                                       assignee=data.get("assignee"), note=data.get("resolution_note") or "",
                                       reply=data.get("reply") or "")
        except DomainError as exc:
            self.message_user(request, exc.message, messages.ERROR)
            return
        obj.refresh_from_db()
        if (data.get("reply") or "").strip():
            self.message_user(request, f"Your reply was posted in {obj.conversation.user}'s conversation.",
                              messages.SUCCESS)

    @admin.action(description="Assign to me")
    def assign_to_me(self, request, queryset):
        for escalation in queryset:
            try:
                services.escalation_assign(escalation_id=escalation.pk, assignee=request.user)
            except DomainError as exc:
                self.message_user(request, exc.message, messages.WARNING)


@admin.register(Feedback)
class FeedbackAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    """Feedback on the staff member's own answers, or on a conversation escalated to them (a "not helpful" with a
    comment opens an escalation, which is how the team picks it up): the rated answer is the user's data."""

    def private_rows(self, request):
        return conversations_visible_q(request, "message__conversation__")

    list_display = ("id", "rating", "user", "message", "comment", "created_at")
    list_filter = ("rating",)
    search_fields = ("comment", "message__content")
    readonly_fields = ("message", "user", "rating", "comment", "created_at", "updated_at")


from chat.external import admin as external_admin  # noqa: E402,F401  (external MCP servers and A2A agents: registered there)
