//! Texts: names and mentions of the seats, durations, colours, results,
//! move errors and refusals, each from the catalogue.

use crate::args;
use crate::core::ctx::Ctx;
use crate::core::error::{Refusal, Res};
use crate::core::i18n::{num, Args, Lang};
use crate::core::input::commands::HANDLE_MAX;
use crate::core::types::Mention;
use crate::core::Service;
use crate::store::{self, GameResult, GameRow, Seat, Termination};
use rusqlite::Connection;
use shashki_engine::notation::IllegalReason;
use shashki_engine::{MoveError, Variant};

/// The catalogue's key of a colour (`white`, `black`): its stored word.
pub(crate) use crate::store::color_word as color_key;

/// The most characters of a word people typed that a message repeats
/// (a @handle has at most 32).
pub(crate) const ECHO_MAX: usize = 32;

/// The most characters of a text made from what people typed (a move or
/// FEN error naming their token) that a message repeats.
pub(crate) const ECHO_TEXT_MAX: usize = 200;

/// `s` cut to `max` characters, `…` marking the cut.
fn cut(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut t: String = s.chars().take(max).collect();
    t.push('…');
    t
}

/// A word people typed, as a message repeats it: at most [`ECHO_MAX`]
/// characters (a 100 KB `@handle` is not sent back whole).
pub(crate) fn echo(word: &str) -> String {
    cut(word, ECHO_MAX)
}

/// A text holding what people typed (an error naming their token), as a
/// message repeats it: at most [`ECHO_TEXT_MAX`] characters.
pub(crate) fn echo_text(text: &str) -> String {
    cut(text, ECHO_TEXT_MAX)
}

impl Service {
    /// A message of the catalogue.
    pub(crate) fn t(&self, lang: Lang, id: &str, args: Option<&Args>) -> String {
        self.catalog.get(lang, id, args)
    }

    /// The name of whoever holds a seat.
    pub(crate) fn seat_name(&self, c: &Connection, seat: Seat, lang: Lang) -> Res<String> {
        Ok(match seat {
            Seat::Human(id) => store::user(c, id)?
                .map(|u| u.name)
                .unwrap_or_else(|| "?".into()),
            Seat::Ai(level) => {
                let a = args![("level", num(i64::from(level)))];
                self.t(lang, "ai-name", Some(&a))
            }
        })
    }

    /// The person to notify for a seat (none for the AI).
    pub(crate) fn mention(&self, c: &Connection, seat: Seat) -> Res<Option<Mention>> {
        Ok(match seat {
            Seat::Human(id) => store::user(c, id)?.map(|u| Mention {
                platform_user_id: u.platform_user_id,
                name: u.name,
                handle: u.handle,
            }),
            Seat::Ai(_) => None,
        })
    }

    /// `@handle` or the name, for texts that call on someone.
    pub(crate) fn call_name(&self, c: &Connection, seat: Seat, lang: Lang) -> Res<String> {
        Ok(match self.mention(c, seat)? {
            Some(Mention {
                handle: Some(h), ..
            }) => format!("@{h}"),
            Some(m) => m.name,
            None => self.seat_name(c, seat, lang)?,
        })
    }

    /// "2 days 3 hours", "5 minutes", …
    pub(crate) fn duration_text(&self, lang: Lang, secs: i64) -> String {
        use crate::core::time::DAY;
        let secs = secs.max(0);
        let days = secs / DAY;
        let hours = (secs % DAY) / 3600;
        let minutes = (secs % 3600) / 60;
        if days > 0 {
            let a = args![("days", num(days)), ("hours", num(hours))];
            if hours > 0 {
                self.t(lang, "duration-days-hours", Some(&a))
            } else {
                self.t(lang, "duration-days", Some(&a))
            }
        } else if hours > 0 {
            let a = args![("hours", num(hours)), ("minutes", num(minutes))];
            self.t(lang, "duration-hours-minutes", Some(&a))
        } else {
            let a = args![("minutes", num(minutes.max(1)))];
            self.t(lang, "duration-minutes", Some(&a))
        }
    }

