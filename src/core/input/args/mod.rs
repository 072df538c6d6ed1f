//! Each command's arguments as a typed struct, parsed and validated here
//! from the words of a message ([`Words`]) or from a slash command's typed
//! options ([`Options`]) — the same struct either way, so a handler never
//! sees a word. A word that does not fit is refused: with the command's
//! own refusal where it has one (`/challenge`, `/tournament`,
//! `/settings`), else with its syntax ([`InputRefusal::Syntax`]).

mod challenge;
mod puzzle;
mod settings;
mod tournament;

pub use challenge::{ChallengeArgs, Opponent, TimeLimit};
pub use puzzle::{DailyArgs, PuzzleArgs};
pub use settings::{Orientation, SettingsArgs};
pub use tournament::{NewTournamentArgs, TournamentArgs};

use super::commands::{game_ref, is_numeric, number};
use super::options::Options;
use super::spec::{arg, Access, ArgKind, ArgSpec};
use super::words::{self, HelpTopic, Words};
use crate::core::access::AccessRefusal;
use crate::core::error::Refusal;
use crate::core::games::challenge::ChallengeRefusal;
use crate::core::games::GameRefusal;
use crate::core::input::InputRefusal;
use crate::core::tournaments::TournamentRefusal;
use crate::store::{ChallengeId, GameId, TournamentId};
use shashki_engine::Variant;

/// A command's words not understood: the refusal, and who may hear it —
/// the access the words asked for (`/tournament new …` is the admins'
/// even when its options are wrong: a member is told that first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    pub access: Access,
    pub refusal: Refusal,
}

impl<R: Into<Refusal>> From<R> for Rejected {
    fn from(refusal: R) -> Self {
        Rejected {
            access: Access::Anyone,
            refusal: refusal.into(),
        }
    }
}

impl Rejected {
    /// The same refusal, for whoever `access` allows.
    pub fn for_(mut self, access: Access) -> Self {
        self.access = self.access.max(access);
        self
    }
}

/// A command's typed arguments.
pub trait Args: Sized {
    /// The arguments, in the order text gives them (Discord's options).
    const SPEC: &'static [ArgSpec];
    /// From the words after the command's name.
    fn parse(w: &mut Words) -> Result<Self, Rejected>;
    /// From a slash command's options.
    fn from_options(o: &Options) -> Result<Self, Rejected>;
    /// Who may run the command with these arguments (a subcommand of the
    /// admins: `/tournament start`, `/settings theme`).
    fn access(&self) -> Access {
        Access::Anyone
    }
}

/// A game's number: `#12` or `12`; anything else is no game here.
pub fn game_number(word: &str) -> Result<GameId, Refusal> {
    game_ref(word).map(GameId).ok_or_else(|| {
        AccessRefusal::GameUnknown {
            game: word.to_string(),
        }
        .into()
    })
}

/// A tournament's number: `#2` or `2`.
pub fn tournament_number(word: &str) -> Result<TournamentId, Refusal> {
    game_ref(word).map(TournamentId).ok_or_else(|| {
        TournamentRefusal::Unknown {
            id: word.to_string(),
        }
        .into()
    })
}

/// A number option (Discord's min 1 is checked again).
fn number_option(
    o: &Options,
    a: &ArgSpec,
    unknown: fn(String) -> Refusal,
) -> Result<Option<i64>, Rejected> {
    match o.int(a)? {
        Some(n) if n > 0 => Ok(Some(n)),
        Some(n) => Err(unknown(format!("#{n}")).into()),
        None => Ok(None),
    }
}

fn game_option(o: &Options, a: &ArgSpec) -> Result<Option<GameId>, Rejected> {
    let n = number_option(o, a, |game| AccessRefusal::GameUnknown { game }.into())?;
    Ok(n.map(GameId))
}

pub(super) fn tournament_option(
    o: &Options,
    a: &ArgSpec,
) -> Result<Option<TournamentId>, Rejected> {
    let n = number_option(o, a, |id| TournamentRefusal::Unknown { id }.into())?;
    Ok(n.map(TournamentId))
}

/// `[#game]` as the first argument.
pub const GAME: ArgSpec = arg("game", "opt-game", ArgKind::Number);
const CHALLENGE: ArgSpec = arg("challenge", "opt-challenge-id", ArgKind::Number);

