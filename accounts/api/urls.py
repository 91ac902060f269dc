from django.urls import path

from accounts.api import views

urlpatterns = [
    path("export/", views.AccountExportView.as_view(), name="api-account-export"),
    path("delete/", views.AccountDeleteView.as_view(), name="api-account-delete"),
    path("notifications/", views.NotificationListView.as_view(), name="api-account-notifications"),
]
