//! Bashni ("Towers", столбовые шашки) on the 8×8 board: Russian moves and
//! captures, but a captured piece is not removed — it goes under the
//! capturing tower. A tower belongs to the colour of its top piece and
//! moves as that piece (a man or a king); jumping a tower takes only its top
//! piece and leaves the rest on its square, owned by the colour of its new
//! top. The rules, their sources and the choices made are in
//! docs/variants.md ("Bashni").
//!
//! The representation is separate from [`crate::Position`] so that Russian
//! draughts pays nothing for it: the 32 dark squares each hold a [`Tower`]
//! (a bit-stack of colours and kinds with its height), the side to move, and
//! a Zobrist hash over every piece of every stack.
//!
//! ```
//! use shashki_engine::towers::{TowerPosition, perft};
//! let start = TowerPosition::initial();
//! assert_eq!(start.legal_moves().len(), 7);
//! assert_eq!(perft(&start, 3), 302);
//! ```

mod fen;
mod game;
mod search;

pub use fen::{parse_tower_fen, to_tower_fen, TowerFenError};
pub use game::{TowerCounters, TowerGame, TowerGameError, TowerPdnError};
pub use search::{choose_move, evaluate, search_depth, search_depth_until, SearchResult, MATE};

use crate::position::{Color, Kind, Piece};
use std::fmt;

/// Dark squares on the board.
pub const SQUARES: usize = 32;
/// The most pieces a position may hold (every stack is a 32-bit stack).
pub const MAX_PIECES: usize = 32;

/// A dark square, 0..32: `rank * 4 + file / 2` (a1 = 0, c1 = 1, …, h8 = 31).
pub type Sq = u8;

/// Off the board in [`NEIGHBOURS`].
const OFF: u8 = 255;

/// The four diagonal directions as (file step, rank step): up-left,
/// up-right, down-left, down-right ("up" towards rank 8).
const DIRS: [(i8, i8); 4] = [(-1, 1), (1, 1), (-1, -1), (1, -1)];

/// The file (0 = a) and rank (0 = 1) of a dark square.
pub const fn coords(s: Sq) -> (u8, u8) {
    let r = s / 4;
    (2 * (s % 4) + (r & 1), r)
}

/// The dark square at `file`, `rank`, if it is one.
pub const fn square_at(file: i8, rank: i8) -> Option<Sq> {
    if file < 0 || file > 7 || rank < 0 || rank > 7 || (file + rank) % 2 != 0 {
        None
    } else {
        Some((rank * 4 + file / 2) as u8)
    }
}

