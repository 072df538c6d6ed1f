//! The chat service end to end through the core, on a temporary SQLite file.

mod common;

use common::room::{board, quick_config, text, Room, DAY, T0};
use shashki::core::{
    BoardMode, Config, Event, Input, LinkTo, Outcome, Platform, Reply, Service, Target,
};
use shashki::engine::search::{search, Limits};
use shashki::engine::{Game, Position, Variant, Variant8};
use shashki::store::{self, ChallengeId, GameId, Ply, Seat, Store, TournamentId};
use std::sync::Arc;

impl Room {
    fn new() -> Room {
        Room::with_config(quick_config())
    }

    fn game_opt(&self, id: i64) -> Option<store::GameRow> {
        store::game(self.store().read(), GameId(id)).unwrap()
    }

    /// The engine's view of a stored game (replayed from its moves).
    fn replay(&self, id: GameId) -> Game {
        let s = self.store();
        let row = store::game(s.read(), id).unwrap().unwrap();
        let mut g = Game::from_position(
            row.variant.eight().unwrap(),
            Position::from_fen(&row.start_fen).unwrap(),
        );
        for m in store::game_moves(s.read(), id).unwrap() {
            g.play_text(&m).unwrap();
        }
        g
    }
}

fn button<'a>(o: &'a Outcome, label_part: &str) -> &'a str {
    o.replies
        .iter()
        .flat_map(|r| r.choices.iter().flatten())
        .find(|c| c.label.contains(label_part))
        .map(|c| c.payload.as_str())
        .unwrap_or_else(|| panic!("no button {label_part} in {o:#?}"))
}

/// Anna challenges Bob; Bob accepts. Anna plays White. Returns the game id.
fn start_human_game(room: &Room, days: &str) -> GameId {
    room.say("Bob", "/help"); // the bot has seen Bob
    let card = room.say("Anna", &format!("/challenge @bob {days} white"));
    assert!(text(&card).contains("Challenge #"), "{}", text(&card));
    assert!(card.replies[0]
        .mentions
        .iter()
        .any(|m| m.platform_user_id == "bob"));
    let accept = button(&card, "Accept").to_string();
    let started = room.press("Bob", &accept);
    let t = text(&started);
    assert!(t.contains("begins"), "{t}");
    let b = board(&started);
    assert!(b.image.as_ref().unwrap().bytes().starts_with(b"\x89PNG"));
    assert_eq!(
        b.mentions[0].platform_user_id, "anna",
        "White is called to move"
    );
    b.game_id.unwrap()
}

#[test]
fn whole_game_to_a_win() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    // White thinks 3 plies ahead, Black plays its first legal move
    let mut plies = 0;
    loop {
        let g = room.replay(id);
        if room.game(id).status == store::GameStatus::Finished {
            break;
        }
        let (who, mv) = if g.side_to_move() == shashki::engine::Color::White {
            let r = search(g.position(), &g.history_hashes(), &Limits::depth(3)).unwrap();
            ("Anna", r.best_move)
        } else {
            let mut moves = g.legal_moves();
            moves.sort_by_key(|m| m.to_string());
            ("Bob", moves[0])
        };
        let out = room.say(who, &format!("/move {mv}"));
        assert!(text(&out).contains(&mv.to_string()), "{}", text(&out));
        plies += 1;
        assert!(plies < 300, "the game ends");
    }
    let row = room.game(id);
    assert_eq!(
        row.result.map(store::GameResult::as_str),
        Some("2-0"),
        "{row:?}"
    );
    assert_eq!(
        row.result_reason.map(store::Termination::as_str),
        Some("no-moves")
    );
    let g = room.replay(id);
    assert!(g.legal_moves().is_empty(), "Black has no move left");
    assert_eq!(g.ply() as i64, row.ply.0);
    // ratings moved
    let s = room.store();
    let top = store::top_ratings(s.read(), row.chat_id, 10).unwrap();
    assert_eq!(top[0].0.name, "Anna");
    assert!(top[0].1.rating > 1500.0 && top[1].1.rating < 1500.0);
    let out = room.say("Anna", "/top");
    assert!(text(&out).contains("1. Anna"), "{}", text(&out));
}

#[test]
fn the_final_message_has_the_board_and_the_pdn() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    room.say("Anna", "c3-d4");
    let out = room.say("Bob", "/resign");
    let t = text(&out);
    assert!(
        t.contains("Bob resigned") && t.contains("Anna (White) wins"),
        "{t}"
    );
    let r = board(&out);
    let (name, pdn) = r.document.as_ref().expect("PDN attached");
    assert_eq!(name, &format!("game-{id}.pdn"));
    assert!(
        pdn.contains("[White \"Anna\"]") && pdn.contains("1. c3-d4 2-0"),
        "{pdn}"
    );
    assert_eq!(
        room.game(id).result.map(store::GameResult::as_str),
        Some("2-0")
    );
    // nothing more can happen in it
    let t = text(&room.say("Anna", "/move d4-e5"));
    assert!(t.contains("no game in progress"), "{t}");
}

#[test]
fn draw_offer_declined_then_accepted() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    let offer = room.say("Anna", "/draw");
    assert!(text(&offer).contains("offers a draw"), "{}", text(&offer));
    assert_eq!(offer.replies[0].mentions[0].platform_user_id, "bob");
    assert!(text(&room.say("Anna", "/draw")).contains("already offered"));
    let declined = room.press("Bob", button(&offer, "Play on"));
    assert!(text(&declined).contains("declined the draw"));
    assert_eq!(room.game(id).status, store::GameStatus::Active);
    let offer = room.say("Bob", "/draw");
    let agreed = room.press("Anna", button(&offer, "Accept draw"));
    assert!(text(&agreed).contains("draw agreed"), "{}", text(&agreed));
    let row = room.game(id);
    assert_eq!(
        (
            row.result.map(store::GameResult::as_str),
            row.result_reason.map(store::Termination::as_str)
        ),
        (Some("1-1"), Some("agreement"))
    );
}

#[test]
fn resignation_by_button_needs_confirmation() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    let start = room.say("Anna", "/board");
    let ask = room.press("Anna", button(&start, "Resign"));
    assert!(text(&ask).contains("cannot be undone"));
    assert_eq!(room.game(id).status, store::GameStatus::Active);
    let done = room.press("Anna", button(&ask, "Yes"));
    assert!(text(&done).contains("Bob (Black) wins"), "{}", text(&done));
    assert_eq!(
        room.game(id).result.map(store::GameResult::as_str),
        Some("0-2")
    );
}

#[test]
fn reminder_then_timeout() {
    let room = Room::new();
    let id = start_human_game(&room, "1");
    let row = room.game(id);
    assert_eq!(row.deadline, Some(T0 + DAY));
    // one day per move: the reminder at half the time (24 h left would be
    // the start of the move)
    assert_eq!(room.svc.next_wakeup().unwrap(), Some(T0 + DAY / 2));
    room.clock.set(T0 + DAY / 2 - 10);
    assert!(room.svc.sweep().unwrap().is_empty(), "nothing due yet");
    room.clock.set(T0 + DAY / 2 + 1);
    let r = room.svc.sweep().unwrap();
    assert_eq!(r.len(), 1);
    assert!(
        r[0].text.contains("@anna, your move in game"),
        "{}",
        r[0].text
    );
    assert_eq!(r[0].mentions[0].platform_user_id, "anna");
    assert!(room.svc.sweep().unwrap().is_empty(), "one reminder only");
    room.clock.set(T0 + DAY + 1);
    let r = room.svc.sweep().unwrap();
    assert_eq!(r.len(), 1);
    assert!(
        r[0].text.contains("did not move in time") && r[0].text.contains("Bob (Black) wins"),
        "{}",
        r[0].text
    );
    assert!(r[0].image.is_some() && r[0].document.is_some());
    let row = room.game(id);
    assert_eq!(
        (
            row.result.map(store::GameResult::as_str),
            row.result_reason.map(store::Termination::as_str)
        ),
        (Some("0-2"), Some("timeout"))
    );
    assert_eq!(room.svc.next_wakeup().unwrap(), None);
}

/// One sweep's notices for one chat go out as one message: fifty games of
/// one chat reach their reminder in the same sweep (a tournament's games
/// all start at once) and the chat gets one message naming every player to
/// move; their fifty time-outs later are one message too (text: the boards
/// and PDNs of fifty finished games are not sent one by one — `/board #N`
/// and `/pdn #N` show them). A chat with a single notice gets it as before.
#[test]
fn one_sweeps_notices_for_a_chat_are_one_message() {
    const GAMES: usize = 50;
    let room = Room::new();
    let mut games = Vec::new();
    for i in 0..GAMES {
        let (white, black) = (format!("W{i}"), format!("B{i}"));
        room.say(&black, "/help");
        let card = room.say(
            &white,
            &format!("/challenge @{} 1 white", black.to_lowercase()),
        );
        let accept = button(&card, "Accept").to_string();
        games.push(board(&room.press(&black, &accept)).game_id.unwrap());
    }
    // another chat: one game, one reminder
    let other = |who: &str, input: Input| {
        let e = room.event_in("other", "Other", who, input);
        room.svc.handle(&e).unwrap()
    };
    other("Bob", Input::Text("/help".into()));
    let card = other("Anna", Input::Text("/challenge @bob 1 white".into()));
    let accept = button(&card, "Accept").to_string();
    other("Bob", Input::Choice(accept));

    room.clock.set(T0 + DAY / 2 + 1);
    let r = room.svc.sweep().unwrap();
    let to = |chat: &str| -> Vec<&Reply> {
        r.iter()
            .filter(|x| x.target == Target::Chat(chat.into()))
            .collect()
    };
    let here = to("room");
    assert_eq!(
        here.len(),
        1,
        "{:#?}",
        here.iter().map(|x| &x.text).collect::<Vec<_>>()
    );
    let m = here[0];
    for (i, id) in games.iter().enumerate() {
        assert!(
            m.text.contains(&format!("@w{i}, your move in game #{id}:")),
            "game {id}: {}",
            m.text
        );
        assert!(m
            .mentions
            .iter()
            .any(|x| x.platform_user_id == format!("w{i}")));
    }
    assert_eq!(
        m.mentions.len(),
        GAMES,
        "each player to move is called once"
    );
    assert!(m.image.is_none() && m.choices.is_empty());
    let there = to("other");
    assert_eq!(there.len(), 1);
    assert!(
        there[0].text.starts_with("@anna, your move in game"),
        "{}",
        there[0].text
    );
    assert_eq!(r.len(), 2, "nothing else");

    room.clock.set(T0 + DAY + 1);
    let r = room.svc.sweep().unwrap();
    let here: Vec<&Reply> = r
        .iter()
        .filter(|x| x.target == Target::Chat("room".into()))
        .collect();
    assert_eq!(here.len(), 1);
    assert_eq!(here[0].text.matches("did not move in time").count(), GAMES);
    assert!(here[0].image.is_none() && here[0].document.is_none());
    for id in &games {
        assert_eq!(room.game(*id).status, store::GameStatus::Finished);
    }
    // the other chat's single time-out keeps its final board and PDN
    let there: Vec<&Reply> = r
        .iter()
        .filter(|x| x.target == Target::Chat("other".into()))
        .collect();
    assert_eq!(there.len(), 1);
    assert!(there[0].image.is_some() && there[0].document.is_some());
}

#[test]
fn a_move_resets_the_clock() {
    let room = Room::new();
    let id = start_human_game(&room, "2");
    room.clock.set(T0 + DAY);
    room.say("Anna", "c3-d4");
    let row = room.game(id);
    assert_eq!(
        row.deadline,
        Some(T0 + DAY + 2 * DAY),
        "Bob has 2 days from now"
    );
    assert_eq!(row.reminders_sent, 0);
}

#[test]
fn vacation_pauses_the_clock() {
    let room = Room::new();
    let id = start_human_game(&room, "1");
    let out = room.say("Anna", "/vacation 3");
    let t = text(&out);
    assert!(
        t.contains("Anna is on vacation for 3 days") && t.contains("@bob"),
        "{t}"
    );
    assert!(t.contains("Vacation days left this year: 27"), "{t}");
    assert_eq!(room.game(id).deadline, Some(T0 + 4 * DAY));
    room.clock.set(T0 + 2 * DAY);
    assert!(room
        .svc
        .sweep()
        .unwrap()
        .iter()
        .all(|r| !r.text.contains("did not move")));
    // too long a vacation is refused
    assert!(text(&room.say("Anna", "/vacation 28")).contains("27 vacation days left"));
    // Anna moves during her vacation: Bob's clock is normal; when Bob moves,
    // Anna's next deadline includes the rest of her vacation
    room.say("Anna", "c3-d4");
    assert_eq!(room.game(id).deadline, Some(T0 + 3 * DAY));
    room.say("Bob", "f6-g5");
    assert_eq!(
        room.game(id).deadline,
        Some(T0 + 2 * DAY + DAY + DAY),
        "1 day left of vacation + 1 day"
    );
}

#[test]
fn a_draw_rule_ends_the_game() {
    let room = Room::new();
    room.say("Anna", "/help");
    room.say("Bob", "/help");
    // a kings ending set up in the store, played through the chat
    let id = {
        let mut s = room.store();
        s.transaction(|c| -> Result<GameId, store::StoreError> {
            let chat = store::upsert_chat(c, "console", "room", None, false, T0)?;
            let a = store::user_by_handle(c, "console", "anna")?.unwrap();
            let b = store::user_by_handle(c, "console", "bob")?.unwrap();
            store::insert_game(
                c,
                &store::NewGame {
                    chat_id: chat.id,
                    variant: Variant::Russian,
                    white: Seat::Human(a.id),
                    black: Seat::Human(b.id),
                    start_fen: "W:WKa1,c1:BKh6,f8".into(),
                    seconds_per_move: None,
                    deadline: None,
                    reminder_at: None,
                    bank: None,
                    casual: false,
                },
                T0,
            )
        })
        .unwrap()
    };
    let cycle = [
        ("Anna", "a1-b2"),
        ("Bob", "h6-g5"),
        ("Anna", "b2-a1"),
        ("Bob", "g5-h6"),
    ];
    let mut last = Outcome::default();
    for (who, mv) in cycle.iter().chain(cycle.iter()) {
        last = room.say(who, mv);
    }
    let t = text(&last);
    assert!(
        t.contains("Draw: the same position occurred three times"),
        "{t}"
    );
    let row = room.game(id);
    assert_eq!(
        (
            row.result.map(store::GameResult::as_str),
            row.result_reason.map(store::Termination::as_str)
        ),
        (Some("1-1"), Some("repetition"))
    );
}

