//! A small HTTP/1.1 reader and writer over any byte stream, with hard size limits.
//!
//! Every connection carries one request (`Connection: close`): the page makes few requests,
//! and one request per connection keeps the server's state machine trivial and its
//! resource use easy to bound.

use std::io::{BufRead, Read, Write};

/// Largest request line plus headers accepted, in bytes.
pub const MAX_HEAD: usize = 8 * 1024;
/// Largest request body accepted, in bytes (the API's bodies are a few hundred bytes).
pub const MAX_BODY: usize = 16 * 1024;

/// A parsed request.
#[derive(Debug, Clone)]
pub struct Request {
    /// `GET`, `POST`, ...
    pub method: String,
    /// The path without the query string, still percent-encoded.
    pub path: String,
    /// The raw query string (after `?`), possibly empty.
    pub query: String,
    /// Header names lower-cased, values trimmed.
    pub headers: Vec<(String, String)>,
    /// The body (at most [`MAX_BODY`] bytes).
    pub body: Vec<u8>,
}

impl Request {
    /// The first header of that (lower-case) name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of `key` in the query string (no percent-decoding: our keys and values are plain).
    pub fn query_param(&self, key: &str) -> Option<&str> {
        self.query
            .split('&')
            .filter_map(|kv| kv.split_once('='))
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v)
    }
}

/// Why a request could not be read; each maps to a status code.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The peer closed the connection before sending a request.
    #[error("connection closed")]
    Closed,
    /// The request is not valid HTTP/1.x.
    #[error("malformed request: {0}")]
    Malformed(&'static str),
    /// The request line and headers exceed [`MAX_HEAD`].
    #[error("request headers larger than {MAX_HEAD} bytes")]
    HeadTooLarge,
    /// The declared body exceeds [`MAX_BODY`].
    #[error("request body larger than {MAX_BODY} bytes")]
    BodyTooLarge,
    /// Chunked or otherwise encoded bodies are not accepted.
    #[error("request bodies must be sent with Content-Length")]
    LengthRequired,
    /// Reading failed (timeout, reset).
    #[error("i/o error: {0}")]
    Io(#[from] std::io::Error),
}

impl ReadError {
    /// The status code to answer with, or `None` when nothing should be sent.
    pub fn status(&self) -> Option<u16> {
        match self {
            ReadError::Closed | ReadError::Io(_) => None,
            ReadError::Malformed(_) => Some(400),
            ReadError::HeadTooLarge => Some(431),
            ReadError::BodyTooLarge => Some(413),
            ReadError::LengthRequired => Some(411),
        }
    }
}

/// Reads one request, refusing anything over the limits before buffering it.
pub fn read_request(reader: &mut impl BufRead) -> Result<Request, ReadError> {
    let mut head = Vec::with_capacity(512);
    let mut lines: Vec<String> = Vec::new();
    loop {
        let mut line = Vec::new();
        let budget = (MAX_HEAD + 1).saturating_sub(head.len()) as u64;
        let n = reader.by_ref().take(budget).read_until(b'\n', &mut line)?;
        if n == 0 {
            if lines.is_empty() && head.is_empty() {
                return Err(ReadError::Closed);
            }
            return Err(ReadError::Malformed("request ended inside the headers"));
        }
        head.extend_from_slice(&line);
        if head.len() > MAX_HEAD {
            return Err(ReadError::HeadTooLarge);
        }
        if !line.ends_with(b"\n") {
            return Err(ReadError::Malformed("request ended inside the headers"));
        }
        let text = std::str::from_utf8(&line)
            .map_err(|_| ReadError::Malformed("headers are not UTF-8"))?
            .trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if lines.is_empty() {
                continue; // tolerate stray blank lines before the request line (RFC 9112 §2.2)
            }
            break;
        }
        lines.push(text.to_string());
    }
    let mut parts = lines[0].split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(ReadError::Malformed("bad request line"));
    };
    if !version.starts_with("HTTP/1.") {
        return Err(ReadError::Malformed("only HTTP/1.x is spoken here"));
    }
    if method.is_empty() || !method.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(ReadError::Malformed("bad method"));
    }
    if !target.starts_with('/') {
        return Err(ReadError::Malformed(
            "request target must be an absolute path",
        ));
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let mut headers = Vec::with_capacity(lines.len() - 1);
    for line in &lines[1..] {
        let (name, value) = line
            .split_once(':')
            .ok_or(ReadError::Malformed("header without a colon"))?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
    }
    let mut request = Request {
        method: method.to_string(),
        path: path.to_string(),
        query: query.to_string(),
        headers,
        body: Vec::new(),
    };
    if request.header("transfer-encoding").is_some() {
        return Err(ReadError::LengthRequired);
    }
    let length = match request.header("content-length") {
        None => 0,
        Some(v) => v
            .parse::<usize>()
            .map_err(|_| ReadError::Malformed("bad Content-Length"))?,
    };
    if length > MAX_BODY {
        return Err(ReadError::BodyTooLarge);
    }
    request.body = vec![0; length];
    reader.read_exact(&mut request.body).map_err(|e| {
        if e.kind() == std::io::ErrorKind::UnexpectedEof {
            ReadError::Malformed("body shorter than Content-Length")
        } else {
            ReadError::Io(e)
        }
    })?;
    Ok(request)
}

