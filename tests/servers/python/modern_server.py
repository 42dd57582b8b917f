"""A small MCP server written with the official Python SDK 2.x (`MCPServer`), for Lode's tests.

It speaks protocol 2026-07-28 (`server/discover`, `subscriptions/listen`) and, for older clients,
the `initialize` handshake up to 2025-11-25.

    python modern_server.py                  stdio
    python modern_server.py --http PORT      Streamable HTTP on http://127.0.0.1:PORT/mcp
                                             (PORT 0 picks a free port); prints
                                             "listening on http://127.0.0.1:P/mcp" on stdout
    --tick SECONDS                           also change counter://ticks every SECONDS and
                                             publish notifications/resources/updated for it

Resources (static): notes://welcome, notes://todo, notes://changelog (annotated with audience,
priority and lastModified in different combinations), counter://touches (changes on every call
of the tool `touch`), counter://ticks (changes with --tick), data://config.json.
Template: weather://{country}/{city} with completion of both arguments (city uses the
`country` context argument).
Tools: touch (updates counter://touches and publishes `updated` for it), add(a, b) with
structured output, add_note(name, text) (adds notes://<name> and publishes list_changed).
Prompt: greet(name, style?).

Updates travel on the server's in-process bus, so every client of one server process hears
them: over HTTP a second client calling `touch` triggers `updated` on the first one's
`subscriptions/listen` stream.
"""

from __future__ import annotations

import argparse
import socket
import sys
from typing import TypedDict

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.resources.types import FunctionResource
from mcp.server.subscriptions import InMemorySubscriptionBus, ResourceUpdated
from mcp_types import Annotations, Completion, ResourceTemplateReference

bus = InMemorySubscriptionBus()
server = MCPServer(
    name="lode-python-modern",
    title="Lode test server (Python SDK 2.x)",
    version="1.0.0",
    instructions="A test server for Lode: resources with annotations, a template, updates.",
    subscriptions=bus,
    log_level="WARNING",
)

state = {"touches": 0, "ticks": 0}

WEATHER = {
    "france": ["paris", "lyon", "marseille"],
    "germany": ["berlin", "hamburg", "munich"],
    "japan": ["tokyo", "osaka", "kyoto"],
}


@server.resource(
    "notes://welcome",
    name="welcome",
    title="Welcome",
    description="Read me first",
    mime_type="text/markdown",
    annotations=Annotations(audience=["user"], priority=1.0, last_modified="2026-07-28T12:00:00Z"),
)
def welcome() -> str:
    return "# Welcome\n\nThis server is written with the MCP Python SDK 2.x.\n"


@server.resource(
    "notes://todo",
    name="todo",
    description="Things to do",
    mime_type="text/plain",
    annotations=Annotations(audience=["assistant"], priority=0.2),
)
def todo() -> str:
    return "- list resources\n- read resources\n- watch resources\n"


@server.resource(
    "notes://changelog",
    name="changelog",
    mime_type="text/markdown",
    annotations=Annotations(audience=["user", "assistant"], last_modified="2026-01-15T08:30:00Z"),
)
def changelog() -> str:
    return "## 1.0.0\n\nFirst release.\n"


@server.resource("data://config.json", name="config", mime_type="application/json")
def config() -> dict:
    return {"name": "lode-python-modern", "features": ["resources", "templates", "updates"]}


@server.resource(
    "counter://touches",
    name="touches",
    description="How many times the tool `touch` was called; changes with every call",
    mime_type="text/plain",
    annotations=Annotations(priority=0.5),
)
def touches() -> str:
    return f"touches: {state['touches']}\n"


@server.resource(
    "counter://ticks",
    name="ticks",
    description="Changes every --tick seconds",
    mime_type="text/plain",
)
def ticks() -> str:
    return f"ticks: {state['ticks']}\n"


@server.resource(
    "weather://{country}/{city}",
    name="weather",
    title="Weather",
    description="Weather report for a city",
    mime_type="application/json",
    annotations=Annotations(audience=["user"], priority=0.7),
)
def weather(country: str, city: str) -> dict:
    return {"country": country, "city": city, "sky": "clear", "celsius": 21}


@server.completion()
async def complete(ref, argument, context):
    if not isinstance(ref, ResourceTemplateReference) or ref.uri != "weather://{country}/{city}":
        return None
    prefix = argument.value.lower()
    if argument.name == "country":
        values = [c for c in sorted(WEATHER) if c.startswith(prefix)]
    elif argument.name == "city":
        known = (context.arguments or {}) if context else {}
        country = known.get("country")
        cities = WEATHER.get(country, []) if country else sorted(c for cs in WEATHER.values() for c in cs)
        values = [c for c in cities if c.startswith(prefix)]
    else:
        values = []
    return Completion(values=values, total=len(values), has_more=False)


@server.tool(description="Changes counter://touches and sends notifications/resources/updated for it")
async def touch(ctx: Context) -> str:
    state["touches"] += 1
    await ctx.notify_resource_updated("counter://touches")
    return f"touches: {state['touches']}"


class Sum(TypedDict):
    sum: int


@server.tool(description="Adds two numbers (structured output)")
def add(a: int, b: int) -> Sum:
    return {"sum": a + b}


@server.tool(description="Adds a note notes://NAME and sends notifications/resources/list_changed")
async def add_note(name: str, text: str, ctx: Context) -> str:
    uri = f"notes://{name}"
    server.add_resource(
        FunctionResource.from_function(lambda: text, uri=uri, name=name, mime_type="text/plain")
    )
    await ctx.notify_resources_changed()
    return uri


@server.prompt(description="Greets someone")
def greet(name: str, style: str = "friendly") -> str:
    return f"Please greet {name} in a {style} way."


async def tick_forever(seconds: float) -> None:
    while True:
        await anyio.sleep(seconds)
        state["ticks"] += 1
        await bus.publish(ResourceUpdated(uri="counter://ticks"))


async def serve_http(port: int, tick: float | None) -> None:
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(128)
    app = server.streamable_http_app(host="127.0.0.1")
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    http = uvicorn.Server(config)
    print(f"listening on http://127.0.0.1:{sock.getsockname()[1]}/mcp", flush=True)
    async with anyio.create_task_group() as tg:
        if tick:
            tg.start_soon(tick_forever, tick)
        await http.serve(sockets=[sock])
        tg.cancel_scope.cancel()


async def serve_stdio(tick: float | None) -> None:
    async with anyio.create_task_group() as tg:
        if tick:
            tg.start_soon(tick_forever, tick)
        await server.run_stdio_async()
        tg.cancel_scope.cancel()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--http", type=int, metavar="PORT", help="serve Streamable HTTP on 127.0.0.1:PORT")
    parser.add_argument("--tick", type=float, metavar="SECONDS", help="change counter://ticks periodically")
    args = parser.parse_args()
    if args.http is not None:
        anyio.run(serve_http, args.http, args.tick)
    else:
        anyio.run(serve_stdio, args.tick)


if __name__ == "__main__":
    sys.exit(main())
