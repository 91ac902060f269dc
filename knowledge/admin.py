"""Editors manage corpora and documents here: upload, watch progress/failures, re-ingest, delete."""
from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.db.models import Q
from django.http import HttpResponseRedirect
from django.utils.html import format_html

from core.admin_privacy import OwnRowsOnlyAdmin
from core.errors import DomainError
from core.uploads import upload_size_check
from knowledge import services
from knowledge.corpora import corpus_slug_reserved_check
from knowledge.ingestion import pipeline
from knowledge.ingestion.parsers import ParseError, kind_for_file_name
from knowledge.models import PRIVATE_SLUG_PREFIX, Corpus, Document, Fact, Page


class CorpusForm(forms.ModelForm):
    class Meta:
        model = Corpus
        fields = ("slug", "name", "description", "visibility")

    def clean_slug(self):
        slug = self.cleaned_data["slug"]
        if "slug" in self.changed_data:
            try:
                corpus_slug_reserved_check(slug)
            except DomainError as exc:
                raise forms.ValidationError(exc.message) from exc
        return slug

    def clean(self):
        data = super().clean()
        slug = data.get("slug") or ""
        if slug.startswith(PRIVATE_SLUG_PREFIX) and data.get("visibility") != Corpus.Visibility.PRIVATE:
            self.add_error("visibility", f"'{slug}' is a user's private corpus; it stays private.")
        return data


def corpus_visible_q(request, prefix: str = "") -> Q:
    return Q(**{f"{prefix}visibility": Corpus.Visibility.SHARED}) | Q(**{f"{prefix}owner": request.user})


@admin.register(Corpus)
class CorpusAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    """The owner is never chosen here: a private corpus made in admin belongs to the editor who makes it (an
    editor cannot hand a corpus to a user, who would then find another editor's documents among their notes)."""
    form = CorpusForm
    readonly_fields = ("owner",)

    def private_rows(self, request):
        return corpus_visible_q(request)

    def save_model(self, request, obj, form, change):
        if obj.visibility == Corpus.Visibility.PRIVATE:
            obj.owner = obj.owner if change and obj.owner_id else request.user
        else:
            obj.owner = None
        super().save_model(request, obj, form, change)

    list_display = ("slug", "name", "visibility", "owner", "created_at")
    list_filter = ("visibility",)
    search_fields = ("slug", "name")
    prepopulated_fields = {"slug": ("name",)}


class DocumentUploadForm(forms.ModelForm):
    upload = forms.FileField(help_text="PDF, Markdown, text or HTML. Ingestion starts when you save.")

    class Meta:
        model = Document
        fields = ("corpus", "title")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["title"].required = False
        self.fields["title"].help_text = "Defaults to the file name without extension"

    def clean_upload(self):
        upload = self.cleaned_data["upload"]
        try:
            kind_for_file_name(upload.name)
        except ParseError as exc:
            raise forms.ValidationError(str(exc)) from exc
        if upload.size == 0:
            raise forms.ValidationError(f"{upload.name} is empty (0 bytes)")
        try:
            upload_size_check(file_name=upload.name, size=upload.size)  # the service's rule, quoted early
        except DomainError as exc:
            raise forms.ValidationError(exc.message) from exc
        return upload


class PageInline(admin.TabularInline):
    model = Page
    fields = ("number", "heading", "representation", "has_tables", "summary")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True
    max_num = 0

    def get_queryset(self, request):
        return super().get_queryset(request).defer("image", "embedding", "search_vector", "text", "markdown")


