import pytest

from transactions.normalize import merchant_normalise


@pytest.mark.parametrize("raw, merchant", [
    ("POS Purchase WOOLWORTHS * 23 Aug", "Woolworths"),
    ("STARBUCKS STORE #1234 SEATTLE", "Starbucks"),
    ("STARBUCKS STORE #88 PORTLAND OR", "Starbucks"),
    ("Magtape Debit Vodacom", "Vodacom"),
    ("SQ *BLUE BOTTLE COFFEE 0423", "Blue Bottle Coffee"),
    ("PAYPAL *SPOTIFY 4029357733", "Spotify"),
    ("AMZN MKTP US*2K3ZX9 AMZN.COM/BILL WA", "Amazon"),
    ("NETFLIX.COM LOS GATOS CA", "Netflix"),
    ("UBER *TRIP HELP.UBER.COM", "Uber"),
    ("UBER *EATS PENDING 1234", "Uber Eats"),
    ("CHECKCARD 0823 SHELL OIL 57442 HOUSTON TX", "Shell Oil"),
    ("WHOLE FOODS MKT #10234 AUSTIN TX", "Whole Foods Mkt"),
    ("VISA DEBIT PURCHASE CARD 1234 COUNTDOWN 22/09", "Countdown"),
    ("DIRECT DEBIT CITY POWER REF 88231", "City Power"),
    ("TST* JOES PIZZA 12/03", "Joes Pizza"),
    ("7-ELEVEN 2231 DALLAS TX", "7-Eleven"),
    ("APPLE.COM/BILL 866-712-7753 CA", "Apple"),
    ("GOOGLE *YOUTUBE PREMIUM", "Youtube Premium"),
    ("PURE GYM MEMBERSHIP DD 1234567890", "Pure Gym"),
    ("CVS/PHARMACY #01234", "CVS Pharmacy"),
    ("AMAZON.COM REFUND 123456", "Amazon"),
    ("Kartenzahlung REWE SAGT DANKE 4711 2026-08-01", "Rewe Sagt Danke"),
])
def test_bank_narratives_become_merchants(raw, merchant):
    assert merchant_normalise(raw) == merchant


def test_same_merchant_from_different_banks_gets_one_name():
    variants = ["STARBUCKS STORE #1234 SEATTLE WA", "POS STARBUCKS 0042", "VISA PURCHASE STARBUCKS * 12 JAN",
                "Card Purchase Starbucks 11/01/26"]
    assert {merchant_normalise(v) for v in variants} == {"Starbucks"}


def test_a_product_of_the_same_company_is_its_own_merchant():
    from transactions.normalize import merchant_normalise

    assert merchant_normalise("UBER *EATS 7XK2P HELP.UBER.COM") == "Uber Eats"
    assert merchant_normalise("UBER *TRIP 4HJ2 HELP.UBER.COM") == "Uber"
    assert merchant_normalise("UBER   *TRIP 8005928996 CA") == "Uber"
