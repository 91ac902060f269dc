"""Knowledge base: corpora of documents, their pages, and the facts retrieval returns.

A document is searchable only when its status is `ready`: pages and facts written while ingestion
runs (or left behind by a crash) are never returned by search.
"""
from __future__ import annotations

from django.conf import settings
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.db.models import Value
from django.db.models.functions import Cast, Concat
from pgvector.django import HnswIndex, VectorField

from core.embeddings import EMBEDDING_DIM

# HNSW graph parameters for every vector index. m=16/ef_construction=64 (pgvector's defaults) topped out at
# recall@10 0.94 on the 1M-fact scale run whatever ef_search was (0.937 at both 400 and 800): the graph,
# not the search breadth, was the limit. See knowledge/README.md, "Scale run".
HNSW_M = 32
HNSW_EF_CONSTRUCTION = 128

PRIVATE_SLUG_PREFIX = "private-"


def private_corpus_slug(user_id: int) -> str:
    return f"{PRIVATE_SLUG_PREFIX}{user_id}"


class Corpus(models.Model):
    class Visibility(models.TextChoices):
        SHARED = "shared", "Shared (managed by editors)"
        PRIVATE = "private", "Private to one user"

    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    visibility = models.CharField(max_length=10, choices=Visibility.choices, default=Visibility.SHARED)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                              related_name="private_corpora")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "corpora"
        ordering = ["slug"]
        constraints = [
            models.CheckConstraint(
                condition=(models.Q(visibility="shared", owner__isnull=True)
                           | models.Q(visibility="private", owner__isnull=False)),
                name="knowledge_corpus_private_has_owner",
            ),
            # `private-<id>` is reserved for user <id>'s own private corpus, so no one can create it first and
            # receive that user's notes (corpus squatting; migration 0006 renamed rows that broke this).
            models.CheckConstraint(
                condition=(~models.Q(slug__startswith=PRIVATE_SLUG_PREFIX)
                           | models.Q(visibility="private",
                                      slug=Concat(Value(PRIVATE_SLUG_PREFIX), Cast("owner_id", models.TextField())))),
                name="knowledge_corpus_private_slug_reserved",
            ),
        ]

    def __str__(self) -> str:
        return self.slug


class Document(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        PROCESSING = "processing", "Processing"
        READY = "ready", "Ready"
        FAILED = "failed", "Failed"

    class Kind(models.TextChoices):
        PDF = "pdf", "PDF"
        MARKDOWN = "markdown", "Markdown"
        TEXT = "text", "Plain text"
        HTML = "html", "HTML"

    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="documents")
    title = models.CharField(max_length=300)
    file = models.FileField(upload_to="knowledge/%Y/%m/", max_length=500)
    file_name = models.CharField(max_length=300)
    sha256 = models.CharField(max_length=64)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    size_bytes = models.BigIntegerField(default=0)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING, db_index=True)
    stage = models.CharField(max_length=40, blank=True, help_text="What ingestion is doing right now")
    error = models.TextField(blank=True, help_text="Why ingestion failed, in words a person understands")
    pages_total = models.PositiveIntegerField(default=0)
    pages_done = models.PositiveIntegerField(default=0)
    attempts = models.PositiveIntegerField(default=0)
    claimed_at = models.DateTimeField(null=True, blank=True)
    enqueued_at = models.DateTimeField(null=True, blank=True,
                                       help_text="When the ingestion task was last handed to the broker (empty: "
                                                 "not yet, e.g. the broker was down; the sweeper retries)")
    summary = models.TextField(blank=True)
    metadata = models.JSONField(default=dict, blank=True)
    identity = models.TextField(blank=True, help_text="Company, document type and period, used for retrieval")
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="uploaded_documents")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    ingested_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["corpus", "sha256"], name="knowledge_document_unique_file_per_corpus"),
        ]

    def __str__(self) -> str:
        return self.title

    @property
    def progress(self) -> str:
        if self.pages_total:
            return f"{self.pages_done}/{self.pages_total} pages"
        return ""


def source_note(text_source: str | None, ocr_confidence: float | None) -> str:
    """What a citation says about where a page's words came from ("" for an ordinary text page)."""
    if text_source != "ocr":
        return ""
    if ocr_confidence is None:
        return "text read from a scan (OCR)"
    return f"text read from a scan (OCR, {ocr_confidence:.0%} confidence)"


