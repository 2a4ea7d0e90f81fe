//! Removing the API key: from what comes in from Ombi (every spelling of the whole key,
//! before the component reads a byte) and, as the last step, from what goes out (results,
//! errors and log lines: every spelling, and any run of 8 or more of its characters).

use std::borrow::Cow;
use std::io::Write;
use std::sync::{Arc, OnceLock};

use crate::key_spelling::{KeyRuns, KeySpellings};

/// What a removed key (or a piece of it) becomes.
pub const REDACTED: &[u8] = b"[redacted]";

/// The searches for one key, built once.
pub struct Redactor {
    spellings: KeySpellings,
    runs: KeyRuns,
}

/// `bytes` with every range `find` yields replaced by [`REDACTED`] (borrowed when none).
fn replace_all<'a>(bytes: &'a [u8], find: impl Fn(&[u8], usize) -> Option<(usize, usize)>) -> Cow<'a, [u8]> {
    let Some(mut hit) = find(bytes, 0) else { return Cow::Borrowed(bytes) };
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    loop {
        out.extend_from_slice(&bytes[i..hit.0]);
        out.extend_from_slice(REDACTED);
        i = hit.1;
        match find(bytes, i) {
            Some(h) => hit = h,
            None => break,
        }
    }
    out.extend_from_slice(&bytes[i..]);
    Cow::Owned(out)
}

impl Redactor {
    pub fn new(key: &str) -> Redactor {
        Redactor { spellings: KeySpellings::new(key.as_bytes()), runs: KeyRuns::new(key.as_bytes()) }
    }

    /// The key's spellings, for the streaming scrub of response bodies.
    pub fn spellings(&self) -> &KeySpellings {
        &self.spellings
    }

    /// Every spelling of the whole key replaced (what comes in).
    pub fn scrub_in<'a>(&self, bytes: &'a [u8]) -> Cow<'a, [u8]> {
        replace_all(bytes, |h, from| self.spellings.find(h, from))
    }

    /// Every spelling of the key, then every run of 8 or more of its characters, replaced
    /// (what goes out). ASCII ranges are replaced by ASCII, so UTF-8 stays UTF-8.
    pub fn scrub_out<'a>(&self, bytes: &'a [u8]) -> Cow<'a, [u8]> {
        match self.scrub_in(bytes) {
            Cow::Borrowed(b) => replace_all(b, |h, from| self.runs.find(h, from)),
            Cow::Owned(v) => Cow::Owned(replace_all(&v, |h, from| self.runs.find(h, from)).into_owned()),
        }
    }

    /// A text for output with the key and its pieces removed.
    pub fn scrub_text(&self, text: String) -> String {
        match self.scrub_out(text.as_bytes()) {
            Cow::Borrowed(_) => text,
            Cow::Owned(v) => String::from_utf8(v).unwrap_or_default(),
        }
    }

    /// Whether `bytes` may go out as they are.
    pub fn is_clean(&self, bytes: &[u8]) -> bool {
        self.spellings.find(bytes, 0).is_none() && self.runs.find(bytes, 0).is_none()
    }

    /// Every string of a JSON value (and every key) scrubbed for output.
    pub fn scrub_value(&self, v: &mut serde_json::Value) {
        match v {
            serde_json::Value::String(s) if !self.is_clean(s.as_bytes()) => {
                *s = self.scrub_text(std::mem::take(s));
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(|i| self.scrub_value(i)),
            serde_json::Value::Object(map) => {
                if map.keys().any(|k| !self.is_clean(k.as_bytes())) {
                    let old = std::mem::take(map);
                    for (k, val) in old {
                        map.insert(self.scrub_text(k), val);
                    }
                }
                map.values_mut().for_each(|i| self.scrub_value(i));
            }
            _ => {}
        }
    }
}

/// The key of the running server, for the log writer (set once the configuration is read).
static FOR_LOGS: OnceLock<Arc<Redactor>> = OnceLock::new();

/// Scrubs every later log line of this process with `r`.
pub fn scrub_logs_with(r: Arc<Redactor>) {
    let _ = FOR_LOGS.set(r);
}

/// stderr for `tracing`, each formatted line scrubbed of the key before it is written.
#[derive(Clone, Copy, Default)]
pub struct LogWriter;

impl Write for LogWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut err = std::io::stderr().lock();
        match FOR_LOGS.get() {
            Some(r) => err.write_all(&r.scrub_out(buf))?,
            None => err.write_all(buf)?,
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        std::io::stderr().flush()
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for LogWriter {
    type Writer = LogWriter;
    fn make_writer(&'a self) -> LogWriter {
        LogWriter
    }
}

/// The component's stderr (its rare diagnostics): the server's stderr, each write scrubbed
/// like a log line.
#[derive(Clone, Copy, Default)]
pub struct GuestStderr;

impl wasmtime_wasi::cli::IsTerminal for GuestStderr {
    fn is_terminal(&self) -> bool {
        false
    }
}

impl wasmtime_wasi::cli::StdoutStream for GuestStderr {
    fn async_stream(&self) -> Box<dyn tokio::io::AsyncWrite + Send + Sync> {
        Box::new(GuestStderr)
    }
}

impl tokio::io::AsyncWrite for GuestStderr {
    fn poll_write(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        std::task::Poll::Ready(LogWriter.write(buf))
    }

    fn poll_flush(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::task::Poll::Ready(LogWriter.flush())
    }

    fn poll_shutdown(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::task::Poll::Ready(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "5c3c0b6f9e2d4a7b8c1d0e9f8a7b6c5d";

    #[test]
    fn outgoing_text_loses_the_key_and_its_pieces() {
        let r = Redactor::new(KEY);
        assert_eq!(r.scrub_text(format!("a {KEY} b")), "a [redacted] b");
        assert_eq!(r.scrub_text(format!("cut: {}…", &KEY[..10])), "cut: [redacted]…");
        assert_eq!(r.scrub_text(format!("cut: …{}", &KEY[20..])), "cut: …[redacted]");
        assert_eq!(r.scrub_text(format!("seven: {}", &KEY[4..11])), format!("seven: {}", &KEY[4..11]));
        let escaped: String = KEY.bytes().map(|b| format!("\\u{b:04x}")).collect();
        assert_eq!(r.scrub_text(format!("x{escaped}y")), "x[redacted]y");
        assert!(r.is_clean("Dune (2021), a film by Denis Villeneuve".as_bytes()));
    }

    #[test]
    fn json_values_are_scrubbed_in_keys_and_strings() {
        let r = Redactor::new(KEY);
        let mut v = serde_json::json!({"a": [format!("x{}", &KEY[3..15])], KEY: 1, "n": 5});
        r.scrub_value(&mut v);
        assert_eq!(v, serde_json::json!({"a": ["x[redacted]"], "[redacted]": 1, "n": 5}));
    }
}
