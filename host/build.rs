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
        "guest/build.rs",
        "tests/probe/src",
        "tests/probe/Cargo.toml",
        "wassette/src",
        "wassette/wit",
        "wassette/Cargo.toml",
        "wassette/package-docs.json",
        "wit",
        "schemas/defs.json",
        "Cargo.lock",
        "Cargo.toml",
    ] {
        println!("cargo:rerun-if-changed={}", root.join(path).display());
    }
    println!("cargo:rerun-if-env-changed=OMBI_MCP_GUEST_WASM");
    // The cached tool catalogue is the component's descriptors as `tool_json` turns them into
    // MCP tools: a change there must not reuse a catalogue cached by an older build.
    let backend = manifest_dir.join("src/backend.rs");
    println!("cargo:rerun-if-changed={}", backend.display());
    {
        use sha2::{Digest, Sha256};
        let text = std::fs::read(&backend).expect("src/backend.rs");
        let hex: String = Sha256::digest(&text).iter().take(6).map(|b| format!("{b:02x}")).collect();
        println!("cargo:rustc-env=OMBI_CATALOGUE_FORMAT={hex}");
    }

    let out_dir = PathBuf::from(env::var("OUT_DIR").unwrap());
    let dest = out_dir.join("ombi_guest.wasm");

    let probe = out_dir.join("ombi_probe.wasm");
    println!("cargo:rustc-env=OMBI_PROBE_WASM={}", probe.display());
    let wassette = out_dir.join("ombi_wassette.wasm");
    println!("cargo:rustc-env=OMBI_WASSETTE_WASM={}", wassette.display());
    println!("cargo:rerun-if-env-changed=OMBI_MCP_WASSETTE_WASM");

    // Prebuilt components may be supplied (e.g. by a packager); otherwise build them.
    if let Ok(prebuilt) = env::var("OMBI_MCP_GUEST_WASM") {
        std::fs::copy(&prebuilt, &dest).unwrap_or_else(|e| panic!("copying {prebuilt}: {e}"));
        digest(&dest);
        match env::var("OMBI_MCP_WASSETTE_WASM") {
            Ok(w) => copy(Path::new(&w), &wassette),
            Err(_) => std::fs::write(&wassette, b"").expect("writing an empty placeholder"),
        }
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
    digest(&dest);
    copy(&built.join("ombi_probe.wasm"), &probe);
    // The Wassette face in a build (and target directory) of its own: it turns the guest's
    // `plugin` export off, which one build would unify away, and it rebuilds the guest's
    // library (so ombi_guest.wasm, without its export) where the first build's copy lives.
    let wassette_dir = target_dir.with_file_name("guest-build-wassette");
    let mut wcmd = nested(&root);
    wcmd.args(["build", "-p", "ombi-wassette", "--target", TARGET, "--profile", PROFILE])
        .arg("--target-dir")
        .arg(&wassette_dir);
    let status = wcmd.status().expect("running cargo to build the Wassette component");
    assert!(status.success(), "building the Wassette component failed");
    let docs = std::fs::read(root.join("wassette/package-docs.json")).expect("wassette/package-docs.json");
    let face = std::fs::read(wassette_dir.join(TARGET).join(PROFILE).join("ombi_wassette.wasm"))
        .expect("the Wassette component");
    std::fs::write(&wassette, with_package_docs(face, &docs)).expect("writing the Wassette component");
}

/// A nested cargo for the guest builds, with none of the outer build's settings.
fn nested(root: &Path) -> Command {
    let cargo = env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(root);
    cmd.env_remove("CARGO_TARGET_DIR");
    for var in OUTER_VARS {
        cmd.env_remove(var);
    }
    cmd
}

/// The outer build's flags and target settings, which must not leak into the guest builds.
const OUTER_VARS: &[&str] = &[
    "CARGO_ENCODED_RUSTFLAGS",
    "RUSTFLAGS",
    "CARGO_BUILD_TARGET",
    "CARGO_BUILD_RUSTFLAGS",
    "RUSTC_WORKSPACE_WRAPPER",
    "CARGO_LLVM_COV",
    "LLVM_PROFILE_FILE",
];

/// The component with a `package-docs` custom section (version byte 1, then wit-parser's
/// package metadata JSON), where Wassette reads each exported function's description; the
/// same thing `wit-docs-inject` writes. Left as it is if it already has one.
fn with_package_docs(mut wasm: Vec<u8>, docs_json: &[u8]) -> Vec<u8> {
    const NAME: &[u8] = b"package-docs";
    let mut i = 8;
    while i < wasm.len() {
        let id = wasm[i];
        let (size, body) = leb(&wasm, i + 1);
        if id == 0 {
            let (n, name) = leb(&wasm, body);
            if wasm.get(name..name + n) == Some(NAME) {
                return wasm;
            }
        }
        i = body + size;
    }
    let mut payload = uleb(NAME.len());
    payload.extend_from_slice(NAME);
    payload.push(1);
    payload.extend_from_slice(docs_json.trim_ascii());
    wasm.push(0);
    wasm.extend(uleb(payload.len()));
    wasm.extend(payload);
    wasm
}

fn leb(b: &[u8], mut i: usize) -> (usize, usize) {
    let (mut value, mut shift) = (0usize, 0);
    loop {
        let byte = b[i];
        i += 1;
        value |= usize::from(byte & 0x7f) << shift;
        shift += 7;
        if byte & 0x80 == 0 {
            return (value, i);
        }
    }
}

fn uleb(mut n: usize) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(byte);
            return out;
        }
        out.push(byte | 0x80);
    }
}

/// Names the embedded component's SHA-256 for the compile cache, so a start hashes nothing.
fn digest(component: &Path) {
    use sha2::{Digest, Sha256};
    let bytes = std::fs::read(component).expect("the built component");
    let hex: String = Sha256::digest(&bytes).iter().take(12).map(|b| format!("{b:02x}")).collect();
    println!("cargo:rustc-env=OMBI_COMPONENT_SHA256={hex}");
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
