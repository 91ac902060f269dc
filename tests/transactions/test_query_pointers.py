"""transactions/query/pointers.py: the one home of the words that point back at what was said ("that", "those", "đó"),
with the variants the readers need. These pin where the variants differ on purpose, so a reader keeps its reading
when they share their words. Pure regexes: no database."""
from __future__ import annotations

import pytest

from transactions.query import pointers as p


@pytest.mark.parametrize("pattern, points, does_not", [
    # a thing of the last answer; a time said with "this" points at no thing, and "mine" or "nó" is a thing
    (p.POINTS_AT_A_THING_RE, ["how does it work", "is mine normal", "cái đó là gì", "what about those ones"],
     ["how much this month", "what was spent that weekend", "explain compound interest"]),
    # the last answer's rows, including one of them said by its place
    (p.POINTS_AT_ROWS_RE, ["is that a duplicate", "one of them was charged twice", "the other one", "cái kia"],
     ["was I charged twice at target", "were they charged twice"]),
    # the last answer's subject: "there", "same", "that one" — not a bare "this" or "that"
    (p.POINTS_AT_SUBJECT_RE, ["what did I spend there", "same for june", "and that one?", "ở đó bao nhiêu"],
     ["what is this", "how much was that"]),
    (p.POINTS_AT_ANSWER_RE, ["how much was that", "since then?", "each of them per month", "the biggest one"],
     ["groceries in may"]),
    # the listed subscriptions, each or one of them
    (p.POINTS_AT_LISTED_RE, ["what do those cost a year", "each per month", "cái này mỗi năm"], ["netflix a year"]),
    (p.POINTS_AT_ONE_LISTED_RE, ["cancel that one", "stop it"], ["cancel those"]),
    # a turn leaning on the last answer, by a pointer or by opening as a follow-up does
    (p.LEANS_ON_LAST_RE, ["and in may?", "what about rent", "how many visits was that", "ok and uber", "vay con thang 5"],
     ["groceries in may", "this month please"]),
    (p.POINTS_AT_REMARK_RE, ["how much did I spend there?", "what did such a trip cost?", "and the same in may?"],
     ["how much did I spend in june?"]),
    # a question pointing into the clause before it, not any "that"
    (p.POINTS_INTO_CLAUSE_RE, ["what did I spend on it", "how much did that cost", "what did it come to"],
     ["is that all for june", "how much in june"]),
])
def test_each_reading_points_back_where_its_reader_needs(pattern, points, does_not):
    assert [t for t in points if not pattern.search(t)] == []
    assert [t for t in does_not if pattern.search(t)] == []


def test_a_word_pointing_at_a_thing_is_no_subject_of_its_own():
    words = "is it normal to pay that much for mine".split()
    assert [w for w in words if p.POINTS_AT_A_THING_RE.fullmatch(w)] == ["it", "that", "mine"]
