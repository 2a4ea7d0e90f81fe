//! The wasmtime side: one `Engine` and one `InstancePre`, a fresh `Store` and instance per
//! call, with a memory cap, a CPU budget (epoch interruption) and no way out but the HTTP
//! policy. The linker holds only what the component imports: `wasi:http`, io, clocks,
//! random and the cli stdio/environment stubs; no filesystem, no sockets.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context as _, Result};
use wasmtime::component::{Linker, ResourceTable};
use wasmtime::{
    Config as EngineConfig, Engine, InstanceAllocationStrategy, PoolingAllocationConfig, ResourceLimiter, Store,
    StoreLimits, StoreLimitsBuilder, UpdateDeadline,
};
use wasmtime_wasi::{WasiCtx, WasiCtxView, WasiView};
use wasmtime_wasi_http::{WasiHttpCtx, WasiHttpCtxView, WasiHttpView};

use crate::cache;
use crate::config::Config;
use crate::http::{Guard, HostHttp, Identity, SentWrite, WriteLog};
use crate::policy::Policy;
use crate::pool::Pool;
use crate::redact::Redactor;

mod bindings {
    wasmtime::component::bindgen!({
        path: "../wit",
        world: "ombi:mcp/plugin",
        exports: { default: async },
        with: {
            "wasi:http": wasmtime_wasi_http::p2::bindings::http,
            "wasi:io": wasmtime_wasi::p2::bindings::io,
            "wasi:clocks": wasmtime_wasi::p2::bindings::clocks,
        },
    });
}

use bindings::exports::ombi::mcp::tools::CallContext;
pub use bindings::exports::ombi::mcp::tools::{
    CallError, CallMode, CallResult, Route, RouteEffect, ToolDescriptor, WritePlan,
};
use bindings::{Plugin, PluginPre};

/// How to run one call.
#[derive(Debug, Clone)]
pub struct Run {
    pub mode: CallMode,
    /// What it may send beyond the policy.
    pub guard: Guard,
    /// A member's identity, forced on every request (hosted mode).
    pub identity: Option<Identity>,
    /// The routes the tool declared: nothing else leaves.
    pub routes: Arc<crate::routes::ToolRoutes>,
    /// The call's correlation id (a new one when `None`).
    pub correlation_id: Option<String>,
}

impl Run {
    /// Execute, with `guard`, as the server's own identity, under a new correlation id,
    /// sending only `routes`.
    pub fn execute(guard: Guard, routes: Arc<crate::routes::ToolRoutes>) -> Run {
        Run { mode: CallMode::Execute, guard, identity: None, correlation_id: None, routes }
    }
}

/// How one call ended, and what state-changing requests left the host meanwhile.
#[derive(Debug)]
pub struct CallReport {
    /// The call's correlation id (the envelope's `correlation_id`).
    pub correlation_id: String,
    pub ended: Ended,
    /// Every state-changing request that left, in order.
    pub writes: Vec<SentWrite>,
}

/// Why a component trapped, as far as the host can tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrapCause {
    /// It asked for more memory than its cap.
    Memory,
    /// It used up its CPU budget.
    Cpu,
    /// Anything else (a bug, an abort).
    Other,
}

/// How a call ended.
#[derive(Debug)]
pub enum Ended {
    /// The component answered.
    Answered(Result<CallResult, CallError>),
    /// The component trapped (memory cap, CPU budget, a bug); the detail is for stderr only.
    Trapped { detail: String, cause: TrapCause },
    /// The whole call ran past its deadline and was stopped.
    TimedOut(Duration),
}

impl CallReport {
    /// Whether a state-changing request reached Ombi during the call.
    pub fn wrote(&self) -> bool {
        self.writes.iter().any(|w| w.reached)
    }
}

/// The component built into this binary.
pub static EMBEDDED_COMPONENT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/ombi_guest.wasm"));

/// The Wassette face of the same tools (world `ombi:wassette/ombi`, one typed export per
/// tool, the key read from its environment), for `ombi-mcp component --wassette`.
/// The embedded component's SHA-256 (first 12 bytes, hex), computed when it was built.
pub const EMBEDDED_SHA256: &str = env!("OMBI_COMPONENT_SHA256");

