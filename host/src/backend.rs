//! The wasm [`Backend`]: tools listed once from the component, each call in a fresh
//! instance. This file is the one place that decides a write: the read-only switch, whether
//! a person must confirm (the component plans the write with reads only; exactly the planned
//! requests may then be sent), refusing when nobody can be asked, and the audit line every
//! call of a write tool leaves. It also writes the results the component could not (a
//! trap, a call past its deadline: after a write left, an unknown outcome, never a bare
//! JSON-RPC error).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use anyhow::{Context as _, Result};
use serde_json::{Value, json};

use crate::audit::{self, Audit, Outcome};
use crate::config::{Config, ConfirmWrites};
use crate::http::{Approved, Guard, Identity, SentWrite};
use crate::mcp::call::{
    Answer, Backend, BackendError, BoxFuture, CallOutcome, Confirm, Envelope, ToolCall, ToolOutcome, read_answer,
};
use crate::mcp::catalogue::{Catalogue, ToolFacts};
use crate::mcp::extras::Extras;
use crate::routes::{Declarations, Declared, Effect, ToolRoutes};
use crate::runtime::{
    CallError, CallMode, CallReport, Ended, RouteEffect, Run, Runtime, ToolDescriptor, TrapCause, WritePlan,
};
use crate::state_token::{PlannedWire, Sealer};

/// Tools backed by the component.
pub struct WasmBackend {
    runtime: Runtime,
    config: Arc<Config>,
    tools: Catalogue,
    /// Resources, prompts and completions the component offers.
    extras: Extras,
    audit: Audit,
    /// Seals the state of 2026-07-28 confirmations.
    sealer: Sealer,
    /// Who a member is in Ombi (hosted mode); `None` serves the server's own identity.
    members: Option<Arc<dyn Members>>,
    /// The routes each tool declared: a call of a tool sends only its own.
    routes: HashMap<String, Arc<ToolRoutes>>,
}

/// How long a 2026-07-28 confirmation stays answerable.
pub const CONFIRMATION_TTL: std::time::Duration = std::time::Duration::from_secs(600);

/// Decides a member's identity for a call (hosted mode): checks the member against Ombi's
/// user list and an `as_user`/`on_behalf_of` naming someone else against their roles.
pub trait Members: Send + Sync {
    /// The identity the call's requests carry, or the error code and message of a refusal
    /// (nothing was sent).
    fn identity(
        self: Arc<Self>,
        member: &str,
        arguments: &Value,
    ) -> BoxFuture<Result<Identity, (&'static str, String)>>;
}

/// A call's arguments as JSON (its text as a string when it is not JSON).
fn parse_arguments(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()))
}

/// What the audit line of one write call says, filled in as the call goes.
struct Trail {
    target: Value,
    summary: Option<String>,
    confirmation: &'static str,
    outcome: Outcome,
    reason: Option<String>,
    writes: Vec<SentWrite>,
    envelope: Value,
}

/// How a finished write call came out, from its envelope and what left.
fn classify(env: &Value, writes: &[SentWrite]) -> Outcome {
    if env["ok"] == json!(true) {
        Outcome::Completed
    } else if env.pointer("/error/code") == Some(&json!("UNKNOWN_OUTCOME")) {
        Outcome::Unknown
    } else if writes.iter().any(|w| w.reached) {
        Outcome::Rejected
    } else {
        Outcome::Refused
    }
}

/// An envelope's error as a reason (`CODE: message`).
fn reason_of(env: &Value) -> Option<String> {
    let code = env.pointer("/error/code")?.as_str()?;
    let message = env.pointer("/error/message").and_then(Value::as_str).unwrap_or("");
    Some(format!("{code}: {}", message.chars().take(300).collect::<String>()))
}

