//! Every variant the engine plays, behind one run-time type.
//!
//! The rule sets are types ([`crate::Rules`]) and the boards are types
//! ([`crate::Shape`]), so a game of International draughts and one of
//! Russian draughts are different Rust types. A chat bot stores a variant's
//! name in a database and meets it at run time: [`Variant`] names each game
//! the engine offers, and [`AnyGame`], [`AnyPosition`] and [`AnyMove`] carry
//! a game of any of them, with its squares as [`Coord`]s (file and rank),
//! its moves written in the variant's own notation and its AI at levels
//! 1–8. The 8×8 games keep their own richer type ([`Game`], named by
//! [`Variant8`]), reached through [`AnyGame::eight`].

use crate::fen::{parse_fen_full_in, parse_fen_on, to_fen_numeric_in, to_fen_on, FenError};
use crate::game::{Game, GameError, GameOn, Outcome};
use crate::moves::Move;
use crate::notation::{format_move_on, parse_move_among_in, parse_move_among_on, MoveError};
use crate::position::{Color, Piece, Position};
use crate::rules::{
    Antidraughts, Breakthrough, Frisian, Frysk, International, Rules, Russian10x8, Variant8,
};
use crate::search::Searcher;
use crate::search::{choose_move_in, ChooseOptions, Level, LevelParams};
use crate::square::{Board10, Board10x8, Board8, Shape, Square};
use crate::towers::{self, TowerGame, TowerGameError, TowerMove, TowerPosition};
use crate::vigman::{self, Squares, VigmanGame, VigmanGameError, VigmanMove, VigmanPosition};
use std::fmt;
use std::str::FromStr;

/// A game the engine plays, as the bot names it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    #[default]
    Russian,
    Poddavki,
    Brazilian,
    Pool,
    English,
    Czech,
    Italian,
    Portuguese,
    International,
    Frisian,
    Frysk,
    Antidraughts,
    Breakthrough,
    Russian10x8,
    Bashni,
    Vigman,
}

/// The board a variant is played on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// 8×8, 32 dark squares.
    Eight,
    /// 10×10, 50 dark squares.
    Ten,
    /// 10 files by 8 ranks, 40 dark squares.
    TenByEight,
}

impl BoardKind {
    /// Files (columns) and ranks (rows).
    pub fn size(self) -> (u8, u8) {
        match self {
            BoardKind::Eight => (8, 8),
            BoardKind::Ten => (10, 10),
            BoardKind::TenByEight => (10, 8),
        }
    }
}

/// A stored or typed variant name the engine does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown variant {:?}", self.0)
    }
}

impl std::error::Error for UnknownVariant {}

impl Variant {
    pub const ALL: [Variant; 16] = [
        Variant::Russian,
        Variant::Poddavki,
        Variant::Brazilian,
        Variant::Pool,
        Variant::English,
        Variant::Czech,
        Variant::Italian,
        Variant::Portuguese,
        Variant::International,
        Variant::Frisian,
        Variant::Frysk,
        Variant::Antidraughts,
        Variant::Breakthrough,
        Variant::Russian10x8,
        Variant::Bashni,
        Variant::Vigman,
    ];

    /// The 8×8 rule set of a variant played with [`Game`], if it is one.
    pub fn eight(self) -> Option<Variant8> {
        Some(match self {
            Variant::Russian => Variant8::Russian,
            Variant::Poddavki => Variant8::Poddavki,
            Variant::Brazilian => Variant8::Brazilian,
            Variant::Pool => Variant8::Pool,
            Variant::English => Variant8::English,
            Variant::Czech => Variant8::Czech,
            Variant::Italian => Variant8::Italian,
            Variant::Portuguese => Variant8::Portuguese,
            _ => return None,
        })
    }

