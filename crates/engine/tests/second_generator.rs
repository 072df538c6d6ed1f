//! A second, independent move generator for the tests: written from the
//! rules (shared/RULES.md, FMJD's International rules), sharing no code
//! with the engine — its own board (a 2-D array of cells), its own FEN
//! reader and writer, its own capture search, its own random playouts. It
//! is simple and slow on purpose: every capture is a depth-first walk over
//! the grid, captured pieces are marked and stay on the board until the
//! move ends, a king tries every landing square.
//!
//! It checks the engine where nothing is published — Russian draughts on
//! 10×8: to depth 7 from the start, and on 200 positions from seeded
//! random games at depths 3 and 4 — and is itself checked against the
//! published counts (Russian 8×8, International 10×10) so that agreement
//! means something.

use shashki_engine::fen::{parse_fen_on, to_fen_on};
use shashki_engine::rules::{International, Rules, Russian, Russian10x8};
use shashki_engine::square::{Board10, Board10x8, Board8, Shape};
use shashki_engine::{generate, perft};
use std::collections::BTreeSet;

mod reference {
    use std::collections::BTreeSet;

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Cell {
        Empty,
        Man(bool),
        King(bool),
    }

    impl Cell {
        fn white(self) -> Option<bool> {
            match self {
                Cell::Empty => None,
                Cell::Man(w) | Cell::King(w) => Some(w),
            }
        }
    }

    /// The rules this generator knows: Russian (free choice, a man crowned
    /// mid-capture goes on as a king) and International (the most pieces
    /// must be taken, a man passing the far rank mid-capture stays a man).
    #[derive(Clone, Copy, Debug)]
    pub struct Rules {
        pub majority: bool,
        pub crown_mid_capture: bool,
    }

    pub const RUSSIAN: Rules = Rules {
        majority: false,
        crown_mid_capture: true,
    };
    pub const INTERNATIONAL: Rules = Rules {
        majority: true,
        crown_mid_capture: false,
    };

    /// `grid[rank][file]`, rank 0 White's back rank, file 0 the a-file;
    /// a square is dark when file + rank is even.
    #[derive(Clone, PartialEq, Eq, Debug)]
    pub struct Board {
        pub width: usize,
        pub height: usize,
        pub files: &'static str,
        pub grid: Vec<Vec<Cell>>,
        pub white_to_move: bool,
    }

    /// A move: the start, the end, what it takes, whether it crowns.
    #[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
    pub struct Mv {
        pub from: (usize, usize),
        pub to: (usize, usize),
        pub taken: Vec<(usize, usize)>,
        pub crowned: bool,
    }

    /// A piece that can be taken and the squares one may land on beyond it.
    type Jump = ((usize, usize), Vec<(usize, usize)>);

    const DIAGONALS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

    impl Board {
        pub fn empty(width: usize, height: usize, files: &'static str) -> Board {
            Board {
                width,
                height,
                files,
                grid: vec![vec![Cell::Empty; width]; height],
                white_to_move: true,
            }
        }

        fn inside(&self, f: i32, r: i32) -> bool {
            f >= 0 && r >= 0 && (f as usize) < self.width && (r as usize) < self.height
        }

        fn at(&self, f: usize, r: usize) -> Cell {
            self.grid[r][f]
        }

        fn far_rank(&self, white: bool) -> usize {
            if white {
                self.height - 1
            } else {
                0
            }
        }

        /// The square numbered `n` (1 on Black's back rank, left to right
        /// as White sees it, rank by rank towards White).
        fn numbered(&self, n: usize) -> Option<(usize, usize)> {
            let half = self.width / 2;
            if n == 0 || n > half * self.height {
                return None;
            }
            let i = n - 1;
            let rank = self.height - 1 - i / half;
            let file = 2 * (i % half) + rank % 2;
            Some((file, rank))
        }

