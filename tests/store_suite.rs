//! The store's test suite: the API the chat service depends on
//! (`src/store`, the seam between the core and its database), written once
//! and run against every backend.
//!
//! Each test is a function of [`suite`] taking `open`, a way to open a
//! fresh, empty, migrated [`Store`]; [`store_suite!`] instantiates every one
//! of them as a `#[test]` for a backend: SQLite in a file (the production
//! set-up: WAL, full sync), SQLite in memory, and PostgreSQL (a fresh
//! database on a real server, see `common/pg.rs`), all passing the same
//! tests unchanged.
//!
//! The suite only goes through the store's typed functions, transactions
//! and batches. What can only be checked with raw SQL (a stored word no
//! enum knows must be a typed error, not a default) lives in the
//! SQLite-only section at the end ([`sqlite_only`]), through the one raw
//! door, `Store::conn()`.

use shashki::core::i18n::Lang;
use shashki::core::reminders::Reminders;
use shashki::core::types::{BoardMode, Orientation};
use shashki::engine::{Color, Variant};
use shashki::render::Theme;
use shashki::store::{
    self, AnalysisDone, AnalysisRow, AnalysisStatus, ByeRow, ChallengeId, ChallengeRow,
    ChallengeStatus, ChatId, ChatRow, ChatSetting, ColorWish, ConditionalRow, GameId, GameResult,
    GameRow, GameStatus, NewGame, NewTournament, NextClock, RatingRow, Seat, Store, StoreError,
    StoreResult, TakebackRequest, Termination, TournamentGameRow, TournamentId,
    TournamentPlayerRow, TournamentRow, TournamentStatus, Tx, UserId, UserRow,
};
use shashki::store::{puzzles, AttemptStatus, Delivered, DeliveryKind, OutboxId, Ply, PuzzleId};
use shashki::tournament::ballot::Ballot;
use shashki::tournament::Format;
use std::cell::Cell;

#[path = "common/pg.rs"]
mod pg;
#[path = "common/tally.rs"]
mod tally;

// ------------------------------------------------------------- backends ----

/// A backend under test: every [`Backend::open`] is a fresh, empty,
/// migrated store of its own.
trait Backend {
    fn open(&self) -> Store;

    /// Whether this backend cannot run here (said once, by the backend).
    fn skip(&self) -> bool {
        false
    }
}

/// SQLite in files (WAL journal, full sync: as in production), a new file
/// for each open, in a temporary directory removed after the test.
struct SqliteFile {
    dir: tempfile::TempDir,
    opened: Cell<u32>,
}

impl SqliteFile {
    fn new() -> SqliteFile {
        SqliteFile {
            dir: tempfile::tempdir().expect("a temporary directory"),
            opened: Cell::new(0),
        }
    }
}

impl Backend for SqliteFile {
    fn open(&self) -> Store {
        let n = self.opened.get() + 1;
        self.opened.set(n);
        let path = self.dir.path().join(format!("store-{n}.sqlite"));
        Store::open(&path).expect("open a SQLite file")
    }
}

/// SQLite in memory: a private database per open.
struct SqliteMemory;

impl Backend for SqliteMemory {
    fn open(&self) -> Store {
        Store::open_in_memory().expect("open SQLite in memory")
    }
}

/// `store_suite!(name, backend)`: a module `name` holding every test of
/// [`suite`] as a `#[test]` run with `backend` (an expression making a
/// [`Backend`], evaluated anew for each test). A suite function missing
/// from the list below is dead code, which the lints refuse.
macro_rules! store_suite {
    ($name:ident, $backend:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            store_suite!(@tests $backend;
                users_upsert_keeps_the_id_and_refreshes_name_and_handle,
                users_are_found_by_handle_whatever_its_case_and_a_leading_at,
                users_language_vacation_and_notify_are_kept,
                users_and_chats_are_found_together_by_platform_ids,
                users_and_chats_are_upserted_together_in_one_read_when_unchanged,
                chats_upsert_keeps_the_id_and_a_title_not_given_again,
                chats_every_setting_is_set_read_back_and_cleared,
                chats_every_value_of_every_setting_reads_back,
                chats_threads_default_off_and_toggle,
                games_insert_reads_back_every_field,
                games_every_variant_is_read_back_as_stored,
                games_thread_is_set_and_cleared,
                games_record_move_writes_once_per_ply,
                games_play_move_returns_the_row_it_wrote,
                games_finished_take_no_move_and_no_takeback,
                games_take_back_deletes_later_moves_and_their_notifications_once,
                games_finish_records_every_result_and_termination_once,
                games_cancel_ends_a_game_without_a_result_once,
                games_due_are_active_games_past_deadline_or_reminder_in_id_order,
                games_active_of_a_user_and_in_a_chat_and_their_counts,
                games_last_finished_in_a_chat_is_the_one_that_ended_last,
                games_draw_offer_is_kept_until_cleared_or_a_move,
                games_reminders_and_clock_shifts_are_kept,
                games_downtime_extends_active_clocks_and_open_challenges_only,
                games_waiting_for_the_ai_are_those_where_it_is_to_move,
                games_takeback_request_is_declined_once_replaced_and_cleared,
                games_conditional_lines_replace_by_first_move_and_clear,
                challenges_insert_reads_back_every_field,
                challenges_close_at_most_once,
                challenges_expired_are_the_open_ones_past_their_time,
                challenges_open_for_a_user_are_open_to_all_or_addressed_to_them,
                tournaments_insert_reads_back_every_field,
                tournaments_status_moves_only_from_the_named_status,
                tournaments_players_join_once_in_entry_order,
                tournaments_games_are_in_schedule_order_and_tell_their_tournament,
                tournaments_byes_are_kept_in_round_order_with_their_kind,
                tournaments_past_their_end_are_announced_once,
                ratings_default_until_saved_and_are_kept_per_chat_and_variant,
                ratings_top_lists_are_best_first_per_chat_and_variant_and_limited,
                analyses_are_requested_once_while_pending_or_done_again_after_failure,
                analyses_finish_keeps_every_field_and_owes_the_final_text_until_acked,
                analyses_lists_round_trip_empty_and_single_empty_entries,
                analyses_fail_owes_the_final_text_and_only_pending_ones_end,
                analyses_pending_are_listed_oldest_first_and_counted_per_user,
                notifications_are_recorded_once_per_game_ply_and_kind_and_pruned,
                updates_are_marked_once_per_platform_and_pruned,
                placed_boards_are_replaced_recognised_and_pruned,
                placed_live_messages_are_replaced_and_pruned,
                outbox_rows_are_owed_in_order_done_once_and_pruned,
                outbox_rows_are_done_together_in_few_statements,
                leases_go_to_one_holder_until_they_run_out,
                jobs_are_claimed_once_moves_first_and_taken_over_when_expired,
                outbox_claims_keep_a_chat_with_one_holder_until_they_run_out,
                settings_are_stored_and_overwritten,
                puzzles_are_stored_once_per_key_and_attempts_close_once,
                puzzles_player_records_and_daily_posts_are_kept,
                puzzles_packs_records_and_dailies_are_kept_per_variant,
                puzzles_daily_posts_keep_their_variant,
                puzzles_attempts_keep_their_wrong_tries,
                transactions_commit_their_value_and_writes,
                transactions_read_their_own_writes_across_tables,
                transactions_rolled_back_leave_nothing,
                transactions_that_panic_leave_nothing_and_the_store_usable,
                batches_commit_kept_savepoints_and_drop_the_others,
                batches_survive_a_failing_statement_in_a_savepoint,
                batches_not_committed_leave_nothing,
                batches_send_each_savepoint_with_the_next_statement,
            );
        }
    };
    (@tests $backend:expr; $($test:ident),+ $(,)?) => {
        $(
            #[test]
            fn $test() {
                let backend = $backend;
                if Backend::skip(&backend) {
                    return;
                }
                super::suite::$test(&|| Backend::open(&backend));
            }
        )+
    };
}

store_suite!(sqlite_file, SqliteFile::new());
store_suite!(sqlite_memory, SqliteMemory);

store_suite!(postgres, Postgres::new());

/// PostgreSQL: a fresh database on the test server for each open (see
/// `common/pg.rs`: `SHASHKI_TEST_POSTGRES`, or a throwaway cluster); when
/// there is none, each test says it was skipped (and fails with
/// `SHASHKI_REQUIRE_POSTGRES=1`).
struct Postgres {
    /// The database [`Backend::skip`] made, for the first open.
    first: std::cell::RefCell<Option<pg::TestDb>>,
    /// Every database opened, dropped with the backend.
    opened: std::cell::RefCell<Vec<pg::TestDb>>,
}

impl Postgres {
    fn new() -> Postgres {
        Postgres {
            first: Default::default(),
            opened: Default::default(),
        }
    }
}

impl Backend for Postgres {
    fn skip(&self) -> bool {
        let db = pg::fresh_database();
        let skip = db.is_none();
        *self.first.borrow_mut() = db;
        skip
    }

    fn open(&self) -> Store {
        let db = self
            .first
            .borrow_mut()
            .take()
            .or_else(pg::fresh_database)
            .expect("the server was there a moment ago");
        let store = Store::connect(&db.url).expect("open a PostgreSQL database");
        self.opened.borrow_mut().push(db);
        store
    }
}

// ------------------------------------------------------------- fixtures ----

const T0: i64 = 1_700_000_000;
const DAY: i64 = 86_400;
const START: &str = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

/// Run `f` in one transaction, which must commit.
fn w<T>(s: &mut Store, f: impl FnOnce(&Tx) -> StoreResult<T>) -> T {
    s.transaction(f).expect("the transaction commits")
}

/// Two users and two chats of the console platform.
struct World {
    anna: UserRow,
    boris: UserRow,
    carl: UserRow,
    chat: ChatRow,
    other_chat: ChatRow,
}

fn world(s: &mut Store) -> World {
    w(s, |tx| {
        Ok(World {
            anna: store::upsert_user(tx, "console", "1", "Anna", Some("anna"), T0)?,
            boris: store::upsert_user(tx, "console", "2", "Boris", Some("boris"), T0)?,
            carl: store::upsert_user(tx, "console", "3", "Carl", Some("carl"), T0)?,
            chat: store::upsert_chat(tx, "console", "main", Some("Main"), false, T0)?,
            other_chat: store::upsert_chat(tx, "console", "other", Some("Other"), false, T0)?,
        })
    })
}

fn new_game(chat: ChatId, white: Seat, black: Seat) -> NewGame {
    NewGame {
        chat_id: chat,
        variant: Variant::Russian,
        white,
        black,
        start_fen: START.into(),
        seconds_per_move: None,
        deadline: None,
        reminder_at: None,
        bank: None,
        casual: false,
    }
}

/// A game between people in `chat`, inserted at T0.
fn add_game(s: &mut Store, chat: ChatId, white: UserId, black: UserId) -> GameId {
    let g = new_game(chat, Seat::Human(white), Seat::Human(black));
    w(s, |tx| store::insert_game(tx, &g, T0))
}

fn insert(s: &mut Store, g: &NewGame) -> GameId {
    w(s, |tx| store::insert_game(tx, g, T0))
}

fn game(s: &Store, id: GameId) -> GameRow {
    store::game(s.read(), id)
        .expect("the game reads")
        .expect("the game is stored")
}

/// A position after `ply` plies: the side to move first, as the store
/// reads it (`games_waiting_for_ai`, `GameRow::side_to_move`).
fn fen_after(ply: i64) -> String {
    let side = if ply % 2 == 0 { 'W' } else { 'B' };
    format!("{side}:after-{ply}")
}

/// Play `notation` at `ply` (the game's ply before the move), at T0 + 10 × (ply + 1).
fn play(s: &mut Store, id: GameId, ply: i64, notation: &str, by: Option<UserId>) -> bool {
    w(s, |tx| {
        store::record_move(
            tx,
            id,
            Ply(ply),
            notation,
            &fen_after(ply + 1),
            by,
            &NextClock::default(),
            T0 + 10 * (ply + 1),
        )
    })
}

fn finish(s: &mut Store, id: GameId, result: GameResult, how: Termination, now: i64) -> bool {
    w(s, |tx| store::finish_game(tx, id, result, how, now))
}

fn ids(games: &[GameRow]) -> Vec<GameId> {
    games.iter().map(|g| g.id).collect()
}

/// An open challenge from `from` to anyone in `chat`, expiring at `expires`.
fn open_challenge(s: &mut Store, chat: ChatId, from: UserId, expires: i64) -> ChallengeId {
    w(s, |tx| {
        store::insert_challenge(
            tx,
            chat,
            from,
            None,
            None,
            ColorWish::Random,
            None,
            T0,
            expires,
            Variant::Russian,
        )
    })
}

fn new_tournament(chat: ChatId, by: UserId) -> NewTournament<'static> {
    NewTournament {
        chat_id: chat,
        name: "Cup",
        format: Format::RoundRobin,
        micro: true,
        ballot: Ballot::Fmjd,
        seed: 7,
        days_per_move: Some(2),
        created_by: by,
        max_players: 20,
        rated: true,
        bank: None,
        leave_days: 30,
        ends_at: None,
        variant: Variant::Russian,
    }
}

fn add_tournament(s: &mut Store, t: &NewTournament) -> TournamentId {
    w(s, |tx| store::insert_tournament(tx, t, T0))
}

fn tournament(s: &Store, id: TournamentId) -> TournamentRow {
    store::tournament(s.read(), id)
        .expect("the tournament reads")
        .expect("the tournament is stored")
}

fn set_status(
    s: &mut Store,
    id: TournamentId,
    from: TournamentStatus,
    to: TournamentStatus,
    now: i64,
) -> bool {
    w(s, |tx| store::set_tournament_status(tx, id, from, to, now))
}

fn rating(r: f64, games: i64) -> RatingRow {
    RatingRow {
        rating: r,
        deviation: 80.5,
        volatility: 0.059,
        games,
        wins: games / 2,
        draws: games % 2,
        losses: games - games / 2 - games % 2,
    }
}

fn analysis(s: &Store, game: GameId) -> AnalysisRow {
    store::analysis(s.read(), game)
        .expect("the analysis reads")
        .expect("the analysis is stored")
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|m| m.to_string()).collect()
}

/// An error of the caller's own, rolling its transaction back (as the
/// core's refusals do).
#[derive(Debug)]
enum Abort {
    #[allow(dead_code)] // shown by Debug when a test fails
    Store(StoreError),
    Refused,
}

impl From<StoreError> for Abort {
    fn from(e: StoreError) -> Self {
        Abort::Store(e)
    }
}

// ---------------------------------------------------------------- suite ----

/// The tests, each a function of a way to open a fresh store.
mod suite {
    use super::*;

    type Open<'a> = &'a dyn Fn() -> Store;

    // ------------------------------------------------------------ users ----

    pub fn users_upsert_keeps_the_id_and_refreshes_name_and_handle(open: Open) {
        let mut s = open();
        let first = w(&mut s, |tx| {
            store::upsert_user(tx, "telegram", "42", "Anna", Some("Anna_K"), T0)
        });
        assert_eq!(
            first,
            UserRow {
                id: first.id,
                platform: "telegram".into(),
                platform_user_id: "42".into(),
                name: "Anna".into(),
                handle: Some("anna_k".into()),
                lang: None,
                vacation_year: 0,
                vacation_days: 0,
                vacation_until: 0,
                notify: false,
            },
            "a new user, the handle kept in lower case"
        );
        let renamed = w(&mut s, |tx| {
            store::upsert_user(tx, "telegram", "42", "Anna K.", Some("annak"), T0 + 5)
        });
        assert_eq!(
            renamed.id, first.id,
            "the same platform user keeps their id"
        );
        assert_eq!(renamed.name, "Anna K.");
        assert_eq!(renamed.handle.as_deref(), Some("annak"));
        let no_handle = w(&mut s, |tx| {
            store::upsert_user(tx, "telegram", "42", "Anna K.", None, T0 + 6)
        });
        assert_eq!(no_handle.id, first.id);
        assert_eq!(
            no_handle.handle, None,
            "a handle dropped on the platform is dropped"
        );
        let elsewhere = w(&mut s, |tx| {
            store::upsert_user(tx, "discord", "42", "Anna", None, T0)
        });
        assert_ne!(
            elsewhere.id, first.id,
            "the same id on another platform is another user"
        );
        assert_eq!(store::user(s.read(), first.id).unwrap(), Some(no_handle));
        assert_eq!(
            store::user(s.read(), elsewhere.id).unwrap(),
            Some(elsewhere)
        );
        assert_eq!(store::user(s.read(), UserId(9_999)).unwrap(), None);
    }

    pub fn users_are_found_by_handle_whatever_its_case_and_a_leading_at(open: Open) {
        let mut s = open();
        let anna = w(&mut s, |tx| {
            store::upsert_user(tx, "telegram", "42", "Anna", Some("AnnaK"), T0)
        });
        for asked in ["annak", "ANNAK", "@AnnaK", "@annak"] {
            let found = store::user_by_handle(s.read(), "telegram", asked).unwrap();
            assert_eq!(found.map(|u| u.id), Some(anna.id), "asked as {asked:?}");
        }
        assert_eq!(
            store::user_by_handle(s.read(), "telegram", "anna").unwrap(),
            None
        );
        assert_eq!(
            store::user_by_handle(s.read(), "discord", "annak").unwrap(),
            None
        );
        w(&mut s, |tx| {
            store::upsert_user(tx, "telegram", "42", "Anna", Some("anna2"), T0 + 1)
        });
        assert_eq!(
            store::user_by_handle(s.read(), "telegram", "annak").unwrap(),
            None,
            "the old handle no longer finds them"
        );
        assert_eq!(
            store::user_by_handle(s.read(), "telegram", "@Anna2")
                .unwrap()
                .map(|u| u.id),
            Some(anna.id)
        );
    }

    pub fn users_language_vacation_and_notify_are_kept(open: Open) {
        let mut s = open();
        let World { anna, boris, .. } = world(&mut s);
        for lang in Lang::ALL {
            w(&mut s, |tx| store::set_user_lang(tx, anna.id, lang));
            assert_eq!(
                store::user(s.read(), anna.id).unwrap().unwrap().lang,
                Some(lang)
            );
        }
        w(&mut s, |tx| store::set_user_lang(tx, anna.id, Lang::De));
        w(&mut s, |tx| {
            store::set_vacation(tx, anna.id, 2026, 5, T0 + 3 * DAY)
        });
        // seeing the user again changes neither
        w(&mut s, |tx| {
            store::upsert_user(tx, "console", "1", "Anna", Some("anna"), T0 + 9)
        });
        let a = store::user(s.read(), anna.id).unwrap().unwrap();
        assert_eq!(a.lang, Some(Lang::De));
        assert_eq!(
            (a.vacation_year, a.vacation_days, a.vacation_until),
            (2026, 5, T0 + 3 * DAY)
        );
        let b = store::user(s.read(), boris.id).unwrap().unwrap();
        assert_eq!((b.lang, b.vacation_days, b.vacation_until), (None, 0, 0));

        assert!(
            !store::user_notify(s.read(), anna.id).unwrap(),
            "off by default"
        );
        w(&mut s, |tx| store::set_user_notify(tx, anna.id, true));
        assert!(store::user_notify(s.read(), anna.id).unwrap());
        assert!(!store::user_notify(s.read(), boris.id).unwrap());
        assert!(
            !store::user_notify(s.read(), UserId(9_999)).unwrap(),
            "no such user: off"
        );
        w(&mut s, |tx| store::set_user_notify(tx, anna.id, false));
        assert!(!store::user_notify(s.read(), anna.id).unwrap());
    }

