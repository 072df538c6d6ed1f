//! Moves and legal move generation.
//!
//! Capture rules (Russian draughts, see `shared/RULES.md`): capturing is
//! compulsory; men capture forwards and backwards; flying kings capture at any
//! distance and may land on any empty square beyond — unless some of those
//! squares allow the capture to go on, in which case the king must land on one
//! of them; captured pieces stay on the board until the move ends (Turkish
//! strike), block the way and may not be jumped twice; a man reaching the far
//! rank mid-capture goes on as a king. Two capture sequences with the same
//! start, end, captured set (and crowning) are one move and are generated once.

use crate::position::{Color, Position};
use crate::rules::{MidCapturePromotion, Rules, Russian};
use crate::square::{Bitboard, Board8, Shape, Square};
use std::fmt;
use std::marker::PhantomData;

/// The most landing squares a move can have. On 8×8 every captured piece
/// stands on one of the 18 inner dark squares, so no capture takes more than
/// 18 pieces; on the wider boards no side has more than 20 pieces (the FEN
/// reader refuses more), and the generator stops a capture at 20 should a
/// hand-built position hold more. 20 keeps a [`Move`] at 32 bytes.
pub const MAX_PATH: usize = 20;

/// A move on board `S` (8×8 unless named): where it starts, every square it
/// lands on, what it captures.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move<S: Shape = Board8> {
    captured: Bitboard,
    from: u8,
    len: u8,
    promotion: bool,
    king_move: bool,
    path: [u8; MAX_PATH],
    shape: PhantomData<S>,
}

impl<S: Shape> Move<S> {
    pub(crate) fn quiet(
        from: Square<S>,
        to: Square<S>,
        promotion: bool,
        king_move: bool,
    ) -> Move<S> {
        let mut path = [0; MAX_PATH];
        path[0] = to.bit();
        Move {
            captured: 0,
            from: from.bit(),
            len: 1,
            promotion,
            king_move,
            path,
            shape: PhantomData,
        }
    }

    /// Start square.
    #[inline(always)]
    pub fn from(&self) -> Square<S> {
        Square::with_bit(self.from).expect("valid square")
    }

    /// Final square.
    #[inline(always)]
    pub fn to(&self) -> Square<S> {
        Square::with_bit(self.path[self.len as usize - 1]).expect("valid square")
    }

    /// Every landing square in order (the last is [`Move::to`]); a quiet move
    /// has one.
    pub fn landings(&self) -> impl Iterator<Item = Square<S>> + '_ {
        self.path[..self.len as usize]
            .iter()
            .map(|&b| Square::with_bit(b).expect("valid square"))
    }

    /// Number of landing squares (1 for a quiet move or a single capture).
    #[inline(always)]
    pub fn len_path(&self) -> usize {
        self.len as usize
    }

    /// The start square followed by every landing square.
    pub fn path(&self) -> Vec<Square<S>> {
        std::iter::once(self.from())
            .chain(self.landings())
            .collect()
    }

    /// Captured pieces as a bitboard.
    #[inline(always)]
    pub fn captured(&self) -> Bitboard {
        self.captured
    }

    /// Captured squares, in the order they were jumped.
    pub fn captured_squares(&self) -> Vec<Square<S>> {
        let mut out = Vec::with_capacity(self.captured.count_ones() as usize);
        let mut cur = self.from();
        for to in self.landings() {
            // walk the diagonal from cur to `to`; the captured piece is on it
            let df = (to.file() as i8 - cur.file() as i8).signum();
            let dr = (to.rank() as i8 - cur.rank() as i8).signum();
            let (mut f, mut r) = (cur.file() as i8 + df, cur.rank() as i8 + dr);
            while (f, r) != (to.file() as i8, to.rank() as i8) {
                if let Some(s) = Square::<S>::at(f as u8, r as u8) {
                    if self.captured & s.bb() != 0 && !out.contains(&s) {
                        out.push(s);
                    }
                }
                f += df;
                r += dr;
            }
            cur = to;
        }
        out
    }

    /// Number of captured pieces.
    #[inline(always)]
    pub fn capture_count(&self) -> u32 {
        self.captured.count_ones()
    }

    #[inline(always)]
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// A man is crowned by this move.
    #[inline(always)]
    pub fn is_promotion(&self) -> bool {
        self.promotion
    }

    /// The moving piece was a king before the move.
    #[inline(always)]
    pub fn is_king_move(&self) -> bool {
        self.king_move
    }

    /// Same move in the SET sense: same start, end, captured set and crowning.
    #[inline(always)]
    pub fn same_as(&self, other: &Move<S>) -> bool {
        self.from == other.from
            && self.path[self.len as usize - 1] == other.path[other.len as usize - 1]
            && self.captured == other.captured
            && self.promotion == other.promotion
    }
}

