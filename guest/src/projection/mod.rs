//! Pure projections: Ombi's narrow DTOs become the bounded result records of
//! `04-results.md`. No I/O here; every function is tested against hand-built inputs.

pub mod media;
pub mod server;
pub mod text;
