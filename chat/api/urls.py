from django.urls import path

from chat.api import views

app_name = "chat-api"

urlpatterns = [
    path("", views.ChatView.as_view(), name="chat"),
    path("stream/", views.ChatStreamView.as_view(), name="chat-stream"),
    path("conversations/", views.ConversationListView.as_view(), name="conversation-list"),
    path("conversations/<int:conversation_id>/", views.ConversationDetailView.as_view(), name="conversation-detail"),
    path("conversations/<int:conversation_id>/read/", views.ConversationReadView.as_view(), name="conversation-read"),
    path("notices/", views.TeamRepliesView.as_view(), name="team-replies"),
    path("messages/<int:message_id>/feedback/", views.FeedbackView.as_view(), name="message-feedback"),
]
