# Developer recipes (optional: every recipe is a plain cargo command you can run by hand).

# The main job: a narrated MCP session against the embedded Ombi simulator.
demo:
    cargo run -p ombi-mcp -- demo

# All tests (the README's test command).
test:
    cargo test --workspace

# What CI runs: the tests and the Python SDK real-client check.
ci:
    .ci/run

# Re-bless the tools/list snapshot (schemas/tools.json) after an intended catalogue change.
bless:
    OMBI_MCP_BLESS=1 cargo test -p ombi-mcp --test e2e catalogue

# A simulated Ombi on port 5055 to point ombi-mcp or curl at.
sim:
    cargo run -p ombi-sim --bin ombi-sim -- --port 5055

# Lints: formatting, clippy for the host and for the guest on its real target.
lint:
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings
    cargo clippy -p ombi-guest -p ombi-wassette --target wasm32-wasip2 -- -D warnings

# Start-up, per-call and load figures (release build): the stage breakdown, then the
# comparison with native and with the upstream alone (BENCHMARKS.md).
bench:
    cargo bench -p ombi-mcp --bench startup
    cargo bench -p ombi-mcp --bench perf
    cargo bench -p ombi-mcp --bench hosted

# Load the Wassette face into Wassette 0.8 and call it against the simulator.
wassette:
    tests/wassette/check.sh

# Re-bless the published input schemas (guest/src/schema/published/generated.rs) after
# changing a tool's argument type.
bless-inputs:
    OMBI_MCP_BLESS=1 cargo test -p ombi-guest --test published_inputs

# The Wassette face's generated WIT, glue and docs, after a change to a tool's arguments.
bless-wassette:
    OMBI_MCP_BLESS=1 cargo test -p ombi-guest --test wassette_face

# Property-based fuzzing, over 1,000,000 cases in all (seeded; OMBI_FUZZ_SEED picks another
# seed). CI runs the same targets with a small budget inside `cargo test`.
fuzz:
    OMBI_FUZZ_CASES=60000 cargo test --release -p ombi-guest --test fuzz every_tool -- --nocapture
    OMBI_FUZZ_CASES=200000 cargo test --release -p ombi-guest --test fuzz every_string_argument -- --nocapture
    OMBI_FUZZ_CASES=300000 cargo test --release -p ombi-guest --test fuzz the_validator -- --nocapture
    OMBI_FUZZ_CASES=200000 cargo test --release -p ombi-guest --test fuzz the_settings -- --nocapture
    OMBI_FUZZ_CASES=300000 cargo test --release -p ombi-mcp --test e2e fuzz::the_classifier -- --nocapture
    OMBI_FUZZ_CASES=150000 cargo test --release -p ombi-mcp --test e2e fuzz::the_line_reader -- --nocapture

# Where a call's time goes, stage by stage, in the sandbox and natively: builds the component
# with the guest's `stages` feature (its own target directory) and runs it in process.
stages:
    cargo build -p ombi-guest --features stages --target wasm32-wasip2 --profile guest --target-dir target/guest-stages
    PERF_COMPONENT="$PWD/target/guest-stages/wasm32-wasip2/guest/ombi_guest.wasm" cargo bench -p ombi-mcp --bench perf -- stages

# The adversarial check of the release build: the key in every spelling and place, hostile
# multibyte text in every string argument, forged confirmations and a stalled audit.
adversarial:
    tests/adversarial/run.sh
