//! The International pack in the chat (issue 23), through the core on a
//! temporary SQLite file: `/puzzle international` on a numbered 10×10
//! board, answers in square numbers (short, and with every landing square
//! of a capture), a wrong and an illegal answer, hints and the solution in
//! numbers, ratings and leaderboards kept per variant, move buttons, the
//! day's International puzzle, and
//! the refusal of a variant without a pack in every catalogue.

mod common;

use common::room::{text, Room};
use shashki::core::picture::{BoardPicture, Picture};
use shashki::core::puzzles::{read_international_pack, start_board_name, INTERNATIONAL_PACK};
use shashki::core::{ChatId, Config, Outcome, Reply, Target, UserId};
use shashki::engine::moves::generate;
use shashki::engine::notation::format_move_on;
use shashki::engine::puzzle::Puzzle;
use shashki::engine::rules::International;
use shashki::engine::{Board10, Move, Position, Variant};
use shashki::store::{puzzles as db, PuzzleId};

type Intl = Puzzle<International>;

impl Room {
    fn new() -> Room {
        Room::with_config(Config {
            board_size: 240,
            ..Config::default()
        })
    }

    fn user(&self, who: &str) -> UserId {
        self.store()
            .conn()
            .query_row(
                "SELECT id FROM users WHERE platform_user_id = ?1",
                [who.to_lowercase()],
                |r| r.get(0),
            )
            .unwrap()
    }

    /// `who`'s puzzle record in `variant`, overall.
    fn record(&self, who: &str, variant: Variant) -> db::PlayerRow {
        db::player(
            self.store().read(),
            self.user(who),
            ChatId::EVERYWHERE,
            variant,
        )
        .unwrap()
    }
}

/// The International pack's puzzles matching `f`.
fn find(f: impl Fn(&Intl) -> bool) -> (PuzzleId, Intl) {
    read_international_pack(INTERNATIONAL_PACK)
        .into_iter()
        .find(|(_, p, _)| f(p))
        .map(|(n, p, _)| (n, p))
        .expect("an International puzzle of that kind")
}

fn legal(pos: &Position<Board10>) -> Vec<Move<Board10>> {
    let mut v = Vec::new();
    generate::<International>(pos, &mut v);
    v
}

/// A move as the players write it (`28x19`, the shortest unambiguous).
fn short(pos: &Position<Board10>, m: &Move<Board10>) -> String {
    format_move_on(&legal(pos), m)
}

fn board(o: &Outcome) -> &Reply {
    o.replies
        .iter()
        .find(|r| r.image.is_some())
        .unwrap_or_else(|| panic!("a board image in {o:#?}"))
}

fn picture(o: &Outcome) -> BoardPicture {
    let r = board(o);
    assert!(r.image.as_ref().unwrap().bytes().starts_with(b"\x89PNG"));
    match r.image.as_ref().unwrap().picture() {
        Picture::Board(b) => b.clone(),
        other => panic!("not a board: {other:?}"),
    }
}

/// A numbered 10×10 picture of International draughts.
fn is_ten_by_ten(o: &Outcome) -> bool {
    let p = picture(o);
    p.variant == "international" && p.numbered
}

/// An International puzzle solved by text: the 10×10 numbered board at
/// every step, a wrong try and an illegal text (the legal moves listed in
/// numbers), the hints in numbers, answers short (`28x19`) and with every
/// landing square (`19x28x37x26`), the replies and the solution in
/// numbers; the rating moved is the International one, the Russian one
/// is left alone.
#[test]
fn an_international_puzzle_is_solved_by_text_in_numbers() {
    let room = Room::new();
    // two solver moves or more, one way through, a capture among them
    let (n, p) = find(|p| {
        p.solver_moves() >= 2
            && p.root.steps.len() == 1
            && p.main_line().iter().step_by(2).any(|m| m.len_path() > 1)
    });
    assert!(n.0 > 10_000, "International puzzles are numbered 10001…");
    let o = room.say("Anna", &format!("/puzzle #{n}"));
    let t = text(&o);
    assert!(t.contains(&format!("Puzzle #{n}")), "{t}");
    assert!(is_ten_by_ten(&o), "{t}");
    let image = board(&o).image.as_ref().unwrap();
    assert_eq!(image.file_name, format!("board-puzzle-{n}.png"));

    // a legal move off the solution: not this one, in numbers
    let wrong = legal(&p.start)
        .into_iter()
        .find(|m| p.root.step(m).is_none())
        .expect("a wrong move");
    let o = room.say("Anna", &short(&p.start, &wrong));
    let t = text(&o);
    assert!(t.contains("Not this one"), "{t}");
    assert!(t.contains(&short(&p.start, &wrong)), "{t}");
    // no move at all: the legal ones listed, in numbers
    let t = text(&room.say("Anna", "/puzzle 1-2"));
    assert!(t.contains("not a legal move"), "{t}");
    for m in legal(&p.start) {
        assert!(t.contains(&short(&p.start, &m)), "{m} in {t}");
    }

    // the hints: the piece's square number, then the move
    let line = p.main_line();
    let t = text(&room.say("Anna", "/hint"));
    assert!(t.contains(&line[0].from().to_string()), "{t}");
    let t = text(&room.say("Anna", "/hint"));
    assert!(t.contains(&short(&p.start, &line[0])), "{t}");

    // the solution move by move; a capture of several pieces written with
    // every landing square the first time, short after
    let mut pos = p.start;
    let mut full_path_used = false;
    for (i, mv) in line.iter().enumerate().step_by(2) {
        let typed = if mv.len_path() > 1 && !full_path_used {
            full_path_used = true;
            mv.to_string()
        } else {
            short(&pos, mv)
        };
        let o = room.say("Anna", &typed);
        let t = text(&o);
        assert!(is_ten_by_ten(&o), "{t}");
        pos = pos.make(mv);
        if i + 1 < line.len() {
            let reply = &line[i + 1];
            assert!(t.contains("Right"), "{t}");
            assert!(t.contains(&short(&pos, reply)), "{t}");
            pos = pos.make(reply);
        } else {
            assert!(t.contains("Solved"), "{t}");
            assert!(t.contains(&p.solution_text()), "{t}");
        }
    }
    // stored as an International attempt; ratings per variant
    let s = room.store();
    let row = db::puzzle(s.read(), n).unwrap().unwrap();
    assert_eq!(row.variant, Variant::International);
    let intl = room.record("Anna", Variant::International);
    assert_eq!((intl.solved, intl.failed), (1, 0));
    assert_ne!(intl.rating, 1500.0, "the attempt was rated");
    assert_eq!(
        room.record("Anna", Variant::Russian),
        db::PlayerRow::default(),
        "the Russian puzzle rating is left alone"
    );
    // the leaderboards: International's lists her, Russian draughts' not
    let t = text(&room.say("Anna", "/top puzzles international"));
    assert!(t.contains("Anna"), "{t}");
    let t = text(&room.say("Anna", "/top puzzles"));
    assert!(!t.contains("Anna"), "{t}");
}

