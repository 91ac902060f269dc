"""API for running a ledger: accounts and balances, checkpoints and reconciliation, net worth, recently deleted
and undo, split, bulk edits, transfers, duplicates, category merge/archive, jar merge, jar and category budgets by month, payees.
Thin: validate, call one service/selector, return JSON. Another user's ids are 404."""
from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import validated_input as _valid
from transactions import selectors, services
from transactions.models import Jar

from .serializers import CategoryOut, JarOut, PlausibleDateField


class AccountIn(serializers.Serializer):
    """Create: `name` required. PATCH validates the same fields partially."""

    name = serializers.CharField(max_length=80)
    kind = serializers.ChoiceField(choices=["checking", "savings", "credit_card", "cash", "loan"], required=False)
    currency = serializers.CharField(max_length=3, required=False)
    opening_balance = serializers.DecimalField(max_digits=14, decimal_places=2, required=False)
    opening_date = PlausibleDateField(required=False, allow_null=True)
    archived = serializers.BooleanField(required=False)


class CheckpointIn(serializers.Serializer):
    date = PlausibleDateField()
    balance = serializers.DecimalField(max_digits=14, decimal_places=2)
    source = serializers.CharField(max_length=40, required=False, default="entered by you")  # type: ignore[assignment]


class NetWorthQuery(serializers.Serializer):
    months = serializers.IntegerField(required=False, default=12, min_value=1, max_value=120)


class SplitPartIn(serializers.Serializer):
    category = serializers.CharField(max_length=80)
    amount = serializers.DecimalField(max_digits=14, decimal_places=2)
    notes = serializers.CharField(required=False, allow_blank=True)


class SplitIn(serializers.Serializer):
    parts = SplitPartIn(many=True)


class BulkIn(serializers.Serializer):
    ids = serializers.ListField(child=serializers.IntegerField(), max_length=1000)
    action = serializers.ChoiceField(choices=["categorise", "delete", "move"])
    category = serializers.CharField(max_length=80, required=False)
    account_id = serializers.IntegerField(required=False)


class PairIn(serializers.Serializer):
    other_id = serializers.IntegerField()


class MergeIn(serializers.Serializer):
    target_id = serializers.IntegerField()


class ArchiveIn(serializers.Serializer):
    archived = serializers.BooleanField(default=True)


class JarBudgetIn(serializers.Serializer):
    amount = serializers.DecimalField(max_digits=14, decimal_places=2, min_value=0)
    month = serializers.RegexField(r"^\d{4}-\d{2}$", required=False,
                                   help_text="YYYY-MM; the amount holds from this month on (default: this month)")


class JarMergeMonthOut(serializers.Serializer):
    month = serializers.CharField(help_text="YYYY-MM: a month either jar had a budget amount stored for")
    target = serializers.DecimalField(max_digits=14, decimal_places=2, help_text="the target's amount that month")
    source = serializers.DecimalField(  # type: ignore[assignment]
        max_digits=14, decimal_places=2, help_text="the merged jar's amount that month")
    combined = serializers.DecimalField(max_digits=14, decimal_places=2,
                                        help_text="the target's amount from this month on after the merge")
    set_by = serializers.ListField(child=serializers.CharField(), help_text="the jars that stored an amount here")


class JarMergeThisMonthOut(serializers.Serializer):
    month = serializers.CharField()
    target = serializers.DecimalField(max_digits=14, decimal_places=2)
    source = serializers.DecimalField(max_digits=14, decimal_places=2)  # type: ignore[assignment]
    combined = serializers.DecimalField(max_digits=14, decimal_places=2)


class JarRefOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class JarMergePlanOut(serializers.Serializer):
    source = JarRefOut()  # type: ignore[assignment]
    target = JarRefOut()
    categories_moved = serializers.ListField(child=serializers.CharField(),
                                             help_text="the merged jar's categories that move to the target")
    categories_shared = serializers.ListField(child=serializers.CharField(),
                                              help_text="categories in both jars (counted once after the merge)")
    categories_after = serializers.ListField(child=serializers.CharField())
    months = JarMergeMonthOut(many=True)
    this_month = JarMergeThisMonthOut()
    rollover = serializers.BooleanField()
    rollover_start = serializers.CharField(allow_null=True, help_text="YYYY-MM the target's carry-over counts from")
    rollover_starts_differ = serializers.BooleanField()


class JarMergeOut(JarMergePlanOut):
    target_jar = JarOut(help_text="the target after the merge")
    source_jar = JarOut(help_text="the merged jar, archived, with merged_into set")


JAR_MERGE_RULE = (
    "Merging jar S (this id) into jar T (target_id) moves S's categories into T. For every month where either "
    "jar had a budget amount stored, T's amount for that month becomes T's amount in force that month + S's "
    "amount in force that month (amounts carry forward until changed); a month neither jar set is not written, "
    "so every month's budget total, and past months' carry-over in total, stay what they were. S is archived, "
    "not deleted, with merged_into = T; it cannot be restored. Both jars must have rollover on, or both off; with "
    "both on, T's carry-over counts from the earlier of the two start months. Atomic. Errors name the field: "
    "target_id (another user's jar, which reads like a missing one; an archived jar; S itself), rollover, id "
    "(S archived). Another user's S is 404.")


