"""People in the admin: list, find, deactivate and send a password reset — never their money.

Under the privacy policy in docs/SECURITY.md the user pages show the account itself (username, email, when they
joined and last signed in, active or not), nothing a person keeps in Moneta. Superusers, and staff given the
user permissions, manage people; only superusers change who is staff or superuser, groups or permissions."""
from __future__ import annotations

from allauth.account.forms import ResetPasswordForm
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from accounts.models import LoginFailure, LoginThrottle

User = get_user_model()
PRIVILEGES = ("is_staff", "is_superuser", "groups", "user_permissions")


@admin.action(description="Deactivate (they can no longer sign in; nothing is deleted)")
def deactivate(modeladmin, request, queryset):
    count = queryset.exclude(pk=request.user.pk).update(is_active=False)
    modeladmin.message_user(request, f"Deactivated {count} account(s).", messages.SUCCESS)


@admin.action(description="Reactivate")
def reactivate(modeladmin, request, queryset):
    count = queryset.update(is_active=True)
    modeladmin.message_user(request, f"Reactivated {count} account(s).", messages.SUCCESS)


@admin.action(description="Email a password reset link (staff never see or set the password)")
def send_password_reset(modeladmin, request, queryset):
    sent, skipped = 0, []
    for user in queryset:
        form = ResetPasswordForm(data={"email": user.email})
        if user.email and form.is_valid():
            form.save(request)
            sent += 1
        else:
            skipped.append(user.get_username())
    modeladmin.message_user(request, f"Sent {sent} password reset email(s).", messages.SUCCESS)
    if skipped:
        modeladmin.message_user(request, "No email address on record for: " + ", ".join(skipped), messages.WARNING)


admin.site.unregister(User)


@admin.register(User)
class PersonAdmin(UserAdmin):
    list_display = ("username", "email", "is_active", "is_staff", "date_joined", "last_login")
    list_filter = ("is_active", "is_staff", "is_superuser")
    actions = [deactivate, reactivate, send_password_reset]

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj)) + ["last_login", "date_joined"]
        if not request.user.is_superuser:
            fields += list(PRIVILEGES)
        return fields


@admin.register(LoginThrottle)
class LoginThrottleAdmin(admin.ModelAdmin):
    """Sign-in failures per (address, username). Deleting a row lets that pair try again at once."""

    list_display = ("username", "ip", "failures", "last_failure_at", "succeeded_at")
    search_fields = ("username", "ip")
    readonly_fields = ("username", "ip", "failures", "last_failure_at", "succeeded_at")

    def has_add_permission(self, request):
        return False


@admin.register(LoginFailure)
class LoginFailureAdmin(admin.ModelAdmin):
    """Failed sign-ins recorded before the sign-in throttle replaced them (read-only history)."""

    list_display = ("username", "ip", "created_at")
    search_fields = ("username", "ip")
    readonly_fields = ("username", "ip", "created_at")

    def has_add_permission(self, request):
        return False
