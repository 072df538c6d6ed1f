//! A second, independent move generator for Bashni (Towers), written for
//! the tests from the rules (docs/variants.md, "Bashni") and sharing no
//! code with the engine: a board as an 8×8 grid of stacks (`Vec`s, top
//! last), its own FEN reader and writer, a depth-first capture walk over
//! the grid that marks the jumped towers (they stay until the move ends,
//! may not be jumped again, and block), a king trying every landing square
//! (and keeping only those that go on, if any do), the taken top pieces put
//! under the capturer in the order taken. Moves are collected as the
//! positions they lead to, so two walks that give the same position are one
//! move — the engine's convention, reached another way.
//!
//! The engine and it must agree to depth 7 from the start and, on 200
//! positions from seeded random games (towers of every kind among them),
//! on every child position and on perft 3 (and 4 on every fourth).

use shashki_engine::towers::{parse_tower_fen, perft, to_tower_fen, TowerPosition};
use shashki_engine::{Color, Kind};
use std::collections::BTreeSet;

mod reference {
    use std::collections::BTreeSet;

    /// A piece: (white, king).
    pub type P = (bool, bool);

    /// `grid[rank][file]`, each a stack with its top **last**.
    #[derive(Clone, PartialEq, Eq, Debug)]
    pub struct Board {
        pub grid: [[Vec<P>; 8]; 8],
        pub white_to_move: bool,
    }

    fn dark(f: i32, r: i32) -> bool {
        (0..8).contains(&f) && (0..8).contains(&r) && (f + r) % 2 == 0
    }

    fn letter(p: P) -> char {
        match p {
            (true, false) => 'w',
            (true, true) => 'W',
            (false, false) => 'b',
            (false, true) => 'B',
        }
    }

    impl Board {
        pub fn start() -> Board {
            let mut b = Board {
                grid: Default::default(),
                white_to_move: true,
            };
            for r in 0..8 {
                for f in 0..8 {
                    if dark(f, r) && r < 3 {
                        b.grid[r as usize][f as usize].push((true, false));
                    }
                    if dark(f, r) && r > 4 {
                        b.grid[r as usize][f as usize].push((false, false));
                    }
                }
            }
            b
        }

        /// Reads `W:Wa1,Kc3,e5(wbB):B…` (stacks top first).
        pub fn from_fen(fen: &str) -> Board {
            let mut b = Board {
                grid: Default::default(),
                white_to_move: fen.starts_with('W'),
            };
            for field in fen.split(':').skip(1) {
                let white = field.starts_with('W');
                for item in field[1..].split(',').filter(|s| !s.is_empty()) {
                    let king = item.starts_with('K');
                    let item = item.trim_start_matches('K');
                    let bytes = item.as_bytes();
                    let f = (bytes[0] - b'a') as usize;
                    let r = (bytes[1] - b'1') as usize;
                    let cell = &mut b.grid[r][f];
                    if let Some(open) = item.find('(') {
                        let letters: Vec<char> = item[open + 1..item.len() - 1].chars().collect();
                        for c in letters.into_iter().rev() {
                            cell.push((c == 'w' || c == 'W', c == 'W' || c == 'B'));
                        }
                    } else {
                        cell.push((white, king));
                    }
                }
            }
            b
        }

        pub fn to_fen(&self) -> String {
            let mut s = String::from(if self.white_to_move { "W" } else { "B" });
            for white in [true, false] {
                s.push(':');
                s.push(if white { 'W' } else { 'B' });
                let mut items = Vec::new();
                for r in 0..8 {
                    for f in 0..8 {
                        let cell = &self.grid[r][f];
                        let Some(&top) = cell.last() else { continue };
                        if top.0 != white {
                            continue;
                        }
                        let name = format!("{}{}", (b'a' + f as u8) as char, r + 1);
                        if cell.len() == 1 {
                            items.push(format!("{}{}", if top.1 { "K" } else { "" }, name));
                        } else {
                            let stack: String = cell.iter().rev().map(|&p| letter(p)).collect();
                            items.push(format!("{name}({stack})"));
                        }
                    }
                }
                s.push_str(&items.join(","));
            }
            s
        }

