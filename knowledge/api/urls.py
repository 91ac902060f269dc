from django.urls import path

from . import views

app_name = "knowledge"

urlpatterns = [
    path("corpora/", views.CorpusListApi.as_view(), name="corpora"),
    path("documents/", views.DocumentListApi.as_view(), name="documents"),
    path("documents/<int:document_id>/", views.DocumentDetailApi.as_view(), name="document"),
    path("notes/", views.NoteCreateApi.as_view(), name="notes"),
    path("search/", views.SearchApi.as_view(), name="search"),
    path("pages/<int:page_id>/", views.PageDetailApi.as_view(), name="page"),
    path("pages/<int:page_id>/image.png", views.PageImageApi.as_view(), name="page-image"),
]