impl WasmBackend {
    /// Lists the component's tools as MCP `Tool` objects, and opens the audit file.
    pub async fn new(runtime: Runtime, config: Arc<Config>) -> Result<WasmBackend> {
        // Listed once per component build, before any untrusted input: cached beside the
        // compiled component, with the routes each tool declared.
        // A damaged cached file is a cache miss: everything is listed afresh.
        let cached = runtime.cached_at().and_then(|at| {
            let tools = crate::cache::read_catalogue(at)?;
            let extras = Extras::parse(&crate::cache::read_extras(at)?, &tools).ok()?;
            Some((tools, crate::cache::read_routes(at)?, extras))
        });
        let (tools, declared, extras) = match cached {
            Some(all) => all,
            None => {
                let listed = runtime.list_tools().await?;
                let tools = listed.iter().map(tool_json).collect::<Result<Vec<_>>>()?;
                let tools = Catalogue::from_values(&tools).context("the component listed no usable tools")?;
                let declared = declarations(&listed);
                let text = runtime.extras().await?;
                let extras = Extras::parse(&text, &tools).map_err(|e| {
                    anyhow::anyhow!("the component's resources, prompts or completions cannot be served: {e}")
                })?;
                if let Some(at) = runtime.cached_at() {
                    crate::cache::write_catalogue(at, &tools);
                    crate::cache::write_routes(at, &declared);
                    crate::cache::write_extras(at, &text);
                }
                (tools, declared, extras)
            }
        };
        let mut routes = HashMap::new();
        for (name, d) in &declared {
            let parsed = ToolRoutes::parse(d).map_err(|e| {
                anyhow::anyhow!("the component's tool {name} declares a route the host cannot read: {e}")
            })?;
            routes.insert(name.clone(), Arc::new(parsed));
        }
        let audit = Audit::new(config.audit_file.clone()).map_err(anyhow::Error::msg)?;
        Ok(WasmBackend {
            runtime,
            config,
            tools,
            extras,
            audit,
            sealer: Sealer::new(CONFIRMATION_TTL),
            members: None,
            routes,
        })
    }

    /// Seals 2026-07-28 confirmations with `sealer` (a key shared by replicas).
    pub fn with_sealer(mut self, sealer: Sealer) -> WasmBackend {
        self.sealer = sealer;
        self
    }

    /// Serves members: each call of a member runs as their Ombi identity.
    pub fn with_members(mut self, members: Arc<dyn Members>, sealer: Sealer) -> WasmBackend {
        self.members = Some(members);
        self.sealer = sealer;
        self
    }

    /// Runs one tool directly (for `ombi-mcp call`; nobody can be asked to confirm).
    pub async fn run(self: Arc<Self>, name: &str, arguments: &str) -> Result<ToolOutcome, BackendError> {
        let call = ToolCall {
            name: name.to_string(),
            caller: Default::default(),
            arguments: arguments.to_string(),
            confirm: Confirm::Unavailable,
        };
        match self.call(call).await? {
            CallOutcome::Done(outcome) => Ok(outcome),
            CallOutcome::InputRequired { .. } => Err(BackendError::Internal("a confirmation was asked for".into())),
        }
    }

    /// The routes tool `name` declared (none for a tool that declared none).
    fn routes_of(&self, name: &str) -> Arc<ToolRoutes> {
        self.routes.get(name).cloned().unwrap_or_default()
    }

    /// A result the host writes: an error envelope under the call's correlation id.
    fn host_result(name: &str, cid: &str, code: &str, message: &str) -> ToolOutcome {
        ToolOutcome { is_error: true, structured: envelope_error(name, cid, code, message, false).into() }
    }

    /// The identity of the call's caller, or the refusal to answer with.
    async fn identity(&self, call: &ToolCall, cid: &str) -> Result<Option<Identity>, ToolOutcome> {
        let (Some(member), Some(members)) = (call.caller.member_name(), &self.members) else { return Ok(None) };
        let arguments = parse_arguments(&call.arguments);
        members
            .clone()
            .identity(member, &arguments)
            .await
            .map(Some)
            .map_err(|(code, message)| WasmBackend::host_result(&call.name, cid, code, &message))
    }

    async fn execute(&self, call: ToolCall) -> Result<CallOutcome, BackendError> {
        let Some(facts) = self.tools.get(&call.name).cloned() else {
            return Err(BackendError::UnknownTool(call.name.clone()));
        };
        let cid = self.runtime.correlation_id();
        if facts.read_only {
            return self.read(&call, &cid).await;
        }
        let mut trail = Trail {
            target: target_of(&facts, &call.arguments),
            summary: None,
            confirmation: "not_asked",
            outcome: Outcome::Refused,
            reason: None,
            writes: Vec::new(),
            envelope: Value::Null,
        };
        let result = self.write(&call, &facts, &cid, &mut trail).await;
        match &result {
            Ok(CallOutcome::Done(t)) => trail.envelope = t.structured.to_value(),
            Ok(CallOutcome::InputRequired { .. }) => {}
            Err(e) => {
                trail.outcome =
                    if trail.writes.iter().any(|w| w.reached) { Outcome::Unknown } else { Outcome::Refused };
                trail.reason = Some(format!("{e:?}"));
            }
        }
        if trail.reason.is_none() && matches!(trail.outcome, Outcome::Refused | Outcome::Rejected | Outcome::Unknown) {
            trail.reason = reason_of(&trail.envelope);
        }
        let summary = trail.summary.as_deref().map(crate::confirmation::for_audit);
        self.audit.record(&audit::Entry {
            member: call.caller.member_name(),
            tool: &call.name,
            correlation_id: &cid,
            target: trail.target.clone(),
            summary: summary.as_deref(),
            confirmation: trail.confirmation,
            outcome: trail.outcome,
            reason: trail.reason.as_deref(),
            writes: &trail.writes,
            envelope: &trail.envelope,
        });
        result
    }