/// `/puzzle international` gives an International puzzle (a Russian one
/// open is left); `/puzzle` alone stays Russian; "next" goes on in the
/// variant of the last one.
#[test]
fn puzzle_international_and_the_russian_default() {
    let room = Room::new();
    let o = room.say("Boris", "/puzzle");
    assert_eq!(picture(&o).variant, "russian");
    let o = room.say("Boris", "/puzzle international");
    let t = text(&o);
    assert!(is_ten_by_ten(&o), "{t}");
    assert!(t.contains("Puzzle #100"), "{t}");
    // asked again: the same open one
    let again = room.say("Boris", "/puzzle 10x10");
    assert_eq!(text(&again), t);
    // the Russian aliases of the variant, and the choice option's word
    room.say("Ivan", "/settings lang ru");
    let o = room.say("Ivan", "/задача международные");
    assert!(is_ten_by_ten(&o), "{}", text(&o));
    // "next" stays in the variant
    let o = room.say("Boris", "/puzzle next");
    assert!(is_ten_by_ten(&o), "{}", text(&o));
    // the skipped Russian one cost nothing
    assert_eq!(
        room.record("Boris", Variant::Russian),
        db::PlayerRow::default()
    );
}

/// The day's International puzzle: `/daily international` and `/puzzle
/// daily international` give the same puzzle of the pack's rotation,
/// once a day; `/puzzle daily` stays Russian.
#[test]
fn the_days_international_puzzle() {
    let room = Room::new();
    let o = room.say("Anna", "/puzzle daily international");
    let t = text(&o);
    assert!(is_ten_by_ten(&o), "{t}");
    let ids = db::puzzle_ids(room.store().read(), Variant::International).unwrap();
    assert_eq!(ids.len(), 110);
    let day = common::room::T0 / common::room::DAY;
    let today = ids[(day as usize) % ids.len()];
    assert!(t.contains(&format!("#{today}")), "{t}");
    // tried today: not again
    let t = text(&room.say("Anna", "/puzzle solution"));
    assert!(!t.is_empty());
    let t = text(&room.say("Anna", "/puzzle daily international"));
    assert!(t.contains("already tried today"), "{t}");
    // the Russian daily is another puzzle, still to try
    let o = room.say("Anna", "/puzzle daily");
    assert_eq!(picture(&o).variant, "russian");
}

