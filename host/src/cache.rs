//! The compiled component, cached on disk so a second start does not recompile. Keyed by
//! the component's SHA-256 and the engine's compatibility hash; written atomically.

use std::hash::{Hash, Hasher};
use std::path::PathBuf;

use anyhow::Result;
use sha2::{Digest, Sha256};
use wasmtime::Engine;
use wasmtime::component::Component;

use crate::mcp::catalogue::Catalogue;

/// The cache directory: `OMBI_MCP_CACHE_DIR`, else `$XDG_CACHE_HOME/ombi-mcp`, else
/// `$HOME/.cache/ombi-mcp`.
pub fn dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("OMBI_MCP_CACHE_DIR") {
        return Some(PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME") {
        return Some(PathBuf::from(d).join("ombi-mcp"));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache").join("ombi-mcp"))
}

/// The SHA-256 of a component, hex (its first 12 bytes), as the cache names it. The embedded
/// component's is computed at build time (`OMBI_COMPONENT_SHA256`), so a start hashes nothing.
pub fn digest(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().take(12).map(|b| format!("{b:02x}")).collect()
}

/// The cache file name for the component with `digest` on `engine`.
pub fn key(engine: &Engine, digest: &str) -> String {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    engine.precompile_compatibility_hash().hash(&mut h);
    format!("component-{digest}-{:016x}.cwasm", h.finish())
}

/// A component's bytes, read only when they must be compiled.
pub trait Bytes {
    fn bytes(&self) -> Result<std::borrow::Cow<'static, [u8]>>;
}

/// Loads the precompiled component from the cache, or compiles and caches it; returns it with
/// its cache file's path (beside which the tool catalogue is cached). A cache that cannot be
/// read or written only costs a compile.
pub fn load(engine: &Engine, digest: &str, source: &dyn Bytes) -> Result<(Component, Option<PathBuf>)> {
    let Some(dir) = dir() else {
        return Ok((Component::new(engine, source.bytes()?)?, None));
    };
    let path = dir.join(key(engine, digest));
    if path.exists() {
        // SAFETY: the file was written by `precompile_component` of an engine with the same
        // compatibility hash (it is in the name), in a directory only this user writes.
        match unsafe { Component::deserialize_file(engine, &path) } {
            Ok(c) => {
                tracing::debug!(path = %path.display(), "loaded the precompiled component");
                return Ok((c, Some(path)));
            }
            Err(e) => {
                tracing::warn!(path = %path.display(), error = %e, "ignoring an unusable cache file")
            }
        }
    }
    let compiled = engine.precompile_component(&source.bytes()?)?;
    let cached = match store(&dir, &path, &compiled) {
        Ok(()) => Some(path),
        Err(e) => {
            tracing::warn!(dir = %dir.display(), error = %e, "could not cache the compiled component");
            None
        }
    };
    // SAFETY: the bytes were just produced by this engine.
    Ok((unsafe { Component::deserialize(engine, &compiled) }?, cached))
}

/// Where the tool catalogue of the component cached at `cwasm` is kept.
pub fn catalogue_path(cwasm: &std::path::Path) -> PathBuf {
    cwasm.with_extension(format!("{}.tools.json", env!("OMBI_CATALOGUE_FORMAT")))
}

/// The cached catalogue, if there is a readable one.
pub fn read_catalogue(cwasm: &std::path::Path) -> Option<Catalogue> {
    Catalogue::from_json(std::fs::read_to_string(catalogue_path(cwasm)).ok()?)
}

/// Caches the catalogue beside the component (written atomically; a failure only costs a
/// listing next time).
pub fn write_catalogue(cwasm: &std::path::Path, tools: &Catalogue) {
    let Some(dir) = cwasm.parent() else { return };
    let path = catalogue_path(cwasm);
    if let Err(e) = store(dir, &path, tools.json().get().as_bytes()) {
        tracing::warn!(error = %e, "could not cache the tool catalogue");
    }
}

/// Where the tools' declared routes of the component cached at `cwasm` are kept.
pub fn routes_path(cwasm: &std::path::Path) -> PathBuf {
    cwasm.with_extension(format!("{}.routes.json", env!("OMBI_CATALOGUE_FORMAT")))
}

/// The cached route declarations, if there are readable ones.
pub fn read_routes(cwasm: &std::path::Path) -> Option<crate::routes::Declarations> {
    serde_json::from_str(&std::fs::read_to_string(routes_path(cwasm)).ok()?).ok()
}

/// Caches the route declarations beside the component.
pub fn write_routes(cwasm: &std::path::Path, routes: &crate::routes::Declarations) {
    let Some(dir) = cwasm.parent() else { return };
    let text = serde_json::to_vec(routes).unwrap_or_default();
    if let Err(e) = store(dir, &routes_path(cwasm), &text) {
        tracing::warn!(error = %e, "could not cache the tools' routes");
    }
}

/// Where the component's extras (resources, prompts, completions) are kept.
pub fn extras_path(cwasm: &std::path::Path) -> PathBuf {
    cwasm.with_extension(format!("{}.extras.json", env!("OMBI_CATALOGUE_FORMAT")))
}

/// The cached extras, if there are readable ones.
pub fn read_extras(cwasm: &std::path::Path) -> Option<String> {
    std::fs::read_to_string(extras_path(cwasm)).ok()
}

/// Caches the extras beside the component.
pub fn write_extras(cwasm: &std::path::Path, text: &str) {
    let Some(dir) = cwasm.parent() else { return };
    if let Err(e) = store(dir, &extras_path(cwasm), text.as_bytes()) {
        tracing::warn!(error = %e, "could not cache the component's extras");
    }
}

fn store(dir: &std::path::Path, path: &std::path::Path, compiled: &[u8]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
    }
    let tmp = dir.join(format!(".tmp-{}-{}", std::process::id(), path.file_name().unwrap().to_string_lossy()));
    std::fs::write(&tmp, compiled)?;
    std::fs::rename(&tmp, path)
}
