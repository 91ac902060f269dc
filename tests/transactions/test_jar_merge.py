"""Merging jar S into jar T (issue 24 item 6): S's categories move to T; for each month either jar had a budget
stored, T's amount becomes T's + S's amount in force that month (amounts carry forward until changed); S is
archived with a note, never restored; every month's figures — last month's, and carry-over — stay the same in
total. Service level, on the real database."""
from __future__ import annotations

from datetime import date

import pytest
from django.utils import timezone

from core.errors import DomainError, NotFound
from core.periods import add_months
from transactions import selectors, services
from transactions.models import Jar, JarBudget

pytestmark = pytest.mark.django_db


def _months():
    this = timezone.localdate().replace(day=1)
    return [add_months(this, -k) for k in (4, 3, 2, 1, 0)]  # m0, m1, m2, last, this


def _budgets(user, jar_id, months):
    return [next(r for r in selectors.jar_status(user=user, month=m)["rows"] if r["jar_id"] == jar_id)["budget"]
            for m in months]


def _totals(user, month):
    """A month's figures as the Jars page and the budget overview show them, added up over the active jars."""
    status = selectors.jar_status(user=user, month=month)
    rows = status["rows"]
    return {"budget": status["total_budget"], "spent": status["total_spent"],
            "available": round(sum(r["available"] for r in rows), 2),
            "carryover": round(sum(r["carryover"] for r in rows), 2),
            "remaining": round(sum(r["remaining"] for r in rows), 2),
            "transactions": sum(r["transaction_count"] for r in rows),
            "budgeted": selectors.budget_overview(user=user, month=month)["budgeted"]}


def _spend(user, day: date, amount: str, category: str):
    services.transaction_create(user=user, date=day, description=f"{category} {day}", amount=amount,
                                category=category)


def _two_rollover_jars(user):
    m0, m1, m2, last, this = _months()
    services.categories_ensure_defaults(user=user)
    services.category_create(user=user, name="Coffee")
    eating = services.jar_create(user=user, name="Eating out", monthly_budget="300", categories=["Dining"],
                                 rollover=True, rollover_start=m0)
    services.jar_budget_set(user=user, jar_id=eating.id, amount="350", month=m2)
    coffee = services.jar_create(user=user, name="Coffee", monthly_budget="50", categories=["Coffee"],
                                 rollover=True, rollover_start=m0)
    services.jar_budget_set(user=user, jar_id=coffee.id, amount="80", month=m1)
    services.jar_budget_set(user=user, jar_id=coffee.id, amount="60", month=this)
    for month, dining, coffee_spent in ((m0, "-280", "-40"), (m1, "-320", "-95"), (m2, "-300", "-70"),
                                        (last, "-410", "-20"), (this, "-100", "-15")):
        _spend(user, month.replace(day=5), dining, "Dining")
        _spend(user, month.replace(day=6), coffee_spent, "Coffee")
    return eating, coffee


