//! The float network that `chariot nnue-train` fits: forward pass, gradient, Adam, and
//! quantisation into the engine's [`nnue::Network`] of the game being trained (the
//! network's inputs are the game's, [`nnue::FeatureSet::INPUTS`]; the rest is shared).
//!
//! All parameters live in one flat vector (see [`Net`]) so the optimiser and the
//! per-thread gradient buffers are plain slices.

use nnue::{bucket, Activation, FeatureSet, Network, BUCKETS, HIDDEN, SCALE};

/// Where the first-layer biases start in the flat parameter vector of a network with
/// `inputs` inputs.
pub const fn b1(inputs: usize) -> usize {
    inputs * HIDDEN
}
/// Where the output weights start: [`BUCKETS`] layers of `2 × HIDDEN` (each side to
/// move's units, then the other side's).
pub const fn w2(inputs: usize) -> usize {
    b1(inputs) + HIDDEN
}
/// Where the output biases are (one per bucket).
pub const fn b2(inputs: usize) -> usize {
    w2(inputs) + BUCKETS * 2 * HIDDEN
}
/// Number of parameters.
pub const fn params(inputs: usize) -> usize {
    b2(inputs) + BUCKETS
}

/// Where the output weights of the bucket of a position with `pieces` pieces start, and
/// where its bias is.
#[inline]
pub fn output_layer(inputs: usize, pieces: usize) -> (usize, usize) {
    let b = bucket(pieces as u32);
    (w2(inputs) + b * 2 * HIDDEN, b2(inputs) + b)
}
/// Every parameter is kept in `[-CLIP, CLIP]` so the quantised values stay small.
pub const CLIP: f32 = 1.98;

/// A small deterministic generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    /// A generator; every seed (0 included) gives a usable state.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (`n` > 0; the modulo bias is negligible for our sizes).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() >> 11) % n as u64) as usize
    }

    /// Uniform in `[-r, r)`.
    pub fn uniform(&mut self, r: f32) -> f32 {
        let unit = (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
        (2.0 * unit - 1.0) * r
    }
}

/// `ln(10)`: the prediction is `sigmoid(k · ln 10 · out)` = `1 / (1 + 10^(-k·cp/400))`.
const LN_10: f32 = std::f32::consts::LN_10;

/// The win probability for an evaluation of `cp` centipawns (the Texel tuner's curve).
pub fn win_probability(k: f32, cp: f32) -> f32 {
    1.0 / (1.0 + (-k * LN_10 * cp / 400.0).exp())
}

/// The float network: `[W1 (inputs × HIDDEN, input-major) | b1 | W2 (BUCKETS × 2 × HIDDEN) | b2 (BUCKETS)]`.
/// A position's bucket is that of its number of pieces, which is the number of its
/// active inputs per side.
#[derive(Clone, Debug)]
pub struct Net {
    /// The flat parameters (length [`params`] of `inputs`).
    pub params: Vec<f32>,
    /// Inputs per perspective (the game's).
    pub inputs: usize,
    /// The hidden units' activation.
    pub activation: Activation,
}

/// The first layer's sums of one perspective: `b1 + Σ W1[f]`.
#[inline]
fn hidden(params: &[f32], b1: usize, features: &[u16], out: &mut [f32; HIDDEN]) {
    out.copy_from_slice(&params[b1..b1 + HIDDEN]);
    for &f in features {
        let row = &params[f as usize * HIDDEN..][..HIDDEN];
        for (h, &w) in out.iter_mut().zip(row) {
            *h += w;
        }
    }
}

/// A hidden unit's output for its sum `h`.
#[inline(always)]
fn activate(h: f32, activation: Activation) -> f32 {
    let c = h.clamp(0.0, 1.0);
    match activation {
        Activation::Clipped => c,
        Activation::SquaredClipped => c * c,
    }
}

/// The slope of [`activate`] at `h` (0 where the unit is clipped).
#[inline(always)]
fn slope(h: f32, activation: Activation) -> f32 {
    if h > 0.0 && h < 1.0 {
        match activation {
            Activation::Clipped => 1.0,
            Activation::SquaredClipped => 2.0 * h,
        }
    } else {
        0.0
    }
}

