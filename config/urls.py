from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

from chat.a2a.views import agent_card, investigator_rpc
from chat.mcp.views import mcp_endpoint
from config.metrics import metrics_view
from core.health import healthz

api_v1 = [
    path("knowledge/", include("knowledge.api.urls")),
    path("transactions/", include("transactions.api.urls")),
    path("chat/", include("chat.api.urls")),
    path("auth/", include("accounts.api.auth_urls")),
]

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("metrics", metrics_view, name="metrics"),
    path("api/v1/account/", include("accounts.api.urls")),
    path("admin/", admin.site.urls),
    path("mcp/", mcp_endpoint, name="mcp"),
    path("mcp", mcp_endpoint),  # clients configured without the slash: a POST cannot be redirected
    path(".well-known/agent.json", agent_card, name="a2a-agent-card"),
    path(".well-known/agent-card.json", agent_card),
    path("a2a/document-investigator/", investigator_rpc, name="a2a-investigator"),
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up script as a file: the CSP allows no inline scripts.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="api-redoc"),
]

# An unknown /api/ address, or a request refused before any view (too many fields), answers the API's JSON error
# shape; elsewhere the 400/404 pages.
handler400 = "core.api.bad_request"
handler404 = "core.api.page_not_found"

# The web UI (templates + htmx) mounts last so the API/admin prefixes win.
urlpatterns.append(path("", include("config.web_urls")))