    /// A tool the component calls read-only: it may send no state-changing request at all,
    /// whatever it does (writes on or not).
    async fn read(&self, call: &ToolCall, cid: &str) -> Result<CallOutcome, BackendError> {
        if self.config.api_key.is_none() {
            return Ok(CallOutcome::Done(no_key(&call.name, cid)));
        }
        let identity = match self.identity(call, cid).await {
            Ok(i) => i,
            Err(refused) => return Ok(CallOutcome::Done(refused)),
        };
        let how = Run {
            mode: CallMode::Execute,
            guard: Guard::ReadOnly,
            identity,
            correlation_id: Some(cid.into()),
            routes: self.routes_of(&call.name),
        };
        let report = self.runtime.call(&call.name, &call.arguments, how).await;
        self.finish(&call.name, &report).map(CallOutcome::Done)
    }

    /// Runs `how` and fills the trail from what came of it.
    async fn run_write(&self, call: &ToolCall, how: Run, trail: &mut Trail) -> Result<CallOutcome, BackendError> {
        let report = self.runtime.call(&call.name, &call.arguments, how).await;
        trail.writes.extend(report.writes.iter().cloned());
        let outcome = self.finish(&call.name, &report)?;
        trail.outcome = classify(&outcome.structured.to_value(), &trail.writes);
        Ok(CallOutcome::Done(outcome))
    }