impl<S: Shape> fmt::Display for Move<S> {
    /// Algebraic notation on 8×8: `e3-d4`, `c3:e5:c7`; square numbers on the
    /// numbered boards, every landing square joined by `x`: `32-28`,
    /// `28x19x10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from())?;
        let sep = match (self.is_capture(), S::NUMERIC) {
            (false, _) => '-',
            (true, false) => ':',
            (true, true) => 'x',
        };
        for s in self.landings() {
            write!(f, "{sep}{s}")?;
        }
        Ok(())
    }
}

impl<S: Shape> fmt::Debug for Move<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Run `$body` once per direction of board `$s` with `$d` bound to it as a
/// constant, so every shift has a fixed amount (a loop over the directions
/// is not reliably unrolled).
macro_rules! each_direction {
    ($s:ty, $d:ident => $body:block) => {{
        {
            #[allow(non_snake_case)]
            let $d: i8 = const { <$s as Shape>::DIRS[0] };
            $body
        }
        {
            #[allow(non_snake_case)]
            let $d: i8 = const { <$s as Shape>::DIRS[1] };
            $body
        }
        {
            #[allow(non_snake_case)]
            let $d: i8 = const { <$s as Shape>::DIRS[2] };
            $body
        }
        {
            #[allow(non_snake_case)]
            let $d: i8 = const { <$s as Shape>::DIRS[3] };
            $body
        }
    }};
}

/// Like [`each_direction!`] for the two forward directions of `$color`.
macro_rules! each_forward_direction {
    ($s:ty, $color:expr, $d:ident => $body:block) => {{
        match $color {
            Color::White => {
                {
                    #[allow(non_snake_case)]
                    let $d: i8 = const { <$s as Shape>::DIRS[0] };
                    $body
                }
                {
                    #[allow(non_snake_case)]
                    let $d: i8 = const { <$s as Shape>::DIRS[1] };
                    $body
                }
            }
            Color::Black => {
                {
                    #[allow(non_snake_case)]
                    let $d: i8 = const { <$s as Shape>::DIRS[2] };
                    $body
                }
                {
                    #[allow(non_snake_case)]
                    let $d: i8 = const { <$s as Shape>::DIRS[3] };
                    $body
                }
            }
        }
    }};
}

/// Index of a direction in [`Shape::DIRS`]; the opposite of index `i` is
/// `3 - i`.
#[inline(always)]
const fn direction_index<S: Shape>(d: i8) -> usize {
    if d == S::DIRS[0] {
        0
    } else if d == S::DIRS[1] {
        1
    } else if d == S::DIRS[2] {
        2
    } else {
        3
    }
}

// One step of board `S` along `dir`, dropping what leaves the board.
use crate::square::shift_in as shift;
// `shift` without dropping ghost and out-of-board bits: only for results
// at once ANDed with a set of real squares (pieces, empty squares), which
// drops them anyway; never for a value shifted again.
use crate::square::step_raw as shift_raw;

#[inline(always)]
const fn is_forward(c: Color, d: i8) -> bool {
    match c {
        Color::White => d > 0,
        Color::Black => d < 0,
    }
}

#[inline(always)]
fn forward_dirs<S: Shape>(c: Color) -> [i8; 2] {
    match c {
        Color::White => [S::DIRS[0], S::DIRS[1]],
        Color::Black => [S::DIRS[2], S::DIRS[3]],
    }
}

/// One orthogonal step of board `S` (Frisian captures): `k` = 0 up the
/// file, 1 right along the rank, 2 left, 3 down; the opposite of `k` is
/// `3 - k`. Steps along a rank are masked at its ends, where the layout has
/// no ghost square between some ranks.
#[inline(always)]
fn ortho_step<S: Shape>(bb: Bitboard, k: usize) -> Bitboard {
    match k {
        0 => (bb << S::VERTICAL as u32) & S::ALL,
        1 => ((bb & !S::RIGHT_EDGE) << 1) & S::ALL,
        2 => (bb & !S::LEFT_EDGE) >> 1,
        _ => bb >> S::VERTICAL as u32,
    }
}

/// First occupied squares met sliding from each of `from` orthogonally
/// along `k` through `empty`.
#[inline]
fn first_blockers_ortho<S: Shape>(from: Bitboard, k: usize, empty: Bitboard) -> Bitboard {
    let mut ray = ortho_step::<S>(from, k);
    let mut blockers = 0;
    while ray != 0 {
        blockers |= ray & !empty;
        ray = ortho_step::<S>(ray & empty, k);
    }
    blockers
}

