//! Member tokens: `ombi-mcp token new USER` makes a random bearer token for the Ombi user
//! USER, prints it once, and appends only its SHA-256 to the tokens file; the server checks
//! a presented token against the file's hashes in constant time and re-reads the file when
//! it changes (so `token revoke` needs no restart). The file is one line per token:
//!
//! ```text
//! # ombi-mcp member tokens: id, Ombi user, SHA-256 of the token (hex), created (tab-separated)
//! 3f9a1c2e<TAB>alice<TAB>9b7c…<TAB>2026-12-03T09:00:00Z
//! ```

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use sha2::{Digest, Sha256};

/// The largest tokens file read.
pub const MAX_TOKENS_FILE_BYTES: u64 = 4 * 1024 * 1024;
/// What every token starts with (so it is recognisable in a leak scan).
pub const TOKEN_PREFIX: &str = "ombimcp_";

/// One member token, as the file holds it (never the token itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// A short public id, for listing and revoking.
    pub id: String,
    /// The Ombi user name the token acts as.
    pub user: String,
    /// SHA-256 of the token.
    pub hash: [u8; 32],
    /// When it was made (RFC 3339).
    pub created: String,
}

/// SHA-256 of `token`.
pub fn hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex32(s: &str) -> Option<[u8; 32]> {
    if s.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(s.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

/// Whether a user name may be written to the file (one field of one line).
pub fn valid_user(user: &str) -> Result<(), String> {
    if user.is_empty() || user.chars().count() > 100 {
        return Err("an Ombi user name of 1 to 100 characters".into());
    }
    if user.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return Err(format!("{user:?} holds white space or control characters; give the Ombi user name"));
    }
    Ok(())
}

/// The entries of a tokens file's text; malformed lines are skipped with a warning.
pub fn parse(text: &str) -> Vec<Entry> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        match (f.first(), f.get(1), f.get(2).and_then(|h| unhex32(h))) {
            (Some(id), Some(user), Some(hash)) if !id.is_empty() && valid_user(user).is_ok() => out.push(Entry {
                id: id.to_string(),
                user: user.to_string(),
                hash,
                created: f.get(3).map(|c| c.to_string()).unwrap_or_default(),
            }),
            _ => tracing::warn!(line = n + 1, "a malformed line of the tokens file is ignored"),
        }
    }
    out
}

fn line(e: &Entry) -> String {
    format!("{}\t{}\t{}\t{}\n", e.id, e.user, hex(&e.hash), e.created)
}

const HEADER: &str = "# ombi-mcp member tokens: id, Ombi user, SHA-256 of the token (hex), created. Tokens themselves are never stored.\n";

/// A new random token and its entry for `user`.
pub fn mint(user: &str) -> Result<(String, Entry), String> {
    valid_user(user)?;
    let mut raw = [0u8; 32];
    getrandom(&mut raw)?;
    let token = format!("{TOKEN_PREFIX}{}", hex(&raw));
    let mut id = [0u8; 4];
    getrandom(&mut id)?;
    let entry = Entry { id: hex(&id), user: user.to_string(), hash: hash(&token), created: crate::audit::now_utc() };
    Ok((token, entry))
}

/// Random bytes from the operating system.
fn getrandom(out: &mut [u8]) -> Result<(), String> {
    use std::io::Read as _;
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(out))
        .map_err(|e| format!("no randomness from the operating system: {e}"))
}

/// Appends `e` to the tokens file at `path` (created with mode 0600, with its header).
pub fn append(path: &Path, e: &Entry) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|err| format!("cannot create {}: {err}", dir.display()))?;
    }
    let mut o = std::fs::OpenOptions::new();
    o.create(true).append(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        o.mode(0o600);
    }
    let mut f = o.open(path).map_err(|err| format!("cannot open {} for appending: {err}", path.display()))?;
    let empty = f.metadata().map(|m| m.len() == 0).unwrap_or(false);
    let mut text = String::new();
    if empty {
        text.push_str(HEADER);
    }
    text.push_str(&line(e));
    f.write_all(text.as_bytes()).map_err(|err| format!("cannot write {}: {err}", path.display()))
}

/// Reads the entries of the tokens file at `path` (none when it does not exist yet).
pub fn read(path: &Path) -> Result<Vec<Entry>, String> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let bytes = crate::bounded_read::read_regular(path, MAX_TOKENS_FILE_BYTES)?;
    Ok(parse(&String::from_utf8_lossy(&bytes)))
}

