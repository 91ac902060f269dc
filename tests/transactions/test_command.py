import pytest
from django.core.management import CommandError, call_command

from transactions.models import Transaction

pytestmark = pytest.mark.django_db


def test_import_command(alice, tmp_path, capsys):
    good = tmp_path / "good.csv"
    good.write_text("Date,Description,Amount\n2026-03-01,STARBUCKS STORE #1,-4.50\n")
    call_command("import_transactions", str(good), user="alice")
    assert "1 new" in capsys.readouterr().out
    call_command("import_transactions", str(good), user="alice")
    assert "0 new, 1 already imported" in capsys.readouterr().out
    bad = tmp_path / "bad.csv"
    bad.write_text("Date,Description,Amount\n2026-03-01,X,-1\n2026-99-01,Y,-1\n")
    with pytest.raises(CommandError) as exc:
        call_command("import_transactions", str(bad), user="alice")
    assert "line 3: date" in str(exc.value)
    with pytest.raises(CommandError):
        call_command("import_transactions", str(good), user="nobody")
    assert Transaction.objects.filter(user=alice).count() == 1


def test_import_command_into_an_account_with_positive_money_out(alice, tmp_path):
    card = tmp_path / "card.csv"
    card.write_text("Date,Description,Amount\n2026-03-01,BOOKSHOP,12.50\n2026-03-05,PAYMENT THANK YOU,-12.50\n")
    call_command("import_transactions", str(card), user="alice", account="Visa card", money_out_positive=True)
    book = Transaction.objects.get(user=alice, description="BOOKSHOP")
    assert str(book.amount) == "-12.50" and book.account.name == "Visa card"
    assert str(Transaction.objects.get(user=alice, description="PAYMENT THANK YOU").amount) == "12.50"
