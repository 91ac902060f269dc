"""The built-in offline model: a LangChain chat model that emits real tool calls.

It drives the very same tool loop as an LLM: on a new question it routes (chat.offline.router) and
returns an AIMessage with tool calls; given the tool results (ToolMessages, exactly what an LLM would
read) it may take another step (the next corpus for the document investigator; the web when the
knowledge base has nothing close) and finally calls `respond` with an extractive answer.
"""
from __future__ import annotations

import json
import re
import time
import uuid
from typing import Any

from django.utils import translation
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult

from chat.actions.compose import action_text
from chat.actions.tools import ACTION_TOOLS
from chat.affordability import REASONING_TOOLS
from chat.assistant import KNOWLEDGE_TOOLS, MONEY_TOOLS
from chat.balances import BALANCE_TOOLS, balance_text
from chat.context import TurnContext
from chat.language import answer_language
from chat.offline import compose, money_answer, money_phrases
from chat.offline.frames import knowledge_query
from chat.offline.router import route
from chat.offline.vi_scope import NOT_PLACED_VI, OUT_OF_SCOPE_VI
from chat.reasoning_text import reasoning_text
from chat.restate import plain_restatement
from chat.whatif import WHATIF_TOOLS, whatif_text
from core.money import written_in_currency_style

# what a question about Moneta itself names: the help pages answer it or nothing does
APP_SUBJECT_RE = re.compile(r"\b(?:app|moneta|jars?|hũ|import\w*|upload\w*|csv|ofx|(?:re-?)?categori[sz]\w*|"
                            r"transactions?|statements?|sao kê|ứng dụng|giao dịch|danh mục|privacy|settings?|export\w*)\b",
                            re.I)
WEAK_KNOWLEDGE = 0.35
GREETING_RE = re.compile(r"^\s*(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|xin chào|chào)\b[\s!.,]*"
                         r"(?:there|moneta|bạn)?[\s!.,]*$", re.I)
SOURCES_VI = {"your transactions": "giao dịch của bạn", "Moneta's help pages": "trang trợ giúp của Moneta",
              "the knowledge base": "cơ sở kiến thức", "the web": "web"}
EMERGENCY_RE = re.compile(r"\bemergenc|\brainy day|\bquỹ (?:khẩn cấp|dự phòng)", re.I)


def _call(name: str, args: dict) -> dict:
    return {"name": name, "args": args, "id": f"call_{uuid.uuid4().hex[:12]}", "type": "tool_call"}