/// First occupied squares met sliding from each of `from` along `dir` through
/// `empty`.
#[inline(always)]
fn first_blockers<S: Shape>(from: Bitboard, dir: i8, empty: Bitboard) -> Bitboard {
    let mut ray = shift::<S>(from, dir);
    let mut blockers = 0;
    while ray != 0 {
        blockers |= ray & !empty;
        ray = shift::<S>(ray & empty, dir);
    }
    blockers
}

/// The pieces of the side to move that can capture something.
#[inline(always)]
pub fn capturers<R: Rules>(pos: &Position<R::Shape>) -> Bitboard {
    if R::CROWNING_WINS && pos.kings != 0 {
        return 0; // the game is over
    }
    let us = pos.side;
    let own = pos.pieces_of(us);
    let enemy = pos.pieces_of(us.opposite());
    let empty = pos.empty_squares();
    let men = own & !pos.kings;
    let kings = own & pos.kings;
    let mut found = 0;
    let men_victims = if R::MEN_CAPTURE_KINGS {
        enemy
    } else {
        enemy & !pos.kings
    };
    each_direction!(R::Shape, D => {
        // enemy pieces with an empty square right behind them along D
        let victims = enemy & shift_raw(empty, -D);
        if R::MEN_CAPTURE_BACKWARD || is_forward(us, D) {
            found |= shift_raw(men_victims & victims, -D) & men;
        }
        if kings != 0 && victims != 0 {
            found |= if R::FLYING_KINGS {
                first_blockers::<R::Shape>(victims, -D, empty) & kings
            } else {
                shift::<R::Shape>(victims, -D) & kings
            };
        }
    });
    if R::ORTHOGONAL_CAPTURES {
        for k in 0..4 {
            // enemy pieces with an empty square right behind them along k
            let victims = enemy & ortho_step::<R::Shape>(empty, 3 - k);
            found |= ortho_step::<R::Shape>(men_victims & victims, 3 - k) & men;
            if kings != 0 && victims != 0 {
                found |= if R::FLYING_KINGS {
                    first_blockers_ortho::<R::Shape>(victims, 3 - k, empty) & kings
                } else {
                    ortho_step::<R::Shape>(victims, 3 - k) & kings
                };
            }
        }
    }
    if R::KING_CAPTURE_PRIORITY && found & kings != 0 {
        // a king that can capture must: the men's captures are not legal
        return found & kings;
    }
    found
}

/// Whether the side to move has a capture.
#[inline]
pub fn has_capture<R: Rules>(pos: &Position<R::Shape>) -> bool {
    capturers::<R>(pos) != 0
}

/// Where finished capture sequences go.
trait CaptureSink<S: Shape> {
    /// The captures of a new piece follow.
    fn begin_piece(&mut self);
    /// A finished sequence; the same move (SET sense) may arrive more than once.
    fn emit(
        &mut self,
        from: u8,
        path: &[u8; MAX_PATH],
        len: usize,
        captured: Bitboard,
        promotion: bool,
        was_king: bool,
    );
}

/// Collects [`Move`]s, generating each once.
struct MoveSink<'a, S: Shape> {
    out: &'a mut Vec<Move<S>>,
    /// Index in `out` of the first move of the current piece.
    first: usize,
}

impl<S: Shape> CaptureSink<S> for MoveSink<'_, S> {
    fn begin_piece(&mut self) {
        self.first = self.out.len();
    }

    #[inline]
    fn emit(
        &mut self,
        from: u8,
        path: &[u8; MAX_PATH],
        len: usize,
        captured: Bitboard,
        promotion: bool,
        was_king: bool,
    ) {
        let mv = Move {
            captured,
            from,
            len: len as u8,
            promotion,
            king_move: was_king,
            path: *path,
            shape: PhantomData,
        };
        // see CountSink::emit for why short captures by a man never repeat
        let may_repeat = len > 2 || was_king || promotion;
        if !may_repeat || !self.out[self.first..].iter().any(|m| m.same_as(&mv)) {
            self.out.push(mv);
        }
    }
}

/// Counts distinct moves without building them.
struct CountSink {
    total: u64,
    /// Keys of the current piece's moves that may repeat; the rare overflow
    /// goes to `more`.
    keys: [u64; 16],
    n: usize,
    more: Vec<u64>,
}

impl<S: Shape> CaptureSink<S> for CountSink {
    fn begin_piece(&mut self) {
        self.n = 0;
        self.more.clear();
    }

    #[inline]
    fn emit(
        &mut self,
        _from: u8,
        path: &[u8; MAX_PATH],
        len: usize,
        captured: Bitboard,
        promotion: bool,
        was_king: bool,
    ) {
        // A man's sequences of one or two jumps never repeat a move: two orders
        // of the same captures ending on the same square need a closed loop of
        // at least four jumps.
        if len <= 2 && !was_king && !promotion {
            self.total += 1;
            return;
        }
        // captured squares use bits 0..=54 on the largest board
        let key = captured | (path[len - 1] as u64) << 56 | (promotion as u64) << 63;
        if self.keys[..self.n].contains(&key) || self.more.contains(&key) {
            return;
        }
        if self.n < self.keys.len() {
            self.keys[self.n] = key;
            self.n += 1;
        } else {
            self.more.push(key);
        }
        self.total += 1;
    }
}