#[test]
fn a_game_against_the_ai() {
    let room = Room::new();
    let out = room.say("Anna", "/challenge ai 2 black");
    assert!(
        text(&out).contains("AI (level 2) (White) against"),
        "{}",
        text(&out)
    );
    let id = board(&out).game_id.unwrap();
    assert_eq!(out.jobs.len(), 1, "the AI moves first");
    assert!(
        board(&out)
            .choices
            .iter()
            .flatten()
            .all(|c| c.payload == format!("f:{id}")),
        "no buttons but flip while the AI is to move"
    );
    let mut jobs = out.jobs;
    for ply in 0..6 {
        let job = jobs.pop().expect("an AI move to make");
        let done = room.svc.run_job(job).unwrap();
        assert!(board(&done)
            .mentions
            .iter()
            .any(|m| m.platform_user_id == "anna"));
        assert_eq!(room.game(id).ply, Ply(2 * ply + 1));
        // Anna answers with her first legal move, by button
        let g = room.replay(id);
        let first = g.legal_moves().iter().map(|m| m.to_string()).min().unwrap();
        let mine = room.press("Anna", button(&done, &first));
        assert!(text(&mine).contains(&first), "{}", text(&mine));
        jobs = mine.jobs;
    }
    assert_eq!(room.game(id).ply, Ply(12));
    // a job for a position that has moved on does nothing
    let stale = room
        .svc
        .run_job(shashki::core::Job::AiMove {
            game: id,
            ply: Ply(3),
        })
        .unwrap();
    assert!(stale.replies.is_empty());
}

#[test]
fn the_ai_takes_a_draw_only_when_it_stands_worse() {
    let room = Room::new();
    room.say("Anna", "/help");
    // Anna (White) has three kings against the AI's lone king, then the
    // reverse: a lone king against the AI's three
    let mut ids = Vec::new();
    for fen in ["W:WKc1,Ke1,Kg1:BKh2", "W:WKb2:BKf8,Kd8,Kh6"] {
        let id = {
            let mut s = room.store();
            s.transaction(|c| -> Result<GameId, store::StoreError> {
                let chat = store::upsert_chat(c, "console", "room", None, false, T0)?;
                let a = store::user_by_handle(c, "console", "anna")?.unwrap();
                store::insert_game(
                    c,
                    &store::NewGame {
                        chat_id: chat.id,
                        variant: Variant::Russian,
                        white: Seat::Human(a.id),
                        black: Seat::Ai(8),
                        start_fen: fen.into(),
                        seconds_per_move: None,
                        deadline: None,
                        reminder_at: None,
                        bank: None,
                        casual: false,
                    },
                    T0,
                )
            })
            .unwrap()
        };
        ids.push(id);
    }
    let t = text(&room.say("Anna", &format!("/draw #{}", ids[0])));
    assert!(t.contains("draw agreed"), "{t}");
    assert_eq!(
        room.game(ids[0]).result.map(store::GameResult::as_str),
        Some("1-1")
    );
    let t = text(&room.say("Anna", &format!("/draw #{}", ids[1])));
    assert!(t.contains("declines the draw"), "{t}");
    assert_eq!(room.game(ids[1]).status, store::GameStatus::Active);
}

#[test]
fn illegal_and_ambiguous_moves_are_explained() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    let t = text(&room.say("Anna", "d4-e5"));
    assert!(t.contains("there is no piece on d4"), "{t}");
    assert!(
        t.contains("Legal moves: a3-b4, c3-b4, c3-d4, e3-d4, e3-f4, g3-f4, g3-h4"),
        "{t}"
    );
    let t = text(&room.say("Anna", "/move d4"));
    assert!(t.contains("d4 could mean c3-d4, e3-d4"), "{t}");
    let t = text(&room.say("Anna", "/move e3-e4"));
    assert!(t.contains("“e4” is not a dark square"), "{t}");
    // a capture must be taken, and finished
    room.say("Anna", "c3-d4");
    room.say("Bob", "f6-e5");
    let t = text(&room.say("Anna", "g3-h4"));
    assert!(
        t.contains("a capture is compulsory") && t.contains("d4:f6"),
        "{t}"
    );
    assert_eq!(room.game(id).ply, Ply(2), "nothing was played");
    // chatter is ignored
    assert!(room.say("Bob", "good game so far").replies.is_empty());
    // a stale button is refused
    let t = text(&room.press("Bob", &format!("m:{id}:0:0")));
    assert!(t.contains("position has changed"), "{t}");
    assert!(text(&room.press("Bob", "m:zz")).contains("not valid"));
}

#[test]
fn only_players_act_on_a_game() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    let t = text(&room.say("Carol", "/move c3-d4"));
    assert!(
        t.contains(&format!("You are not playing in game #{id}")),
        "{t}"
    );
    let t = text(&room.say("Carol", &format!("/resign #{id}")));
    assert!(t.contains("not playing"), "{t}");
    let t = text(&room.press("Carol", &format!("R:{id}")));
    assert!(t.contains("not playing"), "{t}");
    let t = text(&room.say("Bob", "/move f6-g5"));
    assert!(t.contains("not your turn"), "{t}");
    assert_eq!(room.game(id).ply, Ply(0));
    assert_eq!(room.game(id).status, store::GameStatus::Active);
}

#[test]
fn a_redelivered_update_does_nothing_twice() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    let ev = room.event("Anna", Input::Text("c3-d4".into()));
    let first = room.svc.handle(&ev).unwrap();
    assert!(!first.replies.is_empty());
    let again = room.svc.handle(&ev).unwrap();
    assert!(again.replies.is_empty() && again.jobs.is_empty());
    assert_eq!(room.game(id).ply, Ply(1));
}

#[test]
fn racing_moves_apply_exactly_once() {
    let room = Room::new();
    let mut id = start_human_game(&room, "3");
    // a second service on the same file: its own SQLite connection
    let other = Arc::new(Service::open(&room.path, quick_config(), room.clock.clone()).unwrap());
    let (mut applied, mut rounds) = (0, 0);
    for round in 0..1000 {
        let row = room.game(id);
        if row.status != store::GameStatus::Active {
            id = start_human_game(&room, "3");
            continue;
        }
        let g = room.replay(id);
        let who = if g.side_to_move() == shashki::engine::Color::White {
            "Anna"
        } else {
            "Bob"
        };
        let mut moves: Vec<String> = g.legal_moves().iter().map(|m| m.to_string()).collect();
        moves.sort();
        let (a, b) = (moves[0].clone(), moves[moves.len() - 1].clone());
        let mk = |svc: Arc<Service>, mv: String, tag: &str| {
            let ev = Event {
                update_id: Some(format!("race-{round}-{tag}")),
                ..room.event(who, Input::Text(format!("/move #{id} {mv}")))
            };
            std::thread::spawn(move || svc.handle(&ev).unwrap())
        };
        let t1 = mk(room.svc.clone(), a, "a");
        let t2 = mk(other.clone(), b, "b");
        let (o1, o2) = (t1.join().unwrap(), t2.join().unwrap());
        let played = [&o1, &o2]
            .iter()
            .filter(|o| o.replies.iter().any(|r| r.image.is_some()))
            .count();
        assert_eq!(played, 1, "round {round}: exactly one move applies");
        let after = room.game(id);
        assert_eq!(after.ply, row.ply.next(), "round {round}");
        applied += 1;
        rounds += 1;
    }
    assert!(rounds > 900);
    // every game's stored moves are exactly its plies, each applied once
    let s = room.store();
    let total: i64 = s
        .conn()
        .query_row("SELECT COUNT(*) FROM moves", [], |r| r.get(0))
        .unwrap();
    assert_eq!(total, applied);
    let gaps: i64 = s
        .conn()
        .query_row(
            "SELECT COUNT(*) FROM games g WHERE g.ply <> (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(gaps, 0);
}

#[test]
fn reopening_after_a_crash_extends_deadlines_and_keeps_moves() {
    let room = Room::new();
    let id = start_human_game(&room, "1");
    room.say("Anna", "c3-d4");
    room.svc.heartbeat().unwrap();
    let deadline = room.game(id).deadline.unwrap();
    assert_eq!(deadline, T0 + DAY);
    // the process dies without a word; two days pass
    let path = room.path.clone();
    let clock = room.clock.clone();
    drop(room.svc);
    clock.set(T0 + 2 * DAY);
    let svc = Service::open(&path, quick_config(), clock.clone()).unwrap();
    assert_eq!(svc.recover().unwrap(), 2 * DAY);
    let s = Store::open(&path).unwrap();
    let row = store::game(s.read(), id).unwrap().unwrap();
    assert_eq!(
        row.deadline,
        Some(deadline + 2 * DAY),
        "Bob keeps his full day"
    );
    assert_eq!(row.ply, Ply(1));
    assert_eq!(
        store::game_moves(s.read(), id).unwrap(),
        vec!["c3-d4".to_string()]
    );
    assert!(svc
        .sweep()
        .unwrap()
        .iter()
        .all(|r| !r.text.contains("did not move")));
    // the extended deadline still fires
    clock.set(deadline + 2 * DAY + 1);
    let r = svc.sweep().unwrap();
    assert!(
        r.iter()
            .any(|r| r.text.contains("Bob did not move in time")),
        "{r:?}"
    );
    // a short restart credits nothing
    svc.heartbeat().unwrap();
    clock.advance(30);
    assert_eq!(svc.recover().unwrap(), 0);
}

#[test]
fn russian_speakers_get_russian() {
    let room = Room::new();
    let mut ev = room.event("Ivan", Input::Text("/помощь".into()));
    ev.user.lang = Some("ru".into());
    let out = room.svc.handle(&ev).unwrap();
    assert!(text(&out).starts_with("Русские шашки"), "{}", text(&out));
    let mut ev = room.event("Ivan", Input::Text("/вызов ии 9".into()));
    ev.user.lang = Some("ru".into());
    let out = room.svc.handle(&ev).unwrap();
    assert!(text(&out).contains("Уровня 9 нет"), "{}", text(&out));
    assert!(!text(&out).contains('['), "no missing messages");
}

#[test]
fn german_french_and_latvian_by_setting_or_platform() {
    let room = Room::new();
    // a user's own setting
    room.say("Hans", "/settings lang de");
    let out = room.say("Hans", "/help");
    assert!(text(&out).starts_with("Russische Dame"), "{}", text(&out));
    assert!(text(&out).contains("/move e3-d4"), "commands stay English");
    let out = room.say("Hans", "/help rules");
    assert!(text(&out).contains("Schlagzwang"), "{}", text(&out));
    assert!(text(&out).contains("f4:h6"), "coordinates stay a–h/1–8");
    let out = room.say("Hans", "/challenge ai 9");
    assert!(
        text(&out).contains("Stufe 9 gibt es nicht"),
        "{}",
        text(&out)
    );
    // the platform's language of a user who set none
    let mut ev = room.event("Marie", Input::Text("/help".into()));
    ev.user.lang = Some("fr-FR".into());
    let out = room.svc.handle(&ev).unwrap();
    assert!(text(&out).starts_with("Dames russes"), "{}", text(&out));
    let mut ev = room.event("Marie", Input::Text("/help règles".into()));
    ev.user.lang = Some("fr".into());
    let out = room.svc.handle(&ev).unwrap();
    assert!(
        text(&out).contains("La prise est obligatoire"),
        "{}",
        text(&out)
    );
    let mut ev = room.event("Jānis", Input::Text("/challenge ai 9".into()));
    ev.user.lang = Some("lv".into());
    let out = room.svc.handle(&ev).unwrap();
    assert!(text(&out).contains("9. līmeņa nav"), "{}", text(&out));
    assert!(!text(&out).contains('['), "no missing messages");
    // a setting wins over the platform, and others keep theirs
    let mut ev = room.event("Hans", Input::Text("/help".into()));
    ev.user.lang = Some("fr".into());
    let out = room.svc.handle(&ev).unwrap();
    assert!(text(&out).starts_with("Russische Dame"), "{}", text(&out));
    let out = room.say("Ann", "/help");
    assert!(text(&out).starts_with("Russian draughts"), "{}", text(&out));
}

/// Every reply of an outcome goes to one user privately.
fn all_private_to(o: &Outcome, user: &str) -> bool {
    !o.replies.is_empty()
        && o.replies
            .iter()
            .all(|r| matches!(&r.target, shashki::core::Target::User { user: u, .. } if u == user))
}

#[test]
fn only_the_player_to_move_can_press_the_move_buttons() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    let shown = room.say("Anna", "/board");
    let mv = button(&shown, "c3-d4").to_string();
    let moves_before = store::game_moves(room.store().read(), id).unwrap();
    // Bob (Black) presses White's move button: refused, privately, nothing stored
    let out = room.press("Bob", &mv);
    assert!(
        text(&out).contains(&format!("not your turn in game #{id}")),
        "{}",
        text(&out)
    );
    assert!(all_private_to(&out, "bob"), "{out:#?}");
    assert!(out.replies.iter().all(|r| r.image.is_none()));
    // a spectator neither
    room.say("Carl", "/help");
    let out = room.press("Carl", &mv);
    assert!(text(&out).contains("not playing"), "{}", text(&out));
    assert!(all_private_to(&out, "carl"));
    // the piece picker is the mover's too
    let out = room.press("Bob", &format!("p:{id}:0:22"));
    assert!(text(&out).contains("not your turn"), "{}", text(&out));
    // (back to the board's buttons is any player's: it changes nothing)
    let out = room.press("Bob", &format!("b:{id}:0"));
    assert!(out.replies.iter().all(|r| r.in_place && r.image.is_none()));
    let row = room.game(id);
    assert_eq!((row.ply, row.status), (Ply(0), store::GameStatus::Active));
    assert_eq!(
        store::game_moves(room.store().read(), id).unwrap(),
        moves_before
    );
    // Anna's own press plays it
    let out = room.press("Anna", &mv);
    assert!(text(&out).contains("Anna: c3-d4"), "{}", text(&out));
    assert_eq!(room.game(id).ply, Ply(1));
    // and the same button again is stale, for both
    assert!(text(&room.press("Anna", &mv)).contains("position has changed"));
    assert!(text(&room.press("Bob", &mv)).contains("position has changed"));
    assert_eq!(room.game(id).ply, Ply(1));
}

#[test]
fn a_forged_button_cannot_play_the_ais_move() {
    let room = Room::new();
    let out = room.say("Anna", "/challenge ai 1 black");
    let id = board(&out).game_id.unwrap();
    // while the AI is to move, a move payload made up for its position
    assert_eq!(room.game(id).ply, Ply(0));
    for forged in [
        format!("m:{id}:0:0"),
        format!("p:{id}:0:21"),
        format!("m:{id}:0:3"),
    ] {
        let out = room.press("Anna", &forged);
        assert!(text(&out).contains("not your turn"), "{}", text(&out));
        assert_eq!(room.game(id).ply, Ply(0));
    }
    // another chat's game is not even there
    let mut ev = room.event("Eve", Input::Choice(format!("o:{id}")));
    ev.chat.id = "elsewhere".into();
    let out = room.svc.handle(&ev).unwrap();
    assert!(
        text(&out).contains(&format!("no game #{id}")),
        "{}",
        text(&out)
    );
    assert_eq!(room.game(id).draw_offer, None);
}

