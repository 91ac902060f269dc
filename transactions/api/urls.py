from django.urls import path

from . import views as v

app_name = "transactions"

urlpatterns = [
    path("", v.TransactionListCreateView.as_view(), name="transaction-list"),
    path("<int:pk>/", v.TransactionDetailView.as_view(), name="transaction-detail"),
    path("<int:pk>/category/", v.TransactionCategoryView.as_view(), name="transaction-category"),
    path("<int:pk>/category/preview/", v.TransactionCategoryPreviewView.as_view(), name="transaction-category-preview"),
    path("<int:pk>/review/", v.ReviewDecideView.as_view(), name="transaction-review"),
    path("<int:pk>/review/similar/", v.ReviewSimilarView.as_view(), name="transaction-review-similar"),
    path("review/", v.ReviewQueueView.as_view(), name="review-queue"),
    path("review/bulk/", v.ReviewBulkView.as_view(), name="review-bulk"),
    path("imports/", v.ImportView.as_view(), name="import"),
    path("imports/<int:pk>/", v.ImportDetailView.as_view(), name="import-detail"),
    path("imports/preview/", v.ImportPreviewView.as_view(), name="import-preview"),
    path("imports/<int:pk>/preview/", v.ImportPreviewUpdateView.as_view(), name="import-preview-update"),
    path("imports/<int:pk>/confirm/", v.ImportConfirmView.as_view(), name="import-confirm"),
    path("imports/<int:pk>/status/", v.ImportStatusView.as_view(), name="import-status"),
    path("imports/<int:pk>/unreadable.csv", v.ImportUnreadableRowsView.as_view(), name="import-unreadable"),
    path("accounts/", v.AccountListView.as_view(), name="account-list"),
    path("categories/", v.CategoryListCreateView.as_view(), name="category-list"),
    path("categories/<int:pk>/", v.CategoryDetailView.as_view(), name="category-detail"),
    path("rules/", v.RuleListCreateView.as_view(), name="rule-list"),
    path("rules/<int:pk>/", v.RuleDetailView.as_view(), name="rule-detail"),
    path("jars/", v.JarListCreateView.as_view(), name="jar-list"),
    path("jars/status/", v.JarStatusView.as_view(), name="jar-status"),
    path("jars/<int:pk>/", v.JarDetailView.as_view(), name="jar-detail"),
    path("search/", v.SearchView.as_view(), name="search"),
    path("analytics/summary/", v.SummaryView.as_view(), name="analytics-summary"),
    path("analytics/category/", v.CategoryAnalyticsView.as_view(), name="analytics-category"),
    path("analytics/merchant/", v.MerchantAnalyticsView.as_view(), name="analytics-merchant"),
    path("analytics/compare/", v.CompareView.as_view(), name="analytics-compare"),
    path("budgets/suggestions/", v.BudgetSuggestionsView.as_view(), name="budget-suggestions"),
    path("budgets/accept/", v.BudgetAcceptView.as_view(), name="budget-accept"),
    path("subscriptions/", v.SubscriptionListView.as_view(), name="subscription-list"),
    path("subscriptions/detect/", v.SubscriptionDetectView.as_view(), name="subscription-detect"),
    path("subscriptions/<int:pk>/confirm/", v.SubscriptionConfirmView.as_view(), name="subscription-confirm"),
    path("subscriptions/<int:pk>/dismiss/", v.SubscriptionDismissView.as_view(), name="subscription-dismiss"),
]