def test_merge_adds_budgets_month_by_month_with_carry_forward_and_keeps_every_months_figures(alice):
    months = _months()
    m0, m1, m2, last, this = months
    eating, coffee = _two_rollover_jars(alice)
    # Eating out: 300 from m0, 350 from m2. Coffee: 50 from m0, 80 from m1, 60 from this month.
    assert _budgets(alice, eating.id, months) == [300.0, 300.0, 350.0, 350.0, 350.0]
    assert _budgets(alice, coffee.id, months) == [50.0, 80.0, 80.0, 80.0, 60.0]
    before = {m: _totals(alice, m) for m in months}
    stored_before = set(JarBudget.objects.filter(jar__in=[eating, coffee]).values_list("month", flat=True))

    done = services.jar_merge(user=alice, source_id=coffee.id, target_id=eating.id)

    # Each month is the two amounts in force added up — also where only one jar changed its amount (m1: Coffee
    # went to 80 while Eating out carried 300 forward; m2: Eating out went to 350 while Coffee carried 80).
    assert _budgets(alice, eating.id, months) == [350.0, 380.0, 430.0, 430.0, 410.0]
    assert [(r["month"], r["combined"]) for r in done["months"]] == [
        (f"{m0:%Y-%m}", "350.00"), (f"{m1:%Y-%m}", "380.00"), (f"{m2:%Y-%m}", "430.00"), (f"{this:%Y-%m}", "410.00")]
    # Only months one of the jars had set are stored; last month (set by neither) is not written.
    stored_after = set(JarBudget.objects.filter(jar=eating).values_list("month", flat=True))
    assert stored_after == stored_before and last not in stored_after
    for m in months:  # last month's figures (and every other month's, carry-over included) in total
        assert _totals(alice, m) == before[m], m
    eating_now = next(r for r in selectors.jar_status(user=alice, month=this)["rows"] if r["jar_id"] == eating.id)
    assert eating_now["carryover"] == before[this]["carryover"] and eating_now["categories"] == ["Coffee", "Dining"]

    eating.refresh_from_db()
    coffee.refresh_from_db()
    assert str(eating.monthly_budget) == "410.00" and eating.rollover and eating.rollover_start == m0
    assert coffee.archived_at is not None and coffee.merged_into_id == eating.id  # archived, not deleted
    assert list(coffee.categories.all()) == []
    assert [r["name"] for r in selectors.jar_status(user=alice, month=this)["rows"]] == ["Eating out"]
    # a merged jar is never restored: its money is the target's now
    with pytest.raises(DomainError) as restore:
        services.jar_update(user=alice, jar_id=coffee.id, archived=False)
    assert restore.value.details == {"field": "archived"} and "merged into Eating out" in restore.value.message
    assert Jar.objects.get(id=coffee.id).archived_at is not None


def test_a_jar_made_this_month_merged_into_an_older_one_leaves_last_month_as_it_was(alice):
    # The Jars page shows a jar made this month in last month too, at its first amount; after the merge the
    # target carries that amount in those months, so last month's totals do not move. No rollover on either.
    m0, m1, m2, last, this = _months()
    services.categories_ensure_defaults(user=alice)
    groceries = services.jar_create(user=alice, name="Groceries", monthly_budget="400", categories=["Groceries"],
                                    rollover_start=m2)
    services.jar_budget_set(user=alice, jar_id=groceries.id, amount="450", month=last)
    snacks = services.jar_create(user=alice, name="Snacks", monthly_budget="40", categories=["Dining"])
    _spend(alice, last.replace(day=3), "-380", "Groceries")
    _spend(alice, last.replace(day=4), "-25", "Dining")
    _spend(alice, this.replace(day=1), "-30", "Dining")
    before = {m: _totals(alice, m) for m in (m2, last, this)}

    services.jar_merge(user=alice, source_id=snacks.id, target_id=groceries.id)

    assert {m: _totals(alice, m) for m in (m2, last, this)} == before
    assert _budgets(alice, groceries.id, [m2, last, this]) == [440.0, 490.0, 490.0]
    assert selectors.budget_overview(user=alice, month=last)["budgeted"] == before[last]["budgeted"] == 490.0


def test_merge_refusals_name_the_field_and_change_nothing(alice, bob):
    services.categories_ensure_defaults(user=alice)
    services.categories_ensure_defaults(user=bob)
    food = services.jar_create(user=alice, name="Food", monthly_budget="300", categories=["Groceries"])
    fun = services.jar_create(user=alice, name="Fun", monthly_budget="100", categories=["Entertainment"])
    saved = services.jar_create(user=alice, name="Trip", monthly_budget="200", rollover=True)
    old = services.jar_create(user=alice, name="Old", monthly_budget="10")
    services.jar_update(user=alice, jar_id=old.id, archived=True)
    bobs = services.jar_create(user=bob, name="Bob food", monthly_budget="250", categories=["Groceries"])

    def refused(user, source, target):
        with pytest.raises(DomainError) as caught:
            services.jar_merge(user=user, source_id=source, target_id=target)
        return caught.value

    other = refused(alice, fun.id, bobs.id)  # another user's jar reads like one that does not exist
    assert other.details == {"field": "target_id"} and other.message == (
        f"target_id: you have no jar with id {bobs.id} to merge into.")
    assert refused(alice, fun.id, 999999).message == other.message.replace(str(bobs.id), "999999")
    archived = refused(alice, fun.id, old.id)
    assert archived.details == {"field": "target_id"} and "Old is archived" in archived.message
    assert refused(alice, fun.id, fun.id).details == {"field": "target_id"}
    rollover = refused(alice, fun.id, saved.id)
    assert rollover.details == {"field": "rollover"} and "Trip carries unspent money over" in rollover.message
    assert refused(alice, old.id, food.id).details == {"field": "id"}
    with pytest.raises(NotFound):  # bob cannot merge alice's jar anywhere, not even into his own
        services.jar_merge(user=bob, source_id=fun.id, target_id=bobs.id)
    with pytest.raises(NotFound):
        selectors.jar_merge_plan(user=bob, source_id=fun.id, target_id=food.id)
    assert Jar.objects.filter(user=alice, archived_at__isnull=True).count() == 3
    assert sorted(Jar.objects.get(id=bobs.id).categories.values_list("name", flat=True)) == ["Groceries"]
    assert str(Jar.objects.get(id=bobs.id).monthly_budget) == "250.00"


