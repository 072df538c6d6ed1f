//! Puzzles through the chat service: solving with right, wrong and
//! alternative answers, hints, giving up, ratings and streaks, the move
//! routing between games and puzzles, the leaderboard, and the daily post
//! at the day boundary in different timezones.

mod common;

use common::room::{text, Room, DAY, T0};
use shashki::core::puzzles::{read_pack, PACK};
use shashki::core::{Config, Input, Outcome};
use shashki::engine::puzzle::Puzzle;
use shashki::engine::Move;
use shashki::store::{self, puzzles as db, Ply, PuzzleId};

impl Room {
    /// The puzzles' room: its chat "room" is titled "room" too.
    fn new() -> Room {
        Room::with_config(Config {
            board_size: 240,
            ..Config::default()
        })
        .in_chat("room", "room")
    }

    /// `who` writes `text` in chat `chat` (titled the same).
    fn say_in(&self, chat: &str, who: &str, text: &str) -> Outcome {
        let ev = self.event_in(chat, chat, who, Input::Text(text.into()));
        self.svc.handle(&ev).unwrap()
    }

    fn player(&self, who: &str) -> db::PlayerRow {
        let s = self.store();
        let uid: shashki::core::UserId = s
            .conn()
            .query_row(
                "SELECT id FROM users WHERE platform_user_id = ?1",
                [who.to_lowercase()],
                |r| r.get(0),
            )
            .unwrap();
        db::player(
            s.read(),
            uid,
            shashki::core::ChatId::EVERYWHERE,
            shashki::engine::Variant::Russian,
        )
        .unwrap()
    }
}

fn button(o: &Outcome, label: &str) -> String {
    o.replies
        .iter()
        .flat_map(|r| r.choices.iter().flatten())
        .find(|c| c.label.contains(label))
        .map(|c| c.payload.clone())
        .unwrap_or_else(|| panic!("no button {label} in {o:#?}"))
}

fn has_board(o: &Outcome) -> bool {
    o.replies.iter().any(|r| {
        r.image
            .as_ref()
            .is_some_and(|i| i.bytes().starts_with(b"\x89PNG"))
    })
}

/// Pack puzzles: (number, puzzle) matching `f`.
fn find(f: impl Fn(&Puzzle) -> bool) -> (PuzzleId, Puzzle) {
    read_pack(PACK)
        .into_iter()
        .find(|(_, p, _)| f(p))
        .map(|(n, p, _)| (n, p))
        .expect("a pack puzzle of that kind")
}

fn wrong_move(p: &Puzzle) -> Move {
    p.start
        .legal_moves()
        .into_iter()
        .find(|m| p.root.step(m).is_none())
        .unwrap()
}

#[test]
fn solving_right_wrong_and_with_hints() {
    let room = Room::new();
    // a puzzle of three or more solver moves, one way through
    let (n, p) = find(|p| p.solver_moves() >= 3 && p.root.steps.len() == 1);
    let o = room.say("Anna", &format!("/puzzle #{n}"));
    let t = text(&o);
    assert!(t.contains(&format!("Puzzle #{n}")), "{t}");
    assert!(t.contains("to play and win"), "{t}");
    assert!(has_board(&o));
    // the question's board is its own picture, shown openly
    let image = o.replies.iter().find_map(|r| r.image.as_ref()).unwrap();
    assert_eq!(image.file_name, format!("board-puzzle-{n}.png"));
    assert!(!image.is_hidden());

    // a wrong first move: a friendly "not this", tries left
    let o = room.say("Anna", &wrong_move(&p).to_string());
    assert!(text(&o).contains("Not this one"), "{}", text(&o));
    assert!(text(&o).contains("2 more tries"), "{}", text(&o));

    // not a legal move at all: the legal ones are listed
    let o = room.say("Anna", "/puzzle a1-h8");
    assert!(text(&o).contains("not a legal move"), "{}", text(&o));

    // the hint names the piece, the second hint the move
    let line = p.main_line();
    let o = room.say("Anna", "/hint");
    assert!(
        text(&o).contains(&line[0].from().to_string()),
        "{}",
        text(&o)
    );
    let o = room.say("Anna", "/hint");
    assert!(text(&o).contains(&line[0].to_string()), "{}", text(&o));

    // the solution, move by move, with the defender's replies
    for (i, mv) in line.iter().enumerate().step_by(2) {
        let o = room.say("Anna", &mv.to_string());
        let t = text(&o);
        assert!(has_board(&o), "{t}");
        // a board showing a move of the solution is a spoiler
        assert!(
            o.replies
                .iter()
                .filter_map(|r| r.image.as_ref())
                .all(|i| i.is_hidden()),
            "{t}"
        );
        if i + 1 < line.len() {
            assert!(t.contains("Right"), "{t}");
            assert!(t.contains(&line[i + 1].to_string()), "{t}");
        } else {
            assert!(t.contains("Solved"), "{t}");
            assert!(t.contains(&p.solution_text()), "{t}");
        }
    }
    // a wrong try and two hints: solved, but a loss for the rating
    let me = room.player("Anna");
    assert_eq!((me.solved, me.failed, me.streak), (1, 0, 0));
    assert!(me.rating < 1500.0, "{}", me.rating);
    // the puzzle is closed: another move has nothing to answer
    let o = room.say("Anna", &format!("/puzzle {}", line[0]));
    assert!(text(&o).contains("no puzzle open"), "{}", text(&o));
}

