//! The listening socket: hyper's HTTP/1.1 connections (keep-alive, bounded in number and in
//! time) on a tokio runtime, each request answered by an axum handler that checks the head,
//! reads the body within its limits, and runs the router on the blocking pool.

use super::events::EventStream;
use super::http::{check_head, Response, MAX_BODY, MAX_HEAD, SECURITY_HEADERS};
use super::registry::{Offered, Registry};
use super::routes::{route, Reply};
use super::stall::WriteDeadline;
use super::store::Store;
use super::think::{Config, Ctx};
use axum::body::Body;
use axum::extract::State;
use axum::http::header;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// How long a refused connection (the server is full) may take to send its request and
/// read the 503.
const REFUSAL_TIME: Duration = Duration::from_secs(1);

/// A bound server, ready to run.
pub struct Server {
    listener: TcpListener,
    app: Arc<App>,
}

/// What every request handler shares.
struct App {
    registry: Arc<Registry>,
    loopback_only: bool,
}

impl Server {
    /// Binds `addr` and prepares to serve `kinds` of game under `config`.
    /// Games are kept in memory only.
    pub fn bind(addr: &str, config: Config, kinds: Vec<Offered>) -> std::io::Result<Server> {
        Server::bind_with_store(addr, config, kinds, Store::memory())
    }

    /// Binds `addr` and prepares to serve `kinds` of game under `config`, saving them in
    /// `store` (and reopening the games stored there).
    pub fn bind_with_store(
        addr: &str,
        config: Config,
        kinds: Vec<Offered>,
        store: Store,
    ) -> std::io::Result<Server> {
        let listener = TcpListener::bind(addr)?;
        listener.set_nonblocking(true)?;
        let loopback_only = listener.local_addr()?.ip().is_loopback();
        let registry = Arc::new(Registry::new(Ctx::with_store(config, store), kinds));
        Ok(Server {
            listener,
            app: Arc::new(App {
                registry,
                loopback_only,
            }),
        })
    }

    /// The address actually bound (useful with port 0).
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The game table (tests inspect it).
    pub fn registry(&self) -> Arc<Registry> {
        self.app.registry.clone()
    }

    /// Serves until the process ends.
    pub fn run(self) -> std::io::Result<()> {
        let janitor = self.app.registry.clone();
        std::thread::Builder::new()
            .name("chariot-janitor".into())
            .spawn(move || loop {
                std::thread::sleep(Duration::from_millis(250));
                janitor.sweep();
            })?;
        tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .thread_name("chariot-http")
            .build()?
            .block_on(self.accept())
    }

    /// Runs the server on a background thread (for tests) and returns its address.
    pub fn spawn(self) -> std::io::Result<SocketAddr> {
        let addr = self.local_addr()?;
        std::thread::Builder::new()
            .name("chariot-server".into())
            .spawn(move || self.run())?;
        Ok(addr)
    }

    /// Accepts connections forever, each served on its own task while a slot is free.
    async fn accept(self) -> std::io::Result<()> {
        let listener = tokio::net::TcpListener::from_std(self.listener)?;
        let config = &self.app.registry.ctx().config;
        let slots = Arc::new(Semaphore::new(config.max_connections));
        let timeout = config.request_timeout;
        let router = axum::Router::new()
            .fallback(answer)
            .with_state(self.app.clone());
        loop {
            let stream = match listener.accept().await {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of file descriptors, say: wait for some to close rather than spin.
                    eprintln!("chariot web: accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            let _ = stream.set_nodelay(true);
            let Ok(slot) = slots.clone().try_acquire_owned() else {
                tokio::spawn(refuse(stream));
                continue;
            };
            let service = TowerToHyperService::new(router.clone());
            tokio::spawn(async move {
                let _slot = slot;
                let io = TokioIo::new(WriteDeadline::new(stream, timeout));
                // Errors here are the client's (a reset, a malformed request hyper answered
                // itself, a timeout): nothing to do but close the connection.
                let _ = connection_builder(timeout)
                    .serve_connection(io, service)
                    .await;
            });
        }
    }
}

/// hyper's HTTP/1.1 settings: keep-alive, the head size limit, and the head timeout (which
/// also closes a keep-alive connection left idle that long).
fn connection_builder(timeout: Duration) -> http1::Builder {
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .keep_alive(true)
        .header_read_timeout(timeout)
        .max_header_size(MAX_HEAD)
        .max_buf_size(MAX_HEAD + MAX_BODY);
    builder
}

/// Answers a connection over the cap with 503, then closes it.
async fn refuse(stream: tokio::net::TcpStream) {
    let io = TokioIo::new(WriteDeadline::new(stream, REFUSAL_TIME));
    let busy = hyper::service::service_fn(|_| async {
        Ok::<_, std::convert::Infallible>(full(Response::error(
            503,
            "too many connections; try again",
        )))
    });
    let mut builder = connection_builder(REFUSAL_TIME);
    builder.keep_alive(false);
    let _ = tokio::time::timeout(REFUSAL_TIME, builder.serve_connection(io, busy)).await;
}

/// Answers one request: the head's checks, the body within its size and time limits, then
/// the router on the blocking pool (game calls take locks and may allocate an engine).
async fn answer(
    State(app): State<Arc<App>>,
    request: axum::extract::Request,
) -> axum::response::Response {
    let (parts, body) = request.into_parts();
    let (mut req, length) = match check_head(&parts, app.loopback_only) {
        Ok(checked) => checked,
        Err(refusal) => return full(refusal),
    };
    let config = &app.registry.ctx().config;
    if length > 0 {
        let read = axum::body::to_bytes(body, MAX_BODY);
        match tokio::time::timeout(config.request_timeout, read).await {
            Ok(Ok(bytes)) => req.body = bytes.to_vec(),
            Ok(Err(_)) => {
                return full(Response::error(
                    400,
                    "the request body did not arrive whole",
                ))
            }
            Err(_) => {
                let mut late = full(Response::error(408, "the request body took too long"));
                late.headers_mut()
                    .insert(header::CONNECTION, "close".parse().expect("a valid value"));
                return late;
            }
        }
    }
    let stream_limit = config.max_think + Duration::from_secs(30);
    let registry = app.registry.clone();
    match tokio::task::spawn_blocking(move || route(&req, &registry)).await {
        Ok(Reply::Full(response)) => full(response),
        Ok(Reply::Events(game, after)) => {
            let mut response = axum::response::Response::new(Body::new(EventStream::new(
                game,
                after,
                stream_limit,
            )));
            let headers = response.headers_mut();
            headers.insert(
                header::CONTENT_TYPE,
                "text/event-stream".parse().expect("a valid value"),
            );
            for (name, value) in SECURITY_HEADERS {
                headers.insert(name, value.parse().expect("a valid value"));
            }
            response
        }
        Err(_) => full(Response::error(500, "the request failed inside the server")),
    }
}

/// A complete response with the security headers; a header value that cannot be sent
/// (never expected) becomes a 500 rather than a panic.
fn full(response: Response) -> axum::response::Response {
    let mut builder = axum::http::Response::builder()
        .status(response.status)
        .header(header::CONTENT_TYPE, response.content_type);
    for (name, value) in SECURITY_HEADERS {
        builder = builder.header(name, value);
    }
    for (name, value) in &response.headers {
        builder = builder.header(*name, value);
    }
    builder.body(Body::from(response.body)).unwrap_or_else(|_| {
        let mut failed = axum::response::Response::new(Body::from("bad response header"));
        *failed.status_mut() = axum::http::StatusCode::INTERNAL_SERVER_ERROR;
        failed
    })
}
