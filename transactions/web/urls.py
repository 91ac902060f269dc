from django.urls import path

from transactions.web import ledger_views as lv
from transactions.web import views

urlpatterns = [
    path("transactions/", views.transactions_page, name="web-transactions"),
    path("transactions/review/", views.review_page, name="web-transactions-review"),
    path("transactions/<int:transaction_id>/review/", views.review_decide, name="web-transaction-review"),
    path("transactions/import/", views.transactions_import_page, name="web-transactions-import"),
    path("transactions/import/<int:batch_id>/", views.import_batch_page, name="web-transactions-import-batch"),
    path("transactions/import/<int:batch_id>/preview/", views.import_preview_update,
         name="web-transactions-import-preview"),
    path("transactions/import/<int:batch_id>/confirm/", views.import_confirm, name="web-transactions-import-confirm"),
    path("transactions/import/<int:batch_id>/errors.csv", views.import_errors_csv,
         name="web-transactions-import-errors"),
    path("transactions/<int:transaction_id>/category/", views.transaction_category_set, name="web-transaction-category"),
    path("transactions/rules/<int:rule_id>/", views.rule_edit, name="web-rule-edit"),
    path("accounts/", lv.accounts_page, name="web-accounts"),
    path("accounts/<int:account_id>/", lv.account_edit, name="web-account-edit"),
    path("transactions/new/", lv.transaction_new, name="web-transaction-new"),
    path("transactions/<int:transaction_id>/edit/", lv.transaction_edit, name="web-transaction-edit"),
    path("transactions/<int:transaction_id>/delete/", lv.transaction_delete, name="web-transaction-delete"),
    path("transactions/<int:transaction_id>/split/", lv.transaction_split, name="web-transaction-split"),
    path("transactions/<int:transaction_id>/transfer/", lv.transaction_transfer, name="web-transaction-transfer"),
    path("transactions/bulk/", lv.transactions_bulk, name="web-transactions-bulk"),
    path("transactions/deleted/", lv.deleted_page, name="web-transactions-deleted"),
    path("transactions/deleted/<str:group>/undo/", lv.transactions_undo, name="web-transactions-undo"),
    path("transactions/duplicates/", lv.duplicates_page, name="web-duplicates"),
    path("categories/", lv.categories_page, name="web-categories"),
    path("jars/new/", lv.jar_create, name="web-jar-create"),
    path("jars/", views.jars_page, name="web-jars"),
    path("jars/<int:jar_id>/budget/", views.jar_budget_update, name="web-jar-budget"),
    path("budgets/accept/", views.budget_suggestion_accept, name="web-budget-accept"),
    path("subscriptions/", views.subscriptions_page, name="web-subscriptions"),
    path("subscriptions/<int:subscription_id>/<str:decision>/", views.subscription_decide,
         name="web-subscription-decide"),
]
