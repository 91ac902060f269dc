from django.urls import path

from transactions.web import review_views, views

urlpatterns = [
    path("transactions/", views.transactions_page, name="web-transactions"),
    path("transactions/review/", review_views.review_page, name="web-transactions-review"),
    path("transactions/review/bulk/", review_views.review_bulk, name="web-transactions-review-bulk"),
    path("transactions/<int:transaction_id>/review/", review_views.review_decide, name="web-transaction-review"),
    path("transactions/<int:transaction_id>/review/similar/", review_views.review_similar_apply,
         name="web-transaction-review-similar"),
    path("transactions/import/", views.transactions_import_page, name="web-transactions-import"),
    path("transactions/import/<int:batch_id>/", views.import_batch_page, name="web-transactions-import-batch"),
    path("transactions/import/<int:batch_id>/preview/", views.import_preview_update,
         name="web-transactions-import-preview"),
    path("transactions/import/<int:batch_id>/confirm/", views.import_confirm, name="web-transactions-import-confirm"),
    path("transactions/import/<int:batch_id>/errors.csv", views.import_errors_csv,
         name="web-transactions-import-errors"),
    path("transactions/<int:transaction_id>/category/", views.transaction_category_set, name="web-transaction-category"),
    path("transactions/rules/<int:rule_id>/", views.rule_edit, name="web-rule-edit"),
    path("jars/", views.jars_page, name="web-jars"),
    path("jars/<int:jar_id>/budget/", views.jar_budget_update, name="web-jar-budget"),
    path("budgets/accept/", views.budget_suggestion_accept, name="web-budget-accept"),
    path("subscriptions/", views.subscriptions_page, name="web-subscriptions"),
    path("subscriptions/<int:subscription_id>/<str:decision>/", views.subscription_decide,
         name="web-subscription-decide"),
]
