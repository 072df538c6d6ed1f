//! The packs' variants: a puzzle of the chat is Russian draughts (8×8,
//! `e3-d4`) or International draughts (10×10, square numbers 1–50,
//! `32-28`, `28x19`). [`ChatPuzzle`] answers what the chat asks of either
//! in the family's types ([`AnyPosition`], [`AnyMove`]): the attempt's
//! moves, where they lead, how an answer is judged, the moves written in
//! the variant's notation.

use shashki_engine::moves::generate;
use shashki_engine::notation::{format_move_on, parse_move_among_on};
use shashki_engine::puzzle::{judge, walk, Answer, Puzzle, PuzzleRules};
use shashki_engine::rules::{International, Russian};
use shashki_engine::{
    parse_move, AnyMove, AnyPosition, Board10, Board8, Color, Move, MoveError, Position, Variant,
    Variant8,
};

/// A rule set with a pack in the chat: how its positions and moves are
/// wrapped in the family's types, and read and written as its players do.
pub(crate) trait Packed: PuzzleRules {
    /// The variant the pack is of.
    const VARIANT: Variant;
    fn wrap_pos(p: Position<Self::Shape>) -> AnyPosition;
    fn unwrap_pos(p: &AnyPosition) -> Option<Position<Self::Shape>>;
    fn wrap_move(m: Move<Self::Shape>) -> AnyMove;
    fn unwrap_move(m: &AnyMove) -> Option<Move<Self::Shape>>;
    /// The legal moves, in the order of their buttons (by their text).
    fn legal(p: &Position<Self::Shape>) -> Vec<Move<Self::Shape>>;
    /// The move a player's text names.
    fn parse(p: &Position<Self::Shape>, text: &str) -> Result<Move<Self::Shape>, MoveError>;
    /// A move as the players write it (the shortest unambiguous form).
    fn write(p: &Position<Self::Shape>, m: &Move<Self::Shape>) -> String;
}

impl Packed for Russian {
    const VARIANT: Variant = Variant::Russian;
    fn wrap_pos(p: Position<Board8>) -> AnyPosition {
        AnyPosition::Eight(p)
    }
    fn unwrap_pos(p: &AnyPosition) -> Option<Position<Board8>> {
        p.eight().copied()
    }
    fn wrap_move(m: Move<Board8>) -> AnyMove {
        AnyMove::Eight(m)
    }
    fn unwrap_move(m: &AnyMove) -> Option<Move<Board8>> {
        m.eight().copied()
    }
    fn legal(p: &Position<Board8>) -> Vec<Move<Board8>> {
        crate::core::present::buttons::sorted_moves_8(p, Variant8::Russian)
    }
    fn parse(p: &Position<Board8>, text: &str) -> Result<Move<Board8>, MoveError> {
        parse_move(p, text)
    }
    fn write(_: &Position<Board8>, m: &Move<Board8>) -> String {
        m.to_string()
    }
}

impl Packed for International {
    const VARIANT: Variant = Variant::International;
    fn wrap_pos(p: Position<Board10>) -> AnyPosition {
        AnyPosition::Ten(p)
    }
    fn unwrap_pos(p: &AnyPosition) -> Option<Position<Board10>> {
        match p {
            AnyPosition::Ten(p) => Some(*p),
            _ => None,
        }
    }
    fn wrap_move(m: Move<Board10>) -> AnyMove {
        AnyMove::Ten(m)
    }
    fn unwrap_move(m: &AnyMove) -> Option<Move<Board10>> {
        match m {
            AnyMove::Ten(m) => Some(*m),
            _ => None,
        }
    }
    fn legal(p: &Position<Board10>) -> Vec<Move<Board10>> {
        let mut v = Vec::new();
        generate::<International>(p, &mut v);
        v.sort_by_key(|m| m.to_string());
        v
    }
    fn parse(p: &Position<Board10>, text: &str) -> Result<Move<Board10>, MoveError> {
        parse_move_among_on(&Self::legal(p), text)
    }
    fn write(p: &Position<Board10>, m: &Move<Board10>) -> String {
        format_move_on(&Self::legal(p), m)
    }
}