#[test]
fn board_and_pdn_right_after_the_end() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    room.say("Anna", "c3-d4");
    room.say("Bob", "/resign");
    assert_eq!(room.game(id).status, store::GameStatus::Finished);
    // the chat's last finished game, for players and onlookers alike
    for who in ["Anna", "Carl"] {
        let out = room.say(who, "/pdn");
        let r = out
            .replies
            .iter()
            .find(|r| r.document.is_some())
            .unwrap_or_else(|| panic!("{who}: no PDN in {out:#?}"));
        let (name, pdn) = r.document.as_ref().unwrap();
        assert_eq!(name, &format!("game-{id}.pdn"));
        assert!(pdn.contains("1. c3-d4 2-0"), "{pdn}");
        let out = room.say(who, "/board");
        let b = board(&out);
        assert_eq!(b.game_id, Some(id));
        let payloads: Vec<&str> = b
            .choices
            .iter()
            .flatten()
            .map(|c| c.payload.as_str())
            .collect();
        let want: Vec<String> = if who == "Anna" {
            vec![
                format!("an:{id}"),
                format!("rp:{id}"),
                format!("rm:{id}"),
                format!("f:{id}"),
            ]
        } else {
            vec![format!("an:{id}"), format!("rp:{id}"), format!("f:{id}")]
        };
        assert_eq!(
            payloads, want,
            "a finished game: analyse, replay, rematch (players) and flip"
        );
    }
}

#[test]
fn limits_are_refused_with_a_message_and_change_nothing() {
    let room = Room::with_config(Config {
        limits: shashki::core::Limits {
            open_challenges_per_user: 2,
            active_games_per_user: 3,
            active_games_per_chat: 4,
            ai_games_per_user: 1,
        },
        ..quick_config()
    });
    let open = |who: &str| {
        let s = room.store();
        store::count_open_challenges_from(s.read(), room_user(&room, who)).unwrap()
    };
    // two open challenges, not three
    room.say("Anna", "/challenge");
    room.say("Anna", "/challenge");
    let t = text(&room.say("Anna", "/challenge"));
    assert!(t.contains("2 open challenges already"), "{t}");
    assert_eq!(open("Anna"), 2);
    // one AI game, not two
    room.say("Anna", "/challenge ai 1 white");
    let t = text(&room.say("Anna", "/challenge ai 1 white"));
    assert!(t.contains("1 games against the AI already"), "{t}");
    // Bob accepts both open challenges: Anna then plays 3 games, her limit
    room.say("Bob", "/accept");
    room.say("Bob", "/accept");
    let s = room.store();
    let anna = room_user(&room, "Anna");
    assert_eq!(
        store::count_active_games_of(s.read(), anna, false).unwrap(),
        3
    );
    // her challenge to Carl is refused (she has no room), and Carl's to her
    // cannot be accepted by her
    room.say("Carl", "/help");
    let t = text(&room.say("Anna", "/challenge @carl"));
    assert!(t.contains("playing 3 games already"), "{t}");
    let card = room.say("Carl", "/challenge @anna");
    let t = text(&room.press("Anna", button(&card, "Accept")));
    assert!(t.contains("playing 3 games already"), "{t}");
    // nor by anyone for her sake; Dave accepting an open one of Carl's fills
    // the chat (4 games), then nobody can start another here
    let card = room.say("Carl", "/challenge");
    room.press("Dave", button(&card, "Accept"));
    let t = text(&room.say("Eve", "/challenge ai 2"));
    assert!(t.contains("This chat has 4 games in progress"), "{t}");
    assert_eq!(
        store::active_games_in_chat(s.read(), room.game(GameId(1)).chat_id)
            .unwrap()
            .len(),
        4
    );
}

/// A user's id in the store, by name.
fn room_user(room: &Room, name: &str) -> store::UserId {
    let s = room.store();
    store::user_by_handle(s.read(), "console", &name.to_lowercase())
        .unwrap()
        .unwrap()
        .id
}

#[test]
fn ai_moves_lost_in_a_crash_are_found_again() {
    let room = Room::new();
    let out = room.say("Anna", "/challenge ai 1 black");
    let id = board(&out).game_id.unwrap();
    assert_eq!(out.jobs.len(), 1, "the AI opens");
    // the process dies before the job runs: a new service on the same file
    let again = Service::open(&room.path, quick_config(), room.clock.clone()).unwrap();
    let pending = again.pending_jobs().unwrap();
    assert_eq!(pending, out.jobs, "the AI's move is found from the game");
    let played = again.run_job(pending[0]).unwrap();
    assert!(board_opt(&played).is_some(), "{played:#?}");
    assert_eq!(room.game(id).ply, Ply(1));
    assert!(again.pending_jobs().unwrap().is_empty(), "Anna to move");
    // a job run twice does nothing the second time
    assert!(again.run_job(pending[0]).unwrap().replies.is_empty());
    assert_eq!(room.game(id).ply, Ply(1));
}

fn board_opt(o: &Outcome) -> Option<&Reply> {
    o.replies.iter().find(|r| r.image.is_some())
}

#[test]
fn chat_settings_are_for_the_chats_admins() {
    let room = Room::with_config(Config {
        owners: vec!["telegram:owner".into()],
        ..quick_config()
    });
    let event = |who: &str, admin: bool, private: bool, text: &str| {
        let mut ev = room.event(who, Input::Text(text.into()));
        ev.platform = Platform::Telegram;
        ev.user.is_admin = admin;
        ev.chat.is_private = private;
        if private {
            ev.chat.id = format!("dm-{who}");
        }
        ev
    };
    let say = |ev: Event| room.svc.handle(&ev).unwrap();
    let theme = |chat: &str| {
        use rusqlite::OptionalExtension as _;
        let s = room.store();
        let theme: Option<Option<String>> = s
            .conn()
            .query_row(
                "SELECT theme FROM chats WHERE platform = 'telegram' AND platform_chat_id = ?1",
                [chat],
                |r| r.get(0),
            )
            .optional()
            .unwrap();
        theme.flatten()
    };
    // a member of the group: refused, privately, nothing changes
    let out = say(event("Mallory", false, false, "/settings theme contrast"));
    assert!(
        text(&out).contains("Only the chat’s admins"),
        "{}",
        text(&out)
    );
    assert!(all_private_to(&out, "mallory"));
    assert_eq!(theme("room"), None);
    let out = say(event("Mallory", false, false, "/daily on 09:00"));
    assert!(
        text(&out).contains("Only the chat’s admins"),
        "{}",
        text(&out)
    );
    // but their own language is theirs
    let out = say(event("Mallory", false, false, "/settings lang ru"));
    assert!(
        text(&out).contains("Сохранено") || text(&out).contains("Saved"),
        "{}",
        text(&out)
    );
    // the group's admin, the bot's owner, anyone in a private chat
    say(event("Ada", true, false, "/settings theme contrast"));
    assert_eq!(theme("room").as_deref(), Some("contrast"));
    say(event("Owner", false, false, "/settings theme classic"));
    assert_eq!(theme("room").as_deref(), Some("classic"));
    say(event("Mallory", false, true, "/settings theme contrast"));
    assert_eq!(theme("dm-Mallory").as_deref(), Some("contrast"));
    assert_eq!(theme("room").as_deref(), Some("classic"));
}

#[test]
fn replay_is_an_animated_gif_a_frame_a_ply_for_those_who_may_see_the_game() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    for (who, mv) in [("Anna", "c3-d4"), ("Bob", "f6-g5"), ("Anna", "b2-c3")] {
        let out = room.say(who, mv);
        assert!(text(&out).contains(mv), "{}", text(&out));
    }
    let out = room.say("Carl", &format!("/replay #{id}"));
    assert!(
        text(&out).contains(&format!("Replay of game #{id}: Anna – Bob, 3 plies")),
        "{}",
        text(&out)
    );
    let img = out.replies[0].image.as_ref().expect("the replay");
    assert_eq!(img.file_name, format!("game-{id}.gif"));
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut dec = opts.read_info(img.bytes()).expect("a GIF");
    // each ply is a frame shown for a second (its caption may come as a
    // sub-frame of 20 ms just before it)
    let mut shown = 0;
    while let Some(f) = dec.read_next_frame().unwrap() {
        if f.delay > 2 {
            shown += 1;
        }
    }
    assert_eq!(shown, 4, "the start and one frame a ply");
    // the alias, and another chat's game is not shown
    assert!(room.say("Anna", "/повтор").replies[0].image.is_some());
    let mut ev = common::group_event(
        "other",
        "Other",
        "Eve",
        Input::Text(format!("/replay #{id}")),
        999,
    );
    ev.update_id = Some("elsewhere-1".into());
    let out = room.svc.handle(&ev).unwrap();
    assert!(out.replies.iter().all(|r| r.image.is_none()), "{out:?}");
}

#[test]
fn position_shows_any_fen_and_names_what_is_wrong_with_a_bad_one() {
    let room = Room::new();
    let out = room.say("Anna", "/position W:Wc3,e3,Kh2:Bd6,f6");
    let t = text(&out);
    assert!(t.contains("White to move"), "{t}");
    let moves = Position::from_fen("W:Wc3,e3,Kh2:Bd6,f6")
        .unwrap()
        .legal_moves_in(Variant8::Russian)
        .len();
    assert!(t.contains(&format!("{moves} legal moves")), "{t}");
    let png = board(&out).image.as_ref().unwrap().bytes().to_vec();
    assert_eq!(&png[1..4], b"PNG");
    let t = text(&room.say("Anna", "/position W:Wz9:B1"));
    assert!(t.contains("That is not a position: bad square 'z9'"), "{t}");
    let t = text(&room.say("Anna", "/position"));
    assert!(t.contains("Write a position after the command"), "{t}");
    // Black to move with no move left: said so
    let t = text(&room.say("Anna", "/позиция B:Wa1:Bh8"));
    assert!(t.contains("Black to move"), "{t}");
    // a variant named first: its square numbers and its rules
    let fen = "W:W21,22,K30:B9,10";
    let italian = shashki_engine::parse_fen_full_in(Variant8::Italian, fen)
        .unwrap()
        .position;
    let out = room.say("Anna", &format!("/position italian {fen}"));
    let t = text(&out);
    let moves = italian.legal_moves_in(Variant8::Italian).len();
    assert!(t.contains(&format!("{moves} legal moves")), "{t}");
    assert!(
        t.contains(&shashki_engine::to_fen_numeric_in(
            Variant8::Italian,
            &italian
        )),
        "the FEN in Italian numbers: {t}"
    );
    assert_ne!(
        italian,
        Position::from_fen(fen).unwrap(),
        "Italian numbers name other squares"
    );
}

/// A side left without a move has lost, except in a giveaway game
/// (Poddavki), where it has won: `/position` says which in every language
/// (issue 21).
#[test]
fn position_without_a_move_is_won_in_giveaway_and_lost_elsewhere() {
    use shashki::core::i18n::Lang;
    let room = Room::new();
    let mut seen = Vec::new();
    for lang in Lang::ALL {
        let say = |line: &str| {
            let mut ev = room.event(&format!("Reader{}", lang.code()), Input::Text(line.into()));
            ev.user.lang = Some(lang.code().into());
            text(&room.svc.handle(&ev).unwrap())
        };
        let russian = say("/position W:W:B1");
        let poddavki = say("/position poddavki W:W:B1");
        assert_ne!(russian, poddavki, "{}: won and lost alike", lang.code());
        if lang == Lang::En {
            assert!(russian.contains("the side to move has lost"), "{russian}");
            assert!(poddavki.contains("the side to move has won"), "{poddavki}");
        }
        // each in its own language
        assert!(!seen.contains(&poddavki), "{}: {poddavki}", lang.code());
        seen.push(poddavki);
        // with a move to make there is no verdict, in either variant
        assert_eq!(
            say("/position W:Wc3:Bf6"),
            say("/position poddavki W:Wc3:Bf6"),
            "{}",
            lang.code()
        );
    }
}

/// The summary names each side's worst move beside the counts, with the
/// engine's better move, in the variant's notation and move numbers (here
/// Portuguese: square numbers); a side with no marked move gets no name.
#[test]
fn the_analysis_names_each_sides_worst_move_and_the_better_one() {
    let room = Room::new();
    // White hangs a man: e3-f4 (11-15) is taken for nothing; e3-d4 or
    // a1-b2 keeps it. Black's capture is forced (one legal move: no mark)
    let (id, _) = start_variant_game(&room, "portuguese from W:We3,a1:Bg5,a7");
    let start = Position::from_fen("W:We3,a1:Bg5,a7").unwrap();
    let hang = shashki::engine::parse_move(&start, "e3-f4").unwrap();
    let hang = Variant8::Portuguese.format_move(&hang);
    assert_eq!(hang, "11-15");
    room.say("Anna", &hang);
    room.say("Bob", "g5:e3");
    room.say("Anna", &format!("/resign #{id}"));
    let ask = room.say("Anna", &format!("/resign #{id}"));
    if room.game(id).status == store::GameStatus::Active {
        room.press("Anna", button(&ask, "Yes"));
    }
    assert_ne!(room.game(id).status, store::GameStatus::Active);
    let out = room.say("Carl", &format!("/analyse #{id}"));
    let done = room.svc.run_job(out.jobs[0]).unwrap();
    let t = text(&done);
    let lines: Vec<&str> = t.lines().collect();
    let white = lines.iter().find(|l| l.starts_with("White Anna:")).unwrap();
    let black = lines.iter().find(|l| l.starts_with("Black Bob:")).unwrap();
    let (_, worst) = white
        .split_once("; the worst: ")
        .unwrap_or_else(|| panic!("White's worst move named: {t}"));
    let (played, better) = worst.split_once(" — better ").unwrap();
    assert!(played == "1. 11-15?" || played == "1. 11-15??", "{t}");
    assert!(!black.contains("worst"), "Black made no marked move: {t}");
    // the better move is the PDN's, in square numbers too
    let (_, pdn) = done.replies[1].document.as_ref().unwrap();
    assert!(
        pdn.contains(&format!("{{better: {better} (")),
        "{better} in {pdn}"
    );
    assert!(
        better.chars().all(|c| c.is_ascii_digit() || c == '-'),
        "{better}"
    );
    assert_ne!(better, "11-15");
    // in another language the same move, from the store
    room.say("Anna", "/settings lang ru");
    let t = text(&room.say("Anna", &format!("/анализ #{id}")));
    assert!(
        t.contains(&format!("; худший ход: {played} — лучше было {better}")),
        "{t}"
    );
}