    pub fn users_and_chats_are_found_together_by_platform_ids(open: Open) {
        let mut s = open();
        let World { anna, chat, .. } = world(&mut s);
        let r = s.read();
        assert_eq!(
            store::user_and_chat(r, "console", "1", "main").unwrap(),
            Some((anna.id, chat.id))
        );
        assert_eq!(
            store::user_and_chat(r, "console", "1", "nowhere").unwrap(),
            None
        );
        assert_eq!(
            store::user_and_chat(r, "console", "99", "main").unwrap(),
            None
        );
        assert_eq!(
            store::user_and_chat(r, "telegram", "1", "main").unwrap(),
            None
        );
    }

    /// An event's start (issue 22): the user and the chat read in one
    /// statement when both are known and unchanged; anything new or
    /// changed written as `upsert_user` and `upsert_chat` write it.
    pub fn users_and_chats_are_upserted_together_in_one_read_when_unchanged(open: Open) {
        let mut s = open();
        let seen = |name: &'static str, handle: Option<&'static str>| store::SeenUser {
            platform_user_id: "42",
            name,
            handle,
        };
        let club = |title: Option<&'static str>| store::SeenChat {
            platform_chat_id: "-100",
            title,
            is_private: false,
        };
        let both = |s: &mut Store, u: store::SeenUser, c: store::SeenChat, now: i64| {
            w(s, |tx| {
                store::upsert_user_and_chat(tx, "telegram", u, c, now)
            })
        };
        // both new: as the upserts make them
        let (anna, chat) = both(&mut s, seen("Anna", Some("Anna_K")), club(Some("Club")), T0);
        assert_eq!(
            store::user(s.read(), anna.id).unwrap().as_ref(),
            Some(&anna)
        );
        assert_eq!(
            store::chat(s.read(), chat.id).unwrap().as_ref(),
            Some(&chat)
        );
        assert_eq!(anna.handle.as_deref(), Some("anna_k"));
        assert_eq!(chat.title.as_deref(), Some("Club"));
        // again, unchanged: the same rows, in one statement
        let before = s.round_trips();
        let again = w(&mut s, |tx| {
            store::upsert_user_and_chat(
                tx,
                "telegram",
                seen("Anna", Some("anna_k")),
                club(None),
                T0 + 1,
            )
        });
        let cost = s.round_trips() - before;
        assert_eq!(again, (anna.clone(), chat.clone()));
        // BEGIN, the read, COMMIT (the two upserts: BEGIN, five, COMMIT);
        // on PostgreSQL the BEGIN goes with the read
        let control = if s.is_postgres() { 1 } else { 2 };
        assert_eq!(cost, 1 + control, "one read");
        // renamed, the handle in another case, retitled: written
        let (renamed, retitled) = both(
            &mut s,
            seen("Anna K.", Some("ANNA_K")),
            club(Some("Club 2")),
            T0 + 2,
        );
        assert_eq!(renamed.id, anna.id);
        assert_eq!(renamed.name, "Anna K.");
        assert_eq!(renamed.handle.as_deref(), Some("anna_k"));
        assert_eq!(
            (retitled.id, retitled.title.as_deref()),
            (chat.id, Some("Club 2"))
        );
        // someone else shows her handle: it is theirs now, and hers again
        // once she shows it
        let bob = w(&mut s, |tx| {
            store::upsert_user(tx, "telegram", "7", "Bob", Some("anna_k"), T0 + 3)
        });
        assert_eq!(
            store::user(s.read(), anna.id).unwrap().unwrap().handle,
            None
        );
        let (back, _) = both(
            &mut s,
            seen("Anna K.", Some("anna_k")),
            club(Some("Club 2")),
            T0 + 4,
        );
        assert_eq!(back.handle.as_deref(), Some("anna_k"));
        assert_eq!(store::user(s.read(), bob.id).unwrap().unwrap().handle, None);
        // a known user in a new chat, a new user in a known chat
        let (u, other) = w(&mut s, |tx| {
            store::upsert_user_and_chat(
                tx,
                "telegram",
                seen("Anna K.", Some("anna_k")),
                store::SeenChat {
                    platform_chat_id: "77",
                    title: None,
                    is_private: true,
                },
                T0 + 5,
            )
        });
        assert_eq!(u.id, anna.id);
        assert!(other.is_private && other.id != chat.id);
        let (carl, same) = w(&mut s, |tx| {
            store::upsert_user_and_chat(
                tx,
                "telegram",
                store::SeenUser {
                    platform_user_id: "9",
                    name: "Carl",
                    handle: None,
                },
                club(Some("Club 2")),
                T0 + 6,
            )
        });
        assert!(carl.id != anna.id && carl.id != bob.id);
        assert_eq!(same, store::chat(s.read(), chat.id).unwrap().unwrap());
    }

    // ------------------------------------------------------------ chats ----

    pub fn chats_upsert_keeps_the_id_and_a_title_not_given_again(open: Open) {
        let mut s = open();
        let first = w(&mut s, |tx| {
            store::upsert_chat(tx, "telegram", "-100", Some("Club"), false, T0)
        });
        assert_eq!(
            first,
            ChatRow {
                id: first.id,
                platform: "telegram".into(),
                platform_chat_id: "-100".into(),
                title: Some("Club".into()),
                is_private: false,
                lang: None,
                theme: None,
                orientation: None,
                days_per_move: None,
                reminders: None,
                boards: None,
                variant: None,
                web: None,
            }
        );
        let untitled = w(&mut s, |tx| {
            store::upsert_chat(tx, "telegram", "-100", None, false, T0 + 1)
        });
        assert_eq!(untitled.id, first.id);
        assert_eq!(
            untitled.title.as_deref(),
            Some("Club"),
            "no title given: the old one stays"
        );
        let retitled = w(&mut s, |tx| {
            store::upsert_chat(tx, "telegram", "-100", Some("Club 2"), false, T0 + 2)
        });
        assert_eq!(retitled.id, first.id);
        assert_eq!(retitled.title.as_deref(), Some("Club 2"));
        let private = w(&mut s, |tx| {
            store::upsert_chat(tx, "telegram", "77", None, true, T0)
        });
        assert_ne!(private.id, first.id);
        assert!(private.is_private);
        assert_eq!(private.title, None);
        assert_eq!(store::chat(s.read(), first.id).unwrap(), Some(retitled));
        assert_eq!(store::chat(s.read(), ChatId(9_999)).unwrap(), None);
    }

    /// The chat's value of the setting `like` is of (`like`'s value
    /// replaced by the row's).
    fn setting(c: &ChatRow, like: &ChatSetting) -> ChatSetting {
        match like {
            ChatSetting::Lang(_) => ChatSetting::Lang(c.lang),
            ChatSetting::Theme(_) => ChatSetting::Theme(c.theme),
            ChatSetting::Orientation(_) => ChatSetting::Orientation(c.orientation),
            ChatSetting::DaysPerMove(_) => ChatSetting::DaysPerMove(c.days_per_move),
            ChatSetting::Reminders(_) => ChatSetting::Reminders(c.reminders.clone()),
            ChatSetting::Boards(_) => ChatSetting::Boards(c.boards),
            ChatSetting::Variant(_) => ChatSetting::Variant(c.variant),
            ChatSetting::Web(_) => ChatSetting::Web(c.web),
        }
    }

    /// The setting `s` is of, not chosen.
    fn unset(s: &ChatSetting) -> ChatSetting {
        match s {
            ChatSetting::Lang(_) => ChatSetting::Lang(None),
            ChatSetting::Theme(_) => ChatSetting::Theme(None),
            ChatSetting::Orientation(_) => ChatSetting::Orientation(None),
            ChatSetting::DaysPerMove(_) => ChatSetting::DaysPerMove(None),
            ChatSetting::Reminders(_) => ChatSetting::Reminders(None),
            ChatSetting::Boards(_) => ChatSetting::Boards(None),
            ChatSetting::Variant(_) => ChatSetting::Variant(None),
            ChatSetting::Web(_) => ChatSetting::Web(None),
        }
    }

    /// One value of each setting, none of them a default.
    pub fn chosen_settings() -> Vec<ChatSetting> {
        vec![
            ChatSetting::Lang(Some(Lang::Ru)),
            ChatSetting::Theme(Some(Theme::Contrast)),
            ChatSetting::Orientation(Some(Orientation::Black)),
            ChatSetting::DaysPerMove(Some(3)),
            ChatSetting::Reminders(Some("25% 2d 12h".parse().unwrap())),
            ChatSetting::Boards(Some(BoardMode::New)),
            ChatSetting::Variant(Some(Variant::Poddavki)),
            ChatSetting::Web(Some(true)),
        ]
    }

    pub fn chats_every_setting_is_set_read_back_and_cleared(open: Open) {
        let mut s = open();
        let World {
            chat, other_chat, ..
        } = world(&mut s);
        let values = chosen_settings();
        for v in &values {
            w(&mut s, |tx| store::set_chat_setting(tx, chat.id, v));
            let row = store::chat(s.read(), chat.id).unwrap().unwrap();
            assert_eq!(&setting(&row, v), v);
            let other = store::chat(s.read(), other_chat.id).unwrap().unwrap();
            assert_eq!(setting(&other, v), unset(v), "{v:?} of another chat");
        }
        // each setting has a column of its own
        let row = store::chat(s.read(), chat.id).unwrap().unwrap();
        for v in &values {
            assert_eq!(&setting(&row, v), v, "after all were set");
        }
        assert_eq!(
            row.title.as_deref(),
            Some("Main"),
            "settings leave the title alone"
        );
        for v in &values {
            w(&mut s, |tx| store::set_chat_setting(tx, chat.id, &unset(v)));
            let row = store::chat(s.read(), chat.id).unwrap().unwrap();
            assert_eq!(setting(&row, v), unset(v), "cleared");
        }
    }

    pub fn chats_every_value_of_every_setting_reads_back(open: Open) {
        let mut s = open();
        let World { chat, .. } = world(&mut s);
        let mut values: Vec<ChatSetting> = Vec::new();
        values.extend(Lang::ALL.map(|l| ChatSetting::Lang(Some(l))));
        values.extend(Theme::ALL.map(|t| ChatSetting::Theme(Some(t))));
        values.extend(Orientation::ALL.map(|o| ChatSetting::Orientation(Some(o))));
        values.extend(BoardMode::ALL.map(|m| ChatSetting::Boards(Some(m))));
        values.extend(Variant::ALL.iter().map(|v| ChatSetting::Variant(Some(*v))));
        for r in ["off", "50% 24h", "1% 99% 1h 14d"] {
            let r: Reminders = r.parse().unwrap();
            values.push(ChatSetting::Reminders(Some(r)));
        }
        for v in &values {
            w(&mut s, |tx| store::set_chat_setting(tx, chat.id, v));
            let row = store::chat(s.read(), chat.id).unwrap().unwrap();
            assert_eq!(&setting(&row, v), v);
        }
    }

    pub fn chats_threads_default_off_and_toggle(open: Open) {
        let mut s = open();
        let World {
            chat, other_chat, ..
        } = world(&mut s);
        assert!(!store::chat_threads(s.read(), chat.id).unwrap());
        w(&mut s, |tx| store::set_chat_threads(tx, chat.id, true));
        assert!(store::chat_threads(s.read(), chat.id).unwrap());
        assert!(!store::chat_threads(s.read(), other_chat.id).unwrap());
        assert!(!store::chat_threads(s.read(), ChatId(9_999)).unwrap());
        w(&mut s, |tx| store::set_chat_threads(tx, chat.id, false));
        assert!(!store::chat_threads(s.read(), chat.id).unwrap());
    }

    // ------------------------------------------------------------ games ----

    pub fn games_insert_reads_back_every_field(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let g = NewGame {
            chat_id: chat.id,
            variant: Variant::Brazilian,
            white: Seat::Human(anna.id),
            black: Seat::Ai(5),
            start_fen: START.into(),
            seconds_per_move: Some(DAY),
            deadline: Some(T0 + DAY),
            reminder_at: Some(T0 + DAY / 2),
            bank: Some(7 * DAY),
            casual: true,
        };
        let id = insert(&mut s, &g);
        assert_eq!(
            game(&s, id),
            GameRow {
                id,
                chat_id: chat.id,
                variant: Variant::Brazilian,
                white: Seat::Human(anna.id),
                black: Seat::Ai(5),
                status: GameStatus::Active,
                result: None,
                result_reason: None,
                start_fen: START.into(),
                fen: START.into(),
                ply: Ply(0),
                seconds_per_move: Some(DAY),
                deadline: Some(T0 + DAY),
                reminder_at: Some(T0 + DAY / 2),
                reminders_sent: 0,
                draw_offer: None,
                created_at: T0,
                updated_at: T0,
                white_bank: Some(7 * DAY),
                black_bank: Some(7 * DAY),
                casual: true,
                thread: None,
            }
        );
        let g2 = NewGame {
            white: Seat::Ai(1),
            black: Seat::Human(boris.id),
            ..new_game(chat.id, Seat::Ai(1), Seat::Ai(1))
        };
        let id2 = insert(&mut s, &g2);
        assert_ne!(id2, id);
        let row = game(&s, id2);
        assert_eq!((row.white, row.black), (Seat::Ai(1), Seat::Human(boris.id)));
        assert_eq!((row.white_bank, row.black_bank), (None, None));
        assert_eq!(
            (row.deadline, row.reminder_at, row.seconds_per_move),
            (None, None, None)
        );
        assert!(!row.casual);
        assert_eq!(row.variant, Variant::Russian);
        assert_eq!(store::game(s.read(), GameId(9_999)).unwrap(), None);
    }

    pub fn games_every_variant_is_read_back_as_stored(open: Open) {
        let mut s = open();
        let World { anna, chat, .. } = world(&mut s);
        for v in Variant::ALL {
            let g = NewGame {
                variant: v,
                ..new_game(chat.id, Seat::Human(anna.id), Seat::Ai(2))
            };
            let id = insert(&mut s, &g);
            assert_eq!(game(&s, id).variant, v);
        }
    }

    pub fn games_thread_is_set_and_cleared(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let id = add_game(&mut s, chat.id, anna.id, boris.id);
        let other = add_game(&mut s, chat.id, anna.id, boris.id);
        assert_eq!(store::game_thread(s.read(), id).unwrap(), None);
        w(&mut s, |tx| store::set_game_thread(tx, id, Some("topic-7")));
        assert_eq!(
            store::game_thread(s.read(), id).unwrap().as_deref(),
            Some("topic-7")
        );
        assert_eq!(game(&s, id).thread.as_deref(), Some("topic-7"));
        assert_eq!(game(&s, other).thread, None);
        w(&mut s, |tx| store::set_game_thread(tx, id, None));
        assert_eq!(store::game_thread(s.read(), id).unwrap(), None);
        assert_eq!(store::game_thread(s.read(), GameId(9_999)).unwrap(), None);
    }

    pub fn games_record_move_writes_once_per_ply(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let g = NewGame {
            deadline: Some(T0 + DAY),
            reminder_at: Some(T0 + 100),
            bank: Some(1_000),
            ..new_game(chat.id, Seat::Human(anna.id), Seat::Human(boris.id))
        };
        let id = insert(&mut s, &g);
        w(&mut s, |tx| {
            store::set_draw_offer(tx, id, Some(Color::Black))
        });
        w(&mut s, |tx| store::mark_reminded(tx, id, Some(T0 + 200)));
        let clock = NextClock {
            deadline: Some(T0 + 2 * DAY),
            reminder_at: Some(T0 + DAY),
            white_bank: Some(900),
            black_bank: Some(1_000),
        };
        let record = |s: &mut Store, ply: i64, mv: &'static str, fen: &'static str, now: i64| {
            w(s, |tx| {
                store::record_move(tx, id, Ply(ply), mv, fen, Some(anna.id), &clock, now)
            })
        };
        assert!(
            !record(&mut s, 3, "c3-d4", "B:one", T0 + 7),
            "a wrong ply writes nothing"
        );
        assert_eq!(game(&s, id).ply, Ply(0));
        assert!(store::game_moves(s.read(), id).unwrap().is_empty());

        assert!(record(&mut s, 0, "c3-d4", "B:one", T0 + 7));
        let after = game(&s, id);
        assert_eq!(
            after,
            GameRow {
                fen: "B:one".into(),
                ply: Ply(1),
                deadline: Some(T0 + 2 * DAY),
                reminder_at: Some(T0 + DAY),
                reminders_sent: 0,
                draw_offer: None,
                updated_at: T0 + 7,
                white_bank: Some(900),
                black_bank: Some(1_000),
                ..game_before(&g, id, anna.id, boris.id)
            }
        );
        assert!(
            !record(&mut s, 0, "a3-b4", "B:two", T0 + 8),
            "a second move at the same ply writes nothing"
        );
        assert_eq!(game(&s, id), after);
        assert_eq!(
            store::game_moves(s.read(), id).unwrap(),
            strings(&["c3-d4"])
        );

        assert!(w(&mut s, |tx| {
            store::record_move(
                tx,
                id,
                Ply(1),
                "f6-g5",
                "W:three",
                None,
                &NextClock::default(),
                T0 + 9,
            )
        }));
        assert_eq!(
            store::game_moves(s.read(), id).unwrap(),
            strings(&["c3-d4", "f6-g5"])
        );
        let row = game(&s, id);
        assert_eq!(
            (row.ply, row.deadline, row.white_bank),
            (Ply(2), None, None)
        );
        assert_eq!(row.side_to_move(), Some(Color::White));
    }

    /// The row of a game just inserted from `g`.
    fn game_before(g: &NewGame, id: GameId, white: UserId, black: UserId) -> GameRow {
        GameRow {
            id,
            chat_id: g.chat_id,
            variant: g.variant,
            white: Seat::Human(white),
            black: Seat::Human(black),
            status: GameStatus::Active,
            result: None,
            result_reason: None,
            start_fen: g.start_fen.clone(),
            fen: g.start_fen.clone(),
            ply: Ply(0),
            seconds_per_move: g.seconds_per_move,
            deadline: g.deadline,
            reminder_at: g.reminder_at,
            reminders_sent: 0,
            draw_offer: None,
            created_at: T0,
            updated_at: T0,
            white_bank: g.bank,
            black_bank: g.bank,
            casual: g.casual,
            thread: None,
        }
    }

    /// `play_move` (issue 22): `record_move` and the row it wrote, in one
    /// statement fewer than a read after the write.
    pub fn games_play_move_returns_the_row_it_wrote(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let id = insert(
            &mut s,
            &NewGame {
                bank: Some(1_000),
                ..new_game(chat.id, Seat::Human(anna.id), Seat::Human(boris.id))
            },
        );
        let clock = NextClock {
            deadline: Some(T0 + DAY),
            reminder_at: None,
            white_bank: Some(900),
            black_bank: Some(1_000),
        };
        let play = |s: &mut Store, ply: i64, mv: &'static str| {
            w(s, |tx| {
                store::play_move(
                    tx,
                    id,
                    Ply(ply),
                    mv,
                    "B:after",
                    Some(anna.id),
                    &clock,
                    T0 + 5,
                )
            })
        };
        let row = play(&mut s, 0, "c3-d4").expect("written");
        assert_eq!(row, game(&s, id));
        assert_eq!(
            (row.ply, row.fen.as_str(), row.white_bank),
            (Ply(1), "B:after", Some(900))
        );
        assert_eq!(play(&mut s, 0, "a3-b4"), None, "the game moved on");
        assert_eq!(game(&s, id), row);
        assert_eq!(
            store::game_moves(s.read(), id).unwrap(),
            strings(&["c3-d4"])
        );
        w(&mut s, |tx| {
            store::finish_game(tx, id, GameResult::Draw, Termination::Agreement, T0 + 9)
        });
        assert_eq!(
            play(&mut s, 1, "f6-g5"),
            None,
            "an ended game takes no move"
        );
    }

    pub fn games_finished_take_no_move_and_no_takeback(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let id = add_game(&mut s, chat.id, anna.id, boris.id);
        assert!(play(&mut s, id, 0, "c3-d4", Some(anna.id)));
        assert!(finish(
            &mut s,
            id,
            GameResult::WhiteWins,
            Termination::Resignation,
            T0 + 50
        ));
        assert!(!play(&mut s, id, 1, "f6-g5", Some(boris.id)));
        assert!(!w(&mut s, |tx| store::take_back(
            tx,
            id,
            Ply(1),
            Ply(0),
            START,
            T0 + 60
        )));
        let row = game(&s, id);
        assert_eq!((row.ply, row.status), (Ply(1), GameStatus::Finished));
        assert_eq!(
            store::game_moves(s.read(), id).unwrap(),
            strings(&["c3-d4"])
        );
    }

    pub fn games_take_back_deletes_later_moves_and_their_notifications_once(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let id = add_game(&mut s, chat.id, anna.id, boris.id);
        for (ply, mv) in ["c3-d4", "f6-g5", "g3-f4"].iter().enumerate() {
            assert!(play(&mut s, id, ply as i64, mv, None));
        }
        for ply in 1..=3 {
            assert!(w(&mut s, |tx| store::mark_notified(
                tx,
                id,
                Ply(ply),
                "turn",
                anna.id,
                T0
            )));
        }
        w(&mut s, |tx| {
            store::set_draw_offer(tx, id, Some(Color::White))
        });
        assert!(w(&mut s, |tx| store::take_back(
            tx,
            id,
            Ply(3),
            Ply(1),
            "B:back",
            T0 + 99
        )));
        let row = game(&s, id);
        assert_eq!(
            (row.ply, row.fen.as_str(), row.updated_at),
            (Ply(1), "B:back", T0 + 99)
        );
        assert_eq!(row.draw_offer, None);
        assert_eq!(
            store::game_moves(s.read(), id).unwrap(),
            strings(&["c3-d4"])
        );
        assert!(
            !w(&mut s, |tx| store::take_back(
                tx,
                id,
                Ply(3),
                Ply(1),
                "B:back",
                T0 + 100
            )),
            "the game is no longer at ply 3"
        );
        // the notification of the ply kept is still sent; the later ones are owed again
        assert!(!w(&mut s, |tx| store::mark_notified(
            tx,
            id,
            Ply(1),
            "turn",
            anna.id,
            T0 + 100
        )));
        assert!(w(&mut s, |tx| store::mark_notified(
            tx,
            id,
            Ply(2),
            "turn",
            anna.id,
            T0 + 100
        )));
        assert!(w(&mut s, |tx| store::mark_notified(
            tx,
            id,
            Ply(3),
            "turn",
            anna.id,
            T0 + 100
        )));
        // and the ply taken back is played again
        assert!(play(&mut s, id, 1, "h6-g5", Some(boris.id)));
        assert_eq!(
            store::game_moves(s.read(), id).unwrap(),
            strings(&["c3-d4", "h6-g5"])
        );
    }

    pub fn games_finish_records_every_result_and_termination_once(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let results = [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
        ];
        for (i, &how) in Termination::ALL.iter().enumerate() {
            let result = results[i % results.len()];
            let g = NewGame {
                deadline: Some(T0 + DAY),
                reminder_at: Some(T0 + 100),
                ..new_game(chat.id, Seat::Human(anna.id), Seat::Human(boris.id))
            };
            let id = insert(&mut s, &g);
            w(&mut s, |tx| {
                store::set_draw_offer(tx, id, Some(Color::White))
            });
            assert!(finish(&mut s, id, result, how, T0 + 10));
            let row = game(&s, id);
            assert_eq!(row.status, GameStatus::Finished);
            assert!(!row.is_active());
            assert_eq!((row.result, row.result_reason), (Some(result), Some(how)));
            assert_eq!(
                (row.deadline, row.reminder_at, row.draw_offer),
                (None, None, None)
            );
            assert_eq!(row.updated_at, T0 + 10);
            let other = results[(i + 1) % results.len()];
            assert!(
                !finish(&mut s, id, other, Termination::Agreement, T0 + 20),
                "a game ends once"
            );
            let again = game(&s, id);
            assert_eq!(
                (again.result, again.result_reason),
                (Some(result), Some(how))
            );
            assert_eq!(again.updated_at, T0 + 10);
        }
    }

    pub fn games_cancel_ends_a_game_without_a_result_once(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let g = NewGame {
            deadline: Some(T0 + DAY),
            ..new_game(chat.id, Seat::Human(anna.id), Seat::Human(boris.id))
        };
        let id = insert(&mut s, &g);
        assert!(w(&mut s, |tx| store::cancel_game(tx, id, T0 + 5)));
        let row = game(&s, id);
        assert_eq!(row.status, GameStatus::Finished);
        assert_eq!(
            (row.result, row.result_reason),
            (None, Some(Termination::Cancelled))
        );
        assert_eq!(row.deadline, None);
        assert!(!w(&mut s, |tx| store::cancel_game(tx, id, T0 + 6)));
        assert!(!finish(
            &mut s,
            id,
            GameResult::Draw,
            Termination::Agreement,
            T0 + 7
        ));
        assert_eq!(game(&s, id).result, None);
        let won = add_game(&mut s, chat.id, anna.id, boris.id);
        assert!(finish(
            &mut s,
            won,
            GameResult::BlackWins,
            Termination::Timeout,
            T0 + 8
        ));
        assert!(
            !w(&mut s, |tx| store::cancel_game(tx, won, T0 + 9)),
            "a finished game stays"
        );
        assert_eq!(game(&s, won).result, Some(GameResult::BlackWins));
    }

    pub fn games_due_are_active_games_past_deadline_or_reminder_in_id_order(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let now = T0 + 1_000;
        let base = new_game(chat.id, Seat::Human(anna.id), Seat::Human(boris.id));
        let clocked = |deadline: Option<i64>, reminder_at: Option<i64>| NewGame {
            deadline,
            reminder_at,
            ..base.clone()
        };
        let later = insert(&mut s, &clocked(Some(now + 1), None));
        let at_deadline = insert(&mut s, &clocked(Some(now), None));
        let reminder_only = insert(&mut s, &clocked(None, Some(now - 5)));
        let ended = insert(&mut s, &clocked(Some(now - 100), None));
        assert!(finish(
            &mut s,
            ended,
            GameResult::Draw,
            Termination::Agreement,
            T0
        ));
        let unclocked = insert(&mut s, &clocked(None, None));
        let reminder_due = insert(&mut s, &clocked(Some(now + 500), Some(now - 1)));
        let long_overdue = insert(&mut s, &clocked(Some(now - 999), None));
        let due = store::games_due(s.read(), now).unwrap();
        assert_eq!(
            ids(&due),
            vec![at_deadline, reminder_only, reminder_due, long_overdue],
            "not {later} (not yet), {ended} (finished) or {unclocked} (no clock)"
        );
        assert!(store::games_due(s.read(), T0).unwrap().is_empty());
    }

    pub fn games_active_of_a_user_and_in_a_chat_and_their_counts(open: Open) {
        let mut s = open();
        let World {
            anna,
            boris,
            chat,
            other_chat,
            ..
        } = world(&mut s);
        let (a, b) = (anna.id, boris.id);
        let vs_ai = insert(&mut s, &new_game(chat.id, Seat::Human(a), Seat::Ai(3)));
        let here = add_game(&mut s, chat.id, b, a);
        let there = add_game(&mut s, other_chat.id, a, b);
        let over = add_game(&mut s, chat.id, a, b);
        assert!(finish(
            &mut s,
            over,
            GameResult::Draw,
            Termination::Agreement,
            T0
        ));
        let boris_ai = insert(&mut s, &new_game(chat.id, Seat::Ai(2), Seat::Human(b)));
        let r = s.read();
        assert_eq!(
            ids(&store::active_games_of(r, a).unwrap()),
            vec![vs_ai, here, there]
        );
        assert_eq!(
            ids(&store::active_games_of(r, b).unwrap()),
            vec![here, there, boris_ai]
        );
        assert_eq!(
            ids(&store::active_games_of_in(r, a, chat.id).unwrap()),
            vec![vs_ai, here]
        );
        assert_eq!(
            ids(&store::active_games_of_in(r, a, other_chat.id).unwrap()),
            vec![there]
        );
        assert_eq!(
            ids(&store::active_games_in_chat(r, chat.id).unwrap()),
            vec![vs_ai, here, boris_ai]
        );
        assert_eq!(store::count_active_games_of(r, a, false).unwrap(), 3);
        assert_eq!(
            store::count_active_games_of(r, a, true).unwrap(),
            1,
            "against the AI"
        );
        assert_eq!(store::count_active_games_of(r, b, true).unwrap(), 1);
        assert_eq!(
            store::count_active_games_of(r, UserId(9_999), false).unwrap(),
            0
        );
        assert_eq!(store::count_active_games_in_chat(r, chat.id).unwrap(), 3);
        assert_eq!(
            store::count_active_games_in_chat(r, other_chat.id).unwrap(),
            1
        );
    }

    pub fn games_last_finished_in_a_chat_is_the_one_that_ended_last(open: Open) {
        let mut s = open();
        let World {
            anna,
            boris,
            chat,
            other_chat,
            ..
        } = world(&mut s);
        assert_eq!(
            store::last_finished_game_in_chat(s.read(), chat.id).unwrap(),
            None
        );
        let first = add_game(&mut s, chat.id, anna.id, boris.id);
        let second = add_game(&mut s, chat.id, anna.id, boris.id);
        let _active = add_game(&mut s, chat.id, anna.id, boris.id);
        let elsewhere = add_game(&mut s, other_chat.id, anna.id, boris.id);
        assert!(finish(
            &mut s,
            first,
            GameResult::WhiteWins,
            Termination::NoMoves,
            T0 + 20
        ));
        assert!(finish(
            &mut s,
            second,
            GameResult::Draw,
            Termination::Agreement,
            T0 + 10
        ));
        assert!(finish(
            &mut s,
            elsewhere,
            GameResult::Draw,
            Termination::Agreement,
            T0 + 30
        ));
        let last = store::last_finished_game_in_chat(s.read(), chat.id).unwrap();
        assert_eq!(
            last.map(|g| g.id),
            Some(first),
            "ended last, though created first"
        );
    }

    pub fn games_draw_offer_is_kept_until_cleared_or_a_move(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let id = add_game(&mut s, chat.id, anna.id, boris.id);
        for by in [Color::Black, Color::White] {
            w(&mut s, |tx| store::set_draw_offer(tx, id, Some(by)));
            assert_eq!(game(&s, id).draw_offer, Some(by));
        }
        w(&mut s, |tx| store::set_draw_offer(tx, id, None));
        assert_eq!(game(&s, id).draw_offer, None);
        w(&mut s, |tx| {
            store::set_draw_offer(tx, id, Some(Color::White))
        });
        assert!(play(&mut s, id, 0, "c3-d4", Some(anna.id)));
        assert_eq!(game(&s, id).draw_offer, None, "a move declines the offer");
    }

    pub fn games_reminders_and_clock_shifts_are_kept(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let g = NewGame {
            deadline: Some(T0 + 100),
            reminder_at: Some(T0 + 50),
            ..new_game(chat.id, Seat::Human(anna.id), Seat::Human(boris.id))
        };
        let id = insert(&mut s, &g);
        let untouched = insert(&mut s, &g);
        w(&mut s, |tx| store::mark_reminded(tx, id, Some(T0 + 80)));
        let row = game(&s, id);
        assert_eq!((row.reminders_sent, row.reminder_at), (1, Some(T0 + 80)));
        w(&mut s, |tx| store::mark_reminded(tx, id, None));
        let row = game(&s, id);
        assert_eq!(
            (row.reminders_sent, row.reminder_at),
            (2, None),
            "none left"
        );
        w(&mut s, |tx| store::shift_game_clock(tx, id, 30));
        let row = game(&s, id);
        assert_eq!((row.deadline, row.reminder_at), (Some(T0 + 130), None));
        w(&mut s, |tx| {
            store::set_turn_clock(tx, id, Some(T0 + 500), Some(T0 + 400))
        });
        let row = game(&s, id);
        assert_eq!(
            (row.deadline, row.reminder_at, row.reminders_sent),
            (Some(T0 + 500), Some(T0 + 400), 0)
        );
        let other = game(&s, untouched);
        assert_eq!(
            (other.deadline, other.reminder_at, other.reminders_sent),
            (Some(T0 + 100), Some(T0 + 50), 0)
        );
    }

    pub fn games_downtime_extends_active_clocks_and_open_challenges_only(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        assert_eq!(
            store::next_wakeup(s.read()).unwrap(),
            None,
            "nothing pending"
        );
        let base = new_game(chat.id, Seat::Human(anna.id), Seat::Human(boris.id));
        let clocked = insert(
            &mut s,
            &NewGame {
                deadline: Some(T0 + 100),
                reminder_at: Some(T0 + 60),
                ..base.clone()
            },
        );
        let ended = insert(
            &mut s,
            &NewGame {
                deadline: Some(T0 + 10),
                ..base.clone()
            },
        );
        assert!(finish(
            &mut s,
            ended,
            GameResult::Draw,
            Termination::Agreement,
            T0
        ));
        let unclocked = insert(&mut s, &base);
        let open_one = open_challenge(&mut s, chat.id, anna.id, T0 + 200);
        let taken = open_challenge(&mut s, chat.id, boris.id, T0 + 30);
        assert!(w(&mut s, |tx| store::close_challenge(
            tx,
            taken,
            ChallengeStatus::Accepted,
            Some(unclocked)
        )));
        assert_eq!(store::next_wakeup(s.read()).unwrap(), Some(T0 + 60));

        assert_eq!(w(&mut s, |tx| store::extend_all_deadlines(tx, 1_000)), 1);
        let row = game(&s, clocked);
        assert_eq!(
            (row.deadline, row.reminder_at),
            (Some(T0 + 1_100), Some(T0 + 1_060))
        );
        assert_eq!(game(&s, unclocked).deadline, None);
        let expires = |s: &Store, id| store::challenge(s.read(), id).unwrap().unwrap().expires_at;
        assert_eq!(expires(&s, open_one), T0 + 1_200);
        assert_eq!(
            expires(&s, taken),
            T0 + 30,
            "a closed challenge keeps its time"
        );
        assert_eq!(store::next_wakeup(s.read()).unwrap(), Some(T0 + 1_060));

        // a running tournament's end date wakes the service too
        let t = add_tournament(
            &mut s,
            &NewTournament {
                ends_at: Some(T0 + 500),
                ..new_tournament(chat.id, anna.id)
            },
        );
        assert_eq!(
            store::next_wakeup(s.read()).unwrap(),
            Some(T0 + 1_060),
            "not while open"
        );
        assert!(set_status(
            &mut s,
            t,
            TournamentStatus::Open,
            TournamentStatus::Running,
            T0
        ));
        assert_eq!(store::next_wakeup(s.read()).unwrap(), Some(T0 + 500));
        assert!(w(&mut s, |tx| store::mark_end_announced(tx, t)));
        assert_eq!(store::next_wakeup(s.read()).unwrap(), Some(T0 + 1_060));
    }

    pub fn games_waiting_for_the_ai_are_those_where_it_is_to_move(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        // START has White to move
        let ai_white = insert(
            &mut s,
            &new_game(chat.id, Seat::Ai(4), Seat::Human(anna.id)),
        );
        let ai_black = insert(
            &mut s,
            &new_game(chat.id, Seat::Human(anna.id), Seat::Ai(4)),
        );
        let people = add_game(&mut s, chat.id, anna.id, boris.id);
        let ended = insert(
            &mut s,
            &new_game(chat.id, Seat::Ai(4), Seat::Human(boris.id)),
        );
        assert!(finish(
            &mut s,
            ended,
            GameResult::WhiteWins,
            Termination::Resignation,
            T0
        ));
        assert_eq!(
            store::games_waiting_for_ai(s.read()).unwrap(),
            vec![(ai_white, Ply(0))]
        );
        assert!(play(&mut s, ai_black, 0, "c3-d4", Some(anna.id)));
        assert!(play(&mut s, people, 0, "c3-d4", Some(anna.id)));
        assert_eq!(
            store::games_waiting_for_ai(s.read()).unwrap(),
            vec![(ai_white, Ply(0)), (ai_black, Ply(1))],
            "the least recently updated first"
        );
        assert!(play(&mut s, ai_white, 0, "c3-d4", None));
        assert_eq!(
            store::games_waiting_for_ai(s.read()).unwrap(),
            vec![(ai_black, Ply(1))]
        );
    }

    pub fn games_takeback_request_is_declined_once_replaced_and_cleared(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let id = add_game(&mut s, chat.id, anna.id, boris.id);
        let other = add_game(&mut s, chat.id, anna.id, boris.id);
        assert_eq!(store::takeback_request(s.read(), id).unwrap(), None);
        assert!(!w(&mut s, |tx| store::decline_takeback_request(tx, id)));
        w(&mut s, |tx| {
            store::set_takeback_request(tx, id, anna.id, Ply(4), T0)
        });
        let asked = TakebackRequest {
            game_id: id,
            by_user: anna.id,
            ply: Ply(4),
            declined: false,
        };
        assert_eq!(store::takeback_request(s.read(), id).unwrap(), Some(asked));
        assert!(w(&mut s, |tx| store::decline_takeback_request(tx, id)));
        assert!(
            !w(&mut s, |tx| store::decline_takeback_request(tx, id)),
            "declined once"
        );
        assert_eq!(
            store::takeback_request(s.read(), id).unwrap(),
            Some(TakebackRequest {
                declined: true,
                ..asked
            }),
            "a declined request is kept"
        );
        w(&mut s, |tx| {
            store::set_takeback_request(tx, id, boris.id, Ply(6), T0 + 1)
        });
        assert_eq!(
            store::takeback_request(s.read(), id).unwrap(),
            Some(TakebackRequest {
                game_id: id,
                by_user: boris.id,
                ply: Ply(6),
                declined: false,
            }),
            "a new request replaces it"
        );
        assert_eq!(store::takeback_request(s.read(), other).unwrap(), None);
        assert!(w(&mut s, |tx| store::clear_takeback_request(tx, id)));
        assert_eq!(store::takeback_request(s.read(), id).unwrap(), None);
        assert!(!w(&mut s, |tx| store::clear_takeback_request(tx, id)));
    }

    pub fn games_conditional_lines_replace_by_first_move_and_clear(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let id = add_game(&mut s, chat.id, anna.id, boris.id);
        let add = |s: &mut Store, user: UserId, ply: i64, moves: &[&str]| {
            let moves = strings(moves);
            w(s, |tx| {
                store::add_conditional(tx, id, user, Ply(ply), &moves, T0)
            })
        };
        add(&mut s, anna.id, 2, &["c3-d4", "f6-g5"]);
        add(&mut s, anna.id, 2, &["e3-f4", "b6-a5"]);
        add(&mut s, boris.id, 3, &["c3-d4"]);
        let line = |ply, moves: &[&str]| ConditionalRow {
            ply,
            moves: strings(moves),
        };
        assert_eq!(
            store::conditionals(s.read(), id, anna.id).unwrap(),
            vec![
                line(Ply(2), &["c3-d4", "f6-g5"]),
                line(Ply(2), &["e3-f4", "b6-a5"])
            ]
        );
        add(&mut s, anna.id, 4, &["c3-d4", "h6-g5", "g3-h4"]);
        assert_eq!(
            store::conditionals(s.read(), id, anna.id).unwrap(),
            vec![
                line(Ply(2), &["e3-f4", "b6-a5"]),
                line(Ply(4), &["c3-d4", "h6-g5", "g3-h4"])
            ],
            "a line starting with the same move replaces the old one"
        );
        assert_eq!(
            w(&mut s, |tx| store::clear_conditionals(tx, id, anna.id)),
            2
        );
        assert!(store::conditionals(s.read(), id, anna.id)
            .unwrap()
            .is_empty());
        assert_eq!(
            store::conditionals(s.read(), id, boris.id).unwrap(),
            vec![line(Ply(3), &["c3-d4"])],
            "another player's lines stay"
        );
        assert_eq!(
            w(&mut s, |tx| store::clear_conditionals(tx, id, anna.id)),
            0
        );
    }

    // ------------------------------------------------------- challenges ----

    pub fn challenges_insert_reads_back_every_field(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let id = w(&mut s, |tx| {
            store::insert_challenge(
                tx,
                chat.id,
                anna.id,
                Some(boris.id),
                Some("boris"),
                ColorWish::Black,
                Some(DAY),
                T0,
                T0 + 3_600,
                Variant::Pool,
            )
        });
        let read = |s: &Store| store::challenge(s.read(), id).unwrap().unwrap();
        assert_eq!(
            read(&s),
            ChallengeRow {
                id,
                chat_id: chat.id,
                from_user: anna.id,
                to_user: Some(boris.id),
                to_handle: Some("boris".into()),
                color: ColorWish::Black,
                seconds_per_move: Some(DAY),
                status: ChallengeStatus::Open,
                game_id: None,
                created_at: T0,
                expires_at: T0 + 3_600,
                variant: Variant::Pool,
                start_fen: None,
                casual: false,
            }
        );
        w(&mut s, |tx| store::set_challenge_casual(tx, id, true));
        w(&mut s, |tx| store::set_challenge_start(tx, id, START));
        let row = read(&s);
        assert!(row.casual);
        assert_eq!(row.start_fen.as_deref(), Some(START));

        assert_eq!(store::challenge_share_token(s.read(), id).unwrap(), None);
        w(&mut s, |tx| {
            store::set_challenge_share_token(tx, id, 123_456_789_012)
        });
        assert_eq!(
            store::challenge_share_token(s.read(), id).unwrap(),
            Some(123_456_789_012)
        );
        assert_eq!(
            store::challenge_share_token(s.read(), ChallengeId(9_999)).unwrap(),
            None
        );

        assert_eq!(store::challenge_thread(s.read(), id).unwrap(), None);
        w(&mut s, |tx| {
            store::set_challenge_thread(tx, id, Some("t-1"))
        });
        assert_eq!(
            store::challenge_thread(s.read(), id).unwrap().as_deref(),
            Some("t-1")
        );
        w(&mut s, |tx| store::set_challenge_thread(tx, id, None));
        assert_eq!(store::challenge_thread(s.read(), id).unwrap(), None);

        for &color in ColorWish::ALL {
            let id = w(&mut s, |tx| {
                store::insert_challenge(
                    tx,
                    chat.id,
                    anna.id,
                    None,
                    None,
                    color,
                    None,
                    T0,
                    T0 + 1,
                    Variant::Russian,
                )
            });
            let row = store::challenge(s.read(), id).unwrap().unwrap();
            assert_eq!((row.color, row.to_user, row.to_handle), (color, None, None));
        }
        assert_eq!(
            store::challenge(s.read(), ChallengeId(9_999)).unwrap(),
            None
        );
    }

    pub fn challenges_close_at_most_once(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let g1 = add_game(&mut s, chat.id, anna.id, boris.id);
        let g2 = add_game(&mut s, chat.id, anna.id, boris.id);
        let id = open_challenge(&mut s, chat.id, anna.id, T0 + 100);
        let close = |s: &mut Store, id, status, game| {
            w(s, |tx| store::close_challenge(tx, id, status, game))
        };
        assert_eq!(
            store::count_open_challenges_from(s.read(), anna.id).unwrap(),
            1
        );
        assert!(close(&mut s, id, ChallengeStatus::Accepted, Some(g1)));
        assert!(
            !close(&mut s, id, ChallengeStatus::Accepted, Some(g2)),
            "accepted at most once"
        );
        assert!(!close(&mut s, id, ChallengeStatus::Declined, None));
        let row = store::challenge(s.read(), id).unwrap().unwrap();
        assert_eq!(
            (row.status, row.game_id),
            (ChallengeStatus::Accepted, Some(g1))
        );
        assert_eq!(
            store::count_open_challenges_from(s.read(), anna.id).unwrap(),
            0
        );
        for status in [
            ChallengeStatus::Declined,
            ChallengeStatus::Expired,
            ChallengeStatus::Cancelled,
        ] {
            let id = open_challenge(&mut s, chat.id, boris.id, T0 + 100);
            assert!(close(&mut s, id, status, None));
            assert!(!close(&mut s, id, ChallengeStatus::Accepted, Some(g2)));
            let row = store::challenge(s.read(), id).unwrap().unwrap();
            assert_eq!((row.status, row.game_id), (status, None));
        }
        assert_eq!(
            store::count_open_challenges_from(s.read(), boris.id).unwrap(),
            0
        );
    }

    pub fn challenges_expired_are_the_open_ones_past_their_time(open: Open) {
        let mut s = open();
        let World { anna, chat, .. } = world(&mut s);
        let first = open_challenge(&mut s, chat.id, anna.id, T0 + 10);
        let second = open_challenge(&mut s, chat.id, anna.id, T0 + 20);
        let closed = open_challenge(&mut s, chat.id, anna.id, T0 + 5);
        assert!(w(&mut s, |tx| store::close_challenge(
            tx,
            closed,
            ChallengeStatus::Cancelled,
            None
        )));
        let _later = open_challenge(&mut s, chat.id, anna.id, T0 + 100);
        let expired = |now| {
            store::challenges_expired(s.read(), now)
                .unwrap()
                .iter()
                .map(|c| c.id)
                .collect::<Vec<_>>()
        };
        assert_eq!(expired(T0 + 9), Vec::<ChallengeId>::new());
        assert_eq!(expired(T0 + 20), vec![first, second]);
        assert_eq!(
            store::count_open_challenges_from(s.read(), anna.id).unwrap(),
            3
        );
    }

    pub fn challenges_open_for_a_user_are_open_to_all_or_addressed_to_them(open: Open) {
        let mut s = open();
        let World {
            anna,
            boris,
            carl,
            chat,
            other_chat,
        } = world(&mut s);
        let challenge = |s: &mut Store, chat: ChatId, from: UserId, to: Option<UserId>, handle| {
            w(s, |tx| {
                store::insert_challenge(
                    tx,
                    chat,
                    from,
                    to,
                    handle,
                    ColorWish::White,
                    None,
                    T0,
                    T0 + DAY,
                    Variant::Russian,
                )
            })
        };
        let to_all = challenge(&mut s, chat.id, anna.id, None, None);
        let to_boris = challenge(&mut s, chat.id, anna.id, Some(boris.id), Some("boris"));
        let to_handle = challenge(&mut s, chat.id, anna.id, None, Some("boris"));
        let _to_carl = challenge(&mut s, chat.id, anna.id, Some(carl.id), Some("carl"));
        let _to_carls_handle = challenge(&mut s, chat.id, anna.id, None, Some("carl"));
        let from_boris = challenge(&mut s, chat.id, boris.id, None, None);
        let closed = challenge(&mut s, chat.id, anna.id, None, None);
        assert!(w(&mut s, |tx| store::close_challenge(
            tx,
            closed,
            ChallengeStatus::Declined,
            None
        )));
        let _elsewhere = challenge(&mut s, other_chat.id, anna.id, None, None);
        let open_for = |u: &UserRow| {
            store::open_challenges_for(s.read(), chat.id, u)
                .unwrap()
                .iter()
                .map(|c| c.id)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            open_for(&boris),
            vec![to_handle, to_boris, to_all],
            "open to all or addressed to Boris, newest first; not his own"
        );
        assert_eq!(open_for(&anna), vec![from_boris]);
    }

    // ------------------------------------------------------ tournaments ----

    pub fn tournaments_insert_reads_back_every_field(open: Open) {
        let mut s = open();
        let World { anna, chat, .. } = world(&mut s);
        let t = NewTournament {
            chat_id: chat.id,
            name: "Spring Cup",
            format: Format::Swiss { rounds: 7 },
            micro: false,
            ballot: Ballot::Balanced,
            seed: 42,
            days_per_move: Some(3),
            created_by: anna.id,
            max_players: 16,
            rated: false,
            bank: Some((20, 30)),
            leave_days: 10,
            ends_at: Some(T0 + 90 * DAY),
            variant: Variant::International,
        };
        let id = add_tournament(&mut s, &t);
        assert_eq!(
            tournament(&s, id),
            TournamentRow {
                id,
                chat_id: chat.id,
                name: "Spring Cup".into(),
                format: Format::Swiss { rounds: 7 },
                micro: false,
                ballot: Ballot::Balanced,
                seed: 42,
                days_per_move: Some(3),
                status: TournamentStatus::Open,
                created_by: anna.id,
                created_at: T0,
                max_players: 16,
                rated: false,
                bank_moves: Some(20),
                bank_days: Some(30),
                leave_days: 10,
                ends_at: Some(T0 + 90 * DAY),
                variant: Variant::International,
            }
        );
        for format in [Format::RoundRobin, Format::DoubleRoundRobin] {
            let id = add_tournament(
                &mut s,
                &NewTournament {
                    format,
                    ..new_tournament(chat.id, anna.id)
                },
            );
            let row = tournament(&s, id);
            assert_eq!(
                (row.format, row.ballot, row.micro, row.rated),
                (format, Ballot::Fmjd, true, true)
            );
            assert_eq!(
                (row.bank_moves, row.bank_days, row.ends_at),
                (None, None, None)
            );
        }
        assert_eq!(
            store::tournament(s.read(), TournamentId(9_999)).unwrap(),
            None
        );
    }

    pub fn tournaments_status_moves_only_from_the_named_status(open: Open) {
        use TournamentStatus as S;
        let mut s = open();
        let World {
            anna,
            chat,
            other_chat,
            ..
        } = world(&mut s);
        let t = new_tournament(chat.id, anna.id);
        let first = add_tournament(&mut s, &t);
        let second = add_tournament(&mut s, &t);
        let _elsewhere = add_tournament(
            &mut s,
            &NewTournament {
                chat_id: other_chat.id,
                ..t.clone()
            },
        );
        let live = |s: &Store| {
            store::live_tournaments_in_chat(s.read(), chat.id)
                .unwrap()
                .iter()
                .map(|t| t.id)
                .collect::<Vec<_>>()
        };
        assert_eq!(live(&s), vec![first, second]);
        assert!(
            !set_status(&mut s, first, S::Running, S::Finished, T0 + 1),
            "it is not running"
        );
        assert_eq!(tournament(&s, first).status, S::Open);
        assert!(set_status(&mut s, first, S::Open, S::Running, T0 + 2));
        assert!(
            !set_status(&mut s, first, S::Open, S::Running, T0 + 3),
            "started once"
        );
        assert!(!set_status(&mut s, first, S::Open, S::Cancelled, T0 + 4));
        assert_eq!(tournament(&s, first).status, S::Running);
        assert_eq!(live(&s), vec![first, second], "running is live too");
        assert!(set_status(&mut s, first, S::Running, S::Finished, T0 + 5));
        assert_eq!(tournament(&s, first).status, S::Finished);
        assert!(set_status(&mut s, second, S::Open, S::Cancelled, T0 + 6));
        assert_eq!(tournament(&s, second).status, S::Cancelled);
        assert!(!set_status(&mut s, second, S::Open, S::Running, T0 + 7));
        assert!(live(&s).is_empty());
        let last = store::last_finished_tournament_in_chat(s.read(), chat.id).unwrap();
        assert_eq!(
            last.map(|t| t.id),
            Some(first),
            "a cancelled one did not finish"
        );
        assert_eq!(
            store::last_finished_tournament_in_chat(s.read(), other_chat.id).unwrap(),
            None
        );
    }

    pub fn tournaments_players_join_once_in_entry_order(open: Open) {
        let mut s = open();
        let World {
            anna,
            boris,
            carl,
            chat,
            ..
        } = world(&mut s);
        let dave = w(&mut s, |tx| {
            store::upsert_user(tx, "console", "4", "Dave", None, T0)
        });
        let t = add_tournament(&mut s, &new_tournament(chat.id, anna.id));
        let join = |s: &mut Store, u: UserId| w(s, |tx| store::join_tournament(tx, t, u, T0));
        let entries = |s: &Store| {
            store::tournament_players(s.read(), t)
                .unwrap()
                .iter()
                .map(|p| (p.user_id, p.seq))
                .collect::<Vec<_>>()
        };
        assert!(join(&mut s, anna.id));
        assert!(join(&mut s, boris.id));
        assert!(!join(&mut s, anna.id), "entered once");
        assert!(join(&mut s, carl.id));
        assert_eq!(entries(&s), vec![(anna.id, 0), (boris.id, 1), (carl.id, 2)]);
        assert!(w(&mut s, |tx| store::leave_tournament(tx, t, boris.id)));
        assert!(!w(&mut s, |tx| store::leave_tournament(tx, t, boris.id)));
        assert_eq!(entries(&s), vec![(anna.id, 0), (carl.id, 1)], "renumbered");
        assert!(join(&mut s, boris.id));
        assert_eq!(entries(&s), vec![(anna.id, 0), (carl.id, 1), (boris.id, 2)]);

        assert!(w(&mut s, |tx| store::withdraw_player(
            tx,
            t,
            carl.id,
            T0 + 5
        )));
        assert!(!w(&mut s, |tx| store::withdraw_player(
            tx,
            t,
            carl.id,
            T0 + 6
        )));
        assert!(!w(&mut s, |tx| store::withdraw_player(
            tx,
            t,
            dave.id,
            T0 + 6
        )));
        w(&mut s, |tx| {
            store::set_tournament_leave(tx, t, anna.id, 3, T0 + 3 * DAY)
        });
        assert_eq!(
            store::tournament_player(s.read(), t, carl.id).unwrap(),
            Some(TournamentPlayerRow {
                user_id: carl.id,
                seq: 1,
                withdrawn_at: Some(T0 + 5),
                leave_used: 0,
                leave_until: 0,
            })
        );
        assert_eq!(
            store::tournament_player(s.read(), t, anna.id).unwrap(),
            Some(TournamentPlayerRow {
                user_id: anna.id,
                seq: 0,
                withdrawn_at: None,
                leave_used: 3,
                leave_until: T0 + 3 * DAY,
            })
        );
        assert_eq!(
            store::tournament_player(s.read(), t, dave.id).unwrap(),
            None
        );
        assert_eq!(
            store::tournament_players(s.read(), t).unwrap().len(),
            3,
            "withdrawn included"
        );
    }

    pub fn tournaments_games_are_in_schedule_order_and_tell_their_tournament(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let rated = add_tournament(&mut s, &new_tournament(chat.id, anna.id));
        let casual = add_tournament(
            &mut s,
            &NewTournament {
                rated: false,
                ..new_tournament(chat.id, anna.id)
            },
        );
        let (a, b) = (anna.id, boris.id);
        let schedule = |s: &mut Store, t: TournamentId, round: i64, pairing_no: i64| {
            let game_id = add_game(s, chat.id, a, b);
            let row = TournamentGameRow {
                tournament_id: t,
                round,
                pairing_no,
                white_seq: 0,
                black_seq: 1,
                game_id,
                opening_code: (round == 2).then(|| "ab4 ba5".to_string()),
            };
            w(s, |tx| store::insert_tournament_game(tx, &row));
            row
        };
        let r2 = schedule(&mut s, rated, 2, 0);
        let r1p1 = schedule(&mut s, rated, 1, 1);
        let r1p0 = schedule(&mut s, rated, 1, 0);
        let in_casual = schedule(&mut s, casual, 1, 0);
        let free = add_game(&mut s, chat.id, a, b);
        let r = s.read();
        assert_eq!(
            store::tournament_games(r, rated).unwrap(),
            vec![r1p0.clone(), r1p1.clone(), r2.clone()],
            "by round, then pairing"
        );
        assert_eq!(
            store::tournament_game_of(r, r2.game_id).unwrap(),
            Some(r2.clone())
        );
        assert_eq!(store::tournament_game_of(r, free).unwrap(), None);
        assert_eq!(
            store::tournament_of_game(r, r1p1.game_id)
                .unwrap()
                .map(|t| t.id),
            Some(rated)
        );
        assert_eq!(store::tournament_of_game(r, free).unwrap(), None);
        assert!(store::game_is_rated(r, r2.game_id).unwrap());
        assert!(
            !store::game_is_rated(r, in_casual.game_id).unwrap(),
            "a casual tournament's"
        );
        assert!(store::game_is_rated(r, free).unwrap());
        assert_eq!(store::count_active_tournament_games(r, rated).unwrap(), 3);

        // Anna (White) loses the first on time, the second by resignation
        assert!(finish(
            &mut s,
            r1p0.game_id,
            GameResult::BlackWins,
            Termination::Timeout,
            T0
        ));
        assert!(finish(
            &mut s,
            r1p1.game_id,
            GameResult::BlackWins,
            Termination::Resignation,
            T0
        ));
        let r = s.read();
        assert_eq!(
            store::active_tournament_games(r, rated).unwrap(),
            vec![r2.clone()]
        );
        assert_eq!(store::count_active_tournament_games(r, rated).unwrap(), 1);
        assert_eq!(store::count_time_forfeits(r, rated, a).unwrap(), 1);
        assert_eq!(store::count_time_forfeits(r, rated, b).unwrap(), 0);
        assert_eq!(store::count_time_forfeits(r, casual, a).unwrap(), 0);

        assert_eq!(store::leave_until_in_game(r, r2.game_id, a).unwrap(), 0);
        assert!(w(&mut s, |tx| store::join_tournament(tx, rated, a, T0)));
        w(&mut s, |tx| {
            store::set_tournament_leave(tx, rated, a, 2, T0 + 99)
        });
        let r = s.read();
        assert_eq!(
            store::leave_until_in_game(r, r2.game_id, a).unwrap(),
            T0 + 99
        );
        assert_eq!(store::leave_until_in_game(r, r2.game_id, b).unwrap(), 0);
        assert_eq!(
            store::leave_until_in_game(r, in_casual.game_id, a).unwrap(),
            0
        );
        assert_eq!(store::leave_until_in_game(r, free, a).unwrap(), 0);

        // a game to play read with its moves and facts (issue 22): each
        // player's leave as above, whether it has conditional lines
        assert!(w(&mut s, |tx| store::join_tournament(tx, rated, b, T0)));
        w(&mut s, |tx| {
            store::set_tournament_leave(tx, rated, b, 1, T0 + 7)
        });
        for (ply, mv) in ["c3-d4", "f6-g5", "b2-c3"].iter().enumerate() {
            assert!(w(&mut s, |tx| store::record_move(
                tx,
                r2.game_id,
                Ply(ply as i64),
                mv,
                "W:x",
                None,
                &NextClock::default(),
                T0 + 1
            )));
        }
        let line = strings(&["g5-h4", "c3-b4"]);
        w(&mut s, |tx| {
            store::add_conditional(tx, r2.game_id, b, Ply(3), &line, T0 + 2)
        });
        let r = s.read();
        let (row, moves, facts) = store::game_with_moves(r, r2.game_id).unwrap().unwrap();
        assert_eq!(row, store::game(r, r2.game_id).unwrap().unwrap());
        assert_eq!(moves, strings(&["c3-d4", "f6-g5", "b2-c3"]));
        assert_eq!(
            facts,
            store::GameFacts {
                white_leave: T0 + 99,
                black_leave: T0 + 7,
                conditionals: true,
            }
        );
        assert_eq!(
            (facts.leave_of(&row, a), facts.leave_of(&row, b)),
            (T0 + 99, T0 + 7)
        );
        assert_eq!(facts.leave_of(&row, UserId(9_999)), 0);
        assert_eq!(
            store::game_history(r, r2.game_id).unwrap(),
            Some((moves, facts))
        );
        let (_, none, free_facts) = store::game_with_moves(r, free).unwrap().unwrap();
        assert!(none.is_empty(), "no move yet: {none:?}");
        assert_eq!(
            free_facts,
            store::GameFacts::default(),
            "no tournament, no line"
        );
        assert_eq!(store::game_with_moves(r, GameId(9_999)).unwrap(), None);
        assert_eq!(store::game_history(r, GameId(9_999)).unwrap(), None);
    }

    pub fn tournaments_byes_are_kept_in_round_order_with_their_kind(open: Open) {
        let mut s = open();
        let World { anna, chat, .. } = world(&mut s);
        let t = add_tournament(&mut s, &new_tournament(chat.id, anna.id));
        let other = add_tournament(&mut s, &new_tournament(chat.id, anna.id));
        w(&mut s, |tx| {
            store::insert_tournament_bye(tx, t, 2, 3, false)
        });
        w(&mut s, |tx| store::insert_tournament_bye(tx, t, 1, 4, true));
        w(&mut s, |tx| {
            store::insert_tournament_bye(tx, t, 1, 0, false)
        });
        assert_eq!(
            store::tournament_byes(s.read(), t).unwrap(),
            vec![
                ByeRow {
                    round: 1,
                    seq: 0,
                    half: false
                },
                ByeRow {
                    round: 1,
                    seq: 4,
                    half: true
                },
                ByeRow {
                    round: 2,
                    seq: 3,
                    half: false
                },
            ]
        );
        assert!(
            s.transaction(|tx| store::insert_tournament_bye(tx, t, 1, 4, false))
                .is_err(),
            "a player has one bye a round"
        );
        assert_eq!(store::tournament_byes(s.read(), t).unwrap().len(), 3);
        assert!(store::tournament_byes(s.read(), other).unwrap().is_empty());
    }

    pub fn tournaments_past_their_end_are_announced_once(open: Open) {
        use TournamentStatus as S;
        let mut s = open();
        let World { anna, chat, .. } = world(&mut s);
        let ending = |at: Option<i64>| NewTournament {
            ends_at: at,
            ..new_tournament(chat.id, anna.id)
        };
        let first = add_tournament(&mut s, &ending(Some(T0 + 100)));
        let second = add_tournament(&mut s, &ending(Some(T0 + 300)));
        let not_started = add_tournament(&mut s, &ending(Some(T0 + 50)));
        let endless = add_tournament(&mut s, &ending(None));
        for t in [first, second, endless] {
            assert!(set_status(&mut s, t, S::Open, S::Running, T0));
        }
        let past = |s: &Store, now| {
            store::tournaments_past_end(s.read(), now)
                .unwrap()
                .iter()
                .map(|t| t.id)
                .collect::<Vec<_>>()
        };
        assert_eq!(past(&s, T0 + 99), Vec::<TournamentId>::new());
        assert_eq!(past(&s, T0 + 100), vec![first]);
        assert_eq!(
            past(&s, T0 + 1_000),
            vec![first, second],
            "not {not_started} (open)"
        );
        assert!(w(&mut s, |tx| store::mark_end_announced(tx, first)));
        assert!(
            !w(&mut s, |tx| store::mark_end_announced(tx, first)),
            "announced once"
        );
        assert_eq!(past(&s, T0 + 1_000), vec![second]);
    }

    // ---------------------------------------------------------- ratings ----

    pub fn ratings_default_until_saved_and_are_kept_per_chat_and_variant(open: Open) {
        let mut s = open();
        let World {
            anna,
            boris,
            chat,
            other_chat,
            ..
        } = world(&mut s);
        let poddavki = Variant::Poddavki;
        let fresh = RatingRow {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
        };
        assert_eq!(store::rating(s.read(), anna.id, chat.id).unwrap(), fresh);
        let mine = rating(1612.5, 3);
        w(&mut s, |tx| store::save_rating(tx, anna.id, chat.id, &mine));
        let r = s.read();
        assert_eq!(store::rating(r, anna.id, chat.id).unwrap(), mine);
        assert_eq!(
            store::rating_in(r, anna.id, chat.id, Variant::Russian).unwrap(),
            mine
        );
        assert_eq!(
            store::rating(r, anna.id, ChatId::EVERYWHERE).unwrap(),
            fresh,
            "overall is its own row"
        );
        assert_eq!(store::rating(r, anna.id, other_chat.id).unwrap(), fresh);
        assert_eq!(
            store::rating_in(r, anna.id, chat.id, poddavki).unwrap(),
            fresh
        );
        assert_eq!(store::rating(r, boris.id, chat.id).unwrap(), fresh);

        let overall_poddavki = rating(1444.25, 5);
        w(&mut s, |tx| {
            store::save_rating_in(tx, anna.id, ChatId::EVERYWHERE, poddavki, &overall_poddavki)
        });
        assert_eq!(
            store::rating_in(s.read(), anna.id, ChatId::EVERYWHERE, poddavki).unwrap(),
            overall_poddavki
        );
        assert_eq!(
            store::rating(s.read(), anna.id, ChatId::EVERYWHERE).unwrap(),
            fresh
        );
        let better = rating(1700.0, 4);
        w(&mut s, |tx| {
            store::save_rating(tx, anna.id, chat.id, &better)
        });
        assert_eq!(
            store::rating(s.read(), anna.id, chat.id).unwrap(),
            better,
            "overwritten"
        );
        // a wide board's variants have rows of their own, stored by key
        for v in [
            Variant::International,
            Variant::Russian10x8,
            Variant::Bashni,
        ] {
            assert_eq!(
                store::rating_in(s.read(), anna.id, chat.id, v).unwrap(),
                fresh,
                "{v}"
            );
        }
        let intl = rating(1655.0, 2);
        w(&mut s, |tx| {
            store::save_rating_in(tx, anna.id, chat.id, Variant::International, &intl)
        });
        assert_eq!(
            store::rating_in(s.read(), anna.id, chat.id, Variant::International).unwrap(),
            intl
        );
        assert_eq!(store::rating(s.read(), anna.id, chat.id).unwrap(), better);
        assert_eq!(
            store::rating_in(s.read(), anna.id, chat.id, Variant::Bashni).unwrap(),
            fresh
        );
    }

    pub fn ratings_top_lists_are_best_first_per_chat_and_variant_and_limited(open: Open) {
        let mut s = open();
        let World {
            anna,
            boris,
            carl,
            chat,
            other_chat,
        } = world(&mut s);
        let dave = w(&mut s, |tx| {
            store::upsert_user(tx, "console", "4", "Dave", None, T0)
        });
        let poddavki = Variant::Poddavki;
        w(&mut s, |tx| {
            store::save_rating(tx, anna.id, chat.id, &rating(1700.0, 2))?;
            store::save_rating(tx, boris.id, chat.id, &rating(1800.0, 2))?;
            store::save_rating(tx, carl.id, chat.id, &rating(1600.0, 2))?;
            store::save_rating(tx, dave.id, other_chat.id, &rating(2000.0, 2))?;
            store::save_rating_in(tx, anna.id, chat.id, poddavki, &rating(1900.0, 1))?;
            store::save_rating(tx, carl.id, ChatId::EVERYWHERE, &rating(1550.0, 2))
        });
        let top = |s: &Store, chat: ChatId, variant: Variant, n: usize| {
            store::top_ratings_in(s.read(), chat, variant, n)
                .unwrap()
                .into_iter()
                .map(|(u, r)| (u.name, r.rating))
                .collect::<Vec<_>>()
        };
        let named = |v: &[(&str, f64)]| {
            v.iter()
                .map(|(n, r)| (n.to_string(), *r))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            top(&s, chat.id, Variant::Russian, 10),
            named(&[("Boris", 1800.0), ("Anna", 1700.0), ("Carl", 1600.0)])
        );
        assert_eq!(
            top(&s, chat.id, Variant::Russian, 2),
            named(&[("Boris", 1800.0), ("Anna", 1700.0)])
        );
        assert_eq!(top(&s, chat.id, poddavki, 10), named(&[("Anna", 1900.0)]));
        assert_eq!(
            top(&s, ChatId::EVERYWHERE, Variant::Russian, 10),
            named(&[("Carl", 1550.0)])
        );
        assert_eq!(
            top(&s, other_chat.id, Variant::Russian, 10),
            named(&[("Dave", 2000.0)])
        );
        let plain = store::top_ratings(s.read(), chat.id, 1).unwrap();
        assert_eq!(plain.len(), 1);
        assert_eq!((plain[0].0.id, plain[0].1), (boris.id, rating(1800.0, 2)));
    }

    // --------------------------------------------------------- analyses ----

    fn done<'a>(marks: &'a [String], best: &'a [String]) -> AnalysisDone<'a> {
        AnalysisDone {
            movetext: "1. c3-d4 f6-g5?! 2. e3-f4",
            white_accuracy: 91.5,
            black_accuracy: 78.25,
            scores: &[0, 35, -20],
            marks,
            best_moves: best,
            losses: &[0, 40, 0],
            depth: 12,
        }
    }

    fn finished_game(s: &mut Store, w_: &World) -> GameId {
        let id = add_game(s, w_.chat.id, w_.anna.id, w_.boris.id);
        assert!(finish(s, id, GameResult::Draw, Termination::Agreement, T0));
        id
    }

    pub fn analyses_are_requested_once_while_pending_or_done_again_after_failure(open: Open) {
        let mut s = open();
        let world = world(&mut s);
        let (anna, boris, chat) = (world.anna.id, world.boris.id, world.chat.id);
        let g = finished_game(&mut s, &world);
        assert_eq!(store::analysis(s.read(), g).unwrap(), None);
        assert!(w(&mut s, |tx| store::request_analysis(
            tx, g, chat, anna, T0
        )));
        assert_eq!(
            analysis(&s, g),
            AnalysisRow {
                game_id: g,
                chat_id: chat,
                requested_by: Some(anna),
                status: AnalysisStatus::Pending,
                movetext: None,
                white_accuracy: None,
                black_accuracy: None,
                scores: vec![],
                marks: vec![],
                best_moves: vec![],
                losses: vec![],
                depth: None,
                final_owed: false,
            }
        );
        assert!(
            !w(&mut s, |tx| store::request_analysis(
                tx,
                g,
                chat,
                boris,
                T0 + 1
            )),
            "pending: not asked again"
        );
        assert_eq!(analysis(&s, g).requested_by, Some(anna));
        assert!(w(&mut s, |tx| store::fail_analysis(tx, g, T0 + 2)));
        assert!(
            w(&mut s, |tx| store::request_analysis(
                tx,
                g,
                chat,
                boris,
                T0 + 3
            )),
            "failed: it may be asked again"
        );
        let again = analysis(&s, g);
        assert_eq!(
            (again.status, again.requested_by, again.final_owed),
            (AnalysisStatus::Pending, Some(boris), false)
        );
        let (marks, best) = (
            strings(&["", "?!", ""]),
            strings(&["c3-d4", "h6-g5", "e3-f4"]),
        );
        assert!(w(&mut s, |tx| store::finish_analysis(
            tx,
            g,
            &done(&marks, &best),
            T0 + 4
        )));
        assert!(
            !w(&mut s, |tx| store::request_analysis(
                tx,
                g,
                chat,
                anna,
                T0 + 5
            )),
            "done: made once"
        );
        assert_eq!(analysis(&s, g).status, AnalysisStatus::Done);
    }

    pub fn analyses_finish_keeps_every_field_and_owes_the_final_text_until_acked(open: Open) {
        let mut s = open();
        let world = world(&mut s);
        let g = finished_game(&mut s, &world);
        let pending = finished_game(&mut s, &world);
        w(&mut s, |tx| {
            store::request_analysis(tx, g, world.chat.id, world.anna.id, T0)?;
            store::request_analysis(tx, pending, world.chat.id, world.anna.id, T0)
        });
        let (marks, best) = (
            strings(&["", "?!", ""]),
            strings(&["c3-d4", "h6-g5", "e3-f4"]),
        );
        let result = done(&marks, &best);
        assert!(w(&mut s, |tx| store::finish_analysis(
            tx,
            g,
            &result,
            T0 + 60
        )));
        assert!(
            !w(&mut s, |tx| store::finish_analysis(tx, g, &result, T0 + 61)),
            "once"
        );
        assert_eq!(
            analysis(&s, g),
            AnalysisRow {
                game_id: g,
                chat_id: world.chat.id,
                requested_by: Some(world.anna.id),
                status: AnalysisStatus::Done,
                movetext: Some("1. c3-d4 f6-g5?! 2. e3-f4".into()),
                white_accuracy: Some(91.5),
                black_accuracy: Some(78.25),
                scores: vec![0, 35, -20],
                marks,
                best_moves: best,
                losses: vec![0, 40, 0],
                depth: Some(12),
                final_owed: true,
            }
        );
        assert_eq!(
            store::analyses_owing_final(s.read(), T0 + 60).unwrap(),
            vec![g]
        );
        assert!(
            store::analyses_owing_final(s.read(), T0 + 61)
                .unwrap()
                .is_empty(),
            "only those finished since"
        );
        assert!(
            !w(&mut s, |tx| store::ack_analysis_final(tx, pending)),
            "nothing owed yet"
        );
        assert!(w(&mut s, |tx| store::ack_analysis_final(tx, g)));
        assert!(
            !w(&mut s, |tx| store::ack_analysis_final(tx, g)),
            "acknowledged once"
        );
        assert!(!analysis(&s, g).final_owed);
        assert!(store::analyses_owing_final(s.read(), T0)
            .unwrap()
            .is_empty());
    }

    pub fn analyses_lists_round_trip_empty_and_single_empty_entries(open: Open) {
        let mut s = open();
        let world = world(&mut s);
        let cases: [(&[&str], &[&str]); 3] = [
            (&[], &[]),
            (&[""], &["c3-d4"]),
            (&["", ""], &["c3-d4", "f6-g5"]),
        ];
        for (marks, best) in cases {
            let g = finished_game(&mut s, &world);
            w(&mut s, |tx| {
                store::request_analysis(tx, g, world.chat.id, world.anna.id, T0)
            });
            let (marks, best) = (strings(marks), strings(best));
            let result = AnalysisDone {
                scores: &[],
                losses: &[],
                ..done(&marks, &best)
            };
            assert!(w(&mut s, |tx| store::finish_analysis(
                tx,
                g,
                &result,
                T0 + 1
            )));
            let row = analysis(&s, g);
            assert_eq!((row.marks, row.best_moves), (marks, best));
            assert_eq!((row.scores, row.losses), (vec![], vec![]));
        }
    }

    pub fn analyses_fail_owes_the_final_text_and_only_pending_ones_end(open: Open) {
        let mut s = open();
        let world = world(&mut s);
        let g = finished_game(&mut s, &world);
        let (marks, best) = (strings(&[""]), strings(&["c3-d4"]));
        assert!(
            !w(&mut s, |tx| store::fail_analysis(tx, g, T0)),
            "not asked for"
        );
        w(&mut s, |tx| {
            store::request_analysis(tx, g, world.chat.id, world.anna.id, T0)
        });
        assert!(w(&mut s, |tx| store::fail_analysis(tx, g, T0 + 5)));
        let row = analysis(&s, g);
        assert_eq!((row.status, row.final_owed), (AnalysisStatus::Failed, true));
        assert!(!w(&mut s, |tx| store::fail_analysis(tx, g, T0 + 6)));
        assert!(!w(&mut s, |tx| store::finish_analysis(
            tx,
            g,
            &done(&marks, &best),
            T0 + 6
        )));
        assert_eq!(analysis(&s, g).status, AnalysisStatus::Failed);
        assert_eq!(store::analyses_owing_final(s.read(), T0).unwrap(), vec![g]);
        assert!(w(&mut s, |tx| store::ack_analysis_final(tx, g)));
        assert!(store::analyses_owing_final(s.read(), T0)
            .unwrap()
            .is_empty());
    }

    pub fn analyses_pending_are_listed_oldest_first_and_counted_per_user(open: Open) {
        let mut s = open();
        let world = world(&mut s);
        let (anna, boris, chat) = (world.anna.id, world.boris.id, world.chat.id);
        let older = finished_game(&mut s, &world);
        let newer = finished_game(&mut s, &world);
        let failed = finished_game(&mut s, &world);
        w(&mut s, |tx| {
            store::request_analysis(tx, newer, chat, anna, T0 + 2)?;
            store::request_analysis(tx, older, chat, anna, T0 + 1)?;
            store::request_analysis(tx, failed, chat, boris, T0)?;
            store::fail_analysis(tx, failed, T0 + 3)
        });
        assert_eq!(
            store::pending_analyses(s.read()).unwrap(),
            vec![older, newer]
        );
        assert_eq!(store::count_pending_analyses_by(s.read(), anna).unwrap(), 2);
        assert_eq!(
            store::count_pending_analyses_by(s.read(), boris).unwrap(),
            0
        );
    }

    // ---------------------------------------- notifications and updates ----

    pub fn notifications_are_recorded_once_per_game_ply_and_kind_and_pruned(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let g = add_game(&mut s, chat.id, anna.id, boris.id);
        let g2 = add_game(&mut s, chat.id, anna.id, boris.id);
        let mark = |s: &mut Store, game, ply, kind, user, now| {
            w(s, |tx| store::mark_notified(tx, game, ply, kind, user, now))
        };
        assert!(mark(&mut s, g, Ply(3), "turn", anna.id, T0));
        assert!(
            !mark(&mut s, g, Ply(3), "turn", anna.id, T0 + 1),
            "sent once"
        );
        assert!(
            !mark(&mut s, g, Ply(3), "turn", boris.id, T0 + 1),
            "once, whoever it is for"
        );
        assert!(mark(&mut s, g, Ply(3), "reminder-0", anna.id, T0));
        assert!(mark(&mut s, g, Ply(4), "turn", boris.id, T0 + 20));
        assert!(mark(&mut s, g2, Ply(3), "turn", anna.id, T0));
        assert_eq!(w(&mut s, |tx| store::prune_notifications(tx, T0 + 10)), 3);
        assert!(
            mark(&mut s, g, Ply(3), "turn", anna.id, T0 + 30),
            "forgotten when pruned"
        );
        assert!(
            !mark(&mut s, g, Ply(4), "turn", boris.id, T0 + 30),
            "a newer one is kept"
        );
    }

    pub fn updates_are_marked_once_per_platform_and_pruned(open: Open) {
        let mut s = open();
        let mark =
            |s: &mut Store, platform, id, now| w(s, |tx| store::mark_update(tx, platform, id, now));
        assert!(mark(&mut s, "telegram", "100", T0));
        assert!(
            !mark(&mut s, "telegram", "100", T0 + 1),
            "a redelivered update"
        );
        assert!(
            mark(&mut s, "discord", "100", T0),
            "another platform's ids are its own"
        );
        assert!(mark(&mut s, "telegram", "101", T0 + 50));
        assert_eq!(w(&mut s, |tx| store::prune_updates(tx, T0 + 10)), 2);
        assert!(mark(&mut s, "telegram", "100", T0 + 60));
        assert!(!mark(&mut s, "telegram", "101", T0 + 60));
    }

    // ---------------------------------------------- adapter bookkeeping ----

    pub fn placed_boards_are_replaced_recognised_and_pruned(open: Open) {
        let mut s = open();
        let at = |c: &str, m: &str| store::PlacedRow {
            chat: c.to_string(),
            thread: None,
            message: m.to_string(),
            media: true,
        };
        let board = |s: &Store, platform, game: i64| {
            store::placed_message(s.read(), platform, &format!("board:{game}"))
                .unwrap()
                .map(|p| (p.chat, p.message))
        };
        let set = |s: &mut Store, platform: &str, game: i64, c: &str, m: &str, now| {
            let key = format!("board:{game}");
            w(s, |tx| {
                store::set_placed_message(tx, platform, &key, &at(c, m), now)
            });
        };
        let is_board = |s: &Store, platform, chat, message| {
            store::is_board_message(s.read(), platform, chat, message).unwrap()
        };
        let pair = |c: &str, m: &str| Some((c.to_string(), m.to_string()));
        let (g, g2) = (1, 2);
        assert_eq!(board(&s, "telegram", g), None);
        set(&mut s, "telegram", g, "-100", "m1", T0);
        assert_eq!(board(&s, "telegram", g), pair("-100", "m1"));
        assert!(is_board(&s, "telegram", "-100", "m1"));
        set(&mut s, "telegram", g, "-100", "m2", T0 + 10);
        assert_eq!(board(&s, "telegram", g), pair("-100", "m2"));
        assert!(
            !is_board(&s, "telegram", "-100", "m1"),
            "the old board is no longer one"
        );
        assert!(is_board(&s, "telegram", "-100", "m2"));
        assert!(!is_board(&s, "telegram", "-200", "m2"));
        set(&mut s, "discord", g, "c", "d1", T0);
        set(&mut s, "telegram", g2, "-100", "m3", T0 + 1);
        assert_eq!(board(&s, "discord", g), pair("c", "d1"));
        assert_eq!(board(&s, "telegram", g), pair("-100", "m2"), "per platform");
        assert!(!is_board(&s, "discord", "-100", "m2"));
        // a live message in the same chat is no board
        let live = store::PlacedRow {
            media: false,
            ..at("-100", "m9")
        };
        w(&mut s, |tx| {
            store::set_placed_message(tx, "telegram", "live:analysis-1", &live, T0 + 10)
        });
        assert!(!is_board(&s, "telegram", "-100", "m9"));
        assert_eq!(w(&mut s, |tx| store::prune_placed_messages(tx, T0 + 5)), 2);
        assert_eq!(board(&s, "discord", g), None);
        assert_eq!(board(&s, "telegram", g2), None);
        assert_eq!(board(&s, "telegram", g), pair("-100", "m2"));
    }

    pub fn placed_live_messages_are_replaced_and_pruned(open: Open) {
        let mut s = open();
        let live = |s: &Store, platform, key: &str| {
            store::placed_message(s.read(), platform, &format!("live:{key}"))
                .unwrap()
                .map(|p| (p.chat, p.thread, p.message, p.media))
        };
        let set = |s: &mut Store, platform: &str, key: &str, thread: Option<&str>, m: &str, now| {
            let at = store::PlacedRow {
                chat: "-100".into(),
                thread: thread.map(str::to_string),
                message: m.into(),
                media: false,
            };
            let key = format!("live:{key}");
            w(s, |tx| {
                store::set_placed_message(tx, platform, &key, &at, now)
            });
        };
        let row = |t: Option<&str>, m: &str| {
            Some((
                "-100".to_string(),
                t.map(str::to_string),
                m.to_string(),
                false,
            ))
        };
        assert_eq!(live(&s, "telegram", "analysis-1"), None);
        set(&mut s, "telegram", "analysis-1", Some("7"), "m1", T0);
        set(&mut s, "discord", "analysis-1", None, "d1", T0 + 20);
        set(&mut s, "telegram", "analysis-2", None, "m5", T0);
        assert_eq!(live(&s, "telegram", "analysis-1"), row(Some("7"), "m1"));
        set(&mut s, "telegram", "analysis-1", None, "m2", T0 + 10);
        assert_eq!(live(&s, "telegram", "analysis-1"), row(None, "m2"));
        assert_eq!(live(&s, "discord", "analysis-1"), row(None, "d1"));
        assert_eq!(w(&mut s, |tx| store::prune_placed_messages(tx, T0 + 5)), 1);
        assert_eq!(live(&s, "telegram", "analysis-2"), None);
        assert_eq!(live(&s, "telegram", "analysis-1"), row(None, "m2"));
    }

    /// The deliverer's rows done with at once (issue 22): one statement
    /// for up to 64 ids, each row done once, whatever was done before.
    pub fn outbox_rows_are_done_together_in_few_statements(open: Open) {
        let mut s = open();
        let replies: Vec<String> = (0..70).map(|i| format!("{{\"n\":{i}}}")).collect();
        let ids = w(&mut s, |tx| {
            let rows: Vec<store::NewOutboxRow> = replies
                .iter()
                .map(|r| store::NewOutboxRow {
                    platform: "telegram",
                    chat: "-100",
                    thread: None,
                    kind: DeliveryKind::Post,
                    reply: r.clone(),
                    claim: None,
                })
                .collect();
            store::insert_outbox_rows(tx, &rows, T0)
        });
        assert!(store::mark_outbox_done(s.read(), ids[3], Delivered::Sent, T0 + 1).unwrap());
        let mut asked = ids.clone();
        asked.push(OutboxId(ids[69].0 + 1_000)); // no such row
        let done =
            store::mark_outbox_done_all(s.read(), &asked, Delivered::Failed, T0 + 2).unwrap();
        assert_eq!(done, 69, "each row not done already");
        assert_eq!(store::count_owed(s.read()).unwrap(), 0);
        let before = s.round_trips();
        let again = store::mark_outbox_done_all(s.read(), &asked, Delivered::Sent, T0 + 3).unwrap();
        assert_eq!(again, 0, "done once");
        assert_eq!(s.round_trips() - before, 2, "71 ids in two statements");
        assert_eq!(
            store::mark_outbox_done_all(s.read(), &[], Delivered::Sent, T0 + 4).unwrap(),
            0
        );
        // the row done first keeps its outcome: pruned with the sent ones
        // at its own time
        assert_eq!(w(&mut s, |tx| store::prune_outbox(tx, T0 + 2)), 1);
        assert_eq!(w(&mut s, |tx| store::prune_outbox(tx, T0 + 3)), 69);
    }

    pub fn outbox_rows_are_owed_in_order_done_once_and_pruned(open: Open) {
        let mut s = open();
        let put = |s: &mut Store, chat: &str, reply: &str, now| {
            w(s, |tx| {
                store::insert_outbox(
                    tx,
                    "telegram",
                    chat,
                    None,
                    DeliveryKind::Post,
                    reply,
                    None,
                    now,
                )
            })
        };
        let a = put(&mut s, "-100", "{\"a\":1}", T0);
        let b = put(&mut s, "-200", "{\"b\":2}", T0 + 1);
        let c = put(&mut s, "-100", "{\"c\":3}", T0 + 2);
        assert!(a < b && b < c);
        let owed = |s: &Store, after| -> Vec<(OutboxId, String)> {
            store::owed_replies(s.read(), after, 10)
                .unwrap()
                .into_iter()
                .map(|r| (r.id, r.reply))
                .collect()
        };
        assert_eq!(
            owed(&s, OutboxId(0)),
            [
                (a, "{\"a\":1}".to_string()),
                (b, "{\"b\":2}".to_string()),
                (c, "{\"c\":3}".to_string())
            ]
        );
        assert_eq!(owed(&s, a).len(), 2, "from an id on");
        assert_eq!(store::count_owed(s.read()).unwrap(), 3);
        assert!(w(&mut s, |tx| store::mark_outbox_done(
            tx,
            b,
            Delivered::Sent,
            T0 + 10
        )));
        assert!(
            !w(&mut s, |tx| store::mark_outbox_done(
                tx,
                b,
                Delivered::Sent,
                T0 + 11
            )),
            "done once"
        );
        assert_eq!(owed(&s, OutboxId(0)).len(), 2);
        assert!(w(&mut s, |tx| store::mark_outbox_done(
            tx,
            a,
            Delivered::Refused,
            T0 + 20
        )));
        // rows sent before T0 + 15 are forgotten; the owed never
        assert_eq!(w(&mut s, |tx| store::prune_outbox(tx, T0 + 15)), 1);
        assert_eq!(owed(&s, OutboxId(0)), [(c, "{\"c\":3}".to_string())]);
        assert_eq!(w(&mut s, |tx| store::prune_outbox(tx, T0 + 100)), 1);
        assert_eq!(store::count_owed(s.read()).unwrap(), 1);
        // a batch's replies at once (more than one statement takes), in
        // order, after the last id
        let many: Vec<String> = (0..20).map(|i| format!("{{\"n\":{i}}}")).collect();
        let ids = w(&mut s, |tx| {
            let rows: Vec<store::NewOutboxRow> = many
                .iter()
                .map(|r| store::NewOutboxRow {
                    platform: "discord",
                    chat: "c",
                    thread: Some("t"),
                    kind: DeliveryKind::Note,
                    reply: r.clone(),
                    claim: None,
                })
                .collect();
            store::insert_outbox_rows(tx, &rows, T0 + 200)
        });
        assert_eq!(
            ids,
            ((c.0 + 1)..(c.0 + 21)).map(OutboxId).collect::<Vec<_>>()
        );
        let read: Vec<(OutboxId, String)> = store::owed_replies(s.read(), c, 100)
            .unwrap()
            .into_iter()
            .map(|r| (r.id, r.reply))
            .collect();
        assert_eq!(read, ids.into_iter().zip(many).collect::<Vec<_>>());
        // each row's delivery kind is read back as written
        let kinds: Vec<DeliveryKind> = store::owed_replies(s.read(), OutboxId(0), 100)
            .unwrap()
            .into_iter()
            .map(|r| r.kind)
            .collect();
        assert_eq!(kinds[0], DeliveryKind::Post);
        assert!(
            kinds[1..].iter().all(|k| *k == DeliveryKind::Note),
            "{kinds:?}"
        );
        assert_eq!(
            w(&mut s, |tx| store::insert_outbox_rows(tx, &[], T0)),
            Vec::<OutboxId>::new()
        );
    }

    pub fn settings_are_stored_and_overwritten(open: Open) {
        let mut s = open();
        assert_eq!(store::get_setting(s.read(), "heartbeat").unwrap(), None);
        w(&mut s, |tx| {
            store::set_setting(tx, "heartbeat", "1700000000")
        });
        assert_eq!(
            store::get_setting(s.read(), "heartbeat")
                .unwrap()
                .as_deref(),
            Some("1700000000")
        );
        w(&mut s, |tx| {
            store::set_setting(tx, "heartbeat", "1700000060")
        });
        w(&mut s, |tx| store::set_setting(tx, "other", ""));
        assert_eq!(
            store::get_setting(s.read(), "heartbeat")
                .unwrap()
                .as_deref(),
            Some("1700000060")
        );
        assert_eq!(
            store::get_setting(s.read(), "other").unwrap().as_deref(),
            Some("")
        );
        assert_eq!(store::get_setting(s.read(), "nope").unwrap(), None);
    }

    // ------------------------------------------------ several processes ----

    pub fn leases_go_to_one_holder_until_they_run_out(open: Open) {
        let mut s = open();
        let (a, b) = (store::Holder::new(), store::Holder::new());
        assert_ne!(a, b);
        assert_eq!(store::Holder::parse(&a.to_string()), Some(a.clone()));
        let take = |s: &mut Store, h: &store::Holder, now: i64| {
            w(s, |tx| {
                store::take_or_renew_lease(tx, "sweeper", h, now, now + 30_000)
            })
        };
        assert!(take(&mut s, &a, 1_000), "a free lease is taken");
        assert!(!take(&mut s, &b, 2_000), "held: not b's");
        assert!(take(&mut s, &a, 20_000), "renewed by its holder");
        assert!(!take(&mut s, &b, 49_999), "renewed to 50 000");
        assert_eq!(
            store::lease(s.read(), "sweeper").unwrap(),
            Some((a.clone(), 50_000))
        );
        assert!(take(&mut s, &b, 50_001), "run out: b takes it over");
        assert!(!take(&mut s, &a, 50_002), "and a no longer has it");
        w(&mut s, |tx| store::release_lease(tx, "sweeper", &a));
        assert!(!take(&mut s, &a, 50_003), "a cannot release b's");
        w(&mut s, |tx| store::release_lease(tx, "sweeper", &b));
        assert!(take(&mut s, &a, 50_004), "released: free at once");
    }

    pub fn jobs_are_claimed_once_moves_first_and_taken_over_when_expired(open: Open) {
        use store::{JobKind, QueuedJob};
        let mut s = open();
        let (a, b) = (store::Holder::new(), store::Holder::new());
        let job = |kind, game: i64, ply: i64| QueuedJob {
            kind,
            game: GameId(game),
            ply: Ply(ply),
        };
        let analyse = job(JobKind::Analyse, 1, 0);
        let mv = job(JobKind::AiMove, 2, 5);
        // the analysis queued first, the move after
        assert_eq!(
            w(&mut s, |tx| store::enqueue_jobs(
                tx,
                &[analyse, mv],
                None,
                T0
            )),
            2
        );
        assert_eq!(
            w(&mut s, |tx| store::enqueue_jobs(tx, &[mv], None, T0)),
            0,
            "one job per (kind, game, ply)"
        );
        let first = w(&mut s, |tx| store::claim_next_job(tx, &a, 1_000, 31_000)).unwrap();
        assert_eq!(first.job, mv, "moves before analyses");
        let second = w(&mut s, |tx| store::claim_next_job(tx, &b, 1_000, 31_000)).unwrap();
        assert_eq!(second.job, analyse);
        assert_eq!(
            w(&mut s, |tx| store::claim_next_job(tx, &b, 1_001, 31_001)),
            None,
            "both claimed: nothing for anyone"
        );
        // the claimant's own job is its own again; another's is not
        assert!(w(&mut s, |tx| store::claim_job(tx, &mv, &a, 2_000, 32_000)).is_some());
        assert!(w(&mut s, |tx| store::claim_job(tx, &mv, &b, 2_000, 32_000)).is_none());
        assert!(w(&mut s, |tx| store::extend_job(tx, first.id, &a, 60_000)));
        assert!(!w(&mut s, |tx| store::extend_job(tx, first.id, &b, 90_000)));
        assert!(w(&mut s, |tx| store::extend_job(tx, second.id, &b, 90_000)));
        // a's move claim runs out at 60 000: b takes it over
        assert_eq!(
            w(&mut s, |tx| store::claim_next_job(tx, &b, 59_999, 90_000)),
            None
        );
        let taken = w(&mut s, |tx| store::claim_next_job(tx, &b, 60_001, 90_000)).unwrap();
        assert_eq!(taken.job, mv);
        assert!(
            !w(&mut s, |tx| store::finish_job(tx, first.id, &a)),
            "not a's now"
        );
        assert!(w(&mut s, |tx| store::finish_job(tx, taken.id, &b)));
        // a failed round: back, anyone's after its pause, counted
        assert_eq!(
            w(&mut s, |tx| store::fail_job(tx, second.id, &b, 100_000)),
            Some(1)
        );
        assert_eq!(
            w(&mut s, |tx| store::claim_next_job(tx, &a, 99_999, 130_000)),
            None
        );
        let again = w(&mut s, |tx| store::claim_next_job(tx, &a, 100_001, 130_000)).unwrap();
        assert_eq!((again.job, again.attempts), (analyse, 1));
        // a holder's release makes its claims anyone's at once
        w(&mut s, |tx| store::release_all(tx, &a));
        let queued = store::queued_jobs(s.read()).unwrap();
        assert_eq!(queued, vec![(analyse, None, 0, 1)]);
        assert_eq!(store::holders(s.read()).unwrap(), vec![]);
    }

    pub fn outbox_claims_keep_a_chat_with_one_holder_until_they_run_out(open: Open) {
        let mut s = open();
        let (a, b) = (store::Holder::new(), store::Holder::new());
        let put = |s: &mut Store, chat: &str, claim: Option<(&store::Holder, i64)>| {
            w(s, |tx| {
                store::insert_outbox(
                    tx,
                    "telegram",
                    chat,
                    None,
                    DeliveryKind::Post,
                    "{}",
                    claim,
                    T0,
                )
            })
        };
        // chat x: a sends its row 1; a worker wrote row 2 (unclaimed)
        let x1 = put(&mut s, "x", Some((&a, 100_000)));
        let x2 = put(&mut s, "x", None);
        let y1 = put(&mut s, "y", None);
        let d1 = w(&mut s, |tx| {
            store::insert_outbox(
                tx,
                "discord",
                "z",
                None,
                DeliveryKind::PressNote,
                "{}",
                None,
                T0 + 5,
            )
        });
        let ids = |v: Vec<store::ClaimedReply>| v.into_iter().map(|r| r.id).collect::<Vec<_>>();
        let claim = |s: &mut Store, h: &store::Holder, now: i64| {
            ids(w(s, |tx| {
                store::claim_owed(tx, h, &["telegram"], now, now + 18_000, 100)
            }))
        };
        // b may not take chat x while a holds a row of it; y is b's
        assert_eq!(claim(&mut s, &b, 1_000), vec![y1]);
        // a takes its chat's other row (after its own, in order)
        assert_eq!(claim(&mut s, &a, 1_000), vec![x2]);
        assert_eq!(
            claim(&mut s, &a, 1_000),
            Vec::<OutboxId>::new(),
            "nothing twice"
        );
        // b's claim on y ran out at 19 000 (and a's own on x2: anyone's)
        assert_eq!(claim(&mut s, &a, 20_000), vec![x2, y1], "b's claim ran out");
        assert_eq!(claim(&mut s, &b, 20_000), Vec::<OutboxId>::new());
        // sent rows are nobody's business
        w(&mut s, |tx| {
            store::mark_outbox_done(tx, x1, Delivered::Sent, T0)
        });
        // a renews its claims on the rows it has yet to send
        assert_eq!(w(&mut s, |tx| store::renew_reply_claims(tx, &a, 40_000)), 2);
        // a dies: its rows are b's after they run out
        assert_eq!(claim(&mut s, &b, 39_999), Vec::<OutboxId>::new());
        assert_eq!(claim(&mut s, &b, 40_001), vec![x2, y1]);
        // only the platforms asked for; a row claimed says its kind and
        // when it was written
        let discord = w(&mut s, |tx| {
            store::claim_owed(tx, &a, &["discord"], 40_002, 50_000, 100)
        });
        assert_eq!(ids(discord.clone()), vec![d1]);
        assert_eq!(
            (discord[0].kind, discord[0].created_at),
            (DeliveryKind::PressNote, T0 + 5)
        );
    }

    // ---------------------------------------------------------- puzzles ----

    pub fn puzzles_are_stored_once_per_key_and_attempts_close_once(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let (p1, p2) = (PuzzleId(1), PuzzleId(2));
        assert!(w(&mut s, |tx| puzzles::insert_puzzle(
            tx,
            p1,
            Variant::Russian,
            "k1",
            "pdn 1",
            1400.0,
            2,
            "fork"
        )));
        assert!(
            !w(&mut s, |tx| puzzles::insert_puzzle(
                tx,
                p2,
                Variant::Russian,
                "k1",
                "pdn 2",
                1500.0,
                3,
                ""
            )),
            "one puzzle a key"
        );
        assert!(w(&mut s, |tx| puzzles::insert_puzzle(
            tx,
            p2,
            Variant::Russian,
            "k2",
            "pdn 2",
            1600.0,
            3,
            ""
        )));
        assert_eq!(
            puzzles::puzzle_count(s.read(), Variant::Russian).unwrap(),
            2
        );
        assert_eq!(
            puzzles::puzzle_ids(s.read(), Variant::Russian).unwrap(),
            vec![p1, p2]
        );
        assert_eq!(
            puzzles::puzzle(s.read(), p1).unwrap(),
            Some(puzzles::PuzzleRow {
                id: p1,
                key: "k1".into(),
                pdn: "pdn 1".into(),
                rating: 1400.0,
                deviation: puzzles::START_DEVIATION,
                volatility: puzzles::START_VOLATILITY,
                difficulty: 2,
                themes: "fork".into(),
                attempts: 0,
                solved: 0,
                variant: Variant::Russian,
            })
        );
        let near = |s: &Store, user| {
            puzzles::puzzles_near(s.read(), user, Variant::Russian, 1580.0, 5)
                .unwrap()
                .iter()
                .map(|p| p.id)
                .collect::<Vec<_>>()
        };
        assert_eq!(near(&s, anna.id), vec![p2, p1], "nearest the rating first");

        assert!(!puzzles::tried(s.read(), anna.id, p1).unwrap());
        let day = 19_700;
        let at = w(&mut s, |tx| {
            puzzles::insert_attempt(tx, anna.id, chat.id, p1, Some(day), true, T0)
        });
        assert!(puzzles::tried(s.read(), anna.id, p1).unwrap());
        assert!(!puzzles::tried(s.read(), boris.id, p1).unwrap());
        assert_eq!(near(&s, anna.id), vec![p2], "not one tried");
        assert_eq!(near(&s, boris.id), vec![p2, p1]);
        w(&mut s, |tx| {
            puzzles::update_attempt(tx, at, "c3-d4 f6-g5", 1, 2)
        });
        let open_now = puzzles::open_attempt(s.read(), anna.id, chat.id).unwrap();
        assert_eq!(
            open_now,
            Some(puzzles::AttemptRow {
                id: at,
                user_id: anna.id,
                chat_id: chat.id,
                puzzle_id: p1,
                daily_day: Some(day),
                moves: "c3-d4 f6-g5".into(),
                wrong: 1,
                hints: 2,
                status: AttemptStatus::Open,
                rated: true,
                started_at: T0,
            })
        );
        assert_eq!(
            puzzles::daily_attempt(s.read(), anna.id, chat.id, Variant::Russian, day).unwrap(),
            open_now
        );
        assert_eq!(
            puzzles::daily_attempt(s.read(), anna.id, chat.id, Variant::Russian, day + 1).unwrap(),
            None
        );
        assert!(w(&mut s, |tx| puzzles::finish_attempt(
            tx,
            at,
            true,
            T0 + 5
        )));
        assert!(
            !w(&mut s, |tx| puzzles::finish_attempt(tx, at, false, T0 + 6)),
            "once"
        );
        assert_eq!(
            puzzles::open_attempt(s.read(), anna.id, chat.id).unwrap(),
            None
        );
        let closed =
            puzzles::daily_attempt(s.read(), anna.id, chat.id, Variant::Russian, day).unwrap();
        assert_eq!(closed.map(|a| a.status), Some(AttemptStatus::Solved));
        // a failed one is stored as failed
        let other = w(&mut s, |tx| {
            puzzles::insert_attempt(tx, boris.id, chat.id, p1, Some(day), true, T0)
        });
        assert_ne!(other, at);
        assert!(w(&mut s, |tx| puzzles::finish_attempt(
            tx,
            other,
            false,
            T0 + 7
        )));
        let failed =
            puzzles::daily_attempt(s.read(), boris.id, chat.id, Variant::Russian, day).unwrap();
        assert_eq!(
            failed.map(|a| (a.id, a.status)),
            Some((other, AttemptStatus::Failed))
        );

        w(&mut s, |tx| {
            puzzles::save_puzzle_rating(tx, p1, 1450.0, 300.0, 0.061, true)
        });
        w(&mut s, |tx| {
            puzzles::save_puzzle_rating(tx, p1, 1440.0, 290.0, 0.062, false)
        });
        let p = puzzles::puzzle(s.read(), p1).unwrap().unwrap();
        assert_eq!(
            (p.rating, p.deviation, p.volatility),
            (1440.0, 290.0, 0.062)
        );
        assert_eq!((p.attempts, p.solved), (2, 1));

        // every puzzle tried: the one tried longest ago comes back
        let oldest = |s: &Store| {
            puzzles::puzzle_oldest_tried(s.read(), anna.id, Variant::Russian)
                .unwrap()
                .map(|p| p.id)
        };
        w(&mut s, |tx| {
            puzzles::insert_attempt(tx, anna.id, chat.id, p2, None, false, T0 + 10)
        });
        assert_eq!(oldest(&s), Some(p1));
        w(&mut s, |tx| {
            puzzles::insert_attempt(tx, anna.id, chat.id, p1, None, false, T0 + 20)
        });
        assert_eq!(oldest(&s), Some(p2));
    }

    /// Schema v28: a puzzle names its variant; the lists, the daily
    /// attempts and the players' records of one variant leave the other's
    /// alone.
    pub fn puzzles_packs_records_and_dailies_are_kept_per_variant(open: Open) {
        let mut s = open();
        let World { anna, chat, .. } = world(&mut s);
        let (r, i) = (Variant::Russian, Variant::International);
        let (p1, p2, q1) = (PuzzleId(1), PuzzleId(2), PuzzleId(10_001));
        w(&mut s, |tx| {
            puzzles::insert_puzzle(tx, p1, r, "r1", "pdn r1", 1500.0, 2, "")?;
            puzzles::insert_puzzle(tx, p2, r, "r2", "pdn r2", 1600.0, 2, "")?;
            puzzles::insert_puzzle(tx, q1, i, "i1", "pdn i1", 1550.0, 3, "shot")
        });
        assert_eq!(puzzles::puzzle(s.read(), q1).unwrap().unwrap().variant, i);
        assert_eq!(puzzles::puzzle(s.read(), p1).unwrap().unwrap().variant, r);
        assert_eq!(puzzles::puzzle_count(s.read(), r).unwrap(), 2);
        assert_eq!(puzzles::puzzle_count(s.read(), i).unwrap(), 1);
        assert_eq!(
            puzzles::puzzle_count(s.read(), Variant::Frisian).unwrap(),
            0
        );
        assert_eq!(puzzles::puzzle_ids(s.read(), r).unwrap(), vec![p1, p2]);
        assert_eq!(puzzles::puzzle_ids(s.read(), i).unwrap(), vec![q1]);
        let near = |s: &Store, v| {
            puzzles::puzzles_near(s.read(), anna.id, v, 1550.0, 5)
                .unwrap()
                .iter()
                .map(|p| p.id)
                .collect::<Vec<_>>()
        };
        assert_eq!(near(&s, i), vec![q1]);
        assert_eq!(near(&s, r), vec![p1, p2]);
        assert_eq!(
            puzzles::puzzle_oldest_tried(s.read(), anna.id, i)
                .unwrap()
                .map(|p| p.id),
            Some(q1)
        );
        assert_eq!(
            puzzles::latest_variant(s.read(), anna.id, chat.id).unwrap(),
            None
        );

        // the same day's daily of each pack is its own attempt
        let day = 19_700;
        let a = w(&mut s, |tx| {
            puzzles::insert_attempt(tx, anna.id, chat.id, q1, Some(day), true, T0)
        });
        let of = |s: &Store, v| {
            puzzles::daily_attempt(s.read(), anna.id, chat.id, v, day)
                .unwrap()
                .map(|a| a.id)
        };
        assert_eq!(of(&s, i), Some(a));
        assert_eq!(of(&s, r), None);
        assert_eq!(
            puzzles::latest_variant(s.read(), anna.id, chat.id).unwrap(),
            Some(i)
        );

        // records per variant: the International one leaves the Russian alone
        let intl = puzzles::PlayerRow {
            rating: 1620.0,
            solved: 1,
            streak: 1,
            best_streak: 1,
            ..puzzles::PlayerRow::default()
        };
        w(&mut s, |tx| {
            puzzles::save_player(tx, anna.id, chat.id, i, &intl)
        });
        assert_eq!(
            puzzles::player(s.read(), anna.id, chat.id, i).unwrap(),
            intl
        );
        assert_eq!(
            puzzles::player(s.read(), anna.id, chat.id, r).unwrap(),
            puzzles::PlayerRow::default()
        );
        let russian = puzzles::PlayerRow {
            rating: 1400.0,
            failed: 2,
            ..puzzles::PlayerRow::default()
        };
        w(&mut s, |tx| {
            puzzles::save_player(tx, anna.id, chat.id, r, &russian)
        });
        assert_eq!(
            puzzles::player(s.read(), anna.id, chat.id, i).unwrap(),
            intl
        );
        assert_eq!(
            puzzles::player(s.read(), anna.id, chat.id, r).unwrap(),
            russian
        );
        let top = |s: &Store, v| {
            puzzles::top_players(s.read(), chat.id, v, 10)
                .unwrap()
                .into_iter()
                .map(|(_, p)| p.rating)
                .collect::<Vec<_>>()
        };
        assert_eq!(top(&s, i), vec![1620.0]);
        assert_eq!(top(&s, r), vec![1400.0]);
    }

    /// Schema v29: a chat's daily post names its variant, kept through
    /// a post, turning it off and on again, and changed only when set.
    pub fn puzzles_daily_posts_keep_their_variant(open: Open) {
        let mut s = open();
        let World {
            chat, other_chat, ..
        } = world(&mut s);
        let (r, i) = (Variant::Russian, Variant::International);
        let q1 = PuzzleId(10_001);
        w(&mut s, |tx| {
            puzzles::insert_puzzle(tx, q1, i, "i1", "pdn i1", 1550.0, 3, "shot")
        });
        let set = |s: &mut Store, enabled, next_at, v| {
            w(s, |tx| {
                puzzles::set_daily(tx, chat.id, enabled, 540, 0, None, next_at, v)
            })
        };
        set(&mut s, true, Some(T0 + 100), i);
        let d = puzzles::daily(s.read(), chat.id).unwrap().unwrap();
        assert_eq!((d.variant, d.enabled), (i, true));
        // the sweep's list carries it
        let due = puzzles::dailies_due(s.read(), T0 + 100).unwrap();
        let variants: Vec<Variant> = due
            .iter()
            .map(|(_, d)| d.as_ref().unwrap().variant)
            .collect();
        assert_eq!(variants, vec![i]);
        // posting keeps it, and records the International puzzle
        assert!(w(&mut s, |tx| {
            puzzles::mark_daily_posted(tx, chat.id, T0 + 100, T0 + 100 + DAY, 19_700, q1)
        }));
        let d = puzzles::daily(s.read(), chat.id).unwrap().unwrap();
        assert_eq!((d.variant, d.last_puzzle), (i, Some(q1)));
        // off and on again as stored: still International
        set(&mut s, false, None, i);
        let d = puzzles::daily(s.read(), chat.id).unwrap().unwrap();
        assert_eq!((d.variant, d.enabled, d.last_puzzle), (i, false, Some(q1)));
        // set back to Russian draughts
        set(&mut s, true, Some(T0 + DAY), r);
        assert_eq!(
            puzzles::daily(s.read(), chat.id).unwrap().unwrap().variant,
            r
        );
        // another chat's daily is its own
        w(&mut s, |tx| {
            puzzles::set_daily(tx, other_chat.id, true, 600, 0, None, Some(T0), i)
        });
        assert_eq!(
            puzzles::daily(s.read(), chat.id).unwrap().unwrap().variant,
            r
        );
        assert_eq!(
            puzzles::daily(s.read(), other_chat.id)
                .unwrap()
                .unwrap()
                .variant,
            i
        );
        // a failed post put off an hour, only while it is due
        assert!(w(&mut s, |tx| {
            puzzles::postpone_daily(tx, other_chat.id, T0 + 5, T0 + 3600)
        }));
        let d = puzzles::daily(s.read(), other_chat.id).unwrap().unwrap();
        assert_eq!((d.next_at, d.variant), (Some(T0 + 3600), i));
        assert!(!w(&mut s, |tx| {
            puzzles::postpone_daily(tx, other_chat.id, T0 + 5, T0 + 7200)
        }));
        assert_eq!(
            puzzles::daily(s.read(), other_chat.id)
                .unwrap()
                .unwrap()
                .next_at,
            Some(T0 + 3600)
        );
    }

    /// Schema v30: an attempt keeps every wrong try counted (its step and
    /// move), each once, kept through progress and once the go is over;
    /// none at first; another attempt's are its own.
    pub fn puzzles_attempts_keep_their_wrong_tries(open: Open) {
        let mut s = open();
        let World {
            chat, anna, boris, ..
        } = world(&mut s);
        let p1 = PuzzleId(10_001);
        w(&mut s, |tx| {
            puzzles::insert_puzzle(tx, p1, Variant::International, "i1", "pdn", 1500.0, 2, "")
        });
        let a = w(&mut s, |tx| {
            puzzles::insert_attempt(tx, anna.id, chat.id, p1, None, true, T0)
        });
        let b = w(&mut s, |tx| {
            puzzles::insert_attempt(tx, boris.id, chat.id, p1, None, true, T0)
        });
        let tries = |s: &Store, id| puzzles::wrong_tries(s.read(), id).unwrap();
        let tried = |s: &Store, id, step, mv: &str| tries(s, id).contains(&(step, mv.to_string()));
        // Anna's wrong try; whether it was new
        let record = |s: &mut Store, wrong, step, mv| {
            w(s, |tx| {
                puzzles::record_wrong(tx, a, wrong, puzzles::WrongTry { step, mv })
            })
        };
        let anna_wrong = |s: &Store| {
            puzzles::open_attempt(s.read(), anna.id, chat.id)
                .unwrap()
                .unwrap()
                .wrong
        };
        assert!(tries(&s, a).is_empty());
        assert!(!tried(&s, a, 0, "32-28"));
        // a wrong try counted: the count and the try in one write
        assert!(record(&mut s, 1, 0, "32-28"));
        assert_eq!(anna_wrong(&s), 1);
        assert!(tried(&s, a, 0, "32-28"));
        assert!(!tried(&s, a, 1, "32-28"), "the step is part of the try");
        assert!(!tried(&s, a, 0, "31-27"));
        // progress (a right move) keeps it; another wrong try joins it; the
        // same one twice is kept once
        w(&mut s, |tx| {
            puzzles::update_attempt(tx, a, "33-29 24x33", 1, 0)
        });
        assert!(record(&mut s, 2, 2, "38x29"));
        // counted already: neither kept again nor counted
        assert!(!record(&mut s, 3, 2, "38x29"));
        assert_eq!(anna_wrong(&s), 2);
        assert_eq!(
            tries(&s, a),
            vec![(0, "32-28".to_string()), (2, "38x29".to_string())]
        );
        // kept once the go is over
        assert!(w(&mut s, |tx| puzzles::finish_attempt(
            tx,
            a,
            false,
            T0 + 1
        )));
        assert!(tried(&s, a, 2, "38x29"));
        // Boris's go is his own
        assert!(tries(&s, b).is_empty());
        assert!(!tried(&s, b, 0, "32-28"));
    }

    pub fn puzzles_player_records_and_daily_posts_are_kept(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let p1 = PuzzleId(1);
        assert!(w(&mut s, |tx| puzzles::insert_puzzle(
            tx,
            p1,
            Variant::Russian,
            "k1",
            "pdn",
            1500.0,
            1,
            ""
        )));
        assert_eq!(
            puzzles::player(s.read(), anna.id, chat.id, Variant::Russian).unwrap(),
            puzzles::PlayerRow::default()
        );
        let record = puzzles::PlayerRow {
            rating: 1555.5,
            deviation: 200.0,
            volatility: 0.06,
            solved: 4,
            failed: 1,
            streak: 2,
            best_streak: 3,
        };
        w(&mut s, |tx| {
            puzzles::save_player(tx, anna.id, chat.id, Variant::Russian, &record)?;
            // no puzzle played: not on the board
            puzzles::save_player(
                tx,
                boris.id,
                chat.id,
                Variant::Russian,
                &puzzles::PlayerRow::default(),
            )
        });
        assert_eq!(
            puzzles::player(s.read(), anna.id, chat.id, Variant::Russian).unwrap(),
            record
        );
        assert_eq!(
            puzzles::player(s.read(), anna.id, ChatId::EVERYWHERE, Variant::Russian).unwrap(),
            puzzles::PlayerRow::default()
        );
        assert_eq!(
            puzzles::top_players(s.read(), chat.id, Variant::Russian, 10).unwrap(),
            vec![("Anna".to_string(), record)]
        );

        assert_eq!(puzzles::daily(s.read(), chat.id).unwrap(), None);
        assert_eq!(puzzles::next_daily(s.read()).unwrap(), None);
        w(&mut s, |tx| {
            puzzles::set_daily(
                tx,
                chat.id,
                true,
                540,
                180,
                Some("Europe/Riga"),
                Some(T0 + 100),
                Variant::Russian,
            )
        });
        let daily = puzzles::DailyRow {
            chat_id: chat.id,
            enabled: true,
            minute: 540,
            tz_offset: 180,
            tz_name: Some("Europe/Riga".into()),
            next_at: Some(T0 + 100),
            last_day: None,
            last_puzzle: None,
            variant: Variant::Russian,
        };
        assert_eq!(
            puzzles::daily(s.read(), chat.id).unwrap(),
            Some(daily.clone())
        );
        assert_eq!(puzzles::next_daily(s.read()).unwrap(), Some(T0 + 100));
        assert!(puzzles::dailies_due(s.read(), T0 + 99).unwrap().is_empty());
        let due: Vec<(ChatId, puzzles::DailyRow)> = puzzles::dailies_due(s.read(), T0 + 100)
            .unwrap()
            .into_iter()
            .map(|(c, d)| (c, d.unwrap()))
            .collect();
        assert_eq!(due, vec![(chat.id, daily)]);
        assert!(w(&mut s, |tx| {
            puzzles::mark_daily_posted(tx, chat.id, T0 + 100, T0 + 100 + DAY, 19_700, p1)
        }));
        assert!(
            !w(&mut s, |tx| {
                puzzles::mark_daily_posted(tx, chat.id, T0 + 100, T0 + 100 + DAY, 19_700, p1)
            }),
            "posted once"
        );
        let after = puzzles::daily(s.read(), chat.id).unwrap().unwrap();
        assert_eq!(
            (after.next_at, after.last_day, after.last_puzzle),
            (Some(T0 + 100 + DAY), Some(19_700), Some(p1))
        );
        w(&mut s, |tx| {
            puzzles::set_daily(
                tx,
                chat.id,
                false,
                540,
                180,
                None,
                Some(T0),
                Variant::Russian,
            )
        });
        assert!(
            puzzles::dailies_due(s.read(), T0 + DAY * 2)
                .unwrap()
                .is_empty(),
            "disabled"
        );
        assert_eq!(puzzles::next_daily(s.read()).unwrap(), None);
    }

    // ----------------------------------------------------- transactions ----

    pub fn transactions_commit_their_value_and_writes(open: Open) {
        let mut s = open();
        let id = s
            .transaction(|tx| -> Result<UserId, Abort> {
                let u = store::upsert_user(tx, "console", "1", "Anna", Some("anna"), T0)?;
                store::set_user_lang(tx, u.id, Lang::Fr)?;
                // the transaction reads its own writes
                let seen = store::user(tx, u.id)?.map(|u| u.lang);
                assert_eq!(seen, Some(Some(Lang::Fr)));
                Ok(u.id)
            })
            .unwrap();
        let u = store::user(s.read(), id).unwrap().unwrap();
        assert_eq!((u.name.as_str(), u.lang), ("Anna", Some(Lang::Fr)));
    }

    pub fn transactions_that_panic_leave_nothing_and_the_store_usable(open: Open) {
        let mut s = open();
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _ = s.transaction(|tx| -> StoreResult<()> {
                store::set_setting(tx, "k", "lost")?;
                panic!("a bug half way through an event");
            });
        }));
        assert!(r.is_err());
        assert_eq!(store::get_setting(s.read(), "k").unwrap(), None);
        // the next transaction begins (none is left open) and commits
        w(&mut s, |tx| store::set_setting(tx, "k", "kept"));
        assert_eq!(
            store::get_setting(s.read(), "k").unwrap().as_deref(),
            Some("kept")
        );
        // a panic in a batch's savepoint drops the whole batch
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut b = s.begin().unwrap();
            b.savepoint(|tx| store::set_setting(tx, "a", "1"), |r| r.is_ok())
                .unwrap()
                .unwrap();
            let _ = b.savepoint(
                |tx| -> StoreResult<()> {
                    store::set_setting(tx, "b", "2")?;
                    panic!("a bug in the second event");
                },
                |_| true,
            );
        }));
        assert!(r.is_err());
        assert_eq!(store::get_setting(s.read(), "a").unwrap(), None);
        assert_eq!(store::get_setting(s.read(), "b").unwrap(), None);
        w(&mut s, |tx| store::set_setting(tx, "a", "again"));
        assert_eq!(
            store::get_setting(s.read(), "a").unwrap().as_deref(),
            Some("again")
        );
    }

    /// A transaction reads back what it wrote, whichever table it wrote
    /// in between (PostgreSQL answers a read repeated in a transaction
    /// from what it read, until a write to a table the read names: issue
    /// 22), and a read repeated after writes elsewhere costs nothing there.
    pub fn transactions_read_their_own_writes_across_tables(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let id = insert(
            &mut s,
            &new_game(chat.id, Seat::Human(anna.id), Seat::Human(boris.id)),
        );
        let pg = s.is_postgres();
        let (cost, seen) = w(&mut s, |tx| -> StoreResult<_> {
            let mut seen = Vec::new();
            seen.push(store::user(tx, anna.id)?.unwrap().notify);
            store::set_user_notify(tx, anna.id, true)?;
            seen.push(store::user(tx, anna.id)?.unwrap().notify);
            // a write to other tables: the user's row is not read again
            assert!(store::record_move(
                tx,
                id,
                Ply(0),
                "c3-d4",
                "B:x",
                Some(anna.id),
                &NextClock::default(),
                T0 + 1
            )?);
            let before = tx.round_trips();
            seen.push(store::user(tx, anna.id)?.unwrap().notify);
            let cost = tx.round_trips() - before;
            // the game's row is read anew after its write
            assert_eq!(store::game(tx, id)?.unwrap().ply, Ply(1));
            assert_eq!(store::game_moves(tx, id)?, strings(&["c3-d4"]));
            // a joined read, then a write to one of its tables
            let found = store::user_and_chat(tx, "console", "1", "main")?;
            assert_eq!(found, Some((anna.id, chat.id)));
            store::upsert_chat(tx, "console", "main", Some("Renamed"), false, T0 + 2)?;
            assert_eq!(
                store::chat(tx, chat.id)?.unwrap().title.as_deref(),
                Some("Renamed")
            );
            store::set_user_notify(tx, anna.id, false)?;
            seen.push(store::user(tx, anna.id)?.unwrap().notify);
            Ok((cost, seen))
        });
        assert_eq!(seen, [false, true, true, false]);
        if pg {
            assert_eq!(cost, 0, "the user's row answered again");
        }
    }

    pub fn transactions_rolled_back_leave_nothing(open: Open) {
        let mut s = open();
        let World {
            anna, boris, chat, ..
        } = world(&mut s);
        let g = add_game(&mut s, chat.id, anna.id, boris.id);
        let r = s.transaction(|tx| -> Result<(), Abort> {
            store::upsert_user(tx, "console", "9", "Zed", Some("zed"), T0)?;
            assert!(store::record_move(
                tx,
                g,
                Ply(0),
                "c3-d4",
                "B:x",
                Some(anna.id),
                &NextClock::default(),
                T0 + 1
            )?);
            store::set_setting(tx, "k", "v")?;
            assert!(store::mark_update(tx, "console", "u1", T0)?);
            Err(Abort::Refused)
        });
        assert!(matches!(r, Err(Abort::Refused)));
        assert_eq!(
            store::user_by_handle(s.read(), "console", "zed").unwrap(),
            None
        );
        assert_eq!(game(&s, g).ply, Ply(0));
        assert!(store::game_moves(s.read(), g).unwrap().is_empty());
        assert_eq!(store::get_setting(s.read(), "k").unwrap(), None);
        assert!(
            w(&mut s, |tx| store::mark_update(tx, "console", "u1", T0)),
            "the update was not taken as handled"
        );
        // a store error rolls back the same way
        let r = s.transaction(|tx| -> StoreResult<()> {
            store::set_setting(tx, "k", "v")?;
            store::insert_game(tx, &new_game(ChatId(9_999), Seat::Ai(1), Seat::Ai(2)), T0)?;
            Ok(())
        });
        assert!(r.is_err(), "a game in no chat is refused");
        assert_eq!(store::get_setting(s.read(), "k").unwrap(), None);
    }

    /// A batch's transaction control goes with its statements (issue 22):
    /// `BEGIN` with the first savepoint, a kept savepoint's `RELEASE` with
    /// the next one, the last with the `COMMIT`; what each kept, the
    /// commit keeps, and a rolled back savepoint between them drops
    /// its writes alone.
    pub fn batches_send_each_savepoint_with_the_next_statement(open: Open) {
        let mut s = open();
        // the statement prepared (on PostgreSQL a round trip of its own)
        w(&mut s, |tx| store::set_setting(tx, "warm", "yes"));
        let before = s.round_trips();
        let mut batch = s.begin().unwrap();
        for (key, keep) in [("a", true), ("b", false), ("c", true)] {
            batch
                .savepoint(|tx| store::set_setting(tx, key, "yes"), |_| keep)
                .unwrap()
                .unwrap();
        }
        batch.commit().unwrap();
        let cost = s.round_trips() - before;
        // SQLite: BEGIN + SAVEPOINT, a, RELEASE + SAVEPOINT, b, ROLLBACK
        // TO + RELEASE, SAVEPOINT, c, RELEASE + COMMIT (not 11, one
        // each); PostgreSQL sends the control with the next statement:
        // BEGIN + SAVEPOINT + a, RELEASE + SAVEPOINT + b, ROLLBACK TO +
        // RELEASE, SAVEPOINT + c, RELEASE + COMMIT
        assert_eq!(cost, if s.is_postgres() { 5 } else { 8 });
        let got: Vec<Option<String>> = ["a", "b", "c"]
            .iter()
            .map(|k| store::get_setting(s.read(), k).unwrap())
            .collect();
        assert_eq!(got, [Some("yes".into()), None, Some("yes".into())]);
    }

    pub fn batches_commit_kept_savepoints_and_drop_the_others(open: Open) {
        let mut s = open();
        let mut batch = s.begin().unwrap();
        let kept = batch
            .savepoint(
                |tx| store::upsert_user(tx, "console", "1", "Kept", Some("kept"), T0),
                |r| r.is_ok(),
            )
            .unwrap()
            .unwrap();
        let refused = batch
            .savepoint(
                |tx| -> Result<i64, Abort> {
                    store::upsert_user(tx, "console", "2", "Dropped", Some("dropped"), T0)?;
                    store::set_setting(tx, "dropped", "yes")?;
                    Err(Abort::Refused)
                },
                |r| r.is_ok(),
            )
            .unwrap();
        assert!(matches!(refused, Err(Abort::Refused)));
        let seen = batch
            .savepoint(
                |tx| -> StoreResult<_> {
                    Ok((
                        store::user_by_handle(tx, "console", "kept")?.map(|u| u.id),
                        store::user_by_handle(tx, "console", "dropped")?,
                        store::get_setting(tx, "dropped")?,
                    ))
                },
                |_| true,
            )
            .unwrap()
            .unwrap();
        assert_eq!(
            seen,
            (Some(kept.id), None, None),
            "a later savepoint sees the kept one's writes, not the dropped one's"
        );
        let not_kept = batch
            .savepoint(|tx| store::set_setting(tx, "unkept", "yes"), |_| false)
            .unwrap();
        assert!(
            not_kept.is_ok(),
            "a success not kept is rolled back all the same"
        );
        batch.commit().unwrap();
        assert_eq!(
            store::user_by_handle(s.read(), "console", "kept")
                .unwrap()
                .map(|u| u.id),
            Some(kept.id)
        );
        assert_eq!(
            store::user_by_handle(s.read(), "console", "dropped").unwrap(),
            None
        );
        assert_eq!(store::get_setting(s.read(), "dropped").unwrap(), None);
        assert_eq!(store::get_setting(s.read(), "unkept").unwrap(), None);
    }

    pub fn batches_survive_a_failing_statement_in_a_savepoint(open: Open) {
        let mut s = open();
        let mut batch = s.begin().unwrap();
        let first = batch
            .savepoint(|tx| store::set_setting(tx, "first", "1"), |r| r.is_ok())
            .unwrap();
        assert!(first.is_ok());
        let failing = batch
            .savepoint(
                |tx| -> StoreResult<GameId> {
                    store::set_setting(tx, "failing", "1")?;
                    store::insert_game(tx, &new_game(ChatId(9_999), Seat::Ai(1), Seat::Ai(2)), T0)
                },
                |r| r.is_ok(),
            )
            .unwrap();
        assert!(failing.is_err(), "a game in no chat is refused");
        let last = batch
            .savepoint(|tx| store::set_setting(tx, "last", "1"), |r| r.is_ok())
            .unwrap();
        assert!(last.is_ok(), "the batch goes on after a failed savepoint");
        batch.commit().unwrap();
        let get = |k| store::get_setting(s.read(), k).unwrap();
        assert_eq!(
            (get("first"), get("failing"), get("last")),
            (Some("1".into()), None, Some("1".into()))
        );
    }

    pub fn batches_not_committed_leave_nothing(open: Open) {
        let mut s = open();
        {
            let mut batch = s.begin().unwrap();
            let r = batch
                .savepoint(|tx| store::set_setting(tx, "k", "v"), |_| true)
                .unwrap();
            assert!(r.is_ok());
            // dropped without commit
        }
        assert_eq!(store::get_setting(s.read(), "k").unwrap(), None);
        // and the store is usable after
        w(&mut s, |tx| store::set_setting(tx, "k", "w"));
        assert_eq!(
            store::get_setting(s.read(), "k").unwrap().as_deref(),
            Some("w")
        );
    }
}

