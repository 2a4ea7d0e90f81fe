"""Real-client check: the official Python MCP SDK drives `ombi-mcp serve` against the
simulator in both eras: its default `Client` mode probes `server/discover` and must land on
2026-07-28 (confirmations there are `input_required` results the client retries), and a
plain `ClientSession` uses the 2025-11-25 handshake (confirmations are elicitation requests). The SDK validates every `structuredContent` against the tool's
`outputSchema`; any violation, error or slow connect fails the check.

Usage: python python_client_check.py OMBI_MCP_BINARY OMBI_SIM_BINARY
"""

import asyncio
import os
import subprocess
import sys
import tempfile
import time

from mcp import Client, ClientSession, types
from mcp.client.stdio import StdioServerParameters, stdio_client
from catalogue import TOOL_COUNT
from simulator import start_simulator

CALLS = [
    ("read_search", {"query": "dune"}),
    ("read_search", {"query": "radiohead", "media": ["artist", "album"]}),
    ("read_search", {"query": "dune", "media": ["movie"], "year": 2021, "language": "en"}),
    ("read_search", {"query": "the", "media": ["movie", "tv"], "offset": 10, "limit": 5}),
    ("read_server", {"view": "status"}),
    ("read_server", {"view": "about"}),
    ("read_server", {"view": "features"}),
    ("read_server", {"view": "jobs"}),
    ("read_server", {"view": "health"}),
    ("read_discover", {"media": "movie", "list": "popular", "limit": 5}),
    ("read_discover", {"media": "tv", "list": "trending", "limit": 5}),
    ("read_media", {"media": "movie", "id": "603", "include": ["credits", "providers"]}),
    ("read_reference", {"kind": "genres", "media": "movie"}),
    ("read_reference", {"kind": "languages", "limit": 10}),
    ("read_requests", {"media": "movie", "status": "pending"}),
    ("read_requests", {"media": "tv", "limit": 5}),
    ("read_requests", {"view": "recent"}),
    ("read_requests", {"view": "failed"}),
    ("read_request_stats", {"view": "counts"}),
    ("read_request_stats", {"view": "quota", "as_user": "alex"}),
    ("read_issues", {"view": "list", "status": "pending"}),
    ("read_issues", {"view": "grouped"}),
    ("read_votes", {"view": "open"}),
    ("read_users", {"view": "list", "query": "a"}),
    ("read_users", {"view": "online"}),
    ("read_library", {"view": "calendar"}),
    ("read_library", {"view": "recently_added", "media": "movie"}),
    ("read_integration", {"service": "sonarr", "what": "quality_profiles"}),
    ("read_integration", {"service": "plex", "what": "servers"}),
    ("read_settings", {"section": "radarr"}),
    ("read_logs", {}),
]


async def exercise(call_tool, list_tools, label):
    tools = (await list_tools()).tools
    assert len(tools) == TOOL_COUNT, f"{label}: expected {TOOL_COUNT} tools, got {len(tools)}"
    for tool in tools:
        assert tool.output_schema is not None, f"{label}: {tool.name} has no outputSchema"
    called = set()
    for name, args in CALLS:
        result = await call_tool(name, args)
        assert not result.is_error, f"{label}: {name} {args} failed: {result.structured_content}"
        assert result.structured_content["operation"] == name
        called.add(name)
    # A show's details, with its TMDB id from a search.
    found = await call_tool("read_search", {"query": "the", "media": ["tv"], "limit": 1})
    tmdb = next(i["value"] for i in found.structured_content["data"]["items"][0]["identifiers"] if i["namespace"] == "tmdb")
    show = await call_tool("read_media", {"media": "tv", "id": tmdb, "include": ["seasons"]})
    assert not show.is_error, show.structured_content
    # A window of the newest log file, with its id from the listing.
    listing = await call_tool("read_logs", {})
    file_id = listing.structured_content["data"]["files"][0]["file_id"]
    tail = await call_tool("read_logs", {"file_id": file_id, "tail": True, "limit": 20})
    assert not tail.is_error and len(tail.structured_content["data"]["lines"]) == 20, tail
    reads = {t.name for t in tools if t.name.startswith("read_")}
    assert reads <= called, f"{label}: read tools never called: {sorted(reads - called)}"
    bad = await call_tool("read_search", {"query": "x", "limit": 1000})
    assert bad.is_error and bad.structured_content["error"]["code"] == "INVALID_ARGUMENT", bad
    write = await call_tool("write_vote", {"direction": "up", "media": "movie", "request_id": 1})
    assert write.is_error and write.structured_content["error"]["code"] == "FORBIDDEN", write
    print(f"{label}: {TOOL_COUNT} tools listed, {len(CALLS) + 4} calls validated against their outputSchema")