/// Telegram's inline mode (`@bot` in any chat) offers today's puzzle of
/// both packs, then "play with me": the Russian card as before (`?start=
/// daily`), and the International one, with its own title, description
/// and text naming the variant, in each language asked, whose button
/// opens the bot with `daily-international`. That deep link asks today's
/// International puzzle: its start board numbered on 10×10, sent under
/// the very name the card's picture is kept by.
#[test]
fn inline_mode_offers_the_days_international_puzzle() {
    let room = Room::new();
    let offers = shashki::core::inline::offers(&room.svc, "Anna", Some("en")).unwrap();
    let day = common::room::T0 / common::room::DAY;
    let today = |v| {
        let ids = db::puzzle_ids(room.store().read(), v).unwrap();
        ids[(day as usize) % ids.len()]
    };
    let (russian, intl) = (today(Variant::Russian), today(Variant::International));
    assert!(intl.0 > 10_000, "{intl}");
    let ids: Vec<&str> = offers.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            format!("daily-{russian}").as_str(),
            format!("daily-{intl}").as_str(),
            "play"
        ]
    );
    let (r, i) = (&offers[0], &offers[1]);
    // the Russian card is as it was
    assert_eq!(r.title, format!("Today's puzzle #{russian}"));
    assert!(!r.text.contains("International"), "{}", r.text);
    assert_eq!(r.button, Some(("🧩 Solve it".into(), "daily".into())));
    assert_eq!(r.image, Some(start_board_name(russian)));
    // the International one names its variant
    assert_eq!(
        i.title,
        format!("Today's International draughts puzzle #{intl}")
    );
    assert!(
        i.description.starts_with("10×10 · ") && i.description.contains(" to play and win in "),
        "{}",
        i.description
    );
    assert!(
        i.text.starts_with(&format!(
            "Today's International draughts puzzle #{intl} (10×10): "
        )) && i.text.ends_with("Can you solve it?"),
        "{}",
        i.text
    );
    assert_eq!(
        i.button,
        Some(("🧩 Solve it".into(), "daily-international".into()))
    );
    assert_eq!(i.image, Some(start_board_name(intl)));
    // in the asker's language
    for (lang, title) in [
        ("ru", format!("Задача дня по международным шашкам #{intl}")),
        (
            "lv",
            format!("Starptautiskās dambretes dienas uzdevums #{intl}"),
        ),
        (
            "de",
            format!("Aufgabe des Tages #{intl} · Internationale Dame"),
        ),
        (
            "fr",
            format!("Problème du jour #{intl} · dames internationales"),
        ),
    ] {
        let o = shashki::core::inline::offers(&room.svc, "Anna", Some(lang)).unwrap();
        assert_eq!(o[1].title, title, "{lang}");
        assert!(o[1].text.contains("(10×10)"), "{lang}: {}", o[1].text);
        assert_eq!(o[1].button.as_ref().unwrap().1, "daily-international");
    }

    // the button's deep link: today's International puzzle, its numbered
    // 10×10 start board under the card's picture name
    let o = room.say("Anna", "/start daily-international");
    let t = text(&o);
    assert!(t.contains(&format!("#{intl}")), "{t}");
    assert!(is_ten_by_ten(&o), "{t}");
    assert_eq!(
        board(&o).image.as_ref().unwrap().file_name,
        start_board_name(intl)
    );
    // the same puzzle of the day as typed: tried already
    let t = text(&room.say("Anna", "/puzzle solution"));
    assert!(!t.is_empty());
    let t = text(&room.say("Anna", "/daily international"));
    assert!(t.contains("already tried today"), "{t}");
}

/// A variant without a pack is refused, naming the variants with one, in
/// each of the five languages.
#[test]
fn a_variant_without_a_pack_is_refused_in_every_language() {
    let room = Room::new();
    for (lang, frisian, russian, international) in [
        (
            "en",
            "Frisian draughts",
            "Russian draughts",
            "International draughts",
        ),
        (
            "ru",
            "Фризские шашки",
            "Русские шашки",
            "Международные шашки",
        ),
        (
            "lv",
            "Frīzu dambrete",
            "Krievu dambrete",
            "Starptautiskā dambrete",
        ),
        (
            "de",
            "Friesische Dame",
            "Russische Dame",
            "Internationale Dame",
        ),
        (
            "fr",
            "Dames frisonnes",
            "Dames russes",
            "Dames internationales",
        ),
    ] {
        let who = format!("Reader{lang}");
        room.say(&who, &format!("/settings lang {lang}"));
        let o = room.say(&who, "/puzzle frisian");
        let t = text(&o);
        assert!(!t.contains('[') && !t.contains("puzzle-no-pack"), "{t}");
        for name in [frisian, russian, international] {
            assert!(t.contains(name), "{lang}: {name} in {t}");
        }
        assert!(o.replies.iter().all(|r| r.image.is_none()), "{t}");
    }
    // nothing was started
    assert_eq!(
        db::open_attempt(room.store().read(), room.user("Readeren"), {
            room.store()
                .conn()
                .query_row("SELECT id FROM chats LIMIT 1", [], |r| r.get(0))
                .unwrap()
        })
        .unwrap(),
        None
    );
}