#[test]
fn a_finished_game_is_analysed_in_a_job_and_the_result_kept() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    // a game still played is never analysed (no hints for a running game)
    let t = text(&room.say("Carl", &format!("/analyse #{id}")));
    assert!(t.contains("is still being played"), "{t}");
    // three moves, then Anna resigns (the command asks to confirm)
    for (who, mv) in [("Anna", "c3-d4"), ("Bob", "f6-g5"), ("Anna", "d4-c5")] {
        let out = room.say(who, mv);
        assert!(text(&out).contains(mv), "{}", text(&out));
    }
    room.say("Anna", &format!("/resign #{id}"));
    let ask = room.say("Anna", &format!("/resign #{id}"));
    if room.game(id).status == store::GameStatus::Active {
        room.press("Anna", button(&ask, "Yes"));
    }
    assert_ne!(room.game(id).status, store::GameStatus::Active);

    let out = room.say("Carl", &format!("/analyze #{id}"));
    assert!(text(&out).contains("Analysing game"), "{}", text(&out));
    assert_eq!(out.jobs, vec![shashki::core::Job::Analyse { game: id }]);
    // asked again while it runs: no second job
    let again = room.say("Bob", &format!("/analyse #{id}"));
    assert!(
        text(&again).contains("being analysed already"),
        "{}",
        text(&again)
    );
    assert!(again.jobs.is_empty());
    // the job (as after a restart, the pending row is what counts)
    assert_eq!(
        room.svc.pending_jobs().unwrap(),
        vec![shashki::core::Job::Analyse { game: id }]
    );
    let done = room.svc.run_job(out.jobs[0]).unwrap();
    let t = text(&done);
    assert!(t.contains(&format!("Analysis of game #{id}")), "{t}");
    assert!(t.contains("White Anna: accuracy"), "{t}");
    // the summary edits the "Analysing…" message; graph and PDN follow
    let key = format!("analysis-{id}");
    assert_eq!(out.replies[0].live.as_deref(), Some(key.as_str()));
    assert_eq!(done.replies[0].live.as_deref(), Some(key.as_str()));
    assert!(done.replies[0].image.is_none() && done.replies[0].document.is_none());
    let r = &done.replies[1];
    assert_eq!(r.live, None);
    let png = r.image.as_ref().expect("the graph").bytes().to_vec();
    assert_eq!(&png[1..4], b"PNG");
    let (name, pdn) = r.document.as_ref().expect("the PDN");
    assert_eq!(name, &format!("game-{id}-analysis.pdn"));
    assert!(pdn.contains("[WhiteAccuracy \""), "{pdn}");
    assert!(pdn.contains("1. c3-d4"), "{pdn}");
    // the summary is owed until the adapter says it is sent
    assert_eq!(
        room.svc.pending_jobs().unwrap(),
        vec![shashki::core::Job::Analyse { game: id }]
    );
    room.svc.acknowledge(&key).unwrap();
    assert!(room.svc.pending_jobs().unwrap().is_empty());
    // asked for again: straight from the store, no job
    let cached = room.say("Anna", &format!("/анализ #{id}"));
    assert!(text(&cached).contains(&format!("Analysis of game #{id}")));
    assert!(cached.jobs.is_empty());
    // running the job twice changes nothing
    assert!(room.svc.run_job(out.jobs[0]).unwrap().replies.is_empty());
}

/// Reminders (issues 13, 14): at half the time and at 24 h left, each once
/// per move, also across restarts.
#[test]
fn reminders_at_half_the_time_and_a_day_before_each_once_across_restarts() {
    let mut room = Room::new();
    let restart = |room: &mut Room| {
        room.svc = Arc::new(Service::open(&room.path, quick_config(), room.clock.clone()).unwrap());
    };
    let id = start_human_game(&room, "3");
    assert_eq!(room.game(id).reminder_at, Some(T0 + 3 * DAY / 2));
    assert_eq!(room.svc.next_wakeup().unwrap(), Some(T0 + 3 * DAY / 2));
    room.clock.set(T0 + 3 * DAY / 2 - 1);
    assert!(room.svc.sweep().unwrap().is_empty(), "nothing due yet");
    room.clock.set(T0 + 3 * DAY / 2);
    let r = room.svc.sweep().unwrap();
    assert_eq!(r.len(), 1, "{r:#?}");
    assert!(
        r[0].text.contains("@anna, your move in game") && r[0].text.contains("1 day 12 h left"),
        "{}",
        r[0].text
    );
    assert!(room.svc.sweep().unwrap().is_empty(), "the first one once");
    let row = room.game(id);
    assert_eq!(
        (row.reminders_sent, row.reminder_at),
        (1, Some(T0 + 2 * DAY))
    );
    restart(&mut room);
    assert!(
        room.svc.sweep().unwrap().is_empty(),
        "not again after a restart"
    );
    assert_eq!(room.svc.next_wakeup().unwrap(), Some(T0 + 2 * DAY));
    room.clock.set(T0 + 2 * DAY + 5);
    let r = room.svc.sweep().unwrap();
    assert_eq!(r.len(), 1, "{r:#?}");
    assert!(r[0].text.contains("23 h 59 min left"), "{}", r[0].text);
    assert!(room.svc.sweep().unwrap().is_empty(), "the second one once");
    restart(&mut room);
    assert!(
        room.svc.sweep().unwrap().is_empty(),
        "not again after a restart"
    );
    let row = room.game(id);
    assert_eq!((row.reminders_sent, row.reminder_at), (2, None));
    assert_eq!(room.svc.next_wakeup().unwrap(), Some(T0 + 3 * DAY));
    // a move starts the list again for the opponent
    room.say("Anna", "c3-d4");
    let row = room.game(id);
    let now = T0 + 2 * DAY + 5;
    assert_eq!(
        (row.reminders_sent, row.reminder_at),
        (0, Some(now + 3 * DAY / 2))
    );
    // a sweeper that comes late sends one reminder, not both
    room.clock.set(now + 5 * DAY / 2);
    let r = room.svc.sweep().unwrap();
    assert_eq!(r.len(), 1, "{r:#?}");
    assert!(
        r[0].text.contains("@bob") && r[0].text.contains("12 h 0 min left"),
        "{}",
        r[0].text
    );
    assert!(room.svc.sweep().unwrap().is_empty());
}

/// Downtime credited after a restart moves the reminders with the deadline.
#[test]
fn downtime_moves_the_reminders_with_the_deadline() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    room.svc.heartbeat().unwrap();
    room.clock.set(T0 + DAY);
    let svc = Service::open(&room.path, quick_config(), room.clock.clone()).unwrap();
    assert_eq!(svc.recover().unwrap(), DAY);
    let row = room.game(id);
    assert_eq!(row.deadline, Some(T0 + 4 * DAY));
    assert_eq!(row.reminder_at, Some(T0 + DAY + 3 * DAY / 2));
    room.clock.set(T0 + 3 * DAY / 2 + 1);
    assert!(svc.sweep().unwrap().is_empty(), "the reminder moved on too");
    room.clock.set(T0 + DAY + 3 * DAY / 2);
    assert_eq!(svc.sweep().unwrap().len(), 1);
}

/// `/settings reminders`: the chat's list, by its admins only.
#[test]
fn a_chat_chooses_its_reminders_and_only_its_admins_may() {
    let room = Room::new();
    let tg = |who: &str, admin: bool, text: &str| {
        let mut ev = room.event(who, Input::Text(text.into()));
        ev.platform = Platform::Telegram;
        ev.user.is_admin = admin;
        room.svc.handle(&ev).unwrap()
    };
    let t = text(&tg("Mallory", false, "/settings reminders off"));
    assert!(t.contains("Only the chat’s admins"), "{t}");
    let t = text(&tg("Ada", true, "/settings reminders 12h, 2d"));
    assert!(t.contains("Saved"), "{t}");
    let t = text(&tg("Mallory", false, "/settings"));
    assert!(t.contains("reminders at 2d 12h left"), "{t}");
    let t = text(&tg("Ada", true, "/settings reminders soon"));
    assert!(t.contains("“soon” is not a valid reminders"), "{t}");
    let t = text(&tg("Ada", true, "/settings reminders 1h 2h 3h 4h 5h"));
    assert!(t.contains("is not a valid reminders"), "{t}");
    // the console chat (everyone an admin there): one reminder at 25 % left
    let t = text(&room.say("Anna", "/settings напоминания 25%"));
    assert!(t.contains("Saved"), "{t}");
    let id = start_human_game(&room, "2");
    assert_eq!(room.game(id).reminder_at, Some(T0 + 2 * DAY - DAY / 2));
    room.clock.set(T0 + 2 * DAY - DAY / 2);
    assert_eq!(room.svc.sweep().unwrap().len(), 1);
    assert_eq!(room.game(id).reminder_at, None, "the only one");
    // off: no reminders from the next move on
    room.say("Anna", "/settings reminders off");
    room.say("Anna", "c3-d4");
    assert_eq!(room.game(id).reminder_at, None);
    assert_eq!(room.svc.next_wakeup().unwrap(), room.game(id).deadline);
}

#[test]
fn a_conditional_line_fires_on_the_matching_reply_and_is_dropped_on_another() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    room.say("Anna", "c3-d4");
    // on Bob's turn Anna prepares: if f6-g5 then b2-c3, then if g7-f6, a1-b2
    let out = room.say("Anna", &format!("/if #{id} f6-g5 b2-c3 g7-f6 a1-b2"));
    let t = text(&out);
    assert!(t.contains("Stored for game"), "{t}");
    assert!(matches!(
        out.replies[0].target,
        shashki::core::Target::User { .. }
    ));
    // a line with an illegal move is refused, nothing stored
    let t = text(&room.say("Anna", &format!("/if #{id} f6-e5 b2-c3")));
    assert!(t.contains("is not legal there"), "{t}");
    // on his own turn Bob cannot store one
    let t = text(&room.say("Bob", &format!("/if #{id} c3-b4 b6-a5")));
    assert!(t.contains("It is your move"), "{t}");
    // Bob plays the expected move: Anna's reply is played at once
    let out = room.say("Bob", "f6-g5");
    assert!(text(&out).contains("b2-c3"), "{}", text(&out));
    assert_eq!(room.game(id).ply, Ply(3));
    assert_eq!(room.replay(id).moves().last().unwrap().to_string(), "b2-c3");
    // the rest of the line waits; another move drops it
    let t = text(&room.say("Anna", &format!("/if #{id}")));
    assert!(t.contains("g7-f6 → a1-b2"), "{t}");
    room.say("Bob", "g5-h4");
    assert_eq!(room.game(id).ply, Ply(4), "no reply played");
    let t = text(&room.say("Anna", &format!("/if #{id}")));
    assert!(t.contains("no conditional moves"), "{t}");
    // on Telegram, in a group, the plan would be public: refused there
    let mut ev = common::group_event(
        "room",
        "Room",
        "Anna",
        Input::Text(format!("/if #{id} x y")),
        5000,
    );
    ev.platform = Platform::Telegram;
    let t = text(&room.svc.handle(&ev).unwrap());
    assert!(t.contains("private chat with the bot"), "{t}");
}

/// Rematch from the final board of a game between two people: only its
/// players may press it; it is a challenge from the presser to the
/// opponent with the colours swapped and the same days per move, which
/// the opponent accepts as usual.
#[test]
fn rematch_is_a_challenge_with_colours_swapped() {
    let room = Room::new();
    let id = start_human_game(&room, "2");
    let start = room.say("Anna", "/board");
    let ask = room.press("Anna", button(&start, "Resign"));
    assert!(ask.replies.iter().all(|r| r.in_place), "{ask:#?}");
    // Bob cannot say yes to Anna's question
    let yes = button(&ask, "Yes").to_string();
    let out = room.press("Bob", &yes);
    assert!(out.replies.iter().all(|r| r.image.is_none()));
    assert_eq!(room.game(id).status, store::GameStatus::Active);
    let done = room.press("Anna", &yes);
    assert!(
        board(&done).in_place,
        "the final board in the pressed one's place"
    );
    let rematch = button(&done, "Rematch").to_string();
    assert_eq!(rematch, format!("rm:{id}"));
    // an onlooker may not
    room.say("Carl", "/help");
    let out = room.press("Carl", &rematch);
    assert!(text(&out).contains("not playing"), "{}", text(&out));
    // Bob (Black) asks Anna again: Bob White now
    let card = room.press("Bob", &rematch);
    assert!(text(&card).contains("Challenge #"), "{}", text(&card));
    assert!(card.replies[0]
        .mentions
        .iter()
        .any(|m| m.platform_user_id == "anna"));
    let s = room.store();
    let ch_id: store::ChallengeId = s
        .conn()
        .query_row("SELECT max(id) FROM challenges", [], |r| r.get(0))
        .unwrap();
    let ch = store::challenge(s.read(), ch_id).unwrap().unwrap();
    assert_eq!(ch.color, store::ColorWish::White, "Bob plays White");
    assert_eq!(ch.seconds_per_move, Some(2 * DAY));
    drop(s);
    let started = room.press("Anna", button(&card, "Accept"));
    let t = text(&started);
    assert!(t.contains("Bob (White) against Anna (Black)"), "{t}");
}

/// `/settings boards edit|new` is the chat's admins', stored with the chat,
/// and every board of the chat's games says it to the adapter.
#[test]
fn the_chat_chooses_how_boards_are_kept() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    assert_eq!(board(&room.say("Anna", "/board")).game_id, Some(id));
    let mut ev = room.event("Anna", Input::Text("/settings boards new".into()));
    ev.platform = Platform::Console; // the console's speakers count as admins
    let out = room.svc.handle(&ev).unwrap();
    assert!(text(&out).contains("Saved"), "{}", text(&out));
    let out = room.say("Anna", "c3-d4");
    assert_eq!(board(&out).board_mode, Some(BoardMode::New));
    assert!(board(&out)
        .turn_note
        .as_deref()
        .unwrap()
        .contains("c3-d4, @bob"));
    let out = room.say("Anna", "/settings boards sideways");
    assert!(text(&out).contains("edit, new"), "{}", text(&out));
    let out = room.say("Anna", "/settings boards edit");
    assert!(text(&out).contains("Saved"), "{}", text(&out));
    let out = room.say("Bob", "f6-g5");
    assert_eq!(board(&out).board_mode, Some(BoardMode::Edit));
    let out = room.say("Anna", "/settings");
    assert!(text(&out).contains("boards edit"), "{}", text(&out));
}

/// Anna challenges Bob to `variant` (the words after `/challenge @bob`),
/// Bob accepts; Anna plays White. Returns the game id and the card's text.
fn start_variant_game(room: &Room, words: &str) -> (GameId, String) {
    room.say("Bob", "/help");
    let card = room.say("Anna", &format!("/challenge @bob 3 white {words}"));
    let accept = button(&card, "Accept").to_string();
    let started = room.press("Bob", &accept);
    (board(&started).game_id.unwrap(), text(&card))
}

