"""The user's own money: categories, merchants, transactions, rules, jars, subscriptions, import batches.

Every row carries `user` and every read filters on it in the query itself (see selectors.py).
"""
from __future__ import annotations

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector
from django.db import models
from django.db.models.functions import Lower
from pgvector.django import VectorField

from core.embeddings import EMBEDDING_DIM


class Category(models.Model):
    class Kind(models.TextChoices):
        EXPENSE = "expense", "Expense"
        INCOME = "income", "Income"
        TRANSFER = "transfer", "Transfer"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tx_categories")
    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.EXPENSE)
    # A monthly budget for the category (set directly or by accepting a budget suggestion).
    monthly_budget = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    is_default = models.BooleanField(default=False, help_text="created from Moneta's default list")
    archived_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "categories"
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(Lower("name"), "user", name="tx_category_unique_name_per_user"),
        ]

    def __str__(self) -> str:
        return self.name


class Merchant(models.Model):
    """A normalised merchant ("Starbucks") with the raw narratives seen for it (aliases)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tx_merchants")
    name = models.CharField(max_length=120)
    # The lower-cased normalised key the normaliser produced; lookups and learning use it.
    key = models.CharField(max_length=120)
    aliases = ArrayField(models.CharField(max_length=255), default=list, blank=True)
    # Keys of payees merged into this one: new rows whose narrative normalises to one of them land here.
    merged_keys = ArrayField(models.CharField(max_length=120), default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="tx_merchant_unique_key_per_user")]

    def __str__(self) -> str:
        return self.name


class DescriptionEmbedding(models.Model):
    """Embedding of a normalised description text, computed once per distinct text.

    Transactions point here through `description_key`; the cache is internal (never listed to users)
    and only ever joined through a user's own transactions.
    """

    key = models.CharField(max_length=255, unique=True)
    embedding = VectorField(dimensions=EMBEDDING_DIM)

    def __str__(self) -> str:
        return self.key


class Account(models.Model):
    """A bank account or card the user imports statements into ("Everyday account", "Visa card").

    Its balance is the opening balance plus every transaction in it (computed in SQL, selectors.accounts);
    credit cards and loans are liabilities: their balance is normally negative (money owed)."""

    class Kind(models.TextChoices):
        CHECKING = "checking", "Checking"
        SAVINGS = "savings", "Savings"
        CREDIT_CARD = "credit_card", "Credit card"
        CASH = "cash", "Cash"
        LOAN = "loan", "Loan"

    LIABILITIES = (Kind.CREDIT_CARD, Kind.LOAN)

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tx_accounts")
    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.CHECKING)
    currency = models.CharField(max_length=3, default="USD")
    # The balance before the first transaction counted: transactions dated on or after opening_date add to it
    # (all of them when opening_date is empty).
    opening_balance = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    opening_date = models.DateField(null=True, blank=True)
    archived_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(Lower("name"), "user", name="tx_account_unique_name_per_user")]

    def __str__(self) -> str:
        return self.name


class BalanceCheckpoint(models.Model):
    """A balance a statement (or the user) states for an account at the end of a day: CSV Balance column,
    OFX LEDGERBAL, CAMT/MT940 closing balance. Reconciliation compares Moneta's computed balance with it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tx_checkpoints")
    account = models.ForeignKey(Account, on_delete=models.CASCADE, related_name="checkpoints")
    date = models.DateField()
    balance = models.DecimalField(max_digits=14, decimal_places=2)
    source = models.CharField(max_length=40, blank=True, help_text="where the figure came from, e.g. 'OFX LEDGERBAL'")
    batch = models.ForeignKey("ImportBatch", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [models.UniqueConstraint(fields=["account", "date"], name="tx_checkpoint_one_per_day")]

    def __str__(self) -> str:
        return f"{self.account} {self.date} {self.balance}"


class SignConvention(models.TextChoices):
    # What a negative amount in the file means; debit/credit columns and OFX/CAMT/MT940 say it themselves.
    NEGATIVE_OUT = "negative_out", "Money out is shown as negative amounts"
    POSITIVE_OUT = "positive_out", "Money out is shown as positive amounts (as on many credit-card exports)"


class ImportBatch(models.Model):
    class Status(models.TextChoices):
        PREVIEW = "preview", "Preview (nothing stored yet)"
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Importing"
        IMPORTED = "imported", "Imported"
        FAILED = "failed", "Failed"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tx_import_batches")
    file_name = models.CharField(max_length=255)
    file_format = models.CharField(max_length=10, default="csv")
    sha256 = models.CharField(max_length=64)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.IMPORTED)
    rows_total = models.PositiveIntegerField(default=0)
    rows_created = models.PositiveIntegerField(default=0)
    rows_duplicate = models.PositiveIntegerField(default=0)
    rows_categorised = models.PositiveIntegerField(default=0)
    error_count = models.PositiveIntegerField(default=0)
    errors = models.JSONField(default=list, blank=True)
    message = models.TextField(blank=True)
    details = models.JSONField(default=dict, blank=True)
    # The preview/confirm flow: the uploaded file is kept here (not on a disk the worker may not share) until
    # the import has run; the user's choices from the preview; progress written while the worker imports.
    content = models.BinaryField(null=True, blank=True, editable=False)
    account = models.ForeignKey(Account, null=True, blank=True, on_delete=models.SET_NULL, related_name="imports")
    date_format = models.CharField(max_length=40, blank=True)
    sign_convention = models.CharField(max_length=12, choices=SignConvention.choices,
                                       default=SignConvention.NEGATIVE_OUT)
    rows_processed = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "import batches"

    def __str__(self) -> str:
        return f"{self.file_name} ({self.status}, {self.rows_created} new)"


