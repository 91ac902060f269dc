"""Shape a chat answer (issue 5's answer object) for the templates: safe markdown, citations that link to
the cited page, tables and charts from tool data, the tool trace, and confidence in plain words."""
from __future__ import annotations

import json
import re
from datetime import date, datetime
from urllib.parse import urlencode

import markdown
from django.urls import reverse
from django.utils import timezone
from markdown.treeprocessors import Treeprocessor

from chat.actions.web import actions_for_conversation
from core.web.charts import chart_prepare
from core.web.format import money

MAX_TABLE_ROWS = 50
SAFE_URL = re.compile(r"^(https?://|/(?![/\\])|#|mailto:)", re.I)
# Images may only come from Moneta itself (a page image): a remote one would be fetched by the reader's
# browser, telling a third party who read the answer and when.
LOCAL_IMAGE = re.compile(r"^/(?![/\\])")
TOOL_LABELS = {
    "search_knowledge_base": "the knowledge base", "list_documents": "your document list",
    "get_app_information": "Moneta's help pages", "search_online": "a web search",
    "search_transactions": "your transactions", "analyze_by_category": "spending by category",
    "get_spending_summary": "your spending summary", "analyze_merchant": "spending by merchant",
    "compare_spending": "a spending comparison", "get_jar_status": "your jars",
    "list_subscriptions": "your subscriptions", "suggest_budgets": "budget suggestions",
    "save_note": "your notes", "respond": "the final answer",
}
MONEY_COLUMNS = {"amount", "total", "spent", "average", "budget", "remaining", "available", "median",
                 "monthly_cost", "suggested_budget", "income", "refunds", "last_month", "change"}


class _DropUnsafeLinks(Treeprocessor):
    """Model-written markdown may carry javascript: links or images; keep only plain http(s)/relative links."""

    def run(self, root):
        for parent in list(root.iter()):
            for child in list(parent):
                if child.tag == "img" and not LOCAL_IMAGE.match((child.get("src") or "").strip()):
                    _replace_with_text(parent, child, child.get("alt") or "")
        for element in root.iter():
            for attr in ("href", "src"):
                value = element.get(attr)
                if value is not None and not SAFE_URL.match(value.strip()):
                    del element.attrib[attr]
            if element.tag == "a" and (element.get("href") or "").lower().startswith("http"):
                element.set("rel", "noopener noreferrer nofollow")
                element.set("target", "_blank")


def _replace_with_text(parent, child, text: str) -> None:
    """Remove `child` from `parent`, keeping `text` (and the child's tail) where it stood."""
    index = list(parent).index(child)
    keep = (text + (child.tail or "")) if text else (child.tail or "")
    if index == 0:
        parent.text = (parent.text or "") + keep
    else:
        previous = parent[index - 1]
        previous.tail = (previous.tail or "") + keep
    parent.remove(child)


class _SafeLinks(markdown.Extension):
    def extendMarkdown(self, md):
        md.treeprocessors.register(_DropUnsafeLinks(md), "moneta_safe_links", 0)


LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")


def _loosen_lists(text: str) -> str:
    """Answers (offline composer and LLMs alike) often start a list on the line after a sentence; strict
    Markdown would run it into the paragraph. Put a blank line before the first item of each list."""
    out: list[str] = []
    for line in text.split("\n"):
        if LIST_ITEM.match(line) and out and out[-1].strip() and not LIST_ITEM.match(out[-1]):
            out.append("")
        out.append(line)
    return "\n".join(out)


def markdown_safe(text: str) -> str:
    """Markdown → HTML with raw HTML escaped (a `<` or `&` in an answer can never become markup).
    Single newlines are kept as line breaks, as chat answers are written."""
    escaped = _loosen_lists((text or "").replace("&", "&amp;").replace("<", "&lt;"))
    return markdown.markdown(escaped, extensions=["tables", "sane_lists", "nl2br", _SafeLinks()],
                             output_format="html")


def tool_label(name: str) -> str:
    return TOOL_LABELS.get(name, name.replace("_", " "))


def confidence_words(score) -> dict:
    if score is None:
        return {"level": "unknown", "text": "Confidence: not measured"}
    pct = round(float(score) * 100)
    level = "high" if score >= 0.75 else "medium" if score >= 0.5 else "low"
    return {"level": level, "pct": pct, "text": f"Confidence: {level} ({pct}%)"}


def _cell(column: str, value, currency: str | None) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)) and column in MONEY_COLUMNS:
        return money(value, currency)
    if isinstance(value, float):
        return f"{value:,.2f}"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_cell(column, v, currency)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_cell(column, v, currency) for v in value)
    return "" if value is None else str(value)


def _table(item: dict) -> dict:
    columns = [c for c in item.get("columns") or [] if c not in ("id", "currency", "category_confidence")]
    rows = item.get("rows") or []
    currency = item.get("currency")
    return {
        "title": item.get("title") or "", "columns": [c.replace("_", " ") for c in columns],
        "rows": [[_cell(c, row.get(c), row.get("currency") or currency) for c in columns]
                 for row in rows[:MAX_TABLE_ROWS] if isinstance(row, dict)],
        "numeric": [c in MONEY_COLUMNS or c in ("count", "pct", "share_pct") for c in columns],
        "more": max(0, len(rows) - MAX_TABLE_ROWS), "total_rows": len(rows),
    }


