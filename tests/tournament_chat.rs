//! Correspondence tournaments in a group chat, through the core: a round
//! robin of micro-matches from creation to the final standings, across a
//! restart; who may create, start, join and leave.

mod common;

use common::room::{text, Room, T0};
use shashki::core::{Config, Input, Outcome, Platform};
use shashki::engine::{Game, Position, Variant8};
use shashki::store::{self, ChatId, GameId, GameStatus, Seat, TournamentId};

fn config() -> Config {
    Config {
        board_size: 240,
        ..Config::default()
    }
}

impl Room {
    /// The tournaments' room: chat "club" ("Club") on `platform`.
    fn new(platform: Platform) -> Room {
        Room::with_config(config())
            .in_chat("club", "Club")
            .on(platform)
    }

    fn say_as_admin(&self, who: &str, text: &str) -> Outcome {
        let mut ev = self.event(who, Input::Text(text.into()));
        ev.user.is_admin = true;
        self.svc.handle(&ev).unwrap()
    }

    /// Every game of `round` of tournament `t` ends: the player with the
    /// higher entry number resigns. What each resignation said, one a game.
    fn resign_round(&self, t: i64, round: i64) -> Vec<String> {
        let games: Vec<_> = store::tournament_games(self.store().read(), TournamentId(t))
            .unwrap()
            .into_iter()
            .filter(|g| g.round == round)
            .collect();
        let mut said = Vec::new();
        for tg in games {
            let row = store::game(self.store().read(), tg.game_id)
                .unwrap()
                .unwrap();
            let loser = if tg.white_seq > tg.black_seq {
                row.white
            } else {
                row.black
            };
            let out = self.say(&self.name(loser), &format!("/resign #{}", tg.game_id));
            said.push(text(&out));
        }
        said
    }

    fn name(&self, seat: Seat) -> String {
        let Seat::Human(id) = seat else {
            panic!("an AI in a tournament")
        };
        store::user(self.store().read(), id).unwrap().unwrap().name
    }
}

fn png(o: &Outcome) -> Vec<u8> {
    let img = o
        .replies
        .iter()
        .find_map(|r| {
            r.image
                .as_ref()
                .filter(|i| i.file_name.starts_with("crosstable"))
        })
        .unwrap_or_else(|| panic!("no crosstable picture in {o:#?}"));
    img.bytes().to_vec()
}

const PLAYERS: [&str; 4] = ["Anna", "Bob", "Carl", "Dora"];