#[test]
fn a_poddavki_game_is_won_by_losing_every_piece() {
    let room = Room::new();
    let (id, card) = start_variant_game(&room, "поддавки");
    assert!(card.contains("Poddavki"), "{card}");
    assert_eq!(room.game(id).variant, Variant::Poddavki);
    // White gives its pieces away (the engine's Poddavki search); Black
    // plays as if it were Russian draughts: it takes what it is given
    let mut plies = 0;
    while room.game(id).status == store::GameStatus::Active {
        let g = room.replay(id);
        let white = g.side_to_move() == shashki::engine::Color::White;
        let limits = Limits {
            variant: if white {
                Variant8::Poddavki
            } else {
                Variant8::Russian
            },
            ..Limits::depth(if white { 4 } else { 1 })
        };
        let mut r = search(g.position(), &g.history_hashes(), &limits).unwrap();
        if !g.legal_moves().contains(&r.best_move) {
            r.best_move = g.legal_moves()[0];
        }
        let who = if white { "Anna" } else { "Bob" };
        let out = room.say(who, &format!("/move {}", r.best_move));
        assert!(
            text(&out).contains(&r.best_move.to_string()),
            "{}",
            text(&out)
        );
        plies += 1;
        assert!(plies < 300, "the game ends");
    }
    let row = room.game(id);
    let g = room.replay(id);
    assert_eq!(
        g.position().pieces_of(shashki::engine::Color::White),
        0,
        "White lost every piece: {}",
        g.position().to_fen()
    );
    assert_eq!(
        (
            row.result.map(store::GameResult::as_str),
            row.result_reason.map(store::Termination::as_str)
        ),
        (Some("2-0"), Some("no-moves")),
        "the side left without pieces wins"
    );
    // rated in Poddavki, not in Russian draughts
    let s = room.store();
    let top = store::top_ratings_in(s.read(), row.chat_id, Variant::Poddavki, 10).unwrap();
    assert_eq!(top[0].0.name, "Anna");
    assert!(top[0].1.rating > 1500.0);
    assert!(store::top_ratings(s.read(), row.chat_id, 10)
        .unwrap()
        .is_empty());
    let t = text(&room.say("Anna", "/top poddavki"));
    assert!(t.contains("Poddavki") && t.contains("1. Anna"), "{t}");
    let t = text(&room.say("Anna", "/top"));
    assert!(t.contains("No rated games of Russian draughts"), "{t}");
    // the record says which rules
    let out = room.say("Anna", &format!("/pdn {id}"));
    let pdn = out
        .replies
        .iter()
        .find_map(|r| r.document.as_ref())
        .map(|(_, p)| p.clone())
        .unwrap_or_else(|| text(&out));
    assert!(
        pdn.contains("[GameType \"25\"]") && pdn.contains("[Variant \"poddavki\"]"),
        "{pdn}"
    );
}

#[test]
fn a_pool_game_with_a_man_capturing_backward() {
    let room = Room::new();
    let (id, card) = start_variant_game(&room, "variant=pool");
    assert!(card.contains("Pool checkers"), "{card}");
    for (who, mv) in [
        ("Anna", "c3-b4"),
        ("Bob", "b6-c5"),
        ("Anna", "b4-a5"),
        ("Bob", "c5-b4"),
    ] {
        let out = room.say(who, mv);
        assert!(text(&out).contains(mv), "{}", text(&out));
    }
    // the man on a5 takes b4 backwards (free choice: a3:c5 was possible too)
    let out = room.say("Anna", "a5:c3");
    assert!(text(&out).contains("a5:c3"), "{}", text(&out));
    let g = room.replay(id);
    assert_eq!(g.variant(), Variant8::Pool);
    assert_eq!(g.position().count(shashki::engine::Color::Black), (11, 0));
}

#[test]
fn the_ai_answers_in_every_variant() {
    for (word, variant, anna) in [
        ("russian", Variant8::Russian, "black"),
        ("poddavki", Variant8::Poddavki, "black"),
        ("бразильские", Variant8::Brazilian, "black"),
        ("pool", Variant8::Pool, "black"),
        // Black moves first in English draughts: the AI plays Black
        ("checkers", Variant8::English, "white"),
        ("чешские", Variant8::Czech, "black"),
        ("variant=italian", Variant8::Italian, "black"),
        ("португальские", Variant8::Portuguese, "black"),
    ] {
        let room = Room::new();
        let out = room.say("Anna", &format!("/challenge ai 5 {anna} {word}"));
        let id = board(&out).game_id.unwrap();
        assert_eq!(room.game(id).variant, Variant::from(variant));
        let job = out.jobs[0];
        let done = room.svc.run_job(job).unwrap();
        assert!(!done.replies.is_empty(), "{word}: the AI moved");
        assert_eq!(room.game(id).ply, Ply(1), "{word}");
        // its move was legal in that variant (the replay checks it)
        assert_eq!(room.replay(id).ply(), 1);
    }
}

#[test]
fn a_chat_default_variant_set_by_its_admins() {
    let room = Room::new();
    let event = |who: &str, admin: bool, text: &str| {
        let mut ev = room.event(who, Input::Text(text.into()));
        ev.platform = Platform::Telegram;
        ev.user.is_admin = admin;
        ev
    };
    let say = |ev: Event| room.svc.handle(&ev).unwrap();
    let out = say(event("Mallory", false, "/settings variant pool"));
    assert!(
        text(&out).contains("Only the chat’s admins"),
        "{}",
        text(&out)
    );
    let out = say(event("Ada", true, "/settings variant chess"));
    assert!(text(&out).contains("not a valid variant"), "{}", text(&out));
    say(event("Ada", true, "/настройки вариант поддавки"));
    let out = say(event("Ada", true, "/settings"));
    assert!(text(&out).contains("Poddavki"), "{}", text(&out));
    // a challenge without a variant word plays the chat's; one with, its own
    let out = say(event("Anna", false, "/challenge ai 1"));
    let id = board(&out).game_id.unwrap();
    assert_eq!(room.game(id).variant, Variant::Poddavki);
    assert!(
        text(&out).contains("Poddavki (giveaway): the side that loses"),
        "{}",
        text(&out)
    );
    let out = say(event("Bob", false, "/challenge ai 1 russian"));
    let id = board(&out).game_id.unwrap();
    assert_eq!(room.game(id).variant, Variant::Russian);
}

#[test]
fn an_english_game_black_first_numbered_moves() {
    let room = Room::new();
    let (id, card) = start_variant_game(&room, "english");
    assert!(card.contains("English draughts"), "{card}");
    // Anna has White, so Bob (Black) moves first, in numbers
    let t = text(&room.say("Anna", "22-18"));
    assert!(
        t.contains("not your turn") || t.contains("not a legal") || t.contains("no game"),
        "{t}"
    );
    let out = room.say("Bob", "11-15");
    assert!(text(&out).contains("Bob: 11-15"), "{}", text(&out));
    room.say("Anna", "22-18");
    let out = room.say("Bob", "15x22");
    assert!(text(&out).contains("15x22"), "{}", text(&out));
    // Anna's buttons are numbered too: 25x18 or 26x17
    let labels: Vec<&str> = board(&out)
        .choices
        .iter()
        .flatten()
        .map(|c| c.label.as_str())
        .collect();
    assert!(
        labels.contains(&"25x18") && labels.contains(&"26x17"),
        "{labels:?}"
    );
    // a man may not take backwards: nothing but the forward captures
    assert_eq!(room.replay(id).legal_moves().len(), 2);
    let out = room.say("Anna", "/resign");
    let (_, pdn) = board(&out).document.clone().expect("PDN");
    assert!(
        pdn.contains("[GameType \"21\"]") && pdn.contains("1. 11-15 22-18 2. 15x22"),
        "{pdn}"
    );
}

#[test]
fn numeric_variants_write_every_move_text_in_their_numbers() {
    // English: the refusal's list, its square, the move, the turn note, the PDN
    let room = Room::new();
    let (id, _) = start_variant_game(&room, "english");
    let t = text(&room.say("Bob", "12-17"));
    assert!(
        t.contains("the piece on 12 cannot go there")
            && t.contains("Legal moves: 9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16."),
        "{t}"
    );
    let out = room.say("Bob", "11-15");
    let note = board(&out).turn_note.clone().unwrap_or_default();
    assert!(note.starts_with("11-15, "), "{note}");
    room.say("Anna", "22-18");
    let t = text(&room.say("Bob", "9-13"));
    assert!(
        t.contains("a capture is compulsory") && t.contains("Legal moves: 15x22."),
        "{t}"
    );
    room.say("Bob", "15x22");
    let out = room.say("Anna", "/pdn");
    let (_, pdn) = out.replies[0].document.as_ref().expect("PDN");
    assert!(pdn.contains("1. 11-15 22-18 2. 15x22"), "{pdn}");
    assert_eq!(room.game(id).variant, Variant::English);

    // Italian: FIDAMA numbers (White on 21–32, 1 in Black's right-hand corner)
    let room = Room::new();
    let (id, _) = start_variant_game(&room, "italian");
    let t = text(&room.say("Anna", "24-19"));
    assert!(
        t.contains("the piece on 24 cannot go there")
            && t.contains("Legal moves: 21-17, 21-18, 22-18, 22-19, 23-19, 23-20, 24-20."),
        "{t}"
    );
    let out = room.say("Anna", "23-19");
    assert!(text(&out).contains("Anna: 23-19"), "{}", text(&out));
    assert_eq!(room.replay(id).moves()[0].to_string(), "c3-d4");
    // algebraic is still read
    let out = room.say("Bob", "f6-e5");
    assert!(text(&out).contains("Bob: 10-14"), "{}", text(&out));

    // Portuguese: FPD numbers (White on 1–12, 1 at White's lower right)
    let room = Room::new();
    let (id, _) = start_variant_game(&room, "portuguese");
    let out = room.say("Anna", "10-14");
    assert!(text(&out).contains("Anna: 10-14"), "{}", text(&out));
    assert_eq!(room.replay(id).moves()[0].to_string(), "c3-d4");
    let out = room.say("Bob", "/resign");
    let (_, pdn) = board(&out).document.clone().expect("PDN");
    assert!(
        pdn.contains("[GameType \"28\"]") && pdn.contains("1. 10-14"),
        "{pdn}"
    );
}

#[test]
fn a_challenge_from_a_fen_starts_there_and_its_pdn_says_so() {
    let room = Room::new();
    room.say("Bob", "/help");
    let fen = "W:Wc3,e3,Kh2:Bd8,f8,a7";
    let card = room.say("Anna", &format!("/challenge @bob 3 white from {fen}"));
    let t = text(&card);
    assert!(t.contains("From the position W:"), "{t}");
    let out = room.press("Bob", button(&card, "Accept"));
    let id = board(&out).game_id.unwrap();
    let row = room.game(id);
    assert_eq!(
        Position::from_fen(&row.start_fen).unwrap(),
        Position::from_fen(fen).unwrap()
    );
    let out = room.say("Anna", "c3-d4");
    assert!(text(&out).contains("Anna: c3-d4"), "{}", text(&out));
    let pdn = room.say("Anna", &format!("/pdn #{id}"));
    let (_, pdn) = pdn.replies[0].document.as_ref().unwrap();
    assert!(pdn.contains("[SetUp \"1\"]"), "{pdn}");
    assert!(pdn.contains("[FEN \""), "{pdn}");
    // a bad FEN, too many pieces, a finished position: each named
    let t = text(&room.say("Anna", "/challenge ai from W:Wz9:B1"));
    assert!(t.contains("not a position: bad square 'z9'"), "{t}");
    let t = text(&room.say(
        "Anna",
        "/challenge ai from W:WK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13:BKg1",
    ));
    assert!(t.contains("12 at most"), "{t}");
    let t = text(&room.say("Anna", "/challenge ai from B:Wb2,c1:Ba3"));
    assert!(t.contains("the side to move has no move"), "{t}");
    // against the AI it starts at once from the position
    let out = room.say("Anna", "/challenge ai 1 white from W:Wc3,e3:Bd6,f6");
    let g = board(&out).game_id.unwrap();
    assert_eq!(
        room.game(g).start_fen,
        Position::from_fen("W:Wc3,e3:Bd6,f6").unwrap().to_fen()
    );
}

#[test]
fn takeback_undoes_a_move_and_the_ais_answer_in_casual_games_only() {
    let room = Room::new();
    let out = room.say("Anna", "/challenge ai 1 white");
    let id = board(&out).game_id.unwrap();
    let t = text(&room.say("Anna", "/takeback"));
    assert!(t.contains("no move to take back"), "{t}");
    let out = room.say("Anna", "c3-d4");
    // while the AI thinks: wait
    let t = text(&room.say("Anna", &format!("/takeback #{id}")));
    assert!(t.contains("wait for the AI's move"), "{t}");
    for job in out.jobs {
        room.svc.run_job(job).unwrap();
    }
    assert_eq!(room.game(id).ply, Ply(2));
    let out = room.say("Anna", &format!("/undo #{id}"));
    assert!(text(&out).contains("took back"), "{}", text(&out));
    let g = room.game(id);
    assert_eq!(g.ply, Ply(0));
    assert_eq!(g.fen, Position::initial().to_fen());
    assert!(room.replay(id).moves().is_empty());
    // the game goes on from there
    assert!(text(&room.say("Anna", "e3-f4")).contains("e3-f4"));
    // a game between people is rated: no takeback
    let human = start_human_game(&room, "3");
    room.say("Anna", &format!("/move #{human} c3-d4"));
    room.say("Bob", &format!("/move #{human} f6-g5"));
    let t = text(&room.say("Anna", &format!("/takeback #{human}")));
    assert!(t.contains("only in casual games"), "{t}");
    assert_eq!(room.game(human).ply, Ply(2));
}

#[test]
fn a_deep_link_opens_the_game_in_a_private_chat_for_its_players_only() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    let private = |who: &str, n: u64| {
        let mut ev = common::group_event(
            &format!("dm-{who}"),
            who,
            who,
            Input::Text(format!("/start game-{id}")),
            7000 + n,
        );
        ev.chat.is_private = true;
        room.svc.handle(&ev).unwrap()
    };
    let out = private("Bob", 1);
    let b = board(&out);
    assert_eq!(b.game_id, Some(id));
    // someone else's link leads nowhere: the game does not exist for them
    let t = text(&private("Eve", 2));
    assert!(t.contains(&format!("There is no game #{id}")), "{t}");
}

/// The private notifications of `user` in an outcome's (or a sweep's)
/// replies: (text, link).
fn notes_to(replies: &[Reply], user: &str) -> Vec<(String, Option<shashki::core::Link>)> {
    replies
        .iter()
        .filter(|r| matches!(&r.target, Target::Private { user: u } if u == user))
        .map(|r| (r.text.clone(), r.link.clone()))
        .collect()
}

fn all_notes(replies: &[Reply]) -> usize {
    replies
        .iter()
        .filter(|r| matches!(r.target, Target::Private { .. }))
        .count()
}

