//! The compiled component, cached on disk so a second start does not recompile. Keyed by
//! the component's SHA-256 and the engine's compatibility hash; written atomically.

use std::hash::{Hash, Hasher};
use std::path::PathBuf;

use anyhow::Result;
use sha2::{Digest, Sha256};
use wasmtime::Engine;
use wasmtime::component::Component;

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

/// The cache file name for `bytes` on `engine`.
pub fn key(engine: &Engine, bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut h = std::collections::hash_map::DefaultHasher::new();
    engine.precompile_compatibility_hash().hash(&mut h);
    let hex: String = digest.iter().take(12).map(|b| format!("{b:02x}")).collect();
    format!("component-{hex}-{:016x}.cwasm", h.finish())
}

/// Loads the precompiled component from the cache, or compiles and caches it. A cache that
/// cannot be read or written only costs a compile.
pub fn load(engine: &Engine, bytes: &[u8]) -> Result<Component> {
    let Some(dir) = dir() else {
        return Ok(Component::new(engine, bytes)?);
    };
    let path = dir.join(key(engine, bytes));
    if path.exists() {
        // SAFETY: the file was written by `precompile_component` of an engine with the same
        // compatibility hash (it is in the name), in a directory only this user writes.
        match unsafe { Component::deserialize_file(engine, &path) } {
            Ok(c) => {
                tracing::debug!(path = %path.display(), "loaded the precompiled component");
                return Ok(c);
            }
            Err(e) => {
                tracing::warn!(path = %path.display(), error = %e, "ignoring an unusable cache file")
            }
        }
    }
    let compiled = engine.precompile_component(bytes)?;
    if let Err(e) = store(&dir, &path, &compiled) {
        tracing::warn!(dir = %dir.display(), error = %e, "could not cache the compiled component");
    }
    // SAFETY: the bytes were just produced by this engine.
    Ok(unsafe { Component::deserialize(engine, &compiled) }?)
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
