"""The ledger a person runs their money in: accounts and balances, checkpoints and reconciliation, net worth,
delete/undo, split, bulk edits, transfers, jar budgets by month, category and payee merges, duplicates."""
from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from core.errors import DomainError, NotFound
from tests.statements import csv_bytes
from transactions import selectors, services
from transactions.models import Transaction


def _import(user, rows, account=None, name="s.csv"):
    return services.transactions_import(user=user, file_name=name, content=csv_bytes(rows), account=account)


@pytest.mark.django_db
def test_account_balance_is_opening_plus_rows_and_second_user_sees_nothing(alice, bob):
    acct = services.account_create(user=alice, name="Everyday", kind="checking", opening_balance="1000",
                                   opening_date="2026-10-01")
    _import(alice, [("2026-10-02", "WOOLWORTHS 1", "-100.00", ""), ("2026-10-05", "PAYROLL ACME", "2500.00", ""),
                    ("2026-09-20", "BEFORE OPENING", "-7.00", "")], account=acct)
    [row] = selectors.account_balances(user=alice)
    assert row["balance"] == 3400.0 and row["transaction_count"] == 3 and row["kind"] == "checking"
    assert selectors.account_balances(user=bob) == []
    with pytest.raises(NotFound):
        selectors.account_get(user=bob, account_id=acct.id)
    with pytest.raises(NotFound):
        services.account_update(user=bob, account_id=acct.id, name="Mine")
    with pytest.raises(DomainError, match="already have an account"):
        services.account_create(user=alice, name="everyday")
    with pytest.raises(DomainError, match="type must be one of"):
        services.account_create(user=alice, name="X", kind="piggy bank")
    services.account_archive(user=alice, account_id=acct.id)
    assert selectors.account_balances(user=alice) == []
    assert selectors.account_balances(user=alice, include_archived=True)[0]["archived"]


@pytest.mark.django_db
def test_checkpoint_reconciliation_names_the_difference_the_date_and_the_rows(alice, bob):
    acct = services.account_create(user=alice, name="Visa card", kind="credit_card", opening_balance="0",
                                   opening_date="2026-10-01")
    _import(alice, [("2026-10-10", "CAFE ONE", "-20.00", ""), ("2026-11-04", "BOOKSHOP", "-12.40", ""),
                    ("2026-11-10", "GROCER", "-50.00", "")], account=acct)
    services.balance_checkpoint_record(user=alice, account_id=acct.id, date="2026-11-02", balance="-20.00",
                                       source="OFX LEDGERBAL")
    assert selectors.account_reconciliation(user=alice, account_id=acct.id)["status"] == "ok"
    services.balance_checkpoint_record(user=alice, account_id=acct.id, date="2026-11-30", balance="-70.00",
                                       source="OFX LEDGERBAL")
    rec = selectors.account_reconciliation(user=alice, account_id=acct.id)
    assert rec["status"] == "differs" and rec["difference"] == -12.4
    assert "Visa card differs from your statement by $12.40 since 3 Nov 2026" in rec["message"]
    assert [r["description"] for r in rec["rows"]] == ["BOOKSHOP", "GROCER"]
    assert selectors.reconciliation_issues(user=alice)[0]["account_id"] == acct.id
    with pytest.raises(NotFound):
        services.balance_checkpoint_record(user=bob, account_id=acct.id, date="2026-11-30", balance="1")
    with pytest.raises(DomainError, match="balance must be a number"):
        services.balance_checkpoint_record(user=alice, account_id=acct.id, date="2026-11-30", balance="abc")


@pytest.mark.django_db
def test_net_worth_is_assets_minus_liabilities_by_month(alice, bob):
    today = timezone.localdate()
    this = today.replace(day=1)
    last = (this - timedelta(days=1)).replace(day=1)
    checking = services.account_create(user=alice, name="Checking", opening_balance="1000", opening_date=last)
    card = services.account_create(user=alice, name="Card", kind="credit_card", opening_balance="-200",
                                   opening_date=last)
    services.transaction_create(user=alice, date=this, description="Groceries", amount="-100",
                                account_id=card.id)
    services.transaction_create(user=alice, date=this, description="Pay", amount="500", account_id=checking.id)
    nw = selectors.net_worth(user=alice, months=2, today=today)
    assert [(r["assets"], r["liabilities"], r["net"]) for r in nw["rows"]] == [(1000.0, 200.0, 800.0),
                                                                            (1500.0, 300.0, 1200.0)]
    assert nw["net_worth"] == 1200.0
    assert selectors.net_worth(user=bob, months=2)["net_worth"] == 0.0


