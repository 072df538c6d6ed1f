//! The small, explicit set of rule switches that separates Russian draughts from
//! its relatives. Each variant is a zero-sized type implementing [`Rules`]; the
//! move generator is generic over it, so every switch is a compile-time
//! constant and costs nothing in the hot path. [`Variant8`] is the run-time name
//! of a rule set (stored with a game) and dispatches to the right generator.

use crate::moves::Move;
use crate::position::{Color, Position};
use crate::square::{Board10, Board10x8, Board8, Shape, Square};
use std::fmt;
use std::str::FromStr;

/// What a man does when it reaches the far rank in the middle of a capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MidCapturePromotion {
    /// It becomes a king at once and goes on capturing as a king (Russian).
    ContinueAsKing,
    /// It goes on capturing as a man and is crowned only if it ends on the far
    /// rank (Brazilian, International, Pool).
    ContinueAsMan,
    /// It is crowned and the move ends there (English checkers).
    Stop,
}

/// Compile-time rule switches.
pub trait Rules: Copy + Default + 'static {
    /// The board the rules are played on ([`Board8`] for every rule set in
    /// [`Variant8`]).
    type Shape: Shape;
    /// Human name, e.g. "Russian draughts".
    const NAME: &'static str;
    /// Men may capture backwards.
    const MEN_CAPTURE_BACKWARD: bool;
    /// Kings move and capture along whole diagonals ("flying kings").
    const FLYING_KINGS: bool;
    /// A capture must take the largest number of pieces available.
    const MAJORITY_CAPTURE: bool;
    /// What happens to a man reaching the far rank mid-capture.
    const MID_CAPTURE_PROMOTION: MidCapturePromotion;
    /// The player who cannot move wins instead of losing (giveaway games).
    const STUCK_PLAYER_WINS: bool;
    /// Plies in a row of king moves only (no capture, no man moved) after
    /// which the game is drawn.
    const KINGS_ONLY_DRAW_PLIES: u32;
    /// The endgame draw rules on top of repetition and the kings-only rule.
    const ENDGAME_DRAWS: EndgameDraws;
    /// When a king can capture, a man may not (Czech draughts).
    const KING_CAPTURE_PRIORITY: bool = false;
    /// Men may capture kings (not in Italian draughts).
    const MEN_CAPTURE_KINGS: bool = true;
    /// Italian precedence among captures of the most pieces: with a king
    /// rather than a man, then the most kings, then the kings met earliest
    /// (FID art. 6.9: the first king as early as possible, then the second…).
    const ITALIAN_PRECEDENCE: bool = false;
    /// Among captures of the most pieces, those taking the most kings
    /// (Portuguese "quality").
    const MOST_KINGS: bool = false;
    /// Men and kings also capture along ranks and files, over the next
    /// dark square of the line (Frisian).
    const ORTHOGONAL_CAPTURES: bool = false;
    /// Frisian precedence: the capture of the highest value, a king worth
    /// a little less than two men, then a capture by a king rather than a
    /// man (see docs/variants.md).
    const FRISIAN_PRECEDENCE: bool = false;
    /// The first side to crown a man wins (Breakthrough): a position with a
    /// king on the board is over, and the side to move (the other one) has
    /// no move and has lost.
    const CROWNING_WINS: bool = false;
    /// Ranks of men each side starts on, counted from its back rank
    /// (Frysk!: its back rank only).
    const START_RANKS: u8 = <Self::Shape as Shape>::MEN_RANKS;
    /// Non-capturing moves in a row one king may make while its side still
    /// has men (Frisian: three); 0 for no limit. The game applies it
    /// ([`crate::game::GameOn`]): it depends on the moves before.
    const KING_MOVES_IN_A_ROW: u32 = 0;
}

/// The start position of rule set `R`: each side's men on its
/// [`Rules::START_RANKS`] nearest ranks, White to move.
pub fn start<R: Rules>() -> Position<R::Shape> {
    Position::start_with_ranks(R::START_RANKS)
}

