//! The `ombi-mcp` command: parses arguments, sets up logging (stderr; stdout is the
//! protocol), wires the parts and maps errors to exit codes.

// `--help`, `--version` and `call` print their answers; `serve` never prints (stdout is the
// MCP stream and only the dispatcher writes to it).
#![allow(clippy::print_stdout)]

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context as _, Result, bail};

use ombi_mcp::backend::WasmBackend;
use ombi_mcp::config::Config;
use ombi_mcp::mcp::server::serve;
use ombi_mcp::runtime::{self, ComponentSource, Runtime};
use ombi_mcp::stdio;
use ombi_mcp::{demo, server_info};

const USAGE: &str = "\
ombi-mcp: an MCP server for Ombi (stdio, or Streamable HTTP for a household)

USAGE:
    ombi-mcp [serve] [--component PATH]   speak MCP over stdin/stdout (default)
    ombi-mcp serve --http ADDR [--component PATH]
                                          serve MCP Streamable HTTP at http://ADDR/mcp
    ombi-mcp token new USER [--file PATH] a member token for the Ombi user USER, printed once
    ombi-mcp token list [--file PATH]     the tokens' ids, users and dates (never the tokens)
    ombi-mcp token revoke USER|ID [--file PATH]
                                          remove a member's tokens (or one, by id)
    ombi-mcp call TOOL [JSON] [--component PATH]
                                          run one tool once and print its result
    ombi-mcp demo                         a narrated session against a built-in Ombi simulator
    ombi-mcp component OUTPUT             write the embedded tool component (the plugin world)
    ombi-mcp component --wassette OUTPUT  write the Wassette face: one typed export per tool
    ombi-mcp --help | --version

CONFIGURATION (environment):
    OMBI_URL                      Ombi base URL (default http://localhost:5000)
    OMBI_API_KEY / _FILE          the API key (held by this process only)
    OMBI_USER                     default Ombi username to act as
    OMBI_ALLOW_WRITES             true enables the write tools (default false)
    OMBI_MAX_RESPONSE_BYTES       read budget per Ombi response (default 8388608)
    OMBI_REQUEST_TIMEOUT_SECONDS  deadline per Ombi request (default 30)
    OMBI_CONFIRM_WRITES           destructive (default), all, required or never
    OMBI_MCP_AUDIT_FILE           append the write audit trail here (JSON lines)
    OMBI_MCP_LOG                  log filter for stderr (default info)
    OMBI_MCP_CACHE_DIR            where the compiled component is cached

HOSTED MODE (serve --http):
    OMBI_MCP_HTTP                 the address to serve, as --http (e.g. 127.0.0.1:8787)
    OMBI_MCP_TOKENS_FILE          member tokens (default $XDG_CONFIG_HOME/ombi-mcp/tokens);
                                  without one, only a loopback address is served
    OMBI_MCP_STATE_KEY            a secret shared by replicas (32+ characters)
    OMBI_MCP_ALLOWED_ORIGINS      browser origins allowed, comma-separated
    OMBI_MCP_MEMBER_CONCURRENCY   calls in flight per member (default 4)
    OMBI_MCP_MEMBER_RATE          requests per minute per member (default 300)
";

enum Command {
    Serve { http: Option<String> },
    Token(TokenCommand),
    Call { tool: String, arguments: String },
    Demo,
    Component { output: PathBuf, wassette: bool },
    Help,
    Version,
}

enum TokenCommand {
    New { user: String, file: Option<PathBuf> },
    List { file: Option<PathBuf> },
    Revoke { which: String, file: Option<PathBuf> },
}

fn parse_args(args: Vec<String>) -> Result<(Command, Option<PathBuf>)> {
    let mut component = None;
    let mut http = None;
    let mut file = None;
    let mut rest = Vec::new();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--component" => component = Some(PathBuf::from(it.next().context("--component needs a path")?)),
            "--http" => http = Some(it.next().context("--http needs an address such as 127.0.0.1:8787")?),
            "--file" => file = Some(PathBuf::from(it.next().context("--file needs a path")?)),
            "-h" | "--help" => return Ok((Command::Help, None)),
            "-V" | "--version" => return Ok((Command::Version, None)),
            _ => rest.push(a),
        }
    }
    let words: Vec<&str> = rest.iter().map(String::as_str).collect();
    if http.is_some() && !matches!(words.as_slice(), [] | ["serve"]) {
        bail!("--http goes with serve\n\n{USAGE}");
    }
    if file.is_some() && words.first() != Some(&"token") {
        bail!("--file goes with token\n\n{USAGE}");
    }
    let cmd = match words.as_slice() {
        ["token", "new", user] => Command::Token(TokenCommand::New { user: user.to_string(), file }),
        ["token", "list"] => Command::Token(TokenCommand::List { file }),
        ["token", "revoke", which] => Command::Token(TokenCommand::Revoke { which: which.to_string(), file }),
        ["token", ..] => bail!("token takes new USER, list, or revoke USER|ID\n\n{USAGE}"),
        _ => parse_rest(&rest, http)?,
    };
    Ok((cmd, component))
}

