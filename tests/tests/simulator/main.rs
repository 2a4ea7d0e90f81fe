//! Tests of the simulator itself, over real HTTP on 127.0.0.1: route shapes against the API
//! catalogue, authentication, state transitions, Ombi's quirks, and every fault.

mod auth;
mod faults;
mod quirks;
mod routes;
mod seed;
mod shapes;
mod state;
mod support;
