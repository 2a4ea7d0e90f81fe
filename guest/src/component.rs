//! The export glue: the WIT `tools` interface implemented over [`crate::dispatch`], with
//! `wasi:http` as the upstream.

use crate::bindings::exports::ombi::mcp::tools::{
    Annotations, CallContext, CallError, CallMode, CallResult, Guest, PlannedRequest, Route, RouteEffect,
    ToolDescriptor, WritePlan,
};
use crate::ctx::{Mode, Settings};
use crate::dispatch::{self, CallFailure};
use crate::routes;
use crate::upstream::transport::WasiHttp;
use crate::upstream::url::BaseUrl;

struct Component;

impl Guest for Component {
    fn list_tools() -> Vec<ToolDescriptor> {
        dispatch::descriptors()
            .into_iter()
            .map(|d| ToolDescriptor {
                name: d.name,
                title: d.title,
                description: d.description,
                input_schema: d.input_schema,
                output_schema: d.output_schema,
                annotations: Annotations {
                    read_only: d.read_only,
                    destructive: d.destructive,
                    idempotent: d.idempotent,
                    open_world: d.open_world,
                },
                routes: d
                    .routes
                    .iter()
                    .map(|r| Route {
                        method: r.method.as_str().to_string(),
                        path: r.path.to_string(),
                        effect: match r.effect {
                            routes::RouteEffect::Read => RouteEffect::Read,
                            routes::RouteEffect::Write => RouteEffect::Write,
                            routes::RouteEffect::Destructive => RouteEffect::Destructive,
                        },
                    })
                    .collect(),
            })
            .collect()
    }

    fn extras() -> String {
        crate::extras::describe().to_string()
    }

    fn call_tool(name: String, arguments_json: String, context: CallContext) -> Result<CallResult, CallError> {
        let base = BaseUrl::parse(&context.base_url).map_err(CallError::Internal)?;
        let settings = Settings {
            base_url: context.base_url,
            default_user: context.default_user,
            allow_writes: context.allow_writes,
            correlation_id: context.correlation_id,
            max_response_bytes: context.max_response_bytes,
            request_timeout_ms: context.request_timeout_ms,
            mode: match context.mode {
                CallMode::Execute => Mode::Execute,
                CallMode::Plan => Mode::Plan,
            },
        };
        let mut upstream = WasiHttp::new(base, settings.request_timeout_ms, settings.max_response_bytes);
        match dispatch::call(&name, &arguments_json, &settings, &mut upstream) {
            Ok(called) => Ok(CallResult {
                is_error: called.is_error,
                structured: called.json,
                plan: called.plan.map(|p| WritePlan {
                    summary: p.summary,
                    requests: p
                        .requests
                        .into_iter()
                        .map(|r| PlannedRequest {
                            method: r.method.as_str().to_string(),
                            path: r.path,
                            body: r.body.map(|b| String::from_utf8_lossy(&b).into_owned()),
                        })
                        .collect(),
                }),
            }),
            Err(CallFailure::UnknownTool(n)) => Err(CallError::UnknownTool(n)),
        }
    }
}

crate::bindings::export!(Component with_types_in crate::bindings);