fn parse_rest(rest: &[String], http: Option<String>) -> Result<Command> {
    let cmd = match rest.first().map(String::as_str) {
        None | Some("serve") if rest.len() <= 1 => Command::Serve { http },
        Some("demo") if rest.len() == 1 => Command::Demo,
        Some("component") if rest.len() == 2 => Command::Component { output: PathBuf::from(&rest[1]), wassette: false },
        Some("component") if rest.len() == 3 && rest[1] == "--wassette" => {
            Command::Component { output: PathBuf::from(&rest[2]), wassette: true }
        }
        Some("call") if (2..=3).contains(&rest.len()) => {
            Command::Call { tool: rest[1].clone(), arguments: rest.get(2).cloned().unwrap_or_else(|| "{}".into()) }
        }
        _ => bail!("unexpected arguments: {}\n\n{USAGE}", rest.join(" ")),
    };
    Ok(cmd)
}

fn main() -> ExitCode {
    init_logging();
    match run() {
        Ok(code) => code,
        Err(e) => {
            // Once, plainly: a configuration error is for a person reading a terminal.
            eprintln!("ombi-mcp: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("OMBI_MCP_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,wasmtime=warn,cranelift=warn"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(ombi_mcp::redact::LogWriter)
        .with_ansi(false)
        .with_target(false)
        .init();
}

fn run() -> Result<ExitCode> {
    let (command, component) = parse_args(std::env::args().skip(1).collect())?;
    let source = component.map_or(ComponentSource::Embedded, ComponentSource::File);
    // One thread runs every task (the MCP loop, the calls, their requests and connections):
    // a call's tasks wake each other without crossing threads (per `read_search`, about 5
    // context switches instead of 17). wasm yields at every epoch tick, so a long call does
    // not hold the others up; a piped stdin is polled here too, and stdout and a stdin of
    // another kind have threads of their own (`stdio`).
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    match command {
        Command::Help => {
            print!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        Command::Version => {
            println!("ombi-mcp {}", env!("CARGO_PKG_VERSION"));
            Ok(ExitCode::SUCCESS)
        }
        Command::Demo => rt.block_on(demo::run()),
        Command::Component { output, wassette } => {
            let bytes = if wassette { runtime::WASSETTE_COMPONENT } else { runtime::EMBEDDED_COMPONENT };
            if bytes.is_empty() {
                bail!("this build has no Wassette component (it was built from a prebuilt OMBI_MCP_GUEST_WASM)");
            }
            std::fs::write(&output, bytes).with_context(|| format!("writing {}", output.display()))?;
            eprintln!("wrote {} ({} bytes)", output.display(), bytes.len());
            Ok(ExitCode::SUCCESS)
        }
        Command::Serve { http: None } if std::env::var("OMBI_MCP_HTTP").map_or(true, |v| v.trim().is_empty()) => rt
            .block_on(async {
                let backend = Arc::new(load(source).await?);
                tracing::info!(tools = backend_tools(&backend), "ombi-mcp serving MCP on stdio");
                let (input, output) = (stdio::stdin(), stdio::stdout());
                serve(input, output, backend, server_info()).await?;
                Ok(ExitCode::SUCCESS)
            }),
        Command::Serve { http } => rt.block_on(serve_http(source, http)),
        Command::Token(t) => token(t),
        Command::Call { tool, arguments } => rt.block_on(async {
            let backend = Arc::new(load(source).await?);
            match backend.run(&tool, &arguments).await {
                Ok(outcome) => {
                    println!("{}", serde_json::to_string_pretty(&outcome.structured.into_value())?);
                    Ok(if outcome.is_error { ExitCode::from(1) } else { ExitCode::SUCCESS })
                }
                Err(e) => bail!("{tool}: {e:?}"),
            }
        }),
    }
}

fn backend_tools(b: &WasmBackend) -> usize {
    use ombi_mcp::mcp::call::Backend;
    b.catalogue().len()
}

/// Serves MCP Streamable HTTP for a household (hosted mode).
async fn serve_http(source: ComponentSource, http: Option<String>) -> Result<ExitCode> {
    use ombi_mcp::hosted::{self, members::OmbiMembers, settings::Hosted, tokens::TokenStore};
    let settings = Hosted::from_env(http.as_deref(), |k| std::env::var(k).ok())?;
    let tokens = match &settings.tokens_file {
        Some(p) => Some(
            TokenStore::open(p.clone()).map_err(|e| anyhow::anyhow!("OMBI_MCP_TOKENS_FILE `{}` {e}", p.display()))?,
        ),
        None => None,
    };
    let config = read_config()?;
    let runtime = Runtime::new(config.clone(), source)?;
    let pool = runtime.pool();
    let key = hosted::state_key(&settings);
    // With replicas, a used confirmation leaves a marker in a directory they share:
    // OMBI_MCP_STATE_DIR, else beside their shared tokens file.
    let state_dir = std::env::var("OMBI_MCP_STATE_DIR").ok().filter(|d| !d.trim().is_empty()).map(PathBuf::from);
    let used_dir = match (state_dir, &settings.tokens_file, settings.state_key) {
        (Some(d), _, _) => Some(d),
        (None, Some(p), Some(_)) => Some(PathBuf::from(format!("{}.used", p.display()))),
        _ => None,
    };
    let sealer = ombi_mcp::state_token::Sealer::with_key(key, ombi_mcp::backend::CONFIRMATION_TTL, used_dir);
    let mut backend = WasmBackend::new(runtime, config.clone()).await?;
    let oauth = settings.oauth.clone().map(|o| hosted::oauth::OAuth::new(o, pool.clone(), config.request_timeout));
    if tokens.is_some() || oauth.is_some() {
        backend = backend.with_members(Arc::new(OmbiMembers::new(config.clone(), pool.clone())), sealer);
    } else {
        backend = backend.with_sealer(sealer);
    }
    let core = Arc::new(ombi_mcp::mcp::core::Core::new(Arc::new(backend), server_info()));
    hosted::serve(hosted::Parts { core, config, pool, hosted: settings, tokens, oauth }, key).await?;
    Ok(ExitCode::SUCCESS)
}

/// `ombi-mcp token …`: the tokens file.
fn token(t: TokenCommand) -> Result<ExitCode> {
    use ombi_mcp::hosted::tokens;
    let path = |file: Option<PathBuf>| -> Result<PathBuf> {
        file.or_else(|| std::env::var("OMBI_MCP_TOKENS_FILE").ok().filter(|p| !p.trim().is_empty()).map(PathBuf::from))
            .or_else(|| tokens::default_path(|k| std::env::var(k).ok()))
            .context("no tokens file: give --file PATH or set OMBI_MCP_TOKENS_FILE")
    };
    match t {
        TokenCommand::New { user, file } => {
            let path = path(file)?;
            let (token, entry) = tokens::mint(&user).map_err(anyhow::Error::msg)?;
            tokens::append(&path, &entry).map_err(anyhow::Error::msg)?;
            println!("A token for the Ombi user {user} (id {}), in {}.", entry.id, path.display());
            println!("It is shown once and never stored; give it to {user} and keep it secret:");
            println!("{token}");
        }
        TokenCommand::List { file } => {
            let path = path(file)?;
            let entries = tokens::read(&path).map_err(anyhow::Error::msg)?;
            println!("{} token(s) in {}", entries.len(), path.display());
            for e in entries {
                println!("{}\t{}\t{}", e.id, e.user, e.created);
            }
        }
        TokenCommand::Revoke { which, file } => {
            let path = path(file)?;
            let gone = tokens::revoke(&path, &which).map_err(anyhow::Error::msg)?;
            if gone == 0 {
                bail!("no token of user or id {which} in {}", path.display());
            }
            println!("revoked {gone} token(s) of {which}; running servers stop accepting them at once");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The configuration, with every later log line scrubbed of its key.
fn read_config() -> Result<Arc<Config>> {
    let config = Arc::new(Config::from_env(|k| std::env::var(k).ok())?);
    if let Some(key) = &config.api_key {
        ombi_mcp::redact::scrub_logs_with(key.redactor().clone());
    }
    Ok(config)
}

/// Reads the configuration and loads the component.
async fn load(source: ComponentSource) -> Result<WasmBackend> {
    let config = read_config()?;
    if config.api_key.is_none() {
        tracing::warn!("OMBI_API_KEY is not set: every tool answers AUTHENTICATION_FAILED until it is");
    }
    let started = std::time::Instant::now();
    let runtime = Runtime::new(config.clone(), source)?;
    tracing::debug!(ms = started.elapsed().as_millis() as u64, "component ready");
    WasmBackend::new(runtime, config).await
}