/// Counts the distinct captures of the most pieces (majority capture: kings
/// count as one piece, like men) without building them.
struct MajoritySink {
    /// The most pieces taken by a capture seen so far.
    best: u32,
    /// Distinct captures of `best` pieces.
    total: u64,
    /// Keys of the current piece's captures of `best` pieces that may
    /// repeat; the rare overflow goes to `more`.
    keys: [u64; 16],
    n: usize,
    more: Vec<u64>,
}

impl<S: Shape> CaptureSink<S> for MajoritySink {
    fn begin_piece(&mut self) {
        self.n = 0;
        self.more.clear();
    }

    #[inline]
    fn emit(
        &mut self,
        _from: u8,
        path: &[u8; MAX_PATH],
        len: usize,
        captured: Bitboard,
        promotion: bool,
        was_king: bool,
    ) {
        let taken = captured.count_ones();
        if taken < self.best {
            return;
        }
        if taken > self.best {
            self.best = taken;
            self.total = 0;
            self.n = 0;
            self.more.clear();
        }
        // see CountSink::emit
        if len <= 2 && !was_king && !promotion {
            self.total += 1;
            return;
        }
        let key = captured | (path[len - 1] as u64) << 56 | (promotion as u64) << 63;
        if self.keys[..self.n].contains(&key) || self.more.contains(&key) {
            return;
        }
        if self.n < self.keys.len() {
            self.keys[self.n] = key;
            self.n += 1;
        } else {
            self.more.push(key);
        }
        self.total += 1;
    }
}

/// Collects capture sequences for one piece by depth-first search.
struct CaptureSearch<'a, R: Rules, S: CaptureSink<R::Shape>> {
    enemy: Bitboard,
    /// The enemy pieces a man may capture.
    men_victims: Bitboard,
    /// Empty squares with the moving piece lifted off its start square.
    empty: Bitboard,
    from: u8,
    us: Color,
    was_king: bool,
    path: [u8; MAX_PATH],
    sink: &'a mut S,
    _rules: std::marker::PhantomData<R>,
}

