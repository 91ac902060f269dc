"""A small external MCP server for tests: `python tiny_mcp_server.py` serves stdio; `serve_http()` serves
Streamable HTTP on 127.0.0.1 (random port) in a thread."""
from __future__ import annotations

import socket
import threading
import time

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

server = MCPServer("tiny-rates")


@server.tool()
def exchange_rate(base: str, quote: str) -> dict:
    """Today's exchange rate between two currencies (ISO codes)."""
    rates = {("USD", "VND"): 25400.0, ("EUR", "USD"): 1.08}
    if (base.upper(), quote.upper()) not in rates:
        raise ToolError(f"no rate for {base}/{quote}")
    return {"base": base.upper(), "quote": quote.upper(), "rate": rates[(base.upper(), quote.upper())]}


@server.tool()
def delete_everything() -> str:
    """A tool no editor would allow."""
    return "deleted"


@server.tool()
def slow_rate(seconds: float) -> str:
    """Answers after `seconds`."""
    time.sleep(seconds)
    return "late"


class HttpServer:
    def __init__(self):
        import uvicorn

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        app = server.streamable_http_app(json_response=True, stateless_http=True)
        self.uvicorn = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
        self.thread = threading.Thread(target=self.uvicorn.run, kwargs={"sockets": [self.sock]}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"

    def __enter__(self):
        self.thread.start()
        deadline = time.time() + 10
        while not self.uvicorn.started and time.time() < deadline:
            time.sleep(0.05)
        return self

    def __exit__(self, *exc):
        self.uvicorn.should_exit = True
        self.thread.join(timeout=5)
        self.sock.close()


if __name__ == "__main__":
    server.run("stdio")
