"""The web login page with lockout: after too many failures it answers 429 and says when to try again."""
from __future__ import annotations

from django.contrib.auth import views as auth_views

from accounts.auth import client_ip, login_retry_after


class LoginView(auth_views.LoginView):
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        wait = login_retry_after(username=request.POST.get("username") or "", ip=client_ip(request))
        if wait:
            form = self.get_form()
            form.errors.clear()
            response = self.render_to_response(self.get_context_data(form=form, locked_seconds=wait))
            response.status_code = 429
            response["Retry-After"] = str(wait)
            return response
        return super().post(request, *args, **kwargs)
