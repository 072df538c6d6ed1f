//! Every variant of the engine's family in the chat, end to end through the
//! core on a temporary SQLite file: International draughts by text and by
//! button, the AI on the 10×10 and 10×8 boards and in Bashni, towers in
//! the stored FEN, ratings per variant, `/position` and the PDN, Vigman's
//! double game (a turn of two sub-moves), conditional moves in every
//! variant of one move a turn, and the features that are not for every
//! board refusing the others in words.

mod common;

use common::room::{board, button, quick_config, text, Room, DAY, T0};
use shashki::core::picture::{BoardPicture, Picture};
use shashki::core::{Input, Outcome, Reply, Target};
use shashki::engine::search::Level;
use shashki::engine::{AnyGame, Color, Variant};
use shashki::store::{self, GameId, Ply};

impl Room {
    fn new() -> Room {
        Room::with_config(quick_config())
    }

    /// The engine's view of a stored game of any variant: its start and
    /// its stored moves, each read back as its players write it.
    fn replay(&self, id: GameId) -> AnyGame {
        let s = self.store();
        let row = store::game(s.read(), id).unwrap().unwrap();
        let mut g = row.variant.game_from_fen(&row.start_fen).unwrap();
        for m in store::game_moves(s.read(), id).unwrap() {
            g.play_text(&m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        g
    }
}

/// The recipe of a reply's board.
fn picture(r: &Reply) -> BoardPicture {
    match r.image.as_ref().unwrap().picture() {
        Picture::Board(b) => b.clone(),
        other => panic!("not a board: {other:?}"),
    }
}

fn labels(r: &Reply) -> Vec<String> {
    r.choices
        .iter()
        .flatten()
        .map(|c| c.label.clone())
        .collect()
}

/// Anna challenges Bob with `words` after `/challenge @bob`; Bob accepts.
/// The game and the card's text.
fn start(room: &Room, words: &str) -> (GameId, String) {
    room.say("Bob", "/help"); // the bot has seen Bob
    let card = room.say("Anna", &format!("/challenge @bob {words}"));
    let accept = button(&card, "Accept");
    let started = room.press("Bob", &accept);
    let t = text(&started);
    assert!(t.contains("begins"), "{t}");
    (board(&started).game_id.unwrap(), text(&card))
}

/// A whole game of International draughts through the core, by text:
/// numbers 1–50, a capture written `28x19`, the board 10×10 and
/// numbered, the game to its end, its ratings International's alone.
#[test]
fn a_whole_international_game_by_text() {
    let room = Room::new();
    let (id, card) = start(&room, "3 white international");
    assert!(card.contains("International draughts"), "{card}");
    assert_eq!(room.game(id).variant, Variant::International);
    assert_eq!(room.game(id).start_fen, "W:W31-50:B1-20");
    // the opening, each move answered with the board
    for (who, mv) in [
        ("Anna", "32-28"),
        ("Bob", "19-23"),
        ("Anna", "28x19"),
        ("Bob", "14x23"),
    ] {
        let out = room.say(who, mv);
        assert!(text(&out).contains(&format!(": {mv}")), "{}", text(&out));
        let b = board(&out);
        let p = picture(b);
        assert_eq!(p.variant, "international");
        assert!(p.numbered, "the 10×10 board numbers its squares");
        assert!(p.last.is_some(), "the last move is drawn");
        assert!(b.image.as_ref().unwrap().bytes().starts_with(b"\x89PNG"));
    }
    let row = room.game(id);
    assert_eq!(row.ply, Ply(4));
    assert_eq!(
        store::game_moves(room.store().read(), id).unwrap(),
        ["32-28", "19-23", "28x19", "14x23"]
    );
    assert_eq!(row.fen, "W:W31,33-50:B1-13,15-18,20,23");
    // a text that is no move here names the legal ones, in numbers
    let t = text(&room.say("Anna", "1-2"));
    assert!(
        t.contains("is not a legal move") && t.contains("33-28"),
        "{t}"
    );
    // then on to the end: Anna thinks a little, Bob plays his first move
    let mut plies = 4;
    while room.game(id).status == store::GameStatus::Active {
        let g = room.replay(id);
        let (who, mv) = if g.side_to_move() == Color::White {
            let mv = g.choose_move(Level::new(3).unwrap(), plies).unwrap();
            ("Anna", g.format_move(&mv))
        } else {
            let mut moves: Vec<String> = g.legal_moves().iter().map(|m| g.format_move(m)).collect();
            moves.sort();
            ("Bob", moves.remove(0))
        };
        let out = room.say(who, &mv);
        assert!(text(&out).contains(&mv), "{mv}: {}", text(&out));
        plies += 1;
        assert!(plies < 400, "the game ends");
    }
    let row = room.game(id);
    let g = room.replay(id);
    assert_eq!(g.ply() as i64, row.ply.0, "every move stored and read back");
    assert!(row.result.is_some(), "{row:?}");
    // rated in International only
    let s = room.store();
    let intl = store::rating_in(
        s.read(),
        store::user_by_handle(s.read(), "console", "anna")
            .unwrap()
            .unwrap()
            .id,
        row.chat_id,
        Variant::International,
    )
    .unwrap();
    assert_eq!(intl.games, 1);
    let top = store::top_ratings_in(s.read(), row.chat_id, Variant::International, 10).unwrap();
    assert_eq!(top.len(), 2);
    assert!(
        store::top_ratings(s.read(), row.chat_id, 10)
            .unwrap()
            .is_empty(),
        "no Russian rating"
    );
    let t = text(&room.say("Anna", "/top international"));
    assert!(
        t.contains("International draughts") && t.contains("Anna"),
        "{t}"
    );
    let t = text(&room.say("Anna", "/top"));
    assert!(t.contains("No rated games of Russian draughts"), "{t}");
    // its PDN: GameType 20, the moves in numbers
    let pdn = text(&room.say("Anna", &format!("/pdn #{id}")));
    assert!(pdn.contains("[GameType \"20\"]"), "{pdn}");
    assert!(pdn.contains("1. 32-28 19-23 2. 28x19 14x23"), "{pdn}");
    assert!(!pdn.contains("[FEN"), "from the start: no FEN tag\n{pdn}");
    // a replay of the 10×10 board, one frame a ply
    let out = room.say("Anna", &format!("/replay #{id}"));
    let gif = out.replies[0].image.as_ref().unwrap().bytes();
    assert!(gif.starts_with(b"GIF89a"), "a GIF");
    // the analysis is asked for like any (its run: below)
    let out = room.say("Anna", &format!("/analyse #{id}"));
    assert_eq!(out.jobs, vec![shashki::core::Job::Analyse { game: id }]);
    assert!(store::analysis(room.store().read(), id).unwrap().is_some());
}

/// An International game analysed: the engine searches the 10×10 game,
/// the summary names White's worst move and the better one in square
/// numbers 1–50, the annotated PDN is International's (GameType 20).
#[test]
fn an_international_game_is_analysed_in_its_own_notation() {
    let room = Room::new();
    // White to move, three men a side: 33-28 or 34-29 hands Black a man
    // (23x32, 23x34); 33-29, 34-30 or 46-41 keep it
    let (id, _) = start(&room, "3 white international from W:W33,34,46:B1,5,23");
    room.say("Anna", "33-28");
    let out = room.say("Bob", "23x32");
    assert!(text(&out).contains("23x32"), "{}", text(&out));
    room.say("Anna", &format!("/resign #{id}"));
    let ask = room.say("Anna", &format!("/resign #{id}"));
    if room.game(id).status == store::GameStatus::Active {
        room.press("Anna", &button(&ask, "Yes"));
    }
    assert_ne!(room.game(id).status, store::GameStatus::Active);
    // the board of the finished game offers the analysis
    let out = room.say("Carl", &format!("/analyse #{id}"));
    assert!(text(&out).contains("Analysing game"), "{}", text(&out));
    let done = room.svc.run_job(out.jobs[0]).unwrap();
    let t = text(&done);
    assert!(t.contains(&format!("Analysis of game #{id}")), "{t}");
    let white = t.lines().find(|l| l.starts_with("White Anna:")).unwrap();
    let (_, worst) = white
        .split_once("; the worst: ")
        .unwrap_or_else(|| panic!("White's worst move named: {t}"));
    let (played, better) = worst.split_once(" — better ").unwrap();
    assert!(played == "1. 33-28?" || played == "1. 33-28??", "{t}");
    assert!(
        ["33-29", "34-30", "46-41"].contains(&better),
        "a move that keeps the man, in numbers: {t}"
    );
    // the annotated PDN: International's GameType, the set-up start, the
    // moves in numbers with the better one after the mistake
    let (name, pdn) = done.replies[1].document.as_ref().expect("the PDN");
    assert_eq!(name, &format!("game-{id}-analysis.pdn"));
    assert!(pdn.contains("[GameType \"20\"]"), "{pdn}");
    assert!(pdn.contains("[FEN \"W:W33,34,46:B1,5,23\"]"), "{pdn}");
    assert!(pdn.contains("1. 33-28"), "{pdn}");
    assert!(pdn.contains(&format!("{{better: {better} (")), "{pdn}");
    assert!(pdn.contains("23x32"), "{pdn}");
    // asked again: posted from the store, the same move named
    let again = text(&room.say("Anna", &format!("/analyse #{id}")));
    assert!(
        again.contains(&format!("{played} — better {better}")),
        "{again}"
    );
}

/// The move buttons of a 10×10 game: a piece first (more than 8 moves),
/// then its moves, in numbers; the piece button carries the square's
/// number 1–50.
#[test]
fn international_moves_by_button() {
    let room = Room::new();
    room.say("Bob", "/help");
    let card = room.say("Anna", "/challenge @bob 3 white international");
    let started = room.press("Bob", &button(&card, "Accept"));
    let b = board(&started);
    let id = b.game_id.unwrap();
    let shown = labels(b);
    // nine moves from the start: the five pieces that move
    for piece in ["31", "32", "33", "34", "35"] {
        assert!(shown.contains(&piece.to_string()), "{shown:?}");
    }
    let piece = button(&started, "33");
    assert_eq!(piece, format!("p:{id}:0:33"));
    let menu = room.press("Anna", &piece);
    assert!(text(&menu).contains("33"), "{}", text(&menu));
    assert_eq!(
        labels(&menu.replies[0])
            .into_iter()
            .filter(|l| l.contains('-'))
            .collect::<Vec<_>>(),
        ["33-28", "33-29"]
    );
    let out = room.press("Anna", &button(&menu, "33-29"));
    assert!(text(&out).contains("Anna: 33-29"), "{}", text(&out));
    assert_eq!(room.game(id).ply, Ply(1));
    // a square past 50 is no button
    let t = text(&room.press("Bob", &format!("p:{id}:1:51")));
    assert!(!t.is_empty());
    assert_eq!(room.game(id).ply, Ply(1));
}

/// The AI on every new board: it moves first as White, its move is legal
/// where it is stored (read back by its text), and answers a person's
/// move.
#[test]
fn the_ai_plays_on_the_wide_boards_and_in_bashni() {
    for (word, variant) in [
        ("international", Variant::International),
        ("frisian", Variant::Frisian),
        ("frysk", Variant::Frysk),
        ("antidraughts", Variant::Antidraughts),
        ("breakthrough", Variant::Breakthrough),
        ("10x8", Variant::Russian10x8),
        ("башни", Variant::Bashni),
    ] {
        let room = Room::new();
        let out = room.say("Anna", &format!("/challenge ai 2 black {word}"));
        let id = board(&out).game_id.unwrap();
        assert_eq!(room.game(id).variant, variant, "{word}");
        let done = room.svc.run_job(out.jobs[0]).unwrap();
        assert!(!done.replies.is_empty(), "{word}: the AI moved");
        assert_eq!(room.game(id).ply, Ply(1), "{word}");
        let g = room.replay(id);
        assert_eq!(g.ply(), 1, "{word}");
        assert_eq!(picture(board(&done)).variant, variant.key());
        // Anna answers by text; the AI answers her
        let mine = g.format_move(&g.legal_moves()[0]);
        let out = room.say("Anna", &mine);
        assert!(text(&out).contains(&mine), "{word}: {}", text(&out));
        room.svc.run_job(out.jobs[0]).unwrap();
        assert_eq!(room.game(id).ply, Ply(3), "{word}");
    }
}

/// Russian draughts on 10×8: the files a–k without j, `i3-k4` typed and
/// pressed, the board 10 squares wide, the takeback against the AI.
#[test]
fn russian_ten_by_eight_moves_with_the_k_file() {
    let room = Room::new();
    let out = room.say("Anna", "/challenge ai 1 white russian-10x8");
    let b = board(&out);
    let id = b.game_id.unwrap();
    assert_eq!(picture(b).variant, "russian-10x8");
    // more than eight moves: the pieces first, named a–k
    let shown = labels(b);
    assert!(shown.contains(&"i3".to_string()), "{shown:?}");
    let menu = room.press("Anna", &button(&out, "i3"));
    assert!(labels(&menu.replies[0]).contains(&"i3-k4".to_string()));
    let out = room.say("Anna", "i3-k4");
    assert!(text(&out).contains("Anna: i3-k4"), "{}", text(&out));
    assert_eq!(
        store::game_moves(room.store().read(), id).unwrap(),
        ["i3-k4"]
    );
    assert!(room.game(id).fen.contains("k4"), "{}", room.game(id).fen);
    room.svc.run_job(out.jobs[0]).unwrap();
    assert_eq!(room.game(id).ply, Ply(2));
    // a game against the AI is casual: her move and its answer back
    let out = room.say("Anna", "/takeback");
    assert!(text(&out).contains("took back"), "{}", text(&out));
    let row = room.game(id);
    assert_eq!(row.ply, Ply(0));
    assert_eq!(row.fen, Variant::Russian10x8.start_fen());
    assert!(store::game_moves(room.store().read(), id)
        .unwrap()
        .is_empty());
}

/// Bashni: a capture puts the taken piece under the capturing one, and
/// the stored FEN and the picture carry the tower.
#[test]
fn a_bashni_capture_makes_a_tower() {
    let room = Room::new();
    let (id, card) = start(&room, "3 white bashni from W:Wc3,a1:Bd4,h8");
    assert!(card.contains("Bashni"), "{card}");
    let out = room.say("Anna", "c3:e5");
    assert!(text(&out).contains("Anna: c3:e5"), "{}", text(&out));
    let row = room.game(id);
    assert!(
        row.fen.contains("e5(wb)"),
        "a white man over a black one: {}",
        row.fen
    );
    assert!(row.fen.starts_with("B:"), "{}", row.fen);
    let b = board(&out);
    let p = picture(b);
    assert_eq!(p.variant, "bashni");
    assert!(p.towers.as_deref().unwrap().contains("e5(wb)"));
    assert!(b.image.as_ref().unwrap().bytes().starts_with(b"\x89PNG"));
    let diagram = b.diagram().unwrap();
    assert!(diagram.contains("e5: wb"), "{diagram}");
    // the game reads back from its stored move
    assert_eq!(room.replay(id).fen(), row.fen);
    // the replay draws the towers: a GIF of two frames (the start, the
    // capture), each drawn by the towers' renderer
    let out = room.say("Anna", &format!("/replay #{id}"));
    let img = out.replies[0].image.as_ref().expect("a replay");
    assert!(img.bytes().starts_with(b"GIF89a"), "{}", text(&out));
    let Picture::Replay(r) = img.picture() else {
        panic!("a replay recipe")
    };
    assert_eq!(r.frames.len(), 2);
    assert!(r.frames[1].towers.as_deref().unwrap().contains("e5(wb)"));
    // /position shows towers too
    let out = room.say("Anna", "/position bashni B:We5(wb),a1:Bh8");
    let p = picture(board(&out));
    assert_eq!(p.towers.as_deref(), Some("B:Wa1,e5(wb):Bh8"));
}

/// `/position` of International draughts: its numbered FEN, its moves
/// counted by its rules, the 10×10 board drawn and written as a diagram.
#[test]
fn position_and_pdn_of_international() {
    let room = Room::new();
    let out = room.say("Anna", "/position international W:W31-50:B1-20");
    let t = text(&out);
    assert!(t.contains("White to move, 9 legal moves"), "{t}");
    assert!(t.contains("W:W31-50:B1-20"), "{t}");
    let b = board(&out);
    assert_eq!(picture(b).variant, "international");
    let diagram = b.diagram().unwrap();
    assert!(
        diagram.contains(" w ") && diagram.contains("21"),
        "{diagram}"
    );
    assert!(b.image.as_ref().unwrap().bytes().starts_with(b"\x89PNG"));
    // a FEN that is not one on 10×10
    let t = text(&room.say("Anna", "/position international W:W51:B1"));
    assert!(t.contains("51"), "{t}");
    // a game from a position: its PDN carries GameType 20 and the FEN
    let (id, _) = start(&room, "3 white international from W:W28,K46:B23,5");
    let out = room.say("Anna", "28x19");
    assert!(text(&out).contains("Anna: 28x19"), "{}", text(&out));
    let pdn = text(&room.say("Anna", &format!("/pdn #{id}")));
    assert!(pdn.contains("[GameType \"20\"]"), "{pdn}");
    assert!(pdn.contains("[FEN \"W:W28,K46:B5,23\"]"), "{pdn}");
    assert!(pdn.contains("1. 28x19 *"), "{pdn}");
}

/// Each variant has its own rating: a win in Bashni moves Bashni's, not
/// International's nor Russian's.
#[test]
fn ratings_are_kept_per_variant() {
    let room = Room::new();
    let (intl, _) = start(&room, "3 white international");
    let (bashni, _) = start(&room, "3 white bashni");
    room.say("Bob", &format!("/resign #{bashni}"));
    let s = room.store();
    let anna = store::user_by_handle(s.read(), "console", "anna")
        .unwrap()
        .unwrap()
        .id;
    let chat = room.game(bashni).chat_id;
    let won = store::rating_in(s.read(), anna, chat, Variant::Bashni).unwrap();
    assert_eq!((won.games, won.wins), (1, 1));
    assert!(won.rating > 1500.0);
    for other in [Variant::International, Variant::Russian] {
        assert_eq!(
            store::rating_in(s.read(), anna, chat, other).unwrap().games,
            0,
            "{other}"
        );
    }
    room.say("Anna", &format!("/resign #{intl}"));
    let lost = store::rating_in(room.store().read(), anna, chat, Variant::International).unwrap();
    assert_eq!((lost.games, lost.losses), (1, 1));
    assert_eq!(
        store::rating_in(room.store().read(), anna, chat, Variant::Bashni).unwrap(),
        won
    );
}

/// Vigman's double game between people: a turn is two sub-moves by the
/// same player, typed or pressed, on the dark squares or the light; the
/// turn — the deadline, the call, the opponent's right to move — passes
/// only after the second. The board is Vigman's (both colours) and says
/// which sub-move is due.
#[test]
fn a_vigman_turn_is_two_sub_moves_and_passes_after_the_second() {
    let room = Room::new();
    // Bob hears privately when it is his move (and only then)
    room.say("Bob", "/notify on");
    let private = |o: &Outcome| {
        o.replies
            .iter()
            .filter(|r| matches!(r.target, Target::Private { .. }))
            .count()
    };
    let (id, card) = start(&room, "3 white vigman");
    assert!(card.contains("Vigman’s double game"), "{card}");
    let row = room.game(id);
    assert_eq!(row.variant, Variant::Vigman);
    assert_eq!(row.start_fen, Variant::Vigman.start_fen());
    assert_eq!(row.deadline, Some(T0 + 3 * DAY));
    // Anna's first sub-move, on the dark squares, an hour later
    room.clock.set(T0 + 3600);
    let out = room.say("Anna", "c3-d4");
    let t = text(&out);
    assert!(t.contains("Anna: c3-d4"), "{t}");
    assert!(t.contains("The second of the turn’s two moves"), "{t}");
    let row = room.game(id);
    assert_eq!(row.ply, Ply(1));
    assert!(
        row.fen.starts_with("W2:"),
        "still White's turn: {}",
        row.fen
    );
    assert_eq!(row.deadline, Some(T0 + 3 * DAY), "the turn goes on");
    assert_eq!(private(&out), 0, "Bob is not to move yet");
    let b = board(&out);
    assert!(b.mentions.is_empty(), "nobody called: {:?}", b.mentions);
    assert!(
        b.turn_note
            .as_deref()
            .unwrap()
            .contains("second move of the turn"),
        "{:?}",
        b.turn_note
    );
    let p = picture(b);
    assert_eq!(p.variant, "vigman");
    assert_eq!(p.vigman.as_deref(), Some(row.fen.as_str()));
    assert!(p.last.is_some(), "the sub-move is drawn");
    assert!(p
        .caption
        .as_deref()
        .unwrap()
        .contains("second move of the turn"));
    assert!(b.image.as_ref().unwrap().bytes().starts_with(b"\x89PNG"));
    assert!(b.diagram().unwrap().contains("(second sub-move)"));
    // in Russian, for a Russian speaker
    let mut ev = room.event("Bob", Input::Text(format!("/доска #{id}")));
    ev.user.lang = Some("ru".into());
    let out = room.svc.handle(&ev).unwrap();
    assert!(text(&out).contains("Второй ход из двух"), "{}", text(&out));
    let caption = picture(board(&out)).caption.unwrap();
    assert!(caption.contains("Шашки Вигмана"), "{caption}");
    assert!(caption.contains("ход 1, второй из двух"), "{caption}");
    // Bob may not move in the middle of Anna's turn, by text or button
    let t = text(&room.say("Bob", "h6-g5"));
    assert!(t.contains("not your turn"), "{t}");
    let t = text(&room.press("Bob", &format!("m:{id}:1:0")));
    assert!(t.contains("not your turn"), "{t}");
    assert_eq!(room.game(id).ply, Ply(1));
    // her second, on the light squares, by button: the piece, then its move
    room.clock.set(T0 + 7200);
    let menu = room.press("Anna", &button(&out, "b3"));
    let out = room.press("Anna", &button(&menu, "b3-a4"));
    let t = text(&out);
    assert!(t.contains("Anna: c3-d4 b3-a4"), "the whole turn: {t}");
    let row = room.game(id);
    assert_eq!(row.ply, Ply(2));
    assert!(row.fen.starts_with("B:"), "Black's turn: {}", row.fen);
    assert_eq!(row.deadline, Some(T0 + 7200 + 3 * DAY), "Bob's clock");
    assert_eq!(private(&out), 1, "Bob hears it is his move");
    let b = board(&out);
    assert!(
        b.mentions.iter().any(|m| m.name == "Bob"),
        "{:?}",
        b.mentions
    );
    let note = b.turn_note.as_deref().unwrap();
    assert!(
        note.contains("c3-d4 b3-a4") && note.contains("bob"),
        "{note}"
    );
    assert!(picture(b)
        .caption
        .as_deref()
        .unwrap()
        .contains("first move of the turn"));
    // Bob types his whole turn at once: one board, the turn passes back
    let out = room.say("Bob", "h6-g5 g7-h6");
    assert!(text(&out).contains("Bob: h6-g5 g7-h6"), "{}", text(&out));
    assert_eq!(out.replies.iter().filter(|r| r.image.is_some()).count(), 1);
    let row = room.game(id);
    assert_eq!(row.ply, Ply(4));
    assert!(row.fen.starts_with("W:"), "{}", row.fen);
    assert_eq!(
        store::game_moves(room.store().read(), id).unwrap(),
        ["c3-d4", "b3-a4", "h6-g5", "g7-h6"]
    );
    assert_eq!(room.replay(id).fen(), row.fen);
    // a pair whose second sub-move is not legal changes nothing
    let t = text(&room.say("Anna", "e3-f4 a1-b2"));
    assert!(t.contains("a1-b2 is not a legal move"), "{t}");
    assert_eq!(room.game(id).ply, Ply(4));
    // the PDN numbers a turn's two sub-moves as one move
    let pdn = text(&room.say("Anna", &format!("/pdn #{id}")));
    assert!(pdn.contains("1. c3-d4 b3-a4 h6-g5 g7-h6 *"), "{pdn}");
    assert!(pdn.contains("[Variant \"vigman\"]"), "{pdn}");
}

/// Against the AI the AI plays both of its sub-moves, a job each: its
/// first leaves it to move, so its job runs again; a person's turn typed
/// at once hands it the move back.
#[test]
fn the_ai_plays_both_sub_moves_of_its_vigman_turn() {
    let room = Room::new();
    let out = room.say("Anna", "/challenge ai 2 black vigman");
    let id = board(&out).game_id.unwrap();
    assert_eq!(room.game(id).variant, Variant::Vigman);
    let first = room.svc.run_job(out.jobs[0]).unwrap();
    assert!(!first.replies.is_empty(), "the AI's first sub-move");
    let row = room.game(id);
    assert_eq!(row.ply, Ply(1));
    assert!(row.fen.starts_with("W2:"), "{}", row.fen);
    assert_eq!(first.jobs.len(), 1, "the AI is still to move");
    let second = room.svc.run_job(first.jobs[0]).unwrap();
    assert!(!second.replies.is_empty(), "the AI's second sub-move");
    let row = room.game(id);
    assert_eq!(row.ply, Ply(2));
    assert!(row.fen.starts_with("B:"), "{}", row.fen);
    assert!(second.jobs.is_empty(), "Anna's turn now");
    let b = board(&second);
    assert!(b.mentions.iter().any(|m| m.name == "Anna"));
    // Anna's whole turn at once; the AI answers with two sub-moves
    let g = room.replay(id);
    let one = g.legal_moves()[0];
    let mut after = g.clone();
    after.play(&one).unwrap();
    let two = after.legal_moves()[0];
    let turn = format!("{} {}", g.format_move(&one), after.format_move(&two));
    let out = room.say("Anna", &turn);
    assert!(text(&out).contains(&turn), "{}", text(&out));
    assert_eq!(room.game(id).ply, Ply(4));
    let done = room.svc.run_job(out.jobs[0]).unwrap();
    room.svc.run_job(done.jobs[0]).unwrap();
    let row = room.game(id);
    assert_eq!(row.ply, Ply(6));
    assert!(row.fen.starts_with("B:"), "{}", row.fen);
    assert_eq!(room.replay(id).ply(), 6, "every sub-move read back");
    // her takeback: the AI's turn and her own, back to her turn's start
    let t = text(&room.say("Anna", "/takeback"));
    assert!(t.contains("took back"), "{t}");
    let row = room.game(id);
    assert_eq!(row.ply, Ply(2));
    assert!(row.fen.starts_with("B:"), "{}", row.fen);
}

/// A finished game of Vigman's scores the sum of its two games: 4–0 for a
/// win (rated as a win), 2–2 for a draw; the PDN and the replay say so
/// too. What is for the games of one move a turn (conditional moves)
/// refuses it in words; its analysis and its replay (a frame a sub-move) are made as any.
#[test]
fn a_vigman_game_ends_four_nil_or_two_all() {
    let room = Room::new();
    // White takes Black's last piece, then must still make a second
    // sub-move; Black, with nothing left, has lost both games
    let (id, _) = start(&room, "3 white vigman from W:Wc3:Bd4");
    let t = text(&room.say("Anna", &format!("/if #{id} c3:e5 d6-c5")));
    assert!(
        t.contains("Conditional moves pair one move of your opponent with one reply")
            && t.contains("Vigman’s double game is two moves"),
        "{t}"
    );
    // nor listed or cleared: it has none
    let t = text(&room.say("Anna", &format!("/if #{id} clear")));
    assert!(t.contains("pair one move"), "{t}");
    // the web board plays it (here none is set up: that is the answer)
    let t = text(&room.say("Anna", &format!("/web #{id}")));
    assert!(t.contains("The web board is not set up"), "{t}");
    let out = room.say("Anna", "c3:e5 e5-d6");
    let t = text(&out);
    assert!(t.contains("Anna: c3:e5 e5-d6"), "{t}");
    assert!(t.contains("Result 4-0"), "{t}");
    let row = room.game(id);
    assert_eq!(row.result, Some(store::GameResult::WhiteWins));
    let shown = labels(board(&out));
    assert!(shown.iter().any(|l| l.contains("Replay")), "{shown:?}");
    let pdn = text(&room.say("Anna", &format!("/pdn #{id}")));
    assert!(pdn.contains("[Result \"4-0\"]"), "{pdn}");
    assert!(pdn.contains("[FEN \"W:Wc3:Bd4\"]"), "{pdn}");
    assert!(pdn.contains("1. c3:e5 e5-d6 4-0"), "{pdn}");
    let s = room.store();
    let anna = store::user_by_handle(s.read(), "console", "anna")
        .unwrap()
        .unwrap()
        .id;
    let won = store::rating_in(s.read(), anna, row.chat_id, Variant::Vigman).unwrap();
    assert_eq!((won.games, won.wins), (1, 1));
    // its replay: a frame a sub-move, both colours' boards, the turn's
    // two sub-moves under one number, the result as the sum
    let out = room.say("Anna", &format!("/replay #{id}"));
    let t = text(&out);
    assert!(t.contains("2 plies, 4-0"), "{t}");
    let image = out.replies[0].image.as_ref().unwrap();
    let Picture::Replay(r) = image.picture() else {
        panic!("a replay")
    };
    assert_eq!(r.frames.len(), 3);
    assert_eq!(r.frames[2].vigman.as_deref(), Some(row.fen.as_str()));
    assert_eq!(r.frames[1].caption.as_deref(), Some("1. c3:e5"));
    assert_eq!(r.frames[2].caption.as_deref(), Some("1. c3:e5 e5-d6"));
    let gif = image.bytes();
    assert!(gif.starts_with(b"GIF89a"), "a GIF");
    let shown = {
        use image::AnimationDecoder;
        let dec = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).unwrap();
        let frames = dec.into_frames().collect_frames().unwrap();
        // each move's caption is a 20 ms sub-frame of its own
        frames
            .iter()
            .filter(|f| f.delay().numer_denom_ms().0 > 20)
            .count()
    };
    assert_eq!(shown, 3, "the start and a frame a sub-move");
    // the analysis is asked for like any (its run: below)
    let out = room.say("Anna", &format!("/analyse #{id}"));
    assert_eq!(out.jobs, vec![shashki::core::Job::Analyse { game: id }]);
    // a spectator's board of it offers both
    let t = room.say("Carl", &format!("/board #{id}"));
    let shown = labels(board(&t));
    assert!(shown.iter().any(|l| l.contains("Analyse")), "{shown:?}");
    assert!(shown.iter().any(|l| l.contains("Replay")), "{shown:?}");
    // a draw agreed: 2–2
    let (id, _) = start(&room, "3 white vigman");
    room.say("Anna", "/draw");
    let t = text(&room.say("Bob", &format!("/draw #{id}")));
    assert!(t.contains("Result 2-2"), "{t}");
    let pdn = text(&room.say("Anna", &format!("/pdn #{id}")));
    assert!(pdn.contains("[Result \"2-2\"]"), "{pdn}");
    // /position draws any Vigman position, the second sub-move's too
    let out = room.say("Anna", "/position vigman W2:Wc3,b3:Bf6");
    let p = picture(board(&out));
    assert_eq!(p.vigman.as_deref(), Some("W2:Wb3,c3:Bf6"));
}

/// A Vigman game analysed: each sub-move is judged on its own, the move
/// numbers count turns (`1. c3-d4 d4-e5 …`), the summary names each
/// side's worst sub-move with its turn's number and which of the two it
/// was, and the annotated PDN is Vigman's.
#[test]
fn a_vigman_game_is_analysed_sub_move_by_sub_move() {
    let room = Room::new();
    // White's second sub-move hands Black a man on the dark squares, none
    // of White's pieces near to take back: lost at any depth past the
    // answer (from the start position d4-e5 is an exchange, e3:c5, which
    // a deeper search sees and a shallow one does not)
    let (id, _) = start(&room, "3 white vigman from W:Wa1,c3:Bf6,g7");
    let t = text(&room.say("Anna", "c3-d4 d4-e5"));
    assert!(t.contains("c3-d4 d4-e5"), "{t}");
    let t = text(&room.say("Bob", "f6:d4 g7-f6"));
    assert!(t.contains("f6:d4 g7-f6"), "{t}");
    let ask = room.say("Anna", &format!("/resign #{id}"));
    if room.game(id).status == store::GameStatus::Active {
        room.press("Anna", &button(&ask, "Yes"));
    }
    assert_ne!(room.game(id).status, store::GameStatus::Active);
    // the finished board offers the analysis, a spectator's too
    let shown = labels(board(&room.say("Carl", &format!("/board #{id}"))));
    assert!(shown.iter().any(|l| l.contains("Analyse")), "{shown:?}");
    let out = room.say("Carl", &format!("/analyse #{id}"));
    assert!(text(&out).contains("Analysing game"), "{}", text(&out));
    let done = room.svc.run_job(out.jobs[0]).unwrap();
    let t = text(&done);
    assert!(t.contains(&format!("Analysis of game #{id}")), "{t}");
    let white = t.lines().find(|l| l.starts_with("White Anna:")).unwrap();
    let (_, worst) = white
        .split_once("; the worst: ")
        .unwrap_or_else(|| panic!("White's worst sub-move named: {t}"));
    let (played, better) = worst.split_once(" — better ").unwrap();
    assert!(
        played.starts_with("1. d4-e5?") && played.ends_with(" (second move of the turn)"),
        "{t}"
    );
    assert!(!better.is_empty() && better != "d4-e5", "{t}");
    // the annotated PDN: Vigman's, a number for both turns of a move
    let (_, pdn) = done.replies[1].document.as_ref().expect("the PDN");
    assert!(pdn.contains("[Variant \"vigman\"]"), "{pdn}");
    assert!(pdn.contains("1. c3-d4"), "{pdn}");
    assert!(pdn.contains(" f6:d4"), "{pdn}");
    assert!(!pdn.contains("2. "), "one move number for two turns: {pdn}");
    assert!(pdn.contains(&format!("{{better: {better} (")), "{pdn}");
    // asked again: posted from the store, the same sub-move named
    let again = text(&room.say("Anna", &format!("/analyse #{id}")));
    assert!(
        again.contains(&format!("{played} — better {better}")),
        "{again}"
    );
}

/// Frisian keeps conditional moves as the 8×8 games do (stored, fired);
/// the board of a finished game offers its analysis as on 8×8.
/// The web board draws them all, Vigman's double game too (here no web
/// board is set up: that, not the variant, is the answer).
#[test]
fn the_wide_boards_keep_conditional_moves_analysis_and_the_web_board() {
    let room = Room::new();
    let (id, _) = start(&room, "3 white frisian");
    room.say("Anna", "32-28");
    // conditional moves are Frisian's too: stored, then fired
    let t = text(&room.say("Anna", &format!("/if #{id} 19-23 28x19")));
    assert!(
        t.contains("Stored for game") && t.contains("19-23 → 28x19"),
        "{t}"
    );
    let out = room.say("Bob", "19-23");
    assert!(text(&out).contains("28x19"), "{}", text(&out));
    assert_eq!(room.game(id).ply, Ply(3));
    assert_eq!(
        store::game_moves(room.store().read(), id)
            .unwrap()
            .last()
            .unwrap(),
        "28x19"
    );
    let t = text(&room.say("Anna", &format!("/web #{id}")));
    assert!(t.contains("The web board is not set up"), "{t}");
    // Vigman's double game, its pieces on both colours: the same
    let (vigman, _) = start(&room, "3 white vigman");
    let t = text(&room.say("Anna", &format!("/web #{vigman}")));
    assert!(t.contains("The web board is not set up"), "{t}");
    // over: analysis, rematch and replay
    let out = room.say("Bob", &format!("/resign #{id}"));
    let shown = labels(board(&out));
    assert!(shown.iter().any(|l| l.contains("Replay")), "{shown:?}");
    assert!(shown.iter().any(|l| l.contains("Analyse")), "{shown:?}");
    // the rematch is Frisian again, colours swapped
    let card = room.press("Anna", &button(&out, "Rematch"));
    assert!(text(&card).contains("Frisian draughts"), "{}", text(&card));
    let again = room.press("Bob", &button(&card, "Accept"));
    let next = board(&again).game_id.unwrap();
    let row = room.game(next);
    assert_eq!(row.variant, Variant::Frisian);
    assert_eq!(row.start_fen, Variant::Frisian.start_fen());
}

/// A wide game's clock runs out like any: the sweeper ends it.
#[test]
fn a_wide_game_times_out() {
    let room = Room::new();
    let (id, _) = start(&room, "1 white international");
    room.clock.set(T0 + DAY + 1);
    let r = room.svc.sweep().unwrap();
    assert!(
        r.iter().any(|x| x.text.contains("Bob (Black) wins")),
        "{r:#?}"
    );
    let row = room.game(id);
    assert_eq!(
        row.result_reason.map(store::Termination::as_str),
        Some("timeout")
    );
}

/// The AI weighs a draw offer in a wide game too: at the start it stands
/// no worse, and plays on.
#[test]
fn the_ai_declines_a_draw_in_international_at_the_start() {
    let room = Room::new();
    let out = room.say("Anna", "/challenge ai 2 white international");
    let id = board(&out).game_id.unwrap();
    let t = text(&room.say("Anna", "/draw"));
    assert!(t.contains("declines"), "{t}");
    assert!(room.game(id).is_active());
}

/// Conditional moves in International draughts: a line written in its
/// numbers is checked move by move against the game and stored as the
/// game stores its moves; the opponent's matching move fires the reply at
/// once (stored `37-32`, announced in numbers), the rest waits and fires
/// too (a capture, `28x19`); a line with an illegal move is refused with
/// the legal moves in numbers.
#[test]
fn an_international_conditional_line_is_stored_and_fired_in_numbers() {
    let room = Room::new();
    let (id, _) = start(&room, "3 white international");
    room.say("Anna", "32-28");
    // an illegal move (28 is Anna's own): refused, the legal ones named
    let t = text(&room.say("Anna", &format!("/if #{id} 18-22 33-28")));
    assert!(t.contains("is not legal there"), "{t}");
    assert!(
        t.contains("legal moves") && t.contains("37-32") && t.contains("31-27"),
        "{t}"
    );
    assert!(!t.contains("c3") && !t.contains("d4"), "numbers only: {t}");
    // … and one the opponent cannot play from here
    let t = text(&room.say("Anna", &format!("/if #{id} 28-23 37-32")));
    assert!(
        t.contains("is not legal there") && t.contains("18-22"),
        "{t}"
    );
    let out = room.say("Anna", &format!("/if #{id} 18-22 37-32 19-23 28x19"));
    let t = text(&out);
    assert!(t.contains("Stored for game"), "{t}");
    assert!(t.contains("18-22 → 37-32, 19-23 → 28x19"), "{t}");
    // Bob plays the move Anna expected: her reply is played at once
    let out = room.say("Bob", "18-22");
    let t = text(&out);
    assert!(t.contains("Anna: 37-32"), "{t}");
    assert_eq!(room.game(id).ply, Ply(3));
    assert_eq!(
        store::game_moves(room.store().read(), id).unwrap(),
        ["32-28", "18-22", "37-32"]
    );
    // the rest waits, in numbers
    let t = text(&room.say("Anna", &format!("/if #{id}")));
    assert!(t.contains("19-23 → 28x19"), "{t}");
    // and fires: a capture
    let out = room.say("Bob", "19-23");
    assert!(text(&out).contains("Anna: 28x19"), "{}", text(&out));
    assert_eq!(room.game(id).ply, Ply(5));
    assert_eq!(room.replay(id).fen(), room.game(id).fen);
    let t = text(&room.say("Anna", &format!("/if #{id}")));
    assert!(t.contains("no conditional moves"), "{t}");
}

/// Conditional moves in Bashni, written as its players write them: the
/// reply a line fires is a capture that makes a tower.
#[test]
fn a_bashni_conditional_line_fires_a_tower_capture() {
    let room = Room::new();
    let (id, _) = start(&room, "3 white bashni from W:Wa1,e3:Bg5,h8");
    room.say("Anna", "a1-b2");
    let t = text(&room.say("Anna", &format!("/if #{id} g5-f4 e3:g5")));
    assert!(
        t.contains("Stored for game") && t.contains("g5-f4 → e3:g5"),
        "{t}"
    );
    let out = room.say("Bob", "g5-f4");
    assert!(text(&out).contains("Anna: e3:g5"), "{}", text(&out));
    let row = room.game(id);
    assert_eq!(row.ply, Ply(3));
    assert!(row.fen.contains("g5(wb)"), "a tower: {}", row.fen);
    assert_eq!(
        store::game_moves(room.store().read(), id)
            .unwrap()
            .last()
            .unwrap(),
        "e3:g5"
    );
    assert_eq!(room.replay(id).fen(), row.fen);
}

/// Frisian's king-move limit (a king's fourth non-capturing move in a row
/// is not legal while its side has men) comes from the game's history,
/// not its position: a line is checked against the replayed game, the
/// king's move already played counted.
#[test]
fn a_frisian_line_counts_the_kings_moves_already_played() {
    let room = Room::new();
    let (id, _) = start(&room, "3 white frisian from W:WK46,45:B1,2");
    room.say("Anna", "46-41"); // the king's first move
                               // its second, third, and a fourth: refused, with what is legal
    let t = text(&room.say(
        "Anna",
        &format!("/if #{id} 2-8 41-46 8-13 46-41 13-18 41-46"),
    ));
    assert!(t.contains("is not legal there"), "{t}");
    assert!(t.contains("45-40") && !t.contains("41-46,"), "{t}");
    // the man's move in its place is
    let t = text(&room.say(
        "Anna",
        &format!("/if #{id} 2-8 41-46 8-13 46-41 13-18 45-40"),
    ));
    assert!(t.contains("Stored for game"), "{t}");
    assert!(t.contains("13-18 → 45-40"), "{t}");
    let out = room.say("Bob", "2-8");
    assert!(text(&out).contains("Anna: 41-46"), "{}", text(&out));
    assert_eq!(room.game(id).ply, Ply(3));
}

/// Russian 10×8: a line in its a–k notation; an unexpected move drops it
/// (no reply played), and a takeback drops the lines as on 8×8.
#[test]
fn a_ten_by_eight_line_is_dropped_by_another_move_and_by_a_takeback() {
    let room = Room::new();
    let (id, _) = start(&room, "3 white casual russian-10x8");
    room.say("Anna", "i3-k4");
    let t = text(&room.say("Anna", &format!("/if #{id} b6-a5 c3-d4")));
    assert!(
        t.contains("Stored for game") && t.contains("b6-a5 → c3-d4"),
        "{t}"
    );
    let out = room.say("Bob", "d6-e5");
    assert!(!text(&out).contains("c3-d4"), "{}", text(&out));
    assert_eq!(room.game(id).ply, Ply(2), "no reply played");
    let t = text(&room.say("Anna", &format!("/if #{id}")));
    assert!(t.contains("no conditional moves"), "{t}");
    // a line, then Anna's move taken back: the line goes with it
    room.say("Anna", "a3-b4");
    let t = text(&room.say("Anna", &format!("/if #{id} h6-g5 g3-h4")));
    assert!(t.contains("Stored for game"), "{t}");
    let ask = room.say("Anna", "/takeback");
    let out = room.press("Bob", &button(&ask, "Accept"));
    assert!(text(&out).contains("agreed"), "{}", text(&out));
    assert_eq!(room.game(id).ply, Ply(2));
    let t = text(&room.say("Anna", &format!("/if #{id}")));
    assert!(t.contains("no conditional moves"), "{t}");
    // the same move again, and the move the old line expected: no reply
    room.say("Anna", "a3-b4");
    let out = room.say("Bob", "h6-g5");
    assert!(!text(&out).contains("g3-h4"), "{}", text(&out));
    assert_eq!(room.game(id).ply, Ply(4), "no reply played");
}