impl<R: Rules, S: CaptureSink<R::Shape>> CaptureSearch<'_, R, S> {
    #[inline(always)]
    fn emit(&mut self, len: usize, captured: Bitboard, promotion: bool) {
        self.sink.emit(
            self.from,
            &self.path,
            len,
            captured,
            promotion,
            self.was_king,
        );
    }

    fn man(&mut self, sq: Bitboard, captured: Bitboard, len: usize) {
        if <R::Shape as Shape>::SQUARES > 32 && len >= MAX_PATH {
            // only in a hand-built position with more than 20 pieces a side
            let crowned = sq & self.us.crown_rank::<R::Shape>() != 0;
            self.emit(len, captured, crowned);
            return;
        }
        let mut any = false;
        each_direction!(R::Shape, D => {
            let over = shift_raw(sq, D) & self.men_victims & !captured;
            let land = shift_raw(over, D) & self.empty;
            if land != 0 && (R::MEN_CAPTURE_BACKWARD || is_forward(self.us, D)) {
                self.man_jump(land, captured | over, len);
                any = true;
            }
        });
        if R::ORTHOGONAL_CAPTURES {
            for k in 0..4 {
                let over = ortho_step::<R::Shape>(sq, k) & self.men_victims & !captured;
                let land = ortho_step::<R::Shape>(over, k) & self.empty;
                if land != 0 {
                    self.man_jump(land, captured | over, len);
                    any = true;
                }
            }
        }
        if !any && len > 0 {
            let crowned = sq & self.us.crown_rank::<R::Shape>() != 0;
            self.emit(len, captured, crowned);
        }
    }

    #[inline(always)]
    fn man_jump(&mut self, land: Bitboard, cap: Bitboard, len: usize) {
        {
            self.path[len] = land.trailing_zeros() as u8;
            let crowned = land & self.us.crown_rank::<R::Shape>() != 0;
            match (crowned, R::MID_CAPTURE_PROMOTION) {
                (true, MidCapturePromotion::ContinueAsKing) => self.king(land, cap, len + 1, true),
                (true, MidCapturePromotion::Stop) => self.emit(len + 1, cap, true),
                _ => self.man(land, cap, len + 1),
            }
        }
    }

    /// Can a king on `sq` capture anything, given the pieces already taken?
    #[inline]
    fn king_can_capture(&self, sq: Bitboard, captured: Bitboard) -> bool {
        let victims = self.enemy & !captured;
        <R::Shape as Shape>::DIRS.iter().any(|&d| {
            let hit = if R::FLYING_KINGS {
                first_blockers::<R::Shape>(sq, d, self.empty)
            } else {
                shift::<R::Shape>(sq, d)
            };
            shift::<R::Shape>(hit & victims, d) & self.empty != 0
        }) || (R::ORTHOGONAL_CAPTURES
            && (0..4).any(|k| {
                let hit = if R::FLYING_KINGS {
                    first_blockers_ortho::<R::Shape>(sq, k, self.empty)
                } else {
                    ortho_step::<R::Shape>(sq, k)
                };
                ortho_step::<R::Shape>(hit & victims, k) & self.empty != 0
            }))
    }

    /// The king's captures along ranks and files (Frisian); whether there
    /// was any.
    fn king_ortho(
        &mut self,
        sq: Bitboard,
        captured: Bitboard,
        len: usize,
        promotion: bool,
    ) -> bool {
        let mut any = false;
        for k in 0..4 {
            let hit = if R::FLYING_KINGS {
                first_blockers_ortho::<R::Shape>(sq, k, self.empty)
            } else {
                ortho_step::<R::Shape>(sq, k)
            };
            let over = hit & self.enemy & !captured;
            if over == 0 {
                continue;
            }
            let cap = captured | over;
            let mut landings = [0u64; 8];
            let mut n = 0;
            let mut l = ortho_step::<R::Shape>(over, k) & self.empty;
            while l != 0 {
                landings[n] = l;
                n += 1;
                if !R::FLYING_KINGS {
                    break;
                }
                l = ortho_step::<R::Shape>(l, k) & self.empty;
            }
            if n == 0 {
                continue;
            }
            any = true;
            let mut continuing = 0u32;
            for (i, &l) in landings[..n].iter().enumerate() {
                if self.king_can_capture(l, cap) {
                    continuing |= 1 << i;
                }
            }
            for (i, &l) in landings[..n].iter().enumerate() {
                self.path[len] = l.trailing_zeros() as u8;
                if continuing == 0 {
                    self.emit(len + 1, cap, promotion);
                } else if continuing & (1 << i) != 0 {
                    self.king(l, cap, len + 1, promotion);
                }
            }
        }
        any
    }

    fn king(&mut self, sq: Bitboard, captured: Bitboard, len: usize, promotion: bool) {
        if <R::Shape as Shape>::SQUARES > 32 && len >= MAX_PATH {
            // only in a hand-built position with more than 20 pieces a side
            self.emit(len, captured, promotion);
            return;
        }
        let mut any = false;
        for &d in <R::Shape as Shape>::DIRS.iter() {
            let hit = if R::FLYING_KINGS {
                first_blockers::<R::Shape>(sq, d, self.empty)
            } else {
                shift::<R::Shape>(sq, d)
            };
            let over = hit & self.enemy & !captured;
            if over == 0 {
                continue;
            }
            let cap = captured | over;
            // landing squares: the run of empty squares beyond the victim
            // (at most 8, on a 10-square diagonal)
            let mut landings = [0u64; 8];
            let mut n = 0;
            let mut l = shift::<R::Shape>(over, d) & self.empty;
            while l != 0 {
                landings[n] = l;
                n += 1;
                if !R::FLYING_KINGS {
                    break;
                }
                l = shift::<R::Shape>(l, d) & self.empty;
            }
            if n == 0 {
                continue;
            }
            any = true;
            let mut continuing = 0u32;
            for (i, &l) in landings[..n].iter().enumerate() {
                if self.king_can_capture(l, cap) {
                    continuing |= 1 << i;
                }
            }
            for (i, &l) in landings[..n].iter().enumerate() {
                self.path[len] = l.trailing_zeros() as u8;
                if continuing == 0 {
                    self.emit(len + 1, cap, promotion);
                } else if continuing & (1 << i) != 0 {
                    self.king(l, cap, len + 1, promotion);
                }
            }
        }
        if R::ORTHOGONAL_CAPTURES {
            any |= self.king_ortho(sq, captured, len, promotion);
        }
        if !any && len > 0 {
            self.emit(len, captured, promotion);
        }
    }
}

