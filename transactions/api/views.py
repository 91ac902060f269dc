"""Thin views: validate input, call one service/selector, serialize. Objects of other users are 404."""
from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import validated_input as _valid
from core.errors import DomainError
from core.uploads import upload_size_check
from transactions import review, selectors, services
from transactions.models import CategorisationRule, Category, Jar
from transactions.search import transactions_search

from . import serializers as s


def _own_or_404(model, user, pk):
    return selectors.object_owned(model, user=user, object_id=pk)


# --- transactions -------------------------------------------------------------------------------------

class TransactionListCreateView(APIView):
    @extend_schema(parameters=[s.TransactionListQuery], responses=OpenApiTypes.OBJECT,
                   operation_id="v1_transactions_list")
    def get(self, request):
        q = _valid(s.TransactionListQuery, request.query_params)
        return Response(selectors.transaction_list(
            user=request.user, category=q.get("category"), merchant=q.get("merchant"), start=q.get("start"),
            end=q.get("end"), search=q.get("q"), source=q.get("source"), uncategorised=q["uncategorised"],
            account=q.get("account"),
            page=q["page"], page_size=q["page_size"]))

    @extend_schema(request=s.TransactionIn, responses={201: s.TransactionOut})
    def post(self, request):
        data = _valid(s.TransactionIn, request.data)
        tx = services.transaction_create(user=request.user, **data)
        return Response(selectors.transaction_get(user=request.user, transaction_id=tx.id),
                        status=status.HTTP_201_CREATED)


