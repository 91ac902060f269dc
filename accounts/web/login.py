"""The sign-in page: allauth's login view, answering 429 (with when to try again) while the throttle says wait."""
from __future__ import annotations

from allauth.account.views import LoginView as AllauthLoginView

from accounts.throttle import client_ip, login_retry_after


class LoginView(AllauthLoginView):
    def post(self, request, *args, **kwargs):
        if "login" not in request.POST and "username" in request.POST:
            # Scripts and bookmarks written for the login form before allauth post `username`.
            post = request.POST.copy()
            post["login"] = post["username"]
            request.POST = post
        wait = login_retry_after(identifier=request.POST.get("login") or "", ip=client_ip(request))
        if wait:
            form = self.get_form_class()(request=request)
            response = self.render_to_response(self.get_context_data(form=form, locked_seconds=wait,
                                                                     locked_minutes=(wait + 59) // 60))
            response.status_code = 429
            response["Retry-After"] = str(wait)
            return response
        return super().post(request, *args, **kwargs)
