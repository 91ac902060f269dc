from django.urls import path
from django.views.generic import RedirectView

from accounts.web import onboarding, views

urlpatterns = [
    path("account/", views.account_page, name="web-account"),
    path("settings/", RedirectView.as_view(pattern_name="web-account"), name="web-settings"),
    path("account/profile/", views.profile_save, name="web-account-profile"),
    path("account/tokens/", views.token_create, name="web-account-token-create"),
    path("account/tokens/<int:token_id>/revoke/", views.token_revoke, name="web-account-token-revoke"),
    path("account/export/", views.account_export, name="web-account-export"),
    path("account/token/", views.api_token_rotate, name="web-account-token"),
    path("account/delete/", views.account_delete, name="web-account-delete"),
    path("account/sandbox/", onboarding.sandbox_page, name="web-sandbox"),
    path("account/sandbox/enter/", onboarding.sandbox_enter, name="web-sandbox-enter"),
    path("account/sandbox/leave/", onboarding.sandbox_leave, name="web-sandbox-leave"),
    path("account/sandbox/delete/", onboarding.sandbox_delete, name="web-sandbox-delete"),
    path("welcome/", onboarding.welcome, name="web-welcome"),
    path("welcome/preferences/", onboarding.welcome_preferences, name="web-welcome-preferences"),
    path("welcome/account/", onboarding.welcome_account, name="web-welcome-account"),
    path("welcome/jars/", onboarding.welcome_jars, name="web-welcome-jars"),
    path("welcome/done/", onboarding.welcome_done, name="web-welcome-done"),
]