/// Send every capture of `pieces` (of the side to move) to `sink` (no majority filter).
fn generate_captures<R: Rules, S: CaptureSink<R::Shape>>(
    pos: &Position<R::Shape>,
    sink: &mut S,
    mut pieces: Bitboard,
) {
    let us = pos.side;
    let enemy = pos.pieces_of(us.opposite());
    let occupied = pos.occupied();
    while pieces != 0 {
        let bit = pieces.trailing_zeros() as u8;
        let sq = 1u64 << bit;
        pieces &= pieces - 1;
        let was_king = pos.kings & sq != 0;
        sink.begin_piece();
        let mut search = CaptureSearch::<R, S> {
            enemy,
            men_victims: if R::MEN_CAPTURE_KINGS {
                enemy
            } else {
                enemy & !pos.kings
            },
            empty: <R::Shape as Shape>::ALL & !(occupied & !sq),
            from: bit,
            us,
            was_king,
            path: [0; MAX_PATH],
            sink,
            _rules: std::marker::PhantomData,
        };
        if was_king {
            search.king(sq, 0, 0, false);
        } else {
            search.man(sq, 0, 0);
        }
    }
}

/// Append every quiet move of the side to move to `out`.
fn generate_quiet<R: Rules>(pos: &Position<R::Shape>, out: &mut Vec<Move<R::Shape>>) {
    let us = pos.side;
    let own = pos.pieces_of(us);
    let empty = pos.empty_squares();
    let men = own & !pos.kings;
    let promo = us.crown_rank::<R::Shape>();
    for d in forward_dirs::<R::Shape>(us) {
        let mut targets = shift::<R::Shape>(men, d) & empty;
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            let from = (to as i8 - d) as u8;
            out.push(Move::quiet(
                Square::with_bit(from).expect("valid"),
                Square::with_bit(to).expect("valid"),
                promo & (1u64 << to) != 0,
                false,
            ));
        }
    }
    let mut kings = own & pos.kings;
    while kings != 0 {
        let bit = kings.trailing_zeros() as u8;
        kings &= kings - 1;
        let from = Square::with_bit(bit).expect("valid");
        for &d in <R::Shape as Shape>::DIRS.iter() {
            let mut t = shift::<R::Shape>(1u64 << bit, d) & empty;
            while t != 0 {
                out.push(Move::quiet(
                    from,
                    Square::with_bit(t.trailing_zeros() as u8).expect("valid"),
                    false,
                    true,
                ));
                if !R::FLYING_KINGS {
                    break;
                }
                t = shift::<R::Shape>(t, d) & empty;
            }
        }
    }
}

/// Append every legal move of the side to move under rules `R` to `out`.
pub fn generate<R: Rules>(pos: &Position<R::Shape>, out: &mut Vec<Move<R::Shape>>) {
    if R::CROWNING_WINS && pos.kings != 0 {
        return; // a side has crowned: the game is over
    }
    generate_with::<R>(pos, out, capturers::<R>(pos));
}

/// [`generate`] given the side to move's [`capturers`].
#[inline]
fn generate_with<R: Rules>(
    pos: &Position<R::Shape>,
    out: &mut Vec<Move<R::Shape>>,
    capturing: Bitboard,
) {
    let start = out.len();
    if capturing != 0 {
        generate_captures::<R, _>(
            pos,
            &mut MoveSink {
                out: &mut *out,
                first: start,
            },
            capturing,
        );
        if R::MAJORITY_CAPTURE {
            let most = out[start..]
                .iter()
                .map(Move::capture_count)
                .max()
                .unwrap_or(0);
            let mut index = 0;
            out.retain(|m| {
                index += 1;
                index <= start || m.capture_count() == most
            });
            if R::ITALIAN_PRECEDENCE {
                italian_precedence(pos, out, start);
            }
            if R::MOST_KINGS {
                let kings = |m: &Move<R::Shape>| (m.captured() & pos.kings).count_ones();
                let most = out[start..].iter().map(kings).max().unwrap_or(0);
                let mut index = 0;
                out.retain(|m| {
                    index += 1;
                    index <= start || kings(m) == most
                });
            }
        }
        if R::FRISIAN_PRECEDENCE {
            frisian_precedence(pos, out, start);
        }
    } else {
        generate_quiet::<R>(pos, out);
    }
}

/// Keep, among the captures `out[start..]`, those of the highest Frisian
/// value: a man counts `CAP`, a king `2·CAP − 1` (a little less than two
/// men, `CAP` being more than any number of pieces taken); among equal
/// values, a capture by a king.
fn frisian_precedence<S: Shape>(pos: &Position<S>, out: &mut Vec<Move<S>>, start: usize) {
    const CAP: u32 = 64;
    let rank = |m: &Move<S>| {
        let pieces = m.capture_count();
        let kings = (m.captured() & pos.kings).count_ones();
        ((pieces + kings) * CAP - kings, m.is_king_move())
    };
    let Some(best) = out[start..].iter().map(rank).max() else {
        return;
    };
    let mut index = 0;
    out.retain(|m| {
        index += 1;
        index <= start || rank(m) == best
    });
}