/// A complete response (streams such as server-sent events are written by hand instead).
#[derive(Debug, Clone)]
pub struct Response {
    /// Status code.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// Further headers.
    pub headers: Vec<(&'static str, String)>,
    /// The body.
    pub body: Vec<u8>,
}

impl Response {
    /// A JSON response from an already serialised body.
    pub fn json(status: u16, body: String) -> Response {
        Response {
            status,
            content_type: "application/json; charset=utf-8",
            headers: Vec::new(),
            body: body.into_bytes(),
        }
    }

    /// A JSON error `{"error": reason}`.
    pub fn error(status: u16, reason: &str) -> Response {
        Response::json(status, serde_json::json!({ "error": reason }).to_string())
    }
}

/// The standard reason phrase of the status codes this server uses.
pub fn reason_phrase(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        204 => "No Content",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        422 => "Unprocessable Content",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Error",
    }
}

/// Headers sent with every response: the page may load only its own embedded files.
pub const SECURITY_HEADERS: &str = "X-Content-Type-Options: nosniff\r\n\
    Content-Security-Policy: default-src 'self'; img-src 'self' data:; style-src 'self'\r\n\
    Referrer-Policy: no-referrer\r\n\
    Cache-Control: no-store\r\n";

/// Writes a response and flushes it.
pub fn write_response(out: &mut impl Write, response: &Response) -> std::io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n{}",
        response.status,
        reason_phrase(response.status),
        response.content_type,
        response.body.len(),
        SECURITY_HEADERS,
    );
    for (name, value) in &response.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    out.write_all(head.as_bytes())?;
    out.write_all(&response.body)?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(raw: &[u8]) -> Result<Request, ReadError> {
        read_request(&mut std::io::BufReader::new(raw))
    }

    #[test]
    fn reads_a_request_with_a_body_and_query() {
        let req =
            parse(b"POST /api/x?after=3&y=1 HTTP/1.1\r\nContent-Length: 2\r\nHost: a\r\n\r\n{}")
                .unwrap();
        assert_eq!(req.method, "POST");
        assert_eq!(req.path, "/api/x");
        assert_eq!(req.query_param("after"), Some("3"));
        assert_eq!(req.query_param("z"), None);
        assert_eq!(req.header("host"), Some("a"));
        assert_eq!(req.body, b"{}");
    }

    #[test]
    fn refuses_oversized_and_malformed_requests() {
        let big = format!(
            "POST / HTTP/1.1\r\nContent-Length: {}\r\n\r\n",
            MAX_BODY + 1
        );
        assert_eq!(parse(big.as_bytes()).unwrap_err().status(), Some(413));
        let long_header = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(MAX_HEAD));
        assert_eq!(
            parse(long_header.as_bytes()).unwrap_err().status(),
            Some(431)
        );
        for bad in [
            &b"GET /\r\n\r\n"[..],
            b"GET / HTTP/2\r\n\r\n",
            b"get / HTTP/1.1\r\n\r\n",
            b"GET x HTTP/1.1\r\n\r\n",
            b"GET / HTTP/1.1\r\nNoColon\r\n\r\n",
            b"POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
            b"POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nab",
            b"GET / HTTP/1.1\r\nHost: a",
        ] {
            assert_eq!(parse(bad).unwrap_err().status(), Some(400), "{bad:?}");
        }
        let chunked = b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n";
        assert_eq!(parse(chunked).unwrap_err().status(), Some(411));
        assert!(matches!(parse(b""), Err(ReadError::Closed)));
    }

    #[test]
    fn writes_status_length_and_security_headers() {
        let mut out = Vec::new();
        write_response(&mut out, &Response::error(404, "no such game")).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("HTTP/1.1 404 Not Found\r\n"), "{text}");
        assert!(text.contains("Content-Length: 24\r\n"), "{text}");
        assert!(text.contains("X-Content-Type-Options: nosniff"));
        assert!(text.ends_with("{\"error\":\"no such game\"}"), "{text}");
    }
}
