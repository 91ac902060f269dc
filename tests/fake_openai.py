"""A local fake OpenAI-compatible chat-completions server for tests (127.0.0.1, random port).

It replays a script of steps, one per request: {"content": str}, {"tool_calls": [(name, args)]},
{"status": 500}, or {"sleep": seconds, ...}; with repeat_last=True the last step answers every later request. It answers streamed (SSE chunks) or not, as asked, and
records every request body so tests can check what the model was sent (`prompts()`: the last message of each).
The one fake LLM of the test suite: chat (tool calls, streaming, faults) and transactions' LLM categorisation step.
"""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeOpenAI:
    def __init__(self, script: list[dict] | None = None, *, repeat_last: bool = False):
        self.script = list(script or [])
        self.repeat_last = repeat_last
        self.requests: list[dict] = []
        self._lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    def prompts(self) -> list[str]:
        """The content of the last message of each request, in order."""
        with self._lock:
            return [r["messages"][-1]["content"] for r in self.requests if r.get("messages")]

    def next_step(self) -> dict:
        with self._lock:
            if not self.script:
                return {"content": "(script exhausted)"}
            if len(self.script) == 1 and self.repeat_last:
                return self.script[0]
            return self.script.pop(0)

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                with fake._lock:
                    fake.requests.append(body)
                step = fake.next_step()
                if step.get("sleep"):
                    time.sleep(step["sleep"])
                status = step.get("status", 200)
                try:
                    if status != 200:
                        self._json(status, {"error": {"message": "upstream exploded", "type": "server_error"}})
                    elif body.get("stream"):
                        self._stream(step)
                    else:
                        self._json(200, self._completion(step))
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def _json(self, status: int, payload: dict):
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            @staticmethod
            def _tool_calls(step: dict) -> list[dict]:
                return [{"id": f"call_{i}_{name}", "type": "function",
                         "function": {"name": name, "arguments": json.dumps(args)}}
                        for i, (name, args) in enumerate(step.get("tool_calls") or [])]

            def _completion(self, step: dict) -> dict:
                calls = self._tool_calls(step)
                message = {"role": "assistant", "content": step.get("content")}
                if calls:
                    message["tool_calls"] = calls
                return {"id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()),
                        "model": "fake-model",
                        "choices": [{"index": 0, "message": message,
                                     "finish_reason": "tool_calls" if calls else "stop"}],
                        "usage": {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}}

            def _stream(self, step: dict):
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()

                def chunk(delta: dict, finish=None):
                    payload = {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0,
                               "model": "fake-model", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
                    self.wfile.write(f"data: {json.dumps(payload)}\n\n".encode())
                    self.wfile.flush()

                chunk({"role": "assistant", "content": ""})
                content = step.get("content") or ""
                for i in range(0, len(content), 7):
                    chunk({"content": content[i:i + 7]})
                calls = self._tool_calls(step)
                for i, call in enumerate(calls):
                    chunk({"tool_calls": [{"index": i, "id": call["id"], "type": "function",
                                           "function": {"name": call["function"]["name"], "arguments": ""}}]})
                    args = call["function"]["arguments"]
                    for j in range(0, len(args), 10):
                        chunk({"tool_calls": [{"index": i, "function": {"arguments": args[j:j + 10]}}]})
                chunk({}, finish="tool_calls" if calls else "stop")
                self.wfile.write(b"data: [DONE]\n\n")
                self.wfile.flush()

        return Handler