// ---------------------------------------------------------- SQLite only ----

/// What only the SQLite backend can show: rows written with raw SQL
/// through `Store::conn()` (a stored word no enum knows, as an older or
/// hand-edited database may hold), and a file reopened.
mod sqlite_only {
    use super::*;
    use shashki::store::{SqlError, UnknownWord};

    /// The unknown word a read failed on; panics if it failed otherwise
    /// (or did not fail: a default slipped in).
    fn unknown_word<T: std::fmt::Debug>(r: StoreResult<T>) -> UnknownWord {
        match r {
            Err(StoreError::Sql(SqlError::FromSqlConversionFailure(_, _, e))) => {
                match e.downcast::<UnknownWord>() {
                    Ok(w) => *w,
                    Err(e) => panic!("a conversion error, not an unknown word: {e}"),
                }
            }
            other => panic!("expected an unknown stored word, got {other:?}"),
        }
    }

    fn word(kind: &'static str, word: &str) -> UnknownWord {
        UnknownWord {
            kind,
            word: word.to_string(),
        }
    }

    /// Run raw SQL with the CHECK constraints off (they refuse most bad
    /// words; a database from before a constraint, or edited by hand,
    /// may still hold them).
    fn raw(s: &Store, sql: &str) {
        s.conn()
            .execute_batch(&format!(
                "PRAGMA ignore_check_constraints = ON; {sql}; PRAGMA ignore_check_constraints = OFF;"
            ))
            .expect("raw SQL");
    }

