//! **The command table**: every chat command, declared once. A row says
//! the command's typed arguments (its [`Command`] variant and the
//! [`Args`] struct), its names in every language, where the menus offer it,
//! the catalogue ids that describe it, and the handler it goes to. From
//! these rows come the [`Command`] type, [`COMMANDS`] (which the text
//! parser, the Telegram menus, the Discord slash commands and `/help`
//! read) and the dispatch ([`Command::run`]). Who may run a command is
//! its arguments' say ([`Args::access`]: `/tournament start` is the
//! admins'), checked by the dispatch before anything else.
//!
//! Adding a command: a row here, its arguments struct (`args/`), its
//! handler, its catalogue lines (docs/architecture.md walks through one).

use super::args::{
    Args, ChallengeArg, ChallengeArgs, DailyArgs, DrawArgs, GameArg, HelpArgs, IfArgs, MoveArgs,
    NoArgs, NotifyArgs, PositionArgs, PuzzleArgs, Rejected, SettingsArgs, StandingsArgs, TopArgs,
    TournamentArgs, VacationArgs,
};
use super::options::Options;
use super::spec::{about, About, Access, Aliases, ArgSpec, Menu, Place};
use super::words::Words;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::input::InputRefusal;
use crate::core::{games, help, notify, puzzles, ratings, settings, tournaments, ChallengeId};

/// One row of the table, as the parser and the menus read it.
#[derive(Debug, Clone, Copy)]
pub struct CommandSpec {
    /// The (English) name: Telegram's and Discord's command.
    pub name: &'static str,
    /// Every name it answers to, by language (`name` first in English).
    pub aliases: Aliases,
    /// Its typed arguments (Discord's options, the syntax line).
    pub args: &'static [ArgSpec],
    pub place: Place,
    pub menu: Menu,
    pub about: About,
    /// The arguments from a message's words.
    pub parse: fn(&mut Words) -> Result<Command, Rejected>,
    /// The arguments from a slash command's options.
    pub from_options: fn(&Options) -> Result<Command, Rejected>,
}

/// The first of a list of literals.
macro_rules! first {
    ($a:literal $(, $rest:literal)*) => {
        $a
    };
}