/// `/notify on` (issue 14): Anna opted in, Bob did not. Anna hears
/// privately that the game began with her move, each reminder of her move
/// once (not again after a restart), and Bob's moves — with a link back to
/// the game; Bob hears nothing privately, nor does the one who just moved;
/// a game in a private chat notifies nobody.
#[test]
fn notify_on_sends_the_turn_and_each_reminder_privately_once() {
    let mut room = Room::new();
    let on = room.say("Anna", "/notify on");
    assert!(text(&on).contains("turned on"), "{}", text(&on));
    let state = room.say("Anna", "/notify");
    assert!(text(&state).contains("are on"), "{}", text(&state));
    // the console lets the bot write to anyone: no "open a private chat"
    assert!(state.replies.iter().all(|r| r.link.is_none()));
    let bad = room.say("Anna", "/notify maybe");
    assert!(text(&bad).contains("Usage: /notify on"), "{}", text(&bad));

    // Bob accepts: Anna (White) moves first and hears it
    room.say("Bob", "/help");
    let card = room.say("Anna", "/challenge @bob 3 white");
    let started = room.press("Bob", button(&card, "Accept"));
    let id = board(&started).game_id.unwrap();
    let notes = notes_to(&started.replies, "anna");
    assert_eq!(notes.len(), 1, "{started:#?}");
    assert_eq!(
        notes[0].0,
        format!("Game #{id} (Room) has begun: your move.")
    );
    let link = notes[0].1.clone().expect("a link back to the game");
    assert_eq!(
        link.to,
        LinkTo::Game {
            game: id,
            chat: "room".into(),
            thread: None,
            board: None,
        }
    );
    assert_eq!(link.label, "♟ Open the game");
    assert_eq!(all_notes(&started.replies), 1);

    // the reminder at half the time: in the chat, and to Anna privately
    room.clock.set(T0 + 3 * DAY / 2);
    let r = room.svc.sweep().unwrap();
    assert_eq!(r.len(), 2, "{r:#?}");
    let notes = notes_to(&r, "anna");
    assert_eq!(
        notes[0].0,
        format!("Reminder: 1 day 12 h left for your move in game #{id} (Room).")
    );
    assert!(matches!(
        notes[0].1.as_ref().map(|l| &l.to),
        Some(LinkTo::Game { game, .. }) if *game == id
    ));
    assert!(room.svc.sweep().unwrap().is_empty(), "once");
    room.svc = Arc::new(Service::open(&room.path, quick_config(), room.clock.clone()).unwrap());
    assert!(room.svc.sweep().unwrap().is_empty(), "not after a restart");
    // the second reminder is another notification, once
    room.clock.set(T0 + 2 * DAY);
    let r = room.svc.sweep().unwrap();
    assert_eq!(notes_to(&r, "anna").len(), 1, "{r:#?}");
    assert!(room.svc.sweep().unwrap().is_empty());
    {
        // what was sent is kept per (game, ply, kind)
        let s = room.store();
        let anna = store::user_by_handle(s.read(), "console", "anna")
            .unwrap()
            .unwrap();
        assert!(!store::mark_notified(s.read(), id, Ply(0), "reminder-0", anna.id, T0).unwrap());
        assert!(!store::mark_notified(s.read(), id, Ply(0), "reminder-1", anna.id, T0).unwrap());
        assert!(!store::mark_notified(s.read(), id, Ply(0), "turn", anna.id, T0).unwrap());
    }

    // Anna moves: Bob is to move but did not opt in, Anna just moved
    let moved = room.say("Anna", "c3-d4");
    assert_eq!(all_notes(&moved.replies), 0, "{moved:#?}");
    // Bob's reminder goes to the chat alone
    let now = T0 + 2 * DAY;
    room.clock.set(now + 3 * DAY / 2);
    let r = room.svc.sweep().unwrap();
    assert_eq!(r.len(), 1, "{r:#?}");
    assert_eq!(all_notes(&r), 0);
    // Bob moves: Anna hears it, once, even if the update comes again
    let ev = room.event("Bob", Input::Text("f6-g5".into()));
    let out = room.svc.handle(&ev).unwrap();
    let notes = notes_to(&out.replies, "anna");
    assert_eq!(
        notes.iter().map(|n| n.0.as_str()).collect::<Vec<_>>(),
        [format!("Your move in game #{id} (Room): Bob played f6-g5.")],
        "{out:#?}"
    );
    assert_eq!(all_notes(&room.svc.handle(&ev).unwrap().replies), 0);

    // off: nothing more
    let off = room.say("Anna", "/notify off");
    assert!(text(&off).contains("turned off"), "{}", text(&off));
    room.say("Anna", "d4-e5");
    let out = room.say("Bob", "/move d6:f4");
    assert!(room.game(id).ply >= Ply(4), "{}", text(&out));
    assert_eq!(all_notes(&out.replies), 0);

    // a game in Anna's private chat (against the AI) notifies nobody
    room.say("Anna", "/notify on");
    let mut ev = common::group_event(
        "dm-anna",
        "Anna",
        "Anna",
        Input::Text("/challenge ai 1 black".into()),
        9000,
    );
    ev.chat.is_private = true;
    let out = room.svc.handle(&ev).unwrap();
    assert_eq!(all_notes(&out.replies), 0);
    for job in out.jobs {
        let done = room.svc.run_job(job).unwrap();
        assert_eq!(all_notes(&done.replies), 0, "{done:#?}");
    }
}

/// `/notify on` for a draw offer and a takeback request: the opponent who
/// opted in hears it privately, with the link back to the game, once per
/// (game, ply, kind) (not for an offer made again at the same ply, nor for
/// a redelivered update); never the one who asked; nobody who did not opt
/// in; never for a game in a private chat.
#[test]
fn notify_on_tells_of_a_draw_offer_and_a_takeback_request_privately_once() {
    let room = Room::new();
    room.say("Anna", "/notify on");
    room.say("Bob", "/notify on");
    let id = start_casual_game(&room);
    room.say("Anna", "c3-d4");
    let link = LinkTo::Game {
        game: id,
        chat: "room".into(),
        thread: None,
        board: None,
    };

    // Bob offers a draw: Anna hears it, Bob (who offered) does not
    let ev = room.event("Bob", Input::Text("/draw".into()));
    let out = room.svc.handle(&ev).unwrap();
    assert!(text(&out).contains("offers a draw"), "{}", text(&out));
    let notes = notes_to(&out.replies, "anna");
    assert_eq!(notes.len(), 1, "{out:#?}");
    assert_eq!(
        notes[0].0,
        format!("Bob offers a draw in game #{id} (Room).")
    );
    assert_eq!(notes[0].1.as_ref().map(|l| &l.to), Some(&link));
    assert_eq!(all_notes(&out.replies), 1);
    // the same update again: nothing more
    assert_eq!(all_notes(&room.svc.handle(&ev).unwrap().replies), 0);
    // declined and offered again at the same ply: once a ply
    room.say("Anna", "/draw decline");
    let again = room.say("Bob", "/draw");
    assert!(text(&again).contains("offers a draw"), "{}", text(&again));
    assert_eq!(all_notes(&again.replies), 0, "{again:#?}");
    room.say("Anna", "/draw decline");

    // Anna asks to take her move back: Bob hears it, Anna does not
    let out = room.say("Anna", "/takeback");
    assert!(text(&out).contains("asks to take back"), "{}", text(&out));
    let notes = notes_to(&out.replies, "bob");
    assert_eq!(
        notes.iter().map(|n| n.0.as_str()).collect::<Vec<_>>(),
        [format!(
            "Anna asks to take back their last move in game #{id} (Room)."
        )],
        "{out:#?}"
    );
    assert_eq!(notes[0].1.as_ref().map(|l| &l.to), Some(&link));
    assert_eq!(all_notes(&out.replies), 1);
    // declined: not asked again at the same ply (no stream of mentions)
    let no = room.press("Bob", button(&out, "Decline"));
    assert_eq!(all_notes(&no.replies), 0);
    let again = room.say("Anna", "/takeback");
    assert!(
        text(&again).contains("was declined; you may ask again after the next move"),
        "{}",
        text(&again)
    );
    assert!(again.replies.iter().all(|r| r.mentions.is_empty()));
    assert_eq!(all_notes(&again.replies), 0, "{again:#?}");
    // what was sent is kept per (game, ply, kind)
    {
        let s = room.store();
        let bob = store::user_by_handle(s.read(), "console", "bob")
            .unwrap()
            .unwrap();
        assert!(!store::mark_notified(s.read(), id, Ply(1), "takeback", bob.id, T0).unwrap());
        let anna = store::user_by_handle(s.read(), "console", "anna")
            .unwrap()
            .unwrap();
        assert!(!store::mark_notified(s.read(), id, Ply(1), "draw-offer", anna.id, T0).unwrap());
    }

    // Anna turns them off: Bob's next offer (a new ply) reaches her not
    room.say("Anna", "/notify off");
    room.say("Bob", "f6-g5");
    let out = room.say("Bob", "/draw");
    assert!(text(&out).contains("offers a draw"), "{}", text(&out));
    assert_eq!(all_notes(&out.replies), 0, "{out:#?}");
}

/// Forum topics (issue 14): a game started in a thread keeps it — its
/// boards, the AI's moves, the sweeper's reminders and time-out go there,
/// also when someone asks from the chat itself; other answers go where
/// they were asked.
#[test]
fn a_game_keeps_the_thread_it_was_started_in() {
    let room = Room::new();
    let in_topic = |who: &str, text: &str, thread: Option<&str>| {
        let mut ev = room.event(who, Input::Text(text.into()));
        ev.thread = thread.map(str::to_string);
        room.svc.handle(&ev).unwrap()
    };
    let threads = |o: &[Reply]| o.iter().map(|r| r.thread.clone()).collect::<Vec<_>>();
    // against the AI, in topic 7
    let out = in_topic("Anna", "/challenge ai 1 black", Some("7"));
    assert_eq!(threads(&out.replies), [Some("7".to_string())]);
    for job in out.jobs {
        let done = room.svc.run_job(job).unwrap();
        assert!(!done.replies.is_empty());
        assert!(
            done.replies
                .iter()
                .all(|r| r.thread.as_deref() == Some("7")),
            "{done:#?}"
        );
    }
    // asked from the chat itself: the board goes to the game's topic, a
    // refusal answers where it was asked
    let out = in_topic("Anna", "/board", None);
    assert_eq!(board(&out).thread.as_deref(), Some("7"));
    let out = in_topic("Anna", "/move a1-b2", None);
    assert_eq!(threads(&out.replies), [None]);
    let out = in_topic("Anna", "/move a1-b2", Some("9"));
    assert_eq!(threads(&out.replies), [Some("9".to_string())]);

    // a challenge between people in topic 3, accepted from the chat
    room.say("Bob", "/help");
    let card = in_topic("Anna", "/challenge @bob 2 white", Some("3"));
    assert_eq!(threads(&card.replies), [Some("3".to_string())]);
    let started = room.press("Bob", button(&card, "Accept"));
    let id = board(&started).game_id.unwrap();
    assert_eq!(board(&started).thread.as_deref(), Some("3"));
    // the sweeper's reminder and the time-out
    room.clock.set(T0 + DAY);
    let r = room.svc.sweep().unwrap();
    assert!(!r.is_empty());
    assert!(r.iter().all(|r| r.thread.as_deref() == Some("3")), "{r:#?}");
    room.clock.set(T0 + 2 * DAY);
    let r = room.svc.sweep().unwrap();
    assert!(
        r.iter().any(|r| r.text.contains("did not move in time")),
        "{r:#?}"
    );
    assert!(r.iter().all(|r| r.thread.as_deref() == Some("3")), "{r:#?}");
    assert!(!room.game(id).is_active());
    // a thread per game is for platforms that can open threads (Discord)
    let t = text(&room.say("Anna", "/settings threads on"));
    assert!(t.contains("There is no setting “threads”"), "{t}");
    assert!(
        t.contains(
            "Settings: lang, chatlang, theme, orientation, days, reminders, boards, variant, web."
        ),
        "the settings this platform has, without threads: {t}"
    );
}

/// Anna challenges Bob to a casual game (`casual`); Bob accepts. Anna plays
/// White. Returns the game id.
fn start_casual_game(room: &Room) -> GameId {
    room.say("Bob", "/help");
    let card = room.say("Anna", "/challenge @bob 3 white casual");
    assert!(text(&card).contains("casual (unrated)"), "{}", text(&card));
    let started = room.press("Bob", button(&card, "Accept"));
    let id = board(&started).game_id.unwrap();
    assert!(room.game(id).casual);
    id
}

#[test]
fn a_casual_game_leaves_the_ratings_alone_and_its_rematch_is_casual() {
    let room = Room::new();
    // rated is the default, and can be said
    room.say("Bob", "/help");
    let card = room.say("Anna", "/challenge @bob 3 рейтинговая");
    assert!(!text(&card).contains("casual"), "{}", text(&card));
    room.say("Anna", "/decline");
    let id = start_casual_game(&room);
    room.say("Anna", "c3-d4");
    let out = room.say("Bob", "/resign");
    let ask = room.say("Bob", "/resign");
    let done = if room.game(id).status == store::GameStatus::Active {
        room.press("Bob", button(&ask, "Yes"))
    } else {
        out
    };
    assert_eq!(room.game(id).status, store::GameStatus::Finished);
    let (_, pdn) = board(&done).document.as_ref().expect("the PDN");
    assert!(
        pdn.contains("[Event \"shashki casual correspondence game\"]"),
        "{pdn}"
    );
    // no rating moved
    let s = room.store();
    assert!(store::top_ratings(s.read(), room.game(id).chat_id, 10)
        .unwrap()
        .is_empty());
    drop(s);
    // the rematch is casual too
    let card = room.press("Bob", button(&done, "Rematch"));
    assert!(text(&card).contains("casual (unrated)"), "{}", text(&card));
    let again = room.press("Anna", button(&card, "Accept"));
    assert!(room.game(board(&again).game_id.unwrap()).casual);
}

#[test]
fn a_takeback_accepted_takes_back_the_move_and_the_answer() {
    let room = Room::new();
    let id = start_casual_game(&room);
    let t = text(&room.say("Anna", "/takeback"));
    assert!(t.contains("no move to take back"), "{t}");
    room.say("Anna", "c3-d4");
    room.say("Bob", "f6-g5");
    // Anna asks; Bob is called and alone may answer
    let ask = room.say("Anna", "/undo");
    assert!(text(&ask).contains("asks to take back"), "{}", text(&ask));
    assert!(ask.replies[0]
        .mentions
        .iter()
        .any(|m| m.platform_user_id == "bob"));
    let t = text(&room.say("Anna", "/takeback"));
    assert!(t.contains("waiting for an answer already"), "{t}");
    let accept = button(&ask, "Accept").to_string();
    let t = text(&room.press("Anna", &accept));
    assert!(t.contains("only your opponent"), "{t}");
    assert_eq!(room.game(id).ply, Ply(2));
    let out = room.press("Bob", &accept);
    assert!(text(&out).contains("agreed"), "{}", text(&out));
    assert!(board(&out).game_id == Some(id));
    // a board edited in place still tells the chat, calling Anna to move
    let b = board(&out);
    assert!(b.turn_note.as_deref().is_some_and(|n| n.contains("agreed")));
    assert_eq!(b.mentions[0].platform_user_id, "anna");
    // Anna's move and Bob's answer are gone: Anna to move from the start
    let g = room.game(id);
    assert_eq!(g.ply, Ply(0));
    assert_eq!(g.fen, Position::initial().to_fen());
    assert!(room.replay(id).moves().is_empty());
    // pressed again (a redelivery, a second tap): nothing more
    let t = text(&room.press("Bob", &accept));
    assert!(t.contains("no longer open"), "{t}");
    assert_eq!(room.game(id).ply, Ply(0));
    assert!(text(&room.say("Anna", "e3-f4")).contains("e3-f4"));
    // asked when the opponent has not answered yet: only the own move
    let ask = room.say("Anna", "/takeback");
    let out = room.press("Bob", button(&ask, "Accept"));
    assert!(text(&out).contains("agreed"), "{}", text(&out));
    assert_eq!(room.game(id).ply, Ply(0));
}