/// The buttons of an International question, as a wide game's: more than
/// 8 moves, so the pieces first, each carrying its square's number 1–50;
/// a piece's moves in numbers; a move pressed is judged as a typed one
/// (right: the defender's reply in numbers and the next question's
/// buttons); a button of a step gone by is refused as stale.
#[test]
fn an_international_puzzle_by_buttons() {
    let room = Room::new();
    let (n, p) =
        find(|p| p.solver_moves() >= 2 && legal(&p.start).len() > 8 && p.root.steps.len() == 1);
    let o = room.say("Gleb", &format!("/puzzle #{n}"));
    let labels: Vec<String> = o
        .replies
        .iter()
        .flat_map(|r| r.choices.iter().flatten())
        .map(|c| c.label.clone())
        .collect();
    let mut pieces: Vec<String> = legal(&p.start)
        .iter()
        .map(|m| m.from().to_string())
        .collect();
    pieces.sort();
    pieces.dedup();
    for piece in &pieces {
        assert!(labels.contains(piece), "{piece} in {labels:?}");
    }
    assert!(
        !labels.iter().any(|l| l.contains('-') || l.contains('x')),
        "{labels:?}"
    );
    let line = p.main_line();
    let first = line[0];
    let square = first.from().to_string();
    let piece = common::room::button(&o, &square);
    assert_eq!(piece, format!("pp:{n}:0:{square}"));
    // the piece's moves, in numbers
    let menu = room.press("Gleb", &piece);
    let mine: Vec<String> = legal(&p.start)
        .iter()
        .filter(|m| m.from() == first.from())
        .map(|m| short(&p.start, m))
        .collect();
    let shown: Vec<String> = menu
        .replies
        .iter()
        .flat_map(|r| r.choices.iter().flatten())
        .map(|c| c.label.clone())
        .collect();
    assert_eq!(shown, mine, "{}", text(&menu));
    // the solution's first move, pressed: right, the reply in numbers
    let pressed = common::room::button(&menu, &short(&p.start, &first));
    let o = room.press("Gleb", &pressed);
    let t = text(&o);
    assert!(t.contains("Right"), "{t}");
    let after = p.start.make(&first);
    assert!(t.contains(&short(&after, &line[1])), "{t}");
    assert!(is_ten_by_ten(&o), "{t}");
    // the next question has its buttons at step 2
    assert!(
        o.replies
            .iter()
            .flat_map(|r| r.choices.iter().flatten())
            .any(|c| c.payload.starts_with(&format!("pm:{n}:2:"))
                || c.payload.starts_with(&format!("pp:{n}:2:"))),
        "{o:#?}"
    );
    // the first step's button again: stale, nothing moves
    let before = db::open_attempt(room.store().read(), room.user("Gleb"), {
        room.store()
            .conn()
            .query_row("SELECT id FROM chats LIMIT 1", [], |r| r.get(0))
            .unwrap()
    })
    .unwrap()
    .unwrap();
    room.press("Gleb", &pressed);
    let now = db::open_attempt(room.store().read(), room.user("Gleb"), before.chat_id)
        .unwrap()
        .unwrap();
    assert_eq!((now.moves, now.wrong), (before.moves, before.wrong));
    // no square past 50
    assert!(!text(&room.press("Gleb", &format!("pp:{n}:2:51"))).is_empty());
}

/// The web board opens an International puzzle too: "Open board" under
/// its question (Discord, `[web] public_url` set), and its page's view
/// is the numbered 10×10 board (50 squares named 1–50), the legal moves in
/// numbers, numbered as the buttons number them.
#[test]
fn the_web_board_opens_an_international_puzzle() {
    use shashki::core::web::{self, Page};
    use shashki::core::Platform;
    let mut config = Config {
        board_size: 160,
        ..Config::default()
    };
    config.web.public_url = Some("https://draughts.example.org".into());
    let room = Room::with_config(config).on(Platform::Discord);
    let (n, p) = find(|p| p.solver_moves() >= 2 && p.root.steps.len() == 1);
    let o = room.say("Anna", &format!("/puzzle #{n}"));
    assert!(is_ten_by_ten(&o), "{}", text(&o));
    assert_eq!(
        common::room::button(&o, "Open board"),
        format!("wp:{n}"),
        "{o:#?}"
    );
    let anna = room.user("Anna");
    let chat: ChatId = room
        .store()
        .conn()
        .query_row("SELECT id FROM chats LIMIT 1", [], |r| r.get(0))
        .unwrap();
    let page = Page::Puzzle { chat, puzzle: n };
    let token = web::token(&room.svc, page, anna).unwrap();
    let claims = web::check(&room.svc, &token, page).unwrap();
    let view = web::puzzle_view(&room.svc, &claims).unwrap().unwrap();
    assert_eq!((view.files, view.ranks), (10, 10));
    assert_eq!(view.squares.len(), 50);
    assert_eq!(view.board.len(), 50);
    let names: Vec<&str> = view.squares.iter().map(|s| s.name.as_str()).collect();
    assert!(names.contains(&"1") && names.contains(&"50"), "{names:?}");
    assert_eq!(view.state, "open");
    let mut texts: Vec<String> = legal(&p.start).iter().map(|m| short(&p.start, m)).collect();
    texts.sort();
    let shown: Vec<String> = view.moves.iter().map(|m| m.text.clone()).collect();
    assert_eq!(shown, texts);
    // the page's answer (the index of the solution's move) is judged
    let first = short(&p.start, &p.main_line()[0]);
    let index = shown.iter().position(|t| *t == first).unwrap();
    let o = room.press("Anna", &format!("pm:{n}:0:{index}"));
    assert!(text(&o).contains("Right"), "{}", text(&o));
    let view = web::puzzle_view(&room.svc, &claims).unwrap().unwrap();
    assert_eq!(view.step, 2);
    assert_eq!(view.marks.len(), 2);
    assert!(
        view.marks.iter().all(|m| m.parse::<u8>().is_ok()),
        "{:?}",
        view.marks
    );
}