        fn square(&self, token: &str) -> Option<(usize, usize)> {
            if token.chars().all(|c| c.is_ascii_digit()) {
                return self.numbered(token.parse().ok()?);
            }
            let mut chars = token.chars();
            let letter = chars.next()?.to_ascii_lowercase();
            let file = self.files.find(letter)?;
            let rank: usize = chars.as_str().parse().ok()?;
            if rank == 0 || rank > self.height || !(file + rank - 1).is_multiple_of(2) {
                return None;
            }
            Some((file, rank - 1))
        }

        /// Read `W:W…:B…` (numbers, ranges, algebraic names, `K` kings).
        pub fn from_fen(width: usize, height: usize, files: &'static str, fen: &str) -> Board {
            let mut b = Board::empty(width, height, files);
            let mut fields = fen.trim().split(':');
            b.white_to_move = fields.next() == Some("W");
            for field in fields {
                let Some(rest) = field.strip_prefix('W').or_else(|| field.strip_prefix('B')) else {
                    continue;
                };
                let white = field.starts_with('W');
                for item in rest.split(',').filter(|s| !s.is_empty()) {
                    let (king, body) = match item.strip_prefix('K') {
                        Some(b) => (true, b),
                        None => (false, item),
                    };
                    let squares: Vec<(usize, usize)> = match body.split_once('-') {
                        Some((lo, hi)) => {
                            let (lo, hi): (usize, usize) =
                                (lo.parse().unwrap(), hi.parse().unwrap());
                            (lo..=hi).map(|n| b.numbered(n).unwrap()).collect()
                        }
                        None => vec![b.square(body).unwrap_or_else(|| panic!("{body}"))],
                    };
                    for (f, r) in squares {
                        b.grid[r][f] = if king {
                            Cell::King(white)
                        } else {
                            Cell::Man(white)
                        };
                    }
                }
            }
            b
        }

        /// `W:Wa1,Kc3:Bb8`: squares by rank, then file; algebraic.
        pub fn to_fen(&self) -> String {
            let list = |white: bool| {
                let mut items = Vec::new();
                for r in 0..self.height {
                    for f in 0..self.width {
                        let name = format!("{}{}", &self.files[f..f + 1], r + 1);
                        match self.at(f, r) {
                            Cell::Man(w) if w == white => items.push(name),
                            Cell::King(w) if w == white => items.push(format!("K{name}")),
                            _ => {}
                        }
                    }
                }
                items.join(",")
            };
            format!(
                "{}:W{}:B{}",
                if self.white_to_move { "W" } else { "B" },
                list(true),
                list(false)
            )
        }

