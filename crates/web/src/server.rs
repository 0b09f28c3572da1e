//! The listening socket: one short-lived thread per connection (bounded in number), a
//! housekeeping thread, and the server-sent event writer.

use super::http::{read_request, write_response, Request, Response, SECURITY_HEADERS};
use super::registry::{Offered, Registry};
use super::routes::{route, Reply};
use super::shared::GameHandle;
use super::think::{Config, Ctx};
use std::io::{BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often an idle event stream sends a comment (which also detects a closed client).
const KEEPALIVE: Duration = Duration::from_secs(5);

/// A bound server, ready to run.
pub struct Server {
    listener: TcpListener,
    registry: Arc<Registry>,
    connections: Arc<AtomicUsize>,
    loopback_only: bool,
}

impl Server {
    /// Binds `addr` and prepares to serve `kinds` of game under `config`.
    pub fn bind(addr: &str, config: Config, kinds: Vec<Offered>) -> std::io::Result<Server> {
        let listener = TcpListener::bind(addr)?;
        let loopback_only = listener.local_addr()?.ip().is_loopback();
        Ok(Server {
            listener,
            registry: Arc::new(Registry::new(Ctx::new(config), kinds)),
            connections: Arc::new(AtomicUsize::new(0)),
            loopback_only,
        })
    }

    /// The address actually bound (useful with port 0).
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The game table (tests inspect it).
    pub fn registry(&self) -> Arc<Registry> {
        self.registry.clone()
    }

    /// Serves until the process ends.
    pub fn run(self) -> std::io::Result<()> {
        let janitor = self.registry.clone();
        std::thread::Builder::new()
            .name("chariot-janitor".into())
            .spawn(move || loop {
                std::thread::sleep(Duration::from_millis(250));
                janitor.sweep();
            })?;
        let max = self.registry.ctx().config.max_connections;
        for stream in self.listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            if self.connections.fetch_add(1, Ordering::SeqCst) >= max {
                self.connections.fetch_sub(1, Ordering::SeqCst);
                let _ = stream.set_write_timeout(Some(Duration::from_secs(1)));
                let busy = Response::error(503, "too many connections; try again");
                let _ = write_response(&mut stream, &busy);
                continue;
            }
            let guard = ConnectionGuard(self.connections.clone());
            let registry = self.registry.clone();
            let loopback_only = self.loopback_only;
            let spawned = std::thread::Builder::new()
                .name("chariot-http".into())
                .spawn(move || {
                    let _guard = guard;
                    serve(stream, &registry, loopback_only);
                });
            if let Err(e) = spawned {
                eprintln!("chariot web: cannot start a connection thread: {e}");
            }
        }
        Ok(())
    }

    /// Runs the server on a background thread (for tests) and returns its address.
    pub fn spawn(self) -> std::io::Result<SocketAddr> {
        let addr = self.local_addr()?;
        std::thread::Builder::new()
            .name("chariot-accept".into())
            .spawn(move || self.run())?;
        Ok(addr)
    }
}

/// Reads from a socket until a deadline for the whole request, so a client that trickles
/// bytes cannot hold a connection slot for longer than [`Config::request_timeout`].
struct DeadlineReader {
    stream: TcpStream,
    deadline: Instant,
}

impl std::io::Read for DeadlineReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        self.stream.set_read_timeout(Some(left))?;
        self.stream.read(buf)
    }
}

struct ConnectionGuard(Arc<AtomicUsize>);

impl Drop for ConnectionGuard {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Whether the Host header names this machine. A server on loopback refuses other names so
/// that a web site cannot reach it through DNS rebinding.
fn host_allowed(req: &Request) -> bool {
    let Some(host) = req.header("host") else {
        return true;
    };
    let name = if host.starts_with('[') {
        host.split(']').next().map(|h| format!("{h}]"))
    } else {
        host.split(':').next().map(str::to_string)
    };
    matches!(name.as_deref(), Some("127.0.0.1" | "localhost" | "[::1]"))
}

fn serve(stream: TcpStream, registry: &Registry, loopback_only: bool) {
    let timeout = registry.ctx().config.request_timeout;
    let _ = stream.set_write_timeout(Some(timeout));
    let _ = stream.set_nodelay(true);
    let Ok(read_half) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(DeadlineReader {
        stream: read_half,
        deadline: Instant::now() + timeout,
    });
    let mut out = stream;
    let request = match read_request(&mut reader) {
        Ok(req) => req,
        Err(e) => {
            if let Some(status) = e.status() {
                let _ = write_response(&mut out, &Response::error(status, &e.to_string()));
            }
            return;
        }
    };
    if loopback_only && !host_allowed(&request) {
        let refused = Response::error(403, "this server only answers to localhost / 127.0.0.1");
        let _ = write_response(&mut out, &refused);
        return;
    }
    match route(&request, registry) {
        Reply::Full(mut response) => {
            if request.method == "HEAD" {
                response.body.clear();
            }
            let _ = write_response(&mut out, &response);
        }
        Reply::Events(game, after) => {
            let limit = registry.ctx().config.max_think + Duration::from_secs(30);
            let _ = stream_events(&mut out, game.as_ref(), after, limit);
        }
    }
}

/// Writes a game's events as `text/event-stream` until the engine is idle and every event
/// has been sent (then an `idle` event), the client goes away, or `limit` passes.
pub fn stream_events(
    out: &mut impl Write,
    game: &dyn GameHandle,
    mut after: u64,
    limit: Duration,
) -> std::io::Result<()> {
    let head = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n{SECURITY_HEADERS}\r\n"
    );
    out.write_all(head.as_bytes())?;
    out.write_all(b"retry: 2000\n\n")?;
    out.flush()?;
    let start = Instant::now();
    while start.elapsed() < limit {
        let batch = game.next_events(after, KEEPALIVE);
        if batch.events.is_empty() && batch.busy {
            out.write_all(b": thinking\n\n")?;
        }
        for (seq, data) in &batch.events {
            out.write_all(format!("id: {seq}\ndata: {data}\n\n").as_bytes())?;
            after = *seq;
        }
        out.flush()?;
        if !batch.busy && game.next_events(after, Duration::ZERO).events.is_empty() {
            out.write_all(format!("id: {after}\nevent: idle\ndata: {{}}\n\n").as_bytes())?;
            return out.flush();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_host(host: &str) -> Request {
        Request {
            method: "GET".into(),
            path: "/".into(),
            query: String::new(),
            headers: vec![("host".into(), host.into())],
            body: Vec::new(),
        }
    }

    #[test]
    fn only_local_host_names_pass() {
        for ok in ["127.0.0.1:8080", "localhost", "localhost:1", "[::1]:8080"] {
            assert!(host_allowed(&with_host(ok)), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "127.0.0.1.evil.example",
            "[::2]:80",
            "",
        ] {
            assert!(!host_allowed(&with_host(bad)), "{bad}");
        }
    }
}