/// Endgame draw rules that count the moves of the stronger side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndgameDraws {
    /// None (giveaway: no side is "stronger").
    None,
    /// Russian rules 3–5: three kings against a lone king (15 moves), the
    /// lone king on the long diagonal (5 moves), an unchanged balance with
    /// kings on both sides (5/30/60 moves by piece count).
    Russian,
    /// FMJD (International rules, art. 6): three pieces with a king against
    /// a lone king, 16 moves; two pieces against a lone king, 5 moves.
    Fmjd,
    /// Frisian: two kings against a lone king, 7 moves; a king against a
    /// king, 2 moves (the Frisian association's rules as lidraughts plays
    /// them; see docs/variants.md).
    Frisian,
}

/// Russian draughts (shashki): free choice of capture, men capture backwards,
/// flying kings, a man crowned mid-capture continues as a king.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Russian;

impl Rules for Russian {
    type Shape = Board8;
    const NAME: &'static str = "Russian draughts";
    const MEN_CAPTURE_BACKWARD: bool = true;
    const FLYING_KINGS: bool = true;
    const MAJORITY_CAPTURE: bool = false;
    const MID_CAPTURE_PROMOTION: MidCapturePromotion = MidCapturePromotion::ContinueAsKing;
    const STUCK_PLAYER_WINS: bool = false;
    const KINGS_ONLY_DRAW_PLIES: u32 = 30;
    const ENDGAME_DRAWS: EndgameDraws = EndgameDraws::Russian;
}

/// Poddavki (giveaway): Russian moves, the player left without a move wins.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Poddavki;

impl Rules for Poddavki {
    type Shape = Board8;
    const NAME: &'static str = "Poddavki";
    const MEN_CAPTURE_BACKWARD: bool = true;
    const FLYING_KINGS: bool = true;
    const MAJORITY_CAPTURE: bool = false;
    const MID_CAPTURE_PROMOTION: MidCapturePromotion = MidCapturePromotion::ContinueAsKing;
    const STUCK_PLAYER_WINS: bool = true;
    const KINGS_ONLY_DRAW_PLIES: u32 = 30;
    const ENDGAME_DRAWS: EndgameDraws = EndgameDraws::None;
}

/// Brazilian draughts: International rules on 8×8 (majority capture, a man
/// passing the far rank mid-capture stays a man).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Brazilian;

impl Rules for Brazilian {
    type Shape = Board8;
    const NAME: &'static str = "Brazilian draughts";
    const MEN_CAPTURE_BACKWARD: bool = true;
    const FLYING_KINGS: bool = true;
    const MAJORITY_CAPTURE: bool = true;
    const MID_CAPTURE_PROMOTION: MidCapturePromotion = MidCapturePromotion::ContinueAsMan;
    const STUCK_PLAYER_WINS: bool = false;
    /// 20 moves each of kings only, no capture, no man moved (the
    /// Brazilian rules for 64 squares; International's 25 are for 100).
    const KINGS_ONLY_DRAW_PLIES: u32 = 40;
    const ENDGAME_DRAWS: EndgameDraws = EndgameDraws::Fmjd;
}

/// International draughts (FMJD rules) on the 10×10 board: men move
/// forward and capture forward and backward, flying kings, the capture of
/// the most pieces is compulsory (kings count as one, like men), captured
/// pieces are removed after the move (Turkish strike), a man that passes
/// the far rank during a capture and must go on stays a man; 25 moves each
/// of kings only draw, and the FMJD endgame rules (art. 6).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct International;

impl Rules for International {
    type Shape = Board10;
    const NAME: &'static str = "International draughts";
    const MEN_CAPTURE_BACKWARD: bool = true;
    const FLYING_KINGS: bool = true;
    const MAJORITY_CAPTURE: bool = true;
    const MID_CAPTURE_PROMOTION: MidCapturePromotion = MidCapturePromotion::ContinueAsMan;
    const STUCK_PLAYER_WINS: bool = false;
    /// FMJD art. 6.1: 25 successive moves each of kings only, without a
    /// capture or a man moved.
    const KINGS_ONLY_DRAW_PLIES: u32 = 50;
    const ENDGAME_DRAWS: EndgameDraws = EndgameDraws::Fmjd;
}

