//! Newline-delimited messages with a length limit: an over-long line is reported and
//! drained, never buffered whole.

use tokio::io::{AsyncBufRead, AsyncBufReadExt};

/// The longest message accepted (bytes, without the newline).
pub const MAX_LINE: usize = 4 * 1024 * 1024;

/// One read from the stream.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A complete line, without its line ending.
    Message(Vec<u8>),
    /// A line longer than the limit; its bytes were skipped up to the next newline.
    TooLong,
    /// The stream ended.
    Eof,
}

/// Reads the next line, keeping at most `max` bytes.
pub async fn read_line<R: AsyncBufRead + Unpin>(reader: &mut R, max: usize) -> std::io::Result<Line> {
    let mut buf = Vec::new();
    let mut too_long = false;
    loop {
        let chunk = reader.fill_buf().await?;
        if chunk.is_empty() {
            return Ok(if too_long {
                Line::TooLong
            } else if buf.is_empty() {
                Line::Eof
            } else {
                Line::Message(trim_cr(buf))
            });
        }
        let (take, done) = match chunk.iter().position(|b| *b == b'\n') {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            if buf.len() + take > max {
                too_long = true;
                buf = Vec::new();
            } else {
                buf.extend_from_slice(&chunk[..take]);
            }
        }
        reader.consume(if done { take + 1 } else { take });
        if done {
            return Ok(if too_long { Line::TooLong } else { Line::Message(trim_cr(buf)) });
        }
    }
}

fn trim_cr(mut buf: Vec<u8>) -> Vec<u8> {
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    buf
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::BufReader;

    #[tokio::test]
    async fn splits_lines_and_drains_long_ones() {
        let input = b"{\"a\":1}\r\nxxxxxxxxxxxxxxxxxxxx\n{\"b\":2}\nlast".to_vec();
        let mut r = BufReader::with_capacity(4, &input[..]);
        assert_eq!(read_line(&mut r, 10).await.unwrap(), Line::Message(b"{\"a\":1}".to_vec()));
        assert_eq!(read_line(&mut r, 10).await.unwrap(), Line::TooLong);
        assert_eq!(read_line(&mut r, 10).await.unwrap(), Line::Message(b"{\"b\":2}".to_vec()));
        assert_eq!(read_line(&mut r, 10).await.unwrap(), Line::Message(b"last".to_vec()));
        assert_eq!(read_line(&mut r, 10).await.unwrap(), Line::Eof);
    }
}
