//! The `stages` section: where a call's time goes, stage by stage (arguments, schema,
//! validation, upstream, decode, envelope, the tool's own work), in the sandbox and natively,
//! as the guest's `stages` feature records it (`guest/src/stages.rs`).
//!
//! The sandbox's figures need a component built with that feature, run in process through
//! `PERF_COMPONENT` (`just stages` builds it and runs this). It writes one line per call to
//! its stderr, which this section sends to a file while it runs. The native figures come from
//! the same code in this process, recorded while the section runs.

use std::io::Read as _;
use std::time::Instant;

use ombi_guest::stages::{Figures, Stage};

/// Per-call figures, nanoseconds: the guest's stages, then the rows derived from them.
struct Call {
    stages: Figures,
    /// The whole call as its caller timed it (in process: with the host's side).
    whole: u64,
}

impl Call {
    fn get(&self, stage: Stage) -> u64 {
        self.stages[stage as usize]
    }

    /// The guest's time no stage names: the tool's own logic and its projection.
    fn own_work(&self) -> u64 {
        let named: u64 =
            [Stage::Arguments, Stage::Schema, Stage::Validation, Stage::Upstream, Stage::Decode, Stage::Envelope]
                .iter()
                .map(|s| self.get(*s))
                .sum();
        self.get(Stage::Total).saturating_sub(named)
    }

    /// Outside the guest's code: instantiation, the call's way in and out, the store's drop.
    fn outside(&self) -> u64 {
        self.whole.saturating_sub(self.get(Stage::Total))
    }
}

fn median(mut v: Vec<u64>) -> u64 {
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or(0)
}

/// Reads one `ombi-stages TOOL name=ns ...` line.
fn parse(line: &str) -> Option<Figures> {
    let rest = line.strip_prefix("ombi-stages ")?;
    let mut figures = [0; 10];
    for pair in rest.split_whitespace().skip(1) {
        let (name, ns) = pair.split_once('=')?;
        let i = Stage::ALL.iter().position(|s| s.name() == name)?;
        figures[i] = ns.parse().ok()?;
    }
    Some(figures)
}

/// `PERF_GAP_US`: a pause (spun, so this thread stays on its CPU) before each timed call, for
/// both columns alike. The upstream's own threads answer a request that comes soon after the
/// last faster than one that comes after a pause, so this shows how much of a difference in
/// waiting is the pace of the calls rather than the sandbox.
pub fn gap() {
    let us: u64 = std::env::var("PERF_GAP_US").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    let until = Instant::now() + std::time::Duration::from_micros(us);
    while Instant::now() < until {
        std::hint::spin_loop();
    }
}

/// Runs `call` `runs` times with this process's stderr going to a file; the calls' wall
/// times and the `ombi-stages` lines written meanwhile.
fn captured(runs: usize, mut call: impl FnMut()) -> (Vec<u64>, Vec<Figures>) {
    use std::os::fd::AsRawFd as _;
    let path = std::env::temp_dir().join(format!("ombi-stages-{}.txt", std::process::id()));
    let file = std::fs::File::create(&path).expect("stages file");
    // SAFETY: fd 2 is duplicated and restored around the runs; nothing else in this process
    // closes it meanwhile.
    let saved = unsafe { libc::dup(2) };
    assert!(saved >= 0, "dup(2)");
    unsafe { libc::dup2(file.as_raw_fd(), 2) };
    let walls = (0..runs)
        .map(|_| {
            gap();
            let t = Instant::now();
            call();
            t.elapsed().as_nanos() as u64
        })
        .collect();
    unsafe {
        libc::dup2(saved, 2);
        libc::close(saved);
    }
    let mut text = String::new();
    std::fs::File::open(&path).and_then(|mut f| f.read_to_string(&mut text)).expect("stages file");
    let _ = std::fs::remove_file(&path);
    (walls, text.lines().filter_map(parse).collect())
}

/// Runs each case in the sandbox (`wasm`) and natively (`native`), `runs` times after
/// `warm` warm-up calls, and prints each stage's median in microseconds.
pub fn section(
    cases: &[(&str, String)],
    runs: usize,
    warm: usize,
    mut wasm: impl FnMut(&str, &str),
    mut native: impl FnMut(&str, &str),
) {
    let mut columns: Vec<(Vec<Call>, Vec<Call>)> = Vec::new();
    for (tool, args) in cases {
        captured(warm, || wasm(tool, args));
        for _ in 0..warm {
            native(tool, args);
        }
        let (walls, lines) = captured(runs, || wasm(tool, args));
        if lines.len() != walls.len() {
            println!(
                "stages: {} of {} calls of {tool} reported stages; run with PERF_COMPONENT set to a component built with `--features stages` (`just stages`)",
                lines.len(),
                walls.len()
            );
            return;
        }
        let in_sandbox = lines.into_iter().zip(walls).map(|(stages, whole)| Call { stages, whole }).collect();
        ombi_guest::stages::record(true);
        ombi_guest::stages::take();
        let natively = (0..runs)
            .map(|_| {
                gap();
                let t = Instant::now();
                native(tool, args);
                let whole = t.elapsed().as_nanos() as u64;
                Call { stages: ombi_guest::stages::take(), whole }
            })
            .collect();
        ombi_guest::stages::record(false);
        columns.push((in_sandbox, natively));
    }
    println!("stages of a call ({runs} calls each; medians in µs, wasm in process / native; medians do not add up):");
    let header: Vec<String> = cases.iter().map(|(t, _)| format!("{t:<17}")).collect();
    println!("  {:<44} | {}", "stage", header.join(" | "));
    type Row = (&'static str, fn(&Call) -> u64);
    let rows: [Row; 13] = [
        ("the whole call, as its caller timed it", |c| c.whole),
        ("the guest's code, start to end (total)", |c| c.get(Stage::Total)),
        ("arguments: JSON parsed, typed", |c| c.get(Stage::Arguments)),
        ("the input schema read (once per instance)", |c| c.get(Stage::Schema)),
        ("validation against the schema", |c| c.get(Stage::Validation)),
        ("upstream: requests sent, answers read", |c| c.get(Stage::Upstream)),
        ("  a request built and handed over", |c| c.get(Stage::Request)),
        ("  waiting for the answer's head", |c| c.get(Stage::Answer)),
        ("  the answer's body read", |c| c.get(Stage::Body)),
        ("decode: answers parsed into DTOs", |c| c.get(Stage::Decode)),
        ("the tool's own work and projection", Call::own_work),
        ("the envelope written", |c| c.get(Stage::Envelope)),
        ("outside the guest (instance, entry, drop)", Call::outside),
    ];
    for (name, value) in rows {
        let cells: Vec<String> = columns
            .iter()
            .map(|(w, n)| {
                let us = |calls: &Vec<Call>| median(calls.iter().map(value).collect()) as f64 / 1000.0;
                if name.starts_with("outside") {
                    format!("{:>7.1} / {:<7}", us(w), "–")
                } else {
                    format!("{:>7.1} / {:<7.1}", us(w), us(n))
                }
            })
            .collect();
        println!("  {name:<44} | {}", cells.join(" | "));
    }
    println!("  (the sandbox's column reads the clock through wasi:clocks: two host calls a stage)");
}
