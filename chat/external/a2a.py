"""The finance assistant delegates over A2A: a registered A2A agent (admin → External servers, kind "A2A agent",
enabled per agent config) becomes one tool, `ask_<slug>(question)`. The call goes through the official a2a-sdk
client (agent card at `<url>/.well-known/agent.json`, then `SendMessage` on the interface the card names), with
the server's headers (e.g. a staff API token) and timeout. The remote answer comes back with its citations;
those facts are added to this turn's evidence, so the assistant can cite them as [#fact_id] and grounding
accepts them.
"""
from __future__ import annotations

import anyio
import httpx
from langchain_core.tools import StructuredTool
from pydantic import BaseModel, Field

from chat.external.guard import (
    ExternalServerRefused,
    ExternalServerUnavailable,
    allow_private_networks,
    error_reason,
    external_server_check,
    unavailable_note,
)
from core.errors import DomainError
from core.network import pinned_httpx_transport

CARD_PATH = "/.well-known/agent.json"


class AskArgs(BaseModel):
    question: str = Field(description="The question to delegate, complete and self-contained")


def _http(server):
    """httpx with the SSRF guard: every connection (the card's interface URL too) goes to a checked address."""
    return httpx.AsyncClient(transport=pinned_httpx_transport(allow_private=allow_private_networks()),
                             headers={k: str(v) for k, v in (server.headers or {}).items()},
                             timeout=float(server.timeout_seconds or 30))


def _run(server, main):
    try:
        external_server_check(server)
    except ExternalServerRefused as exc:
        raise ExternalServerUnavailable(str(exc)) from exc
    try:
        return anyio.run(main)
    except DomainError:
        raise
    except BaseException as exc:  # noqa: BLE001 - connection refused, timeouts, protocol errors
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        raise ExternalServerUnavailable(error_reason(exc)) from exc


def a2a_agent_card(server) -> dict:
    """The agent card as JSON (admin's "test connection")."""
    async def main():
        async with _http(server) as http:
            response = await http.get(server.url.rstrip("/") + CARD_PATH)
            response.raise_for_status()
            return response.json()

    return _run(server, main)


def a2a_ask(server, question: str) -> dict:
    """Send `question` to the agent; its final answer text and data (citations, relevant_fact_ids)."""
    # the a2a SDK takes seconds to import: loaded when an A2A agent is first asked, not by every chat turn
    from a2a.client import ClientConfig, create_client
    from a2a.helpers.proto_helpers import get_data_parts, get_text_parts, new_text_message
    from a2a.types import Role, SendMessageRequest

    async def main():
        with anyio.fail_after(max(1.0, float(server.timeout_seconds or 30))):
            async with _http(server) as http:
                client = await create_client(server.url.rstrip("/"), ClientConfig(streaming=False, httpx_client=http),
                                             relative_card_path=CARD_PATH)
                request = SendMessageRequest(message=new_text_message(question, role=Role.ROLE_USER))
                texts, data, state = [], {}, ""
                async for event in client.send_message(request):
                    task = event.task if event.HasField("task") else None
                    if task is not None:
                        state = task.status.state
                        for artifact in task.artifacts:
                            texts += get_text_parts(artifact.parts)
                            for item in get_data_parts(artifact.parts):
                                if isinstance(item, dict):
                                    data.update(item)
                    elif event.HasField("message"):
                        texts += get_text_parts(event.message.parts)
                return {"texts": texts, "data": data, "state": state}

    out = _run(server, main)
    from a2a.types import TaskState  # the SDK, as above

    if out["state"] and out["state"] != TaskState.TASK_STATE_COMPLETED:
        raise DomainError(f"{server.name} did not complete the task (state {TaskState.Name(out['state'])})")
    return out


def _fact_id(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def a2a_langchain_tool(server, *, assistant) -> StructuredTool:
    def ask(question: str) -> dict:
        try:
            out = a2a_ask(server, question)
        except ExternalServerUnavailable as exc:
            notes = getattr(assistant, "external_notes", None)
            if notes is not None:
                notes.append(unavailable_note(server, str(exc)))
            raise DomainError(f"the agent {server.name!r} is unavailable: {exc}") from exc
        data = out["data"]
        citations = []
        for c in data.get("citations") or []:
            fact_id = _fact_id(c.get("fact_id"))
            if fact_id is None:
                continue
            page = _fact_id(c.get("page"))
            citations.append({"fact_id": fact_id, "text": c.get("quote") or "", "document": c.get("document"),
                              "file_name": c.get("file_name"), "corpus": c.get("corpus"), "page": page,
                              "scores": {"vector": float(c.get("score") or 0)}})
        assistant.recorder.add_facts(citations)  # the delegate's facts are this turn's evidence: citable
        relevant = {k: [i for i in map(_fact_id, v or []) if i is not None]
                    for k, v in (data.get("relevant_fact_ids") or {}).items()}
        return {"agent": server.name, "answer": "\n".join(out["texts"]), "relevant_fact_ids": relevant,
                "facts": [{k: c[k] for k in ("fact_id", "text", "document", "page", "corpus")} for c in citations],
                "confidence": data.get("confidence")}

    description = (server.description or f"Ask the agent {server.name} a question it specialises in.").strip()
    return StructuredTool(name=f"ask_{server.slug.replace('-', '_')}"[:64], args_schema=AskArgs, func=ask,
                          description=f"{description} Returns its answer and the facts it used; cite them as "
                                      f"[#fact_id].")
