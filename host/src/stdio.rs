//! Standard input and output on a thread each, bridged to the async server by bounded
//! channels. tokio's own stdin and stdout hand every read and every write to its blocking
//! pool (a thread hand-off each way per message); here a line costs one wake-up of the
//! reader or the writer. Both stay bounded: the reader stops reading while its chunks wait,
//! and the writer refuses more lines while its queue is full, so a client that does not read
//! its input holds the server back instead of growing it.

use std::io::{Read, Write};
use std::pin::Pin;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// Bytes read from stdin at once.
const CHUNK: usize = 64 * 1024;
/// Chunks read ahead of the server.
const READ_AHEAD: usize = 4;
/// Lines waiting for the writer.
const WRITE_QUEUE: usize = 16;

/// stdin, read by a thread of its own.
pub struct Input {
    rx: tokio::sync::mpsc::Receiver<std::io::Result<Vec<u8>>>,
    chunk: Vec<u8>,
    at: usize,
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
    Input { rx, chunk: Vec::new(), at: 0 }
}

impl AsyncRead for Input {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, out: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        let this = &mut *self;
        if this.at == this.chunk.len() {
            match this.rx.poll_recv(cx) {
                Poll::Pending => return Poll::Pending,
                // The end of input: nothing more is read.
                Poll::Ready(None) => return Poll::Ready(Ok(())),
                Poll::Ready(Some(Err(e))) => return Poll::Ready(Err(e)),
                Poll::Ready(Some(Ok(chunk))) => {
                    this.chunk = chunk;
                    this.at = 0;
                }
            }
        }
        let n = out.remaining().min(this.chunk.len() - this.at);
        out.put_slice(&this.chunk[this.at..this.at + n]);
        this.at += n;
        Poll::Ready(Ok(()))
    }
}

/// stdout, written by a thread of its own.
pub struct Output {
    tx: SyncSender<Vec<u8>>,
    /// Who waits for room in the queue.
    waiting: Arc<Mutex<Option<Waker>>>,
}

/// Starts writing to `sink` (stdout, in the server) on a thread; each write is flushed.
pub fn output<W: Write + Send + 'static>(mut sink: W) -> Output {
    let (tx, rx): (SyncSender<Vec<u8>>, Receiver<Vec<u8>>) = sync_channel(WRITE_QUEUE);
    let waiting: Arc<Mutex<Option<Waker>>> = Arc::default();
    let wake = waiting.clone();
    std::thread::Builder::new()
        .name("stdout".into())
        .spawn(move || {
            while let Ok(bytes) = rx.recv() {
                // A line left the queue: a writer waiting for room may go on.
                if let Some(w) = wake.lock().expect("waker").take() {
                    w.wake();
                }
                // A closed stdout: the queue closes, and the server's next write fails.
                if sink.write_all(&bytes).and_then(|()| sink.flush()).is_err() {
                    break;
                }
            }
            if let Some(w) = wake.lock().expect("waker").take() {
                w.wake();
            }
        })
        .expect("starting the stdout thread");
    Output { tx, waiting }
}

impl AsyncWrite for Output {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        let gone = || std::io::Error::new(std::io::ErrorKind::BrokenPipe, "stdout is closed");
        match self.tx.try_send(buf.to_vec()) {
            Ok(()) => return Poll::Ready(Ok(buf.len())),
            Err(TrySendError::Disconnected(_)) => return Poll::Ready(Err(gone())),
            Err(TrySendError::Full(_)) => {}
        }
        // Full: wait for the writer to take a line, then try again (once more now, so a
        // line taken meanwhile is not missed).
        *self.waiting.lock().expect("waker") = Some(cx.waker().clone());
        match self.tx.try_send(buf.to_vec()) {
            Ok(()) => Poll::Ready(Ok(buf.len())),
            Err(TrySendError::Disconnected(_)) => Poll::Ready(Err(gone())),
            Err(TrySendError::Full(_)) => Poll::Pending,
        }
    }

    fn poll_flush(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        // The writer flushes every line it writes.
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