    /// The time per move of a game or challenge, or "no time limit".
    pub(crate) fn per_move_text(&self, lang: Lang, seconds_per_move: Option<i64>) -> String {
        match seconds_per_move {
            Some(s) => self.duration_text(lang, s),
            None => self.t(lang, "no-deadline", None),
        }
    }

    /// The name of a rule set (`variant-russian`, …).
    pub(crate) fn variant_name(&self, lang: Lang, variant: Variant) -> String {
        self.t(lang, &format!("variant-{}", variant.key()), None)
    }

    /// "White wins: resignation. Result 2-0." and the like.
    pub(crate) fn result_text(
        &self,
        c: &Connection,
        lang: Lang,
        row: &GameRow,
        result: GameResult,
        how: Termination,
    ) -> Res<String> {
        // the draw rules' numbers depend on the variant
        let variant = crate::core::games::variant_of(row);
        let a = args![
            ("variant", variant.key()),
            ("moves", i64::from(variant.kings_only_draw_plies() / 2)),
        ];
        let reason = self.t(lang, &format!("reason-{how}"), Some(&a));
        Ok(match result.winner() {
            Some(w) => {
                let a = args![
                    ("winner", self.seat_name(c, row.seat(w), lang)?),
                    ("color", color_key(w)),
                    ("reason", reason),
                    ("result", result.as_str())
                ];
                self.t(lang, "result-win", Some(&a))
            }
            None => self.t(lang, "result-draw", Some(&args![("reason", reason)])),
        })
    }

    /// Why a move text is not a move, listing the legal moves.
    /// Squares are named in the variant's notation (the engine already
    /// wrote the moves it lists that way).
    pub(crate) fn move_error_text(&self, lang: Lang, variant: Variant, err: &MoveError) -> String {
        use MoveError as E;
        match err {
            E::Empty => self.t(lang, "move-empty", None),
            E::BadSquare { token, .. } => self.t(
                lang,
                "move-bad-square",
                Some(&args![("token", echo(token))]),
            ),
            E::NoLegalMoves => self.t(lang, "move-none", None),
            E::Ambiguous { input, candidates } => self.t(
                lang,
                "move-ambiguous",
                Some(&args![
                    ("input", echo(input)),
                    ("candidates", candidates.join(", "))
                ]),
            ),
            E::Illegal {
                input,
                reason,
                legal,
            } => {
                let square = |id: &str, s: &shashki_engine::Square| {
                    self.t(lang, id, Some(&args![("square", variant.square_name(*s))]))
                };
                let why = match reason {
                    Some(IllegalReason::EmptySquare(s)) => Some(square("why-empty-square", s)),
                    Some(IllegalReason::NotYourPiece(s)) => Some(square("why-not-your-piece", s)),
                    Some(IllegalReason::MustCapture) => {
                        Some(self.t(lang, "why-must-capture", None))
                    }
                    Some(IllegalReason::CaptureNotFinished) => {
                        Some(self.t(lang, "why-capture-not-finished", None))
                    }
                    Some(IllegalReason::PieceCannotMove(s)) => Some(square("why-cannot-move", s)),
                    Some(IllegalReason::CaptureEndsEarlier) => {
                        Some(self.t(lang, "why-capture-ends-earlier", None))
                    }
                    Some(IllegalReason::CapturePrecedence) => {
                        Some(self.t(lang, "why-capture-precedence", None))
                    }
                    None => None,
                };
                let a = args![
                    ("input", echo(input)),
                    ("why", why.clone().unwrap_or_default()),
                    ("legal", legal.join(", "))
                ];
                let id = if why.is_some() {
                    "move-not-legal-why"
                } else {
                    "move-not-legal"
                };
                self.t(lang, id, Some(&a))
            }
        }
    }