pub static WASSETTE_COMPONENT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/ombi_wassette.wasm"));

/// Linear memory one instance may grow to.
const MEMORY_CAP: usize = 128 * 1024 * 1024;
/// Instances that may exist at once (and so concurrent calls).
pub const MAX_INSTANCES: u32 = 16;
/// Memory of a freed instance reset in place rather than returned to the kernel.
const KEEP_RESIDENT: usize = 4 * 1024 * 1024;
/// Tables of a freed instance reset in place (the component's tables are a few KiB).
const TABLE_KEEP_RESIDENT: usize = 256 * 1024;
/// How often the epoch advances.
const TICK: Duration = Duration::from_millis(10);
/// CPU budget of one call, in ticks spent running wasm (10 s).
const CPU_TICKS: u64 = 1000;

/// The store's limits, remembering whether the memory cap was hit (so a trap can say why).
struct Limits {
    inner: StoreLimits,
    memory_hit: bool,
}

impl ResourceLimiter for Limits {
    fn memory_growing(&mut self, current: usize, desired: usize, maximum: Option<usize>) -> wasmtime::Result<bool> {
        let ok = self.inner.memory_growing(current, desired, maximum)?;
        self.memory_hit |= !ok;
        Ok(ok)
    }

    fn table_growing(&mut self, current: usize, desired: usize, maximum: Option<usize>) -> wasmtime::Result<bool> {
        self.inner.table_growing(current, desired, maximum)
    }

    fn instances(&self) -> usize {
        self.inner.instances()
    }

    fn tables(&self) -> usize {
        self.inner.tables()
    }

    fn memories(&self) -> usize {
        self.inner.memories()
    }
}

/// What a store holds.
struct State {
    wasi: WasiCtx,
    http: WasiHttpCtx,
    table: ResourceTable,
    hooks: HostHttp,
    limits: Limits,
    ticks: u64,
}

impl WasiView for State {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView { ctx: &mut self.wasi, table: &mut self.table }
    }
}

impl WasiHttpView for State {
    fn http(&mut self) -> WasiHttpCtxView<'_> {
        WasiHttpCtxView { ctx: &mut self.http, table: &mut self.table, hooks: &mut self.hooks }
    }
}

/// Where the component comes from.
pub enum ComponentSource {
    /// The component built into this binary.
    Embedded,
    /// A component file given with `--component`.
    File(std::path::PathBuf),
}

/// The loaded component, ready to instantiate per call.
pub struct Runtime {
    maker: Arc<Maker>,
    /// The next call's instance, made once the last answer is out (see [`Runtime::retire`]).
    spare: Arc<Mutex<Option<Ready>>>,
    config: Arc<Config>,
    /// Calls run so far.
    calls: AtomicU64,
    /// Correlation ids given out so far.
    ids: AtomicU64,
    /// Calls that found their instance made ahead.
    spares_taken: AtomicU64,
    started: u64,
    cached_at: Option<std::path::PathBuf>,
}

/// What a fresh instance is made from, shared with the task that makes the next one.
struct Maker {
    engine: Engine,
    pre: PluginPre<State>,
    config: Arc<Config>,
    policy: Arc<Policy>,
    pool: Arc<Pool>,
    /// One permit per instance the pooling allocator holds, kept until the instance's store
    /// is dropped: a call waits for a free one rather than failing to instantiate.
    slots: Arc<tokio::sync::Semaphore>,
}

/// A fresh instance, for one call.
struct Ready {
    store: Store<State>,
    plugin: Plugin,
    /// Declared last, so dropped last: the slot is given back once the instance is gone.
    _slot: tokio::sync::OwnedSemaphorePermit,
}