/// A piece pressed under someone else's question only shows its moves:
/// the presser's own open puzzle stays open (no go starts, none is left
/// as failed) until they press a move.
#[test]
fn a_piece_pressed_starts_no_go_and_leaves_the_open_one() {
    let room = Room::new();
    let (n, p) = find(|p| legal(&p.start).len() > 8);
    // Gleb's Russian puzzle, open
    assert!(text(&room.say("Gleb", "/puzzle")).contains('#'));
    let chat = room
        .store()
        .conn()
        .query_row("SELECT id FROM chats LIMIT 1", [], |r| r.get(0))
        .unwrap();
    let open = db::open_attempt(room.store().read(), room.user("Gleb"), chat)
        .unwrap()
        .expect("Gleb's Russian puzzle is open");
    // Anna's International question; Gleb presses one of its pieces
    let o = room.say("Anna", &format!("/puzzle #{n}"));
    let square = legal(&p.start)[0].from().to_string();
    let piece = common::room::button(&o, &square);
    let menu = room.press("Gleb", &piece);
    assert!(
        menu.replies.iter().any(|r| !r.choices.is_empty()),
        "{}",
        text(&menu)
    );
    let still = db::open_attempt(room.store().read(), room.user("Gleb"), chat)
        .unwrap()
        .expect("still open");
    assert_eq!(still.puzzle_id, open.puzzle_id, "the Russian go stays open");
    assert_eq!(still.status, open.status);
}

/// The payload of the button labelled exactly `label` under `o`.
fn exact(o: &Outcome, label: &str) -> Option<String> {
    o.replies
        .iter()
        .flat_map(|r| r.choices.iter().flatten())
        .find(|c| c.label == label)
        .map(|c| c.payload.clone())
}

/// The move button of `m` (at the puzzle's start) under `o`: there when
/// the board has 8 moves or fewer, else under its piece's menu, which
/// `who` opens.
fn move_button(room: &Room, who: &str, o: &Outcome, p: &Intl, m: &Move<Board10>) -> String {
    let label = short(&p.start, m);
    if let Some(pay) = exact(o, &label) {
        return pay;
    }
    let piece = exact(o, &m.from().to_string()).unwrap_or_else(|| panic!("{m} in {o:#?}"));
    let menu = room.press(who, &piece);
    exact(&menu, &label).unwrap_or_else(|| panic!("{label} in {menu:#?}"))
}

/// `who`'s open attempt in the room's chat.
fn open_attempt(room: &Room, who: &str) -> db::AttemptRow {
    let chat: ChatId = room
        .store()
        .conn()
        .query_row("SELECT id FROM chats LIMIT 1", [], |r| r.get(0))
        .unwrap();
    db::open_attempt(room.store().read(), room.user(who), chat)
        .unwrap()
        .expect("an open attempt")
}

/// A puzzle of two solver moves or more, one way through, with two wrong
/// moves at its start or more, whose start has 8 moves or fewer (`few`:
/// each a button under the question) or more (the pieces first, each
/// piece's moves in its menu).
fn with_moves(few: bool) -> (PuzzleId, Intl) {
    find(|p| suits(p) && (legal(&p.start).len() <= 8) == few)
}

/// Two solver moves or more, one way through, three wrong moves or more
/// at the start.
fn suits(p: &Intl) -> bool {
    p.solver_moves() >= 2 && p.root.steps.len() == 1 && wrong_moves(p).len() >= 3
}

/// The legal moves at the puzzle's start that are not its solution's.
fn wrong_moves(p: &Intl) -> Vec<Move<Board10>> {
    legal(&p.start)
        .into_iter()
        .filter(|m| p.root.step(m).is_none())
        .collect()
}

/// Whether `o` is a note for the presser alone with nothing to press (a
/// toast on Telegram, an ephemeral answer on Discord).
fn a_quiet_note(o: &Outcome) -> bool {
    !o.replies.is_empty()
        && o.replies
            .iter()
            .all(|r| matches!(r.target, Target::User { .. }) && r.choices.is_empty())
}

/// A wrong move button pressed twice at once (a double tap, an update
/// delivered twice, two devices): one wrong try. The wrong try's answer is
/// a note for the presser alone, without buttons; the second press is
/// refused quietly (such a note too) and changes nothing. Both boards:
/// the question's own move buttons, a piece's menu.
#[test]
fn a_wrong_button_pressed_twice_counts_one_try() {
    for few in [true, false] {
        a_wrong_button_pressed_twice(few);
    }
}

fn a_wrong_button_pressed_twice(few: bool) {
    let room = Room::new();
    let (n, p) = with_moves(few);
    let o = room.say("Anna", &format!("/puzzle #{n}"));
    let wrong = wrong_moves(&p)[0];
    let pressed = move_button(&room, "Anna", &o, &p, &wrong);
    let first = room.press("Anna", &pressed);
    assert!(text(&first).contains("Not this one"), "{}", text(&first));
    assert!(a_quiet_note(&first), "{first:#?}");
    assert_eq!(open_attempt(&room, "Anna").wrong, 1);
    let again = room.press("Anna", &pressed);
    let t = text(&again);
    assert!(!t.contains("Not this one"), "{t}");
    assert!(t.contains("You tried that move already"), "{t}");
    assert_eq!(again.tally.refusal, Some("puzzle-try-counted"));
    assert!(a_quiet_note(&again), "{again:#?}");
    let a = open_attempt(&room, "Anna");
    assert_eq!((a.wrong, a.moves.as_str()), (1, ""), "one wrong try");
}

