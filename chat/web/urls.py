from django.urls import path

from chat.actions import web as actions
from chat.web import views

urlpatterns = [
    path("chat/", views.chat_page, name="web-chat"),
    path("chat/stream/", views.chat_stream, name="web-chat-stream"),
    path("chat/conversations/", views.conversations_partial, name="web-chat-conversations"),
    path("chat/<int:conversation_id>/read/", views.replies_read, name="web-chat-replies-read"),
    path("chat/<int:conversation_id>/", views.chat_page, name="web-chat-conversation"),
    path("chat/messages/<int:message_id>/feedback/", views.feedback, name="web-chat-feedback"),
    path("chat/actions/<int:action_id>/<str:step>/", actions.action_step, name="web-chat-action"),
]
