//! A second, independent move generator for Vigman's double game, written
//! for the tests from the rules (docs/variants.md, "Vigman") and sharing
//! no code with the engine: one 8×8 grid of all 64 squares (a diagonal
//! step never changes a square's colour, so the two games never meet), its
//! own FEN writer, a depth-first Russian capture walk (the jumped pieces
//! stay until the move ends and may not be jumped twice; a king tries every
//! landing square and keeps those that go on, if any do; a man crowned
//! mid-capture goes on as a king), two sub-moves a turn, a capture on
//! either colour compulsory. Sub-moves are collected as the positions they
//! lead to. The engine and it must agree to depth 7 from the start and on
//! 200 positions from seeded random games (every child, perft 3).

use shashki_engine::vigman::{perft, VigmanPosition};
use std::collections::BTreeSet;

/// 1/2 a white man/king, -1/-2 a black one, 0 empty; `grid[rank][file]`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Board {
    grid: [[i8; 8]; 8],
    white: bool,
    second: bool,
}

fn inside(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

const DIRS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

impl Board {
    fn start() -> Board {
        let mut grid = [[0; 8]; 8];
        for r in 0..3 {
            grid[r] = [1; 8];
            grid[7 - r] = [-1; 8];
        }
        Board {
            grid,
            white: true,
            second: false,
        }
    }

    fn at(&self, f: i32, r: i32) -> i8 {
        self.grid[r as usize][f as usize]
    }

    fn mine(&self, v: i8) -> bool {
        if self.white {
            v > 0
        } else {
            v < 0
        }
    }

    fn fen(&self) -> String {
        let mut s = String::from(if self.white { "W" } else { "B" });
        if self.second {
            s.push('2');
        }
        for white in [true, false] {
            s.push(':');
            s.push(if white { 'W' } else { 'B' });
            let mut items = Vec::new();
            for r in 0..8 {
                for f in 0..8 {
                    let v = self.grid[r][f];
                    if v != 0 && (v > 0) == white {
                        let k = if v.abs() == 2 { "K" } else { "" };
                        items.push(format!("{k}{}{}", (b'a' + f as u8) as char, r + 1));
                    }
                }
            }
            s.push_str(&items.join(","));
        }
        s
    }

    fn next_turn(mut self) -> Board {
        if self.second {
            self.second = false;
            self.white = !self.white;
        } else {
            self.second = true;
        }
        self
    }

    fn can_jump(&self, f: i32, r: i32, king: bool, jumped: &[(i32, i32)]) -> bool {
        DIRS.iter().any(|&(df, dr)| {
            let (mut x, mut y) = (f + df, r + dr);
            while king && inside(x, y) && self.at(x, y) == 0 {
                x += df;
                y += dr;
            }
            inside(x, y)
                && self.at(x, y) != 0
                && !self.mine(self.at(x, y))
                && !jumped.contains(&(x, y))
                && inside(x + df, y + dr)
                && self.at(x + df, y + dr) == 0
        })
    }

    /// The capturing piece (lifted off the board) is on (f, r).
    fn walk(
        &self,
        piece: i8,
        f: i32,
        r: i32,
        jumped: &mut Vec<(i32, i32)>,
        out: &mut BTreeSet<Board>,
    ) {
        let king = piece.abs() == 2;
        let crown = if self.white { 7 } else { 0 };
        let mut any = false;
        for (df, dr) in DIRS {
            let (mut x, mut y) = (f + df, r + dr);
            while king && inside(x, y) && self.at(x, y) == 0 {
                x += df;
                y += dr;
            }
            if !inside(x, y) || self.at(x, y) == 0 || self.mine(self.at(x, y)) {
                continue;
            }
            if jumped.contains(&(x, y)) {
                continue;
            }
            let mut lands = Vec::new();
            let (mut lx, mut ly) = (x + df, y + dr);
            while inside(lx, ly) && self.at(lx, ly) == 0 {
                lands.push((lx, ly));
                if !king {
                    break;
                }
                lx += df;
                ly += dr;
            }
            jumped.push((x, y));
            let crowned = |ly: i32| {
                if ly == crown {
                    piece.signum() * 2
                } else {
                    piece
                }
            };
            let on: Vec<bool> = lands
                .iter()
                .map(|&(lx, ly)| self.can_jump(lx, ly, crowned(ly).abs() == 2, jumped))
                .collect();
            let some_on = on.iter().any(|&b| b);
            for (i, &(lx, ly)) in lands.iter().enumerate() {
                if some_on && !on[i] {
                    continue;
                }
                any = true;
                self.walk(crowned(ly), lx, ly, jumped, out);
            }
            jumped.pop();
        }
        if !any && !jumped.is_empty() {
            let mut b = *self;
            for &(x, y) in jumped.iter() {
                b.grid[y as usize][x as usize] = 0;
            }
            b.grid[r as usize][f as usize] = piece;
            out.insert(b.next_turn());
        }
    }

    fn children(&self) -> BTreeSet<Board> {
        let mut out = BTreeSet::new();
        for r in 0..8 {
            for f in 0..8 {
                let v = self.at(f, r);
                if v != 0 && self.mine(v) {
                    let mut b = *self;
                    b.grid[r as usize][f as usize] = 0;
                    b.walk(v, f, r, &mut Vec::new(), &mut out);
                }
            }
        }
        if !out.is_empty() {
            return out;
        }
        let crown = if self.white { 7 } else { 0 };
        for r in 0..8 {
            for f in 0..8 {
                let v = self.at(f, r);
                if v == 0 || !self.mine(v) {
                    continue;
                }
                for (df, dr) in DIRS {
                    if v.abs() == 1 && (dr == 1) != self.white {
                        continue;
                    }
                    let (mut x, mut y) = (f + df, r + dr);
                    while inside(x, y) && self.at(x, y) == 0 {
                        let mut b = *self;
                        b.grid[r as usize][f as usize] = 0;
                        b.grid[y as usize][x as usize] =
                            if y == crown { v.signum() * 2 } else { v };
                        out.insert(b.next_turn());
                        if v.abs() == 1 {
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

    fn perft(&self, depth: u32) -> u64 {
        let kids = self.children();
        if depth == 1 {
            return kids.len() as u64;
        }
        kids.iter().map(|b| b.perft(depth - 1)).sum()
    }
}

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn engine_children(p: &VigmanPosition) -> BTreeSet<String> {
    p.legal_moves().iter().map(|m| p.play(m).to_fen()).collect()
}

#[test]
fn start_positions_agree() {
    assert_eq!(VigmanPosition::initial().to_fen(), Board::start().fen());
}

#[test]
fn perft_from_the_start_agrees_to_depth_7() {
    let e = VigmanPosition::initial();
    let b = Board::start();
    for depth in 1..=7 {
        assert_eq!(perft(&e, depth), b.perft(depth), "depth {depth}");
    }
}

#[test]
fn two_hundred_random_positions_agree() {
    let mut rng = Rng(0x5151_2026_1125_0001);
    let mut with_kings = 0;
    let mut with_captures = 0;
    for _ in 0..200 {
        let mut b = Board::start();
        for _ in 0..10 + rng.below(110) {
            let kids: Vec<Board> = b.children().into_iter().collect();
            if kids.is_empty() {
                break;
            }
            b = kids[rng.below(kids.len())];
        }
        let fen = b.fen();
        let e = VigmanPosition::parse_fen(&fen).unwrap_or_else(|err| panic!("{fen}: {err}"));
        assert_eq!(e.to_fen(), fen);
        let kids: BTreeSet<String> = b.children().iter().map(Board::fen).collect();
        assert_eq!(engine_children(&e), kids, "children of {fen}");
        if !kids.is_empty() {
            assert_eq!(perft(&e, 3), b.perft(3), "perft 3 of {fen}");
        }
        with_kings += usize::from(fen.contains('K'));
        with_captures += usize::from(e.legal_moves().iter().any(|m| m.mv.is_capture()));
    }
    assert!(with_kings >= 20, "only {with_kings} positions with a king");
    assert!(
        with_captures >= 20,
        "only {with_captures} with a capture to make"
    );
}