#[test]
fn a_round_robin_of_micro_matches_from_entry_to_the_final_standings() {
    let mut room = Room::new(Platform::Console);
    let out = room.say(
        "Anna",
        "/tournament new Autumn Cup rr micro days 3 ballot fmjd",
    );
    let t = text(&out);
    assert!(t.contains("Tournament #1 “Autumn Cup” is open"), "{t}");
    assert!(t.contains("micro-matches") && t.contains("3 days"), "{t}");
    for p in PLAYERS {
        let t = text(&room.say(p, "/tournament join"));
        assert!(t.contains(&format!("{p} joins tournament #1")), "{t}");
    }
    // twice is refused; someone not entered cannot leave (nor take anyone off)
    let t = text(&room.say("Bob", "/турнир участвую"));
    assert!(t.contains("already in tournament #1"), "{t}");
    let t = text(&room.say("Eve", "/tournament leave"));
    assert!(t.contains("not in tournament #1"), "{t}");
    let t = text(&room.say("Eve", "/tournament"));
    assert!(t.contains("Players (4): Anna, Bob, Carl, Dora"), "{t}");

    let out = room.say("Anna", "/tournament start");
    let t = text(&out);
    assert!(t.contains("4 players, 12 games"), "{t}");
    assert_eq!(out.replies[0].mentions.len(), 4, "every player is called");
    let t = text(&room.say("Eve", "/tournament join"));
    assert!(t.contains("not open for entries"), "{t}");

    // the schedule: 6 pairings × 2 games, colours reversed, one opening each
    let s = room.store();
    let games = store::tournament_games(s.read(), TournamentId(1)).unwrap();
    assert_eq!(games.len(), 12);
    for pair in games.chunks(2) {
        let [a, b] = pair else { unreachable!() };
        assert_eq!((a.white_seq, a.black_seq), (b.black_seq, b.white_seq));
        assert_eq!(a.opening_code, b.opening_code);
        assert_eq!(a.pairing_no, b.pairing_no);
        let (ga, gb) = (
            store::game(s.read(), a.game_id).unwrap().unwrap(),
            store::game(s.read(), b.game_id).unwrap().unwrap(),
        );
        assert_eq!(
            ga.start_fen, gb.start_fen,
            "both games from the same opening"
        );
        assert_eq!(ga.deadline, Some(T0 + 3 * 86_400));
    }
    let mut pairs: Vec<(i64, i64)> = games
        .iter()
        .map(|g| (g.white_seq.min(g.black_seq), g.white_seq.max(g.black_seq)))
        .collect();
    pairs.dedup();
    pairs.sort();
    assert_eq!(pairs, vec![(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
    drop(s);

    // status: whose move
    let t = text(&room.say("Eve", "/tournament"));
    assert!(t.contains("in progress") && t.contains("to move"), "{t}");
    assert!(t.contains("0 of 12 games finished"), "{t}");

    // one real move in the first game, from its balloted start
    let first = store::game(room.store().read(), games[0].game_id)
        .unwrap()
        .unwrap();
    let mut g = Game::from_position(
        Variant8::Russian,
        Position::from_fen(&first.start_fen).unwrap(),
    );
    let mover = first.seat(g.side_to_move());
    let mut moves = g.legal_moves();
    moves.sort_by_key(|m| m.to_string());
    let mv = moves[0];
    let out = room.say(&room.name(mover), &format!("/move #{} {mv}", first.id));
    assert!(text(&out).contains(&mv.to_string()), "{}", text(&out));
    g.play(&mv).unwrap();

    // every game decided: Anna's opponents resign, the others' Black resigns,
    // one game is agreed drawn
    let drawn = games
        .iter()
        .find(|g| g.white_seq != 0 && g.black_seq != 0)
        .unwrap()
        .game_id;
    for (i, tg) in games.iter().enumerate() {
        let row = store::game(room.store().read(), tg.game_id)
            .unwrap()
            .unwrap();
        let (w, b) = (room.name(row.white), room.name(row.black));
        if tg.game_id == drawn {
            room.say(&w, &format!("/draw #{}", tg.game_id));
            let t = text(&room.say(&b, &format!("/draw #{}", tg.game_id)));
            assert!(t.contains("draw"), "{t}");
        } else {
            let loser = if tg.white_seq == 0 {
                &b
            } else if tg.black_seq == 0 {
                &w
            } else {
                &b
            };
            let out = room.say(loser, &format!("/resign #{}", tg.game_id));
            assert!(text(&out).contains("resign"), "{}", text(&out));
            if i < games.len() - 1 {
                assert!(!text(&out).contains("is over!"), "{}", text(&out));
            } else {
                // the last game ends the tournament in the same transaction
                let t = text(&out);
                assert!(
                    t.contains("Tournament #1 “Autumn Cup” is over! The winner: Anna."),
                    "{t}"
                );
                assert!(t.contains("Final standings"), "{t}");
                assert!(png(&out).starts_with(b"\x89PNG"));
            }
        }
        if i == 5 {
            let out = room.say("Eve", "/standings");
            let t = text(&out);
            assert!(t.contains("Standings of tournament #1"), "{t}");
            assert!(t.contains("Anna"), "{t}");
            assert!(png(&out).starts_with(b"\x89PNG"));
            // a restart in the middle loses nothing
            room.restart();
            let t = text(&room.say("Eve", "/tournament"));
            assert!(t.contains("6 of 12 games finished"), "{t}");
        }
    }
    let s = room.store();
    for tg in &games {
        let row = store::game(s.read(), tg.game_id).unwrap().unwrap();
        assert_eq!(row.status, GameStatus::Finished);
    }
    let t = store::tournament(s.read(), TournamentId(1))
        .unwrap()
        .unwrap();
    assert_eq!(t.status, store::TournamentStatus::Finished);
    drop(s);

    // afterwards: the standings and the games of the finished tournament
    let out = room.say("Eve", "/таблица");
    let t = text(&out);
    let anna = t.lines().find(|l| l.contains("Anna")).unwrap();
    assert!(anna.contains("12"), "Anna won all twelve points: {t}");
    let out = room.say("Eve", "/tournament pdn");
    let (name, pdn) = out.replies[0].document.clone().unwrap();
    assert_eq!(name, "tournament-1.pdn");
    assert_eq!(pdn.matches("[Event \"Autumn Cup\"]").count(), 12, "{pdn}");
    assert_eq!(
        pdn.matches("[FEN ").count(),
        12,
        "balloted starts carry their FEN"
    );
    assert_eq!(pdn.matches("[Opening ").count(), 12);
    assert!(pdn.contains(&mv.to_string()));
    let t = text(&room.say("Anna", "/tournament join"));
    assert!(t.contains("no tournament in this chat"), "{t}");
}

#[test]
fn only_admins_create_and_start_a_tournament_in_a_group() {
    let room = Room::new(Platform::Telegram);
    let t = text(&room.say("Bob", "/tournament new Blitz"));
    assert!(t.contains("Only the chat’s admins"), "{t}");
    assert!(
        store::live_tournaments_in_chat(room.store().read(), ChatId(1))
            .unwrap()
            .is_empty()
    );
    let t = text(&room.say_as_admin("Anna", "/tournament new Blitz single drr"));
    assert!(
        t.contains("Tournament #1 “Blitz” is open: a double round robin of single games"),
        "{t}"
    );
    let t = text(&room.say("Bob", "/tournament join"));
    assert!(t.contains("Bob joins"), "{t}");
    let t = text(&room.say("Carl", "/tournament start"));
    assert!(t.contains("Only the chat’s admins"), "{t}");
    let t = text(&room.say_as_admin("Anna", "/tournament start"));
    assert!(t.contains("at least 2 players; 1 entered"), "{t}");
    room.say("Carl", "/tournament join");
    let t = text(&room.say("Bob", "/tournament leave"));
    assert!(
        t.contains("Bob leaves tournament #1") && t.contains("1 entered"),
        "{t}"
    );
    room.say("Bob", "/tournament join");
    let t = text(&room.say_as_admin("Anna", "/tournament start"));
    assert!(t.contains("2 players, 2 games"), "{t}");
    let s = room.store();
    let t = store::tournament(s.read(), TournamentId(1))
        .unwrap()
        .unwrap();
    assert_eq!(t.status, store::TournamentStatus::Running);
    // entry order after Bob left and came back: Carl first
    let players = store::tournament_players(s.read(), TournamentId(1)).unwrap();
    assert_eq!(
        players.iter().map(|p| p.seq).collect::<Vec<_>>(),
        vec![0, 1]
    );
    let t = text(&room.say("Dora", "/tournament new"));
    assert!(t.contains("Only the chat’s admins"), "{t}");
    let t = text(&room.say_as_admin("Dora", "/tournament new Open ballot lottery"));
    assert!(t.contains("“lottery” is not a tournament option"), "{t}");
}

/// The game between two players of a tournament (`a` and `b` by entry).
fn game_between(room: &Room, a: i64, b: i64) -> GameId {
    store::tournament_games(room.store().read(), TournamentId(1))
        .unwrap()
        .into_iter()
        .find(|g| (g.white_seq, g.black_seq) == (a, b) || (g.white_seq, g.black_seq) == (b, a))
        .unwrap()
        .game_id
}

#[test]
fn withdrawals_forfeit_the_games_left_or_annul_a_player_who_played_too_few() {
    let room = Room::new(Platform::Console);
    room.say("Anna", "/tournament new Winter single");
    for p in PLAYERS {
        room.say(p, "/tournament join");
    }
    let t = text(&room.say("Anna", "/tournament start"));
    assert!(t.contains("4 players, 6 games"), "{t}");
    // Dora (entry 3) loses two games, then withdraws: the third is lost unplayed
    for opp in [0, 1] {
        let g = game_between(&room, opp, 3);
        room.say("Dora", &format!("/resign #{g}"));
    }
    let out = room.say("Dora", "/tournament leave");
    let t = text(&out);
    assert!(
        t.contains("Dora withdraws from tournament #1 “Winter”: 1 game in progress is lost."),
        "{t}"
    );
    let row = store::game(room.store().read(), game_between(&room, 2, 3))
        .unwrap()
        .unwrap();
    assert_eq!(row.status, GameStatus::Finished);
    assert_eq!(row.result_reason, Some(store::Termination::Withdrawal));
    // twice, or someone else's name by a non-admin, changes nothing
    let t = text(&room.say("Dora", "/tournament leave"));
    assert!(t.contains("You are not in tournament #1"), "{t}");
    let tg = Room::new(Platform::Telegram);
    let t = text(&tg.say("Eve", "/tournament remove @dora"));
    assert!(t.contains("Only the chat’s admins"), "{t}");
    let t = text(&room.say("Eve", "/tournament"));
    assert!(
        t.contains("Players (4): Anna, Bob, Carl, Dora (withdrew)"),
        "{t}"
    );
    // Carl has played none of his three: he withdraws and is annulled
    let t = text(&room.say("Anna", "/tournament remove @carl"));
    assert!(
        t.contains("Carl withdraws") && t.contains("2 games in progress are lost"),
        "{t}"
    );
    // the last game ends the tournament
    let g = game_between(&room, 0, 1);
    let out = room.say("Bob", &format!("/resign #{g}"));
    let t = text(&out);
    assert!(t.contains("“Winter” is over! The winner: Anna."), "{t}");
    let line = |name: &str| {
        t.lines()
            .find(|l| l.contains(name) && l.starts_with(|c: char| c.is_ascii_digit()))
            .unwrap()
            .to_string()
    };
    assert!(line("Dora").contains("(withdrew)"), "{t}");
    assert!(line("Carl").contains("(withdrew)"), "{t}");
    // Anna: beat Bob and Dora; Carl's game annulled → 4 points
    assert!(line("Anna").contains(" 4 (2)"), "{t}");
    assert!(png(&out).starts_with(b"\x89PNG"));
}

#[test]
fn two_losses_on_time_remove_a_player_and_the_sweeper_can_end_the_tournament() {
    let room = Room::new(Platform::Console);
    room.say("Anna", "/tournament new Rapid single days 1");
    for p in PLAYERS {
        room.say(p, "/tournament join");
    }
    room.say("Anna", "/tournament start");
    let games = store::tournament_games(room.store().read(), TournamentId(1)).unwrap();
    for tg in &games {
        let row = store::game(room.store().read(), tg.game_id)
            .unwrap()
            .unwrap();
        let dora = if tg.white_seq == 3 {
            shashki::engine::Color::White
        } else if tg.black_seq == 3 {
            shashki::engine::Color::Black
        } else {
            // the games without Dora end now: Black resigns
            room.say(&room.name(row.black), &format!("/resign #{}", row.id));
            continue;
        };
        // Dora's games: her opponent moves so that it is her turn
        if row.side_to_move() != Some(dora) {
            let pos = Position::from_fen(&row.fen).unwrap();
            let mut moves = pos.legal_moves_in(Variant8::Russian);
            moves.sort_by_key(|m| m.to_string());
            let who = room.name(row.seat(dora.opposite()));
            let out = room.say(&who, &format!("/move #{} {}", row.id, moves[0]));
            assert!(text(&out).contains(&moves[0].to_string()), "{}", text(&out));
        }
    }
    room.clock.advance(2 * 86_400);
    let replies = room.svc.sweep().unwrap();
    let all: String = replies
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        all.contains("Dora has lost two games of tournament #1 on time"),
        "{all}"
    );
    assert!(
        all.contains("Dora withdraws from tournament #1 “Rapid”: 1 game in progress is lost."),
        "{all}"
    );
    assert!(all.contains("“Rapid” is over!"), "{all}");
    assert!(replies.iter().any(|r| r
        .image
        .as_ref()
        .is_some_and(|i| i.file_name == "crosstable-1.png")));
    let s = room.store();
    assert_eq!(
        store::tournament(s.read(), TournamentId(1))
            .unwrap()
            .unwrap()
            .status,
        store::TournamentStatus::Finished
    );
    let timeouts = games
        .iter()
        .filter_map(|tg| {
            store::game(s.read(), tg.game_id)
                .unwrap()
                .unwrap()
                .result_reason
        })
        .filter(|r| *r == store::Termination::Timeout)
        .count();
    assert_eq!(timeouts, 2);
}

#[test]
fn a_swiss_event_pairs_each_round_when_the_last_one_ends() {
    let room = Room::new(Platform::Console);
    let t = text(&room.say("Anna", "/tournament new Spring swiss-3 single"));
    assert!(
        t.contains("a Swiss event of 3 rounds of single games"),
        "{t}"
    );
    let five = ["Anna", "Bob", "Carl", "Dora", "Eve"];
    for p in five {
        room.say(p, "/tournament join");
    }
    let t = text(&room.say("Anna", "/tournament start"));
    assert!(t.contains("5 players, round 1 of 3, 2 games"), "{t}");
    assert!(t.contains("a bye"), "{t}");
    let mut announcements = Vec::new();
    for round in 1..=3 {
        // the lower entry number wins
        let said = room.resign_round(1, round);
        assert_eq!(said.len(), 2, "round {round}");
        announcements.extend(said);
    }
    let all = announcements.join("\n");
    assert!(all.contains("“Spring”: round 2 of 3 begins."), "{all}");
    assert!(all.contains("“Spring”: round 3 of 3 begins."), "{all}");
    assert!(all.contains("“Spring” is over! The winner: Anna."), "{all}");
    // no rematch, at most one bye each, a bye every round
    let s = room.store();
    let games = store::tournament_games(s.read(), TournamentId(1)).unwrap();
    let mut met: Vec<(i64, i64)> = games
        .iter()
        .map(|g| (g.white_seq.min(g.black_seq), g.white_seq.max(g.black_seq)))
        .collect();
    met.sort();
    let n = met.len();
    met.dedup();
    assert_eq!(met.len(), n, "no rematches: {met:?}");
    let byes = store::tournament_byes(s.read(), TournamentId(1)).unwrap();
    assert_eq!(
        byes.iter().map(|b| b.round).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    assert!(
        byes.iter().all(|b| !b.half),
        "pairing-allocated byes: {byes:?}"
    );
    let mut who: Vec<i64> = byes.iter().map(|b| b.seq).collect();
    who.sort();
    who.dedup();
    assert_eq!(who.len(), 3, "a bye once per player: {byes:?}");
    assert_eq!(
        store::tournament(s.read(), TournamentId(1))
            .unwrap()
            .unwrap()
            .status,
        store::TournamentStatus::Finished
    );
}

/// The ratings row of a player, overall.
fn overall_games(room: &Room, who: &str) -> i64 {
    let s = room.store();
    let u = store::user_by_handle(s.read(), room.platform.key(), &who.to_lowercase())
        .unwrap()
        .unwrap();
    store::rating(s.read(), u.id, ChatId::EVERYWHERE)
        .unwrap()
        .games
}

/// Every reply's text, one per reply.
fn texts(o: &Outcome) -> Vec<String> {
    o.replies.iter().map(|r| r.text.clone()).collect()
}

#[test]
fn an_admin_cancels_a_tournament_and_its_games_end_with_no_result() {
    let room = Room::new(Platform::Telegram);
    room.say_as_admin("Anna", "/tournament new Summer single");
    for p in ["Anna", "Bob", "Carl"] {
        room.say(p, "/tournament join");
    }
    room.say_as_admin("Anna", "/tournament start");
    let games = store::tournament_games(room.store().read(), TournamentId(1)).unwrap();
    assert_eq!(games.len(), 3);
    // one game is played to its end first: it keeps its result
    let first = store::game(room.store().read(), games[0].game_id)
        .unwrap()
        .unwrap();
    room.say(&room.name(first.black), &format!("/resign #{}", first.id));
    let rated_before = overall_games(&room, &room.name(first.white));
    assert_eq!(rated_before, 1, "a rated tournament game counts");

    // a player who is no admin is refused, and nothing changes
    let t = text(&room.say("Bob", "/tournament cancel"));
    assert!(t.contains("Only the chat’s admins"), "{t}");
    let t = text(&room.say("Bob", "/турнир отменить #1"));
    assert!(t.contains("Only the chat’s admins"), "{t}");
    assert_eq!(
        store::tournament(room.store().read(), TournamentId(1))
            .unwrap()
            .unwrap()
            .status,
        store::TournamentStatus::Running
    );
    assert_eq!(
        store::count_active_tournament_games(room.store().read(), TournamentId(1)).unwrap(),
        2
    );

    let out = room.say_as_admin("Anna", "/tournament cancel");
    let t = text(&out);
    assert!(
        t.contains("Tournament #1 “Summer” is cancelled by Anna: its 2 games in progress end with no result."),
        "{t}"
    );
    assert_eq!(
        texts(&out)
            .iter()
            .filter(|t| t.contains("cancelled"))
            .count(),
        1,
        "announced once: {t}"
    );
    assert_eq!(out.replies[0].mentions.len(), 3, "every player is told");
    let s = room.store();
    assert_eq!(
        store::tournament(s.read(), TournamentId(1))
            .unwrap()
            .unwrap()
            .status,
        store::TournamentStatus::Cancelled
    );
    for tg in &games[1..] {
        let row = store::game(s.read(), tg.game_id).unwrap().unwrap();
        assert_eq!(row.status, GameStatus::Finished);
        assert_eq!(row.result, None, "no result");
        assert_eq!(row.result_reason, Some(store::Termination::Cancelled));
    }
    let kept = store::game(s.read(), first.id).unwrap().unwrap();
    assert_eq!(kept.result_reason, Some(store::Termination::Resignation));
    drop(s);
    for p in ["Anna", "Bob", "Carl"] {
        let want = if p == room.name(first.white) || p == room.name(first.black) {
            1
        } else {
            0
        };
        assert_eq!(
            overall_games(&room, p),
            want,
            "{p}: cancelled games are not rated"
        );
    }
    // the games are over; the tournament cannot be cancelled twice
    let second = store::game(room.store().read(), games[1].game_id)
        .unwrap()
        .unwrap();
    let t = text(&room.say(&room.name(second.white), &format!("/resign #{}", second.id)));
    assert!(t.contains("is already over"), "{t}");
    let t = text(&room.say_as_admin("Anna", "/tournament cancel #1"));
    assert!(t.contains("Tournament #1 is over"), "{t}");
    let t = text(&room.say_as_admin("Anna", "/tournament cancel"));
    assert!(t.contains("no tournament in this chat"), "{t}");
    let t = text(&room.say("Bob", "/tournament #1"));
    assert!(t.contains("(cancelled"), "{t}");

    // an open tournament (no games yet) is cancelled as well
    room.say_as_admin("Anna", "/tournament new Autumn");
    let t = text(&room.say_as_admin("Anna", "/tournament cancel"));
    assert!(
        t.contains("Tournament #2 “Autumn” is cancelled by Anna."),
        "{t}"
    );
}

#[test]
fn missing_lists_the_games_holding_the_event_up() {
    let room = Room::new(Platform::Console);
    room.say("Anna", "/tournament new Rapid single days 2");
    let t = text(&room.say("Anna", "/tournament missing"));
    assert!(t.contains("no game is being played"), "{t}");
    for p in ["Anna", "Bob", "Carl"] {
        room.say(p, "/tournament join");
    }
    room.say("Anna", "/tournament start");
    let games = store::tournament_games(room.store().read(), TournamentId(1)).unwrap();
    let first = store::game(room.store().read(), games[0].game_id)
        .unwrap()
        .unwrap();
    room.say(&room.name(first.black), &format!("/resign #{}", first.id));
    room.clock.advance(3600);
    let t = text(&room.say("Eve", "/tournament missing"));
    assert!(
        t.contains("Tournament #1 “Rapid”: 2 games are still being played:"),
        "{t}"
    );
    let gone = format!("R{} #{} ", games[0].round, first.id);
    assert!(!t.contains(&gone), "a finished game is not listed: {t}");
    for tg in &games[1..] {
        let row = store::game(room.store().read(), tg.game_id)
            .unwrap()
            .unwrap();
        let mover = room.name(row.seat(row.side_to_move().unwrap()));
        let line = format!(
            "R{} #{} {} – {}: {mover} to move, 1 day 23 h",
            tg.round,
            row.id,
            room.name(row.white),
            room.name(row.black)
        );
        assert!(t.contains(&line), "{line} in {t}");
    }
    // past the deadline (the sweeper has not come by yet)
    room.clock.advance(2 * 86_400);
    let t = text(&room.say("Eve", "/турнир недоигранные"));
    assert!(t.contains("the time is up"), "{t}");
}

#[test]
fn missing_names_the_swiss_round_and_adjudication_pairs_the_next_one() {
    let room = Room::new(Platform::Console);
    room.say("Anna", "/tournament new Spring swiss-2 single");
    for p in PLAYERS {
        room.say(p, "/tournament join");
    }
    room.say("Anna", "/tournament start");
    let round1 = store::tournament_games(room.store().read(), TournamentId(1)).unwrap();
    assert_eq!(round1.len(), 2);
    let t = text(&room.say("Eve", "/tournament missing"));
    assert!(t.contains("“Spring”, round 1: 2 games are"), "{t}");
    let a = store::game(room.store().read(), round1[0].game_id)
        .unwrap()
        .unwrap();
    room.say(&room.name(a.black), &format!("/resign #{}", a.id));
    // the organiser decides the other: round 2 is paired in that transaction
    let b = round1[1].game_id;
    let out = room.say("Anna", &format!("/tournament adjudicate #{b} 1/2"));
    let t = text(&out);
    assert!(
        t.contains(&format!("Game #{b}")) && t.contains("adjudicated by Anna"),
        "{t}"
    );
    assert!(
        t.contains("Draw: adjudicated by the organiser. Result 1-1."),
        "{t}"
    );
    assert!(t.contains("“Spring”: round 2 of 2 begins."), "{t}");
    let t = text(&room.say("Eve", "/tournament missing"));
    assert!(t.contains("round 2: 2 games are"), "{t}");
    let row = store::game(room.store().read(), b).unwrap().unwrap();
    assert_eq!(row.result, Some(store::GameResult::Draw));
    assert_eq!(row.result_reason, Some(store::Termination::Adjudicated));
    // the PDN carries the decided result
    let out = room.say("Eve", "/tournament pdn");
    let (_, pdn) = out.replies[0].document.clone().unwrap();
    assert!(
        pdn.contains("[Result \"1-1\"]") || pdn.contains("1/2-1/2"),
        "{pdn}"
    );
}

#[test]
fn an_admin_adjudicates_a_game_after_the_engine_advises() {
    let room = Room::new(Platform::Telegram);
    room.say_as_admin("Anna", "/tournament new Duel single");
    room.say("Bob", "/tournament join");
    room.say("Carl", "/tournament join");
    room.say_as_admin("Anna", "/tournament start");
    let game = store::tournament_games(room.store().read(), TournamentId(1)).unwrap()[0].game_id;
    let row = store::game(room.store().read(), game).unwrap().unwrap();
    let (white, black) = (room.name(row.white), room.name(row.black));

    // no admin: refused, nothing changes (with or without a result)
    for cmd in [
        format!("/tournament adjudicate {game} 1-0"),
        format!("/турнир присудить {game}"),
    ] {
        let out = room.say(&white, &cmd);
        let t = text(&out);
        assert!(t.contains("Only the chat’s admins"), "{t}");
        assert!(matches!(
            out.replies[0].target,
            shashki::core::Target::User { .. }
        ));
    }
    assert!(store::game(room.store().read(), game)
        .unwrap()
        .unwrap()
        .is_active());

    // the advice: the engine's evaluation and best move, to the admin alone
    let out = room.say_as_admin("Anna", &format!("/tournament adjudicate #{game}"));
    let t = text(&out);
    let mover = room.name(row.seat(row.side_to_move().unwrap()));
    assert!(
        t.contains(&format!(
            "Game #{game} {white} – {black}, {mover} to move. The engine’s advice"
        )),
        "{t}"
    );
    assert!(t.contains("men") && t.contains("the best move "), "{t}");
    let best = t
        .split("the best move ")
        .nth(1)
        .unwrap()
        .split(". To decide")
        .next()
        .unwrap();
    let pos = Position::from_fen(&row.fen).unwrap();
    assert!(
        pos.legal_moves_in(Variant8::Russian)
            .iter()
            .any(|m| m.to_string() == best),
        "{best} is a legal move"
    );
    assert_eq!(out.replies.len(), 1);
    assert!(matches!(
        out.replies[0].target,
        shashki::core::Target::User { .. }
    ));
    assert!(store::game(room.store().read(), game)
        .unwrap()
        .unwrap()
        .is_active());

    // wrong words and wrong games are refused
    let t = text(&room.say_as_admin("Anna", &format!("/tournament adjudicate {game} 3-0")));
    assert!(t.contains("“3-0” is not a result"), "{t}");
    let t = text(&room.say_as_admin("Anna", "/tournament adjudicate"));
    assert!(t.contains("Write the game and the result"), "{t}");
    let t = text(&room.say_as_admin("Anna", "/tournament adjudicate 99 1-0"));
    assert!(t.contains("no game #99"), "{t}");
    room.say("Bob", "/challenge @carl");
    room.say("Carl", "/accept");
    let other = store::active_games_in_chat(room.store().read(), ChatId(1))
        .unwrap()
        .into_iter()
        .find(|g| g.id != game)
        .unwrap()
        .id;
    let t = text(&room.say_as_admin("Anna", &format!("/tournament adjudicate {other} 1-0")));
    assert!(t.contains("is not a game of a tournament"), "{t}");

    // the decision: the game ends, rated, and with it the tournament
    let out = room.say_as_admin("Anna", &format!("/турнир присудить {game} 0-1"));
    let t = text(&out);
    assert!(t.contains("is adjudicated by Anna"), "{t}");
    assert!(
        t.contains(&format!(
            "{black} (Black) wins: adjudicated by the organiser. Result 0-2."
        )),
        "{t}"
    );
    assert!(
        t.contains(&format!("“Duel” is over! The winner: {black}.")),
        "{t}"
    );
    let row = store::game(room.store().read(), game).unwrap().unwrap();
    assert_eq!(row.result, Some(store::GameResult::BlackWins));
    assert_eq!(row.result_reason, Some(store::Termination::Adjudicated));
    assert_eq!(overall_games(&room, &white), 1, "a rated event rates it");
    let t = text(&room.say_as_admin("Anna", &format!("/tournament adjudicate {game} 1-0")));
    assert!(t.contains("Tournament #1 is over"), "{t}");
}

#[test]
fn max_players_and_casual_events_are_options_of_new() {
    let room = Room::new(Platform::Console);
    for bad in ["max 65", "max 1", "max lots"] {
        let t = text(&room.say("Anna", &format!("/tournament new Tiny {bad}")));
        assert!(t.contains("A tournament takes 2 to 64 players"), "{t}");
    }
    let t = text(&room.say("Anna", "/tournament new Tiny single max 2 casual"));
    assert!(
        t.contains("casual (ratings do not change), at most 2 players"),
        "{t}"
    );
    room.say("Anna", "/tournament join");
    room.say("Bob", "/tournament join");
    let t = text(&room.say("Carl", "/tournament join"));
    assert!(t.contains("Tournament #1 is full: 2 players."), "{t}");
    let t = text(&room.say("Carl", "/tournament"));
    assert!(t.contains("casual, at most 2 players). Players (2)"), "{t}");
    let s = room.store();
    let row = store::tournament(s.read(), TournamentId(1))
        .unwrap()
        .unwrap();
    assert_eq!((row.max_players, row.rated), (2, false));
    drop(s);
    room.say("Anna", "/tournament start");
    let game = store::tournament_games(room.store().read(), TournamentId(1)).unwrap()[0].game_id;
    let out = room.say("Bob", &format!("/resign #{game}"));
    assert!(text(&out).contains("is over!"), "{}", text(&out));
    assert_eq!(overall_games(&room, "Anna"), 0, "casual: no rating change");
    assert_eq!(overall_games(&room, "Bob"), 0);

    // the defaults: rated, 20 players
    let t = text(&room.say("Anna", "/турнир новый Большой одиночные"));
    assert!(
        t.contains("рейтинговый, не больше 20 участников")
            || t.contains("rated, at most 20 players"),
        "{t}"
    );
    let s = room.store();
    let row = store::tournament(s.read(), TournamentId(2))
        .unwrap()
        .unwrap();
    assert_eq!((row.max_players, row.rated), (20, true));
}

#[test]
fn a_crosstable_of_more_than_twenty_comes_in_pages_and_texts_fit_the_platform() {
    let room = Room::new(Platform::Discord);
    let limit = Platform::Discord.limits().text_max;
    room.say_as_admin("Anna", "/tournament new Big single max 24");
    let names: Vec<String> = (1..=24).map(|i| format!("Player{i:02}")).collect();
    for n in &names {
        let t = text(&room.say(n, "/tournament join"));
        assert!(t.contains("joins"), "{t}");
    }
    let out = room.say_as_admin("Anna", "/tournament start");
    assert!(out.replies.len() > 1, "100 games need several messages");
    let all = texts(&out);
    for t in &all {
        assert!(t.chars().count() <= limit, "{} chars", t.chars().count());
    }
    let joined = all.join("\n");
    // the chat's tournaments take at most half its 200 games at once
    assert!(
        joined.contains("24 players, 276 games, 100 now and the other 176 in stages"),
        "{joined}"
    );
    assert_eq!(
        joined.matches(" · ").count(),
        100,
        "every game started announced once"
    );

    let out = room.say("Eve", "/standings");
    for t in texts(&out) {
        assert!(t.chars().count() <= limit, "{} chars", t.chars().count());
    }
    let joined = texts(&out).join("\n");
    for n in &names {
        assert!(joined.contains(n.as_str()), "{n} in {joined}");
    }
    // 24 players: two blocks of rows × two blocks of opponents
    let images: Vec<_> = out
        .replies
        .iter()
        .filter_map(|r| r.image.as_ref())
        .collect();
    let files: Vec<&str> = images.iter().map(|i| i.file_name.as_str()).collect();
    assert_eq!(
        files,
        [
            "crosstable-1.png",
            "crosstable-1-2.png",
            "crosstable-1-3.png",
            "crosstable-1-4.png"
        ]
    );
    for i in images {
        assert!(i.bytes().starts_with(b"\x89PNG"));
    }
    assert!(joined.contains("crosstable, page 4 of 4"), "{joined}");
}

#[test]
fn help_tournament_documents_the_commands_scoring_and_tiebreaks() {
    let room = Room::new(Platform::Console);
    let t = text(&room.say("Anna", "/help"));
    assert!(t.contains("/help tournament"), "{t}");
    let t = text(&room.say("Anna", "/help tournament"));
    for want in [
        "/tournament new NAME",
        "[max N] [rated|casual]",
        "/tournament missing",
        "/tournament adjudicate GAME 1-0|0-1|1/2",
        "/tournament cancel",
        "a win 2 points, a draw 1, a loss 0",
        "1, ½, 0",
        "round robin — the number of wins (W), then Sonneborn-Berger (SB)",
        "Swiss — truncated Solkoff (Bh-1",
        "then Sonneborn-Berger, then wins, then the games between the tied players (H2H)",
    ] {
        assert!(t.contains(want), "{want:?} in {t}");
    }
    let t = text(&room.say("Anna", "/помощь турнир"));
    assert!(
        t.contains("коэффициент Бергера") || t.contains("Sonneborn-Berger"),
        "{t}"
    );
}

#[test]
fn a_late_entry_to_a_swiss_event_gets_half_point_byes_until_half_the_rounds() {
    let room = Room::new(Platform::Console);
    room.say("Anna", "/tournament new Autumn swiss-4 single");
    for p in ["Anna", "Bob", "Carl", "Dora"] {
        room.say(p, "/tournament join");
    }
    room.say("Anna", "/tournament start");
    // round 1 is being played: Eve may still enter, with a half point
    let t = text(&room.say("Eve", "/tournament join"));
    assert!(
        t.contains("late: a half-point bye for each of the 1 rounds missed; paired from round 2"),
        "{t}"
    );
    let byes = store::tournament_byes(room.store().read(), TournamentId(1)).unwrap();
    assert_eq!(
        byes,
        vec![store::ByeRow {
            round: 1,
            seq: 4,
            half: true
        }]
    );
    // a round robin takes no late entries
    room.say("Anna", "/tournament new Other rr single");
    for p in ["Anna", "Bob"] {
        room.say(p, "/tournament join #2");
    }
    room.say("Anna", "/tournament start #2");
    let t = text(&room.say("Fred", "/tournament join #2"));
    assert!(t.contains("not open for entries"), "{t}");

    // round 1 ends (the lower entry number wins): round 2 pairs five
    room.resign_round(1, 1);
    let s = room.store();
    let round2: Vec<_> = store::tournament_games(s.read(), TournamentId(1))
        .unwrap()
        .into_iter()
        .filter(|g| g.round == 2)
        .collect();
    assert_eq!(round2.len(), 2, "five players: two games and a bye");
    let full = store::tournament_byes(s.read(), TournamentId(1)).unwrap();
    assert_eq!(full.iter().filter(|b| b.round == 2 && !b.half).count(), 1);
    // Eve (one half bye, 1 point) is paired or gets the bye: she plays on
    let eve_in = round2.iter().any(|g| g.white_seq == 4 || g.black_seq == 4)
        || full.iter().any(|b| b.round == 2 && b.seq == 4);
    assert!(eve_in, "{round2:?} {full:?}");
    // her half point counts in the standings: 1 point after round 1 (½ in
    // the 1/½/0 scale), ahead of the round's losers
    let st = text(&room.say("Eve", "/standings #1"));
    let eve = st.lines().find(|l| l.contains("Eve")).unwrap_or_default();
    assert!(eve.contains("bye 1") && eve.contains("1 (½)"), "{st}");

    // after round 2 is paired, half of 4 rounds: a late entry is refused
    room.resign_round(1, 2);
    let t = text(&room.say("Gina", "/tournament join #1"));
    assert!(t.contains("has paired 3 rounds already"), "{t}");
    assert!(
        store::tournament_players(room.store().read(), TournamentId(1))
            .unwrap()
            .iter()
            .all(|p| room.name(Seat::Human(p.user_id)) != "Gina")
    );
}

const HOUR: i64 = 3600;
const DAY: i64 = 86_400;

/// The side to move of game `id` plays its first legal move (by notation).
fn play_first(room: &Room, id: GameId) -> Outcome {
    let row = store::game(room.store().read(), id).unwrap().unwrap();
    let pos = Position::from_fen(&row.fen).unwrap();
    let mut moves = pos.legal_moves_in(Variant8::Russian);
    moves.sort_by_key(|m| m.to_string());
    let who = room.name(row.seat(row.side_to_move().unwrap()));
    let out = room.say(&who, &format!("/move #{id} {}", moves[0]));
    assert!(text(&out).contains(&moves[0].to_string()), "{}", text(&out));
    out
}

/// Bank time (issue 13): `bank 2/3` — two moves in three days, the unused
/// time carried over; running out of it loses on time.
#[test]
fn a_bank_carries_unused_time_over_and_running_out_loses_on_time() {
    let room = Room::new(Platform::Console);
    let t = text(&room.say("Anna", "/tournament new Postal single bank 2/3"));
    assert!(t.contains("a bank of 2 moves in 3 days"), "{t}");
    let t = text(&room.say("Anna", "/tournament new Bad bank 2-3"));
    assert!(t.contains("“2-3” is not a bank"), "{t}");
    for p in ["Anna", "Bob"] {
        room.say(p, "/tournament join #1");
    }
    let t = text(&room.say("Anna", "/tournament start #1"));
    assert!(t.contains("a bank of 2 moves in 3 days"), "{t}");
    let id = game_between(&room, 0, 1);
    let row = store::game(room.store().read(), id).unwrap().unwrap();
    let x = row.side_to_move().unwrap();
    let y = x.opposite();
    assert_eq!(
        (row.white_bank, row.black_bank),
        (Some(3 * DAY), Some(3 * DAY))
    );
    assert_eq!(row.seconds_per_move, None);
    assert_eq!(row.deadline, Some(T0 + 3 * DAY));
    // X moves after an hour: 3 days less an hour left, no period done yet
    room.clock.advance(HOUR);
    let out = play_first(&room, id);
    assert!(text(&out).contains("Bank: White"), "{}", text(&out));
    let row = store::game(room.store().read(), id).unwrap().unwrap();
    assert_eq!(row.bank(x), Some(3 * DAY - HOUR));
    assert_eq!(
        row.deadline,
        Some(T0 + HOUR + 3 * DAY),
        "Y has all of theirs"
    );
    room.clock.advance(HOUR);
    play_first(&room, id);
    // X's second move after an hour completes a period: 3 more days
    room.clock.advance(HOUR);
    play_first(&room, id);
    let row = store::game(room.store().read(), id).unwrap().unwrap();
    assert_eq!(row.bank(x), Some(6 * DAY - 2 * HOUR), "fast play is saved");
    assert_eq!(row.bank(y), Some(3 * DAY - HOUR));
    assert_eq!(row.deadline, Some(T0 + 3 * HOUR + 3 * DAY - HOUR));
    // the status shows the banks
    let t = text(&room.say("Carl", "/tournament"));
    assert!(
        t.contains("Bank: White") && t.contains("1 moves to go"),
        "{t}"
    );
    // Y lets the bank run out: a loss on time, the event is over
    room.clock.set(T0 + 2 * HOUR + 3 * DAY + 1);
    let all: String = room
        .svc
        .sweep()
        .unwrap()
        .iter()
        .map(|r| r.text.clone())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(all.contains("did not move in time"), "{all}");
    assert!(all.contains("“Postal” is over!"), "{all}");
    let row = store::game(room.store().read(), id).unwrap().unwrap();
    assert_eq!(row.result_reason, Some(store::Termination::Timeout));
    assert_eq!(row.result.and_then(store::GameResult::winner), Some(x));
}

/// Leave days (issue 13): `/tournament pause N` pauses all the player's
/// games of the event where their clock runs, out of its allowance.
#[test]
fn leave_days_pause_the_players_tournament_games_only_within_the_allowance() {
    let room = Room::new(Platform::Console);
    room.say("Anna", "/help");
    room.say("Bob", "/help");
    // a game outside the tournament, Anna (White) to move
    room.say("Anna", "/challenge @bob 2 white");
    let started = room.say("Bob", "/accept");
    let casual = started
        .replies
        .iter()
        .find_map(|r| r.game_id)
        .expect("a game");
    let t = text(&room.say("Anna", "/tournament new Cup single days 2 leave 5"));
    assert!(t.contains("2 days per move, 5 leave days each"), "{t}");
    for p in ["Anna", "Bob", "Carl"] {
        room.say(p, "/tournament join");
    }
    let t = text(&room.say("Anna", "/tournament pause 1"));
    assert!(t.contains("Tournament #1 is not in progress"), "{t}");
    room.say("Anna", "/tournament start");
    let anna = store::user_by_handle(room.store().read(), "console", "anna")
        .unwrap()
        .unwrap()
        .id;
    let games: Vec<store::GameRow> = store::tournament_games(room.store().read(), TournamentId(1))
        .unwrap()
        .iter()
        .map(|tg| {
            store::game(room.store().read(), tg.game_id)
                .unwrap()
                .unwrap()
        })
        .collect();
    let anna_to_move = |g: &store::GameRow| {
        g.side_to_move()
            .is_some_and(|c| g.seat(c) == Seat::Human(anna))
    };
    assert!(games.iter().any(anna_to_move), "the ballot of this test");
    room.clock.advance(HOUR);
    let out = room.say("Anna", "/tournament pause 3");
    let t = text(&out);
    assert!(
        t.contains("Anna takes 3 leave days in the tournament"),
        "{t}"
    );
    assert!(t.contains("Leave days left in it: 2"), "{t}");
    for g0 in &games {
        let g1 = store::game(room.store().read(), g0.id).unwrap().unwrap();
        if anna_to_move(g0) {
            assert_eq!(
                g1.deadline,
                g0.deadline.map(|d| d + 3 * DAY),
                "game {}",
                g0.id
            );
            assert_eq!(g1.reminder_at, g0.reminder_at.map(|d| d + 3 * DAY));
        } else {
            assert_eq!(g1.deadline, g0.deadline, "game {} is not paused", g0.id);
        }
    }
    assert_eq!(
        store::game(room.store().read(), casual)
            .unwrap()
            .unwrap()
            .deadline,
        Some(T0 + 2 * DAY),
        "games outside the tournament keep their clock"
    );
    // past the allowance: refused, nothing changes
    let t = text(&room.say("Anna", "/tournament pause 3"));
    assert!(
        t.contains("You asked for 3 days but have 2 leave days left in tournament #1"),
        "{t}"
    );
    let t = text(&room.say("Dora", "/tournament pause 1"));
    assert!(t.contains("You are not in tournament #1"), "{t}");
    let t = text(&room.say("Anna", "/tournament pause"));
    assert!(t.contains("You have 2 leave days left"), "{t}");
    // a turn that starts during the leave gets the rest of it on top
    let waiting: Vec<_> = games
        .iter()
        .filter(|g| g.color_of(anna).is_some() && !anna_to_move(g))
        .collect();
    assert!(
        !waiting.is_empty() && waiting.len() < 2,
        "the ballot of this test"
    );
    for g in waiting {
        play_first(&room, g.id);
        let g1 = store::game(room.store().read(), g.id).unwrap().unwrap();
        assert_eq!(g1.deadline, Some(T0 + HOUR + 2 * DAY + 3 * DAY));
    }
}

#[test]
fn at_the_end_date_the_chat_hears_once_which_games_await_adjudication() {
    let room = Room::new(Platform::Console);
    let t = text(&room.say(
        "Anna",
        "/tournament new Winter until 2026-12-01 single days 14",
    ));
    assert!(t.contains("Ends on 2026-12-01 (UTC)"), "{t}");
    let t = text(&room.say("Anna", "/tournament new Past until 2020-01-01"));
    assert!(t.contains("is not an end date"), "{t}");
    for p in ["Anna", "Bob", "Carl"] {
        room.say(p, "/tournament join #1");
    }
    room.say("Anna", "/tournament start #1");
    assert!(text(&room.say("Bob", "/tournament #1")).contains("Ends on 2026-12-01"));
    // the end (2026-12-02 00:00 UTC) wakes the sweeper: after the
    // reminders at half the time, before any deadline
    let end = 1_796_169_600;
    room.clock.set(end - 60);
    room.svc.sweep().unwrap();
    assert_eq!(room.svc.next_wakeup().unwrap(), Some(end));
    room.clock.set(end + 60);
    let said: String = room
        .svc
        .sweep()
        .unwrap()
        .iter()
        .map(|r| r.text.clone())
        .collect();
    assert!(
        said.contains("“Winter” has reached its end date with 3 games unfinished"),
        "{said}"
    );
    // once
    assert!(room.svc.sweep().unwrap().is_empty());
    assert_ne!(room.svc.next_wakeup().unwrap(), Some(end));
}

/// Issue 21: `/tournament new Winter swiss rounds 3 micro` opened a round
/// robin named "Winter swiss rounds 3" (the format word is `swiss-3`). A
/// word that looks like an option but is none is refused with the options'
/// syntax, and nothing is opened; a name holding such words is quoted.
#[test]
fn a_broken_option_is_refused_not_swallowed_by_the_name() {
    let room = Room::new(Platform::Console);
    let t = text(&room.say("Anna", "/tournament new Winter swiss rounds 3 micro"));
    assert!(t.contains("“swiss” is not a tournament option"), "{t}");
    assert!(t.contains("swiss-7"), "the syntax: {t}");
    let t = text(&room.say("Anna", "/tournament new Winter micro Cup"));
    assert!(t.contains("“Cup” is not a tournament option"), "{t}");
    assert!(
        store::live_tournaments_in_chat(room.store().read(), ChatId(1))
            .unwrap()
            .is_empty()
    );
    let t = text(&room.say("Anna", "/tournament new \"Swiss Open\" swiss-3"));
    assert!(
        t.contains("“Swiss Open” is open: a Swiss event of 3 rounds"),
        "{t}"
    );
    let names: Vec<String> = store::live_tournaments_in_chat(room.store().read(), ChatId(1))
        .unwrap()
        .into_iter()
        .map(|t| t.name)
        .collect();
    assert_eq!(names, ["Swiss Open"]);
}

/// The active games of tournament `t`, and the most any one player has
/// (of all their games).
fn active_load(room: &Room, t: TournamentId) -> (usize, i64) {
    let s = room.store();
    let active = store::active_tournament_games(s.read(), t).unwrap();
    let most = store::tournament_players(s.read(), t)
        .unwrap()
        .iter()
        .map(|p| store::count_active_games_of(s.read(), p.user_id, false).unwrap())
        .max()
        .unwrap_or(0);
    (active.len(), most)
}

/// Issue 21: a 64-player round robin of micro-matches is 4,032 games —
/// 126 a player against a limit of 30, and more than the chat's 200. It
/// starts in stages within the limits (the chat's tournaments take at most
/// half of its games, so its other games still start), and a pairing's
/// games start as soon as earlier ones finish.
#[test]
fn a_big_round_robin_starts_in_stages_within_the_game_limits() {
    let room = Room::new(Platform::Console);
    room.say("Anna", "/tournament new Giant rr micro max 64");
    for i in 0..64 {
        let t = text(&room.say(&format!("P{i:02}"), "/tournament join"));
        assert!(t.contains("joins"), "{t}");
    }
    let out = room.say("Anna", "/tournament start");
    let t = text(&out);
    assert!(
        t.contains("64 players, 4032 games, 100 now and the other 3932 in stages"),
        "{t}"
    );
    assert!(t.contains("3932 more games wait to start"), "{t}");
    assert_eq!(
        t.matches(" · ").count(),
        100,
        "the games started, each once"
    );
    let (active, most) = active_load(&room, TournamentId(1));
    assert_eq!(active, 100);
    assert!(most <= 30, "a player has {most} games");
    // the first round started whole
    let s = room.store();
    let round1 = store::tournament_games(s.read(), TournamentId(1))
        .unwrap()
        .iter()
        .filter(|g| g.round == 1)
        .count();
    assert_eq!(round1, 64);
    drop(s);

    // the chat's other games still have room
    room.say("Bob", "/help");
    let out = room.say("Eve", "/challenge @bob 3 white");
    let t = text(&out);
    assert!(t.contains("Challenge #"), "{t}");
    let t = text(&room.say("Bob", "/accept"));
    assert!(t.contains("begins"), "{t}");

    // both games of a micro-match end: the next waiting pairing starts
    let s = room.store();
    let first: Vec<_> = store::tournament_games(s.read(), TournamentId(1))
        .unwrap()
        .into_iter()
        .filter(|g| g.pairing_no == 0)
        .collect();
    drop(s);
    assert_eq!(first.len(), 2);
    let mut said = String::new();
    for tg in &first {
        let row = store::game(room.store().read(), tg.game_id)
            .unwrap()
            .unwrap();
        said = text(&room.say(&room.name(row.black), &format!("/resign #{}", row.id)));
    }
    assert!(
        said.contains("Tournament #1 “Giant”: 2 more games begin:"),
        "{said}"
    );
    assert_eq!(said.matches(" · ").count(), 2, "{said}");
    let (active, most) = active_load(&room, TournamentId(1));
    assert_eq!(active, 100, "back to the chat's share");
    assert!(most <= 30);
    let t = text(&room.say("Eve", "/tournament"));
    assert!(t.contains("2 of 4032 games finished"), "{t}");
    assert!(t.contains("3930 more games wait to start"), "{t}");
}

/// A small share (a chat limit of 8: 4 tournament games at once) makes a
/// 4-player round robin of micro-matches run in three stages; games lost on
/// time in one sweep start the next stage once, with one announcement, and
/// the event ends with every game played.
#[test]
fn a_staged_round_robin_plays_to_its_end() {
    let mut config = config();
    config.limits.active_games_per_chat = 8;
    let room = Room::with_config(config).in_chat("club", "Club");
    room.say("Anna", "/tournament new Small rr micro days 1");
    for p in PLAYERS {
        room.say(p, "/tournament join");
    }
    let t = text(&room.say("Anna", "/tournament start"));
    assert!(
        t.contains("4 players, 12 games, 4 now and the other 8 in stages"),
        "{t}"
    );
    assert_eq!(active_load(&room, TournamentId(1)).0, 4);

    // round 1's four games are lost on time in one sweep (each player loses
    // one, with White): one message for them, one for the games that start
    room.clock.advance(86_400 + 1);
    let replies = room.svc.sweep().unwrap();
    let to_club: Vec<&str> = replies
        .iter()
        .filter(|r| r.target == shashki::core::Target::Chat("club".into()))
        .map(|r| r.text.as_str())
        .collect();
    assert_eq!(to_club.len(), 2, "{to_club:#?}");
    assert_eq!(to_club[0].matches("did not move in time").count(), 4);
    assert!(
        to_club[1].starts_with("Tournament #1 “Small”: 4 more games begin:"),
        "{}",
        to_club[1]
    );
    assert_eq!(active_load(&room, TournamentId(1)).0, 4);

    // the rest by resignation, stage by stage, to the end
    let mut rounds = 0;
    while active_load(&room, TournamentId(1)).0 > 0 {
        rounds += 1;
        assert!(rounds < 10, "the event does not end");
        let games = store::active_tournament_games(room.store().read(), TournamentId(1)).unwrap();
        for tg in games {
            let row = store::game(room.store().read(), tg.game_id)
                .unwrap()
                .unwrap();
            if row.is_active() {
                room.say(&room.name(row.black), &format!("/resign #{}", row.id));
            }
            assert!(active_load(&room, TournamentId(1)).0 <= 4);
        }
    }
    let s = room.store();
    let t = store::tournament(s.read(), TournamentId(1))
        .unwrap()
        .unwrap();
    assert_eq!(t.status, store::TournamentStatus::Finished);
    assert_eq!(
        store::tournament_games(s.read(), TournamentId(1))
            .unwrap()
            .len(),
        12
    );
    assert!(store::pending_pairings(s.read(), TournamentId(1))
        .unwrap()
        .is_empty());
}

/// `/tournament start` is refused, with the numbers, when not even its
/// first round can start whole: the chat lacks the room, or a player has no
/// room for a round's games.
#[test]
fn a_start_is_refused_with_the_numbers_when_a_round_cannot_start() {
    let mut config = config();
    config.limits.active_games_per_chat = 10;
    let room = Room::with_config(config).in_chat("club", "Club");
    room.say("Anna", "/tournament new Six rr micro");
    for p in ["Anna", "Bob", "Carl", "Dora", "Egor", "Fima"] {
        room.say(p, "/tournament join");
    }
    let t = text(&room.say("Anna", "/tournament start"));
    assert!(
        t.contains("cannot start: one round is 6 games, and this chat has room for 5 more tournament games now (at most 10 games in progress here, 5 of them in tournaments"),
        "{t}"
    );
    let s = room.store();
    assert_eq!(
        store::tournament(s.read(), TournamentId(1))
            .unwrap()
            .unwrap()
            .status,
        store::TournamentStatus::Open
    );
    assert!(store::pending_pairings(s.read(), TournamentId(1))
        .unwrap()
        .is_empty());
    drop(s);

    let mut config = self::config();
    config.limits.active_games_per_user = 2;
    let room = Room::with_config(config).in_chat("club", "Club");
    room.say("Anna", "/tournament new Four rr micro");
    for p in PLAYERS {
        room.say(p, "/tournament join");
    }
    // Dora plays a game already: a micro-match's two would make three
    room.say("Eve", "/help");
    room.say("Dora", "/challenge @eve 3 white");
    room.say("Eve", "/accept");
    let t = text(&room.say("Anna", "/tournament start"));
    assert!(
        t.contains("cannot start: these players have no room for a round's 2 games (at most 2 games in progress a player): Dora."),
        "{t}"
    );
    // once her game is over, it starts
    let s = room.store();
    let dora = store::user_by_handle(s.read(), "console", "dora")
        .unwrap()
        .unwrap();
    assert_eq!(
        store::count_active_games_of(s.read(), dora.id, false).unwrap(),
        1
    );
    drop(s);
    room.say("Dora", "/resign");
    let t = text(&room.say("Anna", "/tournament start"));
    assert!(
        t.contains("4 players, 12 games, 4 now and the other 8 in stages"),
        "{t}"
    );
    let (_, most) = active_load(&room, TournamentId(1));
    assert_eq!(most, 2, "nobody past the per-user limit");
}

/// Issue 21: the opening ballot's seed comes from the OS's secure
/// generator, not from the clock and ids (anyone could recompute those and
/// know every opening before the draw): two tournaments made at the same
/// second, by the same admin, in the same chat — in one database or in
/// two with the same ids — get different seeds.
#[test]
fn ballot_seeds_are_not_a_function_of_the_clock_and_ids() {
    let seed = |room: &Room, id: i64| {
        store::tournament(room.store().read(), TournamentId(id))
            .unwrap()
            .unwrap()
            .seed
    };
    let mut seeds = Vec::new();
    for _ in 0..2 {
        let room = Room::new(Platform::Console);
        room.say_as_admin("Anna", "/tournament new Cup");
        room.say_as_admin("Anna", "/tournament new Cup");
        seeds.push(seed(&room, 1));
        seeds.push(seed(&room, 2));
    }
    let mut distinct = seeds.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), seeds.len(), "{seeds:?}");
}

/// A tournament in another variant than Russian draughts: named in
/// `/tournament new` (or the chat's), its games start on a 10×10 board
/// from the engine's balanced openings, are played and advised in square
/// numbers 1–50, rate International, and its PDN is International's. The
/// FMJD ballot (Russian draughts') is refused for it; a Russian
/// tournament still draws from its ballot.
#[test]
fn an_international_round_robin_starts_from_the_engines_openings() {
    use shashki::core::picture::Picture;
    use shashki::engine::Variant;
    use shashki::tournament::ballot::{engine_openings, openings, Ballot};
    let room = Room::new(Platform::Console);
    // refused: the FMJD table in International
    let t = text(&room.say("Anna", "/tournament new Ten international ballot fmjd"));
    assert!(t.contains("The FMJD ballot is Russian draughts’"), "{t}");
    assert!(store::tournament(room.store().read(), TournamentId(1))
        .unwrap()
        .is_none());
    // made: International, named in its card and its status
    let t = text(&room.say("Anna", "/tournament new Ten international single"));
    assert!(t.contains("“Ten” is open"), "{t}");
    assert!(
        t.contains("Played in International draughts") && t.contains("engine’s balanced openings"),
        "{t}"
    );
    let tour = store::tournament(room.store().read(), TournamentId(1))
        .unwrap()
        .unwrap();
    assert_eq!(tour.variant, Variant::International);
    room.say("Anna", "/tournament join");
    room.say("Bob", "/tournament join");
    let t = text(&room.say("Eve", "/tournament #1"));
    assert!(t.contains("Played in International draughts"), "{t}");
    let t = text(&room.say("Anna", "/tournament start #1"));
    assert!(
        t.contains("2 players, 1 games") || t.contains("2 players"),
        "{t}"
    );
    // the game: International, from an engine opening (its code and FEN)
    let tg = store::tournament_games(room.store().read(), TournamentId(1)).unwrap()[0].clone();
    let row = store::game(room.store().read(), tg.game_id)
        .unwrap()
        .unwrap();
    assert_eq!(row.variant, Variant::International);
    let code = tg.opening_code.clone().unwrap();
    let opening = engine_openings(Variant::International)
        .iter()
        .find(|o| o.code == code)
        .unwrap_or_else(|| panic!("{code} is an engine opening"));
    assert!(code.starts_with('E'), "{code}");
    assert_eq!(row.start_fen, opening.fen);
    assert_ne!(row.start_fen, Variant::International.start_fen());
    // a move in numbers, answered with a 10×10 board
    let g = row.variant.game_from_fen(&row.start_fen).unwrap();
    let mut moves: Vec<String> = g.legal_moves().iter().map(|m| g.format_move(m)).collect();
    moves.sort();
    let mv = moves[0].clone();
    assert!(
        mv.chars()
            .all(|c| c.is_ascii_digit() || c == '-' || c == 'x'),
        "{mv}"
    );
    let mover = room.name(row.seat(g.side_to_move()));
    let out = room.say(&mover, &format!("/move #{} {mv}", row.id));
    assert!(text(&out).contains(&mv), "{}", text(&out));
    let board = out
        .replies
        .iter()
        .find_map(|r| r.image.as_ref())
        .expect("a board");
    match board.picture() {
        Picture::Board(b) => assert_eq!(b.variant, "international"),
        other => panic!("not a board: {other:?}"),
    }
    // the engine's advice names a legal move in numbers
    let out = room.say("Anna", &format!("/tournament adjudicate #{}", row.id));
    let t = text(&out);
    let best = t
        .split("the best move ")
        .nth(1)
        .unwrap_or_else(|| panic!("the advice: {t}"))
        .split(". To decide")
        .next()
        .unwrap();
    let mut now = row.variant.game_from_fen(&row.start_fen).unwrap();
    now.play_text(&mv).unwrap();
    assert!(
        now.legal_moves().iter().any(|m| now.format_move(m) == best),
        "{best} is a legal move in numbers"
    );
    // decided: the tournament ends, International ratings change
    let t = text(&room.say("Anna", &format!("/tournament adjudicate {} 1-0", row.id)));
    assert!(t.contains("is over"), "{t}");
    let s = room.store();
    let anna = store::user_by_handle(s.read(), "console", "anna")
        .unwrap()
        .unwrap()
        .id;
    let intl = store::rating_in(s.read(), anna, row.chat_id, Variant::International).unwrap();
    assert_eq!(intl.games, 1, "rated in International");
    assert!(store::top_ratings(s.read(), row.chat_id, 10)
        .unwrap()
        .is_empty());
    drop(s);
    // its PDN: International's GameType, the opening, the move in numbers
    let out = room.say("Anna", "/tournament pdn #1");
    let (_, pdn) = out.replies[0].document.as_ref().expect("the PDN");
    assert!(pdn.contains("[GameType \"20\"]"), "{pdn}");
    assert!(pdn.contains(&format!("[Opening \"{code}")), "{pdn}");
    assert!(pdn.contains(&mv), "{pdn}");

    // a Russian tournament (the chat's variant) draws from its ballot
    let t = text(&room.say("Anna", "/tournament new Eight single ballot fmjd"));
    assert!(!t.contains("Played in"), "{t}");
    room.say("Anna", "/tournament join");
    room.say("Bob", "/tournament join");
    room.say("Anna", "/tournament start #2");
    let tg = store::tournament_games(room.store().read(), TournamentId(2)).unwrap()[0].clone();
    let row = store::game(room.store().read(), tg.game_id)
        .unwrap()
        .unwrap();
    assert_eq!(row.variant, Variant::Russian);
    let code = tg.opening_code.unwrap();
    let o = openings(Ballot::Fmjd)
        .iter()
        .find(|o| o.code == code)
        .unwrap_or_else(|| panic!("{code} is of the FMJD table"));
    assert_eq!(row.start_fen, o.position().to_fen());
}

/// The chat's variant is a tournament's unless `/tournament new` names
/// another.
#[test]
fn a_tournament_is_played_in_the_chats_variant_by_default() {
    use shashki::engine::Variant;
    let room = Room::new(Platform::Console);
    room.say_as_admin("Anna", "/settings variant frisian");
    let t = text(&room.say_as_admin("Anna", "/tournament new Fries single"));
    assert!(t.contains("Played in Frisian draughts"), "{t}");
    let t = text(&room.say_as_admin("Anna", "/tournament new Plain russian single"));
    assert!(!t.contains("Played in"), "{t}");
    let s = room.store();
    let variant = |id| {
        store::tournament(s.read(), TournamentId(id))
            .unwrap()
            .unwrap()
            .variant
    };
    assert_eq!(variant(1), Variant::Frisian);
    assert_eq!(variant(2), Variant::Russian);
}

/// The side to move of Vigman game `id` plays a whole turn, its first
/// legal sub-move twice (by notation), in one message; the turn written.
fn vigman_turn(room: &Room, id: GameId) -> String {
    use shashki::engine::Variant;
    let row = store::game(room.store().read(), id).unwrap().unwrap();
    let mut g = Variant::Vigman.game_from_fen(&row.fen).unwrap();
    let mut words = Vec::new();
    for _ in 0..2 {
        let mut moves: Vec<String> = g.legal_moves().iter().map(|m| g.format_move(m)).collect();
        moves.sort();
        g.play_text(&moves[0]).unwrap();
        words.push(moves[0].clone());
    }
    let turn = words.join(" ");
    let who = room.name(row.seat(row.side_to_move().unwrap()));
    let t = text(&room.say(&who, &format!("/move #{id} {turn}")));
    assert!(t.contains(&turn), "{t}");
    turn
}

/// A round robin of Vigman's double game (issue 23): its games start
/// from the engine's stored openings (White's first turn of two
/// sub-moves), a time bank counts turns of two sub-moves, the organiser's
/// advice names a sub-move, and the results — 4–0 a win, 2–2 a draw —
/// are scored as a win and a draw in the standings.
#[test]
fn a_vigman_round_robin_is_played_to_its_end() {
    use shashki::engine::{Color, Variant};
    use shashki::tournament::ballot::engine_openings;
    let room = Room::new(Platform::Console);
    let t = text(&room.say("Anna", "/tournament new Twins vigman single bank 2/3"));
    assert!(t.contains("“Twins” is open"), "{t}");
    assert!(t.contains("Played in Vigman’s double game"), "{t}");
    for p in PLAYERS {
        room.say(p, "/tournament join #1");
    }
    let t = text(&room.say("Anna", "/tournament start #1"));
    assert!(t.contains("4 players, 6 games"), "{t}");
    let games = store::tournament_games(room.store().read(), TournamentId(1)).unwrap();
    assert_eq!(games.len(), 6);
    // each game from an engine opening: White's first turn made, Black to
    // move its first sub-move
    for tg in &games {
        let row = store::game(room.store().read(), tg.game_id)
            .unwrap()
            .unwrap();
        assert_eq!(row.variant, Variant::Vigman);
        let code = tg.opening_code.clone().unwrap();
        let opening = engine_openings(Variant::Vigman)
            .iter()
            .find(|o| o.code == code)
            .unwrap_or_else(|| panic!("{code} is an engine opening"));
        assert_eq!(row.start_fen, opening.fen);
        assert_eq!(opening.moves().len(), 2, "White's first turn");
        assert_eq!(row.side_to_move(), Some(Color::Black));
    }
    // the bank (2 turns in 3 days) counts turns, not plies: Black's and
    // White's first turns earn nothing, Black's second earns 3 days
    let id = games[0].game_id;
    room.clock.advance(HOUR);
    let black_turn = vigman_turn(&room, id);
    let row = store::game(room.store().read(), id).unwrap().unwrap();
    assert_eq!(row.ply.0, 2);
    assert_eq!(row.black_bank, Some(3 * DAY - HOUR));
    room.clock.advance(HOUR);
    vigman_turn(&room, id);
    let row = store::game(room.store().read(), id).unwrap().unwrap();
    assert_eq!(
        row.white_bank,
        Some(3 * DAY - HOUR),
        "White's first turn here completes no period"
    );
    room.clock.advance(HOUR);
    vigman_turn(&room, id);
    let row = store::game(room.store().read(), id).unwrap().unwrap();
    assert_eq!(
        row.black_bank,
        Some(6 * DAY - 2 * HOUR),
        "Black's second turn"
    );
    let t = text(&room.say("Carl", "/tournament"));
    assert!(t.contains("Bank: White"), "{t}");
    // the organiser's advice names a legal sub-move
    let t = text(&room.say("Anna", &format!("/tournament adjudicate #{id}")));
    let best = t
        .split("the best move ")
        .nth(1)
        .unwrap_or_else(|| panic!("the advice: {t}"))
        .split(". To decide")
        .next()
        .unwrap();
    let now = Variant::Vigman.game_from_fen(&row.fen).unwrap();
    assert!(
        now.legal_moves().iter().any(|m| now.format_move(m) == best),
        "{best} is a legal sub-move: {t}"
    );
    // every game decided: Anna's opponents resign, one game of the others
    // is agreed drawn (2–2), in the others Black resigns
    let drawn = games
        .iter()
        .find(|g| g.white_seq != 0 && g.black_seq != 0)
        .unwrap()
        .game_id;
    let mut last = String::new();
    for tg in &games {
        let row = store::game(room.store().read(), tg.game_id)
            .unwrap()
            .unwrap();
        let (w, b) = (room.name(row.white), room.name(row.black));
        if tg.game_id == drawn {
            room.say(&w, &format!("/draw #{}", tg.game_id));
            last = text(&room.say(&b, &format!("/draw #{}", tg.game_id)));
            assert!(last.contains("Result 2-2"), "{last}");
        } else {
            let loser = if tg.white_seq == 0 {
                &b
            } else if tg.black_seq == 0 {
                &w
            } else {
                &b
            };
            last = text(&room.say(loser, &format!("/resign #{}", tg.game_id)));
            assert!(
                last.contains("Result 4-0") || last.contains("Result 0-4"),
                "{last}"
            );
        }
    }
    assert!(
        last.contains("“Twins” is over! The winner: Anna."),
        "{last}"
    );
    let tour = store::tournament(room.store().read(), TournamentId(1))
        .unwrap()
        .unwrap();
    assert_eq!(tour.status, store::TournamentStatus::Finished);
    // the standings: a 4–0 a win, a 2–2 a draw
    let t = text(&room.say("Eve", "/standings #1"));
    let line = |who: &str| t.lines().find(|l| l.contains(who)).unwrap().to_string();
    assert!(line("Anna").contains("6 (3)"), "Anna won all three: {t}");
    assert!(line("Bob").contains("3 (1½)"), "a win and a draw: {t}");
    assert!(line("Carl").contains("1 (½)"), "a draw: {t}");
    // rated in Vigman's game
    let s = room.store();
    let anna = store::user_by_handle(s.read(), "console", "anna")
        .unwrap()
        .unwrap()
        .id;
    let rated = store::rating_in(s.read(), anna, row.chat_id, Variant::Vigman).unwrap();
    assert_eq!((rated.games, rated.wins), (3, 3));
    drop(s);
    // its PDN: Vigman's, the opening and Black's first turn
    let out = room.say("Anna", "/tournament pdn #1");
    let (_, pdn) = out.replies[0].document.as_ref().expect("the PDN");
    assert!(pdn.contains("[Variant \"vigman\"]"), "{pdn}");
    assert!(pdn.contains(&black_turn), "{pdn}");
}
