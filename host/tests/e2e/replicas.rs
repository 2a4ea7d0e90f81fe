//! Two replicas of `ombi-mcp serve --http` behind nginx (Debian's package, started here on
//! loopback, round robin, no sticky sessions), sharing the tokens file and
//! `OMBI_MCP_STATE_KEY`: a 2026-07-28 confirmation asked by one replica completes on the
//! other, once; a replay is refused on either; only the member it was asked of may answer;
//! reads go through. Without nginx installed this test says so and stops, unless
//! `OMBI_MCP_REQUIRE_NGINX` is set (CI sets it, after installing the package).

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use ombi_sim::Simulator;
use serde_json::{Value, json};

use crate::http_support::{HttpServer, free_port, modern, new_token};
use crate::support::command;

/// nginx, as Debian installs it.
fn nginx() -> Option<String> {
    ["/usr/sbin/nginx", "/usr/bin/nginx"].iter().find(|p| std::path::Path::new(p).exists()).map(|p| p.to_string())
}

/// nginx on `port`, round robin over `upstreams`; killed when dropped.
struct Nginx(Child);

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start_nginx(bin: &str, port: u16, upstreams: &[&str]) -> Nginx {
    let dir = format!("{}/nginx-{}-{port}", env!("CARGO_TARGET_TMPDIR"), std::process::id());
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let servers: String = upstreams.iter().map(|u| format!("    server {u};\n")).collect();
    let conf = format!(
        "worker_processes 1;\ndaemon off;\npid {dir}/nginx.pid;\nerror_log {dir}/error.log;\n\
         events {{ worker_connections 256; }}\n\
         http {{\n  access_log {dir}/access.log;\n  client_body_temp_path {dir}/body;\n  proxy_temp_path {dir}/proxy;\n\
         fastcgi_temp_path {dir}/fastcgi;\n  uwsgi_temp_path {dir}/uwsgi;\n  scgi_temp_path {dir}/scgi;\n\
         upstream ombi_mcp {{\n{servers}  }}\n\
         server {{\n    listen 127.0.0.1:{port};\n    location /mcp {{\n      proxy_pass http://ombi_mcp;\n      proxy_http_version 1.1;\n\
         proxy_set_header Host $host;\n      proxy_set_header Connection \"\";\n      proxy_buffering off;\n    }}\n  }}\n}}\n"
    );
    std::fs::write(format!("{dir}/nginx.conf"), conf).unwrap();
    let child = Command::new(bin)
        .args(["-p", &dir, "-c", &format!("{dir}/nginx.conf")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "nginx did not start: {}",
            std::fs::read_to_string(format!("{dir}/error.log")).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    Nginx(child)
}

fn replica(sim: &Simulator, env: &[(&str, &str)]) -> HttpServer {
    let port = free_port();
    let mut cmd = command(sim);
    cmd.args(["serve", "--http", &format!("127.0.0.1:{port}")]).env("OMBI_MCP_LOG", "info");
    for (k, v) in env {
        cmd.env(k, v);
    }
    HttpServer::spawn(cmd, port, sim.api_key())
}

/// The retry of a 2026-07-28 call with the person's answer.
fn retry(addr: &str, token: &str, tool: &str, args: &Value, state: &str, answer: Value) -> Value {
    let params = json!({"name": tool, "arguments": args, "requestState": state, "inputResponses": {"confirm": answer}});
    modern(addr, Some(token), 2, "tools/call", params).json()["result"].clone()
}

#[test]
fn confirmations_complete_across_replicas_behind_nginx_once_and_only_for_their_member() {
    let Some(bin) = nginx() else {
        assert!(std::env::var_os("OMBI_MCP_REQUIRE_NGINX").is_none(), "nginx is required here but not installed");
        println!("replicas: nginx is not installed (Debian package nginx-light); this test did not run");
        return;
    };
    let sim = Simulator::start().unwrap();
    let file = format!("{}/tokens-replicas-{}", env!("CARGO_TARGET_TMPDIR"), std::process::id());
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_dir_all(format!("{file}.used"));
    let morgan = new_token(&file, "morgan");
    let alex = new_token(&file, "alex");
    let key = "a-household-secret-shared-by-both-replicas-0123456789";
    let env = [("OMBI_MCP_TOKENS_FILE", file.as_str()), ("OMBI_MCP_STATE_KEY", key), ("OMBI_ALLOW_WRITES", "true")];
    let a = replica(&sim, &env);
    let b = replica(&sim, &env);
    let port = free_port();
    let _nginx = start_nginx(&bin, port, &[&a.addr, &b.addr]);
    let proxy = format!("127.0.0.1:{port}");
    // Reads go through, alternately served.
    for i in 0..4 {
        let r = modern(&proxy, Some(&morgan), i, "tools/call", json!({"name": "read_server", "arguments": {}}));
        assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
        assert_eq!(r.json()["result"]["isError"], false);
    }
    // Asked through the proxy, answered through it: round robin puts the two on different replicas.
    let issue = sim.with_state(|st| st.issues[0].id);
    let args = json!({"issue_id": issue});
    let asked =
        modern(&proxy, Some(&morgan), 10, "tools/call", json!({"name": "write_issue_delete", "arguments": args}))
            .json();
    assert_eq!(asked["result"]["resultType"], "input_required", "{asked}");
    let state = asked["result"]["requestState"].as_str().unwrap().to_string();
    // Only the member it was asked of may answer it.
    let r = retry(
        &a.addr,
        &alex,
        "write_issue_delete",
        &args,
        &state,
        json!({"action": "accept", "content": {"confirm": true}}),
    );
    assert_eq!(r["structuredContent"]["error"]["code"], "FORBIDDEN", "{r}");
    assert!(r["structuredContent"]["error"]["message"].as_str().unwrap().contains("another member"), "{r}");
    let accept = json!({"action": "accept", "content": {"confirm": true}});
    let done = retry(&proxy, &morgan, "write_issue_delete", &args, &state, accept.clone());
    assert_eq!(done["structuredContent"]["ok"], true, "{done}");
    assert!(!sim.with_state(|st| st.issues.iter().any(|i| i.id == issue)));
    // A replay is refused on either replica, whichever answered.
    for addr in [&a.addr, &b.addr, &proxy] {
        let r = retry(addr, &morgan, "write_issue_delete", &args, &state, accept.clone());
        assert_eq!(r["structuredContent"]["error"]["code"], "FORBIDDEN", "{addr}: {r}");
        assert!(r["structuredContent"]["error"]["message"].as_str().unwrap().contains("already used"), "{r}");
    }
    let deletes = sim.received().into_iter().filter(|q| q.method == "DELETE").count();
    assert_eq!(deletes, 1, "the write happened once");
    // Both replicas served calls.
    for (name, r) in [("a", &a), ("b", &b)] {
        assert!(r.stderr().contains("tool call"), "replica {name} served nothing:\n{}", r.stderr());
    }
}
