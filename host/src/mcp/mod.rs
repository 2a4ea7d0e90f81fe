//! MCP: the transport-free core ([`core`]), the types of a tool call ([`call`]), the
//! stdio edge ([`server`]: a bounded line transport, JSON-RPC classification), asking a
//! person ([`asking`]), the two eras, resources and prompts.
//!
//! # The two-tier error rule
//! What the model can fix by calling differently (bad arguments, Ombi refusing, a timeout)
//! is a tool result with `isError: true` and the envelope's error code. What it cannot fix
//! (malformed JSON-RPC, an unknown method or tool, a host bug) is a JSON-RPC error. The two
//! are never collapsed into one code.

pub mod asking;
pub mod call;
pub mod catalogue;
pub mod core;
pub mod era;
pub mod extras;
pub mod jsonrpc;
pub mod lines;
pub mod server;
pub mod wire;