/// `NEIGHBOURS[s][d]`: the next dark square from `s` in direction `d`.
const NEIGHBOURS: [[u8; 4]; SQUARES] = {
    let mut t = [[OFF; 4]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let (f, r) = coords(s as u8);
        let mut d = 0;
        while d < 4 {
            if let Some(n) = square_at(f as i8 + DIRS[d].0, r as i8 + DIRS[d].1) {
                t[s][d] = n;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

#[inline(always)]
fn step(s: Sq, d: usize) -> Option<Sq> {
    let n = NEIGHBOURS[s as usize][d];
    (n != OFF).then_some(n)
}

/// The square's name, `a1` … `h8`.
pub fn square_name(s: Sq) -> String {
    let (f, r) = coords(s);
    format!("{}{}", (b'a' + f) as char, r + 1)
}

/// A square from its algebraic name (`c3`) or its PDN number (1 = b8 …
/// 32 = g1, as in Russian draughts).
pub fn parse_square(text: &str) -> Option<Sq> {
    let b = text.as_bytes();
    if let [f @ b'a'..=b'h', r @ b'1'..=b'8'] = b {
        return square_at((f - b'a') as i8, (r - b'1') as i8);
    }
    if b.is_empty() || b.len() > 2 || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n: u8 = text.parse().ok()?;
    if !(1..=32).contains(&n) {
        return None;
    }
    let row = (n - 1) / 4; // 0 = rank 8
    let rank = 7 - row;
    Some(rank * 4 + (n - 1) % 4)
}

/// A stack of pieces on one square, bit `i` describing the `i`-th piece
/// from the top: `black` its colour, `kings` its kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Tower {
    len: u8,
    black: u32,
    kings: u32,
}

impl Tower {
    /// The empty square.
    pub const EMPTY: Tower = Tower {
        len: 0,
        black: 0,
        kings: 0,
    };

    /// One piece.
    pub const fn single(p: Piece) -> Tower {
        Tower {
            len: 1,
            black: matches!(p.color, Color::Black) as u32,
            kings: matches!(p.kind, Kind::King) as u32,
        }
    }

    /// A tower from its pieces, top first (`None` when more than
    /// [`MAX_PIECES`]).
    pub fn from_pieces(pieces: &[Piece]) -> Option<Tower> {
        if pieces.len() > MAX_PIECES {
            return None;
        }
        let mut t = Tower::EMPTY;
        for &p in pieces {
            t.push_bottom(p);
        }
        Some(t)
    }

    /// Pieces in the stack.
    pub const fn height(self) -> usize {
        self.len as usize
    }

    pub const fn is_empty(self) -> bool {
        self.len == 0
    }

    /// The `i`-th piece from the top.
    pub fn piece(self, i: usize) -> Option<Piece> {
        (i < self.len as usize).then(|| Piece {
            color: if self.black >> i & 1 == 1 {
                Color::Black
            } else {
                Color::White
            },
            kind: if self.kings >> i & 1 == 1 {
                Kind::King
            } else {
                Kind::Man
            },
        })
    }

    /// The top piece, which owns the tower and decides how it moves.
    pub fn top(self) -> Option<Piece> {
        self.piece(0)
    }

    /// The owner (the top piece's colour).
    pub fn owner(self) -> Option<Color> {
        self.top().map(|p| p.color)
    }

    /// The pieces, top first.
    pub fn pieces(self) -> impl Iterator<Item = Piece> {
        (0..self.len as usize).filter_map(move |i| self.piece(i))
    }

    /// Pieces of colour `c` in the stack.
    pub fn count(self, c: Color) -> u32 {
        let mask = if self.len >= 32 {
            u32::MAX
        } else {
            (1u32 << self.len) - 1
        };
        match c {
            Color::Black => self.black.count_ones(),
            Color::White => (!self.black & mask).count_ones(),
        }
    }

    /// Own pieces in a row from the top: the captures the tower stands
    /// before it changes hands.
    pub fn guard(self) -> u32 {
        let own_black = self.black & 1 == 1;
        let same = if own_black { self.black } else { !self.black };
        (same.trailing_ones()).min(self.len as u32)
    }

    fn pop_top(&mut self) -> Option<Piece> {
        let p = self.top()?;
        self.len -= 1;
        self.black >>= 1;
        self.kings >>= 1;
        Some(p)
    }

    fn push_bottom(&mut self, p: Piece) {
        let i = self.len as u32;
        self.black |= (matches!(p.color, Color::Black) as u32) << i;
        self.kings |= (matches!(p.kind, Kind::King) as u32) << i;
        self.len += 1;
    }

    fn crown_top(&mut self) {
        self.kings |= 1;
    }
}

/// Zobrist keys: one per (square, depth in the stack, piece) and the side.
static ZOBRIST: [[u64; 4]; SQUARES * MAX_PIECES] = {
    let mut t = [[0u64; 4]; SQUARES * MAX_PIECES];
    let mut x: u64 = 0x0b45_4e1f_70e5_2c0d;
    let mut i = 0;
    while i < SQUARES * MAX_PIECES {
        let mut k = 0;
        while k < 4 {
            // splitmix64
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            t[i][k] = z ^ (z >> 31);
            k += 1;
        }
        i += 1;
    }
    t
};
const ZOBRIST_BLACK_TO_MOVE: u64 = 0x5be3_1f0c_7a9d_4e21;

/// A Bashni position: a tower (possibly empty) on each dark square and the
/// side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TowerPosition {
    towers: [Tower; SQUARES],
    side: Color,
    hash: u64,
}

/// A Bashni move: the squares the tower stands on (start, then every
/// landing square) and the squares whose top pieces it takes, in the order
/// taken (which is the order they go under it).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TowerMove {
    path: [Sq; MAX_PIECES + 1],
    path_len: u8,
    taken: [Sq; MAX_PIECES],
    n_taken: u8,
    crowned: bool,
}

impl TowerMove {
    fn quiet(from: Sq, to: Sq, crowned: bool) -> TowerMove {
        let mut path = [0; MAX_PIECES + 1];
        path[0] = from;
        path[1] = to;
        TowerMove {
            path,
            path_len: 2,
            taken: [0; MAX_PIECES],
            n_taken: 0,
            crowned,
        }
    }

    pub fn from(&self) -> Sq {
        self.path[0]
    }

    pub fn to(&self) -> Sq {
        self.path[self.path_len as usize - 1]
    }

    /// Start and landing squares.
    pub fn path(&self) -> &[Sq] {
        &self.path[..self.path_len as usize]
    }

    /// The squares whose top pieces are taken, in order.
    pub fn taken(&self) -> &[Sq] {
        &self.taken[..self.n_taken as usize]
    }

    pub fn is_capture(&self) -> bool {
        self.n_taken > 0
    }

    /// The moving tower's top piece becomes a king.
    pub fn is_promotion(&self) -> bool {
        self.crowned
    }

    /// Written as in Russian draughts: `c3-d4`, `c3:e5:g7`.
    pub fn notation(&self) -> String {
        let sep = if self.is_capture() { ":" } else { "-" };
        self.path()
            .iter()
            .map(|&s| square_name(s))
            .collect::<Vec<_>>()
            .join(sep)
    }
}

impl fmt::Debug for TowerMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

impl fmt::Display for TowerMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

impl Default for TowerPosition {
    fn default() -> Self {
        TowerPosition::initial()
    }
}

/// The state of a capture walk.
struct Walk<'a> {
    pos: &'a TowerPosition,
    from: Sq,
    me: Color,
    taken: [Sq; MAX_PIECES],
    path: [Sq; MAX_PIECES + 1],
    /// Kinds of the pieces taken so far (bit `i`: the `i`-th was a king),
    /// with `taken`, `from`, the end and the crowning what makes two
    /// sequences the same move.
    out: Vec<TowerMove>,
}