    /// The localised message of a refusal.
    pub(crate) fn refusal_text(&self, lang: Lang, r: &Refusal) -> String {
        use Refusal as R;
        let games = |g: &[i64]| {
            g.iter()
                .map(|id| format!("#{id}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (id, a): (&str, Args) = match r {
            R::ButtonInvalid => ("button-invalid", args![]),
            R::ButtonStale => ("button-stale", args![]),
            R::UnknownCommand { command } => ("unknown-command", args![("command", echo(command))]),
            R::MoveUsage => ("move-usage", args![]),
            R::NotAPlayer { game } => ("not-a-player", args![("game", *game)]),
            R::NotYourTurn { game } => ("not-your-turn-in", args![("game", *game)]),
            R::NotYourTurnAnywhere => ("not-your-turn", args![]),
            R::GameOver { game } => ("game-already-over", args![("game", *game)]),
            R::GameUnknown { game } => ("game-unknown", args![("game", echo(game))]),
            R::NoActiveGame => ("no-active-game", args![]),
            R::WhichGame { games: g } => ("which-game", args![("games", games(g))]),
            R::IllegalMove {
                game,
                variant,
                error,
            } => (
                "move-illegal",
                args![
                    ("game", *game),
                    ("error", self.move_error_text(lang, *variant, error))
                ],
            ),
            R::ChallengeBadWord { word } => ("challenge-bad-word", args![("word", echo(word))]),
            R::ChallengeBadLevel { level } => ("challenge-bad-level", args![("level", *level)]),
            R::ChallengeBadDays { days } => ("challenge-bad-days", args![("days", *days)]),
            R::ChallengeSelf => ("challenge-self", args![]),
            R::ChallengeUnknown { id } => ("challenge-unknown", args![("id", echo(id))]),
            R::HandleTooLong { handle } => (
                "handle-too-long",
                args![("handle", echo(handle)), ("max", num(HANDLE_MAX as i64))],
            ),
            R::ChallengeClosed { id } => ("challenge-closed", args![("id", *id)]),
            R::ChallengeOwn => ("challenge-own", args![]),
            R::ChallengeNotForYou => ("challenge-not-for-you", args![]),
            R::NoOpenChallenge => ("no-open-challenge", args![]),
            R::TooManyChallenges { limit } => ("limit-challenges", args![("limit", *limit)]),
            R::TooManyGames { limit } => ("limit-games", args![("limit", *limit)]),
            R::ChatFull { limit } => ("limit-chat-games", args![("limit", *limit)]),
            R::TooManyAiGames { limit } => ("limit-ai-games", args![("limit", *limit)]),
            R::OpponentBusy { limit } => ("limit-opponent-games", args![("limit", *limit)]),
            R::DrawAlreadyOffered => ("draw-already-offered", args![]),
            R::NoDrawToDecline => ("draw-none-to-decline", args![]),
            R::SettingBadValue {
                key,
                value,
                allowed,
            } => (
                "settings-bad-value",
                args![
                    ("key", *key),
                    ("value", echo(value)),
                    ("allowed", allowed.as_str())
                ],
            ),
            R::NotAdmin => ("admins-only", args![]),
            R::VariantUnknown { word } => ("variant-unknown", args![("word", echo(word))]),
            R::SettingUnknown { key, keys } => (
                "settings-unknown",
                args![("key", echo(key)), ("keys", keys.as_str())],
            ),
            R::VacationUsage { left } => ("vacation-usage", args![("left", *left)]),
            R::VacationTooLong { left, days } => {
                ("vacation-too-long", args![("left", *left), ("days", *days)])
            }
            R::TournamentUsage => ("tournament-usage", args![]),
            R::TournamentBadWord { word } => ("tournament-bad-word", args![("word", echo(word))]),
            R::TournamentUnknown { id } => ("tournament-unknown", args![("id", echo(id))]),
            R::NoTournament => ("tournament-none", args![]),
            R::WhichTournament { ids } => ("tournament-which", args![("ids", games(ids))]),
            R::TournamentNotOpen { id } => ("tournament-not-open", args![("id", *id)]),
            R::TakebackRated { game } => ("takeback-rated", args![("game", *game)]),
            R::TakebackWait { game } => ("takeback-wait", args![("game", *game)]),
            R::TakebackNothing { game } => ("takeback-nothing", args![("game", *game)]),
            R::TakebackPending { game } => ("takeback-pending", args![("game", *game)]),
            R::TakebackDeclinedAlready { game } => {
                ("takeback-declined-already", args![("game", *game)])
            }
            R::TakebackLapsed { game } => ("takeback-lapsed", args![("game", *game)]),
            R::TakebackNotYours { game } => ("takeback-not-yours", args![("game", *game)]),
            R::IfInPublic => ("if-in-public", args![]),
            R::IfUsage => ("if-usage", args![]),
            R::IfYourTurn { game } => ("if-your-turn", args![("game", *game)]),
            R::IfIllegal { game, text, error } => (
                "if-illegal",
                args![
                    ("game", *game),
                    ("move", echo(text)),
                    ("error", echo_text(error))
                ],
            ),
            R::IfTooMany { limit } => ("if-too-many", args![("limit", *limit)]),
            R::AnalyseUnfinished { game } => ("analyse-unfinished", args![("game", *game)]),
            R::TooManyAnalyses { limit } => ("analyse-too-many", args![("limit", *limit)]),
            R::TournamentBadEnd { word } => ("tournament-bad-end", args![("word", echo(word))]),
            R::BadFen { error } => ("bad-fen", args![("error", echo_text(error))]),
            R::PositionUsage => ("position-usage", args![]),
            R::TournamentTooLate { id, rounds } => (
                "tournament-too-late",
                args![("id", *id), ("rounds", *rounds)],
            ),
            R::TournamentAlreadyJoined { id } => ("tournament-already-in", args![("id", *id)]),
            R::TournamentNotJoined { id } => ("tournament-not-in", args![("id", *id)]),
            R::TournamentFull { id, limit } => {
                ("tournament-full", args![("id", *id), ("limit", *limit)])
            }
            R::TournamentNotEntered { id, name } => (
                "tournament-not-entered",
                args![("id", *id), ("name", echo(name))],
            ),
            R::TournamentOver { id } => ("tournament-over", args![("id", *id)]),
            R::TournamentTooFew { players } => ("tournament-too-few", args![("players", *players)]),
            R::TournamentBadMax { max } => ("tournament-bad-max", args![("max", echo(max))]),
            R::AdjudicateUsage => ("adjudicate-usage", args![]),
            R::AdjudicateBadResult { word } => {
                ("adjudicate-bad-result", args![("word", echo(word))])
            }
            R::TournamentBadBank { word } => ("tournament-bad-bank", args![("word", echo(word))]),
            R::TournamentNotRunning { id } => ("tournament-not-running", args![("id", *id)]),
            R::LeaveUsage { id, left } => ("leave-usage", args![("id", *id), ("left", *left)]),
            R::LeaveTooLong { id, left, days } => (
                "leave-too-long",
                args![("id", *id), ("left", *left), ("days", *days)],
            ),
            R::NotATournamentGame { game } => {
                ("not-a-tournament-game", args![("game", echo(game))])
            }
        };
        self.t(lang, id, Some(&a))
    }
}

impl Ctx<'_> {
    /// The name of a seat in this action's language.
    pub(crate) fn seat_name(&self, seat: Seat) -> Res<String> {
        self.svc.seat_name(self.c, seat, self.lang)
    }

    /// `@handle` or the name of a seat.
    pub(crate) fn call_name(&self, seat: Seat) -> Res<String> {
        self.svc.call_name(self.c, seat, self.lang)
    }

    pub(crate) fn mention(&self, seat: Seat) -> Res<Option<Mention>> {
        self.svc.mention(self.c, seat)
    }

    pub(crate) fn duration_text(&self, secs: i64) -> String {
        self.svc.duration_text(self.lang, secs)
    }

    /// The name of a rule set in this action's language.
    pub(crate) fn variant_name(&self, variant: Variant) -> String {
        self.svc.variant_name(self.lang, variant)
    }
}
