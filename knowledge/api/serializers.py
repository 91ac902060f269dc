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


class ScoresSerializer(serializers.Serializer):
    vector = serializers.FloatField()
    text = serializers.FloatField()
    fused = serializers.FloatField()


class SearchResultSerializer(serializers.Serializer):
    fact_id = serializers.IntegerField()
    text = serializers.CharField()
    questions = serializers.ListField(child=serializers.CharField())
    document_id = serializers.IntegerField()
    document = serializers.CharField()
    file_name = serializers.CharField()
    corpus = serializers.CharField()
    page = serializers.IntegerField(allow_null=True)
    page_id = serializers.IntegerField(allow_null=True)
    scores = ScoresSerializer()
    source_note = serializers.CharField(required=False, help_text="Present when the page was read from a scan")


class SearchDocumentSerializer(serializers.Serializer):
    document_id = serializers.IntegerField()
    document = serializers.CharField()
    file_name = serializers.CharField()
    corpus = serializers.CharField()
    summary = serializers.CharField()
    best_score = serializers.FloatField()
    results = SearchResultSerializer(many=True)


class SearchResponseSerializer(serializers.Serializer):
    query = serializers.CharField()
    settings = serializers.DictField()
    results = SearchResultSerializer(many=True)
    documents = SearchDocumentSerializer(many=True)


class DocumentSerializer(serializers.Serializer):
    document_id = serializers.IntegerField()
    title = serializers.CharField()
    file_name = serializers.CharField()
    corpus = serializers.CharField()
    kind = serializers.CharField()
    status = serializers.CharField()
    pages = serializers.IntegerField()
    facts = serializers.IntegerField()
    summary = serializers.CharField()
    error = serializers.CharField()
    progress = serializers.DictField()


class PageSerializer(serializers.Serializer):
    page_id = serializers.IntegerField()
    document = serializers.CharField()
    document_id = serializers.IntegerField()
    file_name = serializers.CharField()
    corpus = serializers.CharField()
    page = serializers.IntegerField()
    text = serializers.CharField()
    markdown = serializers.CharField()
    representation = serializers.CharField()
    text_source = serializers.ChoiceField(choices=["layer", "ocr"])
    ocr_confidence = serializers.FloatField(allow_null=True)
    source_note = serializers.CharField(help_text='"text read from a scan (OCR, 97% confidence)" or ""')
    image_url = serializers.CharField(allow_null=True)


class CorpusSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField()
    visibility = serializers.CharField()
    documents = serializers.IntegerField()