/// After a wrong try the question's own buttons answer on (no new
/// message with buttons of its own): another wrong move is a second try,
/// counted; the first wrong move again after it is not counted (a move
/// tried before), a third wrong move ends the go.
#[test]
fn a_second_different_wrong_move_counts() {
    for few in [true, false] {
        a_second_different_wrong_move(few);
    }
}

fn a_second_different_wrong_move(few: bool) {
    let room = Room::new();
    let (n, p) = with_moves(few);
    let o = room.say("Anna", &format!("/puzzle #{n}"));
    let wrongs = wrong_moves(&p);
    let a = move_button(&room, "Anna", &o, &p, &wrongs[0]);
    let b = move_button(&room, "Anna", &o, &p, &wrongs[1]);
    let c = move_button(&room, "Anna", &o, &p, &wrongs[2]);
    assert!(text(&room.press("Anna", &a)).contains("Not this one"));
    assert_eq!(open_attempt(&room, "Anna").wrong, 1);
    // another wrong move, on the question's own buttons: counted
    let second = room.press("Anna", &b);
    assert!(text(&second).contains("Not this one"), "{}", text(&second));
    assert!(a_quiet_note(&second), "{second:#?}");
    let now = open_attempt(&room, "Anna");
    assert_eq!(now.wrong, 2);
    // the first one again: tried before, not counted
    let again = room.press("Anna", &a);
    assert!(
        text(&again).contains("tried that move already"),
        "{}",
        text(&again)
    );
    assert_eq!(open_attempt(&room, "Anna").wrong, 2);
    // a third wrong move ends it
    let third = room.press("Anna", &c);
    assert!(text(&third).contains("out of tries"), "{}", text(&third));
    let chat: ChatId = room
        .store()
        .conn()
        .query_row("SELECT id FROM chats LIMIT 1", [], |r| r.get(0))
        .unwrap();
    let over = db::latest_attempt_at(room.store().read(), room.user("Anna"), chat, n)
        .unwrap()
        .unwrap();
    assert_eq!(
        (over.wrong, over.status),
        (3, shashki::store::AttemptStatus::Failed)
    );
}

/// A wrong move typed twice in a row (a message sent twice): one wrong
/// try, the second refused quietly; another wrong move typed is counted.
#[test]
fn a_wrong_move_typed_twice_counts_once() {
    let room = Room::new();
    let (n, p) = with_moves(true);
    room.say("Anna", &format!("/puzzle #{n}"));
    let wrongs = wrong_moves(&p);
    let typed = short(&p.start, &wrongs[0]);
    let first = room.say("Anna", &typed);
    assert!(text(&first).contains("Not this one"), "{}", text(&first));
    let again = room.say("Anna", &typed);
    let t = text(&again);
    assert!(t.contains("You tried that move already"), "{t}");
    assert!(!t.contains("Not this one"), "{t}");
    assert_eq!(again.tally.refusal, Some("puzzle-try-counted"));
    assert_eq!(open_attempt(&room, "Anna").wrong, 1, "typed twice, one try");
    // as a command too
    let t = text(&room.say("Anna", &format!("/puzzle {typed}")));
    assert!(t.contains("You tried that move already"), "{t}");
    assert_eq!(open_attempt(&room, "Anna").wrong, 1);
    let t = text(&room.say("Anna", &short(&p.start, &wrongs[1])));
    assert!(t.contains("Not this one"), "{t}");
    assert_eq!(open_attempt(&room, "Anna").wrong, 2);
}

/// In a group every member answers the daily post with its same buttons,
/// each as their own go stands: Anna tries a wrong move on it, then Anna
/// and Boris press the right move on the same post and both are judged
/// (right), neither refused; a press on the post keeps its buttons for
/// the others (the core says so to the deliverer).
#[test]
fn in_a_group_every_member_answers_the_shared_daily_post() {
    for few in [true, false] {
        every_member_answers_the_shared_daily_post(few);
    }
}