/// No arguments (`/games`, `/hint`): a word after the name is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct NoArgs;

impl Args for NoArgs {
    const SPEC: &'static [ArgSpec] = &[];
    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        w.end().map(|()| NoArgs)
    }
    fn from_options(_: &Options) -> Result<Self, Rejected> {
        Ok(NoArgs)
    }
}

/// `[#game]`: `/board`, `/resign`, `/pdn`, `/replay`, `/analyse`, `/takeback`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GameArg {
    pub game: Option<GameId>,
}

impl Args for GameArg {
    const SPEC: &'static [ArgSpec] = &[GAME];
    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        let game = w.next().map(game_number).transpose()?;
        w.end()?;
        Ok(GameArg { game })
    }
    fn from_options(o: &Options) -> Result<Self, Rejected> {
        Ok(GameArg {
            game: game_option(o, &GAME)?,
        })
    }
}

/// `[#challenge]`: `/accept`, `/decline` (none: the newest open one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ChallengeArg {
    pub challenge: Option<ChallengeId>,
}

impl Args for ChallengeArg {
    const SPEC: &'static [ArgSpec] = &[CHALLENGE];
    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        let challenge = match w.next() {
            Some(word) => match game_ref(word) {
                Some(id) => Some(ChallengeId(id)),
                // a number too long to be any challenge's is none, repeated
                // as typed (never rounded)
                None if is_numeric(word) => {
                    let id = word.trim().trim_start_matches('#').to_string();
                    return Err(ChallengeRefusal::Unknown { id }.into());
                }
                None => return Err(w.bad(word)),
            },
            None => None,
        };
        w.end()?;
        Ok(ChallengeArg { challenge })
    }
    fn from_options(o: &Options) -> Result<Self, Rejected> {
        let challenge = match o.int(&CHALLENGE)? {
            Some(id) if id > 0 => Some(ChallengeId(id)),
            Some(id) => return Err(ChallengeRefusal::Unknown { id: id.to_string() }.into()),
            None => None,
        };
        Ok(ChallengeArg { challenge })
    }
}

/// `/move [#game] MOVE`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MoveArgs {
    pub game: Option<GameId>,
    /// The move as typed (`e3-d4`, `c3 d4`); `None`: nothing followed.
    pub text: Option<String>,
}

const MOVE_TEXT: ArgSpec = arg("text", "opt-move-text", ArgKind::Text)
    .required()
    .autocomplete();

impl Args for MoveArgs {
    const SPEC: &'static [ArgSpec] = &[MOVE_TEXT, GAME];
    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        let game = match w.peek() {
            Some(g) if g.starts_with('#') => {
                w.next();
                Some(game_number(g)?)
            }
            _ => None,
        };
        Ok(MoveArgs {
            game,
            text: w.rest_text(),
        })
    }
    fn from_options(o: &Options) -> Result<Self, Rejected> {
        let text = o.text(&MOVE_TEXT).map(str::trim).filter(|t| !t.is_empty());
        // an autocompleted choice names its game first: `#12 e3-d4`
        let mut w = Words::new(text.unwrap_or(""), "move", Self::SPEC, false);
        let mut typed = Self::parse(&mut w)?;
        if let Some(g) = game_option(o, &GAME)? {
            typed.game = Some(g);
        }
        Ok(typed)
    }
}

/// `/draw [#game] [decline]`: offer or accept, or decline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DrawArgs {
    pub game: Option<GameId>,
    pub decline: bool,
}

impl Args for DrawArgs {
    const SPEC: &'static [ArgSpec] = &[GAME];
    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        let game = match w.peek() {
            // a number is a game, however long (one that does not fit is
            // no game here), never a word
            Some(g) if g.starts_with('#') || is_numeric(g) || number(g).is_some() => {
                w.next();
                Some(game_number(g)?)
            }
            _ => None,
        };
        let decline = match w.next() {
            None => false,
            Some(word) if words::is_decline(word) => true,
            Some(word) if words::is_offer(word) => false,
            Some(word) => return Err(w.bad(word)),
        };
        w.end()?;
        Ok(DrawArgs { game, decline })
    }
    fn from_options(o: &Options) -> Result<Self, Rejected> {
        Ok(DrawArgs {
            game: game_option(o, &GAME)?,
            decline: false,
        })
    }
}