    /// Short lowercase key, as stored and as typed (`international`,
    /// `russian-10x8`).
    pub fn key(self) -> &'static str {
        match self {
            Variant::International => "international",
            Variant::Frisian => "frisian",
            Variant::Frysk => "frysk",
            Variant::Antidraughts => "antidraughts",
            Variant::Breakthrough => "breakthrough",
            Variant::Russian10x8 => "russian-10x8",
            Variant::Bashni => "bashni",
            Variant::Vigman => "vigman",
            v => v.eight().map(Variant8::key).unwrap_or_default(),
        }
    }

    /// The variant with key `key` (exactly as [`Variant::key`] writes it).
    pub fn from_key(key: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.key() == key)
    }

    /// Human name (English).
    pub fn name(self) -> &'static str {
        match self {
            Variant::International => International::NAME,
            Variant::Frisian => Frisian::NAME,
            Variant::Frysk => Frysk::NAME,
            Variant::Antidraughts => Antidraughts::NAME,
            Variant::Breakthrough => Breakthrough::NAME,
            Variant::Russian10x8 => Russian10x8::NAME,
            Variant::Bashni => "Bashni (Towers)",
            Variant::Vigman => "Vigman's double game",
            v => v.eight().map(Variant8::name).unwrap_or_default(),
        }
    }

    /// The board it is played on.
    pub fn board(self) -> BoardKind {
        match self {
            Variant::International
            | Variant::Frisian
            | Variant::Frysk
            | Variant::Antidraughts
            | Variant::Breakthrough => BoardKind::Ten,
            Variant::Russian10x8 => BoardKind::TenByEight,
            _ => BoardKind::Eight,
        }
    }

    /// Whether pieces stand on the light squares too (Vigman's second
    /// game).
    pub fn uses_light_squares(self) -> bool {
        self == Variant::Vigman
    }

    /// Whether captured pieces stay on the board under their captor.
    pub fn has_towers(self) -> bool {
        self == Variant::Bashni
    }

    /// Whether the player left without a legal move wins (giveaway games).
    pub fn stuck_player_wins(self) -> bool {
        match self {
            Variant::Antidraughts => Antidraughts::STUCK_PLAYER_WINS,
            v => v.eight().is_some_and(Variant8::stuck_player_wins),
        }
    }

    /// Whether its players write moves with square numbers (`32-28`).
    pub fn numeric_notation(self) -> bool {
        match self.board() {
            BoardKind::Ten => true,
            BoardKind::TenByEight => false,
            BoardKind::Eight => self.eight().is_some_and(Variant8::numeric_notation),
        }
    }

    /// The PDN `GameType` number: International 20, Frisian 40 (Frysk!
    /// too, with a `Variant` tag), Antidraughts and Breakthrough as
    /// International (20) with a `Variant` tag, Russian 10×8 and Bashni as
    /// Russian (25) with a `Variant` tag.
    pub fn pdn_game_type(self) -> u32 {
        match self {
            Variant::International | Variant::Antidraughts | Variant::Breakthrough => 20,
            Variant::Frisian | Variant::Frysk => 40,
            Variant::Russian10x8 | Variant::Bashni | Variant::Vigman => 25,
            v => v.eight().map(Variant8::pdn_game_type).unwrap_or(25),
        }
    }

    /// The PDN `Variant` tag written beside a shared `GameType`, if any.
    pub fn pdn_variant_tag(self) -> Option<&'static str> {
        match self {
            Variant::Poddavki
            | Variant::Frysk
            | Variant::Antidraughts
            | Variant::Breakthrough
            | Variant::Russian10x8
            | Variant::Bashni
            | Variant::Vigman => Some(self.key()),
            _ => None,
        }
    }

    /// A game from the variant's start position.
    pub fn new_game(self) -> AnyGame {
        match self {
            Variant::International => AnyGame::International(GameOn::new()),
            Variant::Frisian => AnyGame::Frisian(GameOn::new()),
            Variant::Frysk => AnyGame::Frysk(GameOn::new()),
            Variant::Antidraughts => AnyGame::Antidraughts(GameOn::new()),
            Variant::Breakthrough => AnyGame::Breakthrough(GameOn::new()),
            Variant::Russian10x8 => AnyGame::Russian10x8(GameOn::new()),
            Variant::Bashni => AnyGame::Bashni(TowerGame::new()),
            Variant::Vigman => AnyGame::Vigman(VigmanGame::new()),
            v => AnyGame::Eight(Game::new(v.eight().unwrap_or_default())),
        }
    }

    /// A game from the position `fen` (the variant's FEN: numeric on
    /// 10×10, algebraic on 10×8, with towers for Bashni).
    pub fn game_from_fen(self, fen: &str) -> Result<AnyGame, PositionError> {
        fn wide<R: Rules>(fen: &str) -> Result<GameOn<R>, PositionError> {
            let info = parse_fen_on::<R::Shape>(fen).map_err(PositionError::Fen)?;
            Ok(GameOn::from_position(info.position))
        }
        Ok(match self {
            Variant::International => AnyGame::International(wide(fen)?),
            Variant::Frisian => AnyGame::Frisian(wide(fen)?),
            Variant::Frysk => AnyGame::Frysk(wide(fen)?),
            Variant::Antidraughts => AnyGame::Antidraughts(wide(fen)?),
            Variant::Breakthrough => AnyGame::Breakthrough(wide(fen)?),
            Variant::Russian10x8 => AnyGame::Russian10x8(wide(fen)?),
            Variant::Bashni => AnyGame::Bashni(TowerGame::from_position(
                towers::parse_tower_fen(fen).map_err(|e| PositionError::Towers(e.to_string()))?,
            )),
            Variant::Vigman => AnyGame::Vigman(VigmanGame::from_position(
                VigmanPosition::parse_fen(fen).map_err(|e| PositionError::Vigman(e.to_string()))?,
            )),
            v => {
                let v8 = v.eight().unwrap_or_default();
                let info = parse_fen_full_in(v8, fen).map_err(PositionError::Fen)?;
                let mut game = Game::from_position(v8, info.position);
                if let Some(n) = info.move_number {
                    game.set_start_move_number(n);
                }
                AnyGame::Eight(game)
            }
        })
    }

    /// The FEN of the variant's start position.
    pub fn start_fen(self) -> String {
        self.new_game().fen()
    }
}

impl From<Variant8> for Variant {
    fn from(v: Variant8) -> Variant {
        match v {
            Variant8::Russian => Variant::Russian,
            Variant8::Poddavki => Variant::Poddavki,
            Variant8::Brazilian => Variant::Brazilian,
            Variant8::Pool => Variant::Pool,
            Variant8::English => Variant::English,
            Variant8::Czech => Variant::Czech,
            Variant8::Italian => Variant::Italian,
            Variant8::Portuguese => Variant::Portuguese,
        }
    }
}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::from_key(s).ok_or_else(|| UnknownVariant(s.chars().take(32).collect()))
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a position could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    Fen(FenError),
    /// A Bashni FEN (with towers) was malformed.
    Towers(String),
    /// A Vigman FEN (pieces on both colours) was malformed.
    Vigman(String),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Fen(e) => e.fmt(f),
            PositionError::Towers(e) | PositionError::Vigman(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for PositionError {}

/// A square of any board: file 0 is a, rank 0 is White's back rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    pub file: u8,
    pub rank: u8,
}

