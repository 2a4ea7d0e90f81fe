// Real-client check with the TypeScript SDK (latest 1.x; handshake era 2025-11-25): lists
// the tools (the SDK compiles an Ajv validator per outputSchema), calls each call in the JSON
// file CALLS (every structuredContent is validated; a violation throws), then, with writes
// on, denies two pending requests answering the confirmation elicitations: the accepted one
// must reach Ombi, the declined one must not.
//
// Usage: node ts_client_check.mjs OMBI_MCP_BINARY CALLS.json TOOL_COUNT (from schemas/tools.json)
// The simulator's OMBI_URL and OMBI_API_KEY, and OMBI_MCP_CACHE_DIR, come from the environment.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema, LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";

const [server, callsFile, count] = process.argv.slice(2);
const toolCount = Number(count);
if (!server || !callsFile || !toolCount) {
  console.error("usage: node ts_client_check.mjs OMBI_MCP_BINARY CALLS.json TOOL_COUNT");
  process.exit(2);
}
const calls = JSON.parse(readFileSync(callsFile, "utf8"));
const require = createRequire(import.meta.url);
const sdkMain = require.resolve("@modelcontextprotocol/sdk/client/index.js");
const sdkVersion = JSON.parse(readFileSync(sdkMain.replace(/dist\/.*$/, "package.json"), "utf8")).version;

// The SDK passes on only a default environment; the server's settings go explicitly.
function environment(extra) {
  const env = { ...getDefaultEnvironment(), OMBI_MCP_LOG: "warn" };
  for (const k of ["OMBI_URL", "OMBI_API_KEY", "OMBI_MCP_CACHE_DIR"]) env[k] = process.env[k];
  return { ...env, ...extra };
}

function fail(message) {
  console.error(`ts check: ${message}`);
  process.exit(1);
}

async function connect(extraEnv, answers) {
  const transport = new StdioClientTransport({ command: server, args: ["serve"], env: environment(extraEnv) });
  const client = new Client({ name: "ombi-ts-check", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
  const asked = [];
  client.setRequestHandler(ElicitRequestSchema, async (req) => {
    asked.push(req.params.message);
    const action = answers[asked.length - 1] ?? "decline";
    return action === "accept" ? { action, content: { confirm: true } } : { action };
  });
  await client.connect(transport);
  return { client, asked };
}

// Reads: every call validated against its tool's outputSchema by the SDK.
{
  const { client } = await connect({}, []);
  const { tools } = await client.listTools();
  if (tools.length !== toolCount) fail(`expected ${toolCount} tools, got ${tools.length}`);
  if (tools.some((t) => !t.outputSchema)) fail("a tool has no outputSchema");
  for (const [name, args] of calls) {
    const r = await client.callTool({ name, arguments: args });
    if (r.isError || r.structuredContent?.ok !== true) fail(`${name} ${JSON.stringify(args)}: ${JSON.stringify(r.structuredContent)}`);
  }
  const bad = await client.callTool({ name: "read_search", arguments: { query: "x", limit: 1000 } });
  if (!bad.isError || bad.structuredContent.error.code !== "INVALID_ARGUMENT") fail("limit 1000 was not refused");
  console.log(`TypeScript SDK ${sdkVersion} (protocol ${LATEST_PROTOCOL_VERSION}): ${toolCount} tools, ${calls.length + 1} calls validated by Ajv`);
  await client.close();
}

// Confirmations by elicitation: accept one deny, decline the next.
{
  const { client, asked } = await connect({ OMBI_ALLOW_WRITES: "true" }, ["accept", "decline"]);
  await client.listTools();
  const pending = await client.callTool({
    name: "read_requests",
    arguments: { media: "movie", status: "pending", limit: 2 },
  });
  const ids = pending.structuredContent.data.items.map((i) => i.target.id);
  if (ids.length !== 2) fail(`expected two pending requests: ${JSON.stringify(pending.structuredContent)}`);
  const accepted = await client.callTool({
    name: "write_request_deny",
    arguments: { media: "movie", request_id: ids[0], reason: "ts check" },
  });
  if (accepted.isError) fail(`accepted deny failed: ${JSON.stringify(accepted.structuredContent)}`);
  const declined = await client.callTool({
    name: "write_request_deny",
    arguments: { media: "movie", request_id: ids[1], reason: "ts check" },
  });
  if (!declined.isError || declined.structuredContent.error.code !== "FORBIDDEN") fail("a declined deny was not refused");
  if (asked.length !== 2 || !asked[0].includes(`#${ids[0]}`)) fail(`unexpected confirmations: ${JSON.stringify(asked)}`);
  const denied = [];
  for (const id of ids) {
    const d = await client.callTool({
      name: "read_requests",
      arguments: { view: "detail", media: "movie", request_id: id },
    });
    denied.push(d.structuredContent.data.items[0].denied === true);
  }
  if (!denied[0] || denied[1]) fail(`accepted then declined, but denied = ${JSON.stringify(denied)}`);
  console.log("TypeScript SDK with elicitation: an accepted deny reached Ombi, a declined one did not");
  await client.close();
}