    /// Every decision about a write call, in order.
    async fn write(
        &self,
        call: &ToolCall,
        facts: &ToolFacts,
        cid: &str,
        trail: &mut Trail,
    ) -> Result<CallOutcome, BackendError> {
        let name = call.name.as_str();
        let refuse = |trail: &mut Trail, code: &str, message: &str| {
            trail.outcome = Outcome::Refused;
            Ok(CallOutcome::Done(WasmBackend::host_result(name, cid, code, message)))
        };
        if self.config.api_key.is_none() {
            trail.outcome = Outcome::Refused;
            return Ok(CallOutcome::Done(no_key(name, cid)));
        }
        let identity = match self.identity(call, cid).await {
            Ok(i) => i,
            Err(refused) => return Ok(CallOutcome::Done(refused)),
        };
        // Nothing changes Ombi unless its audit line can be written.
        if let Err(why) = self.audit.ready() {
            let message = format!(
                "{why}; {name} was refused so that no change goes unrecorded, and nothing was sent to Ombi. Reads still work; make the file writable (or unset OMBI_MCP_AUDIT_FILE) and try again."
            );
            return refuse(trail, "FORBIDDEN", &message);
        }
        let routes = self.routes_of(name);
        let run = |mode: CallMode, guard: Guard| Run {
            mode,
            guard,
            identity: identity.clone(),
            correlation_id: Some(cid.to_string()),
            routes: routes.clone(),
        };
        if !self.config.allow_writes {
            // The component refuses it itself; the host lets nothing state-changing out.
            return self.run_write(call, run(CallMode::Execute, Guard::ReadOnly), trail).await;
        }
        // A 2026-07-28 retry carries the person's answer: however the client described
        // itself, a decline or cancel stops the write, and only an accept of this exact
        // plan, sealed for this member, lets it through.
        if let Confirm::Retry { answer: Some((state, responses)) } = &call.confirm {
            let arguments = parse_arguments(&call.arguments);
            let pending = match self.sealer.open(state, call.caller.member_name(), name, &arguments) {
                Ok(p) => p,
                Err(why) => {
                    let message = format!(
                        "{why}; nothing was sent to Ombi. Call {name} again (without requestState) to be asked afresh."
                    );
                    return refuse(trail, "FORBIDDEN", &message);
                }
            };
            trail.summary = Some(pending.summary.clone());
            let answer = read_answer(&json!({ "result": responses.get("confirm").cloned().unwrap_or(Value::Null) }));
            let approved = pending.requests.iter().map(Approved::from).collect();
            return self.run_confirmed(call, cid, answer, approved, &pending.summary, run, trail).await;
        }
        let mode = self.config.confirm_writes;
        let must_ask = match mode {
            ConfirmWrites::Never => false,
            ConfirmWrites::Destructive => facts.destructive,
            ConfirmWrites::All | ConfirmWrites::Required => true,
        };
        if !must_ask {
            trail.confirmation = "not_required";
            return self.run_write(call, run(CallMode::Execute, Guard::Policy), trail).await;
        }
        let asker = match &call.confirm {
            Confirm::Unavailable => {
                // Nobody can be asked: a destructive write (any write under `required`)
                // fails closed.
                let refuses = match mode {
                    ConfirmWrites::Required => true,
                    ConfirmWrites::Destructive | ConfirmWrites::All => facts.destructive,
                    ConfirmWrites::Never => false,
                };
                if refuses {
                    let setting = match mode {
                        ConfirmWrites::Required => "required",
                        ConfirmWrites::All => "all",
                        _ => "destructive",
                    };
                    let message = format!(
                        "{name} needs a person's confirmation (OMBI_CONFIRM_WRITES={setting}), and this client cannot ask for one (it declares no form elicitation); nothing was sent to Ombi. Use a client that supports elicitation, or have the server's operator set OMBI_CONFIRM_WRITES=never to allow such writes unconfirmed."
                    );
                    trail.reason = Some(format!(
                        "FORBIDDEN: confirmation required (OMBI_CONFIRM_WRITES={setting}) but the client cannot be asked"
                    ));
                    return refuse(trail, "FORBIDDEN", &message);
                }
                return self.run_write(call, run(CallMode::Execute, Guard::Policy), trail).await;
            }
            Confirm::Retry { .. } => None,
            Confirm::Ask(asker) => Some(asker.clone()),
        };
        // Plan with reads only; a person confirms what will be sent; only that is sent.
        let planned = self.runtime.call(name, &call.arguments, run(CallMode::Plan, Guard::ReadOnly)).await;
        let plan = match &planned.ended {
            Ended::Answered(Ok(r)) => r.plan.clone(),
            _ => None,
        };
        let Some(plan) = plan else {
            // Refused while planning (a bad argument, a missing target): that is the answer.
            trail.writes.extend(planned.writes.iter().cloned());
            let outcome = self.finish(name, &planned)?;
            trail.outcome = classify(&outcome.structured.to_value(), &trail.writes);
            return Ok(CallOutcome::Done(outcome));
        };
        trail.summary = Some(plan.summary.clone());
        let Some(asker) = asker else {
            // 2026-07-28: ask in the result; the client retries with the answer and this state.
            let wire = approvals(&plan, &self.config.url.prefix)
                .into_iter()
                .map(|a| PlannedWire {
                    method: a.method,
                    path: a.path,
                    body: a.body.map(|b| String::from_utf8_lossy(&b).into_owned()),
                })
                .collect();
            let arguments = parse_arguments(&call.arguments);
            let state = self.sealer.seal(call.caller.member_name(), name, &arguments, &plan.summary, wire);
            trail.confirmation = "asked";
            trail.outcome = Outcome::Asked;
            return Ok(CallOutcome::InputRequired { message: plan.summary, state });
        };
        let answer = asker.confirm(plan.summary.clone(), self.config.confirm_timeout).await;
        let approved = approvals(&plan, &self.config.url.prefix);
        self.run_confirmed(call, cid, answer, approved, &plan.summary, run, trail).await
    }

