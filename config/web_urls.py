"""Web UI routes: server-rendered pages (templates + htmx). Page views live in `<app>/web/`."""
from django.contrib.auth import views as auth_views
from django.urls import include, path

from accounts.web.login import LoginView

urlpatterns = [
    path("login/", LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("dashboard.web.urls")),
    path("", include("transactions.web.urls")),
    path("", include("chat.web.urls")),
    path("", include("knowledge.web.urls")),
    path("", include("accounts.web.urls")),
]
