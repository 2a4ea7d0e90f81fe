//! The ombi-mcp tool component: all Ombi knowledge, compiled to a WASI 0.2 component
//! (`wasm32-wasip2`) whose only way out is `wasi:http`.
//!
//! # Layout
//! - [`tools`]: one file per tool (argument type, metadata, `run`) and the one list that
//!   drives both listing and dispatch; [`dispatch`]: the two entry points and write gating.
//! - [`ctx`]: what a tool runs with (settings, the upstream seam, warnings) and the request
//!   helpers every tool uses; [`paging`]: windows and page blocks.
//! - [`schema`]: input schemas generated from argument types, per-tool output schemas
//!   composed from `schemas/defs.json`, and the validator that enforces the input schemas.
//! - [`upstream`]: request descriptions, response classification, narrow DTOs by Ombi area,
//!   and the one `wasi:http` transport file.
//! - [`projection`]: pure functions from DTOs to result records, by Ombi area; [`model`]:
//!   those records and the 15 result families; [`envelope`]: the result envelope and the
//!   64 KiB budget.
//! - [`routes`]: the routes a tool declares (method, path template, effect) and their
//!   matcher.
//! - [`sanitize`]: upstream text made safe to quote; [`summary`]: what a person confirms
//!   (the tool's own headline, Ombi's text quoted as data); [`stages`]: a call's time by stage, for
//!   the benchmark (the `stages` feature; nothing without it).
//! - `bindings` (generated) and `component` (the export glue) exist on wasm32 only.
//!
//! # Design decisions
//! - The component never sees the API key: the host adds it to requests it lets through.
//! - Everything but `upstream::transport` and the export glue is plain Rust, tested
//!   natively through the [`upstream::Upstream`] seam.

pub mod budget;
pub mod ctx;
pub mod dispatch;
pub mod envelope;
pub mod error;
pub mod extras;
pub mod model;
pub mod paging;
pub mod projection;
pub mod routes;
pub mod sanitize;
pub mod schema;
pub mod stages;
pub mod summary;
#[cfg(test)]
mod testing;
pub mod tools;
pub mod upstream;
pub mod wit_face;

#[cfg(target_arch = "wasm32")]
mod bindings;
#[cfg(all(target_arch = "wasm32", feature = "plugin"))]
mod component;