@pytest.mark.django_db
def test_delete_undo_and_reimport_keeps_deleted_rows_deleted(alice, bob):
    rows = [("2026-10-02", "RENT OCT", "-1500.00", ""), ("2026-10-03", "COFFEE", "-4.00", "")]
    _import(alice, rows)
    rent = Transaction.objects.get(user=alice, description="RENT OCT")
    with pytest.raises(NotFound):
        services.transaction_delete(user=bob, transaction_id=rent.id)
    gone = services.transaction_delete(user=alice, transaction_id=rent.id)
    assert not Transaction.objects.filter(id=rent.id).exists()
    assert [d["description"] for d in services.deleted_list(user=alice)] == ["RENT OCT"]
    assert services.deleted_list(user=bob) == []
    batch = _import(alice, rows)  # the same statement again: the deleted row stays deleted
    assert batch.rows_created == 0
    with pytest.raises(NotFound):
        services.transactions_undo_delete(user=bob, group=gone["group"])
    assert services.transactions_undo_delete(user=alice, group=gone["group"]) == 1
    back = Transaction.objects.get(id=rent.id)
    assert back.amount == Decimal("-1500.00") and back.description == "RENT OCT"
    assert services.deleted_list(user=alice) == []


@pytest.mark.django_db
def test_edit_wins_and_reimport_does_not_overwrite(alice):
    rows = [("2026-10-02", "SQ *BLUE BOTTLE", "-6.50", "")]
    _import(alice, rows)
    tx = Transaction.objects.get(user=alice)
    services.transaction_update(user=alice, transaction_id=tx.id, amount="-7.25", description="Blue Bottle latte",
                                merchant="Blue Bottle", category="Dining", notes="with Sam", date="2026-10-03")
    _import(alice, rows)
    services.transactions_recategorise(user=alice)
    tx.refresh_from_db()
    assert (tx.amount, tx.description, tx.merchant.name, tx.category.name, tx.category_source, tx.notes,
            tx.date) == (Decimal("-7.25"), "Blue Bottle latte", "Blue Bottle", "Dining", "user", "with Sam",
                         date(2026, 10, 3))
    assert Transaction.objects.filter(user=alice).count() == 1 and tx.edited_at is not None


@pytest.mark.django_db
def test_split_parts_must_sum_and_figures_follow(alice, bob):
    services.categories_ensure_defaults(user=alice)
    tx = services.transaction_create(user=alice, date=date(2026, 10, 5), description="COSTCO", amount="-120.00")
    with pytest.raises(DomainError, match="add up to -100.00 but the transaction is -120.00"):
        services.transaction_split(user=alice, transaction_id=tx.id, parts=[
            {"category": "Groceries", "amount": "-80"}, {"category": "Shopping", "amount": "-20"}])
    with pytest.raises(NotFound):
        services.transaction_split(user=bob, transaction_id=tx.id, parts=[
            {"category": "Groceries", "amount": "-100"}, {"category": "Shopping", "amount": "-20"}])
    parts = services.transaction_split(user=alice, transaction_id=tx.id, parts=[
        {"category": "Groceries", "amount": "-100"}, {"category": "Shopping", "amount": "-20"}])
    assert [(p.category.name, p.amount) for p in parts] == [("Groceries", Decimal("-100.00")),
                                                             ("Shopping", Decimal("-20.00"))]
    summary = selectors.spending_summary(user=alice, start=date(2026, 10, 1), end=date(2026, 10, 31))
    spent = {r["category"]: r["spent"] for r in summary["rows"]}
    assert spent["Groceries"] == 100.0 and spent["Shopping"] == 20.0
    services.transaction_delete(user=alice, transaction_id=parts[1].id)  # a split goes as a whole
    assert not Transaction.objects.filter(user=alice).exists()
    group = services.deleted_list(user=alice)[0]["group"]
    assert services.transactions_undo_delete(user=alice, group=group) == 2
    merged = services.transaction_unsplit(user=alice, transaction_id=tx.id)
    assert merged.amount == Decimal("-120.00") and Transaction.objects.filter(user=alice).count() == 1