impl Maker {
    fn store(&self) -> Store<State> {
        let mut store = Store::new(
            &self.engine,
            State {
                // An empty environment, no preopens, stdin/stdout closed: guest output never
                // reaches the MCP stream.
                wasi: WasiCtx::builder().stderr(crate::redact::GuestStderr).build(),
                http: WasiHttpCtx::new(),
                table: ResourceTable::new(),
                hooks: HostHttp::new(
                    self.policy.clone(),
                    self.pool.clone(),
                    self.config.api_key.clone(),
                    self.config.request_timeout,
                    self.config.max_response_bytes,
                ),
                limits: Limits {
                    inner: StoreLimitsBuilder::new().memory_size(MEMORY_CAP).instances(32).build(),
                    memory_hit: false,
                },
                ticks: 0,
            },
        );
        store.limiter(|s| &mut s.limits);
        store.set_epoch_deadline(1);
        // Each tick spent running wasm counts against the CPU budget; time spent waiting on
        // Ombi does not, since the callback only runs while wasm runs.
        store.epoch_deadline_callback(|mut cx| {
            let state = cx.data_mut();
            state.ticks += 1;
            if state.ticks > CPU_TICKS {
                return Ok(UpdateDeadline::Interrupt);
            }
            Ok(UpdateDeadline::Yield(1))
        });
        store
    }

    /// A fresh instance, waiting for a free slot.
    async fn fresh(&self) -> wasmtime::Result<Ready> {
        let slot =
            self.slots.clone().acquire_owned().await.map_err(|_| wasmtime::Error::msg("the runtime is closed"))?;
        self.instantiate(slot).await
    }

    /// A fresh instance in the slot `slot` holds.
    async fn instantiate(&self, slot: tokio::sync::OwnedSemaphorePermit) -> wasmtime::Result<Ready> {
        let mut store = self.store();
        let plugin = self.pre.instantiate_async(&mut store).await?;
        Ok(Ready { store, plugin, _slot: slot })
    }
}

impl Ready {
    /// Readies the instance for one call: what it may send, where its writes are recorded,
    /// and its CPU budget counted from now.
    fn arm(
        &mut self,
        guard: Guard,
        writes: WriteLog,
        identity: Option<Identity>,
        routes: Arc<crate::routes::ToolRoutes>,
    ) {
        let state = self.store.data_mut();
        state.hooks.guard = guard;
        state.hooks.writes = writes;
        state.hooks.identity = identity;
        state.hooks.routes = routes;
        state.ticks = 0;
        self.store.set_epoch_deadline(1);
    }
}

impl cache::Bytes for ComponentSource {
    fn bytes(&self) -> Result<std::borrow::Cow<'static, [u8]>> {
        Ok(match self {
            ComponentSource::Embedded => std::borrow::Cow::Borrowed(EMBEDDED_COMPONENT),
            ComponentSource::File(p) => {
                std::borrow::Cow::Owned(std::fs::read(p).with_context(|| format!("reading component {}", p.display()))?)
            }
        })
    }
}