fn every_member_answers_the_shared_daily_post(few: bool) {
    use common::room::{DAY, T0};
    let room = Room::new();
    room.say("Anna", "/daily on 09:00 +00:00 international");
    // the first day from tomorrow whose International puzzle suits
    let ids = db::puzzle_ids(room.store().read(), Variant::International).unwrap();
    let pack = read_international_pack(INTERNATIONAL_PACK);
    let puzzle = |n: PuzzleId| pack.iter().find(|(id, _, _)| *id == n).unwrap().1.clone();
    let of = |day: i64| ids[day.rem_euclid(ids.len() as i64) as usize];
    let day = (T0.div_euclid(DAY) + 1..)
        .find(|d| {
            let p = puzzle(of(*d));
            suits(&p) && (legal(&p.start).len() <= 8) == few
        })
        .unwrap();
    let (n, p) = (of(day), puzzle(of(day)));
    room.clock.set(day * DAY + 9 * 3600);
    let post = Outcome {
        replies: room.svc.daily_due().unwrap(),
        ..Outcome::default()
    };
    assert!(text(&post).contains(&format!("#{n}")), "{}", text(&post));
    // Anna: a wrong move on the post
    let wrong = move_button(&room, "Anna", &post, &p, &wrong_moves(&p)[0]);
    let o = room.press("Anna", &wrong);
    assert!(text(&o).contains("Not this one"), "{}", text(&o));
    assert!(o.keep_pressed, "the post keeps its buttons");
    assert_eq!(open_attempt(&room, "Anna").wrong, 1);
    // Anna and Boris: the right move on the same post
    let right = p.main_line()[0];
    for who in ["Anna", "Boris"] {
        let pressed = move_button(&room, who, &post, &p, &right);
        let o = room.press(who, &pressed);
        let t = text(&o);
        assert!(o.tally.refusal.is_none(), "{who}: {t}");
        assert!(t.contains("Right"), "{who}: {t}");
        assert!(o.keep_pressed, "the post keeps its buttons");
        let a = open_attempt(&room, who);
        assert_eq!(a.puzzle_id, n, "{who}");
        assert_eq!(a.daily_day, Some(day), "{who}: the day's go");
        assert!(!a.moves.is_empty(), "{who}: the right move counted");
    }
    assert_eq!(open_attempt(&room, "Anna").wrong, 1);
    assert_eq!(open_attempt(&room, "Boris").wrong, 0);
}

/// The picture of a reply (a PNG of a board).
fn reply_picture(r: &Reply) -> BoardPicture {
    let image = r.image.as_ref().expect("a board image");
    assert!(image.bytes().starts_with(b"\x89PNG"));
    match image.picture() {
        Picture::Board(b) => b.clone(),
        other => panic!("not a board: {other:?}"),
    }
}