#[test]
fn clean_solve_raises_rating_and_streak_alternative_answers_count() {
    let room = Room::new();
    // two winning first moves
    let (n, p) = find(|p| p.root.steps.len() == 2);
    room.say("Boris", &format!("/puzzle #{n}"));
    let alt = p.root.steps[1].mv;
    let o = room.say("Boris", &alt.to_string());
    let t = text(&o);
    assert!(t.contains("Right") || t.contains("Solved"), "{t}");
    // follow the alternative's own line to the end
    let mut node = &p.root.steps[1];
    while let Some((_, next)) = &node.reply {
        let mv = next.steps[0].mv;
        let o = room.say("Boris", &format!("/move {mv}"));
        assert!(
            text(&o).contains("Right") || text(&o).contains("Solved"),
            "{}",
            text(&o)
        );
        node = &next.steps[0];
    }
    let me = room.player("Boris");
    assert_eq!((me.solved, me.streak, me.best_streak), (1, 1, 1));
    assert!(me.rating > 1500.0, "{}", me.rating);

    // the leaderboard of puzzles; the games' /top still works
    let o = room.say("Boris", "/top puzzles");
    assert!(text(&o).contains("1. Boris"), "{}", text(&o));
    let o = room.say("Boris", "/top");
    assert!(text(&o).contains("No rated games"), "{}", text(&o));

    // the puzzle's own rating moved the other way
    let s = room.store();
    let row = db::puzzle(s.read(), n).unwrap().unwrap();
    assert!(
        row.rating < p.rating as f64,
        "{} vs {}",
        row.rating,
        p.rating
    );
    assert_eq!((row.attempts, row.solved), (1, 1));
}

#[test]
fn three_wrong_tries_show_the_solution_and_reset_the_streak() {
    let room = Room::new();
    let (n, p) = find(|p| p.start.legal_moves().len() - p.root.steps.len() >= 3);
    room.say("Vera", &format!("/puzzle #{n}"));
    // three different wrong moves (one tried before is not counted again)
    let wrongs: Vec<String> = p
        .start
        .legal_moves()
        .into_iter()
        .filter(|m| p.root.step(m).is_none())
        .map(|m| m.to_string())
        .collect();
    room.say("Vera", &wrongs[0]);
    room.say("Vera", &wrongs[1]);
    let o = room.say("Vera", &wrongs[0]);
    assert!(text(&o).contains("tried that move already"), "{}", text(&o));
    let o = room.say("Vera", &wrongs[2]);
    let t = text(&o);
    assert!(t.contains("out of tries"), "{t}");
    assert!(t.contains(&p.solution_text()), "{t}");
    let me = room.player("Vera");
    assert_eq!((me.solved, me.failed, me.streak), (0, 1, 0));
    // /puzzle gives a new one (not the same), and giving up shows its solution
    let o = room.say("Vera", "/puzzle");
    assert!(text(&o).contains("Puzzle #"), "{}", text(&o));
    assert!(!text(&o).contains(&format!("Puzzle #{n} ")), "{}", text(&o));
    let o = room.say("Vera", "/puzzle solution");
    assert!(text(&o).contains("the solution"), "{}", text(&o));
    assert_eq!(room.player("Vera").failed, 2);
}

