//! The ombi-mcp tool component: all Ombi knowledge, compiled to a WASI 0.2 component
//! (`wasm32-wasip2`) whose only way out is `wasi:http`.
//!
//! # Layout
//! - [`tools`]: one file per tool (argument type, metadata, `run`) and the table that drives
//!   both listing and dispatch; [`dispatch`]: the two entry points and write gating.
//! - [`schema`]: input schemas generated from argument types, per-tool output schemas
//!   composed from `schemas/defs.json`, and the validator that enforces the input schemas.
//! - [`upstream`]: request descriptions, response classification, narrow DTOs, and the one
//!   `wasi:http` transport file.
//! - [`projection`]: pure functions from DTOs to result records; [`model`]: those records;
//!   [`envelope`]: the result envelope and the 64 KiB budget; [`paging`]: page blocks.
//!
//! # Design decisions
//! - The component never sees the API key: the host adds it to requests it lets through.
//! - Everything but `upstream::transport` and the export glue below is plain Rust, tested
//!   natively through the [`upstream::Upstream`] seam.

pub mod ctx;
pub mod dispatch;
pub mod envelope;
pub mod error;
pub mod model;
pub mod paging;
pub mod projection;
pub mod schema;
#[cfg(test)]
mod testing;
pub mod tools;
pub mod upstream;

#[cfg(target_arch = "wasm32")]
mod bindings {
    wit_bindgen::generate!({
        world: "plugin",
        path: "../wit",
        generate_all,
    });
}

#[cfg(target_arch = "wasm32")]
mod component {
    use crate::bindings::exports::ombi::mcp::tools::{
        Annotations, CallContext, CallError, CallResult, Guest, ToolDescriptor,
    };
    use crate::ctx::Settings;
    use crate::dispatch::{self, CallFailure};
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
                })
                .collect()
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
            };
            let mut upstream = WasiHttp::new(base, settings.request_timeout_ms, settings.max_response_bytes);
            match dispatch::call(&name, &arguments_json, &settings, &mut upstream) {
                Ok(envelope) => Ok(CallResult {
                    is_error: envelope["ok"] != serde_json::Value::Bool(true),
                    structured: envelope.to_string(),
                }),
                Err(CallFailure::UnknownTool(n)) => Err(CallError::UnknownTool(n)),
            }
        }
    }

    crate::bindings::export!(Component with_types_in crate::bindings);
}
