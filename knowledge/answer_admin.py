"""Admin for answer facts: editors see the kept answers they approved (from an escalation assigned to them) and
their own, with their sources; they correct the wording (the searchable fact is rebuilt), retire or reactivate
it. Answers a user kept by rating them stay private to that user (core/admin_privacy.py).
Imported by knowledge/admin.py."""
from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import Q
from django.utils.html import format_html_join

from core.admin_privacy import OwnRowsOnlyAdmin
from core.errors import DomainError
from knowledge.answers import answer_fact_reactivate, answer_fact_retire, answer_fact_update
from knowledge.models import AnswerFact


@admin.register(AnswerFact)
class AnswerFactAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    def private_rows(self, request):
        return Q(owner=request.user) | Q(approved_by=request.user)

    list_display = ("id", "question_short", "owner", "status", "rated_helpful", "approved_by", "source_count",
                    "created_at")
    list_filter = ("status", "rated_helpful")
    search_fields = ("question", "answer", "owner__username")
    readonly_fields = ("owner", "fact", "sources_list", "source_message_id", "status", "status_reason",
                       "rated_helpful", "approved_by", "created_at", "updated_at")
    fields = ("question", "answer") + readonly_fields
    actions = ("retire", "reactivate")

    def has_add_permission(self, request):  # answers come from chat (rating or approval), never typed in
        return False

    @admin.display(description="question")
    def question_short(self, obj: AnswerFact) -> str:
        return obj.question[:80]

    @admin.display(description="sources")
    def source_count(self, obj: AnswerFact) -> int:
        return len(obj.sources or [])

    @admin.display(description="based on (the original citations)")
    def sources_list(self, obj: AnswerFact):
        return format_html_join("", "<div>[#{}] {} {} — {}</div>", (
            (s.get("fact_id"), s.get("document"), f"p. {s['page']}" if s.get("page") else "", (s.get("quote") or "")[:200])
            for s in obj.sources or []))

    def save_model(self, request, obj, form, change):
        if change and {"question", "answer"} & set(form.changed_data):
            answer_fact_update(answer_fact_id=obj.pk, question=obj.question, answer=obj.answer)

    @admin.action(description="Retire the selected answer facts (search stops returning them)")
    def retire(self, request, queryset):
        for answer_fact in queryset:
            answer_fact_retire(answer_fact_id=answer_fact.pk, reason=f"retired by {request.user.get_username()}")
        self.message_user(request, f"Retired {queryset.count()} answer fact(s).", messages.SUCCESS)

    @admin.action(description="Reactivate the selected answer facts (if their sources still exist)")
    def reactivate(self, request, queryset):
        for answer_fact in queryset:
            try:
                done = answer_fact_reactivate(answer_fact_id=answer_fact.pk)
            except DomainError as exc:
                self.message_user(request, exc.message, messages.ERROR)
                continue
            level = messages.SUCCESS if done.status == AnswerFact.Status.ACTIVE else messages.WARNING
            self.message_user(request, f"Answer fact {done.pk}: {done.get_status_display()}. {done.status_reason}",
                              level)