    fn memory() -> Store {
        Store::open_in_memory().unwrap()
    }

    #[test]
    fn a_game_with_an_unknown_word_is_a_typed_error_not_a_default() {
        let cases = [
            ("variant", "checkers", "variant"),
            ("status", "paused", "game status"),
            ("result", "won", "game result"),
            ("result_reason", "forfeit", "termination"),
            ("draw_offer", "green", "colour"),
        ];
        for (column, bad, kind) in cases {
            let mut s = memory();
            let World {
                anna, boris, chat, ..
            } = world(&mut s);
            let id = add_game(&mut s, chat.id, anna.id, boris.id);
            raw(
                &s,
                &format!("UPDATE games SET {column} = '{bad}' WHERE id = {id}"),
            );
            assert_eq!(
                unknown_word(store::game(s.read(), id)),
                word(kind, bad),
                "{column}"
            );
            if column != "status" {
                // a list holding it fails too, rather than skipping it
                let listed = store::active_games_in_chat(s.read(), chat.id);
                assert_eq!(unknown_word(listed), word(kind, bad), "{column} in a list");
            }
        }
    }

    #[test]
    fn a_chat_with_an_unknown_variant_is_a_typed_error() {
        let mut s = memory();
        let World { chat, .. } = world(&mut s);
        raw(
            &s,
            &format!(
                "UPDATE chats SET variant = 'Russian' WHERE id = {}",
                chat.id
            ),
        );
        assert_eq!(
            unknown_word(store::chat(s.read(), chat.id)),
            word("variant", "Russian")
        );
    }

