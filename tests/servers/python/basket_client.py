"""A real MCP client, the official Python SDK (`mcp`, pinned in requirements-modern.txt), that
reads everything a server offers as resources and prints it as one JSON object. Written to check
`lode serve --basket NAME`, generic enough for any server. Its twin with the TypeScript SDK is
tests/clients/basket-client.mjs: same arguments, same output.

    basket_client.py --stdio "COMMAND LINE" [--env K=V]... [options]
    basket_client.py --http URL [--token TOKEN] [options]

options: --prompt NAME      the prompt to get (default: basket)
         --prompt-arg K=V   an argument for it (repeatable)
         --no-prompt        get no prompt (basketPrompt is null)
         --timeout SECS     for the whole run (default: 30)

The command line is split like a POSIX shell would (shlex: quotes, backslashes; no expansions).
The server gets this process's environment plus the --env pairs. With --token every HTTP request
carries `Authorization: Bearer TOKEN`. The SDK connects in its default mode, "auto": it probes
`server/discover` (2026-07-28) and falls back to the `initialize` handshake.

Prints {"protocolVersion", "serverName", "resources": [{"uri", "name", "title", "mimeType",
"annotations", "meta"}], "reads": {uri: [{"mimeType", "text" | "blobBytes"}]}, "prompts": [name],
"basketPrompt": [{"role", "type", "uri", "text" | "blobBytes"}] | null}, absent fields as null.
Any failure: a message on stderr and exit status 1 (2 for bad arguments).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import shlex
import sys
import threading
from typing import Any

import anyio

import mcp.types as types
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

NAME = "basket_client.py"


def pairs(values: list[str], flag: str, parser: argparse.ArgumentParser) -> dict[str, str]:
    out = {}
    for pair in values:
        key, eq, value = pair.partition("=")
        if not key or not eq:
            parser.error(f"{flag} wants K=V, not {pair!r}")
        out[key] = value
    return out


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog=NAME, description=__doc__.split("\n")[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--stdio", metavar="COMMAND_LINE")
    where.add_argument("--http", metavar="URL")
    parser.add_argument("--env", action="append", default=[], metavar="K=V")
    parser.add_argument("--token")
    parser.add_argument("--prompt", default="basket")
    parser.add_argument("--prompt-arg", action="append", default=[], metavar="K=V")
    parser.add_argument("--no-prompt", action="store_const", const=None, dest="prompt")
    parser.add_argument("--timeout", type=float, default=30.0)
    args = parser.parse_args(argv)
    if args.stdio is not None and args.token is not None:
        parser.error("--token goes with --http")
    if args.http is not None and args.env:
        parser.error("--env goes with --stdio")
    if args.timeout <= 0:
        parser.error("--timeout wants a positive number of seconds")
    args.env = pairs(args.env, "--env", parser)
    args.prompt_arg = pairs(args.prompt_arg, "--prompt-arg", parser)
    return args


def blob_bytes(b64: str) -> int:
    return len(base64.b64decode(b64))


def contents(c: types.TextResourceContents | types.BlobResourceContents) -> dict[str, Any]:
    out: dict[str, Any] = {"mimeType": c.mime_type}
    if isinstance(c, types.TextResourceContents):
        out["text"] = c.text
    else:
        out["blobBytes"] = blob_bytes(c.blob)
    return out


def prompt_message(m: types.PromptMessage) -> dict[str, Any]:
    c = m.content
    out: dict[str, Any] = {"role": m.role, "type": c.type, "uri": None}
    if isinstance(c, types.TextContent):
        out["text"] = c.text
    elif isinstance(c, types.EmbeddedResource):
        out["uri"] = c.resource.uri
        out |= {k: v for k, v in contents(c.resource).items() if k != "mimeType"}
    elif isinstance(c, types.ResourceLink):
        out["uri"] = c.uri
    elif isinstance(c, (types.ImageContent, types.AudioContent)):
        out["blobBytes"] = blob_bytes(c.data)
    return out


def dump(model: Any) -> Any:
    """A model as its JSON, as the server sent it (camelCase, absent fields left out)."""
    if model is None:
        return None
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


async def collect(client: Client, args: argparse.Namespace) -> dict[str, Any]:
    resources: list[types.Resource] = []
    cursor: str | None = None
    seen: set[str] = set()
    while True:
        page = await client.list_resources(cursor=cursor)
        resources.extend(page.resources)
        cursor = page.next_cursor
        if cursor is None:
            break
        if cursor in seen:
            raise RuntimeError(f"resources/list repeated the cursor {cursor!r}")
        seen.add(cursor)

    reads: dict[str, list[dict[str, Any]]] = {}
    for r in resources:
        result = await client.read_resource(r.uri)
        reads[str(r.uri)] = [contents(c) for c in result.contents]

    prompts: list[str] = []
    if client.server_capabilities.prompts is not None:
        cursor, seen = None, set()
        while True:
            page = await client.list_prompts(cursor=cursor)
            prompts.extend(p.name for p in page.prompts)
            cursor = page.next_cursor
            if cursor is None:
                break
            if cursor in seen:
                raise RuntimeError(f"prompts/list repeated the cursor {cursor!r}")
            seen.add(cursor)

    basket_prompt = None
    if args.prompt is not None:
        got = await client.get_prompt(args.prompt, args.prompt_arg or None)
        basket_prompt = [prompt_message(m) for m in got.messages]

    info = client.server_info
    return {
        "protocolVersion": client.protocol_version,
        "serverName": info.name if info is not None else None,
        "resources": [
            {
                "uri": str(r.uri),
                "name": r.name,
                "title": r.title,
                "mimeType": r.mime_type,
                "annotations": dump(r.annotations),
                "meta": r.meta,
            }
            for r in resources
        ],
        "reads": reads,
        "prompts": prompts,
        "basketPrompt": basket_prompt,
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    # No response cache: every read must reach the server.
    if args.stdio is not None:
        words = shlex.split(args.stdio)
        if not words:
            raise ValueError("--stdio got an empty command line")
        params = StdioServerParameters(command=words[0], args=words[1:], env={**os.environ, **args.env})
        with anyio.fail_after(args.timeout):
            async with Client(params, cache=None) as client:
                return await collect(client, args)
    headers = {} if args.token is None else {"Authorization": f"Bearer {args.token}"}
    with anyio.fail_after(args.timeout):
        async with create_mcp_http_client(headers=headers) as http:
            async with Client(streamable_http_client(args.http, http_client=http), cache=None) as client:
                return await collect(client, args)


def message(e: BaseException, timeout: float) -> str:
    """The innermost errors of an exception group, one per line; else the exception itself."""
    if isinstance(e, BaseExceptionGroup):
        return "\n".join(message(x, timeout) for x in e.exceptions)
    if isinstance(e, TimeoutError):
        return f"timed out after {timeout:g} s"
    text = str(e)
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def main() -> int:
    args = parse_args(sys.argv[1:])
    # A last resort if closing the connection hangs after the timeout.
    def give_up() -> None:
        print(f"{NAME}: timed out after {args.timeout:g} s, and closing hung", file=sys.stderr)
        os._exit(1)

    watchdog = threading.Timer(args.timeout + 10, give_up)
    watchdog.daemon = True
    watchdog.start()
    try:
        result = anyio.run(run, args)
    except Exception as e:  # noqa: BLE001 - one clear message for the caller
        if os.environ.get("BASKET_CLIENT_DEBUG"):
            import traceback

            traceback.print_exc()
        print(f"{NAME}: {message(e, args.timeout)}", file=sys.stderr)
        return 1
    json.dump(result, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