/// International rules on the board 10 files wide and 8 ranks high (15 men
/// a side): not a game the bot offers, but the published perft counts of
/// this geometry check the 10×8 board independently of the rules played on
/// it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct International10x8;

impl Rules for International10x8 {
    type Shape = Board10x8;
    const NAME: &'static str = "International draughts on 10×8";
    const MEN_CAPTURE_BACKWARD: bool = true;
    const FLYING_KINGS: bool = true;
    const MAJORITY_CAPTURE: bool = true;
    const MID_CAPTURE_PROMOTION: MidCapturePromotion = MidCapturePromotion::ContinueAsMan;
    const STUCK_PLAYER_WINS: bool = false;
    const KINGS_ONLY_DRAW_PLIES: u32 = 50;
    const ENDGAME_DRAWS: EndgameDraws = EndgameDraws::Fmjd;
}

/// Frisian draughts on 10×10: International's board, start, men and flying
/// kings, and captures along ranks and files as well as diagonals, for men
/// and kings, forward and backward; the capture of the highest value is
/// compulsory, a king counting a little less than two men, and with equal
/// values a king must capture rather than a man. A man passing the far
/// rank mid-capture stays a man.
///
/// Not in the move generator: the rule that one king may not make more
/// than three non-capturing moves in a row while its side still has men
/// (it depends on the moves before, not on the position).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Frisian;

impl Rules for Frisian {
    type Shape = Board10;
    const NAME: &'static str = "Frisian draughts";
    const MEN_CAPTURE_BACKWARD: bool = true;
    const FLYING_KINGS: bool = true;
    const MAJORITY_CAPTURE: bool = false;
    const MID_CAPTURE_PROMOTION: MidCapturePromotion = MidCapturePromotion::ContinueAsMan;
    const STUCK_PLAYER_WINS: bool = false;
    const KINGS_ONLY_DRAW_PLIES: u32 = 50;
    const ENDGAME_DRAWS: EndgameDraws = EndgameDraws::Frisian;
    const ORTHOGONAL_CAPTURES: bool = true;
    const FRISIAN_PRECEDENCE: bool = true;
    const KING_MOVES_IN_A_ROW: u32 = 3;
}

/// Frysk!: Frisian draughts with five men each, on the back ranks
/// (`W:W46-50:B1-5`, as lidraughts and the Frisian association's
/// tournaments play it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Frysk;

impl Rules for Frysk {
    type Shape = Board10;
    const NAME: &'static str = "Frysk!";
    const MEN_CAPTURE_BACKWARD: bool = true;
    const FLYING_KINGS: bool = true;
    const MAJORITY_CAPTURE: bool = false;
    const MID_CAPTURE_PROMOTION: MidCapturePromotion = MidCapturePromotion::ContinueAsMan;
    const STUCK_PLAYER_WINS: bool = false;
    const KINGS_ONLY_DRAW_PLIES: u32 = 50;
    const ENDGAME_DRAWS: EndgameDraws = EndgameDraws::Frisian;
    const ORTHOGONAL_CAPTURES: bool = true;
    const FRISIAN_PRECEDENCE: bool = true;
    const KING_MOVES_IN_A_ROW: u32 = 3;
    const START_RANKS: u8 = 1;
}

/// Antidraughts: International moves (majority capture and all), and the
/// side left without a move — every piece given away, or all blocked —
/// **wins**. Draws: repetition and 25 king-only moves; no endgame rule
/// (no side is "stronger").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Antidraughts;

impl Rules for Antidraughts {
    type Shape = Board10;
    const NAME: &'static str = "Antidraughts";
    const MEN_CAPTURE_BACKWARD: bool = true;
    const FLYING_KINGS: bool = true;
    const MAJORITY_CAPTURE: bool = true;
    const MID_CAPTURE_PROMOTION: MidCapturePromotion = MidCapturePromotion::ContinueAsMan;
    const STUCK_PLAYER_WINS: bool = true;
    const KINGS_ONLY_DRAW_PLIES: u32 = 50;
    const ENDGAME_DRAWS: EndgameDraws = EndgameDraws::None;
}