/// Keep, among the captures `out[start..]` (all of the most pieces), those
/// the Italian rules prefer (FID art. 6.7–6.9): made by a king if any is;
/// then taking the most kings; then meeting the kings earliest in the
/// sequence — the first king as early as possible, then, among those, the
/// second, and so on.
fn italian_precedence<S: Shape>(pos: &Position<S>, out: &mut Vec<Move<S>>, start: usize) {
    let rank = |m: &Move<S>| {
        (
            m.is_king_move(),
            (m.captured() & pos.kings).count_ones(),
            kings_met(pos, m),
        )
    };
    let Some(best) = out[start..].iter().map(rank).max() else {
        return;
    };
    let mut index = 0;
    out.retain(|m| {
        index += 1;
        index <= start || rank(m) == best
    });
}

/// Where `m` meets the kings of `pos`: bit `MAX_PATH - 1 - i` is set when
/// its `i`-th captured piece (from 0) is a king. Between two captures of
/// as many kings the greater value meets them earlier: at the first place
/// where they differ, it takes a king and the other a man.
fn kings_met<S: Shape>(pos: &Position<S>, m: &Move<S>) -> u32 {
    m.captured_squares()
        .iter()
        .enumerate()
        .filter(|(_, s)| pos.kings & s.bb() != 0)
        .fold(0, |acc, (i, _)| acc | 1 << (MAX_PATH - 1 - i))
}

/// Number of legal moves, counting quiet moves without building them.
pub fn count_moves<R: Rules>(pos: &Position<R::Shape>) -> u64 {
    if R::CROWNING_WINS && pos.kings != 0 {
        return 0;
    }
    let capturing = capturers::<R>(pos);
    if capturing != 0 {
        if (R::MAJORITY_CAPTURE && (R::ITALIAN_PRECEDENCE || R::MOST_KINGS))
            || R::FRISIAN_PRECEDENCE
            || R::ORTHOGONAL_CAPTURES
        {
            let mut v = Vec::new();
            generate::<R>(pos, &mut v);
            return v.len() as u64;
        }
        return count_captures::<R>(pos, capturing);
    }
    let us = pos.side;
    let own = pos.pieces_of(us);
    let empty = pos.empty_squares();
    let men = own & !pos.kings;
    let mut n = 0u64;
    each_forward_direction!(R::Shape, us, D => {
        n += (shift_raw(men, D) & empty).count_ones() as u64;
    });
    let kings = own & pos.kings;
    if kings != 0 {
        each_direction!(R::Shape, D => {
            if R::FLYING_KINGS {
                // rays of different kings along one direction never share a square
                let mut ray = shift_raw(kings, D) & empty;
                while ray != 0 {
                    n += ray.count_ones() as u64;
                    ray = shift_raw(ray, D) & empty;
                }
            } else {
                n += (shift_raw(kings, D) & empty).count_ones() as u64;
            }
        });
    }
    n
}

/// Call `f` with the position after each quiet move (the side to move must
/// have no capture). Builds no [`Move`]s and keeps no hash: perft's interior
/// nodes use it.
#[inline]
fn for_each_quiet_child<R: Rules>(
    pos: &Position<R::Shape>,
    mut f: impl FnMut(&Position<R::Shape>),
) {
    let us = pos.side;
    let own = pos.pieces_of(us);
    let empty = pos.empty_squares();
    let men = own & !pos.kings;
    let promo = us.crown_rank::<R::Shape>();
    each_forward_direction!(R::Shape, us, D => {
        let mut targets = shift_raw(men, D) & empty;
        while targets != 0 {
            let to = targets & targets.wrapping_neg();
            targets &= targets - 1;
            let from = shift::<R::Shape>(to, -D);
            f(&pos.make_quiet::<false>(from, to, false, to & promo != 0));
        }
    });
    let mut kings = own & pos.kings;
    while kings != 0 {
        let from = kings & kings.wrapping_neg();
        kings &= kings - 1;
        each_direction!(R::Shape, D => {
            let mut to = shift_raw(from, D) & empty;
            while to != 0 {
                f(&pos.make_quiet::<false>(from, to, true, false));
                if !R::FLYING_KINGS {
                    break;
                }
                to = shift_raw(to, D) & empty;
            }
        });
    }
}

