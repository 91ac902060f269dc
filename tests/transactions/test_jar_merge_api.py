"""Merging jars through the API (GET previews, POST merges) and the web page's confirmation; bob can neither
merge alice's jars, merge into them, nor see them."""
from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from core.periods import add_months
from transactions import services
from transactions.models import Jar, JarBudget

pytestmark = pytest.mark.django_db
BASE = "/api/v1/transactions/jars/"


@pytest.fixture
def jars(alice, bob):
    this = timezone.localdate().replace(day=1)
    last = add_months(this, -1)
    services.categories_ensure_defaults(user=alice)
    services.categories_ensure_defaults(user=bob)
    services.category_create(user=alice, name="Coffee")
    food = services.jar_create(user=alice, name="Food", monthly_budget="500", categories=["Groceries", "Dining"],
                               rollover_start=last)
    coffee = services.jar_create(user=alice, name="Coffee", monthly_budget="40", categories=["Coffee", "Dining"],
                                 rollover_start=last)
    services.jar_budget_set(user=alice, jar_id=coffee.id, amount="60", month=this)
    bobs = services.jar_create(user=bob, name="Bob fun", monthly_budget="90", categories=["Entertainment"])
    return {"food": food, "coffee": coffee, "bobs": bobs, "this": this, "last": last}


def test_preview_then_merge_through_the_api(alice_client, jars):
    food, coffee, this, last = jars["food"], jars["coffee"], jars["this"], jars["last"]
    r = alice_client.get(BASE + f"{coffee.id}/merge/?target_id={food.id}")
    assert r.status_code == 200, r.json()
    plan = r.json()
    assert (plan["categories_moved"], plan["categories_shared"]) == (["Coffee"], ["Dining"])
    assert [(m["month"], m["target"], m["source"], m["combined"]) for m in plan["months"]] == [
        (f"{last:%Y-%m}", "500.00", "40.00", "540.00"), (f"{this:%Y-%m}", "500.00", "60.00", "560.00")]
    assert plan["this_month"]["combined"] == "560.00"
    assert not Jar.objects.get(id=coffee.id).archived_at  # a preview writes nothing

    r = alice_client.post(BASE + f"{coffee.id}/merge/", {"target_id": food.id}, format="json")
    assert r.status_code == 200, r.json()
    body = r.json()
    assert body["target_jar"]["monthly_budget"] == "560.00"
    assert body["target_jar"]["categories"] == ["Coffee", "Dining", "Groceries"]
    assert body["source_jar"]["archived_at"] and body["source_jar"]["merged_into"] == food.id
    assert body["source_jar"]["merged_into_name"] == "Food"
    assert {j["name"]: j["merged_into_name"] for j in alice_client.get(BASE).json()} == {"Coffee": "Food",
                                                                                         "Food": None}
    assert sorted(JarBudget.objects.filter(jar=food).values_list("month", "amount")) == [(last, 540), (this, 560)]
    # twice (a double click): the jar is archived now, and the error says so
    again = alice_client.post(BASE + f"{coffee.id}/merge/", {"target_id": food.id}, format="json")
    assert again.status_code == 400 and again.json()["error"]["details"] == {"field": "id"}
    restore = alice_client.patch(BASE + f"{coffee.id}/", {"archived": False}, format="json")
    assert restore.status_code == 400 and restore.json()["error"]["details"] == {"field": "archived"}


def test_errors_name_the_field(alice_client, jars):
    food, coffee, bobs = jars["food"], jars["coffee"], jars["bobs"]
    into_bobs = alice_client.post(BASE + f"{coffee.id}/merge/", {"target_id": bobs.id}, format="json")
    assert into_bobs.status_code == 400
    assert into_bobs.json()["error"]["details"] == {"field": "target_id"}
    assert into_bobs.json()["error"]["message"] == f"target_id: you have no jar with id {bobs.id} to merge into."
    huge = alice_client.post(BASE + f"{coffee.id}/merge/", {"target_id": 10 ** 20}, format="json")
    assert huge.status_code == 400 and huge.json()["error"]["details"] == {"field": "target_id"}
    missing = alice_client.post(BASE + f"{coffee.id}/merge/", {}, format="json")
    assert missing.status_code == 400 and "target_id" in str(missing.json()["error"])
    services.jar_update(user=food.user, jar_id=food.id, archived=True)
    archived = alice_client.post(BASE + f"{coffee.id}/merge/", {"target_id": food.id}, format="json")
    assert archived.status_code == 400 and archived.json()["error"]["details"] == {"field": "target_id"}
    assert "Food is archived" in archived.json()["error"]["message"]
    assert alice_client.get(BASE + f"{coffee.id}/merge/").json()["error"]["details"] == {"field": "target_id"}
    assert Jar.objects.get(id=coffee.id).archived_at is None and Jar.objects.get(id=bobs.id).archived_at is None