#[test]
fn a_move_goes_to_the_game_first_then_to_the_puzzle() {
    let room = Room::new();
    // Anna plays White against the AI: her move first
    let o = room.say("Anna", "/challenge ai 1 white");
    assert!(!o.replies.is_empty());
    // a White puzzle whose first move is not legal in the initial position
    let (n, p) = find(|p| {
        p.solver() == shashki::engine::Color::White
            && p.shortest_line() >= 2
            && !shashki::engine::Position::initial()
                .legal_moves()
                .iter()
                .any(|m| m.to_string() == p.main_line()[0].to_string())
    });
    room.say("Anna", &format!("/puzzle #{n}"));
    // c3-d4 is legal in the game: it is played there
    let o = room.say("Anna", "c3-d4");
    assert!(text(&o).contains("c3-d4"), "{}", text(&o));
    let s = room.store();
    let game = store::active_games_in_chat(s.read(), shashki::core::ChatId(1)).unwrap();
    assert_eq!(game[0].ply, Ply(1));
    // the puzzle move is not legal in the game: it answers the puzzle
    let o = room.say("Anna", &p.main_line()[0].to_string());
    let t = text(&o);
    assert!(t.contains("Right") || t.contains("Solved"), "{t}");
    assert_eq!(
        store::game(s.read(), game[0].id).unwrap().unwrap().ply,
        Ply(1)
    );
}

