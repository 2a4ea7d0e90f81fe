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
ombi-mcp: an MCP server for Ombi (stdio)

USAGE:
    ombi-mcp [serve] [--component PATH]   speak MCP over stdin/stdout (default)
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
    OMBI_ALLOW_WRITES             true enables the 17 write tools (default false)
    OMBI_MAX_RESPONSE_BYTES       read budget per Ombi response (default 8388608)
    OMBI_REQUEST_TIMEOUT_SECONDS  deadline per Ombi request (default 30)
    OMBI_MCP_LOG                  log filter for stderr (default info)
    OMBI_MCP_CACHE_DIR            where the compiled component is cached
";

enum Command {
    Serve,
    Call { tool: String, arguments: String },
    Demo,
    Component { output: PathBuf, wassette: bool },
    Help,
    Version,
}

fn parse_args(args: Vec<String>) -> Result<(Command, Option<PathBuf>)> {
    let mut component = None;
    let mut rest = Vec::new();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--component" => component = Some(PathBuf::from(it.next().context("--component needs a path")?)),
            "-h" | "--help" => return Ok((Command::Help, None)),
            "-V" | "--version" => return Ok((Command::Version, None)),
            _ => rest.push(a),
        }
    }
    let cmd = match rest.first().map(String::as_str) {
        None | Some("serve") if rest.len() <= 1 => Command::Serve,
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
    Ok((cmd, component))
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
        Command::Serve => rt.block_on(async {
            let backend = Arc::new(load(source).await?);
            tracing::info!(tools = backend_tools(&backend), "ombi-mcp serving MCP on stdio");
            let (input, output) = (stdio::stdin(), stdio::stdout());
            serve(input, output, backend, server_info()).await?;
            Ok(ExitCode::SUCCESS)
        }),
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

/// Reads the configuration and loads the component.
async fn load(source: ComponentSource) -> Result<WasmBackend> {
    let config = Arc::new(Config::from_env(|k| std::env::var(k).ok())?);
    if let Some(key) = &config.api_key {
        ombi_mcp::redact::scrub_logs_with(key.redactor().clone());
    }
    if config.api_key.is_none() {
        tracing::warn!("OMBI_API_KEY is not set: every tool answers AUTHENTICATION_FAILED until it is");
    }
    let started = std::time::Instant::now();
    let runtime = Runtime::new(config.clone(), source)?;
    tracing::debug!(ms = started.elapsed().as_millis() as u64, "component ready");
    WasmBackend::new(runtime, config).await
}
