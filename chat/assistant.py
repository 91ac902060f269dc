"""The assistant: its tools are methods bound to the requesting user.

The docstring of each tool method is the description the model reads, and its type hints are the
argument schema. No tool takes a user id: every selector is called with `user=self.user`, so nothing a
prompt (or a document with instructions in it) says can reach another user's data.
"""
from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from typing import Any

from langchain_core.tools import StructuredTool

from config.api import DomainError

ALL_TOOLS = (
    "search_knowledge_base", "list_documents", "get_app_information", "search_online",
    "search_transactions", "analyze_by_category", "get_spending_summary", "analyze_merchant",
    "compare_spending", "get_jar_status", "list_subscriptions", "suggest_budgets", "save_note", "respond",
)
KNOWLEDGE_TOOLS = {"search_knowledge_base", "get_app_information"}
MONEY_TOOLS = {"search_transactions", "analyze_by_category", "get_spending_summary", "analyze_merchant",
               "compare_spending", "get_jar_status", "list_subscriptions", "suggest_budgets"}
HELP_CORPUS = "moneta-help"
MODEL_ROWS = 15  # rows of a table the model sees; the UI gets them all in `data`


@dataclass
class ToolRecord:
    name: str
    arguments: dict
    result: Any = None
    content: str = ""
    duration_ms: float = 0.0
    error: str = ""


@dataclass
class TurnRecorder:
    """Everything the tools returned this turn: the evidence grounding checks run against."""

    records: list[ToolRecord] = field(default_factory=list)
    facts: dict[int, dict] = field(default_factory=dict)

    def add_facts(self, results: list[dict]) -> None:
        for r in results:
            if r.get("fact_id") is not None:
                self.facts.setdefault(int(r["fact_id"]), r)

    @property
    def tool_records(self) -> list[ToolRecord]:
        return [r for r in self.records if r.name != "respond"]


def _period_dates(period: str | None) -> tuple[date | None, date | None, str | None]:
    if not period:
        return None, None, None
    from transactions.periods import period_resolve

    return period_resolve(period)


