//! # shashki-engine
//!
//! Russian draughts (shashki) as a library: bitboard positions with Zobrist
//! hashing, exact legal move generation (flying kings, Turkish strike,
//! crowning mid-capture, free choice of capture), perft, notation, FEN and
//! PDN, game state with every draw rule, and the search that plays it.
//! No I/O and no dependencies beyond `std`.
//!
//! ```
//! use shashki_engine::{Position, perft, rules::Russian};
//! let start = Position::initial();
//! assert_eq!(start.legal_moves().len(), 7);
//! assert_eq!(perft::<Russian>(&start, 4), 1469);
//! ```

pub mod analysis;
pub mod family;
pub mod fen;
pub mod game;
pub mod moves;
pub mod notation;
pub mod openings;
pub mod pdn;
pub mod position;
pub mod puzzle;
mod rng;
pub mod rules;
pub mod search;
pub mod square;
pub mod towers;
pub mod vigman;

pub use family::{AiChoice, AnyGame, AnyMove, AnyPosition, BoardKind, Coord, Variant};
pub use fen::{
    parse_fen, parse_fen_full_in, parse_fen_on, to_fen, to_fen_numeric, to_fen_numeric_in,
    to_fen_on, FenError,
};
pub use game::{Game, GameError, GameOn, Outcome};
pub use moves::{count_moves, generate, has_capture, perft, perft_divide, Move};
pub use notation::{parse_move, MoveError};
pub use position::{Color, Kind, Piece, Position};
pub use rules::{Rules, Variant8};
pub use square::{Bitboard, Board10, Board10x8, Board8, Shape, Square, SquareError};
