"""The words Moneta learned from the user's picks in the chat (NameAlias): listed on the transactions page under
what Moneta has learned, each with a Forget button (the chat asks again next time)."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import NotFound
from transactions import services


@login_required
@require_POST
def alias_forget(request, alias_id: int):
    try:
        services.alias_delete(user=request.user, alias_id=alias_id)
    except NotFound:
        raise Http404("No such word.")
    messages.success(request, _("Moneta forgot that word; the chat will ask what it means next time."))
    return redirect(reverse("web-transactions") + "#aliases-heading")
