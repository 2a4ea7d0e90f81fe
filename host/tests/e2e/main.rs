//! End-to-end tests: the real `ombi-mcp` binary over stdio against the Ombi simulator on
//! 127.0.0.1. One test binary with modules (it links once). No test reaches the internet.

#![allow(clippy::print_stdout, reason = "tests print the figures they measured")]

mod catalogue;
mod cli;
mod corpus;
mod faults;
mod fuzz;
mod hosted;
mod http_support;
mod key_leaks;
mod modern;
mod protocol;
mod reads;
mod replicas;
mod sandbox;
mod support;
mod tools;
mod write_guards;
mod writes;
