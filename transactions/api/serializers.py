"""Input validation and output shapes. No logic: services and selectors do the work."""
from __future__ import annotations

from datetime import date

from rest_framework import serializers

from transactions.models import CategorisationRule, Category, ImportBatch, Jar, Subscription
from transactions.parsing import date_plausible_check
from transactions.services import RULE_PRIORITY_MAX, RULE_PRIORITY_MIN


class PlausibleDateField(serializers.DateField):
    """A date between 1900-01-01 and a year from today: year 0001 or 9999 is a typo, and stored it would
    break date arithmetic later (subscriptions, periods)."""

    def to_internal_value(self, value):
        parsed = super().to_internal_value(value)
        try:
            date_plausible_check(parsed)
        except ValueError as exc:
            raise serializers.ValidationError(str(exc)) from exc
        return parsed


class CurrencyField(serializers.RegexField):
    def __init__(self, **kwargs):
        super().__init__(r"^[A-Za-z]{3}$", max_length=3, min_length=3,
                         error_messages={"invalid": "Use a 3-letter ISO currency code such as USD or EUR."},
                         help_text="3-letter ISO 4217 code, e.g. USD", **kwargs)

    def to_internal_value(self, data):
        return super().to_internal_value(data).upper()


class DateRangeMixin:
    """`start` after `end` is a mistake, not an empty answer."""

    def validate(self, attrs):
        start, end = attrs.get("start"), attrs.get("end")
        if start and end and start > end:
            raise serializers.ValidationError({"start": [f"start ({start}) is after end ({end})."]})
        return attrs


class TransactionOut(serializers.Serializer):
    id = serializers.IntegerField()
    date = serializers.CharField()
    description = serializers.CharField()
    merchant = serializers.CharField()
    amount = serializers.FloatField()
    currency = serializers.CharField()
    category = serializers.CharField(allow_null=True)
    category_source = serializers.CharField()
    category_confidence = serializers.FloatField()
    notes = serializers.CharField(allow_blank=True)
    account = serializers.CharField(allow_null=True, help_text="the account the statement was imported into")
    account_id = serializers.IntegerField(allow_null=True)
    needs_review = serializers.BooleanField(help_text="categorised with low confidence and not confirmed yet")
    is_transfer = serializers.BooleanField(help_text="money moving between your own accounts: neither income nor "
                                                     "spending")
    transfer_pair_id = serializers.IntegerField(allow_null=True, help_text="the other side of the transfer")
    split_of_id = serializers.IntegerField(allow_null=True, help_text="the row this part was split from")


class TransactionIn(serializers.Serializer):
    date = PlausibleDateField()
    description = serializers.CharField(max_length=500)
    amount = serializers.DecimalField(max_digits=14, decimal_places=2)
    currency = CurrencyField(required=False)
    category = serializers.CharField(max_length=80, required=False, allow_blank=True)
    notes = serializers.CharField(required=False, allow_blank=True)
    account_id = serializers.IntegerField(required=False, allow_null=True)
    merchant = serializers.CharField(max_length=120, required=False, allow_blank=True)


class TransactionPatch(serializers.Serializer):
    date = PlausibleDateField(required=False)
    description = serializers.CharField(max_length=500, required=False)
    amount = serializers.DecimalField(max_digits=14, decimal_places=2, required=False)
    category = serializers.CharField(max_length=80, required=False, allow_blank=True, allow_null=True)
    notes = serializers.CharField(required=False, allow_blank=True)
    merchant = serializers.CharField(max_length=120, required=False, allow_blank=True)
    account_id = serializers.IntegerField(required=False, allow_null=True)


class TransactionListQuery(DateRangeMixin, serializers.Serializer):
    category = serializers.CharField(required=False)
    merchant = serializers.CharField(required=False)
    start = serializers.DateField(required=False)
    end = serializers.DateField(required=False)
    q = serializers.CharField(required=False)
    account = serializers.IntegerField(required=False, help_text="only this account's transactions (its id)")
    source = serializers.ChoiceField(choices=["user", "rule", "learned", "llm", "none"], required=False)
    uncategorised = serializers.BooleanField(required=False, default=False)
    page = serializers.IntegerField(required=False, min_value=1, default=1)
    page_size = serializers.IntegerField(required=False, min_value=1, max_value=500, default=50)


class CategorySetIn(serializers.Serializer):
    category = serializers.CharField(max_length=80)
    refile_others = serializers.BooleanField(
        required=False, default=False,
        help_text="also re-file this merchant's other automatically categorised rows (see the preview count)")