class CategorySource(models.TextChoices):
    USER = "user", "Set by the user"
    RULE = "rule", "Rule"
    LEARNED = "learned", "Learned from your labels"
    SUGGESTED = "suggested", "Suggested by Moneta (seed list, similarity to category names)"
    LLM = "llm", "Language model"
    NONE = "none", "Uncategorised"


class Transaction(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tx_transactions")
    date = models.DateField()
    description = models.CharField(max_length=500)
    merchant = models.ForeignKey(Merchant, null=True, blank=True, on_delete=models.SET_NULL)
    # Signed: negative = money out, positive = money in.
    amount = models.DecimalField(max_digits=14, decimal_places=2)
    currency = models.CharField(max_length=3, default="USD")
    category = models.ForeignKey(Category, null=True, blank=True, on_delete=models.SET_NULL)
    category_source = models.CharField(max_length=10, choices=CategorySource.choices, default=CategorySource.NONE)
    category_confidence = models.FloatField(default=0.0)
    # Moneta's ranked top-3 as [[category id, confidence], ...], best first (the first is what it filed);
    # kept for the "needs review" queue, which offers the alternatives as one-click choices.
    category_suggestions = models.JSONField(default=list, blank=True)
    rule = models.ForeignKey("CategorisationRule", null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="+")
    notes = models.TextField(blank=True)
    balance = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    batch = models.ForeignKey(ImportBatch, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="transactions")
    account = models.ForeignKey(Account, null=True, blank=True, on_delete=models.SET_NULL, related_name="transactions")
    fingerprint = models.CharField(max_length=64)
    # The merchant category code (ISO 18245 MCC, or a SIC code) the statement gave the row (OFX <MCC>/<SIC>, CAMT
    # MrchntCtgyCd); null when the file had none. Categorisation learns how this user files each kind of merchant.
    merchant_code = models.CharField(max_length=4, null=True, blank=True)
    # Key into DescriptionEmbedding: the normalised text whose embedding drives nearest-neighbour learning.
    description_key = models.CharField(max_length=255, blank=True, default="")
    # The other side of a transfer between the user's own accounts (both rows point at each other).
    transfer_pair = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # A part of a split: the row it was split from (which keeps the first part and its fingerprint).
    split_of = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE, related_name="split_parts")
    # The user said "not a duplicate" for this row: the duplicates check stops flagging it.
    duplicate_dismissed = models.BooleanField(default=False, db_default=False)  # COPY-based imports omit it
    # When the user last edited the row by hand (an import never overwrites rows that already exist).
    edited_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "fingerprint"], name="tx_transaction_unique_fingerprint"),
        ]
        indexes = [
            # Covering indexes: period aggregates read only the index (see README "indexes"). Currency is in
            # them because every figure picks or filters one currency: without it each row read the heap
            # (1M rows, a year of one category: ~200 ms of random heap reads instead of ~10 ms).
            models.Index(fields=["user", "date"], include=["amount", "category", "merchant", "currency"],
                         name="tx_user_date_cov"),
            models.Index(fields=["user", "category", "date"], include=["amount", "merchant", "currency"],
                         name="tx_user_cat_date_cov"),
            models.Index(fields=["user", "merchant", "date"], include=["amount", "category", "currency"],
                         name="tx_user_merchant_date_cov"),
            # Word search in narratives (no pg_trgm in the embedded server): the same expression as the query.
            GinIndex(SearchVector("description", config="simple"), name="tx_description_fts"),
            # Account balances and reconciliation: the sum of an account's amounts up to a day.
            models.Index(fields=["account", "date"], include=["amount"], name="tx_account_date_cov"),
            # Learning reads only the user's own labels.
            models.Index(fields=["user", "merchant"], condition=models.Q(category_source="user"),
                         include=["category"], name="tx_user_labels"),
            # Which currencies a user has (a skip scan reads one index entry per currency): figures are never
            # summed across currencies (selectors.user_currencies).
            models.Index(fields=["user", "currency"], name="tx_user_currency"),
            # The "needs review" queue (categorize.REVIEW_THRESHOLD = 0.9): small, read newest first.
            models.Index(fields=["user", "-date"], condition=models.Q(category_confidence__lt=0.9)
                         & ~models.Q(category_source__in=["user", "rule"]), name="tx_needs_review"),
        ]

    def __str__(self) -> str:
        return f"{self.date} {self.description} {self.amount}"