impl Runtime {
    /// Loads (from the on-disk cache when possible) and links the component.
    pub fn new(config: Arc<Config>, source: ComponentSource) -> Result<Runtime> {
        let engine = engine()?;
        let digest = match &source {
            ComponentSource::Embedded => EMBEDDED_SHA256.to_string(),
            ComponentSource::File(p) => {
                cache::digest(&std::fs::read(p).with_context(|| format!("reading component {}", p.display()))?)
            }
        };
        let (component, cached_at) = cache::load(&engine, &digest, &source)?;
        let linker = linker(&engine)?;
        let pre = linker
            .instantiate_pre(&component)
            .map_err(anyhow::Error::from)
            .context("the component imports something this host does not provide (only wasi:http, io, clocks, random and cli stdio are linked)")?;
        let pre = PluginPre::new(pre)?;
        let ticker = engine.clone();
        std::thread::Builder::new().name("epoch".into()).spawn(move || {
            loop {
                std::thread::sleep(TICK);
                ticker.increment_epoch();
            }
        })?;
        let started = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0)
            ^ u64::from(std::process::id()) << 44;
        let policy = Arc::new(Policy::new(config.url.clone(), config.allow_writes));
        let pool = Pool::new(config.ca_certs.clone(), config.keep_alive);
        let slots = Arc::new(tokio::sync::Semaphore::new(MAX_INSTANCES as usize));
        let maker = Arc::new(Maker { engine, pre, config: config.clone(), policy, pool, slots });
        Ok(Runtime {
            maker,
            spare: Arc::default(),
            config,
            calls: AtomicU64::new(0),
            ids: AtomicU64::new(0),
            spares_taken: AtomicU64::new(0),
            started,
            cached_at,
        })
    }

    /// The connections to Ombi every call shares (the host's own requests use them too).
    pub fn pool(&self) -> Arc<Pool> {
        self.maker.pool.clone()
    }

    /// Calls so far, and how many of them found their instance made ahead.
    pub fn calls_and_spares(&self) -> (u64, u64) {
        (self.calls.load(Ordering::Relaxed), self.spares_taken.load(Ordering::Relaxed))
    }

    /// Where the compiled component is cached, if it is (its catalogue is cached beside it).
    pub fn cached_at(&self) -> Option<&std::path::Path> {
        self.cached_at.as_deref()
    }

    /// The component's tool list.
    pub async fn list_tools(&self) -> Result<Vec<ToolDescriptor>> {
        let mut ready = self.maker.fresh().await?;
        ready.arm(Guard::ReadOnly, WriteLog::default(), None, Arc::default());
        Ok(ready.plugin.ombi_mcp_tools().call_list_tools(&mut ready.store).await?)
    }

    /// What the component offers besides tools (its resources, prompts and completions), as
    /// JSON text.
    pub async fn extras(&self) -> Result<String> {
        let mut ready = self.maker.fresh().await?;
        ready.arm(Guard::ReadOnly, WriteLog::default(), None, Arc::default());
        Ok(ready.plugin.ombi_mcp_tools().call_extras(&mut ready.store).await?)
    }

    /// A new correlation id, for one `tools/call` (its plan and its run share it).
    pub fn correlation_id(&self) -> String {
        let n = self.ids.fetch_add(1, Ordering::Relaxed) + 1;
        format!("ombi-mcp-{:x}-{n}", self.started)
    }

    /// Runs one tool in a fresh instance, under the call's deadline, with `guard` narrowing
    /// what it may send and, for a member's call, their `identity` on every request. The API
    /// key is scrubbed from anything returned.
    pub async fn call(&self, name: &str, arguments_json: &str, how: Run) -> CallReport {
        let Run { mode, guard, identity, correlation_id, routes } = how;
        self.calls.fetch_add(1, Ordering::Relaxed);
        let correlation_id = correlation_id.unwrap_or_else(|| self.correlation_id());
        let default_user = match &identity {
            Some(i) => Some(i.member.clone()),
            None => self.config.default_user.clone(),
        };
        let context = CallContext {
            base_url: self.config.url.base_url(),
            default_user,
            allow_writes: self.config.allow_writes,
            correlation_id: correlation_id.clone(),
            max_response_bytes: self.config.max_response_bytes,
            request_timeout_ms: u32::try_from(self.config.request_timeout.as_millis()).unwrap_or(u32::MAX),
            mode,
        };
        let writes = WriteLog::default();
        let deadline = self.call_deadline();
        let mut held = None;
        let run = async {
            let spare = self.spare.lock().ok().and_then(|mut s| s.take());
            let ready = match spare {
                Some(spare) => {
                    self.spares_taken.fetch_add(1, Ordering::Relaxed);
                    held.insert(spare)
                }
                None => held.insert(self.maker.fresh().await?),
            };
            ready.arm(guard, writes.clone(), identity, routes);
            ready.plugin.ombi_mcp_tools().call_call_tool(&mut ready.store, name, arguments_json, &context).await
        };
        let ended = match tokio::time::timeout(deadline, run).await {
            // The envelope is scrubbed value by value by the backend (never as JSON text).
            Ok(Ok(Ok(r))) => Ended::Answered(Ok(r)),
            Ok(Ok(Err(CallError::Internal(m)))) => Ended::Answered(Err(CallError::Internal(self.scrub(m)))),
            Ok(Ok(Err(e))) => Ended::Answered(Err(e)),
            Ok(Err(trap)) => {
                let detail = self.scrub(format!("{trap:?}"));
                let state = held.as_ref().map(|r| r.store.data());
                let cause = if state.is_some_and(|s| s.limits.memory_hit) {
                    TrapCause::Memory
                } else if state.is_some_and(|s| s.ticks > CPU_TICKS)
                    || trap.downcast_ref::<wasmtime::Trap>() == Some(&wasmtime::Trap::Interrupt)
                {
                    TrapCause::Cpu
                } else {
                    TrapCause::Other
                };
                Ended::Trapped { detail, cause }
            }
            Err(_) => Ended::TimedOut(deadline),
        };
        if let Some(used) = held {
            self.retire(used);
        }
        let writes = writes.lock().map(|w| w.clone()).unwrap_or_default();
        CallReport { correlation_id, ended, writes }
    }

    /// Drops a used instance and makes the next call's, after the caller's answer is out:
    /// on this thread (a store dropped or made on another CPU made the next call slower,
    /// BENCHMARKS.md round 9), once the tasks woken meanwhile (the answer's writer) have run.
    /// Each call still gets an instance that has run nothing before (DESIGN decision 6).
    fn retire(&self, used: Ready) {
        let (maker, spare) = (self.maker.clone(), self.spare.clone());
        let after = async move {
            tokio::task::yield_now().await;
            drop(used);
            if !spare.lock().is_ok_and(|s| s.is_none()) {
                return;
            }
            // Only a free slot: a call waiting for one comes first.
            let Ok(slot) = maker.slots.clone().try_acquire_owned() else { return };
            match maker.instantiate(slot).await {
                Ok(ready) => {
                    if let Ok(mut s) = spare.lock()
                        && s.is_none()
                    {
                        *s = Some(ready);
                    }
                }
                Err(e) => tracing::warn!(error = %e, "could not make the next call's instance"),
            }
        };
        // Without a runtime to run it on, the instance is simply dropped.
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            rt.spawn(after);
        }
    }

    /// Removes the API key, in any spelling, and any run of 8 or more of its characters from
    /// a text the host forwards or logs (the last line of defence: the component never holds
    /// the key and never receives it from Ombi).
    pub fn scrub(&self, text: String) -> String {
        match &self.config.api_key {
            Some(k) => k.redactor().scrub_text(text),
            None => text,
        }
    }

    /// The component's envelope as it may go out unchanged ([`clean_json`]).
    pub fn clean_json(&self, text: &str) -> Option<Box<serde_json::value::RawValue>> {
        clean_json(text, self.config.api_key.as_ref().map(|k| &**k.redactor()))
    }

    /// Removes the key and its pieces from every string of a JSON value.
    pub fn scrub_value(&self, v: &mut serde_json::Value) {
        if let Some(k) = &self.config.api_key {
            k.redactor().scrub_value(v);
        }
    }

    /// The deadline of a whole call: a few upstream requests and some CPU.
    pub fn call_deadline(&self) -> Duration {
        self.config.request_timeout * 4 + Duration::from_secs(10)
    }
}