#[test]
fn a_takeback_declined_changes_nothing() {
    let room = Room::new();
    let id = start_casual_game(&room);
    room.say("Anna", "c3-d4");
    let ask = room.say("Anna", "/takeback");
    let out = room.press("Bob", button(&ask, "Decline"));
    assert!(text(&out).contains("declined"), "{}", text(&out));
    assert_eq!(room.game(id).ply, Ply(1));
    // the answered request is gone: accepting it now does nothing
    let t = text(&room.press("Bob", button(&ask, "Accept")));
    assert!(t.contains("no longer open"), "{t}");
    assert_eq!(room.game(id).ply, Ply(1));
    // nor is it asked again before the game moves on
    let t = text(&room.say("Anna", "/takeback"));
    assert!(t.contains("was declined"), "{t}");
    room.say("Bob", "f6-g5");
    room.say("Anna", "g3-h4");
    let t = text(&room.say("Anna", "/takeback"));
    assert!(t.contains("asks to take back"), "{t}");
}

#[test]
fn a_takeback_is_refused_in_a_rated_game() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    room.say("Anna", "c3-d4");
    let out = room.say("Anna", "/takeback");
    assert!(
        text(&out).contains("only in casual games"),
        "{}",
        text(&out)
    );
    assert!(out.replies.iter().all(|r| r.choices.is_empty()));
    assert_eq!(room.game(id).ply, Ply(1));
    // nor after the end of a casual game
    let casual = start_casual_game(&room);
    room.say("Anna", &format!("/move #{casual} c3-d4"));
    room.say("Bob", &format!("/resign #{casual}"));
    let ask = room.say("Bob", &format!("/resign #{casual}"));
    if room.game(casual).status == store::GameStatus::Active {
        room.press("Bob", button(&ask, "Yes"));
    }
    let t = text(&room.say("Anna", &format!("/takeback #{casual}")));
    assert!(t.contains("over"), "{t}");
}

#[test]
fn a_prankster_pressing_accept_is_refused_and_changes_nothing() {
    let room = Room::new();
    let id = start_casual_game(&room);
    room.say("Anna", "c3-d4");
    let ask = room.say("Anna", "/takeback");
    room.say("Carl", "/help");
    let accept = button(&ask, "Accept").to_string();
    let out = room.press("Carl", &accept);
    assert!(text(&out).contains("not playing"), "{}", text(&out));
    assert!(out.replies.iter().all(|r| r.image.is_none()));
    assert_eq!(room.game(id).ply, Ply(1));
    // a forged answer for a request that was never made
    let t = text(&room.press("Bob", &format!("ta:{id}:7")));
    assert!(t.contains("no longer open"), "{t}");
    // Bob still may
    room.press("Bob", &accept);
    assert_eq!(room.game(id).ply, Ply(0));
}

#[test]
fn a_takeback_request_lapses_when_a_move_is_made() {
    let room = Room::new();
    let id = start_casual_game(&room);
    room.say("Anna", "c3-d4");
    let ask = room.say("Anna", "/takeback");
    // Bob answers on the board instead
    room.say("Bob", "f6-g5");
    let t = text(&room.press("Bob", button(&ask, "Accept")));
    assert!(t.contains("no longer open"), "{t}");
    assert_eq!(room.game(id).ply, Ply(2));
    // a new request is allowed now, at the new position
    let ask = room.say("Anna", "/takeback");
    assert!(text(&ask).contains("asks to take back"), "{}", text(&ask));
}

/// Issue 21: a takeback leaves no conditional line behind. Anna plays
/// c3-d4 and plans `/if b6-a5 g3-h4`; Bob agrees to take c3-d4 back; Anna
/// plays a3-b4 instead, and Bob's b6-a5 must not fire her old plan. Bob's
/// own lines, stored on Anna's turn, go with a takeback too.
#[test]
fn a_takeback_drops_both_players_conditional_lines() {
    let room = Room::new();
    let id = start_casual_game(&room);
    room.say("Anna", "c3-d4");
    let t = text(&room.say("Anna", &format!("/if #{id} b6-a5 g3-h4")));
    assert!(t.contains("Stored for game"), "{t}");
    let ask = room.say("Anna", "/takeback");
    let out = room.press("Bob", button(&ask, "Accept"));
    assert!(text(&out).contains("agreed"), "{}", text(&out));
    assert_eq!(room.game(id).ply, Ply(0));
    let t = text(&room.say("Anna", &format!("/if #{id}")));
    assert!(t.contains("no conditional moves"), "{t}");
    room.say("Anna", "a3-b4");
    let out = room.say("Bob", "b6-a5");
    assert!(!text(&out).contains("g3-h4"), "{}", text(&out));
    assert_eq!(room.game(id).ply, Ply(2), "no reply played for Anna");
    assert_eq!(
        room.replay(id)
            .moves()
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>(),
        ["a3-b4", "b6-a5"]
    );
    // Bob plans on Anna's turn; Anna takes her move back (and his answer)
    let t = text(&room.say("Bob", &format!("/if #{id} b4-c5 d6:b4")));
    assert!(t.contains("Stored for game"), "{t}");
    let ask = room.say("Anna", "/takeback");
    room.press("Bob", button(&ask, "Accept"));
    assert_eq!(room.game(id).ply, Ply(0));
    let t = text(&room.say("Bob", &format!("/if #{id}")));
    assert!(t.contains("no conditional moves"), "{t}");
    let s = room.store();
    let left: i64 = s
        .conn()
        .query_row(
            "SELECT COUNT(*) FROM conditionals WHERE game_id = ?1",
            [id],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(left, 0);
}

/// Issue 21: a @handle that moved to another account. Old Bob held @bob;
/// he gave it up and new Bob took it. The bot heard old Bob first, new Bob
/// last: `/challenge @bob` means new Bob (`/tournament remove @bob` looks
/// the handle up the same way).
#[test]
fn a_handle_that_moved_to_another_account_reaches_its_new_holder() {
    let room = Room::new();
    let as_user = |id: &str, name: &str, handle: &str, text: &str| {
        let mut ev = room.event(name, Input::Text(text.into()));
        ev.user.id = id.into();
        ev.user.handle = Some(handle.into());
        room.svc.handle(&ev).unwrap()
    };
    as_user("bob-old", "Old Bob", "bob", "/help");
    as_user("bob-new", "New Bob", "Bob", "/help");
    let card = room.say("Anna", "/challenge @bob 3");
    let called: Vec<&str> = card.replies[0]
        .mentions
        .iter()
        .map(|m| m.platform_user_id.as_str())
        .collect();
    assert_eq!(called, ["bob-new"]);
    let s = room.store();
    let new_bob = store::user_by_handle(s.read(), "console", "bob")
        .unwrap()
        .unwrap();
    assert_eq!(new_bob.platform_user_id, "bob-new");
    let to: Option<store::UserId> = s
        .conn()
        .query_row("SELECT to_user FROM challenges", [], |r| r.get(0))
        .unwrap();
    assert_eq!(to, Some(new_bob.id));
    drop(s);
    // old Bob cannot take it; new Bob can
    let accept = button(&card, "Accept").to_string();
    let mut ev = room.event("Old Bob", Input::Choice(accept.clone()));
    ev.user.id = "bob-old".into();
    ev.user.handle = None;
    room.svc.handle(&ev).unwrap();
    assert!(room.game_opt(1).is_none(), "no game for old Bob");
    let mut ev = room.event("New Bob", Input::Choice(accept));
    ev.user.id = "bob-new".into();
    ev.user.handle = Some("bob".into());
    let started = room.svc.handle(&ev).unwrap();
    assert!(text(&started).contains("begins"), "{}", text(&started));
}

/// Issue 21: names, chat titles and tournament names lose their control,
/// format (zero-width, bidi overrides and isolates, BOM) and separator
/// characters when stored: `Ann\u{200b}a` drew as a second "Anna" in the
/// crosstable. A name with nothing visible left is the @handle, else
/// "player".
#[test]
fn names_and_titles_are_stored_without_invisible_or_text_turning_characters() {
    let room = Room::new();
    let say_as = |id: &str, name: &str, handle: Option<&str>, title: &str, text: &str| {
        let mut ev = room.event("x", Input::Text(text.into()));
        ev.user.id = id.into();
        ev.user.name = name.into();
        ev.user.handle = handle.map(str::to_string);
        ev.chat.title = Some(title.into());
        room.svc.handle(&ev).unwrap()
    };
    say_as("anna", "Anna", Some("anna"), "Room", "/help");
    say_as(
        "fake",
        "Ann\u{200b}a\u{202e}",
        Some("fake"),
        "\u{2067}Ro\u{200d}om\u{2069}\u{feff}",
        "/help",
    );
    say_as(
        "ghost",
        "\u{200b}\u{202e}\u{2066} ",
        Some("ghost"),
        "Room",
        "/help",
    );
    say_as("nobody", "\u{200f}\u{0007}", None, "Room", "/help");
    say_as("fox", "🦊 Лиса\u{00ad}", Some("fox"), "Room", "/help");
    let s = room.store();
    let name = |id: &str| -> String {
        s.conn()
            .query_row(
                "SELECT name FROM users WHERE platform_user_id = ?1",
                [id],
                |r| r.get(0),
            )
            .unwrap()
    };
    assert_eq!(name("fake"), "Anna");
    assert_eq!(name("ghost"), "ghost");
    assert_eq!(name("nobody"), "player");
    assert_eq!(name("fox"), "🦊 Лиса");
    let title: String = s
        .conn()
        .query_row(
            "SELECT title FROM chats WHERE platform_chat_id = 'room'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(title, "Room");
    drop(s);
    // a tournament's name too (the console's user administers the chat)
    let out = room.say("Anna", "/tournament new Spring\u{200b}\u{202e} Cup");
    assert!(text(&out).contains("Spring Cup"), "{}", text(&out));
    let t = store::tournament(room.store().read(), TournamentId(1))
        .unwrap()
        .unwrap();
    assert_eq!(t.name, "Spring Cup");
    let t = text(&room.say("Anna", "/tournament new \u{200b}\u{2066}"));
    assert!(t.contains("/tournament new NAME"), "{t}");
}

/// Issue 21: what people type is echoed bounded, numbers exactly as typed.
/// A 100 KB @handle was stored with a challenge and sent back whole;
/// `/accept 9223372036854775807` answered with a rounded number (Fluent's
/// numbers are f64); a number too long for any challenge fell back to the
/// newest open one.
#[test]
fn long_handles_and_numbers_are_refused_and_echoed_bounded() {
    let room = Room::new();
    room.say("Bob", "/help");
    room.say("Anna", "/tournament new Cup");
    let huge = "a".repeat(100_000);
    for cmd in [
        format!("/challenge @{huge} 3"),
        format!("/tournament remove @{huge}"),
    ] {
        let out = room.say("Anna", &cmd);
        let t = text(&out);
        let head: String = t.chars().take(200).collect();
        assert!(t.contains("cannot be anyone’s name"), "{head}");
        assert!(t.contains("at most 32 characters"), "{t}");
        assert!(t.chars().count() < 300, "{} characters", t.chars().count());
        assert!(matches!(out.replies[0].target, Target::User { .. }));
    }
    // 33 characters: refused; 32: a challenge to someone not seen yet
    let t = text(&room.say("Anna", &format!("/challenge @{} 3", "b".repeat(33))));
    assert!(t.contains("cannot be anyone’s name"), "{t}");
    let t = text(&room.say("Anna", &format!("/challenge @{} 3", "b".repeat(32))));
    assert!(t.contains("Challenge #1"), "{t}");
    let s = room.store();
    let handles: Vec<String> = s
        .conn()
        .prepare("SELECT to_handle FROM challenges")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(handles, ["b".repeat(32)]);
    drop(s);
    room.say("Anna", "/decline #1");
    // an open challenge waits for Bob; numbers that fit no challenge are
    // refused, repeated as typed, and accept nothing
    let card = room.say("Anna", "/challenge @bob 3");
    assert!(text(&card).contains("Challenge #2"), "{}", text(&card));
    for (cmd, shown) in [
        ("/accept 9223372036854775807", "#9223372036854775807 "),
        ("/accept #99999999999999999999", "#99999999999999999999 "),
        ("/decline 1000000000000", "#1000000000000 "),
        ("/accept 999999999999", "#999999999999 "),
    ] {
        let t = text(&room.say("Bob", cmd));
        assert!(
            t.contains(&format!("There is no challenge {shown}")),
            "{cmd}: {t}"
        );
    }
    assert_eq!(
        store::challenge(room.store().read(), ChallengeId(2))
            .unwrap()
            .unwrap()
            .status,
        store::ChallengeStatus::Open
    );
    // games: the same
    for (cmd, shown) in [
        (
            "/board #9223372036854775807",
            "There is no game #9223372036854775807.",
        ),
        (
            "/draw 99999999999999999999",
            "There is no game 99999999999999999999.",
        ),
        (
            "/resign 18446744073709551616",
            "There is no game 18446744073709551616.",
        ),
    ] {
        let t = text(&room.say("Bob", cmd));
        assert!(t.contains(shown), "{cmd}: {t}");
    }
    // numbers that are no level, days or vacation: as typed, never rounded
    let t = text(&room.say("Anna", "/challenge ai 99999999999999999"));
    assert!(t.contains("“99999999999999999”"), "{t}");
    let t = text(&room.say("Anna", "/challenge @bob 99999999999999999"));
    assert!(t.contains("“99999999999999999”"), "{t}");
    let t = text(&room.say("Anna", "/vacation 99999999999999999"));
    assert!(t.contains("“99999999999999999” in /vacation"), "{t}");
    for t in [
        text(&room.say("Anna", "/challenge ai 99999999999999999")),
        text(&room.say("Anna", "/vacation 99999999999999999")),
    ] {
        assert!(!t.contains("100000000000000000"), "{t}");
    }
    // any other word is repeated cut to 32 characters
    for cmd in [
        format!("/{huge}"),
        format!("/challenge ai 3 {huge}"),
        format!("/board #{huge}"),
        format!("/move {huge}"),
        format!("/position {huge}"),
        format!("/settings {huge}"),
    ] {
        let t = text(&room.say("Anna", &cmd));
        assert!(
            t.chars().count() < 600,
            "{}: {} characters",
            &cmd[..20],
            t.chars().count()
        );
        assert!(!t.contains(&"a".repeat(201)), "{}", &cmd[..20]);
    }
    let t = text(&room.say("Anna", &format!("/{huge}")));
    assert!(t.contains(&format!("/{}…", "a".repeat(32))), "{t}");
}

/// Issue 21: a share link's secret comes from the OS's secure generator:
/// twelve digits, as promised (the deep link and the button carry at most
/// twelve), kept with its challenge, a new one for each challenge — also
/// in two databases at the same second with the same ids.
#[test]
fn share_link_secrets_are_twelve_random_digits() {
    let mut tokens = Vec::new();
    for _ in 0..2 {
        let room = Room::new();
        for who in ["Anna", "Bob", "Carl"] {
            let card = room.say(who, "/challenge 3");
            let share = card.replies[0].share.as_ref().expect("a share link");
            let (id, token) = share
                .start
                .strip_prefix("challenge-")
                .and_then(|r| r.split_once('-'))
                .expect("challenge-ID-TOKEN");
            assert_eq!(token.len(), 12, "{}", share.start);
            assert!(token.bytes().all(|b| b.is_ascii_digit()), "{}", share.start);
            let token: i64 = token.parse().unwrap();
            let id: i64 = id.parse().unwrap();
            assert_eq!(
                store::challenge_share_token(room.store().read(), ChallengeId(id)).unwrap(),
                Some(token)
            );
            tokens.push(token);
        }
    }
    let mut distinct = tokens.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), tokens.len(), "{tokens:?}");
}