class CategoryPreviewQuery(serializers.Serializer):
    category = serializers.CharField(max_length=80)


class ReviewIn(serializers.Serializer):
    action = serializers.ChoiceField(choices=["confirm", "pick"], default="confirm")
    category = serializers.CharField(max_length=80, required=False, allow_blank=True)


class ReviewSimilarQuery(serializers.Serializer):
    category = serializers.CharField(max_length=80)


class ReviewSimilarIn(serializers.Serializer):
    category = serializers.CharField(max_length=80)
    include_user_set = serializers.BooleanField(required=False, default=False)


class ReviewBulkIn(serializers.Serializer):
    ids = serializers.ListField(child=serializers.IntegerField(min_value=1), min_length=1, max_length=200)
    action = serializers.ChoiceField(choices=["confirm", "pick"], default="confirm")
    category = serializers.CharField(max_length=80, required=False, allow_blank=True)


class ReviewQuery(serializers.Serializer):
    page = serializers.IntegerField(required=False, default=1, min_value=1)
    page_size = serializers.IntegerField(required=False, default=25, min_value=1, max_value=200)


class CategoryOut(serializers.ModelSerializer):
    class Meta:
        model = Category
        fields = ["id", "name", "kind", "monthly_budget", "is_default", "archived_at", "created_at"]


class CategoryIn(serializers.Serializer):
    """Create: `name` required. PATCH validates the same fields partially (all optional)."""

    name = serializers.CharField(max_length=80)
    kind = serializers.ChoiceField(choices=Category.Kind.choices, required=False)
    monthly_budget = serializers.DecimalField(max_digits=14, decimal_places=2, required=False, allow_null=True,
                                              min_value=0)


class AliasOut(serializers.Serializer):
    """A word the user uses for one of their merchants or categories, learned from a clarifying question."""

    id = serializers.IntegerField()
    word = serializers.CharField(help_text="as the question parser reads it (lower case, no punctuation)")
    kind = serializers.ChoiceField(choices=["merchant", "category"])
    name = serializers.CharField(source="target_name", help_text="the merchant or category it stands for")
    question = serializers.CharField(help_text="the question it was learned from")
    created_at = serializers.DateTimeField()


class RuleOut(serializers.ModelSerializer):
    category = serializers.CharField(source="category.name")
    refiling = serializers.SerializerMethodField(
        help_text="after a create/update: done (existing transactions re-filed), queued (large: the worker "
                  "re-files them shortly) or skipped")

    class Meta:
        model = CategorisationRule
        fields = ["id", "match_type", "pattern", "category", "origin", "priority", "active", "hits", "created_at",
                  "updated_at", "refiling"]

    def get_refiling(self, rule) -> str | None:
        return getattr(rule, "refiling", None)


class RuleIn(serializers.Serializer):
    """Create: `pattern` and `category` required. PATCH validates partially (all optional)."""

    pattern = serializers.CharField(max_length=255)
    category = serializers.CharField(max_length=80)
    match_type = serializers.ChoiceField(choices=CategorisationRule.MatchType.choices, required=False)
    priority = serializers.IntegerField(required=False, min_value=RULE_PRIORITY_MIN, max_value=RULE_PRIORITY_MAX,
                                        help_text="lower runs first")
    active = serializers.BooleanField(required=False)


class JarOut(serializers.ModelSerializer):
    categories = serializers.SerializerMethodField()
    merged_into_name = serializers.SerializerMethodField(
        help_text="the name of the jar this one was merged into (null: not merged)")

    class Meta:
        model = Jar
        fields = ["id", "name", "monthly_budget", "categories", "rollover", "rollover_start", "archived_at",
                  "merged_into", "merged_into_name", "created_at"]
        extra_kwargs = {"merged_into": {"help_text": "id of the jar this one was merged into (it is archived)"}}

    def get_categories(self, jar) -> list[str]:
        return sorted(c.name for c in jar.categories.all())

    def get_merged_into_name(self, jar) -> str | None:
        return jar.merged_into.name if jar.merged_into_id else None


