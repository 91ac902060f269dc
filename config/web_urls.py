"""Web UI routes: server-rendered pages (templates + htmx). Page views live in `<app>/web/`."""
from django.urls import include, path

from accounts.web.login import LoginView

urlpatterns = [
    # Sign-in, sign-up, email, password and two-factor pages (django-allauth) keep the old /login/ and /logout/.
    path("login/", LoginView.as_view(), name="account_login"),
    path("", include("allauth.urls")),
    path("", include("dashboard.web.urls")),
    path("", include("transactions.web.urls")),
    path("", include("chat.web.urls")),
    path("", include("knowledge.web.urls")),
    path("", include("accounts.web.urls")),
]