impl TowerPosition {
    /// Twelve men a side on the dark squares of the three nearest ranks,
    /// White to move.
    pub fn initial() -> TowerPosition {
        let mut towers = [Tower::EMPTY; SQUARES];
        for (s, t) in towers.iter_mut().enumerate() {
            if s < 12 {
                *t = Tower::single(Piece {
                    color: Color::White,
                    kind: Kind::Man,
                });
            } else if s >= 20 {
                *t = Tower::single(Piece {
                    color: Color::Black,
                    kind: Kind::Man,
                });
            }
        }
        TowerPosition::from_towers(towers, Color::White)
    }

    /// A position from its towers (`towers[s]` on square `s`).
    pub fn from_towers(towers: [Tower; SQUARES], side: Color) -> TowerPosition {
        let mut p = TowerPosition {
            towers,
            side,
            hash: 0,
        };
        p.hash = p.compute_hash();
        p
    }

    pub fn tower(&self, s: Sq) -> Tower {
        self.towers[s as usize]
    }

    pub fn towers(&self) -> &[Tower; SQUARES] {
        &self.towers
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The Zobrist hash: every piece of every stack at its depth, and the
    /// side to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut h = match self.side {
            Color::White => 0,
            Color::Black => ZOBRIST_BLACK_TO_MOVE,
        };
        for (s, t) in self.towers.iter().enumerate() {
            for i in 0..t.height() {
                let code = (t.black >> i & 1) | (t.kings >> i & 1) << 1;
                h ^= ZOBRIST[s * MAX_PIECES + i][code as usize];
            }
        }
        h
    }

    /// Every piece on the board.
    pub fn piece_count(&self) -> usize {
        self.towers.iter().map(|t| t.height()).sum()
    }

    /// Towers owned by `c` as (topped by a man, topped by a king).
    pub fn count_tops(&self, c: Color) -> (u32, u32) {
        let mut n = (0, 0);
        for t in &self.towers {
            if let Some(p) = t.top() {
                if p.color == c {
                    match p.kind {
                        Kind::Man => n.0 += 1,
                        Kind::King => n.1 += 1,
                    }
                }
            }
        }
        n
    }

    fn crown_rank(c: Color) -> u8 {
        match c {
            Color::White => 7,
            Color::Black => 0,
        }
    }

    fn forward(c: Color) -> [usize; 2] {
        match c {
            Color::White => [0, 1],
            Color::Black => [2, 3],
        }
    }

    /// Whether the side to move has a capture.
    pub fn has_capture(&self) -> bool {
        let me = self.side;
        (0..SQUARES as u8).any(|s| match self.towers[s as usize].top() {
            Some(p) if p.color == me => self.can_capture_from(s, s, p.kind == Kind::King, 0),
            _ => false,
        })
    }

    #[inline]
    fn occupied(&self, s: Sq, from: Sq) -> bool {
        s != from && !self.towers[s as usize].is_empty()
    }

    /// Whether the tower that started on `from`, now on `at`, can take
    /// another top piece, `taken` holding the squares already jumped.
    fn can_capture_from(&self, at: Sq, from: Sq, king: bool, taken: u32) -> bool {
        let me = self.side;
        for d in 0..4 {
            let mut cur = at;
            while let Some(n) = step(cur, d) {
                if !self.occupied(n, from) {
                    if king {
                        cur = n;
                        continue;
                    }
                    break;
                }
                if taken >> n & 1 == 0 && self.towers[n as usize].owner() != Some(me) {
                    if let Some(l) = step(n, d) {
                        if !self.occupied(l, from) {
                            return true;
                        }
                    }
                }
                break;
            }
        }
        false
    }

    /// Every legal move: the captures if there are any (free choice among
    /// them), else the quiet moves.
    pub fn legal_moves(&self) -> Vec<TowerMove> {
        let me = self.side;
        let mut walk = Walk {
            pos: self,
            from: 0,
            me,
            taken: [0; MAX_PIECES],
            path: [0; MAX_PIECES + 1],
            out: Vec::new(),
        };
        for s in 0..SQUARES as u8 {
            if let Some(p) = self.towers[s as usize].top() {
                if p.color == me {
                    walk.from = s;
                    walk.path[0] = s;
                    walk.capture(s, p.kind == Kind::King, false, 0, 0, 0);
                }
            }
        }
        if !walk.out.is_empty() {
            return walk.out;
        }
        let mut out = Vec::new();
        for s in 0..SQUARES as u8 {
            let Some(p) = self.towers[s as usize].top() else {
                continue;
            };
            if p.color != me {
                continue;
            }
            if p.kind == Kind::King {
                for d in 0..4 {
                    let mut cur = s;
                    while let Some(n) = step(cur, d) {
                        if !self.towers[n as usize].is_empty() {
                            break;
                        }
                        out.push(TowerMove::quiet(s, n, false));
                        cur = n;
                    }
                }
            } else {
                for d in Self::forward(me) {
                    if let Some(n) = step(s, d) {
                        if self.towers[n as usize].is_empty() {
                            let crowned = coords(n).1 == Self::crown_rank(me);
                            out.push(TowerMove::quiet(s, n, crowned));
                        }
                    }
                }
            }
        }
        out
    }

    /// The position after `mv` (which must be one of [`Self::legal_moves`]).
    pub fn play(&self, mv: &TowerMove) -> TowerPosition {
        let mut next = *self;
        let mut t = next.towers[mv.from() as usize];
        next.towers[mv.from() as usize] = Tower::EMPTY;
        for &s in mv.taken() {
            if let Some(p) = next.towers[s as usize].pop_top() {
                t.push_bottom(p);
            }
        }
        if mv.crowned {
            t.crown_top();
        }
        next.towers[mv.to() as usize] = t;
        next.side = self.side.opposite();
        next.hash = next.compute_hash();
        next
    }

    /// The legal move written `text` (`c3-d4`, `c3:e5:g7`, `x` for `:`,
    /// numeric squares too); a capture may be named by its start and end
    /// alone when only one capture joins them.
    pub fn parse_move(&self, text: &str) -> Option<TowerMove> {
        let text = text.trim();
        let squares: Option<Vec<Sq>> = text
            .split(['-', ':', 'x'])
            .map(|p| parse_square(p.trim()))
            .collect();
        let squares = squares?;
        if squares.len() < 2 {
            return None;
        }
        let moves = self.legal_moves();
        if let Some(m) = moves.iter().find(|m| m.path() == squares.as_slice()) {
            return Some(*m);
        }
        if squares.len() == 2 {
            let mut it = moves
                .iter()
                .filter(|m| m.from() == squares[0] && m.to() == squares[1]);
            if let (Some(m), None) = (it.next(), it.next()) {
                return Some(*m);
            }
        }
        None
    }
}