    #[test]
    fn a_chat_with_an_unknown_setting_word_is_a_typed_error() {
        for (column, bad, kind) in [
            ("lang", "es", "language"),
            // a platform's locale is read leniently, a stored one is not
            ("lang", "ru-RU", "language"),
            ("theme", "dark", "theme"),
            // an alias to type, not a stored spelling
            ("theme", "wood", "theme"),
            ("orientation", "flip", "orientation"),
            ("boards", "edited", "board mode"),
            ("reminders", "soon", "reminders"),
        ] {
            let mut s = memory();
            let World { chat, .. } = world(&mut s);
            raw(
                &s,
                &format!("UPDATE chats SET {column} = '{bad}' WHERE id = {}", chat.id),
            );
            assert_eq!(
                unknown_word(store::chat(s.read(), chat.id)),
                word(kind, bad),
                "{column}"
            );
            // the service meets the chat through upsert_chat: it fails too
            let seen = s.transaction(|tx| {
                store::upsert_chat(tx, "console", "main", Some("Main"), false, T0)
            });
            assert_eq!(unknown_word(seen), word(kind, bad), "{column} upserted");
        }
    }

    #[test]
    fn chat_settings_are_stored_as_their_words() {
        let mut s = memory();
        let World { chat, .. } = world(&mut s);
        for v in suite::chosen_settings() {
            w(&mut s, |tx| store::set_chat_setting(tx, chat.id, &v));
        }
        let stored: [Option<String>; 7] = s
            .conn()
            .query_row(
                "SELECT lang, theme, orientation, CAST(days_per_move AS TEXT), reminders, boards, variant
                 FROM chats WHERE id = ?1",
                [chat.id],
                |r| {
                    Ok([
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                        r.get(6)?,
                    ])
                },
            )
            .unwrap();
        let words = [
            "ru",
            "contrast",
            "black",
            "3",
            "25% 2d 12h",
            "new",
            "poddavki",
        ];
        assert_eq!(stored, words.map(|w| Some(w.to_string())));
    }