/// The analysis reports its progress to the live message of its request,
/// a tenth of the game at a time, then ends it with the result; after a
/// restart the job is found pending and does the same.
#[test]
fn an_analysis_edits_one_live_message_with_its_progress_then_the_result() {
    let room = Room::with_config(Config {
        analysis_progress_every: std::time::Duration::ZERO,
        ..quick_config()
    });
    let id = start_human_game(&room, "3");
    // twenty plies: each side plays its first legal move
    for _ in 0..20 {
        let g = room.replay(id);
        let mut moves = g.legal_moves();
        moves.sort_by_key(|m| m.to_string());
        let who = if g.side_to_move() == shashki::engine::Color::White {
            "Anna"
        } else {
            "Bob"
        };
        room.say(who, &format!("/move {}", moves[0]));
    }
    assert_eq!(room.game(id).ply, Ply(20));
    room.say("Anna", "/resign");
    let ask = room.say("Anna", "/resign");
    if room.game(id).status == store::GameStatus::Active {
        room.press("Anna", button(&ask, "Yes"));
    }
    let asked = room.say("Carl", &format!("/analyse #{id}"));
    let key = format!("analysis-{id}");
    assert_eq!(asked.replies[0].live.as_deref(), Some(key.as_str()));
    let job = asked.jobs[0];
    // the bot restarts before the job ran: the new process finds it pending
    // and runs it (its replies keep the key: the same message is edited);
    // its final text sent (acknowledged), run again, it finds it done and
    // says nothing
    let restarted = Service::open(
        &room.path,
        Config {
            analysis_progress_every: std::time::Duration::ZERO,
            ..quick_config()
        },
        room.clock.clone(),
    )
    .unwrap();
    assert_eq!(restarted.pending_jobs().unwrap(), vec![job]);
    for round in 0..2 {
        let seen = std::sync::Mutex::new(Vec::new());
        let done = restarted
            .run_job_reporting(job, &|o: Outcome| seen.lock().unwrap().extend(o.replies))
            .unwrap();
        let seen = seen.into_inner().unwrap();
        if round == 1 {
            assert!(seen.is_empty() && done.replies.is_empty(), "done already");
            break;
        }
        let percents: Vec<&str> = seen.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(seen.len(), 9, "one report a tenth: {percents:#?}");
        assert!(seen.iter().all(|r| r.live.as_deref() == Some(key.as_str())));
        assert!(percents[0].contains("Analysing game") && percents[0].contains("10 %"));
        assert!(percents[8].contains("90 %"), "{percents:#?}");
        assert_eq!(done.replies[0].live.as_deref(), Some(key.as_str()));
        // the final text is owed until the adapter says it is sent
        assert_eq!(done.replies[0].ack.as_deref(), Some(key.as_str()));
        assert!(done.replies[1..].iter().all(|r| r.ack.is_none()));
        assert!(text(&done).contains(&format!("Analysis of game #{id}")));
        restarted.acknowledge(&key).unwrap();
    }
}

#[test]
fn an_analysis_whose_final_edit_was_not_sent_edits_it_again_after_a_restart_once() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    room.say("Anna", "/move c3-d4");
    room.say("Bob", "/move f6-g5");
    room.say("Anna", "/resign");
    let ask = room.say("Anna", "/resign");
    if room.game(id).status == store::GameStatus::Active {
        room.press("Anna", button(&ask, "Yes"));
    }
    let asked = room.say("Carl", &format!("/analyse #{id}"));
    let job = asked.jobs[0];
    let key = format!("analysis-{id}");
    // the job stores the result and hands out the final edit ...
    let done = room.svc.run_job(job).unwrap();
    assert_eq!(done.replies[0].ack.as_deref(), Some(key.as_str()));
    // ... and the process dies before it is sent: the restarted one finds
    // the final text owed and edits the live message with it, only that
    let open = || Service::open(&room.path, quick_config(), room.clock.clone()).unwrap();
    let restarted = open();
    assert_eq!(restarted.pending_jobs().unwrap(), vec![job]);
    let again = restarted.run_job(job).unwrap();
    assert_eq!(again.replies.len(), 1, "{:#?}", text(&again));
    let r = &again.replies[0];
    assert_eq!(r.live.as_deref(), Some(key.as_str()));
    assert_eq!(r.ack.as_deref(), Some(key.as_str()));
    assert!(
        r.text.contains(&format!("Analysis of game #{id}")),
        "{}",
        r.text
    );
    assert!(r.image.is_none() && r.document.is_none());
    assert_eq!(r.text, done.replies[0].text, "the same final text");
    // the adapter sent it: nothing owed any more, after another restart too
    restarted.acknowledge(&key).unwrap();
    assert!(restarted.pending_jobs().unwrap().is_empty());
    assert!(restarted.run_job(job).unwrap().replies.is_empty());
    let third = open();
    assert!(third.pending_jobs().unwrap().is_empty());
    assert!(third.run_job(job).unwrap().replies.is_empty());
    // an unknown token is ignored; the analysis is still posted when asked
    third.acknowledge("board-7").unwrap();
    let shown = room.say("Carl", &format!("/analyse #{id}"));
    assert!(text(&shown).contains(&format!("Analysis of game #{id}")));
    assert!(shown.replies.iter().all(|r| r.ack.is_none()));
}

#[test]
fn an_analysis_given_up_for_good_ends_its_live_message_with_could_not_be_made() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    room.say("Anna", "/move c3-d4");
    room.say("Anna", "/resign");
    let ask = room.say("Anna", "/resign");
    if room.game(id).status == store::GameStatus::Active {
        room.press("Anna", button(&ask, "Yes"));
    }
    let job = room.say("Carl", &format!("/analyse #{id}")).jobs[0];
    let key = format!("analysis-{id}");
    // an AI move is never given up: nothing to say
    let ai = shashki::core::Job::AiMove {
        game: id,
        ply: Ply(0),
    };
    assert!(room.svc.job_failed_for_good(ai).unwrap().replies.is_empty());
    let out = room.svc.job_failed_for_good(job).unwrap();
    assert_eq!(out.replies.len(), 1);
    let r = &out.replies[0];
    assert_eq!(r.live.as_deref(), Some(key.as_str()));
    assert_eq!(r.ack.as_deref(), Some(key.as_str()));
    assert!(r.text.contains("could not be made"), "{}", r.text);
    assert_eq!(
        store::analysis(room.store().read(), id)
            .unwrap()
            .unwrap()
            .status,
        store::AnalysisStatus::Failed
    );
    // given up twice: said once
    assert!(room
        .svc
        .job_failed_for_good(job)
        .unwrap()
        .replies
        .is_empty());
    // not sent yet: a restart says it again; sent: nothing more
    let restarted = Service::open(&room.path, quick_config(), room.clock.clone()).unwrap();
    assert_eq!(restarted.pending_jobs().unwrap(), vec![job]);
    let again = restarted.run_job(job).unwrap();
    assert_eq!(again.replies.len(), 1);
    assert!(again.replies[0].text.contains("could not be made"));
    restarted.acknowledge(&key).unwrap();
    assert!(restarted.pending_jobs().unwrap().is_empty());
    assert!(restarted.run_job(job).unwrap().replies.is_empty());
    // asked again: analysed anew, the live message follows
    let asked = room.say("Carl", &format!("/analyse #{id}"));
    assert_eq!(asked.jobs, vec![job]);
    assert!(asked.replies[0].ack.is_none());
}

/// A takeback asked from a private chat is asked in the game's chat, where
/// the opponent follows the game (the asker hears it where they asked);
/// after the takeback, the plies played again are notified again; a
/// spectator's `/board` is a picture for them, not the game's living board
/// (it must not take the players' buttons off).
#[test]
fn a_takeback_from_elsewhere_asks_in_the_games_chat_and_notifies_again() {
    let room = Room::new();
    room.say("Bob", "/notify on");
    let id = start_casual_game(&room);
    let moved = room.say("Anna", "c3-d4");
    assert_eq!(notes_to(&moved.replies, "bob").len(), 1, "{moved:#?}");

    let mut ev = room.event("Anna", Input::Text(format!("/takeback #{id}")));
    ev.chat.id = "dm-anna".into();
    ev.chat.is_private = true;
    let ask = room.svc.handle(&ev).unwrap();
    let card = ask
        .replies
        .iter()
        .find(|r| !r.choices.is_empty())
        .expect("the question with its buttons");
    assert_eq!(card.target, Target::Chat("room".into()), "{ask:#?}");
    assert!(card.mentions.iter().any(|m| m.platform_user_id == "bob"));
    assert!(
        ask.replies
            .iter()
            .any(|r| r.target == Target::Chat("dm-anna".into())
                && r.text.contains("asks to take back")),
        "the asker hears it where they asked: {ask:#?}"
    );
    let out = room.press("Bob", button(&ask, "Accept"));
    assert!(text(&out).contains("agreed"), "{}", text(&out));
    assert_eq!(room.game(id).ply, Ply(0));

    // the same move again: Bob is told again
    let again = room.say("Anna", "c3-d4");
    assert_eq!(notes_to(&again.replies, "bob").len(), 1, "{again:#?}");

    // Carl looks on: a picture with flip, tied to no living board
    let seen = room.say("Carl", &format!("/board #{id}"));
    let b = board(&seen);
    assert_eq!(b.game_id, None, "{b:#?}");
    assert!(b.choices.iter().flatten().all(|c| c.label.contains("Flip")));
}

/// Issue 21: typed arguments end silent guesses. A second number of a
/// person's challenge was dropped, a word after `/accept` fell back to the
/// newest challenge, a word after `/vacation` or `/board` was ignored: each
/// is refused now, naming the word, and nothing happens.
#[test]
fn words_that_do_not_fit_a_command_are_refused_not_guessed() {
    let room = Room::new();
    room.say("Bob", "/help"); // the bot has seen Bob
    let t = text(&room.say("Anna", "/challenge @bob 3 5"));
    assert!(t.contains("did not understand “5”"), "{t}");
    let t = text(&room.say("Anna", "/challenge white black"));
    assert!(t.contains("did not understand “black”"), "{t}");
    let count = || {
        store::count_open_challenges_from(room.store().read(), store::UserId(1)).unwrap()
            + store::count_open_challenges_from(room.store().read(), store::UserId(2)).unwrap()
    };
    assert_eq!(count(), 0, "no challenge was made");
    room.say("Anna", "/challenge @bob 3");
    assert_eq!(count(), 1);
    let t = text(&room.say("Bob", "/accept soon"));
    assert!(
        t.contains("did not understand “soon” in /accept") && t.contains("/accept [challenge #N]"),
        "{t}"
    );
    assert_eq!(count(), 1, "the challenge is still open");
    let t = text(&room.say("Anna", "/vacation lots"));
    assert!(
        t.contains("“lots”") && t.contains("/vacation [days 1–365]"),
        "{t}"
    );
    let t = text(&room.say("Anna", "/games please"));
    assert!(t.contains("“please”"), "{t}");
    // the same in another language: the words and the names are its own
    let mut ev = room.event("Anna", Input::Text("/отпуск много".into()));
    ev.user.lang = Some("ru".into());
    let t = text(&room.svc.handle(&ev).unwrap());
    assert!(t.contains("Не понял «много» в /vacation"), "{t}");
    // and a command that fits still works: Bob accepts
    let t = text(&room.say("Bob", "/принять"));
    assert!(t.contains("#1"), "{t}");
    assert_eq!(count(), 0);
}

/// Issue 21: the outbox tells the answer to a button press (worth sending
/// only while the press is fresh: the deliverer drops it when owed from
/// long before a restart) from the answer to a typed command (owed however
/// late). Bob presses Anna's move button, then types her move: both are
/// refused, the first as a press's answer.
#[test]
fn the_outbox_tells_a_presss_answer_from_a_commands() {
    let room = Room::new();
    let started = {
        room.say("Bob", "/help");
        let card = room.say("Anna", "/challenge @bob 3 white");
        room.press("Bob", button(&card, "Accept"))
    };
    let before = room.store();
    let seen = store::owed_replies(before.read(), store::OutboxId(0), 1000)
        .unwrap()
        .last()
        .map_or(store::OutboxId(0), |r| r.id);
    room.press("Bob", button(&started, "c3-d4"));
    room.say("Bob", "/move c3-d4");
    room.press("Anna", button(&started, "c3-d4"));
    let kinds: Vec<store::DeliveryKind> = store::owed_replies(room.store().read(), seen, 1000)
        .unwrap()
        .into_iter()
        .map(|r| r.kind)
        .collect();
    use store::DeliveryKind::{Board, InPlace, Note, PressNote};
    assert_eq!(kinds.first(), Some(&PressNote), "{kinds:?}");
    assert_eq!(kinds.get(1), Some(&Note), "{kinds:?}");
    assert!(
        kinds[2..].iter().any(|k| matches!(k, InPlace | Board)),
        "Anna's move: {kinds:?}"
    );
    assert!(!kinds[2..].contains(&PressNote), "{kinds:?}");
}

/// `/clock` (the command added in docs/architecture.md's worked example):
/// the time left, to the asker alone, in any of its names; a game nobody
/// here may see is refused.
#[test]
fn clock_tells_the_time_left_to_the_asker() {
    let room = Room::new();
    let id = start_human_game(&room, "3");
    room.clock.set(T0 + DAY + 1);
    let out = room.say("Bob", &format!("/clock #{}", id.0));
    assert!(all_private_to(&out, "bob"), "{out:#?}");
    let t = text(&out);
    assert!(t.starts_with(&format!("Game #{}: Time left:", id.0)), "{t}");
    assert!(t.contains("1 day 23 h"), "{t}");
    let ru = room.say("Bob", "/часы");
    assert!(text(&ru).contains("Time left"), "{}", text(&ru));
    // a game that does not exist: refused, nothing told about it
    let out = room.say("Bob", "/clock #999");
    assert!(!text(&out).contains("Time left"), "{}", text(&out));
    assert!(text(&out).contains("999"), "{}", text(&out));
}
