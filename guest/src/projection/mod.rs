//! Pure projections: Ombi's narrow DTOs become the bounded result records of
//! `04-results.md`, one module per Ombi area. No I/O here; every function is tested against
//! hand-built inputs, including the quirks of the API catalogue.

pub mod enums;
pub mod integrations;
pub mod issues;
pub mod library;
pub mod logs;
pub mod media;
pub mod mutation;
pub mod reference;
pub mod requests;
pub mod server;
pub mod settings;
pub mod text;
pub mod users;
pub mod votes;

/// Keeps at most [`crate::budget::MAX_NESTED`] entries of a nested list; `true` when some
/// were left out.
pub fn cap<T>(items: &mut Vec<T>) -> bool {
    if items.len() > crate::budget::MAX_NESTED {
        items.truncate(crate::budget::MAX_NESTED);
        true
    } else {
        false
    }
}