class DeletedTransaction(models.Model):
    """A deleted transaction, kept so the user can undo (the "recently deleted" list). The row leaves the
    transactions table, so no figure anywhere needs to filter it out; undo puts it back with its own id.
    Its fingerprint keeps a re-import of the same statement from bringing it back."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tx_deleted")
    transaction_id = models.BigIntegerField()
    fingerprint = models.CharField(max_length=64)
    data = models.JSONField()
    # Rows deleted together (a bulk delete) share a group and are undone together.
    group = models.UUIDField(db_index=True)
    deleted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-deleted_at", "-id"]
        indexes = [models.Index(fields=["user", "fingerprint"], name="tx_deleted_user_fp")]

    def __str__(self) -> str:
        return f"deleted {self.transaction_id}"


class CategorisationRule(models.Model):
    class MatchType(models.TextChoices):
        MERCHANT = "merchant", "Merchant is"
        CONTAINS = "contains", "Description contains"
        REGEX = "regex", "Description matches regex"

    class Origin(models.TextChoices):
        USER = "user", "Written by the user"
        LEARNED = "learned", "Learned from a correction"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tx_rules")
    match_type = models.CharField(max_length=10, choices=MatchType.choices, default=MatchType.CONTAINS)
    pattern = models.CharField(max_length=255)
    category = models.ForeignKey(Category, on_delete=models.CASCADE, related_name="rules")
    origin = models.CharField(max_length=10, choices=Origin.choices, default=Origin.USER)
    priority = models.IntegerField(default=100, help_text="lower runs first")
    active = models.BooleanField(default=True)
    hits = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["priority", "id"]
        constraints = [
            models.UniqueConstraint(Lower("pattern"), "user", "match_type", name="tx_rule_unique_pattern"),
        ]

    def __str__(self) -> str:
        return f"{self.get_match_type_display()} {self.pattern!r} → {self.category}"


class Jar(models.Model):
    """A budget envelope fed by some of the user's categories."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tx_jars")
    name = models.CharField(max_length=80)
    monthly_budget = models.DecimalField(max_digits=14, decimal_places=2)
    categories = models.ManyToManyField(Category, related_name="jars", blank=True)
    rollover = models.BooleanField(default=False, help_text="carry unspent (or overspent) budget forward")
    rollover_start = models.DateField(null=True, blank=True, help_text="first month counted for rollover")
    archived_at = models.DateTimeField(null=True, blank=True)
    # Set when this jar was merged into another (jars.jar_merge): it is archived, its categories and budgets are
    # the target's now, so it cannot be restored.
    merged_into = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="merged_from", help_text="the jar this one was merged into")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(Lower("name"), "user", name="tx_jar_unique_name_per_user")]

    def __str__(self) -> str:
        return self.name


