//! A game's server-sent events as a streaming response body.
//!
//! [`GameHandle::next_events`] blocks while it waits, so each wait runs on tokio's blocking
//! pool and the body only polls its result: the async workers never block. hyper pulls the
//! next chunk only once the previous one is written, so a client that stops reading costs
//! no thread; one that goes away drops the body, and the blocking wait in flight ends by
//! itself within [`KEEPALIVE`].

use super::shared::{EventBatch, GameHandle};
use axum::body::Bytes;
use http_body::{Body, Frame};
use std::convert::Infallible;
use std::fmt::Write as _;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{ready, Context, Poll};
use std::time::{Duration, Instant};
use tokio::task::JoinHandle;

/// How often an idle event stream sends a comment (which also detects a closed client).
pub const KEEPALIVE: Duration = Duration::from_secs(5);

/// The `text/event-stream` body of one game's events after a sequence number.
pub struct EventStream {
    game: Arc<dyn GameHandle>,
    after: u64,
    deadline: Instant,
    started: bool,
    finished: bool,
    waiting: Option<JoinHandle<EventBatch>>,
}

impl EventStream {
    /// Events of `game` newer than `after`, for at most `limit`.
    pub fn new(game: Arc<dyn GameHandle>, after: u64, limit: Duration) -> EventStream {
        EventStream {
            game,
            after,
            deadline: Instant::now() + limit,
            started: false,
            finished: false,
            waiting: None,
        }
    }

    /// The text for one batch; ends the stream (with an `idle` event) once the engine is
    /// idle and every event has been sent.
    fn render(&mut self, batch: EventBatch) -> String {
        let mut text = String::new();
        if batch.events.is_empty() && batch.busy {
            text.push_str(": thinking\n\n");
        }
        for (seq, data) in &batch.events {
            let _ = write!(text, "id: {seq}\ndata: {data}\n\n");
            self.after = *seq;
        }
        // An event may have landed between the batch and now: only a second empty look
        // proves the stream is over.
        if !batch.busy
            && self
                .game
                .next_events(self.after, Duration::ZERO)
                .events
                .is_empty()
        {
            let _ = write!(text, "id: {}\nevent: idle\ndata: {{}}\n\n", self.after);
            self.finished = true;
        }
        text
    }
}

impl Body for EventStream {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let this = &mut *self;
        if !this.started {
            this.started = true;
            return Poll::Ready(Some(Ok(Frame::data(Bytes::from_static(
                b"retry: 2000\n\n",
            )))));
        }
        loop {
            if this.finished {
                return Poll::Ready(None);
            }
            let waiting = match &mut this.waiting {
                Some(waiting) => waiting,
                None => {
                    if Instant::now() >= this.deadline {
                        return Poll::Ready(None);
                    }
                    let (game, after) = (this.game.clone(), this.after);
                    this.waiting.insert(tokio::task::spawn_blocking(move || {
                        game.next_events(after, KEEPALIVE)
                    }))
                }
            };
            let joined = ready!(Pin::new(waiting).poll(cx));
            this.waiting = None;
            let Ok(batch) = joined else {
                // The wait panicked or the runtime is shutting down: end the stream.
                return Poll::Ready(None);
            };
            let text = this.render(batch);
            if !text.is_empty() {
                return Poll::Ready(Some(Ok(Frame::data(Bytes::from(text)))));
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.finished
    }
}
