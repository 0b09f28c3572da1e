//! Builds the fancy-magic slider attack tables at compile time, so the crate has no
//! runtime initialisation to forget. The magic numbers are searched here with a fixed
//! seed, so every build produces the same tables. It also chooses the network file built
//! into the engine (`../nnue/embed/choose.rs`, shared with xiangqi's build script).

#[path = "../nnue/embed/choose.rs"]
mod choose;

use std::fmt::Write as _;
use std::path::PathBuf;

/// The chess network built into the engine: `nets/sf-depth1-41m.nnue` unless
/// `CHARIOT_EVALFILE` (`make EVALFILE=`) names another file. (Stockfish-derived; the own
/// generation 2, `nets/chess-gen2-8m.nnue`, was the default for one session and lost
/// −28.7 Elo over 400 games at 10+0.1 against it: docs/networks.md.)
const NETWORK: choose::Source = choose::Source {
    game: "chess",
    env: "CHARIOT_EVALFILE",
    make: "EVALFILE",
    default: "nets/sf-depth1-41m.nnue",
};

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Squares a slider on `sq` attacks given the occupancy `occ` (blockers included).
fn slide(sq: usize, occ: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut attacks = 0u64;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
        loop {
            f += df;
            r += dr;
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                break;
            }
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occ & bit != 0 {
                break;
            }
        }
    }
    attacks
}

/// The relevant-occupancy mask: the rays without their last square.
fn mask(sq: usize, dirs: &[(i32, i32); 4]) -> u64 {
    let mut m = 0u64;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
        loop {
            let (nf, nr) = (f + df, r + dr);
            if !(0..8).contains(&(nf + df)) || !(0..8).contains(&(nr + dr)) {
                break;
            }
            f = nf;
            r = nr;
            m |= 1u64 << (r * 8 + f);
        }
    }
    m
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// Finds a magic for one square and returns (mask, magic, shift, table).
fn find_magic(sq: usize, dirs: &[(i32, i32); 4], rng: &mut Rng) -> (u64, u64, u32, Vec<u64>) {
    let m = mask(sq, dirs);
    let bits = m.count_ones();
    let shift = 64 - bits;
    let mut occs = Vec::new();
    let mut refs = Vec::new();
    let mut sub = 0u64;
    loop {
        occs.push(sub);
        refs.push(slide(sq, sub, dirs));
        sub = sub.wrapping_sub(m) & m;
        if sub == 0 {
            break;
        }
    }
    let size = 1usize << bits;
    let mut table = vec![0u64; size];
    let mut epoch = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        let magic = rng.sparse();
        if (m.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let mut ok = true;
        for (&occ, &att) in occs.iter().zip(&refs) {
            let idx = (occ.wrapping_mul(magic) >> shift) as usize;
            if epoch[idx] != attempt {
                epoch[idx] = attempt;
                table[idx] = att;
            } else if table[idx] != att {
                ok = false;
                break;
            }
        }
        if ok {
            return (m, magic, shift, table);
        }
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=../nnue/embed/choose.rs");
    if let Err(why) = choose::choose(&NETWORK) {
        // Cargo shows a failed build script's standard error: the reason, on its own line.
        eprintln!("error: the chess network to build in: {why}");
        std::process::exit(1);
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut all = Vec::<u64>::new();
    let mut out = String::new();
    for (name, dirs) in [("ROOK_MAGICS", &ROOK_DIRS), ("BISHOP_MAGICS", &BISHOP_DIRS)] {
        writeln!(out, "pub(crate) static {name}: [Magic; 64] = [").unwrap();
        for sq in 0..64 {
            let (m, magic, shift, table) = find_magic(sq, dirs, &mut rng);
            writeln!(
                out,
                "    Magic {{ mask: {m:#x}, magic: {magic:#x}, shift: {shift}, offset: {} }},",
                all.len()
            )
            .unwrap();
            all.extend(table);
        }
        writeln!(out, "];").unwrap();
    }
    writeln!(
        out,
        "pub(crate) static SLIDER_ATTACKS: [u64; {}] = [",
        all.len()
    )
    .unwrap();
    for chunk in all.chunks(16) {
        for v in chunk {
            write!(out, "{v},").unwrap();
        }
        out.push('\n');
    }
    writeln!(out, "];").unwrap();
    let path = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("magic_tables.rs");
    std::fs::write(path, out).unwrap();
}
