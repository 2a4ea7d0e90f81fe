//! Standard input and output on a thread each, bridged to the async server by bounded
//! channels. tokio's own stdin and stdout hand every read and every write to its blocking
//! pool (a thread hand-off each way per message); here a line costs one wake-up of the
//! reader or the writer. Both stay bounded: the reader stops reading while its chunks wait,
//! and the writer refuses more lines while its queue is full, so a client that does not read
//! its input holds the server back instead of growing it.
//!
//! On Linux a line goes out on the calling thread when nothing is queued and the descriptor
//! says a write of that size cannot block: a pipe with room for it, or a small line to a
//! socket that polls writable (waking the writer thread was most of what handing a line over
//! cost: a `futex` wake of a thread asleep on another CPU). For the
//! same reason a stdin that is a pipe or a socket is polled by the server's own thread
//! ([`stdin`]): a client's message then wakes that thread directly, not a reader thread that
//! wakes it in turn. Its mode is left alone (it may be shared): a read asks for no more than
//! the descriptor holds, so it never blocks.

use std::io::{Read, Write};
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll, Waker};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// Bytes read from stdin at once.
const CHUNK: usize = 64 * 1024;
/// Chunks read ahead of the server.
const READ_AHEAD: usize = 4;
/// Lines waiting for the writer.
const WRITE_QUEUE: usize = 16;

/// stdin, polled on the calling thread or read by a thread of its own.
pub struct Input {
    source: Source,
}

enum Source {
    /// Chunks read by a thread of its own.
    Thread { rx: tokio::sync::mpsc::Receiver<std::io::Result<Vec<u8>>>, chunk: Vec<u8>, at: usize },
    /// A pipe or a socket, polled by the runtime.
    #[cfg(target_os = "linux")]
    Polled(tokio::io::unix::AsyncFd<polled::Borrowed>),
}

/// This process's stdin: polled by the runtime when it is a pipe or a socket (Linux), else
/// read by a thread of its own. Called inside the runtime.
pub fn stdin() -> Input {
    #[cfg(target_os = "linux")]
    if let Some(fd) = polled::stdin() {
        return Input { source: Source::Polled(fd) };
    }
    input(std::io::stdin())
}

/// Starts reading `source` (stdin, in the server) on a thread.
pub fn input<R: Read + Send + 'static>(mut source: R) -> Input {
    let (tx, rx) = tokio::sync::mpsc::channel(READ_AHEAD);
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            loop {
                let mut buf = vec![0; CHUNK];
                let sent = match source.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => {
                        buf.truncate(n);
                        tx.blocking_send(Ok(buf))
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => {
                        let _ = tx.blocking_send(Err(e));
                        break;
                    }
                };
                if sent.is_err() {
                    break;
                }
            }
        })
        .expect("starting the stdin thread");
    Input { source: Source::Thread { rx, chunk: Vec::new(), at: 0 } }
}

impl AsyncRead for Input {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, out: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        let (rx, chunk, at) = match &mut self.source {
            Source::Thread { rx, chunk, at } => (rx, chunk, at),
            #[cfg(target_os = "linux")]
            Source::Polled(fd) => return polled::poll_read(fd, cx, out),
        };
        if *at == chunk.len() {
            match rx.poll_recv(cx) {
                Poll::Pending => return Poll::Pending,
                // The end of input: nothing more is read.
                Poll::Ready(None) => return Poll::Ready(Ok(())),
                Poll::Ready(Some(Err(e))) => return Poll::Ready(Err(e)),
                Poll::Ready(Some(Ok(next))) => {
                    *chunk = next;
                    *at = 0;
                }
            }
        }
        let n = out.remaining().min(chunk.len() - *at);
        out.put_slice(&chunk[*at..*at + n]);
        *at += n;
        Poll::Ready(Ok(()))
    }
}

/// What a descriptor is, and what waits in it.
#[cfg(target_os = "linux")]
mod descriptor {
    /// The file type bits of `fd` (`S_IFIFO`, `S_IFSOCK`, ...), if it is open.
    pub fn kind(fd: i32) -> Option<libc::mode_t> {
        // SAFETY: `fstat` writes one `stat` for a descriptor number; a closed one fails.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        (unsafe { libc::fstat(fd, &mut st) } == 0).then_some(st.st_mode & libc::S_IFMT)
    }

