//! MCP over stdio: a bounded line transport, JSON-RPC classification and the dispatcher.
//!
//! # The two-tier error rule
//! What the model can fix by calling differently (bad arguments, Ombi refusing, a timeout)
//! is a tool result with `isError: true` and the envelope's error code. What it cannot fix
//! (malformed JSON-RPC, an unknown method or tool, a host bug) is a JSON-RPC error. The two
//! are never collapsed into one code.

pub mod catalogue;
pub mod era;
pub mod extras;
pub mod jsonrpc;
pub mod lines;
pub mod server;