impl Coord {
    fn of<S: Shape>(sq: Square<S>) -> Coord {
        Coord {
            file: sq.file(),
            rank: sq.rank(),
        }
    }

    fn of_tower(sq: towers::Sq) -> Coord {
        let (file, rank) = towers::coords(sq);
        Coord { file, rank }
    }

    /// A square of one of Vigman's boards (the light one mirrored) on the
    /// real board.
    fn of_vigman(squares: Squares, sq: Square) -> Coord {
        let file = match squares {
            Squares::Dark => sq.file(),
            Squares::Light => 7 - sq.file(),
        };
        Coord {
            file,
            rank: sq.rank(),
        }
    }

    /// Whether it is a dark square (a1 is dark).
    pub fn is_dark(self) -> bool {
        (self.file + self.rank).is_multiple_of(2)
    }
}

/// What stands on a square: one piece, or (in Bashni) a tower of pieces,
/// top first; never empty.
pub type Stack = Vec<Piece>;

/// A position of any variant.
// A tower position is several times a bitboard one; positions are made a
// few times per message, never in the search.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnyPosition {
    Eight(Position<Board8>),
    Ten(Position<Board10>),
    TenByEight(Position<Board10x8>),
    Towers(TowerPosition),
    /// Vigman: pieces on both colours of squares.
    Vigman(VigmanPosition),
}

impl AnyPosition {
    pub fn side_to_move(&self) -> Color {
        match self {
            AnyPosition::Eight(p) => p.side_to_move(),
            AnyPosition::Ten(p) => p.side_to_move(),
            AnyPosition::TenByEight(p) => p.side_to_move(),
            AnyPosition::Towers(p) => p.side_to_move(),
            AnyPosition::Vigman(p) => p.side_to_move(),
        }
    }

    /// Every occupied square with what stands on it, top first.
    pub fn stacks(&self) -> Vec<(Coord, Stack)> {
        fn flat<S: Shape>(p: &Position<S>) -> Vec<(Coord, Stack)> {
            p.pieces()
                .map(|(sq, pc)| (Coord::of(sq), vec![pc]))
                .collect()
        }
        match self {
            AnyPosition::Eight(p) => flat(p),
            AnyPosition::Ten(p) => flat(p),
            AnyPosition::TenByEight(p) => flat(p),
            AnyPosition::Towers(p) => (0..towers::SQUARES as u8)
                .filter_map(|s| {
                    let stack: Stack = p.tower(s).pieces().collect();
                    (!stack.is_empty()).then(|| (Coord::of_tower(s), stack))
                })
                .collect(),
            AnyPosition::Vigman(p) => (0..8u8)
                .flat_map(|rank| (0..8u8).map(move |file| Coord { file, rank }))
                .filter_map(|c| p.piece_at(c.file, c.rank).map(|pc| (c, vec![pc])))
                .collect(),
        }
    }

    /// The 8×8 position, when it is one without towers.
    pub fn eight(&self) -> Option<&Position> {
        match self {
            AnyPosition::Eight(p) => Some(p),
            _ => None,
        }
    }
}

/// A move of any variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnyMove {
    Eight(Move<Board8>),
    Ten(Move<Board10>),
    TenByEight(Move<Board10x8>),
    Towers(TowerMove),
    /// A Vigman sub-move (half a turn).
    Vigman(VigmanMove),
}

impl AnyMove {
    /// The start square, each landing square, and the end square.
    pub fn path(&self) -> Vec<Coord> {
        fn path<S: Shape>(m: &Move<S>) -> Vec<Coord> {
            m.path().into_iter().map(Coord::of).collect()
        }
        match self {
            AnyMove::Eight(m) => path(m),
            AnyMove::Ten(m) => path(m),
            AnyMove::TenByEight(m) => path(m),
            AnyMove::Towers(m) => m.path().iter().map(|&s| Coord::of_tower(s)).collect(),
            AnyMove::Vigman(m) => {
                m.mv.path()
                    .into_iter()
                    .map(|s| Coord::of_vigman(m.squares, s))
                    .collect()
            }
        }
    }

    pub fn from(&self) -> Coord {
        self.path()[0]
    }

    pub fn to(&self) -> Coord {
        *self.path().last().unwrap_or(&Coord { file: 0, rank: 0 })
    }

    /// The squares of the pieces taken (in Bashni: the towers whose top
    /// piece is taken), in the order taken where the rules keep it.
    pub fn captured(&self) -> Vec<Coord> {
        fn taken<S: Shape>(m: &Move<S>) -> Vec<Coord> {
            m.captured_squares().into_iter().map(Coord::of).collect()
        }
        match self {
            AnyMove::Eight(m) => taken(m),
            AnyMove::Ten(m) => taken(m),
            AnyMove::TenByEight(m) => taken(m),
            AnyMove::Towers(m) => m.taken().iter().map(|&s| Coord::of_tower(s)).collect(),
            AnyMove::Vigman(m) => {
                m.mv.captured_squares()
                    .into_iter()
                    .map(|s| Coord::of_vigman(m.squares, s))
                    .collect()
            }
        }
    }