class JarIn(serializers.Serializer):
    """Create: `name` and `monthly_budget` required. PATCH validates partially (all optional)."""

    name = serializers.CharField(max_length=80)
    monthly_budget = serializers.DecimalField(max_digits=14, decimal_places=2, min_value=0)
    categories = serializers.ListField(child=serializers.CharField(max_length=80), required=False)
    rollover = serializers.BooleanField(required=False)
    rollover_start = PlausibleDateField(required=False)
    archived = serializers.BooleanField(required=False, help_text="PATCH: true archives the jar (it leaves the "
                                        "budget figures, its budgets by month are kept), false restores it")


class BatchOut(serializers.ModelSerializer):
    class Meta:
        model = ImportBatch
        fields = ["id", "file_name", "file_format", "status", "rows_total", "rows_created", "rows_duplicate",
                  "rows_categorised", "error_count", "errors", "message", "details", "created_at"]


class ImportIn(serializers.Serializer):
    file = serializers.FileField()
    date_format = serializers.CharField(required=False, allow_blank=True, max_length=40)
    skip_bad_rows = serializers.BooleanField(required=False, default=False,
                                             help_text="import the readable rows of a file with unreadable ones")
    accept_balance_mismatch = serializers.BooleanField(
        required=False, default=False, help_text="import a statement whose printed balances do not add up")


class ImportPreviewIn(serializers.Serializer):
    file = serializers.FileField()
    date_format = serializers.CharField(required=False, allow_blank=True, max_length=40)
    sign_convention = serializers.ChoiceField(choices=["negative_out", "positive_out"], required=False)


class ImportPreviewUpdateIn(serializers.Serializer):
    date_format = serializers.CharField(required=False, allow_blank=True, max_length=40)
    sign_convention = serializers.ChoiceField(choices=["negative_out", "positive_out"], required=False)


class ImportConfirmIn(ImportPreviewUpdateIn):
    account_id = serializers.IntegerField(required=False, min_value=1)
    account_name = serializers.CharField(required=False, allow_blank=True, max_length=80)
    skip_bad_rows = serializers.BooleanField(
        required=False, default=False,
        help_text="the preview has unreadable rows: import the readable ones (download the rest from "
                  "/imports/<id>/unreadable.csv)")
    accept_balance_mismatch = serializers.BooleanField(
        required=False, default=False, help_text="the preview warns that the balances do not add up: import anyway")


class AccountOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    currency = serializers.CharField()


class SubscriptionOut(serializers.ModelSerializer):
    merchant = serializers.CharField(source="merchant.name")

    class Meta:
        model = Subscription
        fields = ["id", "merchant", "cadence", "amount", "previous_amount", "price_changed", "monthly_cost",
                  "currency", "occurrences", "first_date", "last_date", "next_expected", "status"]


class BudgetAcceptIn(serializers.Serializer):
    category = serializers.CharField(max_length=80)
    amount = serializers.DecimalField(max_digits=14, decimal_places=2, min_value=0)


class SearchQuery(serializers.Serializer):
    q = serializers.CharField()
    limit = serializers.IntegerField(required=False, min_value=1, max_value=200, default=50,
                                     help_text="rows per page (the result says `count` and `pages`)")
    page = serializers.IntegerField(required=False, min_value=1, default=1)


class PeriodQuery(DateRangeMixin, serializers.Serializer):
    period = serializers.CharField(required=False, default="last_month")
    start = serializers.DateField(required=False)
    end = serializers.DateField(required=False)


class CategoryAnalyticsQuery(DateRangeMixin, serializers.Serializer):
    category = serializers.CharField()
    start = serializers.DateField(required=False)
    end = serializers.DateField(required=False)


class MerchantAnalyticsQuery(DateRangeMixin, serializers.Serializer):
    merchant = serializers.CharField()
    group_by_category = serializers.BooleanField(required=False, default=False)
    start = serializers.DateField(required=False)
    end = serializers.DateField(required=False)


class CompareQuery(DateRangeMixin, serializers.Serializer):
    categories = serializers.CharField(required=False, help_text="comma-separated category names")
    periods = serializers.CharField(required=False, help_text="comma-separated periods, e.g. last_month,this_month")
    start = serializers.DateField(required=False)
    end = serializers.DateField(required=False)


class MonthQuery(serializers.Serializer):
    month = serializers.RegexField(r"^\d{4}-\d{2}$", required=False, help_text="YYYY-MM")

    def validate_month(self, value: str) -> date:
        try:
            month = date.fromisoformat(value + "-01")
            date_plausible_check(month)
        except ValueError as exc:
            raise serializers.ValidationError(f"{value!r} is not a month (YYYY-MM, month 01-12): {exc}") from exc
        return month
