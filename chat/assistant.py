"""The assistant: its tools are methods bound to the requesting user.

The docstring of each tool method is the description the model reads, and its type hints are the
argument schema. No tool takes a user id: every selector is called with `user=self.user`, so nothing a
prompt (or a document with instructions in it) says can reach another user's data.
"""
from __future__ import annotations

import inspect
import json
import re
import time
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from typing import Any

from django.utils import translation
from langchain_core.tools import StructuredTool

from chat.actions.control import NOTE_RE
from chat.actions.tools import ACTION_TOOLS, ActionTools
from chat.affordability import REASONING_TOOLS, ReasoningTools
from chat.balances import BALANCE_TOOLS, BalanceTools
from chat.knowledge_terms import PARTIAL_CAP, words_not_in_knowledge
from chat.language import answer_language, search_words
from chat.listings import listing_narrowed
from chat.tool_args import _iso, _today, money_query_from_args, tool_month
from chat.web_search import WebSearchUnavailable, web_search
from chat.whatif import WHATIF_TOOLS, WhatIfTools
from core.errors import DomainError
from core.periods import PERIODS
from knowledge.answers import answer_facts_present
from knowledge.selectors import document_list, knowledge_search
from transactions.query import MoneyQuery, Period, money_query_run, period_from_words, query_vocab
from transactions.selectors import (
    budget_suggestions,
    jar_status,
    spending_by_category,
    spending_by_merchant,
    spending_compare,
    spending_summary,
    subscription_list,
)

ALL_TOOLS = (
    "search_knowledge_base", "list_documents", "get_app_information", "search_online",
    "search_transactions", "analyze_by_category", "get_spending_summary", "analyze_merchant",
    "compare_spending", "get_jar_status", "list_subscriptions", "suggest_budgets", "save_note",
    *ACTION_TOOLS,  # chat/actions/: changes proposed for the user to confirm
    *REASONING_TOOLS,  # chat/affordability.py: affordability, pay kept, needs vs wants (arithmetic shown)
    *WHATIF_TOOLS,  # chat/whatif.py: a new price against what they pay now (arithmetic shown)
    *BALANCE_TOOLS,  # chat/balances.py: account balances and net worth (the ledger's figures)
    "respond",
)
KNOWLEDGE_TOOLS = {"search_knowledge_base", "get_app_information"}
MONEY_TOOLS = {"search_transactions", "analyze_by_category", "get_spending_summary", "analyze_merchant",
               "compare_spending", "get_jar_status", "list_subscriptions", "suggest_budgets", *BALANCE_TOOLS}
HELP_CORPUS = "moneta-help"
MODEL_ROWS = 15  # rows of a table the model sees; the UI gets them all in `data`
# save_note proposes only when the request says so (chat/actions/intent.py reads it; the offline router routes by it)
EXPLICIT_NOTE_RE = NOTE_RE


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
    """A period in words ("since March", "Q2") or a code ("last_month", "2026-09") → (start, end, label)."""
    if not period:
        return None, None, None

    found = period_from_words(period)
    if found is None:
        raise DomainError(f"period: I couldn't read {period!r} as a period (try 'last month', 'since March', "
                          f"'2026-09', 'this year').")
    if found.grain == "all":
        return None, None, found.label
    return found.start, found.end, found.label


def _period_code(period: str) -> str:
    """Codes pass through; words ("last quarter") become YYYY-MM-DD bounds the selectors understand as a code
    only when they are a month or year, otherwise the code itself is tried."""
    key = (period or "").strip().lower().replace(" ", "_")
    if key in PERIODS or re.fullmatch(r"\d{4}(-\d{2})?", key):
        return key
    start, end, _ = _period_dates(period)
    if start and end and start.day == 1 and start.month == end.month and start.year == end.year:
        return f"{start:%Y-%m}"
    if start and end and (start.month, start.day, end.month, end.day) == (1, 1, 12, 31) and start.year == end.year:
        return str(start.year)
    return key