    pub fn is_capture(&self) -> bool {
        match self {
            AnyMove::Eight(m) => m.is_capture(),
            AnyMove::Ten(m) => m.is_capture(),
            AnyMove::TenByEight(m) => m.is_capture(),
            AnyMove::Towers(m) => m.is_capture(),
            AnyMove::Vigman(m) => m.mv.is_capture(),
        }
    }

    pub fn is_promotion(&self) -> bool {
        match self {
            AnyMove::Eight(m) => m.is_promotion(),
            AnyMove::Ten(m) => m.is_promotion(),
            AnyMove::TenByEight(m) => m.is_promotion(),
            AnyMove::Towers(m) => m.is_promotion(),
            AnyMove::Vigman(m) => m.mv.is_promotion(),
        }
    }

    /// The 8×8 move, when it is one.
    pub fn eight(&self) -> Option<&Move> {
        match self {
            AnyMove::Eight(m) => Some(m),
            _ => None,
        }
    }
}

/// A game of any variant: its start, its moves and how it ended.
#[derive(Debug, Clone)]
pub enum AnyGame {
    /// The 8×8 variants ([`Variant8`]).
    Eight(Game),
    International(GameOn<International>),
    Frisian(GameOn<Frisian>),
    Frysk(GameOn<Frysk>),
    Antidraughts(GameOn<Antidraughts>),
    Breakthrough(GameOn<Breakthrough>),
    Russian10x8(GameOn<Russian10x8>),
    Bashni(TowerGame),
    /// Vigman's double game: a turn is two sub-moves.
    Vigman(VigmanGame),
}

/// Run `$body` with `$g` bound to the [`GameOn`] of a wide-board game, or
/// `$eight` / `$towers` for the others.
macro_rules! per_game {
    ($self:expr, $g:ident => $wide:expr, eight $e:ident => $eight:expr, towers $t:ident => $towers:expr, vigman $v:ident => $vigman:expr) => {
        match $self {
            AnyGame::Eight($e) => $eight,
            AnyGame::International($g) => $wide,
            AnyGame::Frisian($g) => $wide,
            AnyGame::Frysk($g) => $wide,
            AnyGame::Antidraughts($g) => $wide,
            AnyGame::Breakthrough($g) => $wide,
            AnyGame::Russian10x8($g) => $wide,
            AnyGame::Bashni($t) => $towers,
            AnyGame::Vigman($v) => $vigman,
        }
    };
}

fn tower_error(e: TowerGameError, game: &TowerGame) -> GameError {
    match e {
        TowerGameError::Over => match game.outcome() {
            Some(o) => GameError::Over(o),
            None => GameError::Move(MoveError::NoLegalMoves),
        },
        TowerGameError::Illegal(input) => {
            let mut legal: Vec<String> = game.legal_moves().iter().map(|m| m.notation()).collect();
            legal.sort();
            GameError::Move(MoveError::Illegal {
                input,
                reason: None,
                legal,
            })
        }
    }
}

fn vigman_error(e: VigmanGameError) -> GameError {
    match e {
        VigmanGameError::Over(o) => GameError::Over(o),
        VigmanGameError::Illegal { input, legal } => GameError::Move(MoveError::Illegal {
            input,
            reason: None,
            legal,
        }),
    }
}

/// Wraps a wide-board move in [`AnyMove`] and back.
trait WideMove: Shape {
    fn wrap(m: Move<Self>) -> AnyMove;
    fn unwrap(m: &AnyMove) -> Option<Move<Self>>;
    fn wrap_position(p: &Position<Self>) -> AnyPosition;
}

impl WideMove for Board10 {
    fn wrap(m: Move<Board10>) -> AnyMove {
        AnyMove::Ten(m)
    }
    fn unwrap(m: &AnyMove) -> Option<Move<Board10>> {
        match m {
            AnyMove::Ten(m) => Some(*m),
            _ => None,
        }
    }
    fn wrap_position(p: &Position<Board10>) -> AnyPosition {
        AnyPosition::Ten(*p)
    }
}

impl WideMove for Board10x8 {
    fn wrap(m: Move<Board10x8>) -> AnyMove {
        AnyMove::TenByEight(m)
    }
    fn unwrap(m: &AnyMove) -> Option<Move<Board10x8>> {
        match m {
            AnyMove::TenByEight(m) => Some(*m),
            _ => None,
        }
    }
    fn wrap_position(p: &Position<Board10x8>) -> AnyPosition {
        AnyPosition::TenByEight(*p)
    }
}

fn wide_choose<R: Rules>(g: &GameOn<R>, params: LevelParams, seed: u64) -> Option<AiChoice>
where
    R::Shape: crate::search::wide::Evaluate + WideMove,
{
    let mut searcher = Searcher::<R::Shape>::new_on(params.tt_mb);
    let history = g.history_hashes();
    let options = ChooseOptions {
        history: &history,
        kings_only_plies: g.counters().kings_only_plies,
        params,
        seed,
        stop: None,
        variant: Variant8::Russian,
    };
    // the game's own moves (Frisian limits its kings' moves)
    let allowed = g.legal_moves();
    choose_move_in::<R>(&mut searcher, g.position(), &options, &allowed).map(|r| AiChoice {
        mv: R::Shape::wrap(r.best_move),
        nodes: r.nodes,
        elapsed: r.elapsed,
    })
}