/// Number of distinct captures. A man's single jump that can neither go on
/// nor crown is counted with bitboards; only pieces with a longer or crowning
/// capture, and kings, are searched.
fn count_captures<R: Rules>(pos: &Position<R::Shape>, capturing: Bitboard) -> u64 {
    let us = pos.side;
    let own = pos.pieces_of(us);
    let enemy = pos.pieces_of(us.opposite());
    let empty = pos.empty_squares();
    let men = own & !pos.kings & capturing;
    // can_jump[i]: squares from which a jump along DIRECTIONS[i] is possible
    let mut can_jump = [0; 4];
    each_direction!(R::Shape, D => {
        can_jump[direction_index::<R::Shape>(D)] = if R::MEN_CAPTURE_BACKWARD || is_forward(us, D) {
            shift::<R::Shape>(enemy & shift_raw(empty, -D), -D)
        } else {
            0
        };
    });
    let mut movers = [0; 4];
    let mut complex = 0; // men that need a search
    let promo = us.crown_rank::<R::Shape>();
    each_direction!(R::Shape, D => {
        let i = direction_index::<R::Shape>(D);
        movers[i] = men & can_jump[i];
        let land = shift::<R::Shape>(shift::<R::Shape>(movers[i], D), D);
        // From the landing square a second jump can neither cross the piece
        // just taken nor reach the start square, except straight back (the
        // opposite direction, index 3 - i), which is excluded.
        let mut goes_on = 0;
        for (j, cj) in can_jump.iter().enumerate() {
            if j != 3 - i {
                goes_on |= land & cj;
            }
        }
        complex |= shift::<R::Shape>(shift::<R::Shape>(land & (goes_on | promo), -D), -D);
    });
    let simple: u64 = movers
        .iter()
        .map(|m| (m & !complex).count_ones() as u64)
        .sum();
    let searched = (capturing & pos.kings) | complex;
    if searched == 0 {
        return simple;
    }
    if R::MAJORITY_CAPTURE {
        let mut sink = MajoritySink {
            best: 0,
            total: 0,
            keys: [0; 16],
            n: 0,
            more: Vec::new(),
        };
        generate_captures::<R, _>(pos, &mut sink, searched);
        // the simple single jumps count only if nothing takes more
        return if sink.best > 1 {
            sink.total
        } else {
            simple + sink.total
        };
    }
    let mut sink = CountSink {
        total: 0,
        keys: [0; 16],
        n: 0,
        more: Vec::new(),
    };
    generate_captures::<R, _>(pos, &mut sink, searched);
    simple + sink.total
}

/// Number of leaf positions `depth` plies ahead (SET convention), with bulk
/// counting at the last ply.
pub fn perft<R: Rules>(pos: &Position<R::Shape>, depth: u32) -> u64 {
    let mut lists: Vec<Vec<Move<R::Shape>>> = (0..depth).map(|_| Vec::with_capacity(32)).collect();
    perft_inner::<R>(pos, depth, &mut lists)
}

/// `lists` holds one reusable move list per remaining ply.
fn perft_inner<R: Rules>(
    pos: &Position<R::Shape>,
    depth: u32,
    lists: &mut [Vec<Move<R::Shape>>],
) -> u64 {
    if depth <= 1 {
        return if depth == 0 { 1 } else { count_moves::<R>(pos) };
    }
    if R::CROWNING_WINS && pos.kings != 0 {
        return 0;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    let capturing = capturers::<R>(pos);
    if capturing != 0 {
        list.clear();
        generate_with::<R>(pos, list, capturing);
    }
    if depth == 2 {
        // the last two plies, with the leaf count inlined
        if capturing != 0 {
            return list
                .iter()
                .map(|mv| count_moves::<R>(&pos.make_unhashed(mv)))
                .sum();
        }
        let mut total = 0;
        for_each_quiet_child::<R>(pos, |child| total += count_moves::<R>(child));
        return total;
    }
    if capturing != 0 {
        list.iter()
            .map(|mv| perft_inner::<R>(&pos.make_unhashed(mv), depth - 1, rest))
            .sum()
    } else {
        let mut total = 0;
        for_each_quiet_child::<R>(pos, |child| {
            total += perft_inner::<R>(child, depth - 1, rest)
        });
        total
    }
}

/// Per-move leaf counts at `depth` (perft "divide").
pub fn perft_divide<R: Rules>(pos: &Position<R::Shape>, depth: u32) -> Vec<(Move<R::Shape>, u64)> {
    let mut moves = Vec::new();
    generate::<R>(pos, &mut moves);
    moves
        .into_iter()
        .map(|m| {
            let n = if depth <= 1 {
                1
            } else {
                perft::<R>(&pos.make(&m), depth - 1)
            };
            (m, n)
        })
        .collect()
}

impl Position {
    /// Legal moves under Russian rules.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(32);
        generate::<Russian>(self, &mut v);
        v
    }

    /// Legal moves under the rules of `variant`.
    pub fn legal_moves_in(&self, variant: crate::Variant8) -> Vec<Move> {
        let mut v = Vec::with_capacity(32);
        crate::with_rules!(variant, R => generate::<R>(self, &mut v));
        v
    }

    /// Whether the side to move must capture (Russian rules).
    pub fn must_capture(&self) -> bool {
        has_capture::<Russian>(self)
    }
}
