//! End-to-end tests: the real `ombi-mcp` binary over stdio against the Ombi simulator on
//! 127.0.0.1. One test binary with modules (it links once). No test reaches the internet.

mod catalogue;
mod cli;
mod corpus;
mod faults;
mod fuzz;
mod protocol;
mod reads;
mod sandbox;
mod support;
mod tools;
mod writes;
