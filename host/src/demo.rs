#![allow(clippy::print_stdout, reason = "the demo narrates on stdout; it is not the MCP stream")]
//! `ombi-mcp demo`: starts the Ombi simulator on a loopback port, starts this binary as an
//! MCP server against it (read-only), and narrates a short session over the real MCP path,
//! printing what an MCP client sees.

use std::process::{ExitCode, Stdio};

use anyhow::{Context as _, Result, bail};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout};

/// An MCP client over a child's stdio.
struct Client {
    child: Child,
    stdin: ChildStdin,
    lines: Lines<BufReader<ChildStdout>>,
    next_id: i64,
}

impl Client {
    /// Starts `ombi-mcp serve` against `sim`, with writes enabled or not.
    fn start(sim: &ombi_sim::Simulator, writes: bool) -> Result<Client> {
        let exe = std::env::current_exe()?;
        let mut child = tokio::process::Command::new(exe)
            .arg("serve")
            .env("OMBI_URL", sim.url())
            .env("OMBI_API_KEY", sim.api_key())
            .env("OMBI_ALLOW_WRITES", if writes { "true" } else { "false" })
            .env("OMBI_MCP_LOG", "warn")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()?;
        let stdin = child.stdin.take().context("child stdin")?;
        let stdout = child.stdout.take().context("child stdout")?;
        Ok(Client { child, stdin, lines: BufReader::new(stdout).lines(), next_id: 0 })
    }