        /// Every legal move (each distinct start, end, set taken once).
        pub fn moves(&self, rules: Rules) -> Vec<Mv> {
            let me = self.white_to_move;
            let mut captures = BTreeSet::new();
            for r in 0..self.height {
                for f in 0..self.width {
                    let king = match self.at(f, r) {
                        Cell::Man(w) if w == me => false,
                        Cell::King(w) if w == me => true,
                        _ => continue,
                    };
                    let mut taken = Vec::new();
                    self.capture_walk(rules, (f, r), (f, r), king, king, &mut taken, &mut captures);
                }
            }
            if !captures.is_empty() {
                let mut all: Vec<Mv> = captures.into_iter().collect();
                if rules.majority {
                    let most = all.iter().map(|m| m.taken.len()).max().unwrap_or(0);
                    all.retain(|m| m.taken.len() == most);
                }
                return all;
            }
            let mut quiet = Vec::new();
            let forward = if me { 1 } else { -1 };
            for r in 0..self.height {
                for f in 0..self.width {
                    match self.at(f, r) {
                        Cell::Man(w) if w == me => {
                            for df in [-1, 1] {
                                let (nf, nr) = (f as i32 + df, r as i32 + forward);
                                if self.inside(nf, nr)
                                    && self.at(nf as usize, nr as usize) == Cell::Empty
                                {
                                    quiet.push(Mv {
                                        from: (f, r),
                                        to: (nf as usize, nr as usize),
                                        taken: vec![],
                                        crowned: nr as usize == self.far_rank(me),
                                    });
                                }
                            }
                        }
                        Cell::King(w) if w == me => {
                            for (df, dr) in DIAGONALS {
                                let (mut nf, mut nr) = (f as i32 + df, r as i32 + dr);
                                while self.inside(nf, nr)
                                    && self.at(nf as usize, nr as usize) == Cell::Empty
                                {
                                    quiet.push(Mv {
                                        from: (f, r),
                                        to: (nf as usize, nr as usize),
                                        taken: vec![],
                                        crowned: false,
                                    });
                                    nf += df;
                                    nr += dr;
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            quiet
        }

        /// Is (f, r) free for the capturing piece: empty, or the square it
        /// started from (it has left it).
        fn free(&self, start: (usize, usize), f: i32, r: i32) -> bool {
            self.inside(f, r)
                && ((f as usize, r as usize) == start
                    || self.at(f as usize, r as usize) == Cell::Empty)
        }

        /// The single captures from `at`: (the piece taken, the squares one
        /// may land on).
        fn jumps(
            &self,
            start: (usize, usize),
            at: (usize, usize),
            king: bool,
            taken: &[(usize, usize)],
        ) -> Vec<Jump> {
            let me = self.white_to_move;
            let mut out = Vec::new();
            for (df, dr) in DIAGONALS {
                let (mut f, mut r) = (at.0 as i32 + df, at.1 as i32 + dr);
                if king {
                    while self.free(start, f, r) {
                        f += df;
                        r += dr;
                    }
                }
                if !self.inside(f, r) {
                    continue;
                }
                let victim = (f as usize, r as usize);
                if victim == start
                    || self.at(victim.0, victim.1).white() != Some(!me)
                    || taken.contains(&victim)
                {
                    continue;
                }
                let mut landings = Vec::new();
                let (mut lf, mut lr) = (f + df, r + dr);
                while self.free(start, lf, lr) {
                    landings.push((lf as usize, lr as usize));
                    if !king {
                        break;
                    }
                    lf += df;
                    lr += dr;
                }
                if !landings.is_empty() {
                    out.push((victim, landings));
                }
            }
            out
        }

        #[allow(clippy::too_many_arguments)]
        fn capture_walk(
            &self,
            rules: Rules,
            start: (usize, usize),
            at: (usize, usize),
            king: bool,
            was_king: bool,
            taken: &mut Vec<(usize, usize)>,
            out: &mut BTreeSet<Mv>,
        ) {
            let jumps = self.jumps(start, at, king, taken);
            if jumps.is_empty() {
                if !taken.is_empty() {
                    let mut set = taken.clone();
                    set.sort();
                    let crowned = !was_king && (king || at.1 == self.far_rank(self.white_to_move));
                    out.insert(Mv {
                        from: start,
                        to: at,
                        taken: set,
                        crowned,
                    });
                }
                return;
            }
            for (victim, landings) in jumps {
                taken.push(victim);
                // a king must land where it can go on, if it can anywhere
                let crown = |l: (usize, usize)| {
                    king || (rules.crown_mid_capture && l.1 == self.far_rank(self.white_to_move))
                };
                let going_on: Vec<(usize, usize)> = landings
                    .iter()
                    .copied()
                    .filter(|&l| !self.jumps(start, l, crown(l), taken).is_empty())
                    .collect();
                let chosen = if going_on.is_empty() {
                    landings
                } else {
                    going_on
                };
                for l in chosen {
                    self.capture_walk(rules, start, l, crown(l), was_king, taken, out);
                }
                taken.pop();
            }
        }

        pub fn play(&self, mv: &Mv) -> Board {
            let mut b = self.clone();
            let piece = b.grid[mv.from.1][mv.from.0];
            b.grid[mv.from.1][mv.from.0] = Cell::Empty;
            for &(f, r) in &mv.taken {
                b.grid[r][f] = Cell::Empty;
            }
            let me = self.white_to_move;
            b.grid[mv.to.1][mv.to.0] = if mv.crowned { Cell::King(me) } else { piece };
            b.white_to_move = !me;
            b
        }

        pub fn perft(&self, rules: Rules, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let moves = self.moves(rules);
            if depth == 1 {
                return moves.len() as u64;
            }
            moves
                .iter()
                .map(|m| self.play(m).perft(rules, depth - 1))
                .sum()
        }
    }

    /// xorshift64*: the playouts' own random numbers.
    pub struct Rng(pub u64);

    impl Rng {
        pub fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
        }
    }
}

use reference::{Board, Rng, INTERNATIONAL, RUSSIAN};

const FILES_8: &str = "abcdefgh";
const FILES_10: &str = "abcdefghij";
const FILES_10X8: &str = "abcdefghik";

fn board_of<S: Shape>(fen: &str) -> Board {
    let files = match (S::WIDTH, S::HEIGHT) {
        (8, 8) => FILES_8,
        (10, 10) => FILES_10,
        _ => FILES_10X8,
    };
    Board::from_fen(S::WIDTH as usize, S::HEIGHT as usize, files, fen)
}

/// The positions after each of the engine's moves and after each of the
/// reference's, in the reference's FEN: equal sets, or a panic naming the
/// difference.
fn same_children<R: Rules>(fen: &str, rules: reference::Rules) {
    let pos = parse_fen_on::<R::Shape>(fen).expect("fen").position;
    let mut moves = Vec::new();
    generate::<R>(&pos, &mut moves);
    let engine: BTreeSet<String> = moves
        .iter()
        .map(|m| board_of::<R::Shape>(&to_fen_on(&pos.make(m))).to_fen())
        .collect();
    let board = board_of::<R::Shape>(fen);
    let mine = board.moves(rules);
    let reference: BTreeSet<String> = mine.iter().map(|m| board.play(m).to_fen()).collect();
    assert_eq!(
        moves.len(),
        mine.len(),
        "{fen}: engine {moves:?} reference {mine:?}"
    );
    assert_eq!(engine, reference, "{fen}");
}

/// `n` positions from games of random moves (the reference's own moves and
/// random numbers, seed fixed), each 4 to 83 plies from the start; a game
/// that ends early gives the position before its end.
fn random_positions(start: &Board, rules: reference::Rules, n: usize, seed: u64) -> Vec<Board> {
    let mut rng = Rng(seed);
    (0..n)
        .map(|_| {
            let plies = 4 + rng.below(80);
            let mut b = start.clone();
            for _ in 0..plies {
                let moves = b.moves(rules);
                if moves.is_empty() {
                    break;
                }
                let next = b.play(&moves[rng.below(moves.len())]);
                if next.moves(rules).is_empty() {
                    break;
                }
                b = next;
            }
            b
        })
        .collect()
}

#[test]
fn the_reference_generator_matches_the_published_russian_and_international_counts() {
    let russian = board_of::<Board8>("W:W21-32:B1-12");
    for (d, n) in [7, 49, 302, 1469, 7482, 37986].into_iter().enumerate() {
        assert_eq!(
            russian.perft(RUSSIAN, d as u32 + 1),
            n,
            "Russian d{}",
            d + 1
        );
    }
    let king = board_of::<Board8>("W:WKd8:Be7,g7,b4,d4");
    assert_eq!(king.perft(RUSSIAN, 5), 337);
    let ring = board_of::<Board8>(
        "B:Wc5,e5,c3,e3,g3,b2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,e7,g7,b6,d6,f6,h6",
    );
    assert_eq!(ring.perft(RUSSIAN, 4), 569);
    let international = board_of::<Board10>("W:W31-50:B1-20");
    for (d, n) in [9, 81, 658, 4265, 27117].into_iter().enumerate() {
        assert_eq!(
            international.perft(INTERNATIONAL, d as u32 + 1),
            n,
            "International d{}",
            d + 1
        );
    }
    let random178 =
        board_of::<Board10>("B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46");
    for (d, n) in [14, 55, 1168, 5432].into_iter().enumerate() {
        assert_eq!(
            random178.perft(INTERNATIONAL, d as u32 + 1),
            n,
            "Random178 d{}",
            d + 1
        );
    }
    let woldouby =
        board_of::<Board10>("W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38");
    for (d, n) in [6, 12, 30, 73, 215, 590].into_iter().enumerate() {
        assert_eq!(
            woldouby.perft(INTERNATIONAL, d as u32 + 1),
            n,
            "Woldouby d{}",
            d + 1
        );
    }
}

#[test]
fn russian_10x8_agrees_with_the_reference_to_depth_7_from_the_start() {
    let fen = "W:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,k2,a3,c3,e3,g3,i3:Bb6,d6,f6,h6,k6,a7,c7,e7,g7,i7,b8,d8,f8,h8,k8";
    let pos = parse_fen_on::<Board10x8>(fen).unwrap().position;
    let board = board_of::<Board10x8>(fen);
    let mut counts = Vec::new();
    for depth in 1..=7 {
        let engine = perft::<Russian10x8>(&pos, depth);
        assert_eq!(engine, board.perft(RUSSIAN, depth), "depth {depth}");
        counts.push(engine);
    }
    // the counts, for docs/variants.md (and a change in either shows here)
    assert_eq!(counts, [9, 81, 658, 4265, 27132, 168316, 1040706]);
}

#[test]
fn russian_10x8_agrees_with_the_reference_on_200_random_positions() {
    let start = board_of::<Board10x8>("W:W26-40:B1-15");
    let positions = random_positions(&start, RUSSIAN, 200, 0x5EED_10A8);
    let kings = positions
        .iter()
        .filter(|b| b.to_fen().contains('K'))
        .count();
    assert!(kings >= 40, "too few positions with kings: {kings}");
    let mut leaves = 0;
    for b in &positions {
        let fen = b.to_fen();
        same_children::<Russian10x8>(&fen, RUSSIAN);
        let pos = parse_fen_on::<Board10x8>(&fen).unwrap().position;
        for depth in [3, 4] {
            let n = perft::<Russian10x8>(&pos, depth);
            assert_eq!(n, b.perft(RUSSIAN, depth), "{fen} depth {depth}");
            leaves += n;
        }
    }
    assert!(leaves > 200_000, "{leaves}");
}

#[test]
fn international_agrees_with_the_reference_on_200_random_positions() {
    let start = board_of::<Board10>("W:W31-50:B1-20");
    let positions = random_positions(&start, INTERNATIONAL, 200, 0x5EED_1010);
    for b in &positions {
        let fen = b.to_fen();
        same_children::<International>(&fen, INTERNATIONAL);
        let pos = parse_fen_on::<Board10>(&fen).unwrap().position;
        assert_eq!(
            perft::<International>(&pos, 3),
            b.perft(INTERNATIONAL, 3),
            "{fen}"
        );
    }
}

#[test]
fn russian_8x8_agrees_with_the_reference_on_random_positions() {
    let start = board_of::<Board8>("W:W21-32:B1-12");
    for b in random_positions(&start, RUSSIAN, 100, 0x5EED_0808) {
        let fen = b.to_fen();
        same_children::<Russian>(&fen, RUSSIAN);
        let pos = parse_fen_on::<Board8>(&fen).unwrap().position;
        assert_eq!(perft::<Russian>(&pos, 4), b.perft(RUSSIAN, 4), "{fen}");
    }
}
