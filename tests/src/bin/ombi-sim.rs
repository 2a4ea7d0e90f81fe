//! `ombi-sim`: run the Ombi simulator by hand and point `ombi-mcp` or curl at it.
//!
//! ```text
//! cargo run -p ombi-sim --bin ombi-sim -- --port 5055 [--api-key KEY] [--seed N] [--base-path /ombi]
//! ```

#![allow(clippy::print_stdout, reason = "it prints its URL and key for a person or script to read")]

use std::process::ExitCode;

use ombi_sim::{Options, Simulator};

fn main() -> ExitCode {
    let mut options = Options::default();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_default();
        match a.as_str() {
            "--port" => options.port = value().parse().unwrap_or(0),
            "--api-key" => options.api_key = value(),
            "--seed" => options.seed = value().parse().unwrap_or(options.seed),
            "--base-path" => options.base_path = value(),
            "-h" | "--help" => {
                eprintln!("usage: ombi-sim [--port N] [--api-key KEY] [--seed N] [--base-path /prefix]");
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("ombi-sim: unknown argument {other}");
                return ExitCode::from(2);
            }
        }
    }
    let sim = match Simulator::start_with(options) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("ombi-sim: {e}");
            return ExitCode::from(1);
        }
    };
    // The two lines a script reads: the URL and the key.
    println!("OMBI_URL={}", sim.url());
    println!("OMBI_API_KEY={}", sim.api_key());
    eprintln!("ombi-sim: serving a simulated Ombi 4.59.3; stop with Ctrl-C");
    loop {
        std::thread::park();
    }
}