/// `Σ activate(h) · w`.
#[inline]
fn dot_activated(h: &[f32; HIDDEN], w: &[f32], activation: Activation) -> f32 {
    h.iter()
        .zip(w)
        .map(|(&h, &w)| activate(h, activation) * w)
        .sum()
}

impl Net {
    /// A randomly initialised network: W1 and W2 uniform in ±0.1, b1 = 0, b2 = 0.
    /// `inputs` is the game's number of inputs per perspective.
    pub fn random(inputs: usize, seed: u64) -> Net {
        let mut rng = Rng::new(seed);
        let mut params = vec![0.0; self::params(inputs)];
        for w in &mut params[..b1(inputs)] {
            *w = rng.uniform(0.1);
        }
        for w in &mut params[w2(inputs)..b2(inputs)] {
            *w = rng.uniform(0.1);
        }
        Net {
            params,
            inputs,
            activation: Activation::Clipped,
        }
    }

    /// This network with its hidden units' activation set to `activation` (the weights
    /// stay: a network can be switched and then trained further).
    pub fn with_activation(mut self, activation: Activation) -> Net {
        self.activation = activation;
        self
    }

    /// The float network a quantised one stands for, to continue its training.
    ///
    /// A hidden unit with no weights at all (what the engine fills in for a file narrower
    /// than [`HIDDEN`]) gets random first-layer weights as [`Net::random`] gives, seeded by
    /// `seed`, and keeps its zero output weights: the network still scores exactly as the
    /// file does, and the unit can learn (a unit whose inputs are all zero gets no gradient
    /// ever). Returns the network and the number of units so woken.
    pub fn from_network<F: FeatureSet>(net: &Network<F>, seed: u64) -> (Net, usize) {
        let inputs = F::INPUTS;
        let (b1, w2) = (b1(inputs), w2(inputs));
        let (weights, biases, output, output_bias) = net.dequantise();
        let mut params: Vec<f32> = weights.into_iter().flatten().collect();
        params.extend(biases);
        params.extend(output);
        params.extend(output_bias);
        debug_assert_eq!(params.len(), self::params(inputs));
        let silent = |p: &[f32], j: usize| {
            (0..inputs).all(|f| p[f * HIDDEN + j] == 0.0)
                && p[b1 + j] == 0.0
                && (0..2 * BUCKETS).all(|row| p[w2 + row * HIDDEN + j] == 0.0)
        };
        let mut rng = Rng::new(seed);
        let mut woken = 0;
        for j in 0..HIDDEN {
            if silent(&params, j) {
                for f in 0..inputs {
                    params[f * HIDDEN + j] = rng.uniform(0.1);
                }
                woken += 1;
            }
        }
        (
            Net {
                params,
                inputs,
                activation: net.activation(),
            },
            woken,
        )
    }

    /// The raw output (the evaluation in centipawns is this × [`SCALE`]) for the side to
    /// move's active inputs `us` and the other side's `them`.
    pub fn output(&self, us: &[u16], them: &[u16]) -> f32 {
        let p = &self.params;
        let (mut h_us, mut h_them) = ([0.0; HIDDEN], [0.0; HIDDEN]);
        let b1 = b1(self.inputs);
        hidden(p, b1, us, &mut h_us);
        hidden(p, b1, them, &mut h_them);
        let (w2, b2) = output_layer(self.inputs, us.len());
        let a = self.activation;
        dot_activated(&h_us, &p[w2..w2 + HIDDEN], a)
            + dot_activated(&h_them, &p[w2 + HIDDEN..w2 + 2 * HIDDEN], a)
            + p[b2]
    }

    /// The squared error `(p - target)²` of one position.
    pub fn loss(&self, us: &[u16], them: &[u16], target: f32, k: f32) -> f32 {
        let p = win_probability(k, self.output(us, them) * SCALE as f32);
        (p - target) * (p - target)
    }

