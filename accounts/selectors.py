from accounts.models import Notification


def notification_list(*, user, unread_only: bool = False) -> list[dict]:
    qs = Notification.objects.filter(user=user)
    if unread_only:
        qs = qs.filter(read_at__isnull=True)
    return list(qs.values("id", "kind", "text", "created_at", "read_at")[:50])
