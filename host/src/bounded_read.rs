//! Reading a small settings file (the key file, a CA bundle, the tokens file) safely: only
//! a regular file, after following links, and never more than a limit, counted on the bytes
//! read rather than on the size the metadata claims. A device (`/dev/zero`), a FIFO with no
//! writer or a directory is refused at once, with the reason.

use std::io::Read as _;
use std::path::Path;

/// The bytes of the regular file at `path`, at most `limit` of them; the error says why not.
pub fn read_regular(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    // Asked before opening: opening a FIFO with no writer would wait for one.
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot be read: {e}"))?;
    if !meta.is_file() {
        return Err(format!("is not a regular file (it is {}); give the path of a file", kind(&meta)));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        // Never wait in open, should the path have been swapped for a FIFO meanwhile.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| format!("cannot be read: {e}"))?;
    let meta = file.metadata().map_err(|e| format!("cannot be read: {e}"))?;
    if !meta.is_file() {
        return Err(format!("is not a regular file (it is {})", kind(&meta)));
    }
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot be read: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!("is larger than {limit} bytes"));
    }
    Ok(bytes)
}

fn kind(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if meta.is_dir() { "a directory" } else { "not a regular file" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_small_regular_files_are_read() {
        let dir = std::env::temp_dir().join(format!("ombi-mcp-bounded-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let small = dir.join("small");
        std::fs::write(&small, b"hello").unwrap();
        assert_eq!(read_regular(&small, 5).unwrap(), b"hello");
        assert!(read_regular(&small, 4).unwrap_err().contains("larger than 4 bytes"));
        assert!(read_regular(&dir, 10).unwrap_err().contains("a directory"));
        #[cfg(target_os = "linux")]
        {
            assert!(read_regular(Path::new("/dev/zero"), 10).unwrap_err().contains("a device"));
            assert!(read_regular(Path::new("/dev/urandom"), 10).unwrap_err().contains("a device"));
            let fifo = dir.join("fifo");
            let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
            // SAFETY: a valid NUL-terminated path.
            assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
            assert!(read_regular(&fifo, 10).unwrap_err().contains("a FIFO"));
            let link = dir.join("link");
            std::os::unix::fs::symlink(&small, &link).unwrap();
            assert_eq!(read_regular(&link, 10).unwrap(), b"hello", "links are followed");
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}
