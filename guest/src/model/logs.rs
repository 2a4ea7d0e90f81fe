//! Log files and bounded, sanitised line windows (`logs`).

use serde::Serialize;

/// A log file (`log_file`): an opaque id from the current listing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogFile {
    pub file_id: String,
    pub name: String,
}

/// The `logs` family: either the file listing or a window of lines. `offset` is the index
/// of the first line returned; `next_offset` the index of the first line after the window
/// when there is one (`null` at the end of the file).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Logs {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<LogFile>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offset: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_offset: Option<Option<u64>>,
    pub truncated: bool,
    /// The window counts from the end of the file (`tail`): offsets count back from the last
    /// line, and a cut keeps the newest lines.
    #[serde(skip)]
    pub from_end: bool,
}

impl Logs {
    /// A file listing.
    pub fn listing(files: Vec<LogFile>) -> Self {
        Logs { files, lines: Vec::new(), offset: None, next_offset: None, truncated: false, from_end: false }
    }

    /// Keeps `n` lines (or files); a cut window continues at the first line left out, in the
    /// window's own direction.
    pub fn keep(&mut self, n: usize) {
        if n < self.lines.len() {
            if self.from_end {
                let drop = self.lines.len() - n;
                self.lines.drain(..drop);
            } else {
                self.lines.truncate(n);
            }
            let start = self.offset.unwrap_or(0);
            self.next_offset = Some(Some(start + n as u64));
            self.truncated = true;
        }
        if n < self.files.len() {
            self.files.truncate(n);
            self.truncated = true;
        }
    }
}