/// Breakthrough: International moves; the first side to crown a man wins
/// (and, as always, a side without a move loses). No king ever moves, so
/// no king-only or endgame rule applies.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Breakthrough;

impl Rules for Breakthrough {
    type Shape = Board10;
    const NAME: &'static str = "Breakthrough";
    const MEN_CAPTURE_BACKWARD: bool = true;
    const FLYING_KINGS: bool = true;
    const MAJORITY_CAPTURE: bool = true;
    const MID_CAPTURE_PROMOTION: MidCapturePromotion = MidCapturePromotion::ContinueAsMan;
    const STUCK_PLAYER_WINS: bool = false;
    const KINGS_ONLY_DRAW_PLIES: u32 = 50;
    const ENDGAME_DRAWS: EndgameDraws = EndgameDraws::None;
    const CROWNING_WINS: bool = true;
}

/// Russian draughts on the board 10 files wide and 8 ranks high (files
/// a–k without j, 15 men a side on the three nearest ranks, a1 dark):
/// Russian rules throughout, written algebraically (`c3-d4`, `i3-k4`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Russian10x8;

impl Rules for Russian10x8 {
    type Shape = Board10x8;
    const NAME: &'static str = "Russian draughts on 10×8";
    const MEN_CAPTURE_BACKWARD: bool = true;
    const FLYING_KINGS: bool = true;
    const MAJORITY_CAPTURE: bool = false;
    const MID_CAPTURE_PROMOTION: MidCapturePromotion = MidCapturePromotion::ContinueAsKing;
    const STUCK_PLAYER_WINS: bool = false;
    const KINGS_ONLY_DRAW_PLIES: u32 = 30;
    const ENDGAME_DRAWS: EndgameDraws = EndgameDraws::Russian;
}

/// Pool checkers: flying kings, free choice, a man reaching the far rank
/// mid-capture goes on capturing as a man.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pool;

impl Rules for Pool {
    type Shape = Board8;
    const NAME: &'static str = "Pool checkers";
    const MEN_CAPTURE_BACKWARD: bool = true;
    const FLYING_KINGS: bool = true;
    const MAJORITY_CAPTURE: bool = false;
    const MID_CAPTURE_PROMOTION: MidCapturePromotion = MidCapturePromotion::ContinueAsMan;
    const STUCK_PLAYER_WINS: bool = false;
    const KINGS_ONLY_DRAW_PLIES: u32 = 80;
    const ENDGAME_DRAWS: EndgameDraws = EndgameDraws::None;
}

/// English draughts (checkers): men move and capture forward only, kings
/// move and capture one square at a time, free choice of capture, a man
/// crowned by a capture stops there, Black moves first; 40 moves by each
/// side without a man moved or a piece taken draw (WCDF/EDA rules).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct English;

impl Rules for English {
    type Shape = Board8;
    const NAME: &'static str = "English draughts";
    const MEN_CAPTURE_BACKWARD: bool = false;
    const FLYING_KINGS: bool = false;
    const MAJORITY_CAPTURE: bool = false;
    const MID_CAPTURE_PROMOTION: MidCapturePromotion = MidCapturePromotion::Stop;
    const STUCK_PLAYER_WINS: bool = false;
    const KINGS_ONLY_DRAW_PLIES: u32 = 80;
    const ENDGAME_DRAWS: EndgameDraws = EndgameDraws::None;
}

/// Czech draughts (česká dáma): men move and capture forward only, flying
/// kings, free choice of capture — except that a king must capture when
/// one can (Czech Draughts Federation rules as summarised by Wikipedia).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Czech;

