//! Builds the tool component (`guest/`, target `wasm32-wasip2`) so the host binary embeds it:
//! `cargo install --path host` yields one self-contained `ombi-mcp`. The same nested build
//! makes the sandbox tests' misbehaving component (`tests/probe`), never embedded; its path
//! is `OMBI_PROBE_WASM` for the tests.
//!
//! The guest is built by a nested `cargo` in its own target directory (beside the outer
//! one), so the two builds never wait on each other's lock.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

const TARGET: &str = "wasm32-wasip2";
const PROFILE: &str = "guest";

fn main() {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let root = manifest_dir.parent().expect("host/ sits in the workspace").to_path_buf();
    for path in [
        "guest/src",
        "guest/Cargo.toml",
        "tests/probe/src",
        "tests/probe/Cargo.toml",
        "wit",
        "schemas/defs.json",
        "Cargo.lock",
        "Cargo.toml",
    ] {
        println!("cargo:rerun-if-changed={}", root.join(path).display());
    }
    println!("cargo:rerun-if-env-changed=OMBI_MCP_GUEST_WASM");

    let out_dir = PathBuf::from(env::var("OUT_DIR").unwrap());
    let dest = out_dir.join("ombi_guest.wasm");

    let probe = out_dir.join("ombi_probe.wasm");
    println!("cargo:rustc-env=OMBI_PROBE_WASM={}", probe.display());

    // A prebuilt component may be supplied (e.g. by a packager); otherwise build it.
    if let Ok(prebuilt) = env::var("OMBI_MCP_GUEST_WASM") {
        std::fs::copy(&prebuilt, &dest).unwrap_or_else(|e| panic!("copying {prebuilt}: {e}"));
        return;
    }

    ensure_target();
    // OUT_DIR is <target>/<profile>/build/<pkg>/out: the guest gets <target>/guest-build.
    let target_dir =
        out_dir.ancestors().nth(4).map(|t| t.join("guest-build")).unwrap_or_else(|| out_dir.join("guest-build"));
    let cargo = env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(&root)
        // The probe is the sandbox tests' misbehaving component; one nested build makes both.
        .args(["build", "-p", "ombi-guest", "-p", "ombi-probe", "--target", TARGET, "--profile", PROFILE])
        .arg("--target-dir")
        .arg(&target_dir);
    // The outer build's flags and target settings must not leak into the guest build.
    for var in [
        "CARGO_ENCODED_RUSTFLAGS",
        "RUSTFLAGS",
        "CARGO_BUILD_TARGET",
        "CARGO_TARGET_DIR",
        "CARGO_BUILD_RUSTFLAGS",
        "RUSTC_WORKSPACE_WRAPPER",
        "CARGO_LLVM_COV",
        "LLVM_PROFILE_FILE",
    ] {
        cmd.env_remove(var);
    }
    let status = cmd.status().expect("running cargo to build the guest component");
    assert!(status.success(), "building the guest component failed");
    let built = target_dir.join(TARGET).join(PROFILE);
    copy(&built.join("ombi_guest.wasm"), &dest);
    copy(&built.join("ombi_probe.wasm"), &probe);
}

fn copy(from: &Path, to: &Path) {
    std::fs::copy(from, to).unwrap_or_else(|e| panic!("copying {}: {e}", from.display()));
}

/// Installs the wasm32-wasip2 standard library through rustup when it is missing, so a
/// fresh machine needs nothing but Rust.
fn ensure_target() {
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let sysroot = Command::new(&rustc)
        .args(["--print", "sysroot"])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    if let Some(sysroot) = sysroot
        && Path::new(&sysroot).join("lib/rustlib").join(TARGET).exists()
    {
        return;
    }
    let status = Command::new("rustup").args(["target", "add", TARGET]).status();
    if !matches!(status, Ok(s) if s.success()) {
        println!("cargo:warning=could not install the {TARGET} target with rustup; the guest build may fail");
    }
}
