"""Admin for external MCP servers and A2A agents (imported by chat/admin.py): register, validate, and check one
with the "test connection" action (lists the tools the allow-list lets through). The rules on what a server may be
(stdio only by superusers and from the command allow-list, URLs only to public addresses) live in
chat/external/guard.py."""
from __future__ import annotations

from django import forms
from django.contrib import admin, messages

from chat.external.a2a import a2a_agent_card
from chat.external.guard import ExternalServerUnavailable, stdio_command_problem, url_problem
from chat.external.mcp import mcp_server_tools
from chat.models import ExternalServer


def external_server_problems(values: dict) -> dict[str, str]:
    errors: dict[str, str] = {}
    kind = values.get("kind")
    if kind in ("mcp_http", "a2a") and not values.get("url"):
        errors["url"] = "an MCP HTTP server or an A2A agent needs its URL."
    if kind == "mcp_stdio" and not (values.get("command") or "").strip():
        errors["command"] = "a stdio MCP server needs the command that starts it."
    allowed = values.get("allowed_tools")
    if kind != "a2a" and (not isinstance(allowed, list) or not allowed
                          or not all(isinstance(t, str) and t for t in allowed)):
        errors["allowed_tools"] = 'list the tool names the assistant may call, e.g. ["get_rate"], or ["*"] for all.'
    for field, kind_of in (("args", list), ("headers", dict), ("env", dict)):
        if values.get(field) is not None and not isinstance(values.get(field), kind_of):
            errors[field] = f"{field} must be a JSON {'list' if kind_of is list else 'object'}."
    if kind == "mcp_stdio" and (values.get("command") or "").strip():
        problem = stdio_command_problem(values["command"].strip())
        if problem:
            errors["command"] = problem
    if kind in ("mcp_http", "a2a") and values.get("url") and "url" not in errors:
        problem = url_problem(values["url"])
        if problem:
            errors["url"] = problem
    timeout = values.get("timeout_seconds")
    if timeout is not None and not (0.5 <= float(timeout) <= 300):
        errors["timeout_seconds"] = f"timeout must be between 0.5 and 300 seconds, got {timeout:g}."
    return errors


class ExternalServerForm(forms.ModelForm):
    class Meta:
        model = ExternalServer
        fields = ["slug", "name", "description", "kind", "url", "headers", "command", "args", "env", "allowed_tools",
                  "timeout_seconds", "is_active"]

    user = None  # the signed-in staff member, set by ExternalServerAdmin.get_form

    def clean(self):
        data = super().clean()
        superuser = bool(self.user and self.user.is_superuser)
        if not superuser and "mcp_stdio" in (data.get("kind"), self.instance.kind if self.instance.pk else None):
            # A stdio server is a program run as the server's user: only a superuser may register or change one.
            self.add_error("kind" if "kind" in self.fields else None,
                           "only a superuser may register or change a stdio MCP server (a program Moneta runs).")
            return data
        for field, message in external_server_problems(data).items():
            self.add_error(field if field in self.fields else None, message)
        return data


@admin.register(ExternalServer)
class ExternalServerAdmin(admin.ModelAdmin):
    form = ExternalServerForm
    list_display = ("slug", "name", "kind", "url", "command", "timeout_seconds", "is_active")
    list_filter = ("kind", "is_active")
    search_fields = ("slug", "name", "url", "command")
    actions = ["test_connection"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        form.user = request.user
        return form

    @admin.action(description="Test the connection (list the allowed tools)")
    def test_connection(self, request, queryset):
        for server in queryset:
            # A stdio server is listed by the Celery worker (chat/external/tasks.py), never started in this web request.
            try:
                if server.kind == "a2a":
                    card = a2a_agent_card(server)
                    self.message_user(request, f"{server.slug}: A2A agent “{card.get('name')}” reachable.",
                                      messages.SUCCESS)
                    continue
                names = [t.name for t in mcp_server_tools(server)]
            except ExternalServerUnavailable as exc:
                self.message_user(request, f"{server.slug}: unavailable ({exc}).", messages.ERROR)
                continue
            self.message_user(request, f"{server.slug}: {len(names)} allowed tool(s): {', '.join(names) or 'none'}.",
                              messages.SUCCESS if names else messages.WARNING)