impl Walk<'_> {
    /// Extend a capture from `at` (the tower's top a king or not), `n`
    /// pieces taken so far (`mask` their squares, `kinds` their kinds).
    fn capture(&mut self, at: Sq, king: bool, crowned: bool, n: usize, mask: u32, kinds: u32) {
        let pos = self.pos;
        let mut extended = false;
        for d in 0..4 {
            // Find the piece to jump in direction d.
            let mut cur = at;
            let victim = loop {
                let Some(next) = step(cur, d) else { break None };
                if !pos.occupied(next, self.from) {
                    if king {
                        cur = next;
                        continue;
                    }
                    break None;
                }
                break Some(next);
            };
            let Some(v) = victim else { continue };
            let vt = pos.towers[v as usize];
            if mask >> v & 1 == 1 || vt.owner() == Some(self.me) {
                continue;
            }
            let is_king_taken = vt.top().map(|p| p.kind == Kind::King).unwrap_or(false) as u32;
            let mask2 = mask | 1 << v;
            let kinds2 = kinds | is_king_taken << n;
            self.taken[n] = v;
            // The landing squares beyond it.
            let mut landings = [0u8; 8];
            let mut nl = 0;
            let mut l = v;
            while let Some(next) = step(l, d) {
                if pos.occupied(next, self.from) {
                    break;
                }
                landings[nl] = next;
                nl += 1;
                l = next;
                if !king {
                    break;
                }
            }
            if nl == 0 {
                continue;
            }
            extended = true;
            let crown_rank = TowerPosition::crown_rank(self.me);
            let from = self.from;
            let goes_on = |s: Sq, k: bool| pos.can_capture_from(s, from, k, mask2);
            let any_on = landings[..nl].iter().any(|&s| {
                let k = king || coords(s).1 == crown_rank;
                goes_on(s, k)
            });
            for &s in &landings[..nl] {
                let k = king || coords(s).1 == crown_rank;
                if any_on && !goes_on(s, k) {
                    continue;
                }
                self.path[n + 1] = s;
                self.capture(s, k, crowned || (k && !king), n + 1, mask2, kinds2);
            }
        }
        if !extended && n > 0 {
            self.record(at, crowned, n, mask, kinds);
        }
    }

    fn record(&mut self, to: Sq, crowned: bool, n: usize, mask: u32, kinds: u32) {
        // The same move: same start, end, pieces taken (as a set), their
        // kinds in the order they go under, and the same crowning — it
        // leads to the same position.
        let same = |m: &TowerMove| {
            if m.from() != self.from || m.to() != to || m.n_taken as usize != n {
                return false;
            }
            if m.crowned != crowned {
                return false;
            }
            let mut mm = 0u32;
            let mut mk = 0u32;
            for (i, &s) in m.taken().iter().enumerate() {
                mm |= 1 << s;
                let k = self.pos.towers[s as usize]
                    .top()
                    .map(|p| p.kind == Kind::King)
                    .unwrap_or(false);
                mk |= (k as u32) << i;
            }
            mm == mask && mk == kinds
        };
        if self.out.iter().any(same) {
            return;
        }
        let mut path = [0; MAX_PIECES + 1];
        path[..n + 1].copy_from_slice(&self.path[..n + 1]);
        let mut m = TowerMove {
            path,
            path_len: (n + 1) as u8,
            taken: [0; MAX_PIECES],
            n_taken: n as u8,
            crowned,
        };
        m.taken[..n].copy_from_slice(&self.taken[..n]);
        debug_assert_eq!(m.to(), to);
        self.out.push(m);
    }
}

/// Leaves of the move tree `depth` plies deep (moves that lead to the same
/// position counted once, as in [`TowerPosition::legal_moves`]).
pub fn perft(pos: &TowerPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&pos.play(m), depth - 1)).sum()
}