class OfflineChatModel(BaseChatModel):
    context: Any = None  # TurnContext
    answer_format: str = "markdown"

    @property
    def _llm_type(self) -> str:
        return "moneta-offline"

    def bind_tools(self, tools, **kwargs):
        names = [getattr(t, "name", None) or t.get("name") for t in tools]
        if self.context is not None and not self.context.enabled_tools:
            self.context.enabled_tools = [n for n in names if n]
        return self

    def _generate(self, messages: list[BaseMessage], stop=None, run_manager=None, **kwargs: Any) -> ChatResult:
        ctx: TurnContext = self.context or TurnContext()
        last_human = max(i for i, m in enumerate(messages) if isinstance(m, HumanMessage))
        question = str(messages[last_human].content)
        calls_made: list[dict] = []
        results: list[tuple[str, dict]] = []
        by_id: dict[str, dict] = {}
        for m in messages[last_human + 1:]:
            if isinstance(m, AIMessage):
                for c in m.tool_calls:
                    by_id[c["id"]] = c
                    calls_made.append(c)
            elif isinstance(m, ToolMessage):
                call = by_id.get(m.tool_call_id, {})
                try:
                    payload = json.loads(m.content) if isinstance(m.content, str) else m.content
                except json.JSONDecodeError:
                    payload = {"error": str(m.content)}
                results.append((call.get("name") or m.name or "", payload if isinstance(payload, dict) else {}))
        if not calls_made:
            plan = route(question, ctx)
            ctx.timings["intents"] = [i for i, _, _ in plan.intents]
            if plan.calls:
                return self._tool_message([_call(c["name"], c["args"]) for c in plan.calls])
            intent = plan.intents[0][0]
            if ctx.clarify:  # chat/clarify.py: a question back to the user, with choices
                return self._respond(ctx.clarify["question"], [])
            if GREETING_RE.search(question):
                return self._respond(compose.GREETING, [])
            if intent == "thanks":
                vi = answer_language(question, ctx.ui_language) == "vi"
                return self._respond(compose.THANKS_VI if vi else compose.THANKS, [])
            if answer_language(question, ctx.ui_language) == "vi":  # a Vietnamese question is answered wholly in it
                return self._respond(OUT_OF_SCOPE_VI if intent in ("out_of_scope", "followup") else NOT_PLACED_VI, [])
            return self._respond(compose.OUT_OF_SCOPE if intent in ("out_of_scope", "followup") else
                                 "I'm not sure which of your data or documents would answer that. Could you "
                                 "rephrase, for example naming a category, a merchant or a period?", [])
        next_calls = self._next_step(question, calls_made, results, ctx)
        if next_calls:
            return self._tool_message(next_calls)
        started = time.perf_counter()
        answer, cited, relevant = self.compose_answer(question, results, ctx)
        ctx.timings["compose_ms"] = round((time.perf_counter() - started) * 1000, 2)
        return self._respond(answer, cited, relevant)

    # ---- steps -----------------------------------------------------------------------------
    def _next_step(self, question: str, calls: list[dict], results: list[tuple[str, dict]], ctx: TurnContext):
        enabled = set(ctx.enabled_tools or [])
        if ctx.corpus_order:
            searched = [c["args"].get("corpus", [None])[0] for c in calls if c["name"] == "search_knowledge_base"]
            remaining = [c for c in ctx.corpus_order if c not in searched]
            if remaining:
                # refine: the question plus the best fact found so far
                best = next((r for _, p in results for r in (p.get("results") or [])[:1]), None)
                query = question if best is None else f"{question} {best['text'][:160]}"
                return [_call("search_knowledge_base", {"query": query, "corpus": [remaining[0]]})]
            return None
        names = [c["name"] for c in calls]
        if (fallback := self._help_missed(question, names, results, enabled)) is not None:
            return [fallback]
        if "search_online" in names or "search_online" not in enabled:
            return None
        knowledge = [p for n, p in results if n == "search_knowledge_base"]
        money = [n for n in names if n in MONEY_TOOLS]
        if knowledge and not money:
            found = [r for p in knowledge for r in (p.get("results") or [])]
            best = max((r.get("score") or 0 for r in found), default=0)
            if not any(compose.fits_question(p.get("query") or question, r, how_to=False) and compose._substantive(r)
                       and (r.get("score") or 0) >= compose.FACT_FLOOR
                       for p in knowledge for r in (p.get("results") or [])) or best < compose.FACT_FLOOR:
                return [_call("search_online", {"query": question})]
        return None

    @staticmethod
    def _help_missed(question: str, names: list[str], results: list[tuple[str, dict]], enabled: set[str]):
        """A question sent to the help pages that none of them answers ("explain the rule of 72": a rule, but no
        rule of Moneta's) is looked up in the rest of the knowledge base (finance education) before the web or "I
        don't have that": the help pages are one corpus of it, not all it knows."""
        if not names or any(n != "get_app_information" for n in names) or "search_knowledge_base" not in enabled \
                or APP_SUBJECT_RE.search(question):
            return None  # a question about Moneta itself ("how do I recategorize a transaction") is the help pages'

        for _name, payload in results:
            query = payload.get("query") or question
            if any(compose.fits_question(query, r, how_to=True) and compose._substantive(r)
                   and (r.get("score") or 0) >= compose.FACT_FLOOR for r in payload.get("results") or []):
                return None
        return _call("search_knowledge_base", {"query": knowledge_query(question)})

    def compose_answer(self, question: str, results: list[tuple[str, dict]], ctx: TurnContext):
        """The answer written from tool results: (text, cited fact ids, relevant fact ids per tool). Also used by
        chat.services for the partial answer when a turn hits its step limit. Written in the question's language,
        else the UI's (chat/language.py); amounts in their currency's own style (core/money.py)."""
        language = answer_language(question, ctx.ui_language)
        with translation.override(language), written_in_currency_style():
            return self._compose(question, results, ctx, vi=language == "vi")

    def _compose(self, question: str, results: list[tuple[str, dict]], ctx: TurnContext, *, vi: bool):
        parts: list[str] = []
        cited: list[int] = []
        relevant: dict[str, list[int]] = {}
        intents = ctx.timings.get("intents") or []
        if "investment_advice" in intents:
            parts.append(compose.NO_ADVICE)
        skipped: set[str] = set()
        left_out: list[str] = []  # words the answer says it did not understand (read by chat/turn_check_said.py)
        money_first = [(n, p) for n, p in results if n in MONEY_TOOLS]
        ordered = money_first + [(n, p) for n, p in results if n not in MONEY_TOOLS]
        for name, payload in ordered:
            if name in MONEY_TOOLS and isinstance(payload, dict) and "measure" in payload and "query" in payload:
                text, missed = money_answer.money_answer(payload, vi=vi, reading=ctx.understood, asked=question)
                left_out.extend(missed)
                if payload.get("measure") == "monthly_average" and EMERGENCY_RE.search(question):
                    del left_out[len(left_out) - len(missed):]  # the fund's size replaces the answer and its notes
                    text = (f"Based on your own spending — {money_phrases.amount(payload.get('average'), payload.get('currency'))}"
                            f" a month on average over the {payload.get('months')} full months "
                            f"{payload.get('window')} — an emergency fund of 3–6 months of expenses would be "
                            f"{money_phrases.amount(payload.get('three_months'), payload.get('currency'))} to "
                            f"{money_phrases.amount(payload.get('six_months'), payload.get('currency'))}.")
                parts.append(text)
                continue
            if name in KNOWLEDGE_TOOLS:
                text, ids = compose.knowledge_text(name, payload, payload.get("query") or question, vi=vi)
                if not ids and name == "get_app_information" and any(n == "search_knowledge_base" for n, _ in results):
                    skipped.add(name)
                    continue  # the help pages had nothing; the knowledge base's answer (or its "I don't have that")
                parts.append(text)
                cited.extend(i for i in ids if i not in cited)
                for r in payload.get("results") or []:
                    if int(r["fact_id"]) in ids:
                        relevant.setdefault(r.get("corpus") or "unknown", []).append(int(r["fact_id"]))
            elif name in BALANCE_TOOLS:  # chat/balances.py: the ledger's balances and net worth
                parts.append(balance_text(name, payload, vi=vi))
            elif name in MONEY_TOOLS:
                parts.append(compose.money_result_text(name, payload))
            elif name == "search_online":
                parts.append(compose.web_text(payload))
            elif name == "list_documents":
                parts.append(compose.documents_text(payload))
            elif name in ACTION_TOOLS or name == "save_note":  # chat/actions/: a proposal to confirm, or what Moneta can't do
                parts.append(action_text(name, payload))  # its help page named in words, not cited (self_steps)
            elif name in WHATIF_TOOLS:  # chat/whatif.py: a new price against what they pay now
                parts.append(whatif_text(payload))
            elif name in REASONING_TOOLS:  # chat/affordability.py: the arithmetic shown
                parts.append(reasoning_text(name, payload, question, vi=vi))
        answer = "\n\n".join(p for p in parts if p)
        if intents[:1] == ["restate"]:  # "explain it more simply": the same figures, said short (route_restate.py)
            restated = plain_restatement(answer, vi=vi)
            left_out = left_out if restated == answer else []  # said short, without the notes
            answer = restated
        ctx.left_out = left_out
        sources = []
        for name, payload in results:
            label = ("your transactions" if name in MONEY_TOOLS or name in REASONING_TOOLS or name in WHATIF_TOOLS
                     else "Moneta's help pages" if name == "get_app_information"
                     else "the knowledge base" if name in ("search_knowledge_base", "list_documents")
                     else "the web" if name == "search_online" and payload.get("available") else None)
            if label and not payload.get("error") and label not in sources and name not in skipped:
                sources.append(label)
        if answer and sources:
            if vi:
                sources = [SOURCES_VI.get(s, s) for s in sources]
            answer += f"\n\n_{'Nguồn' if vi else 'Sources'}: {'; '.join(sources)}._"
        return answer or translation.gettext("I couldn't find anything to answer that."), cited, relevant

    # ---- messages ----------------------------------------------------------------------------
    def _tool_message(self, calls: list[dict]) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content="", tool_calls=calls))])

    def _respond(self, answer: str, cited: list[int], relevant: dict | None = None) -> ChatResult:
        args: dict[str, Any] = {"answer": answer, "cited_fact_ids": cited}
        if self.answer_format == "fact_ids":
            args["relevant_fact_ids"] = relevant or {}
        return self._tool_message([_call("respond", args)])