async def extras(client, label):
    """Resources, prompts and completions (the Client API)."""
    resources = (await client.list_resources()).resources
    assert resources, f"{label}: no resources"
    read = await client.read_resource(str(resources[0].uri))
    assert read.contents and read.contents[0].text, read
    templates = (await client.list_resource_templates()).resource_templates
    assert {t.uri_template for t in templates} >= {"ombi://reference/{kind}", "ombi://logs/{file_id}"}, templates
    prompts = {p.name for p in (await client.list_prompts()).prompts}
    assert "triage_pending_requests" in prompts, prompts
    got = await client.get_prompt("request_for_member", {"title": "Dune", "user": "alex"})
    assert "alex" in got.messages[0].content.text, got
    done = await client.complete(types.PromptReference(type="ref/prompt", name="request_for_member"), {"name": "user", "value": "a"})
    assert "alex" in done.completion.values, done
    print(f"{label}: {len(resources)} resources, {len(templates)} templates, {len(prompts)} prompts, completion of users from Ombi")


def answering(answers, asked):
    async def on_elicit(context, p):
        asked.append(p.message)
        action = answers[len(asked) - 1]
        return types.ElicitResult(action=action, content={"confirm": True} if action == "accept" else None)

    return on_elicit


async def deny_two(call_tool, asked, label):
    """Denies two pending requests; the first confirmation is accepted, the second declined."""
    pending = await call_tool("read_requests", {"media": "movie", "status": "pending", "limit": 2})
    ids = [r["target"]["id"] for r in pending.structured_content["data"]["items"]]
    assert len(ids) == 2, pending.structured_content
    accepted = await call_tool("write_request_deny", {"media": "movie", "request_id": ids[0], "reason": "python check"})
    assert not accepted.is_error, accepted.structured_content
    declined = await call_tool("write_request_deny", {"media": "movie", "request_id": ids[1], "reason": "python check"})
    assert declined.is_error and declined.structured_content["error"]["code"] == "FORBIDDEN", declined.structured_content
    assert len(asked) == 2 and f"#{ids[0]}" in asked[0], asked
    states = []
    for i in ids:
        d = await call_tool("read_requests", {"view": "detail", "media": "movie", "request_id": i})
        states.append(d.structured_content["data"]["items"][0].get("denied"))
    assert states[0] is True and states[1] is not True, f"{label}: accepted then declined: {states}"
    print(f"{label} with confirmations: an accepted deny reached Ombi, a declined one did not")


async def confirmations(params):
    """Writes on, with an elicitation callback: an accepted destructive write reaches Ombi,
    a declined one reaches nothing (both checked by reading the request back)."""
    asked = []
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, elicitation_callback=answering(["accept", "decline"], asked)) as session:
            init = await session.initialize()
            assert init.protocol_version == "2025-11-25", init.protocol_version
            await deny_two(session.call_tool, asked, "ClientSession (2025-11-25)")
    asked = []
    async with Client(params, elicitation_callback=answering(["accept", "decline"], asked)) as client:
        assert client.protocol_version == "2026-07-28", client.protocol_version
        await deny_two(client.call_tool, asked, "Client (2026-07-28, input_required)")


async def main(mcp_bin, sim_bin):
    sim, sim_env = start_simulator(sim_bin)
    cache = tempfile.mkdtemp(prefix="ombi-mcp-pycheck-")
    env = dict(sim_env, OMBI_MCP_CACHE_DIR=cache, OMBI_MCP_LOG="warn")
    try:
        # Warm the compiled-component cache, as any second start of the server would be.
        subprocess.run([mcp_bin, "call", "read_server"], env=dict(os.environ, **env), check=True, capture_output=True)
        params = StdioServerParameters(command=mcp_bin, args=["serve"], env=env)

        started = time.monotonic()
        async with Client(params) as client:
            connect = time.monotonic() - started
            assert connect < 1.0, f"Client (auto mode) took {connect:.2f}s to connect"
            print(f"Client auto mode: connected in {connect * 1000:.0f} ms, negotiated {client.protocol_version}")
            assert client.protocol_version == "2026-07-28", client.protocol_version
            assert client.server_info and client.server_info.name == "ombi-mcp", client.server_info
            await exercise(client.call_tool, client.list_tools, "Client (2026-07-28)")
            await extras(client, "Client (2026-07-28)")

        async with Client(params, mode="legacy") as client:
            assert client.protocol_version == "2025-11-25", client.protocol_version
            await extras(client, "Client (legacy)")

        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                started = time.monotonic()
                init = await session.initialize()
                print(f"ClientSession: initialize in {(time.monotonic() - started) * 1000:.0f} ms, protocol {init.protocol_version}")
                assert init.protocol_version == "2025-11-25", init.protocol_version
                await exercise(session.call_tool, session.list_tools, "ClientSession (2025-11-25)")

        writes = StdioServerParameters(command=mcp_bin, args=["serve"], env=dict(env, OMBI_ALLOW_WRITES="true"))
        await confirmations(writes)
    finally:
        sim.terminate()
        sim.wait()
    print("python real-client check: OK")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    asyncio.run(main(sys.argv[1], sys.argv[2]))
