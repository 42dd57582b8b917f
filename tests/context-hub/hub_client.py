"""The context hub driven end to end by the official Python SDK client (`mcp`, pinned in
tests/servers/python/requirements-modern.txt, run from tests/servers/.venv-modern), over stdio
or Streamable HTTP. Its twin with the TypeScript SDK is hub-client.mjs: the same steps and
assertions. The SDK connects in its default mode ("auto"), which settles on the 2026-07-28 era
with `lode serve`: changes arrive on a `subscriptions/listen` stream, not `resources/subscribe`.

    hub_client.py --stdio "LODE serve --expose Demo Changing" --tag TAG
    hub_client.py --http URL --token TOKEN --tag TAG

The hub must expose the built-in Demo and "Changing" (tests/servers/changing-list-server.mjs
TAG), found by TAG on its command line to be signalled and killed. Each step prints
"ok  <ms>  <step>"; the first failure prints why and exits 1.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

import anyio

import mcp.types as types
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.client.subscriptions import ResourcesListChanged, ResourceUpdated, Subscription
from mcp.shared._httpx_utils import create_mcp_http_client
from mcp.shared.exceptions import MCPError

NAME = "hub_client.py"
# The Demo's resources that are about sales, best first.
SALES = ["file:///project/data/sales.csv", "file:///project/data/archive/2024/q4-sales.csv"]
NOTE_TEXT = "Zebra ledger note {}: striped entries.\n"


def hub(connection: int, uri: str) -> str:
    return f"lode://hub/{connection}/{uri}"


def changing_pid(tag: str) -> int:
    """The pid of the Changing server, found by its command line (exactly one)."""
    out = subprocess.run(
        ["pgrep", "-f", rf"changing-list-server\.mjs {re.escape(tag)}$"],
        capture_output=True, text=True, check=False,
    ).stdout
    pids = [int(p) for p in out.split()]
    assert len(pids) == 1, f"one changing-list-server with tag {tag}, found {pids}"
    return pids[0]


def demo_pid(tag: str) -> int:
    """The Demo server the hub started: its child beside the Changing server (the other runs'
    hubs on this machine have Demo servers of their own)."""
    with open(f"/proc/{changing_pid(tag)}/stat", encoding="utf8") as stat:
        hub_pid = stat.read().split(") ")[1].split(" ")[1]
    out = subprocess.run(
        ["pgrep", "-P", hub_pid, "-f", "lode-demo-server"], capture_output=True, text=True, check=False
    ).stdout
    pids = [int(p) for p in out.split()]
    assert len(pids) == 1, f"one lode-demo-server under the hub {hub_pid}, found {pids}"
    return pids[0]


async def until(what: str, seconds: float, probe: Callable[[], Awaitable[Any]]) -> Any:
    """Polls `probe` until it returns something truthy, or fails saying `what`."""
    deadline = time.monotonic() + seconds
    while True:
        got = await probe()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {seconds:g} s waiting for {what}")
        await anyio.sleep(0.1)


async def refused(call: Awaitable[Any], what: str) -> MCPError:
    try:
        await call
    except MCPError as e:
        return e
    raise AssertionError(f"{what} succeeded; it should have been refused")


class Steps:
    def __init__(self, client: Client, tag: str) -> None:
        self.client = client
        self.tag = tag
        self.demo = -1
        self.changing = -1

    async def search(self, **arguments: Any) -> types.CallToolResult:
        result = await self.client.call_tool("search_resources", arguments)
        assert not result.is_error, f"search_resources {arguments} failed: {result.content}"
        assert result.structured_content is not None
        return result

    async def list_all(self) -> list[types.Resource]:
        out: list[types.Resource] = []
        cursor: str | None = None
        while True:
            page = await self.client.list_resources(cursor=cursor)
            out.extend(page.resources)
            cursor = page.next_cursor
            if cursor is None:
                return out

    async def read_text(self, uri: str) -> str:
        read = await self.client.read_resource(uri)
        assert len(read.contents) == 1, read.contents
        content = read.contents[0]
        assert str(content.uri) == uri, f"contents under the hub URI, not {content.uri}"
        assert isinstance(content, types.TextResourceContents)
        return content.text

    async def alive(self) -> None:
        """The session still answers (ping is gone from the 2026-07-28 era: a listing instead)."""
        assert len((await self.client.list_tools()).tools) == 3

    async def connect(self) -> None:
        info = self.client.server_info
        assert info is not None and info.name == "lode-hub", info
        tools = sorted(t.name for t in (await self.client.list_tools()).tools)
        assert tools == ["read_resource", "search_resources", "suggest_context"], tools

    async def listed(self) -> None:
        async def both() -> bool:
            s = (await self.search(query="zebra")).structured_content
            return not s["servers"] and len(s["hits"]) == 2

        await until("Demo and Changing listed", 20, both)
        for r in await self.list_all():
            origin = (r.meta or {}).get("dev.lode/origin")
            assert origin, f"{r.uri} has its origin under _meta"
            assert str(r.uri) == hub(origin["connection"], origin["uri"])
            if origin["server"] == "Demo":
                self.demo = origin["connection"]
            if origin["server"] == "Changing":
                self.changing = origin["connection"]
        assert self.demo >= 0 and self.changing >= 0 and self.demo != self.changing

    async def search_step(self) -> None:
        result = await self.search(query="sales", limit=20)
        s = result.structured_content
        assert [h["uri"] for h in s["hits"][:2]] == [hub(self.demo, u) for u in SALES], s["hits"][:2]
        for h in s["hits"]:
            assert h["server"] == "Demo", h
            assert h["uri"].startswith(f"lode://hub/{self.demo}/"), h["uri"]
            assert isinstance(h["matched"], list) and isinstance(h["score"], int), h
        text = result.content[0].text
        assert text.startswith(f"{len(s['hits'])} of {s['total']} matching resources"), text
        assert len([l for l in text.split("\n") if re.match(r"^\d+\. ", l)]) == len(s["hits"])
        for h in s["hits"]:
            assert f"uri: {json.dumps(h['uri'])}" in text, h["uri"]
        listed = {str(r.uri) for r in await self.list_all()}
        for h in s["hits"]:
            assert h["uri"] in listed, f"{h['uri']} is listed"
        zebra = (await self.search(query="zebra ledger")).structured_content
        assert sorted(h["uri"] for h in zebra["hits"]) == [
            hub(self.changing, "changing://notes/1"),
            hub(self.changing, "changing://notes/2"),
        ], zebra["hits"]
        assert all(h["server"] == "Changing" for h in zebra["hits"])
        narrowed = (await self.search(query="sales", servers=["Changing"])).structured_content
        assert narrowed["hits"] == [], narrowed

    async def read(self) -> None:
        uri = hub(self.demo, "file:///project/README.md")
        text = await self.read_text(uri)
        assert text
        tool = await self.client.call_tool("read_resource", {"uri": uri})
        assert not tool.is_error, tool.content
        block = tool.content[0]
        assert isinstance(block, types.EmbeddedResource), block
        assert str(block.resource.uri) == uri
        assert isinstance(block.resource, types.TextResourceContents) and block.resource.text == text
        hits = (await self.search(query="zebra")).structured_content["hits"]
        hit = next(h for h in hits if h["uri"].endswith("/changing://notes/1"))
        assert await self.read_text(hit["uri"]) == NOTE_TEXT.format(1)

    async def template(self) -> None:
        listed = await self.client.list_resource_templates()
        templates = [t.uri_template for t in listed.resource_templates]
        row = hub(self.demo, "table://{name}/{id}")
        assert row in templates, templates
        assert hub(self.demo, "file:///{path}") in templates
        assert all(t.startswith("lode://hub/") for t in templates), templates
        ref = types.ResourceTemplateReference(type="ref/resource", uri=row)
        names = (await self.client.complete(ref, {"name": "name", "value": ""})).completion.values
        assert names, "the Demo completes table names"
        table = names[0]
        narrowed = (await self.client.complete(ref, {"name": "name", "value": table[:2]})).completion.values
        assert table in narrowed and all(v.lower().startswith(table[:2].lower()) for v in narrowed)
        ids = (await self.client.complete(ref, {"name": "id", "value": ""}, {"name": table})).completion.values
        assert ids, f"the Demo completes row ids of {table} (the context forwarded)"
        filled = hub(self.demo, f"table://{table}/{ids[0]}")
        assert await self.read_text(filled)

    async def subscription(self) -> None:
        clock = hub(self.demo, "demo://clock/now")
        async with self.client.listen(resource_subscriptions=[clock]) as sub:
            assert sub.honored.resource_subscriptions == [clock], sub.honored
            # The Demo's clock ticks every 3 s.
            with anyio.fail_after(10):
                event = await sub.__anext__()
            assert event == ResourceUpdated(uri=clock), event

    async def list_changed(self) -> None:
        async with self.client.listen(resources_list_changed=True) as sub:
            assert sub.honored.resources_list_changed, sub.honored
            os.kill(changing_pid(self.tag), signal.SIGUSR2)  # Changing adds changing://notes/3
            with anyio.fail_after(10):
                event = await sub.__anext__()
            assert isinstance(event, ResourcesListChanged), event
        added = hub(self.changing, "changing://notes/3")

        async def listed() -> bool:
            return any(str(r.uri) == added for r in await self.list_all())

        await until(f"{added} in resources/list", 10, listed)
        hits = (await self.search(query="zebra")).structured_content["hits"]
        assert any(h["uri"] == added for h in hits), "and in the search"
        await anyio.sleep(0.5)  # the relay's quiet spell: no list_changed of this step comes later

    async def origin_killed(self) -> None:
        async with self.client.listen(resources_list_changed=True) as sub:
            killed = changing_pid(self.tag)
            os.kill(killed, signal.SIGKILL)
            await anyio.sleep(0.3)
            await self.origin_killed_steps(killed, sub)

    async def origin_killed_steps(self, killed: int, sub: Subscription) -> None:
        s = (await self.search(query="sales")).structured_content
        assert s["hits"] and all(h["server"] == "Demo" for h in s["hits"]), s
        assert await self.read_text(hub(self.demo, "file:///project/README.md"))
        # While Lode reconnects (after half a second's backoff) a read fails saying so; then it
        # succeeds again.
        note = hub(self.changing, "changing://notes/1")

        async def read_again() -> str | None:
            try:
                return await self.read_text(note)
            except MCPError as e:
                assert e.code == -32603, e
                assert "the connection to Changing was lost" in e.message, e
                return None

        assert await until(f"{note} read again", 10, read_again) == NOTE_TEXT.format(1)
        assert changing_pid(self.tag) != killed, "Lode started the server again"
        # The new server lists two notes, not the three of the old: the hub's list changed, and
        # it says so (list_changed follows Lode's index, not only the origin's own notice).
        with anyio.fail_after(10):
            event = await sub.__anext__()
        assert isinstance(event, ResourcesListChanged), event
        gone = hub(self.changing, "changing://notes/3")

        async def is_gone() -> bool:
            return all(str(r.uri) != gone for r in await self.list_all())

        await until(f"{gone} gone from resources/list", 5, is_gone)
        await self.alive()

    async def subscription_kept(self) -> None:
        clock = hub(self.demo, "demo://clock/now")
        async with self.client.listen(resource_subscriptions=[clock]) as sub:
            killed = demo_pid(self.tag)
            os.kill(killed, signal.SIGKILL)
            await anyio.sleep(0.1)
            # An update the old session sent before it died is dropped (pending events are
            # deduplicated: one at most).
            with anyio.move_on_after(0.05):
                await sub.__anext__()
            # Lode starts the Demo again (half a second's backoff) and forwards the subscription
            # to the new session: the clock's updates come again (every 3 s).
            with anyio.fail_after(15):
                event = await sub.__anext__()
            assert event == ResourceUpdated(uri=clock), event
        assert demo_pid(self.tag) != killed, "Lode started the Demo again"

    async def hostile(self) -> None:
        e = await refused(self.client.read_resource("lode://hub/999999/file:///etc/passwd"), "not exposed")
        # Resource-not-found is -32602 in the 2026-07-28 era (its -32002 retired).
        assert e.code == -32602 and "not exposed" in e.message, (e.code, e.message)
        for bad in ["lode://hub/abc/x", "lode://hub/", "file:///etc/passwd", f"lode://hub/{self.demo}"]:
            e = await refused(self.client.read_resource(bad), f"read {bad}")
            assert e.code == -32602, f"{bad}: {e.code} {e.message}"
        tool = await self.client.call_tool("read_resource", {"uri": "lode://hub/999999/x"})
        assert tool.is_error and "not exposed" in tool.content[0].text, tool
        tool = await self.client.call_tool("read_resource", {"uri": "not a uri"})
        assert tool.is_error, tool
        for arguments in [
            {"query": "sales", "bogus": 1},
            {"query": "sales", "limit": "ten"},
            {"query": "sales", "sort": "random"},
        ]:
            r = await self.client.call_tool("search_resources", arguments)
            assert r.is_error, f"{arguments} is a tool error"
            assert "invalid arguments for search_resources" in r.content[0].text, r.content
        extra = {"uri": hub(self.demo, "file:///project/README.md"), "follow": True}
        assert (await self.client.call_tool("read_resource", extra)).is_error
        assert (await self.client.call_tool("suggest_context", {"budget": 100})).is_error
        await refused(self.client.call_tool("run_shell", {}), "an origin's tool (not relayed)")
        ref = types.ResourceTemplateReference(type="ref/resource", uri="lode://hub/999999/table://{name}")
        await refused(self.client.complete(ref, {"name": "name", "value": ""}), "completion, not exposed")
        await self.alive()
        assert (await self.search(query="sales")).structured_content["hits"]


async def drive(client: Client, args: argparse.Namespace, mode: str) -> bool:
    steps = Steps(client, args.tag)
    plan: list[tuple[str, Callable[[], Awaitable[None]]]] = [
        ("connect", steps.connect),
        ("listed (both servers indexed)", steps.listed),
        ("search", steps.search_step),
        ("read (resources/read and the read_resource tool)", steps.read),
        ("template and completion forwarded", steps.template),
        ("subscription: the origin's update relayed", steps.subscription),
        ("list_changed relayed", steps.list_changed),
        ("one origin killed mid-session", steps.origin_killed),
        ("subscription kept when its origin is started again", steps.subscription_kept),
        ("hostile requests refused, the session kept", steps.hostile),
    ]
    print(f"     protocol {client.protocol_version}", flush=True)
    for name, step in plan:
        started = time.monotonic()
        try:
            await step()
        except Exception:  # noqa: BLE001 - the step's failure, reported once
            ms = round((time.monotonic() - started) * 1000)
            print(f"FAIL {ms:6d} ms  py/{mode}: {name}", flush=True)
            print(f"{NAME} ({mode}): {name}:", file=sys.stderr)
            traceback.print_exc()
            return False
        ms = round((time.monotonic() - started) * 1000)
        print(f"ok   {ms:6d} ms  py/{mode}: {name}", flush=True)
    return True


async def run(args: argparse.Namespace) -> bool:
    # No response cache: every request must reach the hub.
    with anyio.fail_after(args.timeout):
        if args.stdio is not None:
            words = shlex.split(args.stdio)
            params = StdioServerParameters(command=words[0], args=words[1:], env=dict(os.environ))
            async with Client(params, cache=None) as client:
                return await drive(client, args, "stdio")
        headers = {"Authorization": f"Bearer {args.token}"}
        async with create_mcp_http_client(headers=headers) as http:
            async with Client(streamable_http_client(args.http, http_client=http), cache=None) as client:
                return await drive(client, args, "http")


def main() -> int:
    parser = argparse.ArgumentParser(prog=NAME, description=__doc__.split("\n")[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--stdio", metavar="COMMAND_LINE")
    where.add_argument("--http", metavar="URL")
    parser.add_argument("--token")
    parser.add_argument("--tag", required=True)
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()
    try:
        ok = anyio.run(run, args)
    except Exception as e:  # noqa: BLE001 - one clear message
        traceback.print_exc()
        print(f"{NAME}: {e!r}", file=sys.stderr)
        return 1
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