/// One chat's daily row holding a variant this build does not know (read
/// back, a typed error) is skipped, with a warning: the other chats' daily
/// posts go out, and the next wake-up is theirs (the damaged row, due for
/// ever, is never one to wake for).
#[test]
fn a_damaged_daily_row_stops_no_other_chats_post() {
    let room = Room::new();
    room.say_in("bad", "Bea", "/daily on 09:00 +00:00");
    room.say_in("good", "Gus", "/daily on 09:00 +00:00");
    let s = room.store();
    let bad: i64 = s
        .conn()
        .query_row(
            "SELECT id FROM chats WHERE platform_chat_id = 'bad'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    s.conn()
        .execute(
            "UPDATE puzzle_daily SET variant = 'checkers' WHERE chat_id = ?1",
            [bad],
        )
        .unwrap();
    // 11:06 UTC now: both are due tomorrow at 09:00 UTC
    let due = (T0.div_euclid(DAY) + 1) * DAY + 9 * 3600;
    room.clock.set(due);
    let posts = room.svc.daily_due().expect("the others' posts");
    let chats: Vec<&str> = posts
        .iter()
        .filter(|r| r.image.is_some())
        .map(|r| r.chat_id())
        .collect();
    assert_eq!(chats, ["good"], "{posts:#?}");
    assert_eq!(room.svc.next_daily_wakeup().unwrap(), Some(due + DAY));
    assert!(room.svc.daily_due().unwrap().is_empty(), "posted once");
}

/// A chat whose daily post fails (the previous puzzle it names does not
/// read: a stored variant this build does not know) is tried again an
/// hour later: the sweeper is not woken for it at once, over and over.
#[test]
fn a_failed_daily_post_is_tried_again_an_hour_later() {
    let room = Room::new();
    room.say_in("bad", "Bea", "/daily on 09:00 +00:00");
    let due = (T0.div_euclid(DAY) + 1) * DAY + 9 * 3600;
    room.clock.set(due);
    assert_eq!(room.svc.daily_due().unwrap().len(), 1, "the first post");
    let s = room.store();
    s.conn()
        .execute(
            "UPDATE puzzles SET variant = 'checkers' WHERE id = (SELECT last_puzzle FROM puzzle_daily)",
            [],
        )
        .unwrap();
    room.clock.set(due + DAY);
    assert!(room.svc.daily_due().unwrap().is_empty(), "the post fails");
    assert_eq!(
        room.svc.next_daily_wakeup().unwrap(),
        Some(due + DAY + 3600),
        "tried again in an hour"
    );
    assert!(
        room.svc.daily_due().unwrap().is_empty(),
        "not due meanwhile"
    );
}

#[test]
fn daily_posts_at_local_time_in_each_timezone_and_rotates_by_utc_day() {
    let room = Room::new();
    let today = T0.div_euclid(DAY); // 11:06 UTC now
    let o = room.say_in("msk", "Masha", "/daily on 09:00 +03:00");
    assert!(text(&o).contains("09:00 (UTC+03:00)"), "{}", text(&o));
    let o = room.say_in("nyc", "Nick", "/daily on 09:00 -05:00");
    assert!(text(&o).contains("UTC-05:00"), "{}", text(&o));
    room.say_in("off", "Olga", "/daily on 10:00");
    room.say_in("off", "Olga", "/daily off");

    // 09:00 in New York is 14:00 UTC today; in Moscow 06:00 UTC tomorrow
    let ny = today * DAY + 14 * 3600;
    let msk = (today + 1) * DAY + 6 * 3600;
    assert_eq!(room.svc.next_daily_wakeup().unwrap(), Some(ny));
    assert!(room.svc.daily_due().unwrap().is_empty());

    let ids = db::puzzle_ids(room.store().read(), shashki::engine::Variant::Russian).unwrap();
    let puzzle_of = |day: i64| ids[day.rem_euclid(ids.len() as i64) as usize];

    room.clock.set(ny);
    let posts = room.svc.daily_due().unwrap();
    assert_eq!(posts.len(), 1, "{posts:#?}");
    assert_eq!(posts[0].chat_id(), "nyc");
    assert!(posts[0].text.contains(&format!("#{}", puzzle_of(today))));
    assert!(posts[0].image.is_some());
    assert!(room.svc.daily_due().unwrap().is_empty(), "posted once");
    assert_eq!(room.svc.next_daily_wakeup().unwrap(), Some(msk));

    // Moscow's morning is the next UTC day: the next puzzle
    room.clock.set(msk - 1);
    assert!(room.svc.daily_due().unwrap().is_empty());
    room.clock.set(msk);
    let posts = room.svc.daily_due().unwrap();
    assert_eq!(posts.len(), 1);
    assert_eq!(posts[0].chat_id(), "msk");
    assert!(posts[0]
        .text
        .contains(&format!("#{}", puzzle_of(today + 1))));

    // New York's next morning: the same UTC day's puzzle as Moscow's, and
    // the previous one's solution
    room.clock.set(ny + DAY);
    let posts = room.svc.daily_due().unwrap();
    let t: String = posts.iter().map(|r| r.text.clone()).collect();
    assert!(t.contains(&format!("#{}", puzzle_of(today + 1))), "{t}");
    assert!(
        t.contains(&format!("previous daily puzzle #{}", puzzle_of(today))),
        "{t}"
    );

    // anyone in the chat answers the daily with a bare move
    let daily = read_pack(PACK)
        .into_iter()
        .find(|(n, _, _)| *n == puzzle_of(today + 1))
        .unwrap()
        .1;
    let o = room.say_in("nyc", "Nick", &daily.main_line()[0].to_string());
    let t = text(&o);
    assert!(t.contains("Right") || t.contains("Solved"), "{t}");
    let o = room.say_in("nyc", "Nick", "/puzzle daily");
    assert!(
        text(&o).contains("already tried") || text(&o).contains("Puzzle #"),
        "{}",
        text(&o)
    );

    // three days of downtime: one post per chat, then back on schedule
    room.clock.set(ny + 4 * DAY + 60);
    let posts = room.svc.daily_due().unwrap();
    let chats: Vec<&str> = posts
        .iter()
        .filter(|r| r.image.is_some())
        .map(|r| r.chat_id())
        .collect();
    assert_eq!(chats.len(), 2, "{chats:?}");
    assert!(room.svc.daily_due().unwrap().is_empty());
    let next = room.svc.next_daily_wakeup().unwrap().unwrap();
    assert!(next > ny + 4 * DAY);
    let o = room.say_in("msk", "Masha", "/daily");
    assert!(text(&o).contains("every day at 09:00"), "{}", text(&o));
    let o = room.say_in("off", "Olga", "/daily");
    assert!(text(&o).contains("off"), "{}", text(&o));
    let o = room.say_in("off", "Olga", "/daily on 25:00");
    assert!(text(&o).contains("not a time"), "{}", text(&o));
}

#[test]
fn russian_commands() {
    let room = Room::new();
    let o = room.say("Ivan", "/задача");
    assert!(has_board(&o));
    let o = room.say("Ivan", "/подсказка");
    assert!(text(&o).contains("Hint"), "{}", text(&o));
    room.say("Ivan", "/settings lang ru");
    let o = room.say("Ivan", "/задача ответ");
    assert!(text(&o).contains("решение"), "{}", text(&o));
}

#[test]
fn buttons_give_hints_solutions_and_the_next_puzzle() {
    let room = Room::new();
    let (n, p) = find(|p| p.solver_moves() >= 2);
    let o = room.say("Gleb", &format!("/puzzle #{n}"));
    let hint = button(&o, "Hint");
    let o = room.press("Gleb", &hint);
    assert!(
        text(&o).contains(&p.main_line()[0].from().to_string()),
        "{}",
        text(&o)
    );
    // someone else pressing the same button has no puzzle open
    let o = room.press("Lena", &hint);
    assert!(text(&o).contains("no puzzle open"), "{}", text(&o));
    let o = room.press("Gleb", &button(&o_show(&room, n), "Solution"));
    assert!(text(&o).contains(&p.solution_text()), "{}", text(&o));
    let o = room.press("Gleb", &button(&o, "Next puzzle"));
    assert!(text(&o).contains("Puzzle #"), "{}", text(&o));
    assert!(has_board(&o));
    assert_eq!(room.player("Gleb").failed, 1);
}

/// The question buttons of the user's open puzzle (shown again by /puzzle).
fn o_show(room: &Room, _n: PuzzleId) -> Outcome {
    room.say("Gleb", "/puzzle")
}

/// The first board image of an outcome.
fn image(o: &Outcome) -> Vec<u8> {
    o.replies
        .iter()
        .find_map(|r| r.image.as_ref())
        .expect("a board image")
        .bytes()
        .to_vec()
}

#[test]
fn puzzle_boards_use_the_configured_theme() {
    use shashki::render::Theme;
    let with = |theme| {
        Room::with_config(Config {
            board_size: 240,
            default_theme: theme,
            ..Config::default()
        })
    };
    // the same puzzle (same user, same time) in three fresh rooms
    let contrast = image(&with(Theme::Contrast).say("Anna", "/puzzle"));
    let classic = with(Theme::Classic);
    let classic_default = image(&classic.say("Anna", "/puzzle"));
    assert_ne!(contrast, classic_default, "the default theme is used");
    let chosen = with(Theme::Classic);
    chosen.say("Anna", "/settings theme contrast");
    assert_eq!(image(&chosen.say("Anna", "/puzzle")), contrast);
    // and /settings names the configured theme
    let t = with(Theme::Contrast).say("Anna", "/settings");
    let t: String = t.replies.iter().map(|r| r.text.clone()).collect();
    assert!(t.contains("contrast"), "{t}");
}

#[test]
fn daily_in_a_named_zone_and_hostile_zones() {
    let room = Room::new();
    // T0 is 2026-11-18 11:06 UTC; Riga is UTC+2 in November: 09:00 local is
    // 07:00 UTC, so tomorrow
    let o = room.say_in("riga", "Rita", "/daily on 09:00 Europe/Riga");
    assert!(text(&o).contains("(Europe/Riga)"), "{}", text(&o));
    let tomorrow = (T0.div_euclid(DAY) + 1) * DAY;
    assert_eq!(
        room.svc.next_daily_wakeup().unwrap(),
        Some(tomorrow + 7 * 3600)
    );
    // junk is refused with a message, and the bot goes on
    for bad in ["+1é1", "+-99:00", "Mars/Olympus", "+99", "é"] {
        let o = room.say_in("riga", "Rita", &format!("/daily on 09:00 {bad}"));
        assert!(text(&o).contains("not a time zone"), "{bad}: {}", text(&o));
    }
    assert_eq!(
        room.svc.next_daily_wakeup().unwrap(),
        Some(tomorrow + 7 * 3600)
    );
    let o = room.say_in("riga", "Rita", "/daily");
    assert!(text(&o).contains("Europe/Riga"), "{}", text(&o));
}