def citation_url(citation: dict) -> str | None:
    if not citation.get("page_id"):
        return None
    query = {"quote": (citation.get("quote") or "")[:600]}
    return reverse("web-page", args=[citation["page_id"]]) + "?" + urlencode(query)


CITE_MARKER = re.compile(r"\[(\d{1,3})\]")
_TAG = re.compile(r"(<[^>]*>)")


def _outside_tags_and_links(html: str, change) -> str:
    """Apply `change` to the text between tags only: never inside an attribute (a `[1]` in a link's URL or
    title) and never inside an existing link (an `<a>` in an `<a>` is invalid)."""
    out, in_link, in_code = [], 0, 0
    for part in _TAG.split(html):
        if part.startswith("<"):
            name = part[1:].lstrip("/").split(None, 1)[0].rstrip(">").lower() if len(part) > 2 else ""
            closing = part.startswith("</")
            if name == "a":
                in_link += -1 if closing else 1
            elif name in ("code", "pre"):
                in_code += -1 if closing else 1
            out.append(part)
        else:
            out.append(change(part) if in_link <= 0 and in_code <= 0 else part)
    return "".join(out)


def answer_present(answer: dict) -> dict:
    """The template context for one assistant answer."""
    citations = []
    for i, c in enumerate(answer.get("citations") or [], start=1):
        # facts keep the page's markdown ("# Heading …"); show the words, not the markup
        shown = " ".join(re.sub(r"(^|\s)#{1,6}\s+", " ", c.get("quote") or "").split())
        citations.append({**c, "n": c.get("n") or i, "url": citation_url(c), "quote_text": shown})
    html = markdown_safe(answer.get("answer") or "")
    message_id = answer.get("message_id")
    numbers = {str(c["n"]) for c in citations}

    def link_marker(match: re.Match) -> str:
        n = match.group(1)
        if n not in numbers:
            return match.group(0)
        return f'<a href="#cite-{message_id}-{n}" class="cite-marker" aria-label="source {n}">[{n}]</a>'

    html = _outside_tags_and_links(html, lambda text: CITE_MARKER.sub(link_marker, text))
    tables, charts = [], []
    for item in answer.get("data") or []:
        if item.get("kind") == "table":
            tables.append(_table(item))
        elif item.get("kind") == "chart":
            chart = chart_prepare(item)
            if chart:
                charts.append(chart)
    trace = [{"name": t.get("name"), "label": tool_label(t.get("name") or ""),
              "arguments": json.dumps(t.get("arguments") or {}, ensure_ascii=False, default=str),
              "duration_ms": t.get("duration_ms"), "error": t.get("error")}
             for t in answer.get("tool_calls") or []]
    return {
        "message_id": message_id, "answer_html": html, "citations": citations, "tables": tables, "charts": charts,
        "trace": trace, "sources": [tool_label(n) for n in answer.get("tools_used") or [] if n != "respond"],
        "confidence": confidence_words(answer.get("confidence")), "escalated": bool(answer.get("escalated")),
        "error": answer.get("error"), "partial": answer.get("partial"),
        "actions": actions_for_conversation(answer),  # chat/actions/: the confirmation cards, current state
        # chat/clarify.py: the choices of a clarifying question, buttons while it is the conversation's last answer
        "clarification": answer.get("clarification") if isinstance(answer.get("clarification"), dict) else None,
        "clarification_open": True,
    }


def conversation_groups(conversations: list[dict], *, today: date | None = None) -> list[dict]:
    """Conversations grouped by when they were last active: Today, Yesterday, Previous 7 days, then by month."""
    today = today or timezone.localdate()
    groups: list[dict] = []
    for c in conversations:
        day = timezone.localtime(datetime.fromisoformat(c["updated_at"])).date()
        age = (today - day).days
        if age <= 0:
            label = "Today"
        elif age == 1:
            label = "Yesterday"
        elif age <= 7:
            label = "Previous 7 days"
        else:
            label = f"{day:%B %Y}"
        if not groups or groups[-1]["label"] != label:
            groups.append({"label": label, "items": []})
        groups[-1]["items"].append(c)
    return groups


def conversation_present(detail: dict) -> list[dict]:
    """Messages of a conversation, each {"role", "content"}, {"role": "assistant", "a": answer_present(...)} or
    {"role": "staff", "html", "unread", ...} for a reply from the Moneta team."""
    out = []
    for message in detail.get("messages") or []:
        if message.get("role") == "staff":
            out.append({"role": "staff", "message_id": message.get("message_id"),
                        "html": markdown_safe(message.get("content") or ""),
                        "created_at": datetime.fromisoformat(message["created_at"]),
                        "unread": not message.get("read_at")})
        elif message.get("role") == "assistant":
            answer = dict(message.get("answer") or {})
            answer.setdefault("answer", message.get("content"))
            answer.setdefault("message_id", message.get("message_id"))
            answer["message_id"] = message.get("message_id")
            answer.setdefault("confidence", message.get("confidence"))
            answer.setdefault("escalated", message.get("escalated"))
            if not answer.get("tool_calls"):
                answer["tool_calls"] = message.get("tool_calls") or []
            out.append({"role": "assistant", "a": answer_present(answer)})
        else:
            out.append({"role": message.get("role"), "content": message.get("content")})
    for item in out[:-1]:  # a question answered by a later turn offers its choices no more
        if item["role"] == "assistant":
            item["a"]["clarification_open"] = False
    return out


def stream_event_label(event: dict) -> dict:
    return {"name": event.get("name"), "label": tool_label(event.get("name") or ""),
            "error": event.get("error")}