def _compact(value: Any, *, rows: int = MODEL_ROWS) -> Any:
    """What the model reads: the figures, and at most `rows` rows of any table (charts are for the UI)."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == "chart":
                continue
            if isinstance(item, list) and len(item) > rows:
                out[key] = [_compact(i, rows=rows) for i in item[:rows]]
                out[f"{key}_omitted"] = len(item) - rows
            else:
                out[key] = _compact(item, rows=rows)
        return out
    if isinstance(value, list):
        return [_compact(i, rows=rows) for i in value]
    return value


@cache
def _tool_template(name: str) -> StructuredTool:
    method = getattr(FinanceAssistant(user=None, config=None), name)  # bound: `self` is not in the schema
    return StructuredTool.from_function(func=method, name=name, description=" ".join(method.__doc__.split()))


class FinanceAssistant:
    """Moneta's assistant for one user and one agent config."""

    def __init__(self, *, user, config, recorder: TurnRecorder | None = None):
        self.user = user
        self.config = config
        self.recorder = recorder or TurnRecorder()

    # ---- knowledge -----------------------------------------------------------------------------
    def _corpus_filters(self, corpus: list[str] | None, exclude_corpus: list[str] | None):
        allowed = list(self.config.corpus_include or [])
        include = [c for c in (corpus or []) if not allowed or c in allowed] or allowed or None
        exclude = sorted(set(self.config.corpus_exclude or []) | set(exclude_corpus or [])) or None
        return include, exclude

    def _knowledge(self, query: str, include, exclude) -> dict:
        from knowledge.selectors import knowledge_search

        c = self.config
        found = knowledge_search(
            user=self.user, query=query, k=c.max_results, similarity_threshold=c.similarity_threshold or None,
            corpus_include=include, corpus_exclude=exclude, hybrid=c.hybrid,
            vector_weight=c.vector_weight, text_weight=c.text_weight,
        )
        results = found.get("results", [])
        self.recorder.add_facts(results)
        return {
            "query": query,
            "settings": found.get("settings", {}),
            "results": [
                {"fact_id": r["fact_id"], "text": r["text"], "document": r.get("document"), "page": r.get("page"),
                 "corpus": r.get("corpus"), "score": round(float((r.get("scores") or {}).get("vector") or 0), 3)}
                for r in results
            ],
        }

    def search_knowledge_base(self, query: str, corpus: list[str] | None = None,
                              exclude_corpus: list[str] | None = None) -> dict:
        """Search the knowledge base (financial education, regulations, bank documents, the user's own notes)
        for facts that answer `query`. Optional `corpus`: only these corpus slugs (e.g. "finance-education",
        "regulations", "bank-documents"); `exclude_corpus`: skip these. Returns facts with fact_id, text,
        document, page and a similarity score; cite them as [#fact_id]."""
        include, exclude = self._corpus_filters(corpus, exclude_corpus)
        return self._knowledge(query, include, exclude)

    def list_documents(self, corpus: str | None = None) -> dict:
        """List the documents in the knowledge base the user can see (optionally one corpus slug), with their
        status, page and fact counts and summary."""
        from knowledge.selectors import document_list

        docs = document_list(user=self.user, corpus=corpus)
        return {"count": len(docs), "documents": docs}

    def get_app_information(self, query: str) -> dict:
        """Answer questions about Moneta itself (features such as jars, budget suggestions, categorisation,
        transaction search, subscriptions, importing) from Moneta's help pages."""
        return self._knowledge(query, [HELP_CORPUS], None)

    def search_online(self, query: str) -> dict:
        """Search the web for current information (rates, news, recent rules) when the knowledge base does not
        cover it. Reports clearly when the internet cannot be reached."""
        from chat.web_search import WebSearchUnavailable, web_search

        try:
            hits = web_search(query)
        except WebSearchUnavailable as exc:
            return {"query": query, "available": False, "message": f"Web search unavailable: {exc}.", "results": []}
        return {"query": query, "available": True, "results": hits}

    # ---- the user's money ------------------------------------------------------------------------
    def search_transactions(self, query: str, limit: int = 20) -> dict:
        """Find the user's transactions from a natural-language description: words of the description or
        merchant, category, amounts ("over 100", "under 20"), dates ("last month", "in March"). Returns the
        filters understood, count, total and matching rows."""
        from transactions.selectors import transactions_search

        return transactions_search(user=self.user, query=query, limit=max(1, min(int(limit), 200)))

    def analyze_by_category(self, category: str, period: str | None = None) -> dict:
        """Spending in one of the user's categories: total, count, average, by month and top merchants.
        `period`: last_week | last_month | last_3_months | this_month | this_year | last_year | all_time |
        YYYY-MM | YYYY (omit for all time)."""
        from transactions.selectors import spending_by_category

        start, end, _ = _period_dates(period)
        return spending_by_category(user=self.user, category=category, start=start, end=end)

    def get_spending_summary(self, period: str = "last_month") -> dict:
        """Overview of the user's spending for a period: spending by category, income vs spending.
        `period`: last_week | last_month | last_3_months | this_month | this_year | last_year | all_time |
        YYYY-MM | YYYY."""
        from transactions.selectors import spending_summary

        return spending_summary(user=self.user, period=period or "last_month")

    def analyze_merchant(self, merchant: str, group_by_category: bool = False, period: str | None = None) -> dict:
        """Spending at one merchant (e.g. Starbucks, Amazon): total, count, by month; with
        group_by_category=true, broken down by category. `period` as in analyze_by_category."""
        from transactions.selectors import spending_by_merchant

        start, end, _ = _period_dates(period)
        return spending_by_merchant(user=self.user, merchant=merchant, group_by_category=bool(group_by_category),
                                    start=start, end=end)

    def compare_spending(self, categories: list[str] | None = None, periods: list[str] | None = None) -> dict:
        """Compare spending side by side: two or more categories (over `periods[0]` if given), or two periods
        (e.g. ["last_month", "this_month"]) optionally limited to `categories`."""
        from transactions.selectors import spending_compare

        return spending_compare(user=self.user, categories=categories or None, periods=periods or None)

    def get_jar_status(self, month: str | None = None) -> dict:
        """Budget jars for a month (YYYY-MM, default this month): budget, spent, remaining, percentage."""
        from transactions.selectors import jar_status

        when = None
        if month:
            if not re.fullmatch(r"\d{4}-\d{2}", month):
                raise DomainError(f"month must look like YYYY-MM, got {month!r}")
            when = date(int(month[:4]), int(month[5:7]), 1)
        return jar_status(user=self.user, month=when)

    def list_subscriptions(self) -> dict:
        """The user's recurring charges (subscriptions): monthly cost, total per month, next expected charge and
        price changes."""
        from transactions.selectors import subscription_list

        return subscription_list(user=self.user)

    def suggest_budgets(self) -> dict:
        """Budget suggestions per category from the user's own history, each with a saving tip."""
        from transactions.selectors import budget_suggestions

        return budget_suggestions(user=self.user)

    def save_note(self, title: str, text: str) -> dict:
        """Save a note into the user's private knowledge corpus (searchable once ingested)."""
        from knowledge.services import note_save

        doc = note_save(user=self.user, title=title, text=text)
        return {"saved": True, "document_id": doc.pk, "title": getattr(doc, "title", title),
                "status": getattr(doc, "status", "pending")}

    def respond(self, answer: str, cited_fact_ids: list[int] | None = None,
                relevant_fact_ids: dict[str, list[int]] | None = None) -> dict:
        """Give the final answer to the user (markdown). `cited_fact_ids`: the knowledge facts you cited as
        [#fact_id]. `relevant_fact_ids` (document investigator): fact ids used, grouped by corpus slug.
        Call this exactly once, last."""
        return {"answer": answer, "cited_fact_ids": cited_fact_ids or [], "relevant_fact_ids": relevant_fact_ids}

    # ---- plumbing --------------------------------------------------------------------------------
    def enabled_tool_names(self) -> list[str]:
        enabled = [t for t in (self.config.enabled_tools or []) if t in ALL_TOOLS]
        names = enabled or list(ALL_TOOLS)
        if "respond" not in names:
            names.append("respond")
        return [n for n in ALL_TOOLS if n in names]

    def tools(self) -> list[StructuredTool]:
        """The enabled tools bound to this assistant. Schemas come from the methods' type hints and docstrings,
        built once per process (building pydantic models per turn cost ~240 ms)."""
        out = []
        for name in self.enabled_tool_names():
            template = _tool_template(name)
            out.append(StructuredTool(name=name, description=template.description, args_schema=template.args_schema,
                                      func=getattr(self, name)))
        return out

    def run_tool(self, tool: StructuredTool, arguments: dict) -> ToolRecord:
        """Run one tool call: validated by its schema, timed, errors kept for the model and the trace."""
        record = ToolRecord(name=tool.name, arguments=dict(arguments or {}))
        started = time.perf_counter()
        try:
            result = tool.func(**tool.args_schema.model_validate(record.arguments).model_dump(exclude_unset=True))
            record.result = result
            record.content = json.dumps(_compact(result), default=str, ensure_ascii=False)
        except DomainError as exc:
            record.error = exc.message
        except (ImportError, AttributeError) as exc:
            record.error = f"this tool is not available on this server yet ({exc})"
        except Exception as exc:  # a tool failure must not end the turn: the model is told and moves on
            record.error = f"{type(exc).__name__}: {str(exc)[:300]}"
        if record.error:
            record.content = json.dumps({"error": record.error})
        record.duration_ms = round((time.perf_counter() - started) * 1000, 2)
        self.recorder.records.append(record)
        return record