/// The variants with a pack, in the order they are named.
pub const WITH_PACKS: [Variant; 2] = [Variant::Russian, Variant::International];

/// Whether `variant` has a puzzle pack.
pub fn has_pack(variant: Variant) -> bool {
    WITH_PACKS.contains(&variant)
}

/// A puzzle of one of the packs.
#[derive(Debug, Clone)]
pub enum ChatPuzzle {
    Russian(Puzzle<Russian>),
    International(Puzzle<International>),
}

/// How an answer is judged ([`Answer`] in the family's types).
pub(crate) enum Judged {
    Wrong,
    /// Right: the defender replies.
    Continue(AnyMove),
    Solved,
}

/// Run `$body` with `$p` bound to the puzzle of its rule set.
macro_rules! each {
    ($self:expr, $p:ident => $body:expr) => {
        match $self {
            ChatPuzzle::Russian($p) => $body,
            ChatPuzzle::International($p) => $body,
        }
    };
}

fn line<R: Packed>(p: &Puzzle<R>, text: &str) -> Option<Vec<AnyMove>> {
    let mut pos = p.start;
    let mut out = Vec::new();
    for t in text.split_whitespace() {
        let mv = R::read_move(&pos, t).ok()?;
        pos = pos.make(&mv);
        out.push(R::wrap_move(mv));
    }
    Some(out)
}

fn unwrap_all<R: Packed>(moves: &[AnyMove]) -> Option<Vec<Move<R::Shape>>> {
    moves.iter().map(R::unwrap_move).collect()
}

fn at<R: Packed>(p: &Puzzle<R>, moves: &[AnyMove]) -> Option<(AnyPosition, Option<AnyMove>)> {
    let moves = unwrap_all::<R>(moves)?;
    let (pos, node) = walk(p, &moves)?;
    Some((
        R::wrap_pos(pos),
        node.steps.first().map(|s| R::wrap_move(s.mv)),
    ))
}

fn judged<R: Packed>(p: &Puzzle<R>, moves: &[AnyMove], mv: &AnyMove) -> Option<Judged> {
    let moves = unwrap_all::<R>(moves)?;
    let (_, node) = walk(p, &moves)?;
    Some(match judge(node, &R::unwrap_move(mv)?) {
        Answer::Wrong => Judged::Wrong,
        Answer::Solved => Judged::Solved,
        Answer::Continue { reply, .. } => Judged::Continue(R::wrap_move(reply)),
    })
}

fn parse<R: Packed>(pos: &AnyPosition, text: &str) -> Result<AnyMove, MoveError> {
    let pos = R::unwrap_pos(pos).ok_or(MoveError::NoLegalMoves)?;
    R::parse(&pos, text).map(R::wrap_move)
}

fn write<R: Packed>(pos: &AnyPosition, mv: &AnyMove) -> String {
    match (R::unwrap_pos(pos), R::unwrap_move(mv)) {
        (Some(p), Some(m)) => R::write(&p, &m),
        (_, Some(m)) => m.to_string(),
        _ => String::new(),
    }
}

fn legal<R: Packed>(pos: &AnyPosition) -> Vec<AnyMove> {
    R::unwrap_pos(pos)
        .map(|p| R::legal(&p).into_iter().map(R::wrap_move).collect())
        .unwrap_or_default()
}

fn make<R: Packed>(pos: &AnyPosition, mv: &AnyMove) -> AnyPosition {
    match (R::unwrap_pos(pos), R::unwrap_move(mv)) {
        (Some(p), Some(m)) => R::wrap_pos(p.make(&m)),
        _ => *pos,
    }
}

fn record<R: Packed>(mv: &AnyMove) -> String {
    R::unwrap_move(mv)
        .map(|m| m.to_string())
        .unwrap_or_default()
}

