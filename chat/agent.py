"""The tool loop: a small LangGraph graph (model → tools → model ... → respond).

Events for the SSE stream (tool started/finished, model tokens) go through LangGraph's custom stream
writer and come out of `graph.stream` while the nodes run. With custom streaming LangGraph runs the
nodes in a worker thread; the tools, which read the database, are handed back to the caller's thread
(a "_call" event carrying a Future) so they use the caller's connection and transaction — in a
request, and in tests where the data is uncommitted.
"""
from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Annotated, Any, TypedDict

from langchain_core.messages import AIMessage, AnyMessage, ToolMessage, message_chunk_to_message
from langchain_core.runnables import RunnableConfig
from langgraph.config import get_stream_writer
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages

from chat.assistant import FinanceAssistant


class AgentState(TypedDict):
    messages: Annotated[list[AnyMessage], add_messages]
    iterations: int
    final: dict | None
    stop_reason: str | None
    usage: dict


def _add_usage(total: dict, message: AIMessage) -> dict:
    usage = getattr(message, "usage_metadata", None) or {}
    out = dict(total)
    for key in ("input_tokens", "output_tokens", "total_tokens"):
        out[key] = out.get(key, 0) + int(usage.get(key) or 0)
    return out


CALL_TIMEOUT = 600


def _in_caller_thread(writer, fn):
    future: Future = Future()
    writer({"type": "_call", "fn": fn, "future": future})
    return future.result(timeout=CALL_TIMEOUT)


@dataclass
class Turn:
    """What one turn's nodes need; the compiled graph itself is shared by all turns."""

    bound: Any
    tools: dict
    assistant: FinanceAssistant
    max_iterations: int
    stream_tokens: bool
    graph: Any = None
    # Inline: no model tokens to stream (offline model, react_text), so LangGraph runs every node in the
    # caller's thread and node events are buffered and handed out after each step. Otherwise nodes run in
    # LangGraph's worker thread and events stream live through the custom stream writer.
    inline: bool = False
    buffer: list = field(default_factory=list)

    def emitter(self):
        return self.buffer.append if self.inline else get_stream_writer()

    def in_caller_thread(self, emit, fn):
        if self.inline:
            return fn()
        return _in_caller_thread(emit, fn)


def _turn(config: RunnableConfig) -> Turn:
    return config["configurable"]["turn"]


def _agent(state: AgentState, config: RunnableConfig) -> dict:
    turn = _turn(config)
    if state["iterations"] >= turn.max_iterations:
        return {"stop_reason": "max_iterations"}
    writer = turn.emitter()
    if turn.stream_tokens:
        acc = None
        for chunk in turn.bound.stream(state["messages"]):
            acc = chunk if acc is None else acc + chunk
            if isinstance(chunk.content, str) and chunk.content:
                writer({"type": "token", "text": chunk.content, "source": "model"})
        message = message_chunk_to_message(acc) if acc is not None else AIMessage(content="")
    else:
        message = turn.bound.invoke(state["messages"])
    return {"messages": [message], "iterations": state["iterations"] + 1,
            "usage": _add_usage(state.get("usage") or {}, message)}


def _run_tools(state: AgentState, config: RunnableConfig) -> dict:
    turn = _turn(config)
    writer = turn.emitter()
    out: list[ToolMessage] = []
    final = None
    for call in state["messages"][-1].tool_calls:
        name, args = call["name"], call.get("args") or {}
        tool = turn.tools.get(name)
        if tool is None:
            out.append(ToolMessage(content=f'{{"error": "unknown tool {name}; use one of {sorted(turn.tools)}"}}',
                                   tool_call_id=call["id"], name=name))
            continue
        if name != "respond":
            writer({"type": "tool_started", "name": name, "arguments": args})
        record = turn.in_caller_thread(writer, lambda tool=tool, args=args: turn.assistant.run_tool(tool, args))
        if name == "respond" and not record.error:
            final = record.result
            out.append(ToolMessage(content="answer delivered", tool_call_id=call["id"], name=name))
            continue
        writer({"type": "tool_finished", "name": name, "arguments": args,
                "duration_ms": record.duration_ms, "error": record.error or None})
        out.append(ToolMessage(content=record.content, tool_call_id=call["id"], name=name))
    return {"messages": out, "final": final}


def _after_agent(state: AgentState) -> str:
    if state.get("stop_reason"):
        return END
    last = state["messages"][-1]
    return "tools" if isinstance(last, AIMessage) and last.tool_calls else END


def _after_tools(state: AgentState) -> str:
    return END if state.get("final") is not None else "agent"


@lru_cache(maxsize=1)
def _compiled_graph():
    graph = StateGraph(AgentState)
    graph.add_node("agent", _agent)
    graph.add_node("tools", _run_tools)
    graph.add_edge(START, "agent")
    graph.add_conditional_edges("agent", _after_agent, ["tools", END])
    graph.add_conditional_edges("tools", _after_tools, ["agent", END])
    return graph.compile()


def build_graph(*, model, assistant: FinanceAssistant, max_iterations: int, stream_tokens: bool) -> Turn:
    tools = {t.name: t for t in assistant.tools()}
    return Turn(bound=model.bind_tools(list(tools.values())), tools=tools, assistant=assistant,
                max_iterations=max_iterations, stream_tokens=stream_tokens, graph=_compiled_graph(),
                inline=not stream_tokens)


def run_graph(turn: Turn, messages: list[AnyMessage], *, max_iterations: int):
    """Yield ("event", dict) while the loop runs, then ("state", final_state)."""
    state: dict[str, Any] = {"messages": messages, "iterations": 0, "final": None, "stop_reason": None, "usage": {}}
    last = state
    config = {"recursion_limit": 2 * max_iterations + 6, "configurable": {"turn": turn}}
    if turn.inline:
        for data in turn.graph.stream(state, config=config, stream_mode="values"):
            while turn.buffer:
                yield "event", turn.buffer.pop(0)
            last = data
        yield "state", last
        return
    for mode, data in turn.graph.stream(state, config=config, stream_mode=["custom", "values"]):
        if mode == "custom" and data.get("type") == "_call":
            try:
                data["future"].set_result(data["fn"]())
            except BaseException as exc:  # handed back to the node, which re-raises it
                data["future"].set_exception(exc)
        elif mode == "custom":
            yield "event", data
        else:
            last = data
    yield "state", last