    #[test]
    fn a_user_with_an_unknown_language_is_a_typed_error() {
        let mut s = memory();
        let World { anna, .. } = world(&mut s);
        raw(
            &s,
            &format!("UPDATE users SET lang = 'Russian' WHERE id = {}", anna.id),
        );
        assert_eq!(
            unknown_word(store::user(s.read(), anna.id)),
            word("language", "Russian")
        );
    }

    #[test]
    fn a_puzzle_attempt_with_an_unknown_status_is_a_typed_error() {
        let mut s = memory();
        let World { anna, chat, .. } = world(&mut s);
        let p = PuzzleId(7);
        w(&mut s, |tx| {
            puzzles::insert_puzzle(tx, p, Variant::Russian, "k7", "pdn", 1500.0, 1, "")?;
            puzzles::insert_attempt(tx, anna.id, chat.id, p, Some(19_700), true, T0)
        });
        raw(&s, "UPDATE puzzle_attempts SET status = 'abandoned'");
        assert_eq!(
            unknown_word(puzzles::daily_attempt(
                s.read(),
                anna.id,
                chat.id,
                Variant::Russian,
                19_700
            )),
            word("puzzle attempt status", "abandoned")
        );
    }

    #[test]
    fn a_daily_post_with_an_unknown_variant_is_a_typed_error() {
        let mut s = memory();
        let World { chat, .. } = world(&mut s);
        w(&mut s, |tx| {
            puzzles::set_daily(
                tx,
                chat.id,
                true,
                540,
                0,
                None,
                Some(T0),
                Variant::International,
            )
        });
        raw(&s, "UPDATE puzzle_daily SET variant = 'checkers'");
        assert_eq!(
            unknown_word(puzzles::daily(s.read(), chat.id)),
            word("variant", "checkers")
        );
        // the list of posts due names the chat, its row the error: one
        // chat's damaged row is its own
        let due = puzzles::dailies_due(s.read(), T0).unwrap();
        assert_eq!(due.len(), 1);
        let (listed, row) = due.into_iter().next().unwrap();
        assert_eq!(listed, chat.id);
        assert_eq!(unknown_word(row), word("variant", "checkers"));
        // and it is never the next post to wake for (it would be due for
        // ever)
        assert_eq!(puzzles::next_daily(s.read()).unwrap(), None);
    }

