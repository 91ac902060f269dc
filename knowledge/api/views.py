"""Thin views: validate, call a service/selector, return its JSON."""
from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import DomainError
from knowledge import selectors, services

from . import serializers as s


def _slugs(request, name: str) -> list[str] | None:
    values = [v for raw in request.query_params.getlist(name) for v in raw.split(",") if v.strip()]
    return values or None


class CorpusListApi(APIView):
    @extend_schema(responses=s.CorpusSerializer(many=True), summary="Corpora you can search")
    def get(self, request):
        return Response(selectors.corpus_list(user=request.user))


class DocumentListApi(APIView):
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(parameters=[OpenApiParameter("corpus", str, required=False)],
                   responses=s.DocumentSerializer(many=True), summary="Documents you can see")
    def get(self, request):
        return Response(selectors.document_list(user=request.user, corpus=request.query_params.get("corpus")))

    @extend_schema(request={"multipart/form-data": s.DocumentUploadSerializer},
                   responses={201: s.DocumentDetailSerializer, 200: s.DocumentDetailSerializer},
                   summary="Upload a document (editors: shared corpora; anyone: 'private')")
    def post(self, request):
        form = s.DocumentUploadSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        doc = services.document_upload(user=request.user, corpus_slug=form.validated_data["corpus"],
                                       uploaded_file=form.validated_data["file"],
                                       title=form.validated_data.get("title"))
        body = selectors.document_detail(user=request.user, document_id=doc.id)
        created = getattr(doc, "was_created", True)
        body["duplicate"] = not created
        return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class DocumentDetailApi(APIView):
    @extend_schema(responses=s.DocumentDetailSerializer, summary="A document with its status, progress and pages")
    def get(self, request, document_id: int):
        return Response(selectors.document_detail(user=request.user, document_id=document_id))

    @extend_schema(responses={204: None}, summary="Delete a document with its pages and facts")
    def delete(self, request, document_id: int):
        services.document_delete(user=request.user, document_id=document_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class NoteCreateApi(APIView):
    @extend_schema(request=s.NoteSerializer, responses={201: s.DocumentDetailSerializer},
                   summary="Save a note into your private corpus")
    def post(self, request):
        form = s.NoteSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        doc = services.note_save(user=request.user, **form.validated_data)
        return Response(selectors.document_detail(user=request.user, document_id=doc.id),
                        status=status.HTTP_201_CREATED)


class SearchApi(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("q", str, required=True), OpenApiParameter("k", int, required=False),
                    OpenApiParameter("threshold", float, required=False),
                    OpenApiParameter("hybrid", bool, required=False),
                    OpenApiParameter("corpus", str, required=False, many=True,
                                     description="only these corpora (repeat or comma-separate)"),
                    OpenApiParameter("exclude_corpus", str, required=False, many=True)],
        responses=s.SearchResponseSerializer, summary="Hybrid search with page citations")
    def get(self, request):
        form = s.SearchQuerySerializer(data=request.query_params)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        return Response(selectors.knowledge_search(
            user=request.user, query=data["q"], k=data.get("k"), similarity_threshold=data.get("threshold"),
            corpus_include=_slugs(request, "corpus"), corpus_exclude=_slugs(request, "exclude_corpus"),
            hybrid=data.get("hybrid", True)))


class PageDetailApi(APIView):
    @extend_schema(responses=s.PageSerializer, summary="A page's text (for citations)")
    def get(self, request, page_id: int):
        return Response(selectors.page_detail(user=request.user, page_id=page_id))


class PageImageApi(APIView):
    @extend_schema(responses={(200, "image/png"): OpenApiTypes.BINARY}, summary="The page rendered as PNG")
    def get(self, request, page_id: int):
        page = selectors.page_for_image(user=request.user, page_id=page_id)
        png = services.page_png(page=page)
        if png is None:
            raise DomainError("This page has no image (it is not from a PDF)", code="not_found", status_code=404)
        response = HttpResponse(png, content_type="image/png")
        response["Cache-Control"] = "private, max-age=3600"
        return response