        fn top(&self, f: i32, r: i32) -> Option<P> {
            self.grid[r as usize][f as usize].last().copied()
        }

        /// The positions after each legal move, as FENs.
        pub fn children(&self) -> BTreeSet<String> {
            let me = self.white_to_move;
            let mut out = BTreeSet::new();
            for r in 0..8 {
                for f in 0..8 {
                    if !dark(f, r) {
                        continue;
                    }
                    if let Some(p) = self.top(f, r) {
                        if p.0 == me {
                            let mut b = self.clone();
                            let tower = std::mem::take(&mut b.grid[r as usize][f as usize]);
                            b.walk(&tower, f, r, p.1, &mut Vec::new(), &mut out);
                        }
                    }
                }
            }
            if !out.is_empty() {
                return out;
            }
            for r in 0..8 {
                for f in 0..8 {
                    let Some(p) = (if dark(f, r) { self.top(f, r) } else { None }) else {
                        continue;
                    };
                    if p.0 != me {
                        continue;
                    }
                    for (df, dr) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
                        if !p.1 && (dr == 1) != me {
                            continue;
                        }
                        let (mut x, mut y) = (f + df, r + dr);
                        while dark(x, y) && self.top(x, y).is_none() {
                            let mut b = self.clone();
                            let mut tower = std::mem::take(&mut b.grid[r as usize][f as usize]);
                            if y == if me { 7 } else { 0 } {
                                let last = tower.len() - 1;
                                tower[last].1 = true;
                            }
                            b.grid[y as usize][x as usize] = tower;
                            b.white_to_move = !me;
                            out.insert(b.to_fen());
                            if !p.1 {
                                break;
                            }
                            x += df;
                            y += dr;
                        }
                    }
                }
            }
            out
        }

        /// The capturing tower (lifted off the board, top last) is on
        /// (f, r), a king or not; `jumped` the towers jumped so far, in
        /// order. Every finished capture's position goes into `out`.
        fn walk(
            &self,
            tower: &[P],
            f: i32,
            r: i32,
            king: bool,
            jumped: &mut Vec<(i32, i32)>,
            out: &mut BTreeSet<String>,
        ) {
            let me = self.white_to_move;
            // (landing square, jumped square) for every possible jump.
            let mut jumps = Vec::new();
            for (df, dr) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
                let (mut x, mut y) = (f + df, r + dr);
                while king && dark(x, y) && self.top(x, y).is_none() {
                    x += df;
                    y += dr;
                }
                if !dark(x, y) {
                    continue;
                }
                let Some(victim) = self.top(x, y) else {
                    continue;
                };
                if victim.0 == me || jumped.contains(&(x, y)) {
                    continue;
                }
                let mut lands = Vec::new();
                let (mut lx, mut ly) = (x + df, y + dr);
                while dark(lx, ly) && self.top(lx, ly).is_none() {
                    lands.push((lx, ly));
                    if !king {
                        break;
                    }
                    lx += df;
                    ly += dr;
                }
                let goes_on: Vec<bool> = lands
                    .iter()
                    .map(|&(lx, ly)| {
                        let k = king || ly == if me { 7 } else { 0 };
                        jumped.push((x, y));
                        let more = self.can_jump(lx, ly, k, jumped);
                        jumped.pop();
                        more
                    })
                    .collect();
                let any = goes_on.iter().any(|&g| g);
                for (i, &l) in lands.iter().enumerate() {
                    if !any || goes_on[i] {
                        jumps.push((l, (x, y)));
                    }
                }
            }
            if jumps.is_empty() {
                if jumped.is_empty() {
                    return;
                }
                // The move ends: take the tops, put them under in order.
                let mut b = self.clone();
                let mut t: Vec<P> = tower.to_vec();
                if king {
                    let last = t.len() - 1;
                    t[last].1 = true;
                }
                for &(x, y) in jumped.iter() {
                    let p = b.grid[y as usize][x as usize].pop().expect("jumped tower");
                    t.insert(0, p);
                }
                b.grid[r as usize][f as usize] = t;
                b.white_to_move = !me;
                out.insert(b.to_fen());
                return;
            }
            for ((lx, ly), v) in jumps {
                let k = king || ly == if me { 7 } else { 0 };
                jumped.push(v);
                self.walk(tower, lx, ly, k, jumped, out);
                jumped.pop();
            }
        }

        fn can_jump(&self, f: i32, r: i32, king: bool, jumped: &[(i32, i32)]) -> bool {
            let me = self.white_to_move;
            [(1, 1), (-1, 1), (1, -1), (-1, -1)]
                .into_iter()
                .any(|(df, dr)| {
                    let (mut x, mut y) = (f + df, r + dr);
                    while king && dark(x, y) && self.top(x, y).is_none() {
                        x += df;
                        y += dr;
                    }
                    dark(x, y)
                        && matches!(self.top(x, y), Some(v) if v.0 != me)
                        && !jumped.contains(&(x, y))
                        && dark(x + df, y + dr)
                        && self.top(x + df, y + dr).is_none()
                })
        }

        pub fn perft(&self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let kids = self.children();
            if depth == 1 {
                return kids.len() as u64;
            }
            kids.iter()
                .map(|f| Board::from_fen(f).perft(depth - 1))
                .sum()
        }
    }

    /// xorshift64*, the playouts' own random numbers.
    pub struct Rng(pub u64);

    impl Rng {
        pub fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
        }
    }
}

