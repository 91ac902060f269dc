"""Demo users. Their passwords are public by design: demo mode only (production refuses demo mode)."""
from __future__ import annotations

DEMO_USERS = (
    {"username": "alice", "password": "alice-demo-pass", "role": "end user (demo data)", "staff": False},
    {"username": "bob", "password": "bob-demo-pass", "role": "end user (demo data)", "staff": False},
    {"username": "editor", "password": "editor-demo-pass", "role": "staff editor: /admin/", "staff": True},
)
EDITOR_GROUP = "Editors"
EDITOR_APPS = ("knowledge", "chat")


# The model imports below stay inside the functions: `make run` (config/run.py) reads DEMO_USERS before Django
# is set up, and importing auth models then would fail.


def editors_group_ensure():
    from django.contrib.auth.models import Group, Permission  # models: see the note above

    group, _ = Group.objects.get_or_create(name=EDITOR_GROUP)
    perms = Permission.objects.filter(content_type__app_label__in=EDITOR_APPS)
    group.permissions.set(perms)
    return group


def demo_users_ensure() -> list:
    # models: see the note above (config/run.py imports this module before Django is set up)
    from django.contrib.auth import get_user_model
    from django.db import transaction

    with transaction.atomic():
        return _demo_users_ensure(get_user_model())


def _demo_users_ensure(User) -> list:
    group = editors_group_ensure()
    users = []
    for spec in DEMO_USERS:
        user, created = User.objects.get_or_create(
            username=spec["username"], defaults={"email": f"{spec['username']}@demo.moneta.local"}
        )
        if created or not user.check_password(spec["password"]):
            user.set_password(spec["password"])
        user.is_staff = spec["staff"]
        user.save()
        if spec["staff"]:
            user.groups.add(group)
        users.append(user)
    return users
