"""Web UI routes. The web UI issue fills this in; until then the home page points at the API."""
from django.http import HttpResponse
from django.urls import path


def home(request):
    return HttpResponse(
        "<h1>Moneta</h1><p><a href='/admin/'>Admin</a> · <a href='/api/docs/'>API docs</a> · "
        "<a href='/healthz'>Health</a></p>"
    )


urlpatterns = [path("", home, name="home")]