    /// Bytes waiting to be read in `fd` (a pipe, either end, or a socket), by `FIONREAD`.
    pub fn unread(fd: i32) -> std::io::Result<usize> {
        let mut n: libc::c_int = 0;
        // SAFETY: FIONREAD writes one int.
        if unsafe { libc::ioctl(fd, libc::FIONREAD, &mut n) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(usize::try_from(n).unwrap_or(0))
    }
}

/// stdin polled by the runtime, its mode left alone.
#[cfg(target_os = "linux")]
mod polled {
    use std::os::fd::{AsRawFd, RawFd};
    use std::task::{Context, Poll, ready};

    use tokio::io::ReadBuf;
    use tokio::io::unix::AsyncFd;

    /// A descriptor this process does not own (never closed here).
    pub struct Borrowed(RawFd);

    impl AsRawFd for Borrowed {
        fn as_raw_fd(&self) -> RawFd {
            self.0
        }
    }

    /// stdin registered with the runtime, if it is a pipe or a socket.
    pub fn stdin() -> Option<AsyncFd<Borrowed>> {
        // SAFETY: this process never closes its stdin.
        unsafe { watch(libc::STDIN_FILENO) }
    }

    /// `fd` registered with the runtime, if it is a pipe or a socket.
    ///
    /// # Safety
    /// `fd` stays open while the returned value lives.
    pub unsafe fn watch(fd: RawFd) -> Option<AsyncFd<Borrowed>> {
        // What epoll can watch, and a shell does not share the way it shares a terminal.
        if !matches!(super::descriptor::kind(fd), Some(libc::S_IFIFO | libc::S_IFSOCK)) {
            return None;
        }
        // SAFETY: upheld by the caller.
        unsafe { AsyncFd::register_with_interest(Borrowed(fd), tokio::io::Interest::READABLE).ok() }
    }

    /// Whether `fd` has news now (data, its end, an error): a read then returns at once.
    fn news(fd: RawFd) -> bool {
        let mut p = libc::pollfd { fd, events: libc::POLLIN, revents: 0 };
        // SAFETY: one valid `pollfd` for the duration of the call, and a zero time-out.
        unsafe { libc::poll(&mut p, 1, 0) == 1 && p.revents != 0 }
    }