use reference::{Board, Rng};

fn engine_children(pos: &TowerPosition) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .map(|m| to_tower_fen(&pos.play(m)))
        .collect()
}

/// 200 positions from seeded random games played by the reference.
fn random_positions() -> Vec<String> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut out = Vec::new();
    while out.len() < 200 {
        let mut b = Board::start();
        let plies = 8 + rng.below(70);
        for _ in 0..plies {
            let kids: Vec<String> = b.children().into_iter().collect();
            if kids.is_empty() {
                break;
            }
            b = Board::from_fen(&kids[rng.below(kids.len())]);
        }
        if !b.children().is_empty() {
            out.push(b.to_fen());
        }
    }
    out
}

#[test]
fn reference_fen_round_trips_and_matches_the_engines_writer() {
    let fen = "B:We1,Kh2,c3(wbb):Bd6(BwW),b8";
    let b = Board::from_fen(fen);
    assert_eq!(b.to_fen(), fen);
    let e = parse_tower_fen(fen).expect("engine reads it");
    assert_eq!(to_tower_fen(&e), fen);
    assert_eq!(
        Board::start().to_fen(),
        to_tower_fen(&TowerPosition::initial())
    );
}

#[test]
fn perft_from_the_start_agrees_to_depth_7() {
    let start = TowerPosition::initial();
    let b = Board::start();
    for depth in 1..=7 {
        assert_eq!(
            perft(&start, depth),
            b.perft(depth),
            "perft {depth} from the start"
        );
    }
}

#[test]
fn two_hundred_random_positions_agree() {
    let positions = random_positions();
    let mut tall = 0;
    let mut kings = 0;
    let mut mixed = 0;
    for (i, fen) in positions.iter().enumerate() {
        let e = parse_tower_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"));
        assert_eq!(&to_tower_fen(&e), fen);
        let b = Board::from_fen(fen);
        assert_eq!(engine_children(&e), b.children(), "children of {fen}");
        let depth = if i % 4 == 0 { 4 } else { 3 };
        assert_eq!(perft(&e, depth), b.perft(depth), "perft {depth} of {fen}");
        tall += usize::from(e.towers().iter().any(|t| t.height() >= 3));
        kings += usize::from(
            e.towers()
                .iter()
                .any(|t| t.top().is_some_and(|p| p.kind == Kind::King)),
        );
        mixed += usize::from(
            e.towers()
                .iter()
                .any(|t| t.count(Color::White) > 0 && t.count(Color::Black) > 0),
        );
    }
    assert!(tall >= 50, "only {tall} positions with a tower of three");
    assert!(mixed >= 100, "only {mixed} positions with a mixed tower");
    assert!(kings >= 20, "only {kings} positions with a king");
}
