//! The schemas a tool publishes: its input schema, generated from its argument type, and its
//! output schema, composed from the shared `$defs` library (`schemas/defs.json`).

pub mod input;
pub mod output;
pub mod published;
pub mod validate;