fn square<R: Packed>(mv: &AnyMove) -> String {
    R::unwrap_move(mv)
        .map(|m| m.from().to_string())
        .unwrap_or_default()
}

impl ChatPuzzle {
    /// The variant the puzzle is of.
    pub fn variant(&self) -> Variant {
        each!(self, p => variant_of(p))
    }

    /// A move written as the variant's players write one (the question's
    /// example).
    pub fn example(&self) -> &'static str {
        match self {
            ChatPuzzle::Russian(_) => "c3-d4",
            ChatPuzzle::International(p) => match p.solver() {
                Color::White => "32-28",
                Color::Black => "19-23",
            },
        }
    }

    pub fn solver(&self) -> Color {
        each!(self, p => p.solver())
    }

    pub fn solver_moves(&self) -> usize {
        each!(self, p => p.solver_moves())
    }

    /// The solution in the pack's notation (square numbers 1–50 on 10×10).
    pub fn solution_text(&self) -> String {
        each!(self, p => p.solution_text())
    }

    pub fn start(&self) -> AnyPosition {
        each!(self, p => wrap_start(p))
    }

    /// The moves stored as an attempt's text (both sides, space-separated).
    pub(crate) fn line(&self, text: &str) -> Option<Vec<AnyMove>> {
        each!(self, p => line(p, text))
    }

    /// Where `moves` (on the solution's tree) lead: the position and the
    /// main line's next solver move (`None` once solved).
    pub(crate) fn at(&self, moves: &[AnyMove]) -> Option<(AnyPosition, Option<AnyMove>)> {
        each!(self, p => at(p, moves))
    }

    /// Judge `mv` after `moves`; `None` when `moves` leave the tree.
    pub(crate) fn judge(&self, moves: &[AnyMove], mv: &AnyMove) -> Option<Judged> {
        each!(self, p => judged(p, moves, mv))
    }

    /// The move `text` names in `pos`.
    pub(crate) fn parse(&self, pos: &AnyPosition, text: &str) -> Result<AnyMove, MoveError> {
        match self {
            ChatPuzzle::Russian(_) => parse::<Russian>(pos, text),
            ChatPuzzle::International(_) => parse::<International>(pos, text),
        }
    }

    /// `mv` (legal in `pos`) as the players write it.
    pub(crate) fn write(&self, pos: &AnyPosition, mv: &AnyMove) -> String {
        match self {
            ChatPuzzle::Russian(_) => write::<Russian>(pos, mv),
            ChatPuzzle::International(_) => write::<International>(pos, mv),
        }
    }

    /// The legal moves in `pos`, in the order of their buttons.
    pub(crate) fn legal(&self, pos: &AnyPosition) -> Vec<AnyMove> {
        match self {
            ChatPuzzle::Russian(_) => legal::<Russian>(pos),
            ChatPuzzle::International(_) => legal::<International>(pos),
        }
    }

    pub(crate) fn make(&self, pos: &AnyPosition, mv: &AnyMove) -> AnyPosition {
        match self {
            ChatPuzzle::Russian(_) => make::<Russian>(pos, mv),
            ChatPuzzle::International(_) => make::<International>(pos, mv),
        }
    }

    /// `mv` as an attempt stores it (every landing square written).
    pub(crate) fn record(&self, mv: &AnyMove) -> String {
        match self {
            ChatPuzzle::Russian(_) => record::<Russian>(mv),
            ChatPuzzle::International(_) => record::<International>(mv),
        }
    }

    /// The square `mv` starts from, as the players name it.
    pub(crate) fn square(&self, mv: &AnyMove) -> String {
        match self {
            ChatPuzzle::Russian(_) => square::<Russian>(mv),
            ChatPuzzle::International(_) => square::<International>(mv),
        }
    }
}

fn variant_of<R: Packed>(_: &Puzzle<R>) -> Variant {
    R::VARIANT
}

fn wrap_start<R: Packed>(p: &Puzzle<R>) -> AnyPosition {
    R::wrap_pos(p.start)
}
