//! The response budget, on its own so the records (`model`) and the envelope that fits them
//! share it without depending on each other.

/// The design budget for one result's serialized structured data.
pub const MAX_RESULT_BYTES: usize = 64 * 1024;
/// At most this many records in a page.
pub const MAX_RECORDS: usize = 100;
/// At most this many entries in any array nested in a record.
pub const MAX_NESTED: usize = 100;
/// At most this many log lines in one window.
pub const MAX_LOG_LINES: usize = 500;