    async fn initialize(&mut self) -> Result<Value> {
        let init = self
            .request(
                "initialize",
                json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "ombi-mcp-demo", "version": "1"}}),
            )
            .await?;
        self.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).await?;
        Ok(init)
    }

    /// `tools/call`; the envelope (`structuredContent`).
    async fn tool(&mut self, name: &str, arguments: Value) -> Result<Value> {
        let r = self.request("tools/call", json!({"name": name, "arguments": arguments})).await?;
        Ok(r["result"]["structuredContent"].clone())
    }

    async fn request(&mut self, method: &str, params: Value) -> Result<Value> {
        self.next_id += 1;
        let msg = json!({ "jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params });
        self.send(&msg).await?;
        loop {
            let line = self.lines.next_line().await?.context("the server closed its output")?;
            let v: Value = serde_json::from_str(&line)?;
            if v["id"] == json!(self.next_id) {
                return Ok(v);
            }
        }
    }

    async fn send(&mut self, msg: &Value) -> Result<()> {
        let mut line = serde_json::to_vec(msg)?;
        line.push(b'\n');
        self.stdin.write_all(&line).await?;
        self.stdin.flush().await?;
        Ok(())
    }
}

fn say(text: &str) {
    println!("\n== {text}");
}

fn show(label: &str, v: &Value) {
    let text = serde_json::to_string_pretty(v).unwrap_or_default();
    let mut lines: Vec<&str> = text.lines().collect();
    let cut = lines.len() > 40;
    lines.truncate(40);
    println!("{label}:");
    for l in lines {
        println!("   {l}");
    }
    if cut {
        println!("   … (shortened for the demo)");
    }
}

pub async fn run() -> Result<ExitCode> {
    let sim = ombi_sim::Simulator::start().context("starting the Ombi simulator")?;
    println!("ombi-mcp demo: a simulated Ombi 4.59.3 is listening on {}", sim.url());
    println!("Starting `ombi-mcp serve` against it (read-only; the API key stays in the server).");

    let mut c = Client::start(&sim, false)?;

    say("1. initialize (protocol 2025-11-25)");
    let init = c.initialize().await?;
    let r = &init["result"];
    println!(
        "server {} {} speaks {}; capabilities {}",
        r["serverInfo"]["name"], r["serverInfo"]["version"], r["protocolVersion"], r["capabilities"]
    );

    say("2. tools/list");
    let list = c.request("tools/list", json!({})).await?;
    let tools = list["result"]["tools"].as_array().cloned().unwrap_or_default();
    let names: Vec<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
    let reads = names.iter().filter(|n| n.starts_with("read_")).count();
    println!("{} tools: {} read, {} write", names.len(), reads, names.len() - reads);
    for chunk in names.chunks(6) {
        println!("   {}", chunk.join("  "));
    }
    if let Some(t) = tools.iter().find(|t| t["name"] == "read_search") {
        println!("read_search annotations: {}", t["annotations"]);
        println!(
            "read_search outputSchema $defs: {:?}",
            t["outputSchema"]["$defs"].as_object().map(|d| d.keys().collect::<Vec<_>>())
        );
    }

    say("3. tools/call read_search {\"query\": \"dune\", \"limit\": 5}");
    let search =
        c.request("tools/call", json!({"name": "read_search", "arguments": {"query": "dune", "limit": 5}})).await?;
    let env = &search["result"]["structuredContent"];
    println!("isError: {}", search["result"]["isError"]);
    for item in env["data"]["items"].as_array().into_iter().flatten() {
        let ids: Vec<String> = item["identifiers"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|i| format!("{}:{}", i["namespace"].as_str().unwrap_or(""), i["value"].as_str().unwrap_or("")))
            .collect();
        println!(
            "   {:<6} {:<30} {}",
            item["media"].as_str().unwrap_or(""),
            item["title"].as_str().unwrap_or(""),
            ids.join(" ")
        );
    }
    show("page", &env["data"]["page"]);

    say("4. tools/call read_server {\"view\": \"status\"}");
    let status = c.request("tools/call", json!({"name": "read_server", "arguments": {"view": "status"}})).await?;
    show("structuredContent", &status["result"]["structuredContent"]);

    say("5. tools/call read_requests {\"media\": \"movie\", \"status\": \"pending\", \"limit\": 3}");
    let pending = c
        .request(
            "tools/call",
            json!({"name": "read_requests", "arguments": {"media": "movie", "status": "pending", "limit": 3}}),
        )
        .await?;
    let data = &pending["result"]["structuredContent"]["data"];
    for r in data["items"].as_array().into_iter().flatten() {
        println!(
            "   {} #{:<4} {:<30} requested {}",
            r["target"]["kind"].as_str().unwrap_or(""),
            r["target"]["id"],
            r["title"].as_str().unwrap_or(""),
            r["requested_date"].as_str().unwrap_or("?")
        );
    }
    println!("   page: {} of {} (mode {})", data["page"]["returned"], data["page"]["total"], data["page"]["mode"]);

    say("6. tools/call read_issues {\"status\": \"pending\", \"limit\": 1}");
    let issues = c.request("tools/call", json!({"name": "read_issues", "arguments": {"limit": 1}})).await?;
    show("an open issue", &issues["result"]["structuredContent"]["data"]["items"][0]);

    say("7. tools/call read_users {\"query\": \"alex\"}");
    let users = c.request("tools/call", json!({"name": "read_users", "arguments": {"query": "alex"}})).await?;
    show("a user (ids, names, language, country only)", &users["result"]["structuredContent"]["data"]["items"][0]);

    say("8. tools/call write_request_create (writes are disabled)");
    let write = c
        .request(
            "tools/call",
            json!({"name": "write_request_create", "arguments": {"media": "movie", "tmdb_id": 438631}}),
        )
        .await?;
    println!("isError: {}", write["result"]["isError"]);
    show("error", &write["result"]["structuredContent"]["error"]);

    say("9. a bad argument is a tool error the model can fix");
    let bad =
        c.request("tools/call", json!({"name": "read_search", "arguments": {"query": "dune", "limit": 500}})).await?;
    show("error", &bad["result"]["structuredContent"]["error"]);

    let writes = sim
        .received()
        .iter()
        .filter(|r| r.method != "GET" && !r.path.to_ascii_lowercase().contains("/search/"))
        .count();
    let keyed = sim.received().iter().filter(|r| r.header("apikey") == Some(sim.api_key())).count();
    say("What the simulated Ombi saw while the server was read-only");
    println!("{} requests, {} carrying the API key the server holds, {} writes", sim.received().len(), keyed, writes);
    if writes != 0 {
        bail!("a refused write reached Ombi");
    }
    drop(c.stdin);
    let _ = c.child.wait().await;

    say("10. with OMBI_ALLOW_WRITES=true: alex requests a film, the admin approves it");
    let mut w = Client::start(&sim, true)?;
    w.initialize().await?;
    let tmdb = sim.with_state(|st| {
        st.movies
            .iter()
            .find(|m| !st.movie_requests.iter().any(|r| r.tmdb_id == m.tmdb_id))
            .map(|m| (m.tmdb_id, m.title.clone()))
    });
    let (tmdb, title) = tmdb.context("an unrequested movie")?;
    let created = w.tool("write_request_create", json!({"media": "movie", "tmdb_id": tmdb, "as_user": "alex"})).await?;
    let id = created["data"]["request_id"].as_u64().context("a new request id")?;
    println!("write_request_create as alex: {} (request #{id} for {title})", created["data"]["outcome"]);
    let before = w.tool("read_requests", json!({"view": "detail", "media": "movie", "request_id": id})).await?;
    println!("   read_requests: approved = {}", before["data"]["items"][0]["approved"]);
    let approved = w.tool("write_request_approve", json!({"media": "movie", "request_id": id})).await?;
    println!("write_request_approve as the admin: {} ({})", approved["data"]["outcome"], approved["data"]["message"]);
    let after = w
        .tool("read_requests", json!({"media": "movie", "status": "processing", "sort": "requested_date", "limit": 3}))
        .await?;
    for r in after["data"]["items"].as_array().into_iter().flatten() {
        println!(
            "   processing: #{} {} approved={}",
            r["target"]["id"],
            r["title"].as_str().unwrap_or(""),
            r["approved"]
        );
    }
    let listed = after["data"]["items"].as_array().into_iter().flatten().any(|r| r["target"]["id"] == id);
    if !listed {
        bail!("the approved request is not in the list");
    }
    drop(w.stdin);
    let _ = w.child.wait().await;
    println!(
        "\nDone. Plug `ombi-mcp` into an MCP client with OMBI_URL and OMBI_API_KEY set (see README.md);\nwith OMBI_ALLOW_WRITES=true, clients that can ask have a person confirm destructive writes first."
    );
    Ok(ExitCode::SUCCESS)
}
