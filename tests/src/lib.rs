//! A faithful, stateful Ombi 4.x simulator for tests and the demo, built from the API
//! catalogue (`../shared/ombi/api-catalogue.md`): Ombi's routes, status codes, camelCase
//! shapes, authentication rules and quirks, seeded deterministic data, fault injection, and
//! a record of every request received (headers included).
//!
//! # Layout
//! - [`server`]: the loopback listener, middleware, fault shaping, the received-request log.
//! - [`http`]: reading requests and writing responses byte by byte.
//! - [`auth`]: the API-key middleware, impersonation and role checks.
//! - [`router`]: ASP.NET-like route matching; [`routes`]: the route table and handlers.
//! - [`state`]: the data; [`seed`]: deterministic seed data; [`rng`]: its generator.
//! - [`faults`]: injectable faults.

// Some of Ombi's view models are wider than `json!`'s default recursion allows.
#![recursion_limit = "256"]

pub mod auth;
pub mod clock;
pub mod engine;
pub mod faults;
pub mod http;
pub mod rng;
pub mod router;
pub mod routes;
pub mod seed;
pub mod server;
pub mod state;
pub mod views;

pub use faults::{Fault, FaultBody, FaultRule};
pub use server::{DEFAULT_API_KEY, Options, Received, Simulator};
