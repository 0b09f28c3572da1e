//! The HTTP layer checked byte by byte over raw TCP: keep-alive, framing that must be
//! refused (conflicting lengths, malformed headers, chunked bodies), the size limits, the
//! `Host` rules, and the time and connection caps.

use super::api_tests::{call, json, quick, raw, read_response, start, HANG};
use super::http::{MAX_BODY, MAX_HEAD};
use super::think::Config;
use std::io::Write;
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

fn connect(addr: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(HANG)).unwrap();
    stream
}

#[test]
fn two_requests_share_one_connection() {
    let (addr, _) = start(quick());
    let mut stream = connect(addr);
    let body = r#"{"game":"tictactoe"}"#;
    let create = format!(
        "POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(create.as_bytes()).unwrap();
    let (status, head, text) = read_response(&mut stream);
    assert_eq!(status, 201, "{head}{text}");
    assert!(
        !head.to_ascii_lowercase().contains("connection: close"),
        "{head}"
    );
    assert!(head.contains("x-content-type-options: nosniff"), "{head}");
    let id = json(&text)["id"].as_str().unwrap().to_string();
    // The same socket carries the next request, and the game is there.
    let get = format!("GET /api/games/{id} HTTP/1.1\r\nHost: localhost\r\n\r\n");
    stream.write_all(get.as_bytes()).unwrap();
    let (status, _, text) = read_response(&mut stream);
    assert_eq!(status, 200, "{text}");
    assert_eq!(json(&text)["id"], id.as_str());
}

#[test]
fn malformed_framing_is_refused_with_400() {
    let (addr, _) = start(quick());
    let cases: &[&[u8]] = &[
        b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}x",
        b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2, 3\r\n\r\n{}x",
        b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Length: -1\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost : localhost\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: localhost\r\nNoColon\r\n\r\n",
        b"GET / HTTP/1.1\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n",
    ];
    for bytes in cases {
        let (status, body) = raw(addr, bytes);
        assert_eq!(status, 400, "{}: {body}", String::from_utf8_lossy(bytes));
    }
    // The server is still there for well-formed requests.
    assert_eq!(call(addr, "GET", "/api/info", "").0, 200);
}

#[test]
fn oversized_heads_and_bodies_and_chunked_bodies_are_refused() {
    let (addr, registry) = start(quick());
    let long_header = format!(
        "GET / HTTP/1.1\r\nHost: localhost\r\nX-Filler: {}\r\n\r\n",
        "a".repeat(MAX_HEAD)
    );
    assert_eq!(raw(addr, long_header.as_bytes()).0, 431);
    // A head just inside the limit is fine.
    let fits = format!(
        "GET /api/info HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nX-Filler: {}\r\n\r\n",
        "a".repeat(MAX_HEAD - 200)
    );
    assert_eq!(raw(addr, fits.as_bytes()).0, 200);
    // A body declared too large is refused before any of it is sent.
    let big = format!(
        "POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        MAX_BODY + 1
    );
    let (status, text) = raw(addr, big.as_bytes());
    assert_eq!(status, 413, "{text}");
    assert!(json(&text)["error"].as_str().unwrap().contains("larger"));
    let chunked = b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n";
    assert_eq!(raw(addr, chunked).0, 411);
    assert_eq!(registry.len(), 0, "no refused request made a game");
}

#[test]
fn a_body_that_never_arrives_whole_is_cut_off() {
    let (addr, registry) = start(Config {
        request_timeout: Duration::from_millis(300),
        ..quick()
    });
    let mut stream = connect(addr);
    stream
        .write_all(b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{")
        .unwrap();
    let (status, head, text) = read_response(&mut stream);
    assert_eq!(status, 408, "{head}{text}");
    assert_eq!(registry.len(), 0);
}

#[test]
fn connections_over_the_cap_get_503() {
    let (addr, _) = start(Config {
        max_connections: 1,
        ..quick()
    });
    // One kept-alive connection holds the only slot (its answer proves it was accepted).
    let mut held = connect(addr);
    held.write_all(b"GET /api/info HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .unwrap();
    assert_eq!(read_response(&mut held).0, 200);
    let (status, text) = call(addr, "GET", "/api/info", "");
    assert_eq!(status, 503, "{text}");
    assert!(json(&text)["error"]
        .as_str()
        .unwrap()
        .contains("connections"));
    // Closing it frees the slot.
    drop(held);
    let deadline = std::time::Instant::now() + HANG;
    while call(addr, "GET", "/api/info", "").0 != 200 {
        assert!(
            std::time::Instant::now() < deadline,
            "the slot never came back"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn an_idle_kept_alive_connection_is_closed() {
    let (addr, _) = start(Config {
        request_timeout: Duration::from_millis(300),
        ..quick()
    });
    let mut stream = connect(addr);
    stream
        .write_all(b"GET /api/info HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .unwrap();
    assert_eq!(read_response(&mut stream).0, 200);
    // No next request: the server closes the connection (read sees the end, not HANG).
    let mut rest = Vec::new();
    let read = std::io::Read::read_to_end(&mut stream, &mut rest);
    assert!(
        read.is_ok(),
        "the server never closed the idle connection: {read:?}"
    );
    assert!(rest.is_empty(), "{}", String::from_utf8_lossy(&rest));
}
