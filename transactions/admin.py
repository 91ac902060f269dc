from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ActionForm

from core.admin_privacy import OwnRowsOnlyAdmin
from core.errors import DomainError

from . import services
from .models import (
    Account,
    BalanceCheckpoint,
    CategorisationRule,
    Category,
    CategoryBudget,
    DeletedTransaction,
    ImportBatch,
    Jar,
    JarBudget,
    Merchant,
    Subscription,
    Transaction,
)


class CategoryBudgetInline(admin.TabularInline):
    """The category's budget by month (an empty amount: no budget from that month on)."""

    model = CategoryBudget
    extra = 0


@admin.register(Category)
class CategoryAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    list_display = ("name", "user", "kind", "monthly_budget", "is_default", "archived_at")
    list_filter = ("kind", "is_default")
    search_fields = ("name", "user__username")
    inlines = [CategoryBudgetInline]


@admin.register(Account)
class AccountAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    list_display = ("name", "user", "kind", "currency", "opening_balance", "opening_date", "archived_at", "created_at")
    list_filter = ("kind",)
    search_fields = ("name", "user__username")


@admin.register(Merchant)
class MerchantAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    list_display = ("name", "user", "key")
    search_fields = ("name", "key", "user__username")


@admin.register(Transaction)
class TransactionAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    list_display = ("date", "user", "description", "merchant", "amount", "currency", "account", "category",
                    "category_source", "category_confidence", "transfer_pair")
    list_filter = ("category_source", "currency")
    search_fields = ("description", "user__username", "merchant__name")
    date_hierarchy = "date"
    raw_id_fields = ("user", "merchant", "category", "batch", "rule", "account", "transfer_pair", "split_of")
    list_select_related = ("user", "merchant", "category")


@admin.register(CategorisationRule)
class RuleAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    list_display = ("pattern", "match_type", "category", "user", "origin", "priority", "active", "hits")
    list_filter = ("match_type", "origin", "active")
    search_fields = ("pattern", "user__username")
    raw_id_fields = ("user", "category")


@admin.register(BalanceCheckpoint)
class BalanceCheckpointAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    list_display = ("account", "user", "date", "balance", "source", "created_at")
    raw_id_fields = ("user", "account", "batch")


@admin.register(DeletedTransaction)
class DeletedTransactionAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    list_display = ("transaction_id", "user", "deleted_at", "group")
    readonly_fields = ("data",)
    raw_id_fields = ("user",)


class JarBudgetInline(admin.TabularInline):
    model = JarBudget
    extra = 0


class JarActionForm(ActionForm):
    target_id = forms.IntegerField(required=False, label="Merge into jar id",
                                   help_text="for “Merge the selected jars into jar id …”")


@admin.register(Jar)
class JarAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    list_display = ("name", "user", "monthly_budget", "rollover", "rollover_start", "archived_at", "merged_into")
    filter_horizontal = ("categories",)
    raw_id_fields = ("user", "merged_into")
    inlines = [JarBudgetInline]
    action_form = JarActionForm
    actions = ["merge_into"]

    @admin.action(description="Merge the selected jars into jar id … (categories move, budgets are added month by "
                              "month, the merged jars are archived)")
    def merge_into(self, request, queryset):
        # The same service as the web page and the API; the rows listed are the staff member's own.
        target_id = request.POST.get("target_id", "")
        for jar in queryset:
            try:
                services.jar_merge(user=request.user, source_id=jar.id, target_id=target_id)
            except DomainError as exc:
                self.message_user(request, f"{jar.name}: {exc.message}", level=messages.ERROR)
            else:
                self.message_user(request, f"Merged {jar.name} into jar {target_id}.", level=messages.SUCCESS)

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        # The categories offered are the staff member's own: the picker listed every user's category names.
        if db_field.name == "categories":
            kwargs["queryset"] = Category.objects.filter(user=request.user)
        return super().formfield_for_manytomany(db_field, request, **kwargs)


@admin.register(Subscription)
class SubscriptionAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    list_display = ("merchant", "user", "cadence", "amount", "previous_amount", "price_changed", "monthly_cost",
                    "next_expected", "status")
    list_filter = ("cadence", "status", "price_changed")
    raw_id_fields = ("user", "merchant")


@admin.register(ImportBatch)
class ImportBatchAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    list_display = ("file_name", "user", "status", "rows_total", "rows_created", "rows_duplicate", "error_count",
                    "created_at")
    list_filter = ("status", "file_format")
    readonly_fields = ("errors", "details")