    /// Adds `scale ×` the gradient of one position's squared error to `grad` (as long as
    /// the parameters) and returns the error.
    pub fn backward(
        &self,
        us: &[u16],
        them: &[u16],
        target: f32,
        k: f32,
        scale: f32,
        grad: &mut [f32],
    ) -> f32 {
        let p = &self.params;
        let (mut h_us, mut h_them) = ([0.0; HIDDEN], [0.0; HIDDEN]);
        let b1 = b1(self.inputs);
        hidden(p, b1, us, &mut h_us);
        hidden(p, b1, them, &mut h_them);
        let (w2, b2) = output_layer(self.inputs, us.len());
        let (w2_us, w2_them) = p[w2..w2 + 2 * HIDDEN].split_at(HIDDEN);
        let a = self.activation;
        let out = dot_activated(&h_us, w2_us, a) + dot_activated(&h_them, w2_them, a) + p[b2];
        let prob = win_probability(k, out * SCALE as f32);
        let error = prob - target;
        // d(loss)/d(out): the sigmoid's argument is k · ln 10 · out.
        let g = 2.0 * error * prob * (1.0 - prob) * k * LN_10 * scale;
        let (w1_grad, rest) = grad.split_at_mut(b1);
        let (b1_grad, rest) = rest.split_at_mut(HIDDEN);
        let (w2_grad, b2_grad) = rest.split_at_mut(BUCKETS * 2 * HIDDEN);
        let layer = &mut w2_grad[w2 - b1 - HIDDEN..][..2 * HIDDEN];
        let (w2g_us, w2g_them) = layer.split_at_mut(HIDDEN);
        b2_grad[b2 - (b1 + HIDDEN + BUCKETS * 2 * HIDDEN)] += g;
        // Reuse the hidden sums as their gradients (0 where the activation is flat).
        for (h, (w, wg)) in h_us.iter_mut().zip(w2_us.iter().zip(w2g_us.iter_mut())) {
            *wg += g * activate(*h, a);
            *h = g * w * slope(*h, a);
        }
        for (h, (w, wg)) in h_them
            .iter_mut()
            .zip(w2_them.iter().zip(w2g_them.iter_mut()))
        {
            *wg += g * activate(*h, a);
            *h = g * w * slope(*h, a);
        }
        for (b, (u, t)) in b1_grad.iter_mut().zip(h_us.iter().zip(&h_them)) {
            *b += u + t;
        }
        for (features, d) in [(us, &h_us), (them, &h_them)] {
            for &f in features {
                let row = &mut w1_grad[f as usize * HIDDEN..][..HIDDEN];
                for (w, &d) in row.iter_mut().zip(d) {
                    *w += d;
                }
            }
        }
        error * error
    }

    /// The engine's quantised network of game `F` for these parameters (an error if `F`
    /// has another number of inputs).
    pub fn quantise<F: FeatureSet>(&self) -> Result<Network<F>, String> {
        let p = &self.params;
        let (b1, w2, b2) = (b1(self.inputs), w2(self.inputs), b2(self.inputs));
        let rows: Vec<Vec<f32>> = p[..b1].chunks(HIDDEN).map(<[f32]>::to_vec).collect();
        Network::quantise(&rows, &p[b1..w2], &p[w2..b2], &p[b2..])
            .map(|net| net.with_activation(self.activation))
    }
}

/// Adam's state and settings (β1 0.9, β2 0.999, ε 1e-8).
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    steps: i32,
}

impl Adam {
    /// A fresh optimiser for `params` parameters.
    pub fn new(params: usize) -> Adam {
        Adam {
            m: vec![0.0; params],
            v: vec![0.0; params],
            steps: 0,
        }
    }

