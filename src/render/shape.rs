//! What the renderer needs to know of a board shape beyond the engine's
//! geometry: how its frame is labelled, how its squares are numbered, which
//! rules reconstruct a move from text, and which boards choose its palette.
//!
//! One drawing code serves every shape; these few answers are the only
//! per-shape part.

use super::{LastMove, RenderOptions};
use crate::engine::rules::{International, Russian, Russian10x8};
use crate::engine::{
    parse_fen_on, Board10, Board10x8, Board8, Color, Move, Position, Rules, Shape, Square, Variant8,
};

/// How the frame around the squares is labelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrameLabels {
    /// Files by the board's letters ([`Shape::FILES`], left to right from
    /// White's side), ranks by number from 1 at White's side, on all four
    /// edges.
    Letters,
    /// The numbers of the edge squares beside them.
    EdgeNumbers,
}

/// A board shape the renderer can draw (8×8, 10×10, 10×8).
pub trait BoardShape: Shape {
    /// The rules that check a move read from text (the last move of
    /// `shashki render --last`) and pick the sample boards.
    type Rules: Rules<Shape = Self>;

    /// How the frame is labelled when the board is not mirrored.
    const FRAME: FrameLabels;

    /// The number written on (or beside) a square: the variant's own on
    /// 8×8, PDN's on the wider boards (which have one numbering).
    fn number(variant: Variant8, sq: Square<Self>) -> u32;

    /// Whether this variant's board is drawn mirrored (only 8×8 variants
    /// are).
    fn mirrored(variant: Variant8) -> bool;

    /// Read a square as written on this board (`e3`, `32`; `i3` on 10×8).
    fn parse_square(text: &str) -> Result<Square<Self>, String>;

    /// Boards that show every piece, highlight and overlay a theme draws:
    /// the PNG palette of a theme and size is chosen from them.
    fn samples(base: RenderOptions<Self>) -> Vec<(Position<Self>, RenderOptions<Self>)>;
}

/// The legal moves of `pos` under the rules of shape `S`.
pub(crate) fn legal_moves<S: BoardShape>(pos: &Position<S>) -> Vec<Move<S>> {
    let mut v = Vec::with_capacity(32);
    crate::engine::generate::<S::Rules>(pos, &mut v);
    v
}

impl BoardShape for Board8 {
    type Rules = Russian;
    const FRAME: FrameLabels = FrameLabels::Letters;

    fn number(variant: Variant8, sq: Square) -> u32 {
        variant.square_number(sq).into()
    }

    fn mirrored(variant: Variant8) -> bool {
        variant.mirrored_board()
    }

    fn parse_square(text: &str) -> Result<Square, String> {
        Square::parse(text).map_err(|e| e.to_string())
    }

    fn samples(base: RenderOptions) -> Vec<(Position, RenderOptions)> {
        let sq = |s: &str| Square::parse(s).expect("valid square");
        let before = Position::from_fen("W:WKa1,c3,e3,g3,b2,f2,h2,Kg1:Bd4,f6,Kb6,Kh8,a7,c7,e7,h6")
            .expect("valid FEN");
        let mv = before
            .legal_moves()
            .into_iter()
            .max_by_key(|m| m.captured_squares().len())
            .expect("a capture");
        let start = RenderOptions {
            caption: Some("Иван — Peter · ход 12: c3:e5:g7, 0123456789".into()),
            selected: Some(sq("c3")),
            legal_targets: vec![sq("b4"), sq("d4")],
            ..base.clone()
        };
        sample_boards(Position::initial(), start, &before, &mv, base)
    }
}

/// What the wider boards share: PDN's numbering (one for every variant),
/// never mirrored, a square read by the board's own parser.
macro_rules! wide_board {
    () => {
        fn number(_: Variant8, sq: Square<Self>) -> u32 {
            sq.pdn().into()
        }

        fn mirrored(_: Variant8) -> bool {
            false
        }

        fn parse_square(text: &str) -> Result<Square<Self>, String> {
            Square::parse_on(text).map_err(|e| e.to_string())
        }
    };
}