/// Removes every token of user or id `which`; returns how many went. The file is rewritten
/// whole and renamed into place, so a server reading it sees the old or the new file.
pub fn revoke(path: &Path, which: &str) -> Result<usize, String> {
    let entries = read(path)?;
    let keep: Vec<&Entry> = entries.iter().filter(|e| e.id != which && e.user != which).collect();
    let gone = entries.len() - keep.len();
    if gone == 0 {
        return Ok(0);
    }
    let tmp = path.with_extension("tmp");
    let mut o = std::fs::OpenOptions::new();
    o.create(true).write(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        o.mode(0o600);
    }
    let mut f = o.open(&tmp).map_err(|err| format!("cannot write {}: {err}", tmp.display()))?;
    let text: String = std::iter::once(HEADER.to_string()).chain(keep.iter().map(|e| line(e))).collect();
    f.write_all(text.as_bytes())
        .and_then(|()| f.sync_all())
        .map_err(|err| format!("cannot write {}: {err}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|err| format!("cannot replace {}: {err}", path.display()))?;
    Ok(gone)
}

/// The default tokens file: `$XDG_CONFIG_HOME/ombi-mcp/tokens` (or `~/.config/…`).
pub fn default_path(var: impl Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let base = var("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| var("HOME").filter(|h| !h.is_empty()).map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("ombi-mcp").join("tokens"))
}

/// Whether two hashes are equal, in time that does not depend on where they differ.
fn same(a: &[u8; 32], b: &[u8; 32]) -> bool {
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// What identifies a version of the file: its modification time, length and inode.
type Stamp = (SystemTime, u64, u64);

/// The tokens file as the server sees it: re-read whenever it changes on disk.
pub struct TokenStore {
    path: PathBuf,
    seen: Mutex<(Option<Stamp>, Vec<Entry>)>,
}

fn stamp(path: &Path) -> Option<Stamp> {
    let m = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    let ino = std::os::unix::fs::MetadataExt::ino(&m);
    #[cfg(not(unix))]
    let ino = 0;
    Some((m.modified().ok()?, m.len(), ino))
}

impl TokenStore {
    /// The store for `path`, read now: an unreadable file is a start-up error.
    pub fn open(path: PathBuf) -> Result<TokenStore, String> {
        let entries = read(&path)?;
        let seen = Mutex::new((stamp(&path), entries));
        Ok(TokenStore { path, seen })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The entry whose hash is the presented token's, checked against every entry.
    pub fn check(&self, token: &str) -> Option<Entry> {
        let now = stamp(&self.path);
        let mut seen = self.seen.lock().expect("tokens");
        if now != seen.0 {
            match read(&self.path) {
                Ok(entries) => {
                    tracing::info!(path = %self.path.display(), tokens = entries.len(), "the tokens file changed; re-read it");
                    *seen = (now, entries);
                }
                // Fail closed: a file that cannot be read admits nobody.
                Err(e) => {
                    tracing::error!(path = %self.path.display(), %e, "the tokens file cannot be read; no token is accepted");
                    *seen = (now, Vec::new());
                }
            }
        }
        let h = hash(token);
        let mut found = None;
        for e in &seen.1 {
            if same(&e.hash, &h) && found.is_none() {
                found = Some(e.clone());
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_stored_hashed_listed_checked_and_revoked() {
        let dir = std::env::temp_dir().join(format!("ombi-mcp-tokens-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("tokens");
        let (alice, a) = mint("alice").unwrap();
        let (bob, b) = mint("bob").unwrap();
        assert!(alice.starts_with(TOKEN_PREFIX) && alice.len() == TOKEN_PREFIX.len() + 64);
        append(&path, &a).unwrap();
        append(&path, &b).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains(&alice) && !text.contains(&bob), "only hashes are stored");
        assert!(text.starts_with('#'));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
        let store = TokenStore::open(path.clone()).unwrap();
        assert_eq!(store.check(&alice).unwrap().user, "alice");
        assert_eq!(store.check(&bob).unwrap().user, "bob");
        assert!(store.check("ombimcp_nope").is_none());
        assert!(store.check(&alice[..alice.len() - 1]).is_none());
        // Revoked by user, then by id: the running store sees it at once.
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert_eq!(revoke(&path, "alice").unwrap(), 1);
        assert!(store.check(&alice).is_none());
        assert!(store.check(&bob).is_some());
        assert_eq!(revoke(&path, &b.id).unwrap(), 1);
        assert!(store.check(&bob).is_none());
        assert_eq!(revoke(&path, "nobody").unwrap(), 0);
        assert!(mint("two words").is_err() && mint("").is_err() && mint("a\tb").is_err());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn malformed_lines_are_skipped() {
        let h = hex(&hash("t"));
        let text = format!("# c\nid1\talice\t{h}\tnow\nbroken line\nid2\tbob\tnothex\n\nid3\tcarol\t{h}\n");
        let e = parse(&text);
        assert_eq!(e.iter().map(|e| e.user.as_str()).collect::<Vec<_>>(), ["alice", "carol"]);
    }
}
