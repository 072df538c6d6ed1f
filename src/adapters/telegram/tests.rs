use super::markup::keyboard;
use super::poll::{Offsets, HOLD_FOR, HOLD_IDS};
use super::transport::is_thread_gone;
use crate::core::Choice;
use std::time::Instant;
use teloxide::RequestError;

#[test]
fn the_offset_waits_for_updates_being_handled_within_bounds() {
    let t0 = Instant::now();
    let mut o = Offsets::default();
    assert_eq!(o.offset(t0), 0);
    for id in 10..13 {
        assert!(o.take(id, t0));
    }
    // a batch that repeats them takes nothing
    assert!(!o.take(11, t0));
    o.done(10);
    o.done(12);
    // 11 is still being handled: the offset waits for it
    assert_eq!(o.offset(t0), 11);
    assert!(o.holding());
    o.done(11);
    assert_eq!(o.offset(t0), 13);
    assert!(!o.holding());
    // one stuck update holds the offset only for a while ...
    assert!(o.take(13, t0));
    assert_eq!(o.offset(t0 + HOLD_FOR / 2), 13);
    assert_eq!(o.offset(t0 + HOLD_FOR), 14);
    // ... and never goes back
    o.done(13);
    assert_eq!(o.offset(t0 + HOLD_FOR), 14);
    // or for so many updates after it
    let t1 = t0 + HOLD_FOR;
    assert!(o.take(14, t1));
    for id in 15..14 + HOLD_IDS {
        assert!(o.take(id, t1));
        o.done(id);
    }
    assert_eq!(o.offset(t1), 14);
    assert!(o.take(14 + HOLD_IDS, t1));
    o.done(14 + HOLD_IDS);
    assert_eq!(o.offset(t1), 15 + HOLD_IDS);
}

#[test]
fn a_closed_or_deleted_topic_is_told_from_other_refusals() {
    let api = |s: &str| RequestError::Api(teloxide::ApiError::Unknown(s.into()));
    assert!(is_thread_gone(&api("Bad Request: TOPIC_CLOSED")));
    assert!(is_thread_gone(&api("Bad Request: TOPIC_DELETED")));
    assert!(is_thread_gone(&api(
        "Bad Request: message thread not found"
    )));
    assert!(!is_thread_gone(&api("Bad Request: chat not found")));
    assert!(!is_thread_gone(&RequestError::Api(
        teloxide::ApiError::BotBlocked
    )));
}

#[test]
fn keyboards_keep_payloads_and_rows_of_eight() {
    let row: Vec<Choice> = (0..10)
        .map(|i| Choice {
            label: format!("m{i}"),
            payload: format!("m:1:0:{i}"),
            kind: crate::core::ChoiceKind::Move,
        })
        .collect();
    let k = keyboard(&[row]).unwrap();
    assert_eq!(k.inline_keyboard.len(), 2);
    assert_eq!(k.inline_keyboard[0].len(), 8);
    assert!(keyboard(&[]).is_none());
}
