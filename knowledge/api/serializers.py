from __future__ import annotations

from rest_framework import serializers


class DocumentUploadSerializer(serializers.Serializer):
    file = serializers.FileField()
    corpus = serializers.CharField(required=False, default="private",
                                   help_text="corpus slug; 'private' (default) is your own private corpus")
    title = serializers.CharField(required=False, allow_blank=True, max_length=300)


class NoteSerializer(serializers.Serializer):
    title = serializers.CharField(max_length=300)
    text = serializers.CharField()


class SearchQuerySerializer(serializers.Serializer):
    q = serializers.CharField(max_length=2000)
    k = serializers.IntegerField(required=False, min_value=1, max_value=200)
    threshold = serializers.FloatField(required=False)
    hybrid = serializers.BooleanField(required=False, default=True)


# Output-only serializers: they document what the selectors return (the views return those dicts as they are);
# tests/platform/test_api_contract.py checks real responses against the schema they produce.

class ScoresSerializer(serializers.Serializer):
    vector = serializers.FloatField(help_text="best of the fact's text and question-vector similarity")
    text = serializers.FloatField(help_text="full-text rank (0 when hybrid is off)")
    fused = serializers.FloatField(help_text="the score results are ranked by (knowledge/README.md)")
    page = serializers.FloatField(allow_null=True, help_text="similarity of the fact's page")
    document = serializers.FloatField(help_text="0..1: does the question name this document")
    statement = serializers.FloatField(help_text="0..1: is the page the financial statement the question names")


class SearchResultSerializer(serializers.Serializer):
    fact_id = serializers.IntegerField()
    text = serializers.CharField(allow_blank=True)
    questions = serializers.ListField(child=serializers.CharField())
    document_id = serializers.IntegerField()
    document = serializers.CharField()
    file_name = serializers.CharField()
    corpus = serializers.CharField()
    page = serializers.IntegerField(allow_null=True)
    page_id = serializers.IntegerField(allow_null=True)
    heading = serializers.CharField(allow_blank=True, help_text="the heading of the page the fact is on")
    scores = ScoresSerializer()
    source_note = serializers.CharField(required=False, help_text="Present when the page was read from a scan")


class SearchDocumentSerializer(serializers.Serializer):
    document_id = serializers.IntegerField()
    document = serializers.CharField()
    file_name = serializers.CharField()
    corpus = serializers.CharField()
    summary = serializers.CharField(allow_blank=True)
    best_score = serializers.FloatField()
    results = SearchResultSerializer(many=True)


class SearchResponseSerializer(serializers.Serializer):
    query = serializers.CharField()
    settings = serializers.DictField(help_text="the effective search settings (defaults + overrides)")
    results = SearchResultSerializer(many=True)
    documents = SearchDocumentSerializer(many=True)
    took_ms = serializers.FloatField(required=False, help_text="absent when there was nothing to search")


class ProgressSerializer(serializers.Serializer):
    pages_done = serializers.IntegerField()
    pages_total = serializers.IntegerField()
    percent = serializers.IntegerField()
    stage = serializers.CharField(allow_blank=True)


class DocumentSerializer(serializers.Serializer):
    document_id = serializers.IntegerField()
    title = serializers.CharField()
    file_name = serializers.CharField()
    corpus = serializers.CharField()
    kind = serializers.CharField()
    status = serializers.CharField()
    pages = serializers.IntegerField()
    facts = serializers.IntegerField()
    summary = serializers.CharField(allow_blank=True)
    error = serializers.CharField(allow_blank=True)
    progress = ProgressSerializer()
    created_at = serializers.DateTimeField()
    ingested_at = serializers.DateTimeField(allow_null=True)


class PageRefSerializer(serializers.Serializer):
    page_id = serializers.IntegerField()
    page = serializers.IntegerField()
    heading = serializers.CharField(allow_blank=True)
    summary = serializers.CharField(allow_blank=True)
    representation = serializers.CharField(allow_blank=True)


class DocumentDetailSerializer(DocumentSerializer):
    metadata = serializers.DictField(help_text="what the document says about itself (company, fiscal year, type)")
    page_list = PageRefSerializer(many=True)
    duplicate = serializers.BooleanField(required=False,
                                         help_text="upload only: the same file was already in the corpus")


class PageSerializer(serializers.Serializer):
    page_id = serializers.IntegerField()
    document = serializers.CharField()
    document_id = serializers.IntegerField()
    file_name = serializers.CharField()
    corpus = serializers.CharField()
    page = serializers.IntegerField()
    pages_total = serializers.IntegerField()
    heading = serializers.CharField(allow_blank=True)
    text = serializers.CharField(allow_blank=True)
    markdown = serializers.CharField(allow_blank=True)
    summary = serializers.CharField(allow_blank=True)
    representation = serializers.CharField(allow_blank=True)
    text_source = serializers.ChoiceField(choices=["layer", "ocr"])
    ocr_confidence = serializers.FloatField(allow_null=True)
    source_note = serializers.CharField(allow_blank=True, help_text='"text read from a scan (OCR, 97% confidence)" or ""')
    image_url = serializers.CharField(allow_null=True)


class CorpusSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField(allow_blank=True)
    visibility = serializers.CharField()
    documents = serializers.IntegerField()
