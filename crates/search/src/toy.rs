//! A tiny deterministic game for testing the search without the real rules: the moves,
//! checks, captures and values of a position all derive from a hash of its state. The
//! state is the (commutative) sum of the moves' keys, so different move orders transpose
//! into the same position, as in real games.

use game::{Game, MoveList, MoveStyle, Outcome, Score, Side, Verdict};

fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

fn key(mv: u8) -> u64 {
    mix((mv as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) + 17)
}

/// A position of the toy game.
#[derive(Clone, Debug)]
pub struct Toy {
    state: u64,
    side: Side,
    history: Vec<u8>,
}

/// The toy game's only error.
#[derive(Debug)]
pub struct ToyError;

impl std::fmt::Display for ToyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("toy error")
    }
}
impl std::error::Error for ToyError {}

impl Toy {
    /// The start position with seed `seed`.
    pub fn seeded(seed: u64) -> Toy {
        Toy {
            state: mix(seed),
            side: Side::White,
            history: Vec::new(),
        }
    }

    fn h(&self) -> u64 {
        mix(self.state ^ (self.side.index() as u64) << 63)
    }

    fn moves(&self) -> impl Iterator<Item = u8> {
        let h = self.h();
        let n = if h.is_multiple_of(11) {
            0
        } else {
            1 + (h >> 4) % 5
        };
        (0..n).map(move |k| (k * 4 + (h >> (8 + 2 * k)) % 4 + 1) as u8)
    }

    fn noisy(&self, mv: u8) -> bool {
        mix(self.h() ^ mv as u64).is_multiple_of(3)
    }
}

impl Game for Toy {
    type Move = u8;
    type FenError = ToyError;
    type MoveError = ToyError;
    type Evaluator = ();
    const NAME: &'static str = "toy";

    fn start() -> Self {
        Toy::seeded(0)
    }
    fn from_fen(fen: &str) -> Result<Self, ToyError> {
        fen.parse().map(Toy::seeded).map_err(|_| ToyError)
    }
    fn to_fen(&self) -> String {
        format!("{}", self.state)
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn generate(&self, list: &mut MoveList<u8>) {
        for mv in self.moves() {
            list.push(mv);
        }
    }
    fn generate_noisy(&self, list: &mut MoveList<u8>) {
        for mv in self.moves() {
            if self.noisy(mv) {
                list.push(mv);
            }
        }
    }
    fn make(&mut self, mv: u8) {
        self.state = self.state.wrapping_add(key(mv));
        self.side = self.side.flip();
        self.history.push(mv);
    }
    fn unmake(&mut self, mv: u8) {
        assert_eq!(self.history.pop(), Some(mv));
        self.state = self.state.wrapping_sub(key(mv));
        self.side = self.side.flip();
    }
    fn make_null(&mut self) {
        self.side = self.side.flip();
        self.history.push(0);
    }
    fn unmake_null(&mut self) {
        assert_eq!(self.history.pop(), Some(0));
        self.side = self.side.flip();
    }
    fn in_check(&self) -> bool {
        (self.h() >> 40).is_multiple_of(5)
    }
    fn hash(&self) -> u64 {
        self.h()
    }
    fn evaluate(&self) -> Score {
        ((self.h() >> 20) % 401) as Score - 200
    }
    fn adjudicate(&self, _plies_from_root: usize) -> Option<Verdict> {
        match (self.h() >> 50) % 40 {
            0 => Some(Verdict::Draw),
            1 => Some(Verdict::Loss),
            _ => None,
        }
    }
    fn no_moves_verdict(&self) -> Verdict {
        if self.in_check() {
            Verdict::Loss
        } else {
            Verdict::Draw
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn is_capture(&self, mv: u8) -> bool {
        self.noisy(mv)
    }
    fn is_noisy(&self, mv: u8) -> bool {
        self.noisy(mv)
    }
    fn mvv_lva(&self, mv: u8) -> i32 {
        (mix(self.h() ^ mv as u64 ^ 99) % 100) as i32
    }
    fn see_ge(&self, mv: u8, threshold: Score) -> bool {
        (mix(self.h() ^ mv as u64 ^ 7) % 600) as Score - 200 >= threshold
    }
    fn null_move_ok(&self) -> bool {
        true
    }
    fn encode(mv: u8) -> u16 {
        mv as u16
    }
    fn decode(&self, code: u16) -> Option<u8> {
        self.moves().find(|&m| m as u16 == code)
    }
    fn format_move(&self, mv: u8, _style: MoveStyle) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str, _style: MoveStyle) -> Result<u8, ToyError> {
        let mv: u8 = text.parse().map_err(|_| ToyError)?;
        self.decode(mv as u16).ok_or(ToyError)
    }
}