macro_rules! command_table {
    ($(
        $(#[$doc:meta])*
        $variant:ident($args:ty) {
            en: [$($en:literal),+ $(,)?],
            ru: [$($ru:literal),* $(,)?],
            lv: [$($lv:literal),* $(,)?],
            de: [$($de:literal),* $(,)?],
            fr: [$($fr:literal),* $(,)?],
            place: $place:ident,
            menu: $menu:ident,
            about: $about:expr,
            run: $run:expr $(,)?
        }
    ),+ $(,)?) => {
        /// A command and its typed arguments.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum Command {
            $($(#[$doc])* $variant($args),)+
            /// A shared challenge's deep link (`/start challenge-12-TOKEN`):
            /// its card, to accept wherever the link was opened; `token` is
            /// the link's secret (a challenge number alone opens nothing).
            ChallengeLink { id: ChallengeId, token: i64 },
            /// A known command whose words do not fit: refused, after the
            /// access check its words asked for.
            Malformed(Rejected),
            /// A command we do not know (its name).
            Unknown(String),
        }

        /// The commands, in menu order.
        pub static COMMANDS: &[CommandSpec] = &[$(
            CommandSpec {
                name: first!($($en),+),
                aliases: Aliases {
                    en: &[$($en),+],
                    ru: &[$($ru),*],
                    lv: &[$($lv),*],
                    de: &[$($de),*],
                    fr: &[$($fr),*],
                },
                args: <$args as Args>::SPEC,
                place: Place::$place,
                menu: Menu::$menu,
                about: $about,
                parse: |w| <$args as Args>::parse(w).map(Command::$variant),
                from_options: |o| <$args as Args>::from_options(o).map(Command::$variant),
            },
        )+];

        impl Command {
            /// Who may run it.
            pub fn access(&self) -> Access {
                match self {
                    $(Command::$variant(a) => <$args as Args>::access(a),)+
                    Command::Malformed(r) => r.access,
                    Command::ChallengeLink { .. } | Command::Unknown(_) => Access::Anyone,
                }
            }

            /// Run it: the handler of its row (access checked already).
            pub(crate) fn run(self, ctx: &mut Ctx) -> Res<()> {
                match self {
                    $(Command::$variant(a) => {
                        let run: fn(&mut Ctx, $args) -> Res<()> = $run;
                        run(ctx, a)
                    })+
                    Command::ChallengeLink { id, token } => games::challenge_link(ctx, id, token),
                    Command::Malformed(r) => Err(r.refusal.into()),
                    Command::Unknown(command) => Err(InputRefusal::UnknownCommand { command }.into()),
                }
            }
        }
    };
}

command_table! {
    /// `/move [#game] MOVE`.
    Move(MoveArgs) {
        en: ["move", "m"],
        ru: ["ход", "ходить", "хожу"],
        lv: ["gājiens", "gajiens"],
        de: ["zug", "ziehen"],
        fr: ["coup"],
        place: Anywhere,
        menu: All,
        about: about("cmd-move").help("help-line-move"),
        run: |ctx, a| games::cmd_move(ctx, a),
    },
    /// `/board [#game]`.
    Board(GameArg) {
        en: ["board"],
        ru: ["доска"],
        lv: ["galdiņš", "galdins"],
        de: ["brett"],
        fr: ["damier", "plateau"],
        place: Anywhere,
        menu: All,
        about: about("cmd-board").help("help-line-board"),
        run: |ctx, a| games::cmd_board(ctx, a.game),
    },
    /// `/clock [#game]`: the time left in a game.
    Clock(GameArg) {
        en: ["clock", "time"],
        ru: ["часы", "время"],
        lv: ["pulkstenis", "laiks"],
        de: ["uhr", "zeit"],
        fr: ["pendule", "temps"],
        place: Anywhere,
        menu: All,
        about: about("cmd-clock"),
        run: |ctx, a| games::cmd_clock(ctx, a.game),
    },
    /// `/web [#game]`: the speaker's own link to the game's web board.
    Web(GameArg) {
        en: ["web"],
        ru: ["веб"],
        lv: ["tīmeklis", "timeklis"],
        de: ["webbrett"],
        fr: ["webdamier"],
        place: Anywhere,
        menu: All,
        about: about("cmd-web"),
        run: |ctx, a| crate::core::web::cmd_web(ctx, a.game),
    },
    /// `/challenge …`: a game against someone, anyone, or the AI.
    Challenge(ChallengeArgs) {
        en: ["challenge", "play"],
        ru: ["вызов", "вызвать", "играть"],
        lv: ["izaicināt", "izaicinat", "izaicinājums", "spēlēt", "spelet"],
        de: ["herausfordern", "herausforderung", "spielen"],
        fr: ["défi", "defi", "défier", "defier", "jouer"],
        place: Anywhere,
        menu: All,
        about: about("cmd-challenge").help("help-line-challenge"),
        run: |ctx, a| games::cmd_challenge(ctx, a),
    },
    /// `/accept [#challenge]`.
    Accept(ChallengeArg) {
        en: ["accept"],
        ru: ["принять", "принимаю"],
        lv: ["pieņemt", "pienemt"],
        de: ["annehmen"],
        fr: ["accepter", "accepte"],
        place: Anywhere,
        menu: All,
        about: about("cmd-accept"),
        run: |ctx, a| games::cmd_accept(ctx, a.challenge),
    },
    /// `/decline [#challenge]`.
    Decline(ChallengeArg) {
        en: ["decline"],
        ru: ["отклонить", "отказаться", "отказ"],
        lv: ["noraidīt", "noraidit"],
        de: ["ablehnen"],
        fr: ["refuser", "refuse"],
        place: Anywhere,
        menu: All,
        about: about("cmd-decline"),
        run: |ctx, a| games::cmd_decline(ctx, a.challenge),
    },
    /// `/games`: the user's games and whose turn it is.
    Games(NoArgs) {
        en: ["games"],
        ru: ["партии", "игры"],
        lv: ["partijas", "spēles", "speles"],
        de: ["partien", "spiele"],
        fr: ["parties"],
        place: Anywhere,
        menu: All,
        about: about("cmd-games").help("help-line-games"),
        run: |ctx, _| games::cmd_games(ctx),
    },
    /// `/draw [#game] [decline]`: offer or accept, or decline.
    Draw(DrawArgs) {
        en: ["draw"],
        ru: ["ничья", "ничью"],
        lv: ["neizšķirts", "neizskirts"],
        de: ["remis"],
        fr: ["nulle"],
        place: Anywhere,
        menu: All,
        about: about("cmd-draw").help("help-line-draw"),
        run: |ctx, a| games::cmd_draw(ctx, a.game, a.decline),
    },
    /// `/resign [#game]`.
    Resign(GameArg) {
        en: ["resign"],
        ru: ["сдаться", "сдаюсь", "сдача"],
        lv: ["padoties", "padodos"],
        de: ["aufgeben"],
        fr: ["abandonner", "abandonne", "abandon"],
        place: Anywhere,
        menu: All,
        about: about("cmd-resign").help("help-line-resign"),
        run: |ctx, a| games::cmd_resign(ctx, a.game),
    },
    /// `/pdn [#game]`: the game record.
    Pdn(GameArg) {
        en: ["pdn"],
        ru: ["пдн", "запись"],
        lv: ["pieraksts"],
        de: ["notation"],
        fr: ["notation"],
        place: Anywhere,
        menu: All,
        about: about("cmd-pdn").help("help-line-pdn"),
        run: |ctx, a| games::cmd_pdn(ctx, a.game),
    },
    /// `/top [variant | puzzles]`: the chat's ratings.
    Top(TopArgs) {
        en: ["top"],
        ru: ["рейтинг", "топ"],
        lv: ["reitings", "tops"],
        de: ["rangliste", "wertung"],
        fr: ["classement"],
        place: Anywhere,
        menu: All,
        about: about("cmd-top").help("help-line-top"),
        run: |ctx, a| ratings::cmd_top(ctx, a),
    },
    /// `/vacation N`: pause the user's clocks.
    Vacation(VacationArgs) {
        en: ["vacation"],
        ru: ["отпуск", "каникулы"],
        lv: ["atvaļinājums", "atvalinajums"],
        de: ["urlaub"],
        fr: ["vacances"],
        place: Anywhere,
        menu: All,
        about: about("cmd-vacation").help("help-line-vacation"),
        run: |ctx, a| games::cmd_vacation(ctx, a.days),
    },
    /// `/notify [on|off]`: private notifications of the user's moves.
    Notify(NotifyArgs) {
        en: ["notify", "notifications"],
        ru: ["уведомления", "оповещения", "уведомлять"],
        lv: ["paziņojumi", "pazinojumi"],
        de: ["benachrichtigungen", "benachrichtigen"],
        fr: ["notifier", "notifications"],
        place: Anywhere,
        menu: All,
        about: about("cmd-notify").help("help-line-notify"),
        run: |ctx, a| notify::cmd_notify(ctx, a.on),
    },
    /// `/settings [KEY VALUE]`.
    Settings(SettingsArgs) {
        en: ["settings"],
        ru: ["настройки"],
        lv: ["iestatījumi", "iestatijumi"],
        de: ["einstellungen"],
        fr: ["réglages", "reglages", "paramètres", "parametres"],
        place: Anywhere,
        menu: All,
        about: about("cmd-settings")
            .members_admins("cmd-settings-member", "cmd-settings-admin")
            .help("help-line-settings"),
        run: |ctx, a| settings::cmd_settings(ctx, a),
    },
    /// `/puzzle [move | solution | next | daily | #n]`.
    Puzzle(PuzzleArgs) {
        en: ["puzzle"],
        ru: ["задача"],
        lv: ["uzdevums"],
        de: ["aufgabe", "rätsel", "raetsel"],
        fr: ["problème", "probleme"],
        place: Anywhere,
        menu: All,
        about: about("cmd-puzzle").help("help-line-puzzle"),
        run: |ctx, a| puzzles::cmd_puzzle(ctx, a),
    },
    /// `/hint`: a hint for the open puzzle.
    Hint(NoArgs) {
        en: ["hint"],
        ru: ["подсказка"],
        lv: ["mājiens", "majiens"],
        de: ["tipp", "hinweis"],
        fr: ["indice"],
        place: Anywhere,
        menu: All,
        about: about("cmd-hint").help("help-line-hint"),
        run: |ctx, _| puzzles::cmd_hint(ctx),
    },
    /// `/daily on [HH:MM] [zone] [variant]`, `/daily off`, `/daily [variant]`.
    Daily(DailyArgs) {
        en: ["daily"],
        ru: ["ежедневно", "задачадня"],
        lv: ["ikdienas", "dienas"],
        de: ["täglich", "taeglich"],
        fr: ["quotidien"],
        place: Group,
        menu: Admins,
        about: about("cmd-daily").help("help-line-daily"),
        run: |ctx, a| puzzles::cmd_daily(ctx, a),
    },
    /// `/tournament …`: the chat's correspondence tournaments.
    Tournament(TournamentArgs) {
        en: ["tournament"],
        ru: ["турнир"],
        lv: ["turnīrs", "turnirs"],
        de: ["turnier"],
        fr: ["tournoi"],
        place: Group,
        menu: All,
        about: about("cmd-tournament")
            .members_admins("cmd-tournament-member", "cmd-tournament")
            .help("help-line-tournament"),
        run: |ctx, a| tournaments::cmd_tournament(ctx, a),
    },
    /// `/standings [#id]`: a tournament's crosstable.
    Standings(StandingsArgs) {
        en: ["standings"],
        ru: ["таблица"],
        lv: ["tabula"],
        de: ["tabelle"],
        fr: ["tableau", "grille"],
        place: Group,
        menu: All,
        about: about("cmd-standings").within(),
        run: |ctx, a| tournaments::cmd_standings(ctx, a.tournament),
    },
    /// `/replay [#game]`: the game as an animated GIF.
    Replay(GameArg) {
        en: ["replay"],
        ru: ["повтор", "просмотр"],
        lv: ["atkārtot", "atkartot"],
        de: ["wiederholung", "nachspielen"],
        fr: ["revoir", "rejouer"],
        place: Anywhere,
        menu: All,
        about: about("cmd-replay").help("help-line-replay"),
        run: |ctx, a| games::cmd_replay(ctx, a.game),
    },
    /// `/takeback [#game]`: undo the user's last move (casual games).
    Takeback(GameArg) {
        en: ["takeback", "undo"],
        ru: ["вернуть", "возврат"],
        lv: ["atsaukt"],
        de: ["zurücknehmen", "zuruecknehmen", "zurück"],
        fr: ["reprendre", "reprise"],
        place: Anywhere,
        menu: All,
        about: about("cmd-takeback"),
        run: |ctx, a| games::cmd_takeback(ctx, a.game),
    },
    /// `/if [#game] X Y …`: conditional moves.
    If(IfArgs) {
        en: ["if", "premove"],
        ru: ["если"],
        lv: ["ja"],
        de: ["wenn", "falls"],
        fr: ["si"],
        place: Private,
        menu: All,
        about: about("cmd-if"),
        run: |ctx, a| games::cmd_if(ctx, a),
    },
    /// `/analyse [#game]`: the engine's analysis of a finished game.
    Analyse(GameArg) {
        en: ["analyse", "analyze"],
        ru: ["анализ", "анализировать"],
        lv: ["analīze", "analize"],
        de: ["analysieren"],
        fr: ["analyser"],
        place: Anywhere,
        menu: All,
        about: about("cmd-analyse").help("help-line-analyse"),
        run: |ctx, a| games::cmd_analyse(ctx, a.game),
    },
    /// `/position [variant] FEN`: any position as a picture.
    Position(PositionArgs) {
        en: ["position", "fen"],
        ru: ["позиция"],
        lv: ["pozīcija", "pozicija"],
        de: ["stellung"],
        fr: [],
        place: Anywhere,
        menu: All,
        about: about("cmd-position").help("help-line-position"),
        run: |ctx, a| games::cmd_position(ctx, a),
    },
    /// `/help [topic]` (`/start`: the welcome).
    Help(HelpArgs) {
        en: ["help", "start"],
        ru: ["помощь", "старт", "справка"],
        lv: ["palīdzība", "palidziba"],
        de: ["hilfe"],
        fr: ["aide"],
        place: Anywhere,
        menu: All,
        about: about("cmd-help").help("help-line-help"),
        run: |ctx, a| help::cmd_help(ctx, a),
    },
    /// `/puzzletop`: the chat's puzzle leaderboard (`/top puzzles`).
    PuzzleTop(NoArgs) {
        en: ["puzzletop"],
        ru: ["задачитоп"],
        lv: [],
        de: [],
        fr: [],
        place: Anywhere,
        menu: Hidden,
        about: about("cmd-top"),
        run: |ctx, _| puzzles::cmd_top(ctx, shashki_engine::Variant::Russian),
    },
}

impl CommandSpec {
    /// The row of a command by its (English) name.
    pub fn named(name: &str) -> Option<&'static CommandSpec> {
        COMMANDS.iter().find(|c| c.name == name)
    }

    /// The row a typed name (any language, any case) means.
    pub fn find(word: &str) -> Option<&'static CommandSpec> {
        COMMANDS.iter().find(|c| c.aliases.matches(word))
    }
}
