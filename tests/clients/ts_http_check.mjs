// Real-client check over HTTP with the TypeScript SDK (latest 1.x; 2025-11-25): a member
// connects to `ombi-mcp serve --http` with StreamableHTTPClientTransport and their bearer
// token, lists the tools (an Ajv validator per outputSchema), calls the reads in CALLS.json
// (every structuredContent validated), checks who they are in Ombi, and, as an admin member,
// denies two pending requests answering the confirmations that come on the call's SSE
// stream: the accepted one must reach Ombi, the declined one must not.
//
// Usage: node ts_http_check.mjs URL MEMBER_TOKEN ADMIN_TOKEN CALLS.json TOOL_COUNT
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const [url, memberToken, adminToken, callsFile, count] = process.argv.slice(2);
const toolCount = Number(count);
if (!url || !memberToken || !adminToken || !callsFile || !toolCount) {
  console.error("usage: node ts_http_check.mjs URL MEMBER_TOKEN ADMIN_TOKEN CALLS.json TOOL_COUNT");
  process.exit(2);
}
const calls = JSON.parse(readFileSync(callsFile, "utf8"));

function fail(message) {
  console.error(`ts http check: ${message}`);
  process.exit(1);
}

async function connect(token, answers) {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: "ombi-ts-http-check", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
  const asked = [];
  client.setRequestHandler(ElicitRequestSchema, async (req) => {
    asked.push(req.params.message);
    const action = answers[asked.length - 1] ?? "decline";
    return action === "accept" ? { action, content: { confirm: true } } : { action };
  });
  await client.connect(transport);
  return { client, asked, transport };
}

{
  const { client } = await connect(adminToken, []);
  const { tools } = await client.listTools();
  if (tools.length !== toolCount) fail(`expected ${toolCount} tools, got ${tools.length}`);
  for (const [name, args] of calls) {
    const r = await client.callTool({ name, arguments: args });
    if (r.isError || r.structuredContent?.ok !== true) fail(`${name} ${JSON.stringify(args)}: ${JSON.stringify(r.structuredContent)}`);
  }
  console.log(`TypeScript SDK over HTTP as member morgan: ${toolCount} tools, ${calls.length} calls validated by Ajv`);
  await client.close();
}

{
  // A plain member is themselves in Ombi, with Ombi's own limits on what they may read.
  const { client } = await connect(memberToken, []);
  const me = await client.callTool({ name: "read_users", arguments: { view: "me" } });
  if (me.structuredContent?.data?.items?.[0]?.user_name !== "alex") fail(`the member is not alex: ${JSON.stringify(me.structuredContent)}`);
  const list = await client.callTool({ name: "read_users", arguments: { view: "list" } });
  if (!list.isError || list.structuredContent.error.code !== "FORBIDDEN") fail(`alex listed every user: ${JSON.stringify(list.structuredContent)}`);
  console.log("TypeScript SDK over HTTP as member alex: Ombi sees alex, and refuses alex the user list");
  await client.close();
}

{
  const { client, asked } = await connect(adminToken, ["accept", "decline"]);
  const pending = await client.callTool({ name: "read_requests", arguments: { media: "movie", status: "pending", limit: 2 } });
  const ids = pending.structuredContent.data.items.map((i) => i.target.id);
  if (ids.length !== 2) fail(`expected two pending requests: ${JSON.stringify(pending.structuredContent)}`);
  const accepted = await client.callTool({ name: "write_request_deny", arguments: { media: "movie", request_id: ids[0], reason: "ts http" } });
  if (accepted.isError) fail(`accepted deny failed: ${JSON.stringify(accepted.structuredContent)}`);
  const declined = await client.callTool({ name: "write_request_deny", arguments: { media: "movie", request_id: ids[1], reason: "ts http" } });
  if (!declined.isError || declined.structuredContent.error.code !== "FORBIDDEN") fail("a declined deny was not refused");
  if (asked.length !== 2 || !asked[0].includes(`#${ids[0]}`)) fail(`unexpected confirmations: ${JSON.stringify(asked)}`);
  console.log("TypeScript SDK over HTTP with SSE elicitation: an accepted deny went through, a declined one did not");
  await client.close();
}
