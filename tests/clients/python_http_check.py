"""Real-client check over HTTP: the official Python MCP SDK 2.3.0 against `ombi-mcp serve
--http` (the simulator as Ombi) as household members, each with their own bearer token. Its
`Client` in auto mode lands on 2026-07-28 (confirmations as `input_required`), a plain
`ClientSession` on 2025-11-25 (a session id; confirmations as `elicitation/create` on the
call's SSE stream). The SDK validates every `structuredContent` against its `outputSchema`.

Usage: python python_http_check.py OMBI_MCP_BINARY OMBI_SIM_BINARY
"""

import asyncio
import os
import subprocess
import sys
import tempfile

from catalogue import TOOL_COUNT
from http_server import start_http
from mcp import Client, ClientSession, types
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from python_client_check import CALLS, answering, deny_two
from simulator import start_simulator


def new_token(mcp_bin, tokens, user):
    out = subprocess.run([mcp_bin, "token", "new", user, "--file", tokens], check=True, capture_output=True, text=True)
    return out.stdout.strip().splitlines()[-1]


def transport(url, token):
    return streamable_http_client(url, http_client=create_mcp_http_client(headers={"Authorization": f"Bearer {token}"}))


async def reads(call_tool, list_tools, label):
    tools = (await list_tools()).tools
    assert len(tools) == TOOL_COUNT, f"{label}: {len(tools)} tools"
    for name, args in CALLS:
        if "as_user" in args:
            continue
        r = await call_tool(name, args)
        assert r.structured_content["operation"] == name, r
    print(f"{label}: {TOOL_COUNT} tools, {len(CALLS) - 1} calls validated against their outputSchema")


async def main(mcp_bin, sim_bin):
    sim, sim_env = start_simulator(sim_bin)
    work = tempfile.mkdtemp(prefix="ombi-mcp-pyhttp-")
    tokens = os.path.join(work, "tokens")
    alex = new_token(mcp_bin, tokens, "alex")
    morgan = new_token(mcp_bin, tokens, "morgan")
    env = dict(sim_env, OMBI_MCP_CACHE_DIR=os.path.join(work, "cache"), OMBI_MCP_TOKENS_FILE=tokens)
    server, url = start_http(mcp_bin, env, {"OMBI_ALLOW_WRITES": "true"})
    try:
        async with Client(transport(url, alex)) as client:
            assert client.protocol_version == "2026-07-28", client.protocol_version
            await reads(client.call_tool, client.list_tools, "Client over HTTP (2026-07-28, member alex)")
            me = await client.call_tool("read_users", {"view": "me"})
            assert me.structured_content["data"]["items"][0]["user_name"] == "alex", me.structured_content
            other = await client.call_tool("read_request_stats", {"view": "quota", "as_user": "morgan"})
            assert other.is_error and other.structured_content["error"]["code"] == "FORBIDDEN", other.structured_content
            print("Client over HTTP: the member is alex in Ombi and cannot act as morgan")
        async with transport(url, alex) as (read, write):
            async with ClientSession(read, write) as session:
                init = await session.initialize()
                assert init.protocol_version == "2025-11-25", init.protocol_version
                await reads(session.call_tool, session.list_tools, "ClientSession over HTTP (2025-11-25)")
        asked = []
        async with Client(transport(url, morgan), elicitation_callback=answering(["accept", "decline"], asked)) as client:
            await deny_two(client.call_tool, asked, "Client over HTTP (2026-07-28, input_required)")
        asked = []
        async with transport(url, morgan) as (read, write):
            async with ClientSession(read, write, elicitation_callback=answering(["accept", "decline"], asked)) as session:
                await session.initialize()
                await deny_two(session.call_tool, asked, "ClientSession over HTTP (2025-11-25, SSE elicitation)")
    finally:
        server.terminate()
        sim.terminate()
    print("python HTTP real-client check: OK")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    asyncio.run(main(sys.argv[1], sys.argv[2]))