impl Rules for Czech {
    type Shape = Board8;
    const NAME: &'static str = "Czech draughts";
    const MEN_CAPTURE_BACKWARD: bool = false;
    const FLYING_KINGS: bool = true;
    const MAJORITY_CAPTURE: bool = false;
    // men capture forward only: a man on the far rank can never go on
    const MID_CAPTURE_PROMOTION: MidCapturePromotion = MidCapturePromotion::Stop;
    const STUCK_PLAYER_WINS: bool = false;
    const KINGS_ONLY_DRAW_PLIES: u32 = 80;
    const ENDGAME_DRAWS: EndgameDraws = EndgameDraws::None;
    const KING_CAPTURE_PRIORITY: bool = true;
}

/// Italian draughts (dama italiana, FID rules): men move and capture
/// forward only and may not capture kings; kings move and capture one
/// square; a capture must take the most pieces, then (equal count) be made
/// by a king, then take the most kings, then meet the kings earliest; a man
/// crowned by a capture stops.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Italian;

impl Rules for Italian {
    type Shape = Board8;
    const NAME: &'static str = "Italian draughts";
    const MEN_CAPTURE_BACKWARD: bool = false;
    const FLYING_KINGS: bool = false;
    const MAJORITY_CAPTURE: bool = true;
    const MID_CAPTURE_PROMOTION: MidCapturePromotion = MidCapturePromotion::Stop;
    const STUCK_PLAYER_WINS: bool = false;
    const KINGS_ONLY_DRAW_PLIES: u32 = 80;
    const ENDGAME_DRAWS: EndgameDraws = EndgameDraws::None;
    const MEN_CAPTURE_KINGS: bool = false;
    const ITALIAN_PRECEDENCE: bool = true;
}

/// Portuguese draughts (damas clássicas): men move and capture forward
/// only, flying kings, a capture must take the most pieces and, among
/// those, the most kings; a man crowned by a capture stops.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Portuguese;

impl Rules for Portuguese {
    type Shape = Board8;
    const NAME: &'static str = "Portuguese draughts";
    const MEN_CAPTURE_BACKWARD: bool = false;
    const FLYING_KINGS: bool = true;
    const MAJORITY_CAPTURE: bool = true;
    const MID_CAPTURE_PROMOTION: MidCapturePromotion = MidCapturePromotion::Stop;
    const STUCK_PLAYER_WINS: bool = false;
    const KINGS_ONLY_DRAW_PLIES: u32 = 80;
    const ENDGAME_DRAWS: EndgameDraws = EndgameDraws::None;
    const MOST_KINGS: bool = true;
}

/// The run-time name of a rule set.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Variant8 {
    #[default]
    Russian,
    Poddavki,
    Brazilian,
    Pool,
    English,
    Czech,
    Italian,
    Portuguese,
}

impl Variant8 {
    pub const ALL: [Variant8; 8] = [
        Variant8::Russian,
        Variant8::Poddavki,
        Variant8::Brazilian,
        Variant8::Pool,
        Variant8::English,
        Variant8::Czech,
        Variant8::Italian,
        Variant8::Portuguese,
    ];