    #[test]
    fn a_challenge_with_an_unknown_word_is_a_typed_error() {
        for (column, bad, kind) in [
            ("status", "lost", "challenge status"),
            ("color", "green", "colour"),
            ("variant", "chess", "variant"),
        ] {
            let mut s = memory();
            let World { anna, chat, .. } = world(&mut s);
            let id = open_challenge(&mut s, chat.id, anna.id, T0 + 10);
            raw(
                &s,
                &format!("UPDATE challenges SET {column} = '{bad}' WHERE id = {id}"),
            );
            assert_eq!(
                unknown_word(store::challenge(s.read(), id)),
                word(kind, bad),
                "{column}"
            );
        }
    }

    #[test]
    fn a_tournament_with_an_unknown_word_is_a_typed_error() {
        for (column, bad, kind) in [
            ("status", "paused", "tournament status"),
            ("format", "knockout", "tournament format"),
            ("ballot", "random", "ballot"),
        ] {
            let mut s = memory();
            let World { anna, chat, .. } = world(&mut s);
            let id = add_tournament(&mut s, &new_tournament(chat.id, anna.id));
            raw(
                &s,
                &format!("UPDATE tournaments SET {column} = '{bad}' WHERE id = {id}"),
            );
            assert_eq!(
                unknown_word(store::tournament(s.read(), id)),
                word(kind, bad),
                "{column}"
            );
        }
    }