/// What `/top` lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TopArgs {
    /// The players of a variant (`None`: the chat's).
    #[default]
    Chat,
    Variant(Variant),
    /// The puzzle solvers (`/top puzzles`, `/puzzletop`): Russian
    /// draughts' records.
    Puzzles,
    /// The puzzle solvers of a variant's pack (`/top puzzles
    /// international`).
    PuzzlesOf(Variant),
}

/// The variants by the word the parser reads (`Variant::key`) and their
/// names: every variant of `Variant::ALL` (Discord offers them as the
/// choices of an option: at most 25).
pub const VARIANTS: &[(&str, &str)] = &[
    ("russian", "variant-russian"),
    ("poddavki", "variant-poddavki"),
    ("brazilian", "variant-brazilian"),
    ("pool", "variant-pool"),
    ("english", "variant-english"),
    ("czech", "variant-czech"),
    ("italian", "variant-italian"),
    ("portuguese", "variant-portuguese"),
    ("international", "variant-international"),
    ("frisian", "variant-frisian"),
    ("frysk", "variant-frysk"),
    ("antidraughts", "variant-antidraughts"),
    ("breakthrough", "variant-breakthrough"),
    ("russian-10x8", "variant-russian-10x8"),
    ("bashni", "variant-bashni"),
    ("vigman", "variant-vigman"),
];
const TOP_LIST: ArgSpec = arg(
    "list",
    "opt-top-list",
    ArgKind::Choice(&[&[("puzzles", "opt-top-puzzles")], VARIANTS]),
);

impl TopArgs {
    fn word(word: &str) -> Result<Self, InputRefusal> {
        if words::is_puzzles(word) {
            return Ok(TopArgs::Puzzles);
        }
        words::variant_or_refusal(word)?
            .map(TopArgs::Variant)
            .ok_or_else(|| InputRefusal::VariantUnknown {
                word: word.to_string(),
            })
    }
}

impl Args for TopArgs {
    const SPEC: &'static [ArgSpec] = &[TOP_LIST];
    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        let top = match w.next() {
            Some(word) => TopArgs::word(word)?,
            None => TopArgs::Chat,
        };
        // `/top puzzles international`
        let top = match (top, w.peek()) {
            (TopArgs::Puzzles, Some(word)) => match words::variant_or_refusal(word)? {
                Some(v) => {
                    w.next();
                    TopArgs::PuzzlesOf(v)
                }
                None => TopArgs::Puzzles,
            },
            (top, _) => top,
        };
        w.end()?;
        Ok(top)
    }
    fn from_options(o: &Options) -> Result<Self, Rejected> {
        match o.text(&TOP_LIST) {
            Some(word) => Ok(TopArgs::word(word)?),
            None => Ok(TopArgs::Chat),
        }
    }
}

/// `/vacation N`: N days (`None`: the usage and the days left).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct VacationArgs {
    pub days: Option<i64>,
}

const VACATION_DAYS: ArgSpec = arg(
    "days",
    "opt-vacation-days",
    ArgKind::Int { min: 1, max: 365 },
);

impl Args for VacationArgs {
    const SPEC: &'static [ArgSpec] = &[VACATION_DAYS];
    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        let days = match w.next() {
            Some(word) => Some(number(word).filter(|d| *d > 0).ok_or_else(|| w.bad(word))?),
            None => None,
        };
        w.end()?;
        Ok(VacationArgs { days })
    }
    fn from_options(o: &Options) -> Result<Self, Rejected> {
        match o.int(&VACATION_DAYS)? {
            Some(d) if d <= 0 => Err(o.bad(&d.to_string())),
            days => Ok(VacationArgs { days }),
        }
    }
}

/// `/notify [on|off]` (`None`: the state).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct NotifyArgs {
    pub on: Option<bool>,
}

/// On or off (`/notify`, `/daily`, `/settings threads`).
pub const ON_OFF: ArgKind = ArgKind::Choice(&[&[("on", "opt-state-on"), ("off", "opt-state-off")]]);
const NOTIFY_STATE: ArgSpec = arg("state", "opt-notify-state", ON_OFF);

