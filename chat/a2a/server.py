"""The document investigator as an A2A agent (a2a-sdk, protocol 1.0 with 0.3 compatibility).

- Agent card: `/.well-known/agent.json` (and `/.well-known/agent-card.json`).
- JSON-RPC endpoint: `/a2a/document-investigator/` — `message/send` and `message/stream` (0.3 names) as well as
  `SendMessage` / `SendStreamingMessage` (1.0 names). Staff only: `Authorization: Bearer <staff API token>`.

A message runs one chat turn of the `document-investigator` assistant as the authenticated staff user (the same
turn `manage.py chat --agent document-investigator` runs: tool loop, grounding, escalation, persistence). The
task's artifact carries the answer as text and, as data, `relevant_fact_ids` by corpus, the citations and the
confidence, so a delegating assistant can cite the facts. While it works, each tool call is streamed as a
`working` status update.

The SDK's Starlette app is built per request and run through chat/asgi_bridge.py; tasks are kept in memory for
that request only, so `tasks/get` after the fact is not supported (every call returns its finished task).
"""
from __future__ import annotations

import asyncio
import logging

from chat.asgi_bridge import run_in_thread
from chat.services import chat_turn

log = logging.getLogger(__name__)
AGENT_SLUG = "document-investigator"
RPC_PATH = f"/a2a/{AGENT_SLUG}/"
CARD_PATHS = ("/.well-known/agent.json", "/.well-known/agent-card.json")


def investigator_card(*, base_url: str):
    from a2a.types import (  # the a2a SDK takes seconds to import: loaded on first use, not when config/urls.py loads this module
        AgentCapabilities,
        AgentCard,
        AgentInterface,
        AgentSkill,
    )

    return AgentCard(
        name="Moneta document investigator",
        description="Answers questions about financial regulations and bank documents from Moneta's knowledge base, "
                    "searching the regulations corpus, then bank documents, and returns the answer with the fact ids "
                    "it used, grouped by corpus.",
        version="1.0",
        supported_interfaces=[AgentInterface(url=f"{base_url.rstrip('/')}{RPC_PATH}", protocol_binding="JSONRPC",
                                             protocol_version="1.0")],
        capabilities=AgentCapabilities(streaming=True, push_notifications=False),
        default_input_modes=["text/plain"],
        default_output_modes=["text/plain", "application/json"],
        skills=[AgentSkill(id="investigate-documents", name="Investigate regulations and bank documents",
                           description="A question about a regulation, a bank's terms, fees or statements → an "
                                       "answer with citations and relevant_fact_ids.",
                           tags=["regulations", "bank documents", "citations"],
                           examples=["What does the regulation say about overdraft fees?"])],
    )


def _executor(user):
    # the a2a SDK takes seconds to import: loaded on the first A2A request, not when config/urls.py loads this module
    from a2a.helpers.proto_helpers import new_data_part, new_task_from_user_message, new_text_message, new_text_part
    from a2a.server.agent_execution import AgentExecutor
    from a2a.server.tasks import TaskUpdater

    class InvestigatorExecutor(AgentExecutor):
        async def execute(self, context, event_queue) -> None:
            question = context.get_user_input().strip()
            task = context.current_task or new_task_from_user_message(context.message)
            if context.current_task is None:
                await event_queue.enqueue_event(task)
            updater = TaskUpdater(event_queue, task.id, task.context_id)
            await updater.start_work(new_text_message("Searching the knowledge base…", context_id=task.context_id,
                                                      task_id=task.id))
            loop = asyncio.get_running_loop()

            def progress(event: dict) -> None:  # from the turn's thread: each tool call as a status update
                if event.get("type") == "tool_started":
                    text = f"Running {event['name']}({', '.join(f'{k}={v!r}' for k, v in event['arguments'].items())})"
                    asyncio.run_coroutine_threadsafe(updater.start_work(new_text_message(
                        text[:300], context_id=task.context_id, task_id=task.id)), loop).result(timeout=10)

            def turn() -> dict:
                return chat_turn(user=user, message=question, agent_slug=AGENT_SLUG, on_event=progress)

            if not question:
                await updater.reject(new_text_message("Send a question as a text part.", context_id=task.context_id,
                                                      task_id=task.id))
                return
            answer = await run_in_thread(turn)
            data = {"relevant_fact_ids": answer.get("relevant_fact_ids") or {},
                    "citations": [{k: c.get(k) for k in ("fact_id", "document", "file_name", "corpus", "page",
                                                        "quote", "score")} for c in answer.get("citations") or []],
                    "confidence": answer.get("confidence"), "escalated": answer.get("escalated"),
                    "conversation_id": answer.get("conversation_id")}
            await updater.add_artifact([new_text_part(answer["answer"]), new_data_part(data)], name="answer")
            await updater.complete()

        async def cancel(self, context, event_queue) -> None:
            raise RuntimeError("cancelling an investigation is not supported")

    return InvestigatorExecutor()


def a2a_app(*, user, base_url: str):
    """The SDK's Starlette app for one authenticated request."""
    # the a2a SDK takes seconds to import: loaded on the first A2A request, not when config/urls.py loads this module
    from a2a.server.request_handlers import DefaultRequestHandler
    from a2a.server.routes import create_agent_card_routes, create_jsonrpc_routes
    from a2a.server.tasks import InMemoryTaskStore
    from starlette.applications import Starlette

    card = investigator_card(base_url=base_url)
    handler = DefaultRequestHandler(agent_executor=_executor(user), task_store=InMemoryTaskStore(), agent_card=card)
    routes = create_jsonrpc_routes(handler, RPC_PATH, enable_v0_3_compat=True)
    for path in CARD_PATHS:
        routes += create_agent_card_routes(card, card_url=path)
    return Starlette(routes=routes)
