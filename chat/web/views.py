"""Chat pages. The answer streams as server-sent events over a POST (fetch in static/js/moneta.js):
tool started/finished, answer tokens, then the final answer rendered server-side. Without JavaScript the
same form posts to the page and the answer appears after a redirect."""
from __future__ import annotations

import json
import logging

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseBadRequest, JsonResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from chat import selectors, services
from chat.web.presenters import answer_present, conversation_groups, conversation_present, stream_event_label
from core.errors import DomainError, NotFound

log = logging.getLogger(__name__)


def _conversation_id(raw) -> int | None:
    try:
        return int(raw) if raw not in (None, "") else None
    except (TypeError, ValueError):
        return None


@login_required
def chat_page(request, conversation_id: int | None = None):
    autosend = False
    ask = (request.GET.get("ask") or "").strip()[:2000]
    if request.method == "POST" and "message" not in request.POST and request.POST.get("ask"):
        # The home page's "Ask" form: a CSRF-checked POST from Moneta's own page, so the page may send the
        # question at once. A GET ?ask= link (which any site can make) only fills the box: a GET never writes.
        ask, autosend = request.POST["ask"].strip()[:2000], True
    elif request.method == "POST":  # no-JavaScript fallback: one whole turn, then show the conversation
        try:
            answer = services.chat_turn(user=request.user, message=request.POST.get("message") or "",
                                        conversation_id=conversation_id,
                                        regenerate=request.POST.get("regenerate") == "1",
                                        choice=request.POST.get("choice") or None)
        except NotFound:
            raise Http404("No such conversation.")
        except DomainError as exc:
            messages.error(request, exc.message)
            return redirect(request.path)
        return redirect(reverse("web-chat-conversation", args=[answer["conversation_id"]])
                        + f"#m-{answer['message_id']}")
    conversation = None
    if conversation_id is not None:
        try:
            conversation = selectors.conversation_detail(user=request.user, conversation_id=conversation_id)
        except NotFound:
            raise Http404("No such conversation.")
    items = conversation_present(conversation) if conversation else []
    context = {
        "nav": "chat", "conversation": conversation, "conversation_id": conversation_id, "items": items,
        "has_unread": any(i.get("unread") for i in items),
        "can_regenerate": bool(items) and items[-1]["role"] in ("assistant", "user"),
        "ask": ask, "autosend": autosend, **_sidebar(request, conversation_id),
    }
    return render(request, "web/chat/page.html", context)


def _sidebar(request, conversation_id: int | None) -> dict:
    """The conversation list (grouped by date, optionally searched) and the unread replies from the team."""
    q = (request.GET.get("q") or "").strip()
    search_error = None
    try:
        conversations = selectors.conversation_list(user=request.user, q=q)
    except DomainError as exc:
        search_error, conversations = exc.message, []
    return {"conversation_groups": conversation_groups(conversations), "conversation_q": q,
            "conversation_count": len(conversations), "search_error": search_error,
            "unread_replies": selectors.escalation_replies_unread(user=request.user),
            "conversation_id": conversation_id}


@login_required
def conversations_partial(request):
    """The sidebar's conversation list alone (the search box updates it in place with htmx)."""
    return render(request, "web/chat/_conversations.html", _sidebar(request, _conversation_id(request.GET.get("c"))))


@login_required
@require_POST
def replies_read(request, conversation_id: int):
    """The user has seen the team's replies in this conversation (the page posts this when it shows them)."""
    try:
        changed = services.escalation_replies_mark_read(user=request.user, conversation_id=conversation_id)
    except NotFound:
        raise Http404("No such conversation.")
    if request.htmx or request.headers.get("Accept") == "application/json":
        return JsonResponse({"marked_read": changed})
    return redirect(reverse("web-chat-conversation", args=[conversation_id]))


def _sse(event_type: str, payload: dict) -> str:
    return f"event: {event_type}\ndata: {json.dumps(payload, ensure_ascii=False, default=str)}\n\n"


@login_required
@require_POST
def chat_stream(request):
    """One chat turn as text/event-stream: tool_started / tool_finished / token / final (with the answer HTML)."""
    message = request.POST.get("message") or ""
    conversation_id = _conversation_id(request.POST.get("conversation_id"))
    if request.POST.get("conversation_id") and conversation_id is None:
        return HttpResponseBadRequest("conversation_id must be a number")
    regenerate = request.POST.get("regenerate") == "1"
    events = services.chat_turn_events(user=request.user, message=message, conversation_id=conversation_id,
                                       regenerate=regenerate, choice=request.POST.get("choice") or None)
    user = request.user

    def stream():
        try:
            for event in events:
                kind = event.get("type")
                if kind in ("tool_started", "tool_finished"):
                    yield _sse(kind, stream_event_label(event))
                elif kind == "token":
                    yield _sse("token", {"text": event.get("text") or ""})
                elif kind == "started":
                    yield _sse("started", {"conversation_id": event.get("conversation_id"),
                                           "regenerate": regenerate})
                elif kind == "final":
                    answer = event["answer"]
                    html = render_to_string("web/chat/_answer.html", {"a": answer_present(answer)}, request=request)
                    conversations = render_to_string("web/chat/_conversations.html", {
                        "conversation_groups": conversation_groups(selectors.conversation_list(user=user)),
                        "unread_replies": selectors.escalation_replies_unread(user=user),
                        "conversation_id": answer["conversation_id"]}, request=request)
                    yield _sse("final", {
                        "html": html, "conversation_id": answer["conversation_id"],
                        "message_id": answer["message_id"], "conversations_html": conversations,
                        "conversation_url": reverse("web-chat-conversation", args=[answer["conversation_id"]])})
        except NotFound:
            yield _sse("error", {"message": "That conversation was not found. Start a new one."})
        except DomainError as exc:
            yield _sse("error", {"message": exc.message})
        except Exception:  # the stream has started: report in-band rather than cut the connection
            log.exception("chat stream failed")
            yield _sse("error", {"message": "Moneta hit an internal error answering this. Please try again."})

    response = StreamingHttpResponse(stream(), content_type="text/event-stream; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # let proxies pass events through as they come
    return response


@login_required
@require_POST
def feedback(request, message_id: int):
    raw = request.POST.get("rating")
    comment = (request.POST.get("comment") or "").strip()
    escalate = request.POST.get("escalate") in ("1", "on") and raw in ("down", "-1")
    error = None
    rating = {"up": 1, "1": 1, "down": -1, "-1": -1}.get(raw or "")
    try:
        if rating is None:
            raise DomainError(_("Choose thumbs up or thumbs down."))
        services.feedback_submit(user=request.user, message_id=message_id, rating=rating, comment=comment,
                                 escalate=escalate)
    except NotFound:
        raise Http404("No such message.")
    except DomainError as exc:
        error = exc.message
    context = {"message_id": message_id, "rating": rating, "comment": comment, "error": error, "done": not error,
               "escalated_now": escalate and not error}
    if request.htmx:
        return render(request, "web/chat/_feedback.html", context)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, _("Thanks for the feedback."))
    back = request.META.get("HTTP_REFERER") or ""
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = reverse("web-chat")
    return redirect(back)
