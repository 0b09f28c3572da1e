//! The server's view of one request and one response, and the checks a request's head must
//! pass before its body is read.
//!
//! hyper parses the bytes (framing, header syntax, the head size limit); what is checked here
//! is this server's own policy on a parsed head: a `Host` header (a loopback server answers
//! only to local names), no chunked bodies, and a declared body within [`MAX_BODY`].

use axum::http::{header, request::Parts};

/// Largest request line plus headers accepted, in bytes (hyper enforces it with a 431).
pub const MAX_HEAD: usize = 8 * 1024;
/// Largest request body accepted, in bytes (the API's bodies are a few hundred bytes).
pub const MAX_BODY: usize = 16 * 1024;

/// A request as the router sees it: head checked, body complete.
#[derive(Debug, Clone)]
pub struct Request {
    /// `GET`, `POST`, ...
    pub method: String,
    /// The path without the query string, still percent-encoded.
    pub path: String,
    /// The raw query string (after `?`), possibly empty.
    pub query: String,
    /// Header names lower-cased, values as sent (those that are not UTF-8 are left out).
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

/// Checks a parsed request head against this server's policy and returns the request
/// (with an empty body) and the body length it declares. `loopback_only` turns on the
/// DNS-rebinding guard: only `localhost`, `127.0.0.1` and `[::1]` may be named in `Host`.
/// A refusal is the response to send, before any of the body is read.
pub fn check_head(parts: &Parts, loopback_only: bool) -> Result<(Request, usize), Response> {
    let Some(host) = parts.headers.get(header::HOST) else {
        return Err(Response::error(400, "a request must name its Host"));
    };
    if parts.headers.get_all(header::HOST).iter().count() > 1 {
        return Err(Response::error(400, "more than one Host header"));
    }
    if loopback_only && !host.to_str().is_ok_and(host_allowed) {
        return Err(Response::error(
            403,
            "this server only answers to localhost / 127.0.0.1",
        ));
    }
    if parts.headers.contains_key(header::TRANSFER_ENCODING) {
        return Err(Response::error(
            411,
            "request bodies must be sent with Content-Length",
        ));
    }
    // hyper has already refused a malformed or conflicting Content-Length (400).
    let length = match parts.headers.get(header::CONTENT_LENGTH) {
        None => 0,
        Some(v) => v
            .to_str()
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .ok_or_else(|| Response::error(400, "bad Content-Length"))?,
    };
    if length > MAX_BODY as u64 {
        return Err(Response::error(
            413,
            &format!("request body larger than {MAX_BODY} bytes"),
        ));
    }
    let path = parts.uri.path();
    if !path.starts_with('/') {
        return Err(Response::error(
            400,
            "request target must be an absolute path",
        ));
    }
    let headers = parts
        .headers
        .iter()
        .filter_map(|(name, value)| Some((name.as_str().to_string(), value.to_str().ok()?.into())))
        .collect();
    let request = Request {
        method: parts.method.as_str().to_string(),
        path: path.to_string(),
        query: parts.uri.query().unwrap_or_default().to_string(),
        headers,
        body: Vec::new(),
    };
    Ok((request, length as usize))
}

/// Whether a `Host` value names this machine. A server on loopback refuses other names so
/// that a web site cannot reach it through DNS rebinding.
pub fn host_allowed(host: &str) -> bool {
    let name = if host.starts_with('[') {
        host.split(']').next().map(|h| format!("{h}]"))
    } else {
        host.split(':').next().map(str::to_string)
    };
    matches!(name.as_deref(), Some("127.0.0.1" | "localhost" | "[::1]"))
}

/// A complete response (event streams are built in [`super::events`] instead).
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

/// Headers sent with every response this server writes: the page may load only its own
/// embedded files, and nothing is cached.
pub const SECURITY_HEADERS: [(&str, &str); 4] = [
    ("x-content-type-options", "nosniff"),
    (
        "content-security-policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self'",
    ),
    ("referrer-policy", "no-referrer"),
    ("cache-control", "no-store"),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn head(request: axum::http::request::Builder) -> Parts {
        request.body(()).unwrap().into_parts().0
    }

    fn get(host: &str) -> axum::http::request::Builder {
        axum::http::Request::get("/api/x?after=3&y=1").header("host", host)
    }

    #[test]
    fn reads_the_path_query_and_headers() {
        let parts = head(get("a").header("Content-Length", "2"));
        let (req, length) = check_head(&parts, false).unwrap();
        assert_eq!(req.method, "GET");
        assert_eq!(req.path, "/api/x");
        assert_eq!(req.query_param("after"), Some("3"));
        assert_eq!(req.query_param("z"), None);
        assert_eq!(req.header("host"), Some("a"));
        assert_eq!(length, 2);
    }

    fn refusal(parts: Parts, loopback_only: bool) -> u16 {
        check_head(&parts, loopback_only).unwrap_err().status
    }

    #[test]
    fn refuses_heads_that_break_the_policy() {
        let missing_host = head(axum::http::Request::get("/"));
        assert_eq!(refusal(missing_host, false), 400);
        let two_hosts = head(get("localhost").header("host", "evil.example"));
        assert_eq!(refusal(two_hosts, true), 400);
        let big = head(get("a").header("content-length", (MAX_BODY + 1).to_string()));
        assert_eq!(refusal(big, false), 413);
        let fits = head(get("a").header("content-length", MAX_BODY.to_string()));
        assert_eq!(check_head(&fits, false).unwrap().1, MAX_BODY);
        let chunked = head(get("a").header("transfer-encoding", "chunked"));
        assert_eq!(refusal(chunked, false), 411);
        assert_eq!(refusal(head(get("evil.example")), true), 403);
        assert!(check_head(&head(get("evil.example")), false).is_ok());
    }

    #[test]
    fn only_local_host_names_pass() {
        for ok in ["127.0.0.1:8080", "localhost", "localhost:1", "[::1]:8080"] {
            assert!(host_allowed(ok), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "127.0.0.1.evil.example",
            "[::2]:80",
            "",
        ] {
            assert!(!host_allowed(bad), "{bad}");
        }
    }
}