    /// One step of size `rate` along `grad`, then every parameter clipped to ±[`CLIP`].
    pub fn step(&mut self, net: &mut Net, grad: &[f32], rate: f32) {
        const BETA1: f32 = 0.9;
        const BETA2: f32 = 0.999;
        const EPS: f32 = 1e-8;
        self.steps += 1;
        let c1 = 1.0 - BETA1.powi(self.steps);
        let c2 = 1.0 - BETA2.powi(self.steps);
        let step = rate * c2.sqrt() / c1;
        let eps = EPS * c2.sqrt();
        for (((p, &g), m), v) in net
            .params
            .iter_mut()
            .zip(grad)
            .zip(&mut self.m)
            .zip(&mut self.v)
        {
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *p = (*p - step * *m / (v.sqrt() + eps)).clamp(-CLIP, CLIP);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess::nnue::{ChessFeatures as Chess, INPUTS};
    use chess::Position;

    /// The chess network's layout.
    const B1: usize = b1(INPUTS);
    const W2: usize = w2(INPUTS);
    const B2: usize = b2(INPUTS);
    const PARAMS: usize = params(INPUTS);

    /// The output layer of a chess position with `pieces` pieces.
    fn output_layer(pieces: usize) -> (usize, usize) {
        super::output_layer(INPUTS, pieces)
    }

    const FENS: [&str; 3] = [
        chess::START_FEN,
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R b KQ - 0 9",
        "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 w - - 0 50",
    ];

    fn features(fen: &str) -> (Vec<u16>, Vec<u16>) {
        chess::nnue::features(&Position::parse_fen(fen).unwrap())
    }

    /// A net whose hidden sums all stay well inside (0, 1): no clipped-ReLU kinks.
    fn smooth_net() -> Net {
        let mut rng = Rng::new(5);
        let mut net = Net::random(INPUTS, 5);
        for w in &mut net.params[..B1] {
            *w = rng.uniform(0.01);
        }
        for b in &mut net.params[B1..W2] {
            *b = 0.5;
        }
        net.params[B2..].fill(0.05);
        net
    }

    const ACTIVATIONS: [Activation; 2] = [Activation::Clipped, Activation::SquaredClipped];

    #[test]
    fn the_gradient_matches_finite_differences() {
        for activation in ACTIVATIONS {
            gradient_matches_finite_differences(smooth_net().with_activation(activation));
        }
    }

    fn gradient_matches_finite_differences(net: Net) {
        let k = 1.067;
        for (fen, target) in FENS.iter().zip([0.8, 0.3, 0.55]) {
            let (us, them) = features(fen);
            let mut grad = vec![0.0; PARAMS];
            net.backward(&us, &them, target, k, 1.0, &mut grad);
            let (w2, b2) = output_layer(us.len());
            let params = [
                us[0] as usize * HIDDEN + 3,
                them[5] as usize * HIDDEN + 77,
                us[9] as usize * HIDDEN + 127,
                B1,
                B1 + 64,
                w2 + 10,
                w2 + HIDDEN + 100,
                b2,
            ];
            for i in params {
                let eps = 1e-3;
                let (mut plus, mut minus) = (net.clone(), net.clone());
                plus.params[i] += eps;
                minus.params[i] -= eps;
                let numeric = (plus.loss(&us, &them, target, k)
                    - minus.loss(&us, &them, target, k))
                    / (2.0 * eps);
                assert!(
                    (numeric - grad[i]).abs() <= 1e-3 * numeric.abs().max(grad[i].abs()) + 2e-5,
                    "{:?} {fen}: parameter {i}: analytic {} vs numeric {numeric}",
                    net.activation,
                    grad[i]
                );
                assert!(grad[i] != 0.0, "{fen}: parameter {i} has no gradient");
            }
        }
    }

    #[test]
    fn the_gradient_is_zero_where_the_relu_is_clipped() {
        let (us, them) = features(FENS[0]);
        // Below 0 and above 1 alike, the first layer gets no gradient.
        for (bias, activation) in [-5.0, 5.0]
            .into_iter()
            .flat_map(|b| ACTIVATIONS.map(|a| (b, a)))
        {
            let mut net = smooth_net().with_activation(activation);
            net.params[B1..W2].iter_mut().for_each(|b| *b = bias);
            let mut grad = vec![0.0; PARAMS];
            net.backward(&us, &them, 0.9, 1.0, 1.0, &mut grad);
            assert!(grad[..W2].iter().all(|&g| g == 0.0), "bias {bias}");
            let (w2, b2) = output_layer(us.len());
            assert!(grad[b2] != 0.0);
            let layer = &grad[w2..w2 + 2 * HIDDEN];
            assert_eq!(layer.iter().all(|&g| g != 0.0), bias > 0.0);
            // the other buckets' output layers are not this position's
            let others = (W2..B2).filter(|i| !(w2..w2 + 2 * HIDDEN).contains(i));
            assert!(others.chain(B2..PARAMS).all(|i| i == b2 || grad[i] == 0.0));
        }
    }

    /// Float output × SCALE against the quantised network's evaluation.
    fn max_difference(net: &Net) -> f32 {
        let q = net.quantise::<Chess>().unwrap();
        FENS.iter()
            .map(|fen| {
                let pos = Position::parse_fen(fen).unwrap();
                let (us, them) = chess::nnue::features(&pos);
                let float = net.output(&us, &them) * SCALE as f32;
                (float - q.evaluate_position(&pos) as f32).abs()
            })
            .fold(0.0, f32::max)
    }

    #[test]
    fn a_dequantised_network_quantises_back_to_itself() {
        let mut net = Net::random(INPUTS, 5);
        net.params[B1..W2].iter_mut().for_each(|b| *b = 0.1);
        for (b, bias) in net.params[B2..].iter_mut().enumerate() {
            *bias = 0.25 - 0.05 * b as f32;
        }
        let q = net.quantise::<Chess>().unwrap();
        let (back, woken) = Net::from_network(&q, 1);
        assert_eq!(woken, 0);
        assert_eq!(back.params.len(), PARAMS);
        assert_eq!(back.quantise::<Chess>().unwrap().to_bytes(), q.to_bytes());
        let moved = back
            .params
            .iter()
            .zip(&net.params)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f32::max);
        assert!(moved <= 0.5 / chess::nnue::QB as f32, "{moved}");
    }

    #[test]
    fn each_piece_count_uses_its_own_output_layer() {
        // the start position (32 pieces) and a pawn ending (15) are in different buckets:
        // changing one's output layer leaves the other's score alone
        let net = smooth_net();
        let (start, ending) = (features(FENS[0]), features(FENS[2]));
        let (w2, b2) = output_layer(start.0.len());
        assert_ne!(w2, output_layer(ending.0.len()).0);
        let mut changed = net.clone();
        changed.params[w2..w2 + 2 * HIDDEN]
            .iter_mut()
            .for_each(|w| *w += 0.1);
        changed.params[b2] += 0.1;
        assert_ne!(
            changed.output(&start.0, &start.1),
            net.output(&start.0, &start.1)
        );
        assert_eq!(
            changed.output(&ending.0, &ending.1),
            net.output(&ending.0, &ending.1)
        );
        // and the quantised network picks the same layer as the float one
        for fen in FENS {
            let pos = Position::parse_fen(fen).unwrap();
            let (us, them) = features(fen);
            let float = changed.output(&us, &them) * SCALE as f32;
            let q = changed.quantise::<Chess>().unwrap().evaluate_position(&pos) as f32;
            // (first-layer rounding of smooth_net's tiny weights costs up to about 1%)
            assert!(
                (float - q).abs() < 8.0 + 0.01 * float.abs(),
                "{fen}: {float} vs {q}"
            );
        }
    }

    #[test]
    fn a_narrow_network_is_widened_with_live_units_that_change_nothing_yet() {
        // A file with half the engine's units, as the 128-unit networks are.
        let narrow = HIDDEN / 2;
        let mut rng = Rng::new(3);
        let mut bytes = chess::nnue::network::MAGIC_V1.to_vec();
        bytes.extend((INPUTS as u32).to_le_bytes());
        bytes.extend((narrow as u32).to_le_bytes());
        for _ in 0..(INPUTS + 3) * narrow {
            bytes.extend(((rng.uniform(40.0)) as i16).to_le_bytes());
        }
        bytes.extend(1000i32.to_le_bytes());
        let file = Network::<Chess>::from_bytes(&bytes).unwrap();
        let (net, woken) = Net::from_network(&file, 9);
        assert_eq!(woken, HIDDEN - narrow);
        let wide = net.quantise::<Chess>().unwrap();
        for fen in FENS {
            let pos = Position::parse_fen(fen).unwrap();
            assert_eq!(
                wide.evaluate_position(&pos),
                file.evaluate_position(&pos),
                "{fen}"
            );
            let (us, them) = features(fen);
            let mut grad = vec![0.0; PARAMS];
            net.backward(&us, &them, 0.9, 1.0, 1.0, &mut grad);
            // the woken units' output weights learn from the first step
            let (w2, _) = output_layer(us.len());
            let learning = (narrow..HIDDEN).filter(|&j| grad[w2 + j] != 0.0).count();
            assert!(learning > (HIDDEN - narrow) / 4, "{fen}: {learning}");
        }
        // the woken units' first-layer weights differ from unit to unit
        assert_ne!(net.params[narrow], net.params[narrow + 1]);
    }

    #[test]
    fn the_quantised_network_evaluates_like_the_float_one() {
        for activation in ACTIVATIONS {
            quantised_evaluates_like_float(activation);
        }
    }

    fn quantised_evaluates_like_float(activation: Activation) {
        use chess::nnue::{QA, QB};
        // Parameters on the quantisation grid: only the final divisions truncate.
        let mut net = Net::random(INPUTS, 11).with_activation(activation);
        net.params[B1..W2].iter_mut().for_each(|b| *b = 0.2);
        net.params[B2..].fill(-0.03);
        let snap = |x: &mut f32, q: i32| *x = (*x * q as f32).round() / q as f32;
        net.params[..W2].iter_mut().for_each(|w| snap(w, QA));
        net.params[W2..B2].iter_mut().for_each(|w| snap(w, QB));
        net.params[B2..].iter_mut().for_each(|b| snap(b, QA * QB));
        assert!(max_difference(&net) <= 1.0, "{}", max_difference(&net));
        // Off the grid, the difference stays within what rounding can cost: half a step
        // of QB per unit of activation, half a step of QA per summed first-layer weight.
        let mut net = Net::random(INPUTS, 12).with_activation(activation);
        net.params[B1..W2].iter_mut().for_each(|b| *b = 0.2);
        let q = net.quantise::<Chess>().unwrap();
        assert_eq!(q.activation(), activation);
        for fen in FENS {
            let pos = Position::parse_fen(fen).unwrap();
            let (us, them) = chess::nnue::features(&pos);
            let (mut h_us, mut h_them) = ([0.0; HIDDEN], [0.0; HIDDEN]);
            hidden(&net.params, B1, &us, &mut h_us);
            hidden(&net.params, B1, &them, &mut h_them);
            let (w2, _) = output_layer(us.len());
            let w2 = &net.params[w2..w2 + 2 * HIDDEN];
            let rows = (us.len() + 1) as f32;
            let bound: f32 = h_us
                .iter()
                .chain(&h_them)
                .zip(w2)
                .map(|(h, w)| {
                    // the squared unit moves twice as far per step of its sum
                    let reach = 1.0 + f32::from(activation == Activation::SquaredClipped);
                    activate(*h, activation) * 0.5 / QB as f32
                        + reach * w.abs() * rows * 0.5 / QA as f32
                })
                .sum::<f32>()
                * SCALE as f32
                + 1.0;
            let float = net.output(&us, &them) * SCALE as f32;
            let difference = (float - q.evaluate_position(&pos) as f32).abs();
            assert!(difference <= bound, "{fen}: {difference} > {bound}");
        }
        // And the evaluations are not trivially zero.
        let out = features(FENS[1]);
        assert!(net.output(&out.0, &out.1).abs() * SCALE as f32 > 1.0);
    }

    #[test]
    fn adam_steps_downhill_and_clips() {
        let mut net = smooth_net();
        let (us, them) = features(FENS[1]);
        let before = net.loss(&us, &them, 1.0, 1.0);
        let mut adam = Adam::new(PARAMS);
        for _ in 0..20 {
            let mut grad = vec![0.0; PARAMS];
            net.backward(&us, &them, 1.0, 1.0, 1.0, &mut grad);
            adam.step(&mut net, &grad, 0.01);
        }
        assert!(net.loss(&us, &them, 1.0, 1.0) < before);
        net.params[0] = 10.0;
        adam.step(&mut net, &vec![0.0; PARAMS], 0.01);
        assert!(net.params.iter().all(|p| p.abs() <= CLIP));
    }
}