@pytest.mark.django_db
def test_bulk_categorise_move_delete(alice, bob):
    services.categories_ensure_defaults(user=alice)
    cash = services.account_create(user=alice, name="Cash", kind="cash")
    bob_acct = services.account_create(user=bob, name="Bob's")
    ids = [services.transaction_create(user=alice, date=date(2026, 10, d), description=f"THING {d}",
                                       amount="-5").id for d in (1, 2, 3)]
    assert services.transactions_bulk(user=alice, ids=ids, action="categorise", category="Dining")["count"] == 3
    assert set(Transaction.objects.filter(id__in=ids).values_list("category_source", flat=True)) == {"user"}
    with pytest.raises(NotFound):
        services.transactions_bulk(user=alice, ids=ids, action="move", account_id=bob_acct.id)
    with pytest.raises(NotFound):
        services.transactions_bulk(user=bob, ids=ids, action="delete")
    services.transactions_bulk(user=alice, ids=ids[:2], action="move", account_id=cash.id)
    assert Transaction.objects.filter(account=cash).count() == 2
    out = services.transactions_bulk(user=alice, ids=ids, action="delete")
    assert out["count"] == 3 and not Transaction.objects.filter(user=alice).exists()
    services.transactions_undo_delete(user=alice, group=out["group"])
    assert Transaction.objects.filter(user=alice).count() == 3


@pytest.mark.django_db
def test_card_payment_pairs_as_transfer_and_is_never_income(alice, bob):
    checking = services.account_create(user=alice, name="Checking")
    card = services.account_create(user=alice, name="Visa", kind="credit_card")
    _import(alice, [("2026-10-01", "PAYROLL ACME CORP", "3000.00", ""),
                    ("2026-10-20", "ONLINE PAYMENT VISA CARD 1234", "-500.00", "")], account=checking, name="c.csv")
    before = selectors.spending_summary(user=alice, start=date(2026, 10, 1), end=date(2026, 10, 31))
    _import(alice, [("2026-10-22", "PAYMENT THANK YOU", "500.00", ""),
                    ("2026-10-12", "BOOKSHOP", "-40.00", "")], account=card, name="v.csv")
    paid = Transaction.objects.get(user=alice, description="PAYMENT THANK YOU")
    out_side = Transaction.objects.get(user=alice, description__startswith="ONLINE PAYMENT")
    assert paid.transfer_pair_id == out_side.id and out_side.transfer_pair_id == paid.id
    assert paid.category.kind == "transfer"
    after = selectors.spending_summary(user=alice, start=date(2026, 10, 1), end=date(2026, 10, 31))
    assert after["total_income"] == before["total_income"] == 3000.0
    assert after["total_spent"] == 40.0
    from transactions.query import money_question

    assert money_question(user=alice, question="how much did I spend in October 2026")["total"] == 40.0
    # unpair by hand: both sides leave the transfer category and are not paired again
    services.transfer_unpair(user=alice, transaction_id=paid.id)
    services.transfers_detect(user=alice)
    paid.refresh_from_db()
    assert paid.transfer_pair_id is None and paid.category_id is None and paid.category_source == "user"
    with pytest.raises(NotFound):
        services.transfer_pair(user=bob, transaction_id=paid.id, other_id=out_side.id)
    services.transfer_pair(user=alice, transaction_id=paid.id, other_id=out_side.id)
    paid.refresh_from_db()
    assert paid.transfer_pair_id == out_side.id and paid.category.kind == "transfer"


@pytest.mark.django_db
def test_jar_budget_change_this_month_leaves_last_month(alice, bob):
    today = timezone.localdate()
    this = today.replace(day=1)
    last = (this - timedelta(days=1)).replace(day=1)
    services.categories_ensure_defaults(user=alice)
    jar = services.jar_create(user=alice, name="Food", monthly_budget="400", categories=["Groceries"],
                              rollover=True, rollover_start=last)
    services.transaction_create(user=alice, date=last, description="GROCER", amount="-300", category="Groceries")
    before = selectors.jar_status(user=alice, month=last)["rows"][0]
    services.jar_update(user=alice, jar_id=jar.id, monthly_budget="600")
    after_last = selectors.jar_status(user=alice, month=last)["rows"][0]
    now = selectors.jar_status(user=alice, month=this)["rows"][0]
    assert (before["budget"], before["remaining"]) == (after_last["budget"], after_last["remaining"]) == (400.0, 100.0)
    assert now["budget"] == 600.0 and now["carryover"] == 100.0 and now["available"] == 700.0
    assert selectors.budget_overview(user=alice, month=last)["budgeted"] == 400.0
    assert selectors.budget_overview(user=alice, month=this)["budgeted"] == 600.0
    with pytest.raises(NotFound):
        services.jar_budget_set(user=bob, jar_id=jar.id, amount="1")


