from django.contrib import admin

from core.admin_privacy import OwnRowsOnlyAdmin

from .models import Account, CategorisationRule, Category, ImportBatch, Jar, Merchant, Subscription, Transaction


@admin.register(Category)
class CategoryAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    list_display = ("name", "user", "kind", "monthly_budget", "is_default")
    list_filter = ("kind", "is_default")
    search_fields = ("name", "user__username")


@admin.register(Account)
class AccountAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    list_display = ("name", "user", "currency", "created_at")
    search_fields = ("name", "user__username")


@admin.register(Merchant)
class MerchantAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    list_display = ("name", "user", "key")
    search_fields = ("name", "key", "user__username")


@admin.register(Transaction)
class TransactionAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    list_display = ("date", "user", "description", "merchant", "amount", "currency", "category", "category_source",
                    "category_confidence")
    list_filter = ("category_source", "currency")
    search_fields = ("description", "user__username", "merchant__name")
    date_hierarchy = "date"
    raw_id_fields = ("user", "merchant", "category", "batch", "rule")
    list_select_related = ("user", "merchant", "category")


@admin.register(CategorisationRule)
class RuleAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    list_display = ("pattern", "match_type", "category", "user", "origin", "priority", "active", "hits")
    list_filter = ("match_type", "origin", "active")
    search_fields = ("pattern", "user__username")
    raw_id_fields = ("user", "category")


@admin.register(Jar)
class JarAdmin(OwnRowsOnlyAdmin, admin.ModelAdmin):
    list_display = ("name", "user", "monthly_budget", "rollover", "rollover_start")
    filter_horizontal = ("categories",)
    raw_id_fields = ("user",)


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