    /// Sends exactly the `approved` requests if the person accepted; otherwise refuses.
    #[allow(clippy::too_many_arguments, reason = "the parts of one decision, each used once")]
    async fn run_confirmed(
        &self,
        call: &ToolCall,
        cid: &str,
        answer: Answer,
        approved: Vec<Approved>,
        summary: &str,
        run: impl Fn(CallMode, Guard) -> Run,
        trail: &mut Trail,
    ) -> Result<CallOutcome, BackendError> {
        let refused = match &answer {
            Answer::Accepted => None,
            Answer::Declined => Some(("declined", "declined".to_string())),
            Answer::Cancelled => Some(("cancelled", "cancelled".to_string())),
            Answer::NoAnswer => Some(("no_answer", "not answered in time".to_string())),
            Answer::Failed(why) => Some(("no_answer", format!("could not be asked ({why})"))),
        };
        if let Some((label, said)) = refused {
            trail.confirmation = label;
            trail.outcome = Outcome::Declined;
            trail.reason = Some(format!("the confirmation was {said}"));
            let message = format!(
                "The confirmation was {said}; nothing was sent to Ombi. ({})",
                crate::confirmation::for_audit(summary)
            );
            return Ok(CallOutcome::Done(WasmBackend::host_result(&call.name, cid, "FORBIDDEN", &message)));
        }
        trail.confirmation = "accepted";
        let approved = Arc::new(Mutex::new(approved));
        self.run_write(call, run(CallMode::Execute, Guard::Approved(approved)), trail).await
    }

    /// The outcome of a call: the component's envelope, or one the host writes when the
    /// component could not answer.
    fn finish(&self, name: &str, report: &CallReport) -> Result<ToolOutcome, BackendError> {
        let host_error = |code: &str, message: String, retryable: bool| {
            let env = envelope_error(name, &report.correlation_id, code, &message, retryable);
            Ok(ToolOutcome { is_error: true, structured: env.into() })
        };
        match &report.ended {
            Ended::Answered(Ok(r)) => {
                // Most results go out as the component wrote them; the rest are parsed and
                // scrubbed value by value.
                if !r.is_error
                    && let Some(json) = self.runtime.clean_json(&r.structured)
                {
                    return Ok(ToolOutcome { structured: Envelope::Json(json), is_error: false });
                }
                let mut structured: Value = serde_json::from_str(&r.structured)
                    .map_err(|e| BackendError::Internal(format!("{name} returned invalid JSON: {e}")))?;
                self.runtime.scrub_value(&mut structured);
                Ok(ToolOutcome { structured: structured.into(), is_error: r.is_error })
            }
            Ended::Answered(Err(CallError::UnknownTool(n))) => Err(BackendError::UnknownTool(n.clone())),
            Ended::Answered(Err(CallError::Internal(m))) => Err(BackendError::Internal(format!("{name} failed: {m}"))),
            Ended::Trapped { detail, cause } => {
                tracing::error!(tool = name, detail = %detail, "the component trapped");
                let why = match cause {
                    TrapCause::Memory => "it reached its memory limit",
                    TrapCause::Cpu => "it used up its CPU budget",
                    TrapCause::Other => "the component failed",
                };
                if report.wrote() {
                    host_error(
                        "UNKNOWN_OUTCOME",
                        format!(
                            "{name} was stopped ({why}) after a change was sent to Ombi; whether it took effect is unknown. Check with a read before retrying."
                        ),
                        false,
                    )
                } else {
                    host_error(
                        "INTERNAL_ERROR",
                        format!("{name} was stopped ({why}); nothing was changed in Ombi."),
                        false,
                    )
                }
            }
            Ended::TimedOut(after) => {
                if report.wrote() {
                    host_error(
                        "UNKNOWN_OUTCOME",
                        format!(
                            "{name} did not finish within {} s after a change was sent to Ombi; whether it took effect is unknown. Check with a read before retrying.",
                            after.as_secs()
                        ),
                        false,
                    )
                } else {
                    host_error(
                        "TIMEOUT",
                        format!(
                            "{name} did not finish within {} s and was stopped; nothing was changed in Ombi.",
                            after.as_secs()
                        ),
                        true,
                    )
                }
            }
        }
    }
}

/// The answer when no key is configured: nothing is sent.
fn no_key(name: &str, cid: &str) -> ToolOutcome {
    WasmBackend::host_result(
        name,
        cid,
        "AUTHENTICATION_FAILED",
        "OMBI_API_KEY is not set: set OMBI_API_KEY (or OMBI_API_KEY_FILE) in the server's environment to Ombi's API key (Settings → Ombi). Nothing was sent to Ombi.",
    )
}

/// A write's target for the audit trail: its id and enum arguments (never free text, which
/// can hold notification values or anything else).
fn target_of(facts: &ToolFacts, arguments: &str) -> Value {
    let args = parse_arguments(arguments);
    let mut out = serde_json::Map::new();
    for field in &facts.target_fields {
        if let Some(v) = args.get(field).filter(|v| v.is_number() || v.as_str().is_some_and(|s| s.len() <= 64)) {
            out.insert(field.clone(), v.clone());
        }
    }
    Value::Object(out)
}