@pytest.mark.django_db
def test_jar_made_this_month_keeps_last_months_budget_when_this_month_changes(alice):
    # The Jars page shows last month for a jar made this month too (its first amount): raising this month's
    # budget must not rewrite it, nor a past month's change rewrite the months before that.
    today = timezone.localdate()
    this = today.replace(day=1)
    last = (this - timedelta(days=1)).replace(day=1)
    jar = services.jar_create(user=alice, name="Food", monthly_budget="300", categories=["Groceries"])
    services.transaction_create(user=alice, date=last, description="GROCER", amount="-120", category="Groceries")
    before = selectors.jar_status(user=alice, month=last)["rows"][0]
    services.jar_budget_set(user=alice, jar_id=jar.id, amount="450")
    after = selectors.jar_status(user=alice, month=last)["rows"][0]
    assert (before["budget"], before["spent"], before["remaining"]) == (after["budget"], after["spent"],
                                                                         after["remaining"]) == (300.0, 120.0, 180.0)
    assert selectors.jar_status(user=alice, month=this)["rows"][0]["budget"] == 450.0
    assert selectors.budget_overview(user=alice, month=last)["budgeted"] == 300.0
    services.jar_budget_set(user=alice, jar_id=jar.id, amount="200", month=last)
    two_back = (last - timedelta(days=1)).replace(day=1)
    assert [selectors.jar_status(user=alice, month=m)["rows"][0]["budget"] for m in (two_back, last, this)] == [
        300.0, 200.0, 450.0]


@pytest.mark.django_db
def test_category_merge_refiles_rows_and_archive(alice, bob):
    services.categories_ensure_defaults(user=alice)
    coffee = services.category_create(user=alice, name="Coffee")
    services.transaction_create(user=alice, date=date(2026, 10, 5), description="LATTE", amount="-5",
                                category="Coffee")
    dining = selectors.category_find(user=alice, name="Dining")
    with pytest.raises(NotFound):
        services.category_merge(user=bob, source_id=coffee.id, target_id=dining.id)
    services.category_merge(user=alice, source_id=coffee.id, target_id=dining.id)
    assert Transaction.objects.get(user=alice).category_id == dining.id
    assert "Coffee" not in selectors.category_list(user=alice)
    services.category_archive(user=alice, category_id=dining.id)
    assert "Dining" not in selectors.category_list(user=alice, active_only=True)


@pytest.mark.django_db
def test_payee_merge_applies_to_past_and_future_rows(alice, bob):
    _import(alice, [("2026-10-01", "KWIK MART 12", "-10.00", ""), ("2026-10-02", "QUICKMART DOWNTOWN", "-20.00", "")])
    a, b = (Transaction.objects.get(user=alice, description=d).merchant for d in ("KWIK MART 12", "QUICKMART DOWNTOWN"))
    assert a.id != b.id
    with pytest.raises(NotFound):
        services.merchant_merge(user=bob, source_id=a.id, target_id=b.id)
    target = services.merchant_merge(user=alice, source_id=a.id, target_id=b.id)
    assert set(Transaction.objects.filter(user=alice).values_list("merchant_id", flat=True)) == {target.id}
    _import(alice, [("2026-10-09", "KWIK MART 99", "-30.00", "")], name="n.csv")
    assert Transaction.objects.get(user=alice, description="KWIK MART 99").merchant_id == target.id
    renamed = services.merchant_rename(user=alice, merchant_id=target.id, name="Amazon")
    assert renamed.name == "Amazon"


@pytest.mark.django_db
def test_duplicate_across_accounts_is_flagged_and_resolved_in_one_click(alice, bob):
    a = services.account_create(user=alice, name="Joint")
    b = services.account_create(user=alice, name="Mine")
    _import(alice, [("2026-10-01", "RENT OAK ST", "-1500.00", "")], account=a, name="a.csv")
    _import(alice, [("2026-10-02", "RENT OAK ST", "-1500.00", "")], account=b, name="b.csv")
    [dup] = services.duplicates_list(user=alice)
    assert services.duplicates_list(user=bob) == []
    with pytest.raises(NotFound):
        services.duplicate_resolve(user=bob, keep_id=dup["keep_id"], drop_id=dup["drop_id"], decision="delete")
    services.duplicate_resolve(user=alice, keep_id=dup["keep_id"], drop_id=dup["drop_id"], decision="delete")
    assert Transaction.objects.filter(user=alice).count() == 1 and services.duplicates_list(user=alice) == []
