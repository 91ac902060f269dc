import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command


@pytest.mark.django_db
def test_demo_users_idempotent():
    call_command("demo", skip=["knowledge", "transactions", "chat"])
    call_command("demo", skip=["knowledge", "transactions", "chat"])
    User = get_user_model()
    assert User.objects.filter(username__in=["alice", "bob", "editor"]).count() == 3
    editor = User.objects.get(username="editor")
    assert editor.is_staff and not editor.is_superuser
    assert User.objects.get(username="alice").check_password("alice-demo-pass")