/// The texts of the sweep's replies, one a line.
fn joined(replies: &[Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A chat's daily post in International draughts (`/daily on 09:00
/// +00:00 international`): `/daily` names the variant; at the due time
/// the sweep posts the International pack's puzzle of the day on the
/// numbered 10×10 board with its move buttons, the post naming the
/// variant; the next day's post gives the previous one's solution in
/// square numbers, and a bare move in numbers answers it; `/daily on`
/// without a variant keeps International draughts, `/daily on russian`
/// goes back (the variant word anywhere among the others).
#[test]
fn a_chat_posts_the_international_daily_puzzle() {
    let room = Room::new();
    let t = text(&room.say("Anna", "/daily on 09:00 +00:00 international"));
    assert!(t.contains("(International draughts) is on"), "{t}");
    assert!(t.contains("every day at 09:00 (UTC+00:00)"), "{t}");
    // the status says which variant is posted
    let t = text(&room.say("Boris", "/daily"));
    assert!(t.contains("(International draughts) is on"), "{t}");

    let ids = db::puzzle_ids(room.store().read(), Variant::International).unwrap();
    let of = |day: i64| ids[day.rem_euclid(ids.len() as i64) as usize];
    let pack = read_international_pack(INTERNATIONAL_PACK);
    let puzzle = |n: PuzzleId| pack.iter().find(|(id, _, _)| *id == n).unwrap().1.clone();
    // 11:06 UTC now: the first post is tomorrow at 09:00 UTC
    let day = common::room::T0.div_euclid(common::room::DAY) + 1;
    let due = day * common::room::DAY + 9 * 3600;
    assert_eq!(room.svc.next_daily_wakeup().unwrap(), Some(due));
    room.clock.set(due);
    let posts = room.svc.daily_due().unwrap();
    let t = joined(&posts);
    let first = of(day);
    assert!(first.0 > 10_000, "{first}");
    assert!(
        t.contains(&format!("(International draughts) — #{first}")),
        "{t}"
    );
    let post = posts.iter().find(|r| r.image.is_some()).expect("a board");
    let pic = reply_picture(post);
    assert_eq!(
        (pic.variant.as_str(), pic.numbered),
        ("international", true)
    );
    // the question's move buttons, in square numbers
    assert!(
        post.choices
            .iter()
            .flatten()
            .any(|c| c.payload.starts_with(&format!("pp:{first}:0:"))
                || c.payload.starts_with(&format!("pm:{first}:0:"))),
        "{post:#?}"
    );
    assert!(room.svc.daily_due().unwrap().is_empty(), "posted once");
    // `/daily international` is the posted one
    let t = text(&room.say("Carl", "/daily international"));
    assert!(t.contains(&format!("#{first}")), "{t}");

    // the next day: the next International puzzle, and the previous
    // one's solution in square numbers
    room.clock.set(due + common::room::DAY);
    let posts = room.svc.daily_due().unwrap();
    let t = joined(&posts);
    let second = of(day + 1);
    assert_ne!(first, second);
    assert!(t.contains(&format!("#{second}")), "{t}");
    let solution = puzzle(first).solution_text();
    assert!(
        t.contains(&format!("previous daily puzzle #{first}: ")) && t.contains(&solution),
        "{solution} in {t}"
    );
    assert!(
        solution.chars().any(|c| c.is_ascii_digit())
            && !solution.chars().any(|c| ('a'..='h').contains(&c)),
        "square numbers, not a1–h8: {solution}"
    );
    let post = posts.iter().find(|r| r.image.is_some()).expect("a board");
    assert_eq!(reply_picture(post).variant, "international");
    // a bare move in numbers answers the chat's daily
    let p = puzzle(second);
    let t = text(&room.say("Dana", &short(&p.start, &p.main_line()[0])));
    assert!(t.contains("Right") || t.contains("Solved"), "{t}");

    // `/daily on` without a variant keeps it; the variant word anywhere
    let t = text(&room.say("Anna", "/daily on 10:00"));
    assert!(t.contains("(International draughts) is on"), "{t}");
    assert!(t.contains("every day at 10:00"), "{t}");
    let t = text(&room.say("Anna", "/daily on russian 08:00 +01:00"));
    assert!(
        t.contains("The daily puzzle is on: every day at 08:00 (UTC+01:00)"),
        "{t}"
    );
    assert!(!t.contains("International"), "{t}");
    let t = text(&room.say("Anna", "/daily on +02:00 10x10"));
    assert!(t.contains("(International draughts) is on"), "{t}");
    assert!(t.contains("every day at 08:00 (UTC+02:00)"), "{t}");
    // two variants at once: refused, nothing changes
    let t = text(&room.say("Anna", "/daily on international russian"));
    assert!(t.contains("/daily"), "{t}");
    let t = text(&room.say("Boris", "/daily"));
    assert!(t.contains("(International draughts) is on"), "{t}");
    assert!(t.contains("UTC+02:00"), "{t}");
}

/// A chat switches its daily post from Russian to International draughts
/// after the day's Russian post, for a later hour the same day: the
/// International post that day gives the Russian puzzle's solution first
/// (it is not lost because the day is the same).
#[test]
fn a_switch_of_variant_the_same_day_keeps_the_solution() {
    let room = Room::new();
    let t = text(&room.say("Anna", "/daily on 09:00 +00:00"));
    assert!(t.contains("The daily puzzle is on"), "{t}");
    let day = common::room::T0.div_euclid(common::room::DAY) + 1;
    let nine = day * common::room::DAY + 9 * 3600;
    room.clock.set(nine);
    let posts = room.svc.daily_due().unwrap();
    let russian = db::puzzle_ids(room.store().read(), Variant::Russian).unwrap();
    let of = |ids: &[PuzzleId]| ids[day.rem_euclid(ids.len() as i64) as usize];
    let first = of(&russian);
    assert!(
        joined(&posts).contains(&format!("#{first}")),
        "{}",
        joined(&posts)
    );
    // at 12:00 the admin switches to International draughts at 18:00
    room.clock.set(nine + 3 * 3600);
    let t = text(&room.say("Anna", "/daily on 18:00 international"));
    assert!(t.contains("(International draughts) is on"), "{t}");
    room.clock.set(nine + 9 * 3600);
    let posts = room.svc.daily_due().unwrap();
    let t = joined(&posts);
    let intl = db::puzzle_ids(room.store().read(), Variant::International).unwrap();
    assert!(t.contains(&format!("#{}", of(&intl))), "{t}");
    assert!(
        t.contains(&format!("previous daily puzzle #{first}: ")),
        "the Russian solution: {t}"
    );
}

/// `/daily on … frisian`: a variant without a pack is refused, naming
/// the variants with one (in the chat's language), and the daily post is
/// left as it was; a member (Telegram, not an admin) may not set the
/// variant but may ask for the day's International puzzle.
#[test]
fn the_daily_post_refuses_a_variant_without_a_pack_and_members() {
    use shashki::core::{Input, Platform};
    let room = Room::new();
    let t = text(&room.say("Anna", "/daily on 09:00 frisian"));
    assert!(t.contains("no puzzles in Frisian draughts"), "{t}");
    assert!(
        t.contains("Russian draughts") && t.contains("International draughts"),
        "{t}"
    );
    assert_eq!(room.svc.next_daily_wakeup().unwrap(), None);
    let t = text(&room.say("Anna", "/daily"));
    assert!(t.contains("is off"), "{t}");
    room.say("Anna", "/daily on 09:00 international");
    room.say("Ivan", "/settings lang ru");
    let t = text(&room.say("Ivan", "/ежедневно on фризские"));
    assert!(
        t.contains("Фризские шашки") && t.contains("Международные шашки"),
        "{t}"
    );
    // the variant's name in the sentence as a Russian writes it:
    // lower-case; so in French
    let t = text(&room.say("Ivan", "/daily"));
    assert!(
        t.contains("Задача дня включена (международные шашки)"),
        "{t}"
    );
    room.say("Ivan", "/settings lang fr");
    let t = text(&room.say("Ivan", "/daily"));
    assert!(
        t.contains("Le problème du jour (dames internationales) est activé"),
        "{t}"
    );

    // on Telegram: a member is refused the setting, not the puzzle
    let room = Room::new().on(Platform::Telegram);
    let member = |text: &str| {
        let mut ev = room.event("Mallory", Input::Text(text.into()));
        ev.user.is_admin = false;
        room.svc.handle(&ev).unwrap()
    };
    let t = text(&member("/daily on 09:00 international"));
    assert!(t.contains("Only the chat’s admins"), "{t}");
    assert_eq!(room.svc.next_daily_wakeup().unwrap(), None);
    let o = member("/daily international");
    assert!(is_ten_by_ten(&o), "{}", text(&o));
}