    #[test]
    fn an_analysis_with_an_unknown_status_is_a_typed_error() {
        let mut s = memory();
        let world = world(&mut s);
        let g = add_game(&mut s, world.chat.id, world.anna.id, world.boris.id);
        w(&mut s, |tx| {
            store::request_analysis(tx, g, world.chat.id, world.anna.id, T0)
        });
        raw(
            &s,
            &format!("UPDATE analyses SET status = 'running' WHERE game_id = {g}"),
        );
        assert_eq!(
            unknown_word(store::analysis(s.read(), g)),
            word("analysis status", "running")
        );
    }

    #[test]
    fn a_committed_transaction_survives_reopening_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("store.sqlite");
        let (g, chat) = {
            let mut s = Store::open(&path).unwrap();
            let World {
                anna, boris, chat, ..
            } = world(&mut s);
            let g = add_game(&mut s, chat.id, anna.id, boris.id);
            assert!(play(&mut s, g, 0, "c3-d4", Some(anna.id)));
            // begun, not committed: lost with the connection
            let mut batch = s.begin().unwrap();
            batch
                .savepoint(|tx| store::set_setting(tx, "uncommitted", "1"), |_| true)
                .unwrap()
                .unwrap();
            std::mem::forget(batch);
            (g, chat)
        };
        let s = Store::open(&path).unwrap();
        assert_eq!(game(&s, g).ply, Ply(1));
        assert_eq!(store::game_moves(s.read(), g).unwrap(), strings(&["c3-d4"]));
        assert_eq!(store::chat(s.read(), chat.id).unwrap(), Some(chat));
        assert_eq!(store::get_setting(s.read(), "uncommitted").unwrap(), None);
    }
}
