from django.urls import path

from accounts.web import views

urlpatterns = [
    path("account/", views.account_page, name="web-account"),
    path("account/export/", views.account_export, name="web-account-export"),
    path("account/token/", views.api_token_rotate, name="web-account-token"),
    path("account/delete/", views.account_delete, name="web-account-delete"),
]
