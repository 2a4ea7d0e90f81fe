//! Where a call's time goes, stage by stage, for the benchmark's `stages` section
//! (BENCHMARKS.md): compiled in only with the `stages` feature, and a no-op without it.
//!
//! With the feature, a component build records every call and writes one line to its stderr
//! at the end of the call (`ombi-stages TOOL total=NS arguments=NS ...`); a native build
//! records only while [`record`] has switched it on, and the benchmark reads the figures
//! with [`take`]. A stage's time is summed over the call (a tool that sends three requests
//! has three spans of `upstream`); what no stage names is the tool's own work.

/// The stages a call is split into, in the order of [`Figures`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The whole call.
    Total,
    /// The argument JSON parsed, nulls dropped, the typed arguments read from it.
    Arguments,
    /// The tool's input schema read from its published text (once per instance).
    Schema,
    /// The arguments checked against the input schema.
    Validation,
    /// Requests to Ombi, sent and answered, bodies read (the transport), made of the next three.
    Upstream,
    /// A request built and handed over (headers, the send, the body written).
    Request,
    /// Waiting for the answer's status and headers.
    Answer,
    /// The answer's body read.
    Body,
    /// Answers parsed into the narrow DTOs.
    Decode,
    /// The result envelope written as JSON text, within its budget.
    Envelope,
}

impl Stage {
    /// Every stage, in the order the figures are written.
    pub const ALL: [Stage; 10] = [
        Stage::Total,
        Stage::Arguments,
        Stage::Schema,
        Stage::Validation,
        Stage::Upstream,
        Stage::Request,
        Stage::Answer,
        Stage::Body,
        Stage::Decode,
        Stage::Envelope,
    ];

    /// The stage's name in the figures.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Arguments => "arguments",
            Stage::Schema => "schema",
            Stage::Validation => "validation",
            Stage::Upstream => "upstream",
            Stage::Request => "request",
            Stage::Answer => "answer",
            Stage::Body => "body",
            Stage::Decode => "decode",
            Stage::Envelope => "envelope",
            Stage::Total => "total",
        }
    }
}

/// Nanoseconds per stage of one call, indexed by [`Stage`] (`stage as usize`).
pub type Figures = [u64; 10];

#[cfg(feature = "stages")]
mod on {
    use std::cell::Cell;
    use std::sync::atomic::{AtomicBool, Ordering};

    use super::{Figures, Stage};

    /// Natively, whether calls are recorded (a component build records every call).
    static RECORDING: AtomicBool = AtomicBool::new(cfg!(target_arch = "wasm32"));

    thread_local! {
        static FIGURES: Cell<Figures> = const { Cell::new([0; 10]) };
    }

    fn now() -> u64 {
        #[cfg(target_arch = "wasm32")]
        {
            crate::bindings::wasi::clocks::monotonic_clock::now()
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            use std::sync::OnceLock;
            static START: OnceLock<std::time::Instant> = OnceLock::new();
            START.get_or_init(std::time::Instant::now).elapsed().as_nanos() as u64
        }
    }

    /// Adds its time to its stage when dropped.
    pub struct Span(Option<(Stage, u64)>);

    impl Drop for Span {
        fn drop(&mut self) {
            if let Some((stage, started)) = self.0 {
                let spent = now().saturating_sub(started);
                FIGURES.with(|f| {
                    let mut all = f.get();
                    all[stage as usize] += spent;
                    f.set(all);
                });
            }
        }
    }

    pub fn span(stage: Stage) -> Span {
        Span(RECORDING.load(Ordering::Relaxed).then(|| (stage, now())))
    }

    pub fn record(on: bool) {
        RECORDING.store(on, Ordering::Relaxed);
    }

    pub fn take() -> Figures {
        FIGURES.with(|f| f.replace([0; 10]))
    }

    /// Writes the call's figures to stderr (a component build), or keeps them for [`take`].
    pub fn report(tool: &str) {
        if cfg!(target_arch = "wasm32") && RECORDING.load(Ordering::Relaxed) {
            let figures = take();
            let mut line = format!("ombi-stages {tool}");
            for (stage, ns) in Stage::ALL.iter().zip(figures) {
                line.push_str(&format!(" {}={ns}", stage.name()));
            }
            eprintln!("{line}");
        }
    }
}

#[cfg(feature = "stages")]
pub use on::{Span, record, report, span, take};

/// Without the feature: nothing is measured.
#[cfg(not(feature = "stages"))]
pub struct Span;

/// Ends the span where the feature's would (and so it may be dropped early alike).
#[cfg(not(feature = "stages"))]
impl Drop for Span {
    #[inline(always)]
    fn drop(&mut self) {}
}

/// Starts timing `stage` until the span is dropped.
#[cfg(not(feature = "stages"))]
#[inline(always)]
pub fn span(_stage: Stage) -> Span {
    Span
}

/// Writes the call's figures (nothing without the feature).
#[cfg(not(feature = "stages"))]
#[inline(always)]
pub fn report(_tool: &str) {}

#[cfg(all(test, feature = "stages"))]
mod tests {
    use super::*;

    #[test]
    fn spans_add_up_per_stage_only_while_recording() {
        take();
        drop(span(Stage::Upstream));
        assert_eq!(take(), [0; 10], "nothing is recorded while recording is off");
        record(true);
        {
            let _a = span(Stage::Upstream);
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        {
            let _b = span(Stage::Upstream);
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        record(false);
        let figures = take();
        assert_eq!(Stage::ALL.iter().map(|s| *s as usize).collect::<Vec<_>>(), (0..10).collect::<Vec<_>>());
        assert!(figures[Stage::Upstream as usize] >= 4_000_000, "{figures:?}");
        assert_eq!(figures.iter().filter(|n| **n > 0).count(), 1, "{figures:?}");
        assert_eq!(take(), [0; 10], "take resets");
    }
}