@admin.register(Document)
class DocumentAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    def private_rows(self, request):
        return corpus_visible_q(request, "corpus__")

    list_display = ("title", "corpus", "kind", "status_badge", "progress_display", "stage", "error_short",
                    "created_at")
    list_filter = ("status", "corpus", "kind")
    search_fields = ("title", "file_name", "sha256")
    actions = ["reingest", "refresh_identity"]
    readonly_fields = ("file_name", "sha256", "kind", "size_bytes", "status", "stage", "error", "pages_total",
                       "pages_done", "attempts", "summary", "identity", "metadata", "uploaded_by", "created_at",
                       "ingested_at")
    inlines = [PageInline]

    def get_form(self, request, obj=None, **kwargs):
        if obj is None:
            kwargs["form"] = DocumentUploadForm
        return super().get_form(request, obj, **kwargs)

    def get_fields(self, request, obj=None):
        if obj is None:
            return ("corpus", "title", "upload")
        return ("corpus", "title", "file") + self.readonly_fields

    def get_readonly_fields(self, request, obj=None):
        return () if obj is None else self.readonly_fields

    def get_inlines(self, request, obj):
        return [PageInline] if obj is not None else []

    def save_model(self, request, obj, form, change):
        if change:
            return super().save_model(request, obj, form, change)
        upload = form.cleaned_data["upload"]
        try:
            doc, created = services.document_create(corpus=form.cleaned_data["corpus"], file_name=upload.name,
                                                    content=upload.read(), title=form.cleaned_data.get("title"),
                                                    uploaded_by=request.user)
        except DomainError as exc:
            # The form was valid but the file is not: report it instead of a server error.
            self.message_user(request, exc.message, messages.ERROR)
            raise _UploadRejected() from exc
        obj.pk = doc.pk
        obj.__dict__.update({k: v for k, v in doc.__dict__.items() if not k.startswith("_")})
        if not created:
            self.message_user(request, f"This file is already in the corpus as “{doc.title}” ({doc.status}).",
                              messages.WARNING)

    def add_view(self, request, form_url="", extra_context=None):
        try:
            return super().add_view(request, form_url, extra_context)
        except _UploadRejected:
            return HttpResponseRedirect(request.path)

    def delete_model(self, request, obj):
        services.document_remove(document=obj)

    def delete_queryset(self, request, queryset):
        for doc in queryset:
            services.document_remove(document=doc)

    @admin.action(description="Refresh what the selected documents say about themselves (no re-ingestion)")
    def refresh_identity(self, request, queryset):
        ready = queryset.filter(status=Document.Status.READY)
        for doc in ready:
            pipeline.document_identity_refresh(document_id=doc.id)
        self.message_user(request, f"Identity refreshed for {ready.count()} ready document(s).", messages.SUCCESS)

    @admin.action(description="Re-ingest selected documents (also retries failed ones)")
    def reingest(self, request, queryset):
        for doc in queryset:
            services.document_reingest(document_id=doc.id)
        self.message_user(request, f"{queryset.count()} document(s) queued for ingestion.", messages.SUCCESS)

    @admin.display(description="Status", ordering="status")
    def status_badge(self, obj):
        colour = {"ready": "#2e7d32", "failed": "#c62828", "processing": "#1565c0"}.get(obj.status, "#666")
        return format_html('<b style="color:{}">{}</b>', colour, obj.get_status_display())

    @admin.display(description="Progress")
    def progress_display(self, obj):
        return obj.progress or "—"

    @admin.display(description="Failure reason")
    def error_short(self, obj):
        return (obj.error[:120] + "…") if len(obj.error) > 120 else obj.error


class _UploadRejected(Exception):
    pass


@admin.register(Page)
class PageAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    def private_rows(self, request):
        return corpus_visible_q(request, "document__corpus__")

    list_display = ("document", "number", "heading", "representation", "has_tables")
    list_filter = ("representation", "has_tables", ("document__corpus", admin.RelatedOnlyFieldListFilter))
    search_fields = ("document__title", "heading")
    readonly_fields = ("document", "number", "heading", "summary", "representation", "has_tables", "text",
                       "markdown")
    exclude = ("image", "embedding", "search_vector")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("document").defer("image", "embedding", "search_vector")


@admin.register(Fact)
class FactAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    def private_rows(self, request):
        return corpus_visible_q(request, "document__corpus__")

    list_display = ("short_text", "document", "page", "origin", "mode")
    list_filter = ("origin", "mode", ("document__corpus", admin.RelatedOnlyFieldListFilter))
    search_fields = ("text",)
    readonly_fields = ("document", "page", "ordinal", "context", "text", "questions", "origin", "mode")
    exclude = ("embedding", "question_embedding", "search_vector")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("document", "page").defer(
            "embedding", "question_embedding", "search_vector", "page__image", "page__embedding",
            "page__search_vector", "page__text", "page__markdown")

    @admin.display(description="Fact")
    def short_text(self, obj):
        return obj.text[:100]

from knowledge import answer_admin  # noqa: E402,F401  (answer facts: registered there)