impl Args for NotifyArgs {
    const SPEC: &'static [ArgSpec] = &[NOTIFY_STATE];
    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        let on = match w.next() {
            Some(word) => Some(words::on_off(word).ok_or(InputRefusal::NotifyUsage)?),
            None => None,
        };
        if !w.is_empty() {
            return Err(InputRefusal::NotifyUsage.into());
        }
        Ok(NotifyArgs { on })
    }
    fn from_options(o: &Options) -> Result<Self, Rejected> {
        let on = match o.text(&NOTIFY_STATE) {
            Some(word) => Some(words::on_off(word).ok_or(InputRefusal::NotifyUsage)?),
            None => None,
        };
        Ok(NotifyArgs { on })
    }
}

/// `/help [topic]`; a topic the bot does not have gives the general help.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HelpArgs {
    pub topic: Option<HelpTopic>,
}

const HELP_TOPIC: ArgSpec = arg(
    "topic",
    "opt-help-topic",
    ArgKind::Choice(&[&[
        ("rules", "opt-help-rules"),
        ("tournament", "opt-help-tournament"),
    ]]),
);

impl Args for HelpArgs {
    const SPEC: &'static [ArgSpec] = &[HELP_TOPIC];
    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        let topic = w.next().and_then(words::help_topic);
        Ok(HelpArgs { topic })
    }
    fn from_options(o: &Options) -> Result<Self, Rejected> {
        Ok(HelpArgs {
            topic: o.text(&HELP_TOPIC).and_then(words::help_topic),
        })
    }
}

/// `/standings [#tournament]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StandingsArgs {
    pub tournament: Option<TournamentId>,
}

const TOURNAMENT_ID: ArgSpec = arg("tournament", "opt-tournament-id", ArgKind::Number);

impl Args for StandingsArgs {
    const SPEC: &'static [ArgSpec] = &[TOURNAMENT_ID];
    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        let tournament = w.next().map(tournament_number).transpose()?;
        w.end()?;
        Ok(StandingsArgs { tournament })
    }
    fn from_options(o: &Options) -> Result<Self, Rejected> {
        Ok(StandingsArgs {
            tournament: tournament_option(o, &TOURNAMENT_ID)?,
        })
    }
}

/// `/position [variant] FEN`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionArgs {
    /// Its rules and square numbers (`None`: the chat's variant).
    pub variant: Option<Variant>,
    /// The FEN, its words joined (`W:Wc3, e3:Bd6` as typed with spaces).
    pub fen: String,
}

const FEN: ArgSpec = arg("fen", "opt-fen", ArgKind::Text).required();

impl Args for PositionArgs {
    const SPEC: &'static [ArgSpec] = &[FEN];
    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        let variant = match w.peek() {
            Some(word) => words::variant_or_refusal(word)?,
            None => None,
        };
        if variant.is_some() {
            w.next();
        }
        let fen: String = w.rest().concat();
        w.rest_text();
        if fen.is_empty() {
            return Err(GameRefusal::PositionUsage.into());
        }
        Ok(PositionArgs { variant, fen })
    }
    fn from_options(o: &Options) -> Result<Self, Rejected> {
        Self::parse(&mut o.words(&FEN, "position", Self::SPEC))
    }
}

/// A move as typed (`f6-g5`, `c3:e5`): whether it is one, and legal, only
/// the game can say (`/if` refuses it naming the game).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveText(pub String);

/// What `/if` does.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum IfLine {
    /// List the stored lines.
    #[default]
    List,
    /// Drop them.
    Clear,
    /// Store a line: their move, my reply, their move, …
    Moves(Vec<MoveText>),
}

/// `/if [#game] [X Y … | clear]`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct IfArgs {
    pub game: Option<GameId>,
    pub line: IfLine,
}

const IF_TEXT: ArgSpec = arg("text", "opt-if-text", ArgKind::Text);

impl Args for IfArgs {
    const SPEC: &'static [ArgSpec] = &[IF_TEXT];
    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        let game = match w.peek() {
            Some(g) if g.starts_with('#') => {
                w.next();
                Some(game_number(g)?)
            }
            _ => None,
        };
        let line = match w.rest() {
            [] => IfLine::List,
            [word] if words::is_clear(word) => IfLine::Clear,
            moves => IfLine::Moves(moves.iter().map(|m| MoveText(m.to_string())).collect()),
        };
        w.rest_text();
        Ok(IfArgs { game, line })
    }
    fn from_options(o: &Options) -> Result<Self, Rejected> {
        Self::parse(&mut o.words(&IF_TEXT, "if", Self::SPEC))
    }
}
