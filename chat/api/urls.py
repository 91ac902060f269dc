from django.urls import path

from chat.actions import api as actions
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
    # proposed actions (chat/actions/): nothing changes until confirmed; applied ones can be undone
    path("actions/", actions.ActionListView.as_view(), name="action-list"),
    path("actions/<int:action_id>/", actions.ActionDetailView.as_view(), name="action-detail"),
    path("actions/<int:action_id>/confirm/", actions.ActionConfirmView.as_view(), name="action-confirm"),
    path("actions/<int:action_id>/cancel/", actions.ActionCancelView.as_view(), name="action-cancel"),
    path("actions/<int:action_id>/undo/", actions.ActionUndoView.as_view(), name="action-undo"),
]
