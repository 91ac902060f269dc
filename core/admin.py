from django.contrib import admin

from core.models import WorkerHeartbeat


@admin.register(WorkerHeartbeat)
class WorkerHeartbeatAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # not subscriptable at run time
    list_display = ("hostname", "last_seen")
    readonly_fields = ("hostname", "last_seen")