class JarMergeView(APIView):
    @extend_schema(parameters=[OpenApiParameter("target_id", int, required=True,
                                                description="the jar to merge this one into")],
                   responses=JarMergePlanOut,
                   description="Preview a merge (nothing is written). " + JAR_MERGE_RULE)
    def get(self, request, pk: int):
        plan = selectors.jar_merge_plan(user=request.user, source_id=pk, target_id=request.query_params.get("target_id"))
        return Response(JarMergePlanOut(plan).data)

    @extend_schema(request=MergeIn, responses=JarMergeOut, description="Merge this jar into target_id. " + JAR_MERGE_RULE)
    def post(self, request, pk: int):
        done = services.jar_merge(user=request.user, source_id=pk, target_id=_valid(MergeIn, request.data)["target_id"])
        return Response(JarMergeOut(done).data)


class CategoryBudgetIn(serializers.Serializer):
    amount = serializers.DecimalField(max_digits=14, decimal_places=2, min_value=0, allow_null=True,
                                      help_text="the monthly budget; null: no budget from this month on")
    month = serializers.RegexField(r"^\d{4}-\d{2}$", required=False,
                                   help_text="YYYY-MM; the amount holds from this month on (default: this month)")


class DuplicateIn(serializers.Serializer):
    keep_id = serializers.IntegerField()
    drop_id = serializers.IntegerField()
    decision = serializers.ChoiceField(choices=["delete", "keep_both"])


class RenameIn(serializers.Serializer):
    name = serializers.CharField(max_length=120)


def _account(user, account_id: int) -> dict:
    return selectors.account_get(user=user, account_id=account_id)


class AccountsView(APIView):
    @extend_schema(responses={200: {"type": "array", "items": {"type": "object"}}},
                   operation_id="v1_transactions_accounts_balances",
                   description="Your accounts with balances computed from the opening balance and transactions "
                               "(archived ones with ?archived=1).")
    def get(self, request):
        return Response(selectors.account_balances(
            user=request.user, include_archived=request.query_params.get("archived") in ("1", "true")))

    @extend_schema(request=AccountIn, responses={201: OpenApiTypes.OBJECT})
    def post(self, request):
        data = _valid(AccountIn, request.data)
        data.pop("archived", None)
        account = services.account_create(user=request.user, **data)
        return Response(_account(request.user, account.id), status=status.HTTP_201_CREATED)


class AccountDetailView(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, pk: int):
        return Response(_account(request.user, pk))

    @extend_schema(request=AccountIn, responses=OpenApiTypes.OBJECT)
    def patch(self, request, pk: int):
        services.account_update(user=request.user, account_id=pk, **_valid(AccountIn, request.data, partial=True))
        return Response(_account(request.user, pk))


class AccountCheckpointView(APIView):
    @extend_schema(request=CheckpointIn, responses={201: OpenApiTypes.OBJECT},
                   description="Record the balance a statement shows at the end of a day; the reply is the "
                               "account's reconciliation.")
    def post(self, request, pk: int):
        data = _valid(CheckpointIn, request.data)
        services.balance_checkpoint_record(user=request.user, account_id=pk, **data)
        return Response(selectors.account_reconciliation(user=request.user, account_id=pk),
                        status=status.HTTP_201_CREATED)


class NetWorthView(APIView):
    @extend_schema(parameters=[NetWorthQuery], responses=OpenApiTypes.OBJECT)
    def get(self, request):
        q = _valid(NetWorthQuery, request.query_params)
        return Response(selectors.net_worth(user=request.user, months=q["months"]))


class DeletedListView(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT, description="Recently deleted transactions (undo by group).")
    def get(self, request):
        return Response({"rows": services.deleted_list(user=request.user)})


class DeletedUndoView(APIView):
    @extend_schema(request=None, responses=OpenApiTypes.OBJECT)
    def post(self, request, group: str):
        return Response({"restored": services.transactions_undo_delete(user=request.user, group=group)})


class SplitView(APIView):
    @extend_schema(request=SplitIn, responses=OpenApiTypes.OBJECT,
                   description="Split across categories; the parts must sum to the transaction's amount.")
    def post(self, request, pk: int):
        data = _valid(SplitIn, request.data)
        parts = services.transaction_split(user=request.user, transaction_id=pk, parts=data["parts"])
        return Response({"parts": [selectors.transaction_get(user=request.user, transaction_id=p.id)
                                   for p in parts]})

    @extend_schema(responses=OpenApiTypes.OBJECT, description="Undo a split (the parts fold back).")
    def delete(self, request, pk: int):
        tx = services.transaction_unsplit(user=request.user, transaction_id=pk)
        return Response(selectors.transaction_get(user=request.user, transaction_id=tx.id))


