from django.contrib import admin

from accounts.models import LoginFailure


@admin.register(LoginFailure)
class LoginFailureAdmin(admin.ModelAdmin):
    """Failed sign-ins. Deleting a username's rows unlocks it at once (the lock otherwise ends by itself)."""

    list_display = ("username", "ip", "created_at")
    search_fields = ("username", "ip")
    readonly_fields = ("username", "ip", "created_at")

    def has_add_permission(self, request):
        return False
