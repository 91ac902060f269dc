from django.contrib import admin

from config.models import WorkerHeartbeat


@admin.register(WorkerHeartbeat)
class WorkerHeartbeatAdmin(admin.ModelAdmin):
    list_display = ("hostname", "last_seen")
    readonly_fields = ("hostname", "last_seen")
