//! A two-move game for testing the arena without real rules. Its FEN is the number of
//! plies until the game is drawn by the move-count rule; `a1a2` is a quiet move and
//! `b1b2` wins on the spot (the opponent is "checkmated").

use game::{EndReason, Game, MoveList, MoveStyle, Outcome, Score, Side, Verdict};

#[derive(Clone, Debug)]
pub struct Toy {
    plies_left: u32,
    side: Side,
    won_by: Option<Side>,
    history: Vec<u8>,
}

#[derive(Debug, thiserror::Error)]
#[error("toy error")]
pub struct ToyError;

const QUIET: u8 = 1;
const WIN: u8 = 2;

impl Game for Toy {
    type Move = u8;
    type FenError = ToyError;
    type MoveError = ToyError;
    type Evaluator = ();
    const NAME: &'static str = "toy";

    fn start() -> Self {
        Toy::from_fen("20").expect("valid")
    }
    fn from_fen(fen: &str) -> Result<Self, ToyError> {
        let plies_left = fen.trim().parse().map_err(|_| ToyError)?;
        Ok(Toy {
            plies_left,
            side: Side::White,
            won_by: None,
            history: Vec::new(),
        })
    }
    fn to_fen(&self) -> String {
        self.plies_left.to_string()
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn generate(&self, list: &mut MoveList<u8>) {
        if self.outcome().is_none() {
            list.push(QUIET);
            list.push(WIN);
        }
    }
    fn generate_noisy(&self, _list: &mut MoveList<u8>) {}
    fn make(&mut self, mv: u8) {
        if mv == WIN {
            self.won_by = Some(self.side);
        }
        self.plies_left -= 1;
        self.side = self.side.flip();
        self.history.push(mv);
    }
    fn unmake(&mut self, _mv: u8) {
        self.history.pop();
        self.plies_left += 1;
        self.side = self.side.flip();
        self.won_by = None;
    }
    fn make_null(&mut self) {}
    fn unmake_null(&mut self) {}
    fn in_check(&self) -> bool {
        false
    }
    fn hash(&self) -> u64 {
        self.plies_left as u64
    }
    fn evaluate(&self) -> Score {
        0
    }
    fn adjudicate(&self, _plies: usize) -> Option<Verdict> {
        None
    }
    fn no_moves_verdict(&self) -> Verdict {
        Verdict::Loss
    }
    fn outcome(&self) -> Option<Outcome> {
        if let Some(w) = self.won_by {
            return Some(Outcome {
                winner: Some(w),
                reason: EndReason::Checkmate,
            });
        }
        (self.plies_left == 0).then_some(Outcome {
            winner: None,
            reason: EndReason::MoveLimit,
        })
    }
    fn is_capture(&self, _mv: u8) -> bool {
        false
    }
    fn is_noisy(&self, _mv: u8) -> bool {
        false
    }
    fn mvv_lva(&self, _mv: u8) -> i32 {
        0
    }
    fn see_ge(&self, _mv: u8, _t: Score) -> bool {
        true
    }
    fn null_move_ok(&self) -> bool {
        false
    }
    fn encode(mv: u8) -> u16 {
        mv as u16
    }
    fn decode(&self, code: u16) -> Option<u8> {
        self.legal_moves()
            .iter()
            .copied()
            .find(|&m| m as u16 == code)
    }
    fn format_move(&self, mv: u8, _style: MoveStyle) -> String {
        if mv == WIN { "b1b2" } else { "a1a2" }.to_string()
    }
    fn parse_move(&self, text: &str, _style: MoveStyle) -> Result<u8, ToyError> {
        let mv = match text {
            "a1a2" => QUIET,
            "b1b2" => WIN,
            _ => return Err(ToyError),
        };
        self.decode(mv as u16).ok_or(ToyError)
    }
}