class BulkView(APIView):
    @extend_schema(request=BulkIn, responses=OpenApiTypes.OBJECT)
    def post(self, request):
        return Response(services.transactions_bulk(user=request.user, **_valid(BulkIn, request.data)))


class TransferPairView(APIView):
    @extend_schema(request=PairIn, responses=OpenApiTypes.OBJECT, description="Pair two rows as one transfer.")
    def post(self, request, pk: int):
        a, b = services.transfer_pair(user=request.user, transaction_id=pk,
                                      other_id=_valid(PairIn, request.data)["other_id"])
        return Response({"paired": [selectors.transaction_get(user=request.user, transaction_id=t.id)
                                    for t in (a, b)]})

    @extend_schema(responses=OpenApiTypes.OBJECT, description="Not a transfer: unpair both sides.")
    def delete(self, request, pk: int):
        return Response({"unpaired": services.transfer_unpair(user=request.user, transaction_id=pk)})


class TransferDetectView(APIView):
    @extend_schema(request=None, responses=OpenApiTypes.OBJECT)
    def post(self, request):
        return Response(services.transfers_detect(user=request.user))


class DuplicatesView(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request):
        return Response({"rows": services.duplicates_list(user=request.user)})

    @extend_schema(request=DuplicateIn, responses=OpenApiTypes.OBJECT)
    def post(self, request):
        return Response(services.duplicate_resolve(user=request.user, **_valid(DuplicateIn, request.data)))


class CategoryMergeView(APIView):
    @extend_schema(request=MergeIn, responses=CategoryOut,
                   description="Merge this category into target_id: its rows, rules and jars move there.")
    def post(self, request, pk: int):
        target = services.category_merge(user=request.user, source_id=pk,
                                         target_id=_valid(MergeIn, request.data)["target_id"])
        return Response(CategoryOut(target).data)


class CategoryArchiveView(APIView):
    @extend_schema(request=ArchiveIn, responses=CategoryOut)
    def post(self, request, pk: int):
        category = services.category_archive(user=request.user, category_id=pk,
                                             archived=_valid(ArchiveIn, request.data)["archived"])
        return Response(CategoryOut(category).data)


class JarBudgetView(APIView):
    @extend_schema(request=JarBudgetIn, responses=JarOut,
                   description="Change a jar's budget from a month on; earlier months keep their amounts.")
    def post(self, request, pk: int):
        data = _valid(JarBudgetIn, request.data)
        services.jar_budget_set(user=request.user, jar_id=pk, amount=data["amount"], month=data.get("month"))
        return Response(JarOut(selectors.object_owned(Jar, user=request.user, object_id=pk)).data)


class CategoryBudgetView(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT,
                   description="A category's budget by month: the stored amounts and the one in force this month.")
    def get(self, request, pk: int):
        return Response(selectors.category_budget_months(user=request.user, category_id=pk))

    @extend_schema(request=CategoryBudgetIn, responses=OpenApiTypes.OBJECT,
                   description="Change a category's budget from a month on (null removes it from that month on); "
                               "earlier months keep their amounts.")
    def post(self, request, pk: int):
        data = _valid(CategoryBudgetIn, request.data)
        services.category_budget_month_set(user=request.user, category_id=pk, amount=data["amount"],
                                           month=data.get("month"))
        return Response(selectors.category_budget_months(user=request.user, category_id=pk))


class PayeesView(APIView):
    @extend_schema(responses={200: {"type": "array", "items": {"type": "object"}}},
                   description="Your payees (merchants) by name, with the ids that rename and merge take.")
    def get(self, request):
        return Response([{"id": m.id, "name": m.name} for m in selectors.merchant_rows(user=request.user)])


class PayeeRenameView(APIView):
    @extend_schema(request=RenameIn, responses=OpenApiTypes.OBJECT,
                   description="Rename a payee (renaming to another payee's name merges them).")
    def post(self, request, pk: int):
        m = services.merchant_rename(user=request.user, merchant_id=pk, name=_valid(RenameIn, request.data)["name"])
        return Response({"id": m.id, "name": m.name})


class PayeeMergeView(APIView):
    @extend_schema(request=MergeIn, responses=OpenApiTypes.OBJECT,
                   description="Merge this payee into target_id: past rows move, future imports follow.")
    def post(self, request, pk: int):
        m = services.merchant_merge(user=request.user, source_id=pk,
                                    target_id=_valid(MergeIn, request.data)["target_id"])
        return Response({"id": m.id, "name": m.name})


class SafeToSpendView(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT, description=(
        "What is safe to spend for the rest of this month and how: budgets left − bills and subscriptions due "
        "before the month's end (or before the next pay when it comes later) − usual spending outside budgets for "
        "the days left; the expected pay beside it."))
    def get(self, request):
        return Response(selectors.safe_to_spend(user=request.user))


class ComingUpView(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT,
                   description="The next 30 days by date: expected pay (direction in) and subscriptions and bills "
                               "(direction out).")
    def get(self, request):
        return Response({"rows": selectors.coming_up(user=request.user)})