/// The AI's move and what finding it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AiChoice {
    pub mv: AnyMove,
    /// Positions searched (0 where the search does not count them:
    /// Vigman's game).
    pub nodes: u64,
    pub elapsed: std::time::Duration,
}

impl AnyGame {
    pub fn variant(&self) -> Variant {
        match self {
            AnyGame::Eight(g) => g.variant().into(),
            AnyGame::International(_) => Variant::International,
            AnyGame::Frisian(_) => Variant::Frisian,
            AnyGame::Frysk(_) => Variant::Frysk,
            AnyGame::Antidraughts(_) => Variant::Antidraughts,
            AnyGame::Breakthrough(_) => Variant::Breakthrough,
            AnyGame::Russian10x8(_) => Variant::Russian10x8,
            AnyGame::Bashni(_) => Variant::Bashni,
            AnyGame::Vigman(_) => Variant::Vigman,
        }
    }

    /// The 8×8 game, for what only the 8×8 variants offer (analysis with
    /// the tuned evaluation, conditional moves, puzzles).
    pub fn eight(&self) -> Option<&Game> {
        match self {
            AnyGame::Eight(g) => Some(g),
            _ => None,
        }
    }

    /// The position the game started from.
    pub fn start_position(&self) -> AnyPosition {
        per_game!(self, g => <_ as WideMove>::wrap_position(&g.positions()[0]),
            eight e => AnyPosition::Eight(*e.start_position()),
            towers t => AnyPosition::Towers(*t.start_position()),
            vigman v => AnyPosition::Vigman(*v.start_position()))
    }

    /// The current position.
    pub fn position(&self) -> AnyPosition {
        per_game!(self, g => <_ as WideMove>::wrap_position(g.position()),
            eight e => AnyPosition::Eight(*e.position()),
            towers t => AnyPosition::Towers(*t.position()),
            vigman v => AnyPosition::Vigman(*v.position()))
    }