def result_compact(value: Any, *, rows: int = MODEL_ROWS) -> Any:
    """What the model reads: the figures, and at most `rows` rows of any table (charts are for the UI)."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == "chart":
                continue
            if isinstance(item, list) and len(item) > rows:
                out[key] = [result_compact(i, rows=rows) for i in item[:rows]]
                out[f"{key}_omitted"] = len(item) - rows
            else:
                out[key] = result_compact(item, rows=rows)
        return out
    if isinstance(value, list):
        return [result_compact(i, rows=rows) for i in value]
    return value


@cache
def tool_arguments(name: str) -> tuple[str, ...]:
    """The argument names of one of the assistant's tools: its method's parameters, which its schema is built from."""
    return tuple(p for p in inspect.signature(getattr(FinanceAssistant, name)).parameters if p != "self")


@cache  # once per process: building a tool's pydantic schema costs ~8 ms, and a turn binds ~28 tools
def _tool_template(name: str) -> StructuredTool:
    method = getattr(FinanceAssistant(user=None, config=None), name)  # bound: `self` is not in the schema
    return StructuredTool.from_function(func=method, name=name, description=" ".join(method.__doc__.split()))


class FinanceAssistant(ActionTools, ReasoningTools, BalanceTools, WhatIfTools):
    """Moneta's assistant for one user and one agent config."""

    def __init__(self, *, user, config, recorder: TurnRecorder | None = None, request_text: str | None = None,
                 vocab=None, conversation_id: int | None = None):
        self.user = user
        self.conversation_id = conversation_id  # the turn's conversation (its pending proposals can be cancelled)
        self.config = config
        self.recorder = recorder or TurnRecorder()
        self.request_text = request_text  # the user's message this turn: writes need an explicit request in it
        self._vocab_cache = vocab  # the turn's vocabulary of the user's names (built once per turn)

    # ---- knowledge -----------------------------------------------------------------------------
    def _corpus_filters(self, corpus: list[str] | None, exclude_corpus: list[str] | None):
        allowed = list(self.config.corpus_include or [])
        include = [c for c in (corpus or []) if not allowed or c in allowed] or allowed or None
        exclude = sorted(set(self.config.corpus_exclude or []) | set(exclude_corpus or [])) or None
        return include, exclude

    def _knowledge(self, query: str, include, exclude) -> dict:
        c = self.config
        found = knowledge_search(
            user=self.user, query=search_words(query), k=c.max_results, similarity_threshold=c.similarity_threshold or None,
            corpus_include=include, corpus_exclude=exclude, hybrid=c.hybrid,
            vector_weight=c.vector_weight, text_weight=c.text_weight,
            # the page in the question's language when the corpus has it (knowledge/translations.py)
            language=answer_language(self.request_text or query, translation.get_language()),
        )

        results = answer_facts_present(user=self.user, results=found.get("results", []))  # "a previous answer…"
        self.recorder.add_facts(results)
        self.recorder.add_facts([{**s, "text": s.get("quote", "")} for r in results for s in r.get("based_on", [])])
        scored = [{"fact_id": r["fact_id"], "corpus": r.get("corpus"),
                   "score": float((r.get("scores") or {}).get("vector") or 0)} for r in results]
        # words the knowledge base never uses: the concept is not in it (chat/knowledge_terms.py)
        absent = words_not_in_knowledge(query, scored)
        return {
            **({"not_in_knowledge": absent, "confidence_cap": PARTIAL_CAP} if absent else {}),
            "query": query,
            "settings": found.get("settings", {}),
            "results": [
                {"fact_id": r["fact_id"], "text": r["text"], "heading": r.get("heading") or "",
                 "document": r.get("document"), "page": r.get("page"),
                 "corpus": r.get("corpus"), "score": round(float((r.get("scores") or {}).get("vector") or 0), 3),
                 **({"based_on": r["based_on"]} if r.get("based_on") else {}),
                 **({"language": r["language"], "original": r["original"]} if r.get("original") else {})}
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
        docs = document_list(user=self.user, corpus=corpus)
        return {"count": len(docs), "documents": docs}

    def get_app_information(self, query: str) -> dict:
        """Answer questions about Moneta itself (features such as jars, budget suggestions, categorisation,
        transaction search, subscriptions, importing) from Moneta's help pages."""
        return self._knowledge(query, [HELP_CORPUS], None)

    def search_online(self, query: str) -> dict:
        """Search the web for current information (rates, news, recent rules) when the knowledge base does not
        cover it. Reports clearly when the internet cannot be reached."""
        try:
            hits = web_search(query)
        except WebSearchUnavailable as exc:
            return {"query": query, "available": False, "message": f"Web search unavailable: {exc}.", "reason": str(exc),
                    "results": []}
        return {"query": query, "available": True, "results": hits}

    # ---- the user's money ------------------------------------------------------------------------
    def _money(self, args: dict, *, measure: str | None = None) -> dict:
        """Every question about amounts runs through one structured query (transactions.query), whichever tool
        the model picked; the result carries the query as understood."""
        query = money_query_from_args(user=self.user, args=args, measure=measure, vocab=self._vocab())
        return money_query_run(user=self.user, query=query)

    def _vocab(self):
        if self._vocab_cache is None:
            self._vocab_cache = query_vocab(user=self.user)
        return self._vocab_cache

    def search_transactions(self, question: str | None = None, measure: str | None = None,
                            merchants: list[str] | None = None, categories: list[str] | None = None,
                            text: list[str] | None = None, amount_min: float | None = None,
                            amount_max: float | None = None, period: str | None = None, start: str | None = None,
                            end: str | None = None, months: int | None = None, limit: int | None = None,
                            direction: str | None = None, weekdays: list[int] | None = None,
                            compare: list[dict] | None = None,
                            compare_mode: str | None = None, unknown: list[str] | None = None,
                            exclude_merchants: list[str] | None = None, exclude_categories: list[str] | None = None,
                            exclude_text: list[str] | None = None, offset: int | None = None, per: str | None = None,
                            skip_largest: int | None = None, smallest_first: bool | None = None,
                            group_by: str | None = None, query: str | None = None) -> dict:
        """The user's transactions as one structured query; every figure comes from SQL. `measure`: total |
        count | average | monthly_average | largest | smallest | list | top_merchants | top_categories | compare
        | income | net. Filters: `merchants` and `categories` (the user's own names), `text` (words that must
        appear in the bank narrative), `amount_min`/`amount_max` (size of the transaction), `direction`
        ("out" money spent, "in" money received), `weekdays` (0 = Monday … 6 = Sunday; [5, 6] = weekends). Period: `period` in words ("last month", "since March",
        "Q2 2026", "the last 30 days", "2026-09") or `start`/`end` (YYYY-MM-DD). `months`: full months for a
        monthly average. `limit`: rows or top-N. `compare`: two or more sides, each {label, merchants,
        categories, text, period}, with `compare_mode` "sides" | "periods" | "usual" (this period against the
        average of the previous full months). `question`: the user's words, parsed the same way when you pass no
        filters. `exclude_merchants`/`exclude_categories`/`exclude_text`: rows to leave out ("everything except
        rent"); named merchants, categories and text are a union ("coffee plus lunches"). `offset`: skip that many
        first in a ranking ("second biggest" = offset 1, limit 1). `per`: "day" | "week" | "month" spreads the total
        over the period. `skip_largest`: leave out that many biggest transactions ("excluding the biggest"). `smallest_first`: a
        ranking from the smallest ("my 3 smallest categories", "the shop I spent least at"). `group_by`: "month" gives a total or
        count its figure for each calendar month of the period ("split by month"). Names the user does not have come back as `unknown` with close names: say so."""
        args = {k: v for k, v in locals().items() if k != "self" and v is not None}
        return self._money(args)

    def analyze_by_category(self, category: str, period: str | None = None, measure: str | None = None,
                            months: int | None = None) -> dict:
        """Spending in one of the user's categories: total, count, average, by month and top merchants.
        `period` as in search_transactions (omit for all time). `measure="monthly_average"` with `months`:
        the average per month over that many full months before this one."""
        if measure or months:
            return self._money({"categories": [category], "period": period, "months": months},
                               measure=measure or "monthly_average")

        start, end, _ = _period_dates(period)
        return spending_by_category(user=self.user, category=category, start=start, end=end)

    def get_spending_summary(self, period: str = "last_month", start: str | None = None, end: str | None = None,
                             measure: str | None = None, months: int | None = None) -> dict:
        """Overview of the user's spending for a period: spending by category (largest first), income vs
        spending. `period`: last_week | last_month | last_3_months | this_month | this_year | last_year |
        all_time | YYYY-MM | YYYY | a quarter ("Q3 2026"), or `start`/`end` (YYYY-MM-DD).
        `measure="monthly_average"` with `months`: average monthly spending over that many full months."""
        if measure or months:
            return self._money({"period": period if not (start or end) else None, "start": start, "end": end,
                                "months": months}, measure=measure or "monthly_average")

        if start or end:
            summary = spending_summary(user=self.user, start=_iso(start), end=_iso(end))
        else:
            summary = spending_summary(user=self.user, period=_period_code(period or "last_month"))
        # "where did my money go" is asked of merchants as often as of categories: the biggest of both, from the one
        # query engine (transactions.query.execute) over the summary's own dates
        window = Period(start=date.fromisoformat(summary["start"]), end=date.fromisoformat(summary["end"]),
                        label=summary.get("period") or "", grain="range")
        top = money_query_run(user=self.user, query=MoneyQuery(measure="top_merchants", limit=3, period=window))
        summary["top_merchants"] = [r for r in top.get("rows") or [] if r.get("merchant") != "(no merchant)"]
        return summary

    def analyze_merchant(self, merchant: str, group_by_category: bool = False, period: str | None = None,
                         measure: str | None = None, months: int | None = None) -> dict:
        """Spending at one merchant (e.g. Starbucks, Amazon): total, count, by month; with
        group_by_category=true, broken down by category. `period` as in search_transactions.
        `measure="monthly_average"` with `months`: the average per month over that many full months."""
        if measure or months:
            return self._money({"merchants": [merchant], "period": period, "months": months},
                               measure=measure or "monthly_average")

        start, end, _ = _period_dates(period)
        result = spending_by_merchant(user=self.user, merchant=merchant, group_by_category=bool(group_by_category),
                                      start=start, end=end)
        if start and end:  # the dates it covered, as the other money tools state them (grounding reads them)
            result.setdefault("start", start.isoformat())
            result.setdefault("end", end.isoformat())
        return result

    def compare_spending(self, categories: list[str] | None = None, periods: list[str] | None = None,
                         sides: list[dict] | None = None, mode: str | None = None,
                         merchants: list[str] | None = None, period: str | None = None,
                         text: list[str] | None = None, ask: str | None = None, months: int | None = None,
                         exclude_merchants: list[str] | None = None, exclude_categories: list[str] | None = None,
                         exclude_text: list[str] | None = None) -> dict:
        """Compare spending side by side: two or more categories (over `periods[0]` if given), or two periods
        (e.g. ["last_month", "this_month"]) optionally limited to `categories`. For merchants or mixed sides pass
        `sides` [{label, merchants, categories, text, period, exclude_merchants, exclude_categories, exclude_text}] (a side
        of "everything else": no names, the other side's names excluded) and `mode` "sides" | "periods" | "usual"
        ("usual": `period` against the average of the previous full months, like for like). `ask`: "more" |
        "less" when the question is which side was more (less), "most" | "least" to rank many sides (e.g. each month:
        "which month was highest"), "difference", or "share" (the first side as a
        part of the second, e.g. of all spending): the answer says that first. `months` (mode "usual"): how many
        full months the usual averages (default 3; "compared with the average over the last six months": 6).
        `exclude_merchants`, `exclude_categories`, `exclude_text`: rows no side counts ("Q1 vs Q2 without rent")."""
        if sides or merchants or mode:
            return self._money({"compare": sides, "compare_mode": mode, "merchants": merchants, "period": period,
                                "categories": categories, "text": text, "compare_ask": ask, "compare_months": months,
                                "exclude_merchants": exclude_merchants, "exclude_categories": exclude_categories,
                                "exclude_text": exclude_text}, measure="compare")

        return spending_compare(user=self.user, categories=categories or None,
                                periods=[_period_code(p) for p in periods] if periods else None)

    def get_jar_status(self, month: str | None = None) -> dict:
        """Budget jars for a month (YYYY-MM, default this month): budget, spent, remaining, percentage."""
        return jar_status(user=self.user, month=tool_month(month, today=_today()))

    def list_subscriptions(self, merchants: list[str] | None = None, order: str | None = None,
                           limit: int | None = None, kind: str | None = None, about: str | None = None,
                           price_changed: bool | None = None) -> dict:
        """The user's recurring charges (subscriptions): monthly cost, total per month, next expected charge and
        price changes. `merchants`: only these (e.g. the ones the last answer listed; the totals are then theirs
        alone); `order`: "most_expensive" (default) or "cheapest"; `limit`: only the first N in that order, of
        the subscriptions and of the regular bills (rent, utilities) each; `kind`: only "subscription"
        (streaming, software, the gym, memberships) or only "bill" (rent, utilities, insurance, loans); `about`: a
        kind of service ("streaming", "gym", "phone and internet", "electricity"); `price_changed`: only those whose
        price changed ("which one went up"), the others named as unchanged."""
        result = listing_narrowed(subscription_list(user=self.user, merchants=merchants), kind=kind, about=about,
                                  price_changed=price_changed)
        if order == "cheapest":
            result["rows"] = result["rows"][::-1]
        if limit:
            n = max(1, int(limit))
            result["rows"] = [r for kind in ("subscription", "bill")
                              for r in [x for x in result["rows"] if x.get("kind") == kind][:n]]
        result.update(order=order or "most_expensive", limit=limit, merchants=merchants)
        return result

    def suggest_budgets(self) -> dict:
        """Budget suggestions per category from the user's own history, each with a saving tip."""
        return budget_suggestions(user=self.user)

    def save_note(self, title: str, text: str) -> dict:
        """Propose saving a note into the user's private knowledge corpus (searchable once saved). Only when the
        user explicitly asks to save or remember something ("save a note: …"); never for a question. Only
        proposes: nothing is saved until the user confirms on the card."""
        if self.request_text is not None and not EXPLICIT_NOTE_RE.search(self.request_text):
            raise DomainError("not saved: notes are saved only when the user asks explicitly, e.g. "
                              "\"save a note: my car insurance renews in June\"; answer the question instead")
        return self._propose("note_save", {"title": title, "text": text})

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
        return out + list(getattr(self, "extra_tools", []))  # external MCP servers / A2A agents (chat/external/tools.py)

    def run_tool(self, tool: StructuredTool, arguments: dict) -> ToolRecord:
        """Run one tool call: validated by its schema, timed, errors kept for the model and the trace."""
        record = ToolRecord(name=tool.name, arguments=dict(arguments or {}))
        started = time.perf_counter()
        try:
            schema = tool.args_schema  # a JSON-schema dict for external tools: their server validates
            args = schema.model_validate(record.arguments).model_dump(exclude_unset=True) \
                if hasattr(schema, "model_validate") else record.arguments
            result = tool.func(**args)
            record.result = result
            record.content = json.dumps(result_compact(result), default=str, ensure_ascii=False)
        except DomainError as exc:
            record.error = exc.message
        except (ImportError, AttributeError) as exc:
            record.error = f"this tool is not available on this server yet ({exc})"
        except (ValueError, ArithmeticError) as exc:  # an argument no check above caught: say so in words
            record.error = f"{tool.name} could not use these arguments ({str(exc)[:200]}); check the values."
        except Exception as exc:  # a tool failure must not end the turn: the model is told and moves on
            record.error = f"{type(exc).__name__}: {str(exc)[:300]}"
        if record.error:
            record.content = json.dumps({"error": record.error})
        record.duration_ms = round((time.perf_counter() - started) * 1000, 2)
        self.recorder.records.append(record)
        return record