    /// Reads what `fd` holds, at most what `out` has room for; an empty read is the end.
    pub fn poll_read(fd: &AsyncFd<Borrowed>, cx: &mut Context<'_>, out: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        let raw = fd.get_ref().0;
        loop {
            let mut guard = ready!(fd.poll_read_ready(cx))?;
            let held = super::descriptor::unread(raw)?;
            // Nothing held: either the end (or an error) that a read reports at once, or a
            // readiness already used up.
            if held == 0 && !news(raw) {
                guard.clear_ready();
                continue;
            }
            let room = out.initialize_unfilled();
            let want = if held == 0 { room.len() } else { held.min(room.len()) };
            // SAFETY: `room` is valid for `want` bytes; the read asks for no more than the
            // descriptor holds (or it is at its end), so it does not block.
            let n = unsafe { libc::read(raw, room.as_mut_ptr().cast(), want) };
            if n < 0 {
                let e = std::io::Error::last_os_error();
                match e.kind() {
                    std::io::ErrorKind::Interrupted => continue,
                    std::io::ErrorKind::WouldBlock => {
                        guard.clear_ready();
                        continue;
                    }
                    _ => return Poll::Ready(Err(e)),
                }
            }
            out.advance(n as usize);
            return Poll::Ready(Ok(()));
        }
    }
}

/// Lines at most this long may be written on the calling thread to a sink that polls
/// writable and is not a pipe (a pipe says how much room it has: [`room_now`]).
const INLINE_MAX: usize = 4096;

/// The sink and what the writer thread still has to write to it.
struct Sink {
    writer: Mutex<Box<dyn Write + Send>>,
    /// Lines handed to the writer thread and not yet written (the calling thread writes
    /// inline only while this is zero, so lines keep their order).
    queued: AtomicUsize,
    /// The descriptor to ask whether a write would block; without one, every line goes
    /// through the writer thread.
    fd: Option<i32>,
    /// Whether that descriptor is a pipe.
    pipe: bool,
}

impl Sink {
    fn lock(&self) -> MutexGuard<'_, Box<dyn Write + Send>> {
        self.writer.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The write half: lines queued to a thread that writes them to the sink (or, see the
/// module's notes, written at once).
pub struct Output {
    tx: SyncSender<Vec<u8>>,
    /// Who waits for room in the queue.
    waiting: Arc<Mutex<Option<Waker>>>,
    sink: Arc<Sink>,
}

/// Writes to `sink` on a thread of its own.
pub fn output<W: Write + Send + 'static>(sink: W) -> Output {
    output_with(Box::new(sink), None)
}

/// Writes to this process's stdout: small lines on the calling thread when that cannot
/// block (Linux), the others on a thread of its own.
pub fn stdout() -> Output {
    #[cfg(target_os = "linux")]
    let fd = Some(std::os::fd::AsRawFd::as_raw_fd(&std::io::stdout()));
    #[cfg(not(target_os = "linux"))]
    let fd = None;
    output_with(Box::new(std::io::stdout()), fd)
}

fn output_with(writer: Box<dyn Write + Send>, fd: Option<i32>) -> Output {
    let (tx, rx): (SyncSender<Vec<u8>>, Receiver<Vec<u8>>) = sync_channel(WRITE_QUEUE);
    let waiting: Arc<Mutex<Option<Waker>>> = Arc::default();
    let pipe = fd.is_some_and(is_pipe);
    let sink = Arc::new(Sink { writer: Mutex::new(writer), queued: AtomicUsize::new(0), fd, pipe });
    let wake = waiting.clone();
    let shared = sink.clone();
    std::thread::Builder::new()
        .name("stdout".into())
        .spawn(move || {
            while let Ok(bytes) = rx.recv() {
                // A line left the queue: a writer waiting for room may go on.
                if let Some(w) = wake.lock().expect("waker").take() {
                    w.wake();
                }
                let mut writer = shared.lock();
                let written = writer.write_all(&bytes).and_then(|()| writer.flush());
                shared.queued.fetch_sub(1, Ordering::Release);
                drop(writer);
                // A closed stdout: the queue closes, and the server's next write fails.
                if written.is_err() {
                    break;
                }
            }
            if let Some(w) = wake.lock().expect("waker").take() {
                w.wake();
            }
        })
        .expect("starting the stdout thread");
    Output { tx, waiting, sink }
}

impl Output {
    /// Writes `buf` on the calling thread if nothing is queued before it and the sink takes
    /// it without blocking; `None` when it must be queued.
    fn write_now(&self, buf: &[u8]) -> Option<std::io::Result<usize>> {
        let fd = self.sink.fd?;
        if self.sink.queued.load(Ordering::Acquire) != 0 {
            return None;
        }
        let mut writer = self.sink.writer.try_lock().ok()?;
        if self.sink.queued.load(Ordering::Acquire) != 0 || buf.len() > room_now(fd, self.sink.pipe) {
            return None;
        }
        Some(writer.write_all(buf).and_then(|()| writer.flush()).map(|()| buf.len()).map_err(|_| closed()))
    }

    /// Hands `buf` to the writer thread, if its queue has room.
    fn queue(&self, buf: &[u8]) -> Result<(), TrySendError<Vec<u8>>> {
        self.sink.queued.fetch_add(1, Ordering::AcqRel);
        let sent = self.tx.try_send(buf.to_vec());
        if sent.is_err() {
            self.sink.queued.fetch_sub(1, Ordering::AcqRel);
        }
        sent
    }
}

fn closed() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::BrokenPipe, "stdout is closed")
}

/// How many bytes a write to `fd` takes now without blocking. A pipe holds a whole number of
/// pages: those not in use, less one for a page partly read and one for a page partly
/// written (only this process writes to its stdout, and a reader only frees room). Another
/// sink takes [`INLINE_MAX`] bytes when it polls writable.
#[cfg(target_os = "linux")]
fn room_now(fd: i32, pipe: bool) -> usize {
    if !writable_now(fd) {
        return 0;
    }
    if !pipe {
        return INLINE_MAX;
    }
    // SAFETY: F_GETPIPE_SZ reads a pipe's size; sysconf reads a constant.
    let (size, page) = unsafe { (libc::fcntl(fd, libc::F_GETPIPE_SZ), libc::sysconf(libc::_SC_PAGESIZE)) };
    let (Ok(size), Ok(page), Ok(unread)) = (usize::try_from(size), usize::try_from(page), descriptor::unread(fd))
    else {
        return 0;
    };
    if page == 0 {
        return 0;
    }
    (size / page).saturating_sub(unread.div_ceil(page) + 2) * page
}

#[cfg(not(target_os = "linux"))]
fn room_now(_: i32, _: bool) -> usize {
    0
}