class JarBudget(models.Model):
    """A jar's budget from `month` on, until a later row changes it. Changing this month's amount writes this
    month's row only, so past months (and their carry-over) keep the amounts they had."""

    jar = models.ForeignKey(Jar, on_delete=models.CASCADE, related_name="budgets")
    month = models.DateField(help_text="first day of the month the amount starts")
    amount = models.DecimalField(max_digits=14, decimal_places=2)

    class Meta:
        ordering = ["jar", "month"]
        constraints = [models.UniqueConstraint(fields=["jar", "month"], name="tx_jar_budget_one_per_month")]

    def __str__(self) -> str:
        return f"{self.jar} from {self.month:%Y-%m}: {self.amount}"


class CategoryBudget(models.Model):
    """A category's budget from `month` on, until a later row changes it (a category budget is a jar of one
    category: the same rule as JarBudget). No amount: the category has no budget from that month on. Changing this
    month's amount writes this month's row only, so past months keep the amounts they had."""

    category = models.ForeignKey(Category, on_delete=models.CASCADE, related_name="budgets")
    month = models.DateField(help_text="first day of the month the amount starts")
    amount = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True,
                                 help_text="empty: no budget from this month on")

    class Meta:
        ordering = ["category", "month"]
        constraints = [models.UniqueConstraint(fields=["category", "month"], name="tx_category_budget_one_per_month")]

    def __str__(self) -> str:
        return f"{self.category} from {self.month:%Y-%m}: {self.amount if self.amount is not None else 'none'}"


class Subscription(models.Model):
    class Cadence(models.TextChoices):
        WEEKLY = "weekly", "Weekly"
        MONTHLY = "monthly", "Monthly"
        QUARTERLY = "quarterly", "Quarterly"
        YEARLY = "yearly", "Yearly"

    class Status(models.TextChoices):
        DETECTED = "detected", "Detected"
        CONFIRMED = "confirmed", "Confirmed"
        DISMISSED = "dismissed", "Dismissed"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tx_subscriptions")
    merchant = models.ForeignKey(Merchant, on_delete=models.CASCADE)
    cadence = models.CharField(max_length=10, choices=Cadence.choices)
    amount = models.DecimalField(max_digits=14, decimal_places=2, help_text="latest charge")
    previous_amount = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    price_changed = models.BooleanField(default=False)
    amount_varies = models.BooleanField(
        default=False, help_text="a regular charge whose amount moves with use (a utility bill): `amount` is its "
                                 "recent average")
    monthly_cost = models.DecimalField(max_digits=14, decimal_places=2)
    currency = models.CharField(max_length=3, default="USD")
    occurrences = models.PositiveIntegerField(default=0)
    first_date = models.DateField()
    last_date = models.DateField()
    next_expected = models.DateField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DETECTED)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-monthly_cost"]
        constraints = [
            models.UniqueConstraint(fields=["user", "merchant", "cadence"], name="tx_subscription_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.merchant} {self.cadence} {self.amount}"


class NameAlias(models.Model):
    """A word this user uses for one of their own merchants or categories ("tj" → Trader Joe's), learned when
    they pick a choice of a clarifying question. The question parser links the word to it before anything
    else; another user's words never reach it (every read filters on `user`)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tx_name_aliases")
    word = models.CharField(max_length=80, help_text="normalised as the question parser reads it")
    merchant = models.ForeignKey(Merchant, null=True, blank=True, on_delete=models.CASCADE, related_name="name_aliases")
    category = models.ForeignKey(Category, null=True, blank=True, on_delete=models.CASCADE,
                                 related_name="name_aliases")
    question = models.CharField(max_length=300, blank=True, help_text="the question it was learned from")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["word"]
        constraints = [
            models.UniqueConstraint(fields=["user", "word"], name="tx_name_alias_unique_word_per_user"),
            models.CheckConstraint(condition=models.Q(merchant__isnull=False, category__isnull=True)
                                   | models.Q(merchant__isnull=True, category__isnull=False),
                                   name="tx_name_alias_one_target"),
        ]

    def __str__(self) -> str:
        return f"{self.word!r} → {self.target_name}"

    @property
    def kind(self) -> str:
        return "merchant" if self.merchant_id else "category"

    @property
    def target_name(self) -> str:
        target = self.merchant or self.category
        return target.name if target is not None else ""