    /// Short lowercase key, as stored and as used on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Variant8::Russian => "russian",
            Variant8::Poddavki => "poddavki",
            Variant8::Brazilian => "brazilian",
            Variant8::Pool => "pool",
            Variant8::English => "english",
            Variant8::Czech => "czech",
            Variant8::Italian => "italian",
            Variant8::Portuguese => "portuguese",
        }
    }

    /// Human name.
    pub fn name(self) -> &'static str {
        match self {
            Variant8::Russian => Russian::NAME,
            Variant8::Poddavki => Poddavki::NAME,
            Variant8::Brazilian => Brazilian::NAME,
            Variant8::Pool => Pool::NAME,
            Variant8::English => English::NAME,
            Variant8::Czech => Czech::NAME,
            Variant8::Italian => Italian::NAME,
            Variant8::Portuguese => Portuguese::NAME,
        }
    }

    /// Whether the player left without a legal move wins.
    pub fn stuck_player_wins(self) -> bool {
        crate::with_rules!(self, R => R::STUCK_PLAYER_WINS)
    }

    /// Plies of king moves only (no capture, no man moved) that draw.
    pub fn kings_only_draw_plies(self) -> u32 {
        crate::with_rules!(self, R => R::KINGS_ONLY_DRAW_PLIES)
    }

    /// Whether the variant's capture rules choose among the captures (the
    /// most pieces, the most kings, a king first) rather than leave a free
    /// choice.
    pub fn capture_precedence(self) -> bool {
        crate::with_rules!(self, R => R::MAJORITY_CAPTURE
            || R::ITALIAN_PRECEDENCE
            || R::MOST_KINGS
            || R::KING_CAPTURE_PRIORITY)
    }

    /// The endgame draw rules of the variant.
    pub fn endgame_draws(self) -> EndgameDraws {
        crate::with_rules!(self, R => R::ENDGAME_DRAWS)
    }

    /// The PDN `GameType` number (PDN 3.0 standard; Poddavki has none of its
    /// own and is written as Russian, 25, with a `Variant8` tag).
    pub fn pdn_game_type(self) -> u32 {
        match self {
            Variant8::Russian | Variant8::Poddavki => 25,
            Variant8::Brazilian => 26,
            Variant8::Pool => 23,
            Variant8::English => 21,
            Variant8::Czech => 29,
            Variant8::Italian => 22,
            Variant8::Portuguese => 28,
        }
    }

    /// The start of a game: twelve men each on the three nearest ranks;
    /// White moves first, except in English draughts, where Black (on
    /// squares 1–12) does.
    pub fn initial_position(self) -> Position {
        let start = Position::initial();
        match self {
            Variant8::English => start.with_side_to_move(Color::Black),
            _ => start,
        }
    }

    /// `side` as move numbering sees it: the side that opens a move of the
    /// variant counts as White (in English draughts Black opens each move,
    /// `1. 11-15 22-18`).
    pub fn numbering_side(self, side: Color) -> Color {
        if self.initial_position().side_to_move() == Color::White {
            side
        } else {
            side.opposite()
        }
    }

    /// Whether its players write moves with square numbers (`11-15`,
    /// `22x15`) rather than algebraically (`c3-d4`): English, Italian and
    /// Portuguese draughts, each in its own numbering
    /// ([`Variant8::square_number`]).
    pub fn numeric_notation(self) -> bool {
        matches!(
            self,
            Variant8::English | Variant8::Italian | Variant8::Portuguese
        )
    }

    /// Whether its federation shows the board mirrored left to right
    /// against the Russian one: a dark square in each player's right-hand
    /// corner (Italian: FIDAMA, "the bottom right square is black";
    /// Portuguese: FPD rule 6, "the lower corner at each player's right is
    /// a playing square"). The rules are the same under the mirror; only
    /// the picture and the square numbers change.
    pub fn mirrored_board(self) -> bool {
        matches!(self, Variant8::Italian | Variant8::Portuguese)
    }

    /// The number of a dark square as the variant's players count them.
    ///
    /// - PDN (Russian, English and the rest): 1 = b8 … 4 = h8, 29 = a1,
    ///   32 = g1 — from Black's side, left to right as White sees it.
    /// - Italian (FIDAMA): on the mirrored board, 1 in Black's right-hand
    ///   corner (top left as White sees it) to 32 in White's single corner
    ///   (bottom right); each row left to right as White sees it. In the
    ///   engine's coordinates 1 = h8, 4 = b8, 29 = g1, 32 = a1.
    /// - Portuguese (FPD rule 3): 1 in White's lower right-hand corner,
    ///   counting right to left and upward from White's side, so the long
    ///   diagonal ("rio") runs 1–32. In the engine's coordinates 1 = a1,
    ///   4 = g1, 29 = b8, 32 = h8.
    pub fn square_number(self, sq: Square) -> u8 {
        let (file, rank) = (sq.file(), sq.rank());
        match self {
            Variant8::Italian => 4 * (7 - rank) + (3 - file / 2) + 1,
            Variant8::Portuguese => 4 * rank + file / 2 + 1,
            _ => sq.pdn(),
        }
    }

    /// The square numbered `n` in the variant's numbering (1..=32).
    pub fn square_at_number(self, n: u8) -> Option<Square> {
        Square::all().find(|&sq| self.square_number(sq) == n)
    }

    /// A square as the variant's players name it: `22` or `e3`.
    pub fn square_name(self, sq: Square) -> String {
        if self.numeric_notation() {
            self.square_number(sq).to_string()
        } else {
            sq.to_string()
        }
    }

    /// A move in the variant's square numbers: `22-17`, or every landing
    /// square of a capture joined by `x` (`15x22x31`).
    pub fn format_numeric(self, mv: &Move) -> String {
        let sep = if mv.is_capture() { "x" } else { "-" };
        let mut s = self.square_number(mv.from()).to_string();
        for l in mv.landings() {
            s.push_str(sep);
            s.push_str(&self.square_number(l).to_string());
        }
        s
    }

    /// A text diagram as the variant's players see the board from White's
    /// side: the Russian one (`a`–`h`, `1`–`8`) where moves are written
    /// algebraically; else every dark square in its column, a piece
    /// (`w`/`b` men, `W`/`B` kings) or the empty square's number, mirrored
    /// where the board is ([`Variant8::mirrored_board`]).
    pub fn diagram(self, pos: &Position) -> String {
        use crate::position::{Kind, Piece};
        use std::fmt::Write as _;
        if !self.numeric_notation() {
            return pos.to_string();
        }
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            let mut line = String::new();
            for col in 0..8u8 {
                let file = if self.mirrored_board() { 7 - col } else { col };
                let cell = match Square::from_coords(file, rank) {
                    None => "   ".to_string(),
                    Some(sq) => match pos.piece_at(sq) {
                        None => format!("{:>2} ", self.square_number(sq)),
                        Some(Piece { color, kind }) => {
                            let c = match (color, kind) {
                                (Color::White, Kind::Man) => 'w',
                                (Color::White, Kind::King) => 'W',
                                (Color::Black, Kind::Man) => 'b',
                                (Color::Black, Kind::King) => 'B',
                            };
                            format!(" {c} ")
                        }
                    },
                };
                line.push_str(&cell);
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
        let _ = write!(out, "{} to move", pos.side_to_move());
        out
    }

    /// A move as the variant's players write it.
    pub fn format_move(self, mv: &Move) -> String {
        if self.numeric_notation() {
            self.format_numeric(mv)
        } else {
            mv.to_string()
        }
    }

    /// A position's FEN as the variant's players write it: in its square
    /// numbers where it has its own (English, Italian, Portuguese), else
    /// with the board's letters and digits.
    pub fn format_fen(self, pos: &Position) -> String {
        if self.numeric_notation() {
            crate::fen::to_fen_numeric_in(self, pos)
        } else {
            pos.to_fen()
        }
    }
}