class TransactionDetailView(APIView):
    @extend_schema(responses=s.TransactionOut)
    def get(self, request, pk: int):
        return Response(selectors.transaction_get(user=request.user, transaction_id=pk))

    @extend_schema(request=s.TransactionPatch, responses=s.TransactionOut)
    def patch(self, request, pk: int):
        data = _valid(s.TransactionPatch, request.data)
        services.transaction_update(user=request.user, transaction_id=pk, **data)
        return Response(selectors.transaction_get(user=request.user, transaction_id=pk))

    @extend_schema(responses={204: None})
    def delete(self, request, pk: int):
        services.transaction_delete(user=request.user, transaction_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TransactionCategoryView(APIView):
    @extend_schema(request=s.CategorySetIn, responses=OpenApiTypes.OBJECT,
                   description="Correct a transaction's category; Moneta learns a rule for its merchant (future "
                               "rows follow it). Past rows from the merchant are re-filed only with refile_others; "
                               "`others_pending` says how many would change.")
    def post(self, request, pk: int):
        data = _valid(s.CategorySetIn, request.data)
        tx = services.transaction_category_set(user=request.user, transaction_id=pk, category=data["category"],
                                               refile_others=data["refile_others"])
        preview = selectors.correction_preview(user=request.user, transaction_id=pk, category=data["category"])
        return Response({**selectors.transaction_get(user=request.user, transaction_id=pk),
                         "others_refiled": tx.others_refiled, "others_pending": preview["others"]})


class TransactionCategoryPreviewView(APIView):
    @extend_schema(parameters=[s.CategoryPreviewQuery], responses=OpenApiTypes.OBJECT,
                   description="Before correcting: how many other rows from the same merchant a re-file would change.")
    def get(self, request, pk: int):
        q = _valid(s.CategoryPreviewQuery, request.query_params)
        return Response(selectors.correction_preview(user=request.user, transaction_id=pk, category=q["category"]))


class ReviewQueueView(APIView):
    @extend_schema(parameters=[s.ReviewQuery], responses=OpenApiTypes.OBJECT,
                   description="Rows Moneta was unsure about, newest first, each with its ranked top-3 `suggestions` "
                               "and `choices` (the suggestions worth a button: a guess under 10% is left out).")
    def get(self, request):
        q = _valid(s.ReviewQuery, request.query_params)
        queue = selectors.review_queue(user=request.user, page=q["page"], page_size=q["page_size"])
        for row in queue["rows"]:
            row["choices"] = review.review_choices(row["suggestions"])
        return Response(queue)


class ReviewSimilarView(APIView):
    @extend_schema(parameters=[s.ReviewSimilarQuery], responses=OpenApiTypes.OBJECT,
                   description="After deciding a row: the other rows with the same description or merchant and what "
                               "filing them as `category` would do (`will_change`, `user_set` — filed by the user as "
                               "something else, kept unless included —, `already`, `text`, and the rows that differ).")
    def get(self, request, pk: int):
        q = _valid(s.ReviewSimilarQuery, request.query_params)
        return Response(review.similar_rows(user=request.user, transaction_id=pk, category=q["category"]))

    @extend_schema(request=s.ReviewSimilarIn, responses=OpenApiTypes.OBJECT,
                   description="File those rows as `category` (the ones the user set only with include_user_set).")
    def post(self, request, pk: int):
        data = _valid(s.ReviewSimilarIn, request.data)
        done = review.similar_apply(user=request.user, transaction_id=pk, category=data["category"],
                                    include_user_set=data["include_user_set"])
        return Response({**done, "remaining": selectors.review_count(user=request.user)})


class ReviewBulkView(APIView):
    @extend_schema(request=s.ReviewBulkIn, responses=OpenApiTypes.OBJECT,
                   description="Decide several queue rows at once: `confirm` each one's own top suggestion, or `pick` "
                               "one category for all. All or nothing: an id that is not yours is a 404 and nothing "
                               "changes.")
    def post(self, request):
        data = _valid(s.ReviewBulkIn, request.data)
        category = (data.get("category") or "").strip() if data["action"] == "pick" else None
        if data["action"] == "pick" and not category:
            raise DomainError("Choose a category.", code="validation_error", details={"field": "category"})
        done = review.review_bulk_decide(user=request.user, ids=data["ids"], category=category)
        return Response({**done, "remaining": selectors.review_count(user=request.user)})


class ReviewDecideView(APIView):
    @extend_schema(request=s.ReviewIn, responses=OpenApiTypes.OBJECT,
                   description="One click: confirm Moneta's suggestion, or pick another category (which teaches a rule "
                               "for the merchant; past rows are not re-filed — see others_pending). `similar` offers "
                               "the same answer for the rows with the same description or merchant (POST it to "
                               "/<id>/review/similar/).")
    def post(self, request, pk: int):
        data = _valid(s.ReviewIn, request.data)
        if data["action"] == "pick" or data.get("category"):
            if not data.get("category"):
                raise DomainError("Choose a category.", code="validation_error", details={"field": "category"})
            services.transaction_category_set(user=request.user, transaction_id=pk, category=data["category"])
            pending = selectors.correction_preview(user=request.user, transaction_id=pk,
                                                   category=data["category"])["others"]
        else:
            services.transaction_review_confirm(user=request.user, transaction_id=pk)
            pending = 0
        row = selectors.transaction_get(user=request.user, transaction_id=pk)
        similar = review.similar_rows(user=request.user, transaction_id=pk, category=row["category"] or "")
        return Response({**row, "others_pending": pending, "similar": similar,
                         "remaining": selectors.review_count(user=request.user)})


# --- import -----------------------------------------------------------------------------------------------

class ImportView(APIView):
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(request=s.ImportIn, responses={201: s.BatchOut})
    def post(self, request):
        data = _valid(s.ImportIn, request.data)
        upload = data["file"]
        upload_size_check(file_name=upload.name, size=upload.size)  # the service's rule, before reading the file
        batch = services.transactions_import(user=request.user, file_name=upload.name, content=upload.read(),
                                             date_format=data.get("date_format") or None,
                                             skip_bad_rows=data["skip_bad_rows"],
                                             accept_balance_mismatch=data["accept_balance_mismatch"])
        return Response(s.BatchOut(batch).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses=s.BatchOut(many=True))
    def get(self, request):
        return Response(s.BatchOut(selectors.import_history(user=request.user), many=True).data)


class ImportDetailView(APIView):
    @extend_schema(responses=s.BatchOut)
    def get(self, request, pk: int):
        return Response(s.BatchOut(selectors.import_batch_get(user=request.user, batch_id=pk)).data)


class ImportPreviewView(APIView):
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(request=s.ImportPreviewIn, responses={201: OpenApiTypes.OBJECT},
                   description="Read a statement without storing any transaction: `preview` says in words how the "
                               "columns, dates and signs were read (`columns_text`, `date_format_text`, `sign_text`) "
                               "with the first rows and any bad rows. Then POST `/imports/<id>/confirm/`.")
    def post(self, request):
        data = _valid(s.ImportPreviewIn, request.data)
        upload = data["file"]
        upload_size_check(file_name=upload.name, size=upload.size)  # the service's rule, before reading the file
        batch = services.import_preview_create(user=request.user, file_name=upload.name, content=upload.read(),
                                               date_format=data.get("date_format") or None,
                                               sign_convention=data.get("sign_convention"))
        return Response(selectors.import_status(user=request.user, batch_id=batch.id), status=status.HTTP_201_CREATED)


class ImportPreviewUpdateView(APIView):
    @extend_schema(request=s.ImportPreviewUpdateIn, responses=OpenApiTypes.OBJECT,
                   operation_id="v1_transactions_imports_preview_update",
                   description="Correct the date format (DMY, MDY, YMD or a strptime pattern) or the sign convention "
                               "of a preview; the stored file is read again.")
    def post(self, request, pk: int):
        data = _valid(s.ImportPreviewUpdateIn, request.data)
        services.import_preview_update(user=request.user, batch_id=pk, date_format=data.get("date_format") or None,
                                       sign_convention=data.get("sign_convention"))
        return Response(selectors.import_status(user=request.user, batch_id=pk))


class ImportConfirmView(APIView):
    @extend_schema(request=s.ImportConfirmIn, responses={200: OpenApiTypes.OBJECT, 202: OpenApiTypes.OBJECT},
                   description="Import a preview into an account (`account_id`, or `account_name` to create one). "
                               "Small files are imported before this answers (200); large ones run on the worker "
                               "(202): poll `/imports/<id>/status/` for `rows_processed` / `rows_total`.")
    def post(self, request, pk: int):
        data = _valid(s.ImportConfirmIn, request.data)
        services.import_confirm(user=request.user, batch_id=pk, account_id=data.get("account_id"),
                                account_name=data.get("account_name") or None,
                                date_format=data.get("date_format") if "date_format" in data else None,
                                sign_convention=data.get("sign_convention"), skip_bad_rows=data["skip_bad_rows"],
                                accept_balance_mismatch=data["accept_balance_mismatch"])
        result = selectors.import_status(user=request.user, batch_id=pk)
        return Response(result, status=status.HTTP_200_OK if result["finished"] else status.HTTP_202_ACCEPTED)


class ImportStatusView(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT,
                   description="An import's preview, progress (`rows_processed` of `rows_total`, `percent`) and, "
                               "when `finished`, its result or every bad row (`errors`: line, field, reason).")
    def get(self, request, pk: int):
        return Response(selectors.import_status(user=request.user, batch_id=pk))


class ImportUnreadableRowsView(APIView):
    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR},
                   description="The rows of an import (or preview) that could not be read, as CSV: line, field, "
                               "problem, then the row's own cells under the file's header, to fix and import again.")
    def get(self, request, pk: int):
        name, text = services.import_rejects_csv(user=request.user, batch_id=pk)
        response = HttpResponse(text, content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response


# --- categories, rules, jars ----------------------------------------------------------------------------------

class CategoryListCreateView(APIView):
    @extend_schema(responses=s.CategoryOut(many=True))
    def get(self, request):
        return Response(s.CategoryOut(selectors.category_rows(user=request.user), many=True).data)

    @extend_schema(request=s.CategoryIn, responses={201: s.CategoryOut})
    def post(self, request):
        data = _valid(s.CategoryIn, request.data)
        if not data.get("name"):
            raise DomainError("name is required.", code="validation_error", details={"field": "name"})
        category = services.category_create(user=request.user, name=data["name"], kind=data.get("kind", "expense"),
                                            monthly_budget=data.get("monthly_budget"))
        return Response(s.CategoryOut(category).data, status=status.HTTP_201_CREATED)


class CategoryDetailView(APIView):
    @extend_schema(responses=s.CategoryOut)
    def get(self, request, pk: int):
        return Response(s.CategoryOut(_own_or_404(Category, request.user, pk)).data)

    @extend_schema(request=s.CategoryIn, responses=s.CategoryOut)
    def patch(self, request, pk: int):
        data = _valid(s.CategoryIn, request.data, partial=True)
        return Response(s.CategoryOut(services.category_update(user=request.user, category_id=pk, **data)).data)

    @extend_schema(responses={204: None})
    def delete(self, request, pk: int):
        services.category_delete(user=request.user, category_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RuleListCreateView(APIView):
    @extend_schema(responses=s.RuleOut(many=True))
    def get(self, request):
        return Response(s.RuleOut(selectors.rule_list(user=request.user), many=True).data)

    @extend_schema(request=s.RuleIn, responses={201: s.RuleOut})
    def post(self, request):
        data = _valid(s.RuleIn, request.data)
        if not data.get("pattern") or not data.get("category"):
            raise DomainError("pattern and category are required.", code="validation_error",
                              details={"field": "pattern" if not data.get("pattern") else "category"})
        rule = services.rule_create(user=request.user, pattern=data["pattern"], category=data["category"],
                                    match_type=data.get("match_type", "contains"),
                                    priority=data.get("priority", 100), active=data.get("active", True))
        return Response(s.RuleOut(rule).data, status=status.HTTP_201_CREATED)


class RuleDetailView(APIView):
    @extend_schema(responses=s.RuleOut)
    def get(self, request, pk: int):
        return Response(s.RuleOut(_own_or_404(CategorisationRule, request.user, pk)).data)

    @extend_schema(request=s.RuleIn, responses=s.RuleOut)
    def patch(self, request, pk: int):
        data = _valid(s.RuleIn, request.data, partial=True)
        return Response(s.RuleOut(services.rule_update(user=request.user, rule_id=pk, **data)).data)

    @extend_schema(responses={204: None})
    def delete(self, request, pk: int):
        services.rule_delete(user=request.user, rule_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


class AliasListView(APIView):
    @extend_schema(responses=s.AliasOut(many=True), summary="The words Moneta learned for your merchants and "
                                                            "categories (from the choices you picked in the chat)")
    def get(self, request):
        return Response(s.AliasOut(selectors.alias_list(user=request.user), many=True).data)


class AliasDetailView(APIView):
    @extend_schema(responses={204: None}, summary="Forget a learned word (the chat asks again next time)")
    def delete(self, request, pk: int):
        services.alias_delete(user=request.user, alias_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


class JarListCreateView(APIView):
    @extend_schema(responses=s.JarOut(many=True))
    def get(self, request):
        return Response(s.JarOut(selectors.jar_list(user=request.user), many=True).data)

    @extend_schema(request=s.JarIn, responses={201: s.JarOut})
    def post(self, request):
        data = _valid(s.JarIn, request.data)
        if not data.get("name") or data.get("monthly_budget") is None:
            raise DomainError("name and monthly_budget are required.", code="validation_error",
                              details={"field": "name" if not data.get("name") else "monthly_budget"})
        data.pop("archived", None)  # a jar starts active; PATCH archives it
        jar = services.jar_create(user=request.user, **data)
        return Response(s.JarOut(jar).data, status=status.HTTP_201_CREATED)


class JarDetailView(APIView):
    @extend_schema(responses=s.JarOut)
    def get(self, request, pk: int):
        return Response(s.JarOut(_own_or_404(Jar, request.user, pk)).data)

    @extend_schema(request=s.JarIn, responses=s.JarOut)
    def patch(self, request, pk: int):
        data = _valid(s.JarIn, request.data, partial=True)
        return Response(s.JarOut(services.jar_update(user=request.user, jar_id=pk, **data)).data)

    @extend_schema(responses={204: None})
    def delete(self, request, pk: int):
        services.jar_delete(user=request.user, jar_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


class JarStatusView(APIView):
    @extend_schema(parameters=[s.MonthQuery], responses=OpenApiTypes.OBJECT)
    def get(self, request):
        q = _valid(s.MonthQuery, request.query_params)
        return Response(selectors.jar_status(user=request.user, month=q.get("month")))


# --- search and analytics ------------------------------------------------------------------------------------

class SearchView(APIView):
    @extend_schema(parameters=[s.SearchQuery], responses=OpenApiTypes.OBJECT)
    def get(self, request):
        q = _valid(s.SearchQuery, request.query_params)
        return Response(transactions_search(user=request.user, query=q["q"], limit=q["limit"],
                                            page=q["page"]))


class SummaryView(APIView):
    @extend_schema(parameters=[s.PeriodQuery], responses=OpenApiTypes.OBJECT)
    def get(self, request):
        q = _valid(s.PeriodQuery, request.query_params)
        return Response(selectors.spending_summary(user=request.user, period=q["period"], start=q.get("start"),
                                                   end=q.get("end")))


class CategoryAnalyticsView(APIView):
    @extend_schema(parameters=[s.CategoryAnalyticsQuery], responses=OpenApiTypes.OBJECT)
    def get(self, request):
        q = _valid(s.CategoryAnalyticsQuery, request.query_params)
        return Response(selectors.spending_by_category(user=request.user, category=q["category"],
                                                       start=q.get("start"), end=q.get("end")))


class MerchantAnalyticsView(APIView):
    @extend_schema(parameters=[s.MerchantAnalyticsQuery], responses=OpenApiTypes.OBJECT)
    def get(self, request):
        q = _valid(s.MerchantAnalyticsQuery, request.query_params)
        return Response(selectors.spending_by_merchant(user=request.user, merchant=q["merchant"],
                                                       group_by_category=q["group_by_category"],
                                                       start=q.get("start"), end=q.get("end")))


class CompareView(APIView):
    @extend_schema(parameters=[s.CompareQuery], responses=OpenApiTypes.OBJECT)
    def get(self, request):
        q = _valid(s.CompareQuery, request.query_params)

        def split(v):
            return [x.strip() for x in v.split(",") if x.strip()] if v else None

        return Response(selectors.spending_compare(user=request.user, categories=split(q.get("categories")),
                                                   periods=split(q.get("periods")), start=q.get("start"),
                                                   end=q.get("end")))


class BudgetSuggestionsView(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request):
        return Response(selectors.budget_suggestions(user=request.user))


class BudgetAcceptView(APIView):
    @extend_schema(request=s.BudgetAcceptIn, responses=s.CategoryOut)
    def post(self, request):
        data = _valid(s.BudgetAcceptIn, request.data)
        return Response(s.CategoryOut(services.budget_suggestion_accept(user=request.user, **data)).data)


class SubscriptionListView(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request):
        include = request.query_params.get("include_dismissed") in ("1", "true", "yes")
        return Response(selectors.subscription_list(user=request.user, include_dismissed=include))


class SubscriptionDetectView(APIView):
    @extend_schema(request=None, responses=OpenApiTypes.OBJECT)
    def post(self, request):
        services.subscriptions_detect(user=request.user)
        return Response(selectors.subscription_list(user=request.user))


class SubscriptionConfirmView(APIView):
    @extend_schema(request=None, responses=s.SubscriptionOut)
    def post(self, request, pk: int):
        return Response(s.SubscriptionOut(services.subscription_confirm(user=request.user, subscription_id=pk)).data)


class SubscriptionDismissView(APIView):
    @extend_schema(request=None, responses=s.SubscriptionOut)
    def post(self, request, pk: int):
        return Response(s.SubscriptionOut(services.subscription_dismiss(user=request.user, subscription_id=pk)).data)