/// Whether `fd` is a pipe.
#[cfg(target_os = "linux")]
fn is_pipe(fd: i32) -> bool {
    descriptor::kind(fd) == Some(libc::S_IFIFO)
}

#[cfg(not(target_os = "linux"))]
fn is_pipe(_: i32) -> bool {
    false
}

/// Whether a write to `fd` may go ahead (it polls writable, with no error or hang-up).
#[cfg(target_os = "linux")]
fn writable_now(fd: i32) -> bool {
    let mut p = libc::pollfd { fd, events: libc::POLLOUT, revents: 0 };
    // SAFETY: one valid `pollfd` for the duration of the call, and a zero time-out.
    let ready = unsafe { libc::poll(&mut p, 1, 0) };
    ready == 1 && p.revents & libc::POLLOUT != 0 && p.revents & (libc::POLLERR | libc::POLLHUP | libc::POLLNVAL) == 0
}

impl AsyncWrite for Output {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        if let Some(done) = self.write_now(buf) {
            return Poll::Ready(done);
        }
        match self.queue(buf) {
            Ok(()) => return Poll::Ready(Ok(buf.len())),
            Err(TrySendError::Disconnected(_)) => return Poll::Ready(Err(closed())),
            Err(TrySendError::Full(_)) => {}
        }
        *self.waiting.lock().expect("waker") = Some(cx.waker().clone());
        match self.queue(buf) {
            Ok(()) => Poll::Ready(Ok(buf.len())),
            Err(TrySendError::Disconnected(_)) => Poll::Ready(Err(closed())),
            Err(TrySendError::Full(_)) => Poll::Pending,
        }
    }

    fn poll_flush(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[tokio::test]
    async fn input_arrives_whole_and_ends() {
        let text: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        let mut input = input(std::io::Cursor::new(text.clone()));
        let mut got = Vec::new();
        input.read_to_end(&mut got).await.unwrap();
        assert_eq!(got, text);
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn a_polled_pipe_arrives_whole_and_ends() {
        use std::os::fd::AsRawFd;
        let (reader, mut writer) = std::io::pipe().unwrap();
        // SAFETY: `reader` is dropped after `input`.
        let fd = unsafe { polled::watch(reader.as_raw_fd()) }.expect("a pipe is polled");
        let mut input = Input { source: Source::Polled(fd) };
        // More than the pipe holds, in uneven pieces with pauses: the reader waits, reads
        // what has come, waits again, and sees the end once the writer is gone.
        let text: Vec<u8> = (0..300_000u32).map(|i| (i % 253) as u8).collect();
        let sent = text.clone();
        let write = std::thread::spawn(move || {
            for (i, piece) in sent.chunks(7_001).enumerate() {
                writer.write_all(piece).unwrap();
                if i % 10 == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
            }
        });
        let mut got = Vec::new();
        input.read_to_end(&mut got).await.unwrap();
        write.join().unwrap();
        assert_eq!(got.len(), text.len());
        assert!(got == text, "the polled input changed the bytes");
        drop(input);
        drop(reader);
    }

    #[tokio::test]
    async fn a_regular_file_is_read_by_a_thread() {
        use std::os::fd::AsRawFd;
        use tokio::io::AsyncReadExt;
        let path = env!("CARGO_MANIFEST_PATH");
        let file = std::fs::File::open(path).unwrap();
        #[cfg(target_os = "linux")]
        // SAFETY: `file` outlives the answer (none is made).
        assert!(unsafe { polled::watch(file.as_raw_fd()) }.is_none(), "a regular file cannot be polled");
        // So it goes to a thread, which reads it whole, in order, to its end.
        let mut inp = input(file);
        assert!(matches!(inp.source, Source::Thread { .. }));
        let mut got = Vec::new();
        inp.read_to_end(&mut got).await.unwrap();
        assert_eq!(got, std::fs::read(path).unwrap());
    }

    /// A sink that holds every write until it is let go, then keeps them.
    struct Gate {
        open: Arc<std::sync::Barrier>,
        first: bool,
        kept: Arc<Mutex<Vec<u8>>>,
    }

    impl Write for Gate {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.first {
                self.first = false;
                self.open.wait();
            }
            self.kept.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[tokio::test]
    async fn output_is_bounded_then_written_in_order() {
        let open = Arc::new(std::sync::Barrier::new(2));
        let kept = Arc::new(Mutex::new(Vec::new()));
        let mut out = output(Gate { open: open.clone(), first: true, kept: kept.clone() });
        // The writer holds the first line; the queue takes WRITE_QUEUE more; then writes wait.
        for i in 0..=WRITE_QUEUE {
            out.write_all(format!("{i}\n").as_bytes()).await.unwrap();
        }
        let blocked =
            tokio::time::timeout(std::time::Duration::from_millis(100), out.write_all(b"last\n")).await.is_err();
        assert!(blocked, "a full queue must hold the writer back");
        open.wait();
        out.write_all(b"last\n").await.unwrap();
        drop(out);
        for _ in 0..100 {
            if kept.lock().unwrap().ends_with(b"last\n") {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        let text = String::from_utf8(kept.lock().unwrap().clone()).unwrap();
        let expected: String = (0..=WRITE_QUEUE).map(|i| format!("{i}\n")).collect::<String>() + "last\n";
        assert_eq!(text, expected);
    }

    /// A pipe's write end that records which thread made each write.
    #[cfg(target_os = "linux")]
    struct Recording {
        pipe: std::io::PipeWriter,
        threads: Arc<Mutex<Vec<String>>>,
    }

    #[cfg(target_os = "linux")]
    impl Write for Recording {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            let name = std::thread::current().name().unwrap_or("").to_string();
            self.threads.lock().unwrap().push(name);
            self.pipe.write(buf)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            self.pipe.flush()
        }
    }

    #[cfg(target_os = "linux")]
    fn piped() -> (Output, std::io::PipeReader, Arc<Mutex<Vec<String>>>) {
        use std::os::fd::AsRawFd;
        let (reader, pipe) = std::io::pipe().unwrap();
        let fd = pipe.as_raw_fd();
        let threads = Arc::new(Mutex::new(Vec::new()));
        (output_with(Box::new(Recording { pipe, threads: threads.clone() }), Some(fd)), reader, threads)
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn lines_the_pipe_has_room_for_go_out_at_once_and_every_line_keeps_its_place() {
        let (mut out, mut reader, threads) = piped();
        // Short lines, lines of 10 KB (an empty pipe has room for them), and one longer than
        // the whole pipe.
        let lines: Vec<String> = (0..40)
            .map(|i| match i {
                21 => format!("{i}:{}\n", "z".repeat(100_000)),
                i if i % 4 == 3 => format!("{i}:{}\n", "x".repeat(10_000)),
                i => format!("{i}\n"),
            })
            .collect();
        let expected: String = lines.concat();
        let want = expected.len();
        let read = std::thread::spawn(move || {
            let mut got = vec![0; want];
            reader.read_exact(&mut got).unwrap();
            got
        });
        for line in &lines {
            out.write_all(line.as_bytes()).await.unwrap();
        }
        let got = read.join().unwrap();
        assert_eq!(String::from_utf8(got).unwrap(), expected);
        let threads = threads.lock().unwrap();
        // The first long line follows three short ones: the pipe had room for it.
        assert_ne!(threads[3], "stdout", "a 10 KB line with room in the pipe waited for the writer thread");
        assert!(
            threads.iter().any(|t| t == "stdout"),
            "the line longer than the pipe did not go through the writer thread"
        );
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn a_full_pipe_never_blocks_the_caller_and_keeps_the_order() {
        let (mut out, mut reader, threads) = piped();
        // Nobody reads: the writer thread soon blocks on the full pipe with lines queued.
        let big = "y".repeat(60_000) + "\n";
        let mut expected = String::new();
        for _ in 0..3 {
            out.write_all(big.as_bytes()).await.unwrap();
            expected.push_str(&big);
        }
        for i in 0..5 {
            let line = format!("small {i}\n");
            let quick =
                tokio::time::timeout(std::time::Duration::from_millis(500), out.write_all(line.as_bytes())).await;
            assert!(quick.is_ok(), "a small line waited on a full pipe");
            expected.push_str(&line);
        }
        let want = expected.len();
        let got = std::thread::spawn(move || {
            let mut got = vec![0; want];
            reader.read_exact(&mut got).unwrap();
            got
        })
        .join()
        .unwrap();
        assert_eq!(String::from_utf8(got).unwrap(), expected);
        assert!(threads.lock().unwrap().iter().all(|t| t == "stdout"), "a line went out ahead of the queue");
    }

    #[tokio::test]
    async fn a_closed_stdout_fails_the_next_write() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut out = output(Closed);
        let mut failed = false;
        for _ in 0..100 {
            if out.write_all(b"x\n").await.is_err() {
                failed = true;
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        assert!(failed);
    }
}