    pub fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }

    /// Plies played.
    pub fn ply(&self) -> usize {
        per_game!(self, g => g.moves().len(), eight e => e.ply(), towers t => t.moves().len(),
            vigman v => v.moves().len())
    }

    /// The current position as the variant's FEN.
    pub fn fen(&self) -> String {
        per_game!(self, g => to_fen_on(g.position()),
            eight e => e.variant().format_fen(e.position()),
            towers t => towers::to_tower_fen(t.position()),
            vigman v => v.position().to_fen())
    }

    /// The start position as the variant's FEN.
    pub fn start_fen(&self) -> String {
        per_game!(self, g => to_fen_on(&g.positions()[0]),
            eight e => e.variant().format_fen(e.start_position()),
            towers t => towers::to_tower_fen(t.start_position()),
            vigman v => v.start_position().to_fen())
    }

    pub fn outcome(&self) -> Option<Outcome> {
        per_game!(self, g => g.outcome(), eight e => e.outcome(), towers t => t.outcome(),
            vigman v => v.outcome())
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The legal moves now.
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        fn wrap<S: WideMove>(v: Vec<Move<S>>) -> Vec<AnyMove> {
            v.into_iter().map(S::wrap).collect()
        }
        if self.is_over() {
            return Vec::new();
        }
        per_game!(self, g => wrap(g.legal_moves()),
            eight e => e.legal_moves().into_iter().map(AnyMove::Eight).collect(),
            towers t => t.legal_moves().into_iter().map(AnyMove::Towers).collect(),
            vigman v => v.legal_moves().into_iter().map(AnyMove::Vigman).collect())
    }

    /// `mv` written in the variant's notation, as the players write it
    /// (among the current legal moves, for the shortest unambiguous form).
    pub fn format_move(&self, mv: &AnyMove) -> String {
        match (self, mv) {
            (AnyGame::Eight(e), AnyMove::Eight(m)) => e.variant().format_move(m),
            (_, AnyMove::Ten(m)) => {
                let legal: Vec<Move<Board10>> = self
                    .legal_moves()
                    .iter()
                    .filter_map(Board10::unwrap)
                    .collect();
                format_move_on(&legal, m)
            }
            (_, AnyMove::TenByEight(m)) => {
                let legal: Vec<Move<Board10x8>> = self
                    .legal_moves()
                    .iter()
                    .filter_map(Board10x8::unwrap)
                    .collect();
                format_move_on(&legal, m)
            }
            (_, AnyMove::Towers(m)) => m.notation(),
            (_, AnyMove::Vigman(m)) => m.to_string(),
            (_, AnyMove::Eight(m)) => m.to_string(),
        }
    }

    /// The move the text names among the legal moves.
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, MoveError> {
        fn wide<R: Rules>(g: &GameOn<R>, text: &str) -> Result<AnyMove, MoveError>
        where
            R::Shape: WideMove,
        {
            parse_move_among_on(&g.legal_moves(), text).map(R::Shape::wrap)
        }
        match self {
            AnyGame::Eight(e) => {
                parse_move_among_in(e.variant(), e.position(), &e.legal_moves(), text)
                    .map(AnyMove::Eight)
            }
            AnyGame::International(g) => wide(g, text),
            AnyGame::Frisian(g) => wide(g, text),
            AnyGame::Frysk(g) => wide(g, text),
            AnyGame::Antidraughts(g) => wide(g, text),
            AnyGame::Breakthrough(g) => wide(g, text),
            AnyGame::Russian10x8(g) => wide(g, text),
            AnyGame::Bashni(t) => t
                .position()
                .parse_move(text)
                .map(AnyMove::Towers)
                .ok_or_else(|| {
                    match tower_error(TowerGameError::Illegal(text.chars().take(32).collect()), t) {
                        GameError::Move(e) => e,
                        GameError::Over(_) => MoveError::NoLegalMoves,
                    }
                }),
            AnyGame::Vigman(v) => v
                .position()
                .parse_move(text)
                .map(AnyMove::Vigman)
                .ok_or_else(|| {
                    let mut legal: Vec<String> =
                        v.legal_moves().iter().map(|m| m.to_string()).collect();
                    legal.sort();
                    if legal.is_empty() {
                        MoveError::NoLegalMoves
                    } else {
                        MoveError::Illegal {
                            input: text.chars().take(32).collect(),
                            reason: None,
                            legal,
                        }
                    }
                }),
        }
    }

    /// Play `mv` (one of [`AnyGame::legal_moves`]); the outcome if it ends
    /// the game.
    pub fn play(&mut self, mv: &AnyMove) -> Result<Option<Outcome>, GameError> {
        fn wide<R: Rules>(g: &mut GameOn<R>, mv: &AnyMove) -> Result<Option<Outcome>, GameError>
        where
            R::Shape: WideMove,
        {
            let m = R::Shape::unwrap(mv).ok_or(GameError::Move(MoveError::NoLegalMoves))?;
            g.play(&m)
        }
        match self {
            AnyGame::Eight(e) => match mv {
                AnyMove::Eight(m) => e.play(m),
                _ => Err(GameError::Move(MoveError::NoLegalMoves)),
            },
            AnyGame::International(g) => wide(g, mv),
            AnyGame::Frisian(g) => wide(g, mv),
            AnyGame::Frysk(g) => wide(g, mv),
            AnyGame::Antidraughts(g) => wide(g, mv),
            AnyGame::Breakthrough(g) => wide(g, mv),
            AnyGame::Russian10x8(g) => wide(g, mv),
            AnyGame::Bashni(t) => match mv {
                AnyMove::Towers(m) => t.play(m).map_err(|e| tower_error(e, t)),
                _ => Err(GameError::Move(MoveError::NoLegalMoves)),
            },
            AnyGame::Vigman(v) => match mv {
                AnyMove::Vigman(m) => v.play(m).map_err(vigman_error),
                _ => Err(GameError::Move(MoveError::NoLegalMoves)),
            },
        }
    }

    /// Play the move the text names.
    pub fn play_text(&mut self, text: &str) -> Result<AnyMove, GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::Over(o));
        }
        let mv = self.parse_move(text)?;
        self.play(&mv)?;
        Ok(mv)
    }

    /// Take back the last move.
    pub fn undo(&mut self) -> Option<AnyMove> {
        fn wide<R: Rules>(g: &mut GameOn<R>) -> Option<AnyMove>
        where
            R::Shape: WideMove,
        {
            g.undo().map(R::Shape::wrap)
        }
        match self {
            AnyGame::Eight(e) => e.undo().map(AnyMove::Eight),
            AnyGame::International(g) => wide(g),
            AnyGame::Frisian(g) => wide(g),
            AnyGame::Frysk(g) => wide(g),
            AnyGame::Antidraughts(g) => wide(g),
            AnyGame::Breakthrough(g) => wide(g),
            AnyGame::Russian10x8(g) => wide(g),
            AnyGame::Bashni(t) => t.undo().map(AnyMove::Towers),
            AnyGame::Vigman(v) => v.undo().map(AnyMove::Vigman),
        }
    }

    /// The moves played, in order.
    pub fn moves(&self) -> Vec<AnyMove> {
        fn wrap<S: WideMove>(v: &[Move<S>]) -> Vec<AnyMove> {
            v.iter().copied().map(S::wrap).collect()
        }
        per_game!(self, g => wrap(g.moves()),
            eight e => e.moves().iter().copied().map(AnyMove::Eight).collect(),
            towers t => t.moves().iter().copied().map(AnyMove::Towers).collect(),
            vigman v => v.moves().iter().copied().map(AnyMove::Vigman).collect())
    }

    /// The moves played, each written as the players write it at its turn.
    pub fn move_texts(&self) -> Vec<String> {
        let mut replay = self.variant().game_from_fen(&self.start_fen()).ok();
        self.moves()
            .iter()
            .map(|m| match replay.as_mut() {
                Some(r) => {
                    let text = r.format_move(m);
                    let _ = r.play(m);
                    text
                }
                None => String::new(),
            })
            .collect()
    }

    pub fn resign(&mut self, loser: Color) -> Result<Outcome, GameError> {
        per_game!(self, g => g.resign(loser), eight e => e.resign(loser),
            towers t => t.resign(loser).map_err(|e| tower_error(e, t)),
            vigman v => v.resign(loser).map_err(vigman_error))
    }

    pub fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        per_game!(self, g => g.agree_draw(), eight e => e.agree_draw(),
            towers t => t.agree_draw().map_err(|e| tower_error(e, t)),
            vigman v => v.agree_draw().map_err(vigman_error))
    }

    pub fn time_out(&mut self, loser: Color) -> Result<Outcome, GameError> {
        per_game!(self, g => g.time_out(loser), eight e => e.time_out(loser),
            towers t => t.time_out(loser).map_err(|e| tower_error(e, t)),
            vigman v => v.time_out(loser).map_err(vigman_error))
    }

    /// The AI's move at `level` (`seed` makes the weak levels' choices
    /// reproducible); `None` when the game is over. Blocks for up to the
    /// level's move time: call it on a worker thread. The 8×8 games have a
    /// richer entry ([`crate::search::choose_move`]) that keeps its table
    /// between moves.
    pub fn choose_move(&self, level: Level, seed: u64) -> Option<AnyMove> {
        self.choose_move_with(level, level.params(), seed)
            .map(|c| c.mv)
    }

    /// [`AnyGame::choose_move`] with the search's settings given (a level's,
    /// with a shorter move time where the bot caps it) and the nodes and
    /// time it took.
    pub fn choose_move_with(
        &self,
        level: Level,
        params: LevelParams,
        seed: u64,
    ) -> Option<AiChoice> {
        if self.is_over() {
            return None;
        }
        let start = std::time::Instant::now();
        match self {
            AnyGame::Eight(e) => {
                let mut searcher = Searcher::new(params.tt_mb);
                let history = e.history_hashes();
                let options = ChooseOptions {
                    history: &history,
                    // the king-only count lets the search see the 15-move
                    // draw coming
                    kings_only_plies: e.counters().kings_only_plies,
                    params,
                    seed,
                    stop: None,
                    variant: e.variant(),
                };
                crate::search::choose_move(&mut searcher, e.position(), &options).map(|r| {
                    AiChoice {
                        mv: AnyMove::Eight(r.best_move),
                        nodes: r.nodes,
                        elapsed: r.elapsed,
                    }
                })
            }
            AnyGame::International(g) => wide_choose(g, params, seed),
            AnyGame::Frisian(g) => wide_choose(g, params, seed),
            AnyGame::Frysk(g) => wide_choose(g, params, seed),
            AnyGame::Antidraughts(g) => wide_choose(g, params, seed),
            AnyGame::Breakthrough(g) => wide_choose(g, params, seed),
            AnyGame::Russian10x8(g) => wide_choose(g, params, seed),
            AnyGame::Bashni(t) => {
                let r = towers::search_depth(t.position(), u32::from(level.number()).clamp(1, 8));
                Some(AiChoice {
                    mv: AnyMove::Towers(r.best?),
                    nodes: r.nodes,
                    elapsed: start.elapsed(),
                })
            }
            AnyGame::Vigman(v) => Some(AiChoice {
                mv: AnyMove::Vigman(vigman::choose_move(v, level.number(), seed)?),
                nodes: 0,
                elapsed: start.elapsed(),
            }),
        }
    }

    /// Every move of the game from its start searched and marked (`!`,
    /// `?!`, `?`, `??`) with the engine's better move and each side's
    /// accuracy, as [`crate::analysis::analyse`] does for an 8×8 game (an
    /// 8×8 game gets exactly its report). Blocks for up to a few searches of
    /// `opts.movetime_ms` a ply: call it on a worker thread.
    /// `progress(done, total)` is called after each ply.
    pub fn analyse(
        &self,
        opts: &crate::analysis::AnalyseOptions,
        progress: impl FnMut(usize, usize),
    ) -> crate::analysis::AnyAnalysis {
        crate::analysis::analyse_any(self, opts, progress)
    }

    /// The game as PDN with `tags` (Event, White, Black, …); GameType, a
    /// Variant tag where the GameType is shared, FEN for a set-up start and
    /// Result are added.
    pub fn to_pdn(&self, tags: &[(&str, &str)]) -> String {
        if let AnyGame::Eight(e) = self {
            return crate::pdn::write_pdn(e, tags, crate::pdn::PdnStyle::default());
        }
        let v = self.variant();
        // Vigman's double game: the sum of its two games (4-0, 2-2)
        let result = match self {
            AnyGame::Vigman(g) => g.points().map(|(w, b)| format!("{w}-{b}")),
            _ => self.outcome().map(|o| o.pdn_result().to_string()),
        }
        .unwrap_or_else(|| "*".to_string());
        let own = ["gametype", "result", "fen", "setup", "variant"];
        let mut out = String::new();
        for (k, val) in tags {
            if !own.contains(&k.to_ascii_lowercase().as_str()) {
                let val = val.replace('\\', "\\\\").replace('"', "\\\"");
                out.push_str(&format!("[{k} \"{val}\"]\n"));
            }
        }
        out.push_str(&format!("[GameType \"{}\"]\n", v.pdn_game_type()));
        if let Some(tag) = v.pdn_variant_tag() {
            out.push_str(&format!("[Variant \"{tag}\"]\n"));
        }
        let start = self.start_fen();
        if start != v.start_fen() {
            out.push_str("[SetUp \"1\"]\n");
            out.push_str(&format!("[FEN \"{start}\"]\n"));
        }
        out.push_str(&format!("[Result \"{result}\"]\n\n"));
        let black_first = self
            .variant()
            .game_from_fen(&start)
            .map(|g| g.side_to_move() == Color::Black)
            .unwrap_or(false);
        // plies per side's turn: two sub-moves in Vigman's game
        let turn = if v == Variant::Vigman { 2 } else { 1 };
        let mut tokens = Vec::new();
        for (ply, text) in self.move_texts().into_iter().enumerate() {
            let shifted = ply + turn * usize::from(black_first);
            if shifted % (2 * turn) == 0 {
                tokens.push(format!("{}. {text}", shifted / (2 * turn) + 1));
            } else if ply == 0 {
                tokens.push(format!("1... {text}"));
            } else {
                tokens.push(text);
            }
        }
        tokens.push(result.to_string());
        out.push_str(&tokens.join(" "));
        out.push('\n');
        out
    }
}