class Page(models.Model):
    class Representation(models.TextChoices):
        TEXT = "text", "Text"
        IMAGE = "image", "Image (layout carries the meaning)"

    class TextSource(models.TextChoices):
        LAYER = "layer", "The PDF's text layer (or the file's own text)"
        OCR = "ocr", "Read from a scan (OCR)"

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="pages")
    number = models.PositiveIntegerField(help_text="1-based, as in the source")
    text = models.TextField(blank=True)
    markdown = models.TextField(blank=True, help_text="Table-preserving form: table rows as | cells |")
    heading = models.CharField(max_length=300, blank=True)
    summary = models.TextField(blank=True)
    representation = models.CharField(max_length=8, choices=Representation.choices, default=Representation.TEXT)
    image = models.BinaryField(null=True, blank=True, editable=False)
    has_tables = models.BooleanField(default=False)
    text_source = models.CharField(max_length=5, choices=TextSource.choices, default=TextSource.LAYER)
    ocr_confidence = models.FloatField(null=True, blank=True,
                                       help_text="OCR engine's mean character confidence (0-1) for OCR'd pages")
    embedding = VectorField(dimensions=EMBEDDING_DIM, null=True, blank=True)
    search_vector = SearchVectorField(null=True, blank=True)

    class Meta:
        ordering = ["document_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["document", "number"], name="knowledge_page_unique_number"),
        ]
        indexes = [
            HnswIndex(name="knowledge_page_embedding_hnsw", fields=["embedding"], m=HNSW_M,
                      ef_construction=HNSW_EF_CONSTRUCTION, opclasses=["vector_cosine_ops"]),
            GinIndex(name="knowledge_page_search_gin", fields=["search_vector"]),
        ]

    def __str__(self) -> str:
        return f"{self.document} p.{self.number}"

    @property
    def source_note(self) -> str:
        return source_note(self.text_source, self.ocr_confidence)


class Fact(models.Model):
    class Origin(models.TextChoices):
        EXTRACTED = "extracted", "Extracted by the LLM"
        CHUNK = "chunk", "Chunk of the page"
        NOTE = "note", "User note"
        ANSWER = "answer", "Saved answer"

    class Mode(models.TextChoices):
        OFFLINE = "offline", "Offline (deterministic)"
        LLM = "llm", "LLM"

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="facts")
    page = models.ForeignKey(Page, null=True, blank=True, on_delete=models.CASCADE, related_name="facts")
    ordinal = models.PositiveIntegerField(help_text="Position within the page (or document when page-less)")
    text = models.TextField()
    context = models.CharField(max_length=500, blank=True,
                               help_text="Document/page context prefixed for embedding and full text")
    questions = models.JSONField(default=list, blank=True)
    origin = models.CharField(max_length=10, choices=Origin.choices, default=Origin.CHUNK)
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.OFFLINE)
    embedding = VectorField(dimensions=EMBEDDING_DIM, null=True, blank=True)
    question_embedding = VectorField(dimensions=EMBEDDING_DIM, null=True, blank=True)
    search_vector = SearchVectorField(null=True, blank=True)

    class Meta:
        ordering = ["document_id", "page_id", "ordinal"]
        constraints = [
            models.UniqueConstraint(fields=["document", "page", "ordinal"], name="knowledge_fact_unique_position",
                                    nulls_distinct=False),
        ]
        indexes = [
            HnswIndex(name="knowledge_fact_embedding_hnsw", fields=["embedding"], m=HNSW_M,
                      ef_construction=HNSW_EF_CONSTRUCTION, opclasses=["vector_cosine_ops"]),
            HnswIndex(name="knowledge_fact_question_hnsw", fields=["question_embedding"], m=HNSW_M,
                      ef_construction=HNSW_EF_CONSTRUCTION, opclasses=["vector_cosine_ops"]),
            GinIndex(name="knowledge_fact_search_gin", fields=["search_vector"]),
        ]

    def __str__(self) -> str:
        return self.text[:80]


class AnswerFact(models.Model):
    """A good answer kept as knowledge: the question, the answer, the facts it cited (the original citations).

    While active, `fact` is a Fact of origin `answer` in the owner's private corpus (document "Saved answers"), so
    retrieval finds it for that user only. Retiring or invalidating it deletes that Fact (search never sees it
    again) and keeps this row for the editors' record. See knowledge/answers.py.
    """

    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        RETIRED = "retired", "Retired by an editor"
        INVALIDATED = "invalidated", "Invalidated (a source document changed)"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="answer_facts")
    fact = models.OneToOneField(Fact, null=True, blank=True, on_delete=models.SET_NULL, related_name="answer_fact")
    question = models.TextField()
    answer = models.TextField()
    # [{fact_id, document_id, document, file_name, corpus, page, page_id, quote}] as cited when the answer was given
    sources = models.JSONField(default=list)
    source_documents = models.ManyToManyField(Document, blank=True, related_name="answer_facts")
    source_message_id = models.BigIntegerField(null=True, blank=True, unique=True,
                                               help_text="The chat message (assistant answer) it came from")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE, db_index=True)
    status_reason = models.CharField(max_length=300, blank=True)
    rated_helpful = models.BooleanField(default=False)
    approved_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="approved_answer_facts")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.question[:60]} ({self.status})"
