//! The component's linear memory starts at 4 MiB instead of the linker's default (its stack
//! and data, 1.2 MiB), so that a call's heap (at most 1.6 MiB for a 100-line log tail, the
//! largest in the benchmarks) fits without `memory.grow`: each grow is an `mprotect` in the
//! host, and each new instance has its memory's protection reset to the initial size
//! (BENCHMARKS.md round 7). Untouched pages cost no memory; the host's cap (128 MiB) and the
//! pages kept resident between calls (4 MiB) are unchanged.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-cdylib=--initial-memory=4194304");
    }
}