impl fmt::Display for Variant8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Variant8 {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let k = s.trim().to_ascii_lowercase();
        Variant8::ALL
            .into_iter()
            .find(|v| v.key() == k)
            .ok_or_else(|| {
                let known: Vec<&str> = Variant8::ALL.iter().map(|v| v.key()).collect();
                format!("unknown variant '{s}' (known: {})", known.join(", "))
            })
    }
}

/// Call `$body` with the type parameter `$R` bound to the rule set of `$variant`.
#[macro_export]
macro_rules! with_rules {
    ($variant:expr, $R:ident => $body:expr) => {
        match $variant {
            $crate::Variant8::Russian => {
                type $R = $crate::rules::Russian;
                $body
            }
            $crate::Variant8::Poddavki => {
                type $R = $crate::rules::Poddavki;
                $body
            }
            $crate::Variant8::Brazilian => {
                type $R = $crate::rules::Brazilian;
                $body
            }
            $crate::Variant8::Pool => {
                type $R = $crate::rules::Pool;
                $body
            }
            $crate::Variant8::English => {
                type $R = $crate::rules::English;
                $body
            }
            $crate::Variant8::Czech => {
                type $R = $crate::rules::Czech;
                $body
            }
            $crate::Variant8::Italian => {
                type $R = $crate::rules::Italian;
                $body
            }
            $crate::Variant8::Portuguese => {
                type $R = $crate::rules::Portuguese;
                $body
            }
        }
    };
}
