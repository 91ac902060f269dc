""""just the latest trip" after a list of rows is the latest occasion, not the latest row: a flight and its bag fee,
which carry one ticket number, are one trip (transactions/query/followups_occasion.py). Through chat_turn."""
from __future__ import annotations

from datetime import timedelta

import pytest

from tests.chat.conftest import month_start, talk
from tests.statements import csv_bytes

pytestmark = pytest.mark.django_db



@pytest.fixture
def trips(alice):
    from django.utils import timezone

    from transactions.services import transactions_import
    today = timezone.localdate()
    flight = month_start(today, 1) + timedelta(days=4)
    rows = [(month_start(today, 3) + timedelta(days=2), "SKYWAYS AIR 0062345678901 ATLANTA GA", "-400.00", "Travel"),
            (flight, "SKYWAYS AIR 0067712093384 ATLANTA GA", "-500.00", "Travel"),
            (flight + timedelta(days=3), "SKYWAYS AIR 0067712093384 BAG FEE", "-35.00", "Travel")]
    return transactions_import(user=alice, file_name="trips.csv", content=csv_bytes(rows))


@pytest.mark.parametrize("said", ["just the latest trip", "only the most recent trip, including the bag fee",
                                  "chuyến gần nhất thôi"])
def test_the_latest_trip_is_its_rows_together(chat_demo, alice, trips, said):
    answer = talk(alice, "my travel spending", "list them", said)[-1]
    assert "$535.00" in answer["answer"], answer["answer"]


def test_a_trip_of_one_row_is_that_row(chat_demo, alice, trips):
    answer = talk(alice, "my travel spending", "list them", "the first trip")[-1]
    assert "$400.00" in answer["answer"], answer["answer"]
