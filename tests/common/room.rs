//! The chat service on a temporary SQLite file (or a PostgreSQL database,
//! [`Room::at`]), driven as a group chat:
//! the harness of the core's integration tests (games, puzzles,
//! tournaments). A test file adds what only it needs in an `impl Room`
//! block of its own.
#![allow(dead_code)] // each test file that shares this module uses a part

use shashki::core::{Config, Event, Input, ManualClock, Outcome, Platform, Reply, Service};
use shashki::store::{GameId, GameRow, Location, Store};
use std::cell::Cell;
use std::path::PathBuf;
use std::sync::Arc;

/// Where the tests' clock starts: 2026-11-18 11:06:40 UTC.
pub const T0: i64 = 1_795_000_000;
pub const DAY: i64 = 86_400;

/// A service on its own database file, its manual clock, and one group
/// chat its events come from.
pub struct Room {
    pub svc: Arc<Service>,
    pub clock: Arc<ManualClock>,
    pub path: PathBuf,
    /// Where its store is (the file at `path`, unless [`Room::at`] said
    /// otherwise).
    pub location: Location,
    /// What the service was opened with ([`Room::restart`] opens it so).
    pub config: Config,
    /// The group chat: its id and title, and the platform of its events.
    pub chat: &'static str,
    pub title: &'static str,
    pub platform: Platform,
    _dir: tempfile::TempDir,
    seq: Cell<u64>,
}

/// The games' tests' service: 320-pixel boards and an AI that thinks no
/// more than 150 ms a move.
pub fn quick_config() -> Config {
    Config {
        board_size: 320,
        ai_max_movetime: std::time::Duration::from_millis(150),
        ..Config::default()
    }
}

impl Room {
    /// A service opened with `config` on a new file, at [`T0`], for the
    /// console group chat "room" ("Room").
    pub fn with_config(config: Config) -> Room {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bot.sqlite");
        let clock = Arc::new(ManualClock::new(T0));
        let svc = Arc::new(Service::open(&path, config.clone(), clock.clone()).unwrap());
        Room {
            svc,
            clock,
            location: Location::Sqlite(path.clone()),
            path,
            config,
            chat: "room",
            title: "Room",
            platform: Platform::Console,
            _dir: dir,
            seq: Cell::new(0),
        }
    }

    /// A room like [`Room::with_config`]'s on the store at `location` (a
    /// PostgreSQL database made for the test).
    pub fn at(config: Config, location: Location) -> Room {
        let mut room = Room::with_config(config);
        room.location = location;
        room.restart();
        room
    }

    /// The same room with its events in chat `chat`, titled `title`.
    pub fn in_chat(mut self, chat: &'static str, title: &'static str) -> Room {
        (self.chat, self.title) = (chat, title);
        self
    }

    /// The same room with its events from `platform`.
    pub fn on(mut self, platform: Platform) -> Room {
        self.platform = platform;
        self
    }

    /// An event of `who` in chat `chat` titled `title` (each with the next
    /// update id).
    pub fn event_in(&self, chat: &str, title: &str, who: &str, input: Input) -> Event {
        self.seq.set(self.seq.get() + 1);
        let mut ev = super::group_event(chat, title, who, input, self.seq.get());
        ev.platform = self.platform;
        ev
    }

    /// An event of `who` in the room's chat.
    pub fn event(&self, who: &str, input: Input) -> Event {
        self.event_in(self.chat, self.title, who, input)
    }

    /// `who` writes `text` in the room's chat.
    pub fn say(&self, who: &str, text: &str) -> Outcome {
        self.svc
            .handle(&self.event(who, Input::Text(text.into())))
            .unwrap()
    }

    /// `who` presses a button with `payload` in the room's chat.
    pub fn press(&self, who: &str, payload: &str) -> Outcome {
        self.svc
            .handle(&self.event(who, Input::Choice(payload.into())))
            .unwrap()
    }

    /// The database, opened anew.
    pub fn store(&self) -> Store {
        Store::open_at(&self.location).unwrap()
    }

    /// A new service on the same file and clock, as after a restart.
    pub fn restart(&mut self) {
        self.svc = Arc::new(
            Service::open_at(&self.location, self.config.clone(), self.clock.clone()).unwrap(),
        );
    }
}

impl Room {
    /// The stored row of game `id` (which must exist).
    pub fn game(&self, id: GameId) -> GameRow {
        shashki::store::game(self.store().read(), id)
            .unwrap()
            .unwrap()
    }
}

/// The first reply of `o` with a picture.
pub fn board(o: &Outcome) -> &Reply {
    o.replies
        .iter()
        .find(|r| r.image.is_some())
        .unwrap_or_else(|| panic!("a board image in {o:#?}"))
}

/// The texts of an outcome's replies, one a line.
pub fn text(o: &Outcome) -> String {
    o.replies
        .iter()
        .map(|r| r.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The payload of the first button of `o` whose label contains
/// `label_part`.
pub fn button(o: &Outcome, label_part: &str) -> String {
    o.replies
        .iter()
        .flat_map(|r| r.choices.iter().flatten())
        .find(|c| c.label.contains(label_part))
        .map(|c| c.payload.clone())
        .unwrap_or_else(|| panic!("no button {label_part} in {o:#?}"))
}