/// A component's envelope as it may go out unchanged: one JSON object on one line, with no
/// escape that could spell the key and neither the key in any spelling nor a run of 8 of its
/// characters. `None` sends it through the value-by-value scrub instead.
pub fn clean_json(text: &str, key: Option<&Redactor>) -> Option<Box<serde_json::value::RawValue>> {
    // `memchr`'s searches: `str::contains` with a set of chars goes char by char, about ten
    // times as slow over a 20 KB answer.
    let bytes = text.as_bytes();
    if !text.starts_with('{')
        || memchr::memchr2(b'\n', b'\r', bytes).is_some()
        || memchr::memmem::find(bytes, b"\\u").is_some()
    {
        return None;
    }
    if let Some(key) = key
        && !key.is_clean(bytes)
    {
        return None;
    }
    serde_json::value::RawValue::from_string(text.to_string()).ok()
}

fn engine() -> Result<Engine> {
    let mut cfg = EngineConfig::new();
    cfg.wasm_component_model(true);
    cfg.epoch_interruption(true);
    let mut pool = PoolingAllocationConfig::default();
    pool.total_component_instances(MAX_INSTANCES);
    pool.total_core_instances(MAX_INSTANCES * 8);
    pool.total_memories(MAX_INSTANCES * 4);
    pool.total_tables(MAX_INSTANCES * 8);
    pool.max_memory_size(MEMORY_CAP);
    // One async stack per instance (the default reserves 1,000, each with a guard page).
    pool.total_stacks(MAX_INSTANCES);
    // A freed instance's memory is reset by writing back the pages it dirtied (found with
    // Linux's PAGEMAP_SCAN where the kernel has it), up to 4 MiB, instead of being dropped
    // with `madvise` and faulted in again by the next call (less CPU per call for a log tail and
    // a search, BENCHMARKS.md round 4); the next instance still starts from the component's
    // pristine memory image.
    pool.linear_memory_keep_resident(KEEP_RESIDENT);
    // Tables likewise: a table page dropped with `madvise` came back on the next call's
    // first write as a copy-on-write fault, and each such fault flushed the other CPUs' TLBs.
    pool.table_keep_resident(TABLE_KEEP_RESIDENT);
    pool.pagemap_scan(wasmtime::Enabled::Auto);
    cfg.allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
    Ok(Engine::new(&cfg)?)
}