def test_merge_is_atomic(alice, monkeypatch):
    services.categories_ensure_defaults(user=alice)
    food = services.jar_create(user=alice, name="Food", monthly_budget="300", categories=["Groceries"])
    fun = services.jar_create(user=alice, name="Fun", monthly_budget="100", categories=["Entertainment"])
    real_save = Jar.save

    def failing_save(self, *args, **kwargs):  # the last write of the merge (archiving S) fails
        if self.merged_into_id:
            raise RuntimeError("disk full")
        return real_save(self, *args, **kwargs)

    monkeypatch.setattr(Jar, "save", failing_save)
    with pytest.raises(RuntimeError):
        services.jar_merge(user=alice, source_id=fun.id, target_id=food.id)
    food.refresh_from_db()
    fun.refresh_from_db()
    assert (str(food.monthly_budget), fun.archived_at, fun.merged_into_id) == ("300.00", None, None)
    assert list(food.categories.values_list("name", flat=True)) == ["Groceries"]
    assert list(fun.categories.values_list("name", flat=True)) == ["Entertainment"]
    assert list(JarBudget.objects.filter(jar=food).values_list("amount", flat=True)) == [300]


def test_jars_from_before_budgets_by_month_merge_into_one_amount_for_every_month(alice):
    # Jars made before budgets belonged to months have no JarBudget rows: their monthly_budget holds for every
    # month. The merge writes one row, the sum, which every month then reads.
    services.categories_ensure_defaults(user=alice)
    m0, m1, m2, last, this = _months()
    a = Jar.objects.create(user=alice, name="House", monthly_budget="700", rollover_start=m2)
    b = Jar.objects.create(user=alice, name="Garden", monthly_budget="45", rollover_start=m1)
    before = {m: _totals(alice, m) for m in (m0, last, this)}
    done = services.jar_merge(user=alice, source_id=b.id, target_id=a.id)
    assert [(r["month"], r["combined"]) for r in done["months"]] == [(f"{m1:%Y-%m}", "745.00")]
    assert _budgets(alice, a.id, [m0, last, this]) == [745.0, 745.0, 745.0]
    assert {m: _totals(alice, m) for m in (m0, last, this)} == before


def test_rollover_jars_that_started_in_different_months_say_so_and_keep_each_months_budget(alice):
    m0, m1, m2, last, this = _months()
    services.categories_ensure_defaults(user=alice)
    old = services.jar_create(user=alice, name="Old", monthly_budget="100", categories=["Dining"], rollover=True,
                              rollover_start=m0)
    new = services.jar_create(user=alice, name="New", monthly_budget="30", categories=["Transport"], rollover=True,
                              rollover_start=m2)
    plan = selectors.jar_merge_plan(user=alice, source_id=old.id, target_id=new.id)
    assert plan["rollover_starts_differ"] and plan["rollover_start"] == f"{m0:%Y-%m}"
    budgets = {m: _totals(alice, m)["budget"] for m in (m0, m1, m2, last, this)}
    services.jar_merge(user=alice, source_id=old.id, target_id=new.id)
    new.refresh_from_db()
    assert new.rollover_start == m0  # the older jar's carried-over months stay counted
    assert {m: _totals(alice, m)["budget"] for m in (m0, m1, m2, last, this)} == budgets
