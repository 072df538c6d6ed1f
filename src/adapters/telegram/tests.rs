use super::markup::keyboard;
use super::transport::is_thread_gone;
use crate::core::Choice;
use teloxide::RequestError;

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

#[test]
fn a_message_is_sent_again_only_when_the_bot_api_never_saw_it() {
    use super::transport::Failure;
    use crate::runtime::CallError;
    let answer = |raw: &str| {
        let source = std::sync::Arc::new(serde_json::from_str::<u8>("x").unwrap_err());
        Failure(RequestError::InvalidJson {
            source,
            raw: raw.into(),
        })
    };
    // a proxy's error page: not the Bot API's answer, the message did not go
    let proxy = answer("<html><body><h1>Bad Gateway</h1></body></html>");
    assert!(proxy.transient() && proxy.unsent());
    // the Bot API's JSON of a shape not understood: it may have gone out
    let odd = answer(r#"{"ok":true,"result":{"message_id":"seven"}}"#);
    assert!(odd.transient() && !odd.unsent());
    // refused by the Bot API: never tried again
    let refused = Failure(RequestError::Api(teloxide::ApiError::BotBlocked));
    assert!(!refused.transient() && !refused.unsent());
}