fn linker(engine: &Engine) -> Result<Linker<State>> {
    use wasmtime_wasi::cli::{WasiCli, WasiCliView};
    use wasmtime_wasi::p2::bindings::cli;
    let mut l = Linker::<State>::new(engine);
    // io, clocks, random and stdio, as in the wasi:http proxy world.
    wasmtime_wasi::p2::add_to_linker_proxy_interfaces_async(&mut l)?;
    // The cli stubs Rust's standard library imports (an empty environment, exit, no tty).
    cli::environment::add_to_linker::<State, WasiCli>(&mut l, State::cli)?;
    cli::exit::add_to_linker::<State, WasiCli>(&mut l, State::cli)?;
    cli::terminal_input::add_to_linker::<State, WasiCli>(&mut l, State::cli)?;
    cli::terminal_output::add_to_linker::<State, WasiCli>(&mut l, State::cli)?;
    cli::terminal_stdin::add_to_linker::<State, WasiCli>(&mut l, State::cli)?;
    cli::terminal_stdout::add_to_linker::<State, WasiCli>(&mut l, State::cli)?;
    cli::terminal_stderr::add_to_linker::<State, WasiCli>(&mut l, State::cli)?;
    wasmtime_wasi_http::p2::add_only_http_to_linker_async(&mut l)?;
    Ok(l)
}

#[cfg(test)]
mod tests {
    use super::clean_json;
    use crate::redact::Redactor;

    const KEY: &str = "0123456789abcdefABCDEF";

    #[test]
    fn clean_envelopes_go_out_as_written() {
        let text = r#"{"ok":true,"data":{"title":"Dune"}}"#;
        assert_eq!(clean_json(text, Some(&Redactor::new(KEY))).unwrap().get(), text);
        assert_eq!(clean_json(text, None).unwrap().get(), text);
    }

    #[test]
    fn anything_else_is_parsed_and_scrubbed() {
        let key = KEY.to_ascii_lowercase();
        for text in [
            format!(r#"{{"ok":true,"note":"{KEY}"}}"#),
            format!(r#"{{"ok":true,"note":"{key}"}}"#),
            r#"{"ok":true,"note":"\u0030123"}"#.to_string(),
            "{\"ok\":\ntrue}".to_string(),
            "{\"ok\":\rtrue}".to_string(),
            r#"{"ok":true"#.to_string(),
            "[1]".to_string(),
            " {}".to_string(),
        ] {
            assert!(clean_json(&text, Some(&Redactor::new(KEY))).is_none(), "{text}");
        }
        // A piece of the key, cut to a field's budget, is not clean either.
        assert!(clean_json(r#"{"ok":true,"note":"x89abcdefAB…"}"#, Some(&Redactor::new(KEY))).is_none());
    }
}