/// The FEN of an 8×8 position in a variant's own square numbering (used
/// by the PDN of the numbered 8×8 variants).
pub fn fen_numeric(v: Variant8, pos: &Position) -> String {
    to_fen_numeric_in(v, pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_and_unknown_is_an_error() {
        for v in Variant::ALL {
            assert_eq!(v.key().parse::<Variant>(), Ok(v));
            assert_eq!(
                Variant::from(v.eight().unwrap_or_default()) == v,
                v.eight().is_some()
            );
        }
        assert!("checkers-9x9".parse::<Variant>().is_err());
    }

    #[test]
    fn every_variant_starts_plays_and_replays() {
        for v in Variant::ALL {
            let mut g = v.new_game();
            assert_eq!(g.variant(), v);
            assert!(!g.is_over(), "{v}");
            let first = g.legal_moves();
            assert!(!first.is_empty(), "{v}");
            let text = g.format_move(&first[0]);
            let played = g
                .play_text(&text)
                .unwrap_or_else(|e| panic!("{v} {text}: {e}"));
            assert_eq!(played, first[0], "{v}");
            assert_eq!(g.ply(), 1);
            // the FEN reads back to the same position
            let again = v.game_from_fen(&g.fen()).expect("fen");
            assert_eq!(again.position(), g.position(), "{v}");
            assert_eq!(g.move_texts(), vec![text.clone()]);
            let pdn = g.to_pdn(&[("Event", "test")]);
            assert!(
                pdn.contains(&format!("[GameType \"{}\"", v.pdn_game_type())),
                "{pdn}"
            );
            assert!(pdn.contains(&text), "{pdn}");
            assert_eq!(g.undo(), Some(first[0]));
            assert_eq!(g.fen(), v.start_fen());
        }
    }

    #[test]
    fn international_is_numeric_and_russian_10x8_algebraic() {
        let g = Variant::International.new_game();
        let texts: Vec<String> = g.legal_moves().iter().map(|m| g.format_move(m)).collect();
        assert_eq!(texts.len(), 9);
        assert!(texts.contains(&"32-28".to_string()), "{texts:?}");
        let g = Variant::Russian10x8.new_game();
        let texts: Vec<String> = g.legal_moves().iter().map(|m| g.format_move(m)).collect();
        assert!(texts.contains(&"i3-k4".to_string()), "{texts:?}");
        assert_eq!(Variant::Russian10x8.board().size(), (10, 8));
        let pos = g.position();
        assert_eq!(pos.stacks().len(), 30);
    }

    #[test]
    fn a_wrong_move_lists_the_legal_ones() {
        let mut g = Variant::International.new_game();
        match g.play_text("1-2") {
            Err(GameError::Move(MoveError::Illegal { legal, .. })) => assert_eq!(legal.len(), 9),
            other => panic!("{other:?}"),
        }
        let mut t = Variant::Bashni.new_game();
        match t.play_text("a1-h8") {
            Err(GameError::Move(MoveError::Illegal { legal, .. })) => assert_eq!(legal.len(), 7),
            other => panic!("{other:?}"),
        }
        assert_eq!(g.ply(), 0);
        assert_eq!(t.ply(), 0);
    }

    #[test]
    fn vigman_turns_are_two_sub_moves_on_either_colour() {
        let mut g = Variant::Vigman.new_game();
        assert!(Variant::Vigman.uses_light_squares());
        assert_eq!(g.position().stacks().len(), 48);
        let dark = g.play_text("c3-d4").expect("a dark sub-move");
        assert!(dark.from().is_dark());
        assert_eq!(
            g.side_to_move(),
            Color::White,
            "the second sub-move is White's"
        );
        let light = g
            .legal_moves()
            .into_iter()
            .find(|m| !m.from().is_dark())
            .expect("a light sub-move");
        let text = g.format_move(&light);
        g.play_text(&text).expect("the light sub-move by its text");
        assert_eq!(g.side_to_move(), Color::Black);
        let pdn = g.to_pdn(&[]);
        assert!(pdn.contains(&format!("1. c3-d4 {text} *")), "{pdn}");
        assert!(pdn.contains("[Variant \"vigman\"]"), "{pdn}");
        // the result is the sum of the two games
        g.resign(Color::Black).unwrap();
        let pdn = g.to_pdn(&[]);
        assert!(pdn.contains("[Result \"4-0\"]"), "{pdn}");
        assert!(pdn.contains(&format!("1. c3-d4 {text} 4-0")), "{pdn}");
    }

    #[test]
    fn resignation_ends_every_variant() {
        for v in Variant::ALL {
            let mut g = v.new_game();
            let o = g.resign(Color::White).expect("resign");
            assert_eq!(o.winner(), Some(Color::Black));
            assert!(g.legal_moves().is_empty());
            assert!(g.play_text("anything").is_err());
        }
    }

    #[test]
    fn the_ai_moves_in_every_variant() {
        for v in Variant::ALL {
            let g = v.new_game();
            let level = Level::new(1).expect("level 1");
            let mv = g.choose_move(level, 7).unwrap_or_else(|| panic!("{v}"));
            assert!(g.legal_moves().contains(&mv), "{v}");
        }
    }
}
