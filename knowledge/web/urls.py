from django.urls import path

from knowledge.web import views

urlpatterns = [
    path("documents/", views.documents_page, name="web-documents"),
    path("documents/upload/", views.document_upload, name="web-document-upload"),
    path("documents/notes/", views.note_save, name="web-note-save"),
    path("documents/<int:document_id>/", views.document_detail, name="web-document"),
    path("documents/<int:document_id>/edit/", views.note_edit, name="web-note-edit"),
    path("documents/<int:document_id>/delete/", views.document_delete, name="web-document-delete"),
    path("documents/pages/<int:page_id>/", views.page_view, name="web-page"),
]