impl BoardShape for Board10 {
    type Rules = International;
    const FRAME: FrameLabels = FrameLabels::EdgeNumbers;

    wide_board!();

    fn samples(base: RenderOptions<Board10>) -> Vec<(Position<Board10>, RenderOptions<Board10>)> {
        // kings of both colours, and a man that takes several
        wide_samples(base, "W:WK46,32,33,37,41,42,K50:B28,19,K12,K5,6,7,16,25")
    }
}

impl BoardShape for Board10x8 {
    type Rules = Russian10x8;
    const FRAME: FrameLabels = FrameLabels::Letters;

    wide_board!();

    fn samples(
        base: RenderOptions<Board10x8>,
    ) -> Vec<(Position<Board10x8>, RenderOptions<Board10x8>)> {
        wide_samples(base, "W:WK36,22,23,27,31,32,K40:B18,9,K2,K5,6,7,16,15")
    }
}

/// The sample boards of a wide shape: the start with a selection and a
/// caption, the position after the largest capture from `before`, and
/// `before` itself with Black to move.
fn wide_samples<S: BoardShape>(
    base: RenderOptions<S>,
    before: &str,
) -> Vec<(Position<S>, RenderOptions<S>)> {
    let before = parse_fen_on::<S>(before).expect("valid FEN").position;
    let start = Position::<S>::start();
    let first = legal_moves(&start);
    let mv = legal_moves(&before)
        .into_iter()
        .max_by_key(|m| m.captured_squares().len())
        .expect("a capture");
    let shown = RenderOptions {
        caption: Some("Иван — Peter · ход 12: 32x23x12, 0123456789".into()),
        selected: first.first().map(|m| m.from()),
        legal_targets: first.iter().take(2).map(|m| m.to()).collect(),
        ..base.clone()
    };
    sample_boards(start, shown, &before, &mv, base)
}

/// The three sample boards: `start` drawn with `shown`, the position
/// after `mv` from `before` with its last move marked, and `before` with
/// Black to move.
fn sample_boards<S: BoardShape>(
    start: Position<S>,
    shown: RenderOptions<S>,
    before: &Position<S>,
    mv: &Move<S>,
    base: RenderOptions<S>,
) -> Vec<(Position<S>, RenderOptions<S>)> {
    vec![
        (start, shown),
        (
            before.make(mv),
            RenderOptions {
                last_move: Some(LastMove::from_move(before, mv)),
                ..base.clone()
            },
        ),
        (before.with_side_to_move(Color::Black), base),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_by_eight_squares_read_algebraically_without_j() {
        let a1 = Board10x8::parse_square("a1").unwrap();
        assert_eq!((a1.file(), a1.rank()), (0, 0));
        let k4 = Board10x8::parse_square("K4").unwrap();
        assert_eq!((k4.file(), k4.rank()), (9, 3));
        let i3 = Board10x8::parse_square("i3").unwrap();
        assert_eq!((i3.file(), i3.rank()), (8, 2));
        assert!(Board10x8::parse_square("j4").is_err());
        assert!(Board10x8::parse_square("a2").is_err(), "light square");
        assert!(Board10x8::parse_square("a9").is_err());
        // numbers too: 36 = a1
        assert_eq!(Board10x8::parse_square("36"), Ok(a1));
    }

    #[test]
    fn every_shape_has_its_samples() {
        assert_eq!(Board8::samples(RenderOptions::default()).len(), 3);
        // each wide sample set shows a multiple capture (path, crosses)
        let most = |caps: Vec<usize>| caps.into_iter().max().unwrap_or(0);
        let ten: Vec<usize> = Board10::samples(RenderOptions::for_shape())
            .into_iter()
            .filter_map(|(_, o)| o.last_move.map(|lm| lm.captured.len()))
            .collect();
        assert!(most(ten) >= 2);
        let ten8: Vec<usize> = Board10x8::samples(RenderOptions::for_shape())
            .into_iter()
            .filter_map(|(_, o)| o.last_move.map(|lm| lm.captured.len()))
            .collect();
        assert!(most(ten8) >= 2);
    }
}
