"""Home page: this month at a glance."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render


@login_required
def home(request):
    return render(request, "web/home.html", {"nav": "home"})
