//! What the runtime's unit tests share: a service on a fresh database and
//! a console event from Anna.
use crate::core::{Config, Event, Platform, Service, SystemClock};
use std::sync::Arc;
use std::time::Duration;

/// A service on `dir`'s database, with quick AI moves.
pub(super) fn service(dir: &tempfile::TempDir) -> Arc<Service> {
    let config = Config {
        ai_max_movetime: Duration::from_millis(20),
        board_size: 160,
        ..Config::default()
    };
    Arc::new(Service::open(&dir.path().join("t.sqlite"), config, Arc::new(SystemClock)).unwrap())
}

/// Anna's `text` in the console chat `c`.
pub(super) fn event(text: &str) -> Event {
    Event {
        platform: Platform::Console,
        chat: crate::core::ChatRef {
            id: "c".into(),
            title: None,
            is_private: false,
        },
        user: crate::core::UserRef {
            id: "anna".into(),
            name: "Anna".into(),
            handle: Some("anna".into()),
            lang: Some("en".into()),
            is_admin: false,
        },
        input: crate::core::Input::Text(text.into()),
        update_id: None,
        to_bot: true,
        thread: None,
    }
}