/// The requests a person approved, as the host will see them (base prefix included).
fn approvals(plan: &WritePlan, prefix: &str) -> Vec<Approved> {
    plan.requests
        .iter()
        .map(|r| Approved {
            method: r.method.clone(),
            path: format!("{prefix}{}", r.path),
            body: r.body.clone().map(String::into_bytes),
        })
        .collect()
}

/// An error envelope written by the host, valid against every tool's output schema.
pub fn envelope_error(tool: &str, correlation_id: &str, code: &str, message: &str, retryable: bool) -> Value {
    json!({
        "ok": false,
        "operation": tool,
        "error": { "code": code, "message": message, "retryable": retryable },
        "warnings": [],
        "truncated": false,
        "correlation_id": correlation_id,
    })
}

/// Every tool's declared routes, from the component's descriptors.
pub fn declarations(listed: &[ToolDescriptor]) -> Declarations {
    listed
        .iter()
        .map(|d| {
            let routes = d
                .routes
                .iter()
                .map(|r| Declared {
                    method: r.method.clone(),
                    path: r.path.clone(),
                    effect: match r.effect {
                        RouteEffect::Read => Effect::Read,
                        RouteEffect::Write => Effect::Write,
                        RouteEffect::Destructive => Effect::Destructive,
                    },
                })
                .collect();
            (d.name.clone(), routes)
        })
        .collect()
}

/// An MCP `Tool` object from a component descriptor.
pub fn tool_json(d: &ToolDescriptor) -> Result<Value> {
    let input: Value = serde_json::from_str(&d.input_schema).with_context(|| format!("input schema of {}", d.name))?;
    let output: Value =
        serde_json::from_str(&d.output_schema).with_context(|| format!("output schema of {}", d.name))?;
    let a = &d.annotations;
    let mut annotations = json!({ "title": d.title, "readOnlyHint": a.read_only, "openWorldHint": a.open_world });
    if !a.read_only {
        annotations["destructiveHint"] = json!(a.destructive);
        annotations["idempotentHint"] = json!(a.idempotent);
    }
    Ok(json!({
        "name": d.name,
        "title": d.title,
        "description": d.description,
        "inputSchema": input,
        "outputSchema": output,
        "annotations": annotations,
    }))
}

impl Backend for WasmBackend {
    fn catalogue(&self) -> &Catalogue {
        &self.tools
    }

    fn extras(&self) -> &Extras {
        &self.extras
    }

    fn call(self: Arc<Self>, call: ToolCall) -> BoxFuture<Result<CallOutcome, BackendError>> {
        Box::pin(async move { self.execute(call).await })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_envelopes_are_complete() {
        let e = envelope_error("write_vote", "c-1", "UNKNOWN_OUTCOME", "m", false);
        for key in ["ok", "operation", "error", "warnings", "truncated", "correlation_id"] {
            assert!(e.get(key).is_some(), "{key}");
        }
    }

    #[test]
    fn outcomes_follow_what_left_and_what_came_back() {
        let sent = |reached| {
            vec![SentWrite { method: "DELETE".into(), path: "/x".into(), user: None, status: Some(200), reached }]
        };
        assert_eq!(classify(&json!({"ok": true}), &sent(true)), Outcome::Completed);
        assert_eq!(
            classify(&json!({"ok": false, "error": {"code": "UNKNOWN_OUTCOME"}}), &sent(true)),
            Outcome::Unknown
        );
        assert_eq!(classify(&json!({"ok": false, "error": {"code": "CONFLICT"}}), &sent(true)), Outcome::Rejected);
        assert_eq!(classify(&json!({"ok": false, "error": {"code": "NOT_FOUND"}}), &[]), Outcome::Refused);
        assert_eq!(classify(&json!({"ok": false, "error": {"code": "TIMEOUT"}}), &sent(false)), Outcome::Refused);
    }

    #[test]
    fn targets_hold_ids_and_enums_only() {
        let facts = ToolFacts {
            name: "write_request_deny".into(),
            read_only: false,
            destructive: true,
            target_fields: vec!["media".into(), "request_id".into()],
            enums: Default::default(),
        };
        let t = target_of(&facts, r#"{"media":"movie","request_id":42,"reason":"secret text"}"#);
        assert_eq!(t, json!({"media": "movie", "request_id": 42}));
    }
}