def test_bob_cannot_merge_or_see_alices_jars(bob_client, jars):
    food, coffee, bobs = jars["food"], jars["coffee"], jars["bobs"]
    assert [j["name"] for j in bob_client.get(BASE).json()] == ["Bob fun"]
    assert bob_client.get(BASE + f"{coffee.id}/").status_code == 404
    assert bob_client.get(BASE + f"{coffee.id}/merge/?target_id={food.id}").status_code == 404
    assert bob_client.post(BASE + f"{coffee.id}/merge/", {"target_id": bobs.id}, format="json").status_code == 404
    into_alices = bob_client.post(BASE + f"{bobs.id}/merge/", {"target_id": food.id}, format="json")
    assert into_alices.status_code == 400
    assert into_alices.json()["error"]["message"] == f"target_id: you have no jar with id {food.id} to merge into."
    assert "Food" not in str(bob_client.get(BASE + f"{bobs.id}/merge/?target_id={food.id}").json())
    assert Jar.objects.filter(archived_at__isnull=False).count() == 0
    assert list(Jar.objects.get(id=food.id).categories.values_list("name", flat=True).order_by("name")) == [
        "Dining", "Groceries"]


def test_the_merge_page_says_what_will_happen_and_merges_on_confirm(alice, bob, jars):
    food, coffee = jars["food"], jars["coffee"]
    web = Client()
    web.force_login(alice)
    jars_page = web.get("/jars/").content.decode()
    assert f'action="/jars/{coffee.id}/merge/"' in jars_page and "Merge into…" in jars_page
    page = web.get(f"/jars/{coffee.id}/merge/?target={food.id}").content.decode()
    assert "Move these categories into Food: Coffee." in page
    assert "Already in both jars, counted once from now on: Dining." in page
    assert "$560.00 ($500.00 + $60.00)" in page and "Archive Coffee with a note that it was merged into Food" in page
    assert Jar.objects.get(id=coffee.id).archived_at is None  # reading the confirmation changes nothing

    intruder = Client()
    intruder.force_login(bob)
    assert intruder.get(f"/jars/{coffee.id}/merge/?target={food.id}").status_code == 404
    assert intruder.post(f"/jars/{coffee.id}/merge/", {"target_id": food.id}).status_code == 404

    done = web.post(f"/jars/{coffee.id}/merge/", {"target_id": food.id}, follow=True).content.decode()
    assert "Merged Coffee into Food: 1 category moved, budgets added for 2 months." in done
    assert "merged into Food on" in done
    assert f'id="jar-{coffee.id}"' not in done
    assert Jar.objects.get(id=coffee.id).merged_into_id == food.id


def test_the_merge_confirmation_reads_vietnamese(alice, jars):
    from tests.web.test_vietnamese_ui import BRAND, data_words, untranslated

    food, coffee = jars["food"], jars["coffee"]
    web = Client()
    web.force_login(alice)
    url = f"/jars/{coffee.id}/merge/?target={food.id}"
    vi = web.get(url, HTTP_ACCEPT_LANGUAGE="vi").content.decode()
    assert "Gộp Coffee vào Food sẽ:" in vi
    assert untranslated(vi, web.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode(),
                        BRAND | data_words(alice)) == []
    jars_vi = web.get("/jars/", HTTP_ACCEPT_LANGUAGE="vi").content.decode()
    assert untranslated(jars_vi, web.get("/jars/", HTTP_ACCEPT_LANGUAGE="en").content.decode(),
                        BRAND | data_words(alice)) == []
