//! The delivery rules, once, against a fake transport and an in-memory
//! ledger.
use super::super::transport::Pressed;
use super::*;
use crate::core::Image;
use std::collections::VecDeque;

/// What the fake transport was asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Op {
    Send {
        place: Place,
        text: String,
        via: bool,
    },
    EditText {
        message: String,
        text: String,
    },
    EditMedia {
        message: String,
        text: String,
    },
    Clear {
        message: String,
    },
    Answer {
        toast: Option<String>,
    },
    OpenThread {
        name: String,
    },
}

#[derive(Default)]
struct Fake {
    caps: Mutex<Option<Caps>>,
    ops: Mutex<Vec<Op>>,
    next: AtomicU64,
    /// The next calls of a kind (`send`, `edit`, `answer`, …) fail so, in
    /// order.
    failures: Mutex<HashMap<&'static str, VecDeque<SendError>>>,
    /// Sends to this chat take this long.
    slow: Mutex<Option<(String, Duration)>>,
    /// The link of each reply sent, as the transport got it.
    links: Mutex<Vec<Option<crate::core::Link>>>,
}

impl Fake {
    fn ops(&self) -> Vec<Op> {
        self.ops.lock().unwrap().clone()
    }
    fn fail(&self, kind: &'static str, e: SendError) {
        self.failures
            .lock()
            .unwrap()
            .entry(kind)
            .or_default()
            .push_back(e);
    }
    fn outcome(&self, op: Op) -> Result<(), SendError> {
        let kind = match &op {
            Op::Send { .. } => "send",
            Op::EditText { .. } | Op::EditMedia { .. } => "edit",
            Op::Clear { .. } => "clear",
            Op::Answer { .. } => "answer",
            Op::OpenThread { .. } => "thread",
        };
        self.ops.lock().unwrap().push(op);
        let failed = self
            .failures
            .lock()
            .unwrap()
            .get_mut(kind)
            .and_then(VecDeque::pop_front);
        match failed {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

fn telegram_like() -> Caps {
    Caps {
        toasts: true,
        answer_with_message: false,
        edits: true,
        rate_limit_retries: 2,
        boards: BoardMode::Edit,
    }
}

impl Transport for Fake {
    fn platform(&self) -> Platform {
        Platform::Telegram
    }
    fn caps(&self) -> Caps {
        self.caps.lock().unwrap().unwrap_or_else(telegram_like)
    }
    fn send<'a>(
        &'a self,
        to: &'a Place,
        r: &'a Reply,
        press: Option<&'a Press>,
    ) -> Fut<'a, Result<Option<Placed>, SendError>> {
        Box::pin(async move {
            let slow = self.slow.lock().unwrap().clone();
            if let Some((chat, d)) = slow.filter(|(c, _)| *c == to.chat) {
                let _ = chat;
                tokio::time::sleep(d).await;
            }
            self.links.lock().unwrap().push(r.link.clone());
            self.outcome(Op::Send {
                place: to.clone(),
                text: r.text.clone(),
                via: press.is_some(),
            })?;
            let n = self.next.fetch_add(1, Ordering::SeqCst) + 100;
            Ok(Some(Placed {
                chat: to.chat.clone(),
                thread: to.thread.clone(),
                message: n.to_string(),
                media: r.image.is_some(),
            }))
        })
    }
    fn edit<'a>(
        &'a self,
        at: &'a Placed,
        r: &'a Reply,
        _press: Option<&'a Press>,
        media: bool,
    ) -> Fut<'a, Result<(), SendError>> {
        let (message, text) = (at.message.clone(), r.text.clone());
        let res = self.outcome(match media {
            true => Op::EditMedia { message, text },
            false => Op::EditText { message, text },
        });
        Box::pin(async move { res })
    }
    fn clear_buttons<'a>(&'a self, at: &'a Placed) -> Fut<'a, Result<(), SendError>> {
        let res = self.outcome(Op::Clear {
            message: at.message.clone(),
        });
        Box::pin(async move { res })
    }
    fn answer_press<'a>(
        &'a self,
        _press: &'a Press,
        toast: Option<&'a str>,
    ) -> Fut<'a, Result<(), SendError>> {
        let res = self.outcome(Op::Answer {
            toast: toast.map(str::to_string),
        });
        Box::pin(async move { res })
    }
    fn open_thread<'a>(&'a self, _chat: &'a str, name: &'a str) -> Fut<'a, Option<String>> {
        self.ops
            .lock()
            .unwrap()
            .push(Op::OpenThread { name: name.into() });
        Box::pin(async { Some("77".to_string()) })
    }
}

#[derive(Default)]
struct Mem {
    placed: Mutex<HashMap<String, Placed>>,
    done: Mutex<Vec<(i64, Delivered)>>,
    acks: Mutex<Vec<String>>,
    threads: Mutex<Vec<(GameId, Option<String>)>>,
}

impl Ledger for Mem {
    fn placed(&self, _p: Platform, key: String) -> Fut<'_, Option<Placed>> {
        let v = self.placed.lock().unwrap().get(&key).cloned();
        Box::pin(async move { v })
    }
    fn set_placed(&self, _p: Platform, key: String, at: Placed) -> Fut<'_, ()> {
        self.placed.lock().unwrap().insert(key, at);
        Box::pin(async {})
    }
    fn is_board(&self, _p: Platform, at: Placed) -> Fut<'_, bool> {
        let v =
            self.placed.lock().unwrap().iter().any(|(k, p)| {
                k.starts_with("board:") && p.chat == at.chat && p.message == at.message
            });
        Box::pin(async move { v })
    }
    fn done(&self, ids: Vec<OutboxId>, how: Delivered) -> Fut<'_, ()> {
        self.done
            .lock()
            .unwrap()
            .extend(ids.into_iter().map(|i| (i.0, how)));
        Box::pin(async {})
    }
    fn acknowledge(&self, token: String) -> Fut<'_, ()> {
        self.acks.lock().unwrap().push(token);
        Box::pin(async {})
    }
    fn set_game_thread(&self, game: GameId, thread: String) -> Fut<'_, ()> {
        self.threads.lock().unwrap().push((game, Some(thread)));
        Box::pin(async {})
    }
    fn forget_game_thread(&self, game: GameId) -> Fut<'_, ()> {
        self.threads.lock().unwrap().push((game, None));
        Box::pin(async {})
    }
}

struct Setup {
    d: Arc<Deliverer>,
    t: Arc<Fake>,
    l: Arc<Mem>,
}

fn setup(caps: Caps) -> Setup {
    let t = Arc::new(Fake::default());
    *t.caps.lock().unwrap() = Some(caps);
    let l = Arc::new(Mem::default());
    let d = Deliverer::new(l.clone(), Tracker::default());
    d.set_transport(t.clone());
    Setup { d, t, l }
}

impl Setup {
    async fn run(&self, replies: Vec<Reply>, origin: Option<Origin>) {
        let from = origin.map(|o| (Platform::Telegram, o));
        tokio::time::timeout(
            Duration::from_secs(10),
            self.d.deliver(replies, from).wait(),
        )
        .await
        .expect("delivered");
    }
    /// Deliver replies owed from before a restart, written a moment ago,
    /// each of the kind its shape says.
    async fn resume(&self, replies: Vec<Reply>) {
        let owed = replies.into_iter().map(|r| owed(r.kind(), 0, r)).collect();
        self.resume_owed(owed).await;
    }
    /// Deliver rows owed from before a restart.
    async fn resume_owed(&self, owed: Vec<Owed>) {
        tokio::time::timeout(Duration::from_secs(10), self.d.resume(owed).wait())
            .await
            .expect("delivered");
    }
    fn done(&self) -> Vec<(i64, Delivered)> {
        let mut v = self.l.done.lock().unwrap().clone();
        v.sort_by_key(|(i, _)| *i);
        v
    }
}

/// `reply` as an outbox row of `kind` written `secs` ago.
fn owed(kind: DeliveryKind, secs: u64, reply: Reply) -> Owed {
    Owed {
        reply,
        kind,
        age: Duration::from_secs(secs),
    }
}

fn text(id: i64, target: Target, t: &str) -> Reply {
    Reply {
        outbox: vec![OutboxId(id)],
        ..Reply::text(Platform::Telegram, target, t)
    }
}

fn chat(id: i64, t: &str) -> Reply {
    text(id, Target::Chat("g".into()), t)
}

fn note(id: i64, t: &str) -> Reply {
    text(
        id,
        Target::User {
            chat: "g".into(),
            user: "anna".into(),
        },
        t,
    )
}

/// Game 1's board in chat `g`.
fn board(id: i64, t: &str) -> Reply {
    Reply {
        image: Some(Image::ready("board-1.png", vec![1, 2, 3])),
        game_id: Some(GameId(1)),
        turn_note: Some(format!("{t}, @bob to move")),
        ..chat(id, t)
    }
}

fn placed(message: &str) -> Placed {
    Placed {
        chat: "g".into(),
        thread: None,
        message: message.into(),
        media: true,
    }
}

/// A press on message `message` of chat `g`.
fn press(message: &str) -> Origin {
    Origin {
        chat: "g".into(),
        thread: None,
        message: None,
        press: Some(Press {
            handle: Arc::new(()),
            pressed: Some(Pressed {
                at: placed(message),
                editable: true,
                ephemeral: false,
            }),
        }),
    }
}

fn sent(ops: &[Op]) -> Vec<(String, String)> {
    ops.iter()
        .filter_map(|o| match o {
            Op::Send { place, text, .. } => Some((place.chat.clone(), text.clone())),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn a_short_note_for_the_presser_is_the_presss_toast() {
    let s = setup(telegram_like());
    s.run(vec![note(1, "Not your turn.")], Some(press("5")))
        .await;
    assert_eq!(
        s.t.ops(),
        [Op::Answer {
            toast: Some("Not your turn.".into())
        }],
        "answered with the toast, nothing sent, the prompt's buttons stay"
    );
    assert_eq!(s.done(), [(1, Delivered::Sent)]);
    // a press whose replies are all for others: answered without a toast
    let s = setup(telegram_like());
    s.run(vec![chat(2, "Game #1 begins")], Some(press("5")))
        .await;
    let ops = s.t.ops();
    assert_eq!(ops[0], Op::Answer { toast: None });
    assert_eq!(
        sent(&ops),
        [("g".to_string(), "Game #1 begins".to_string())]
    );
    // a prompt (not a board) that did something loses its buttons
    assert_eq!(
        ops.last(),
        Some(&Op::Clear {
            message: "5".into()
        })
    );
}

#[tokio::test]
async fn an_in_place_reply_edits_the_pressed_message() {
    let s = setup(telegram_like());
    let step = Reply {
        in_place: true,
        ..note(1, "Pick a square")
    };
    s.run(vec![step], Some(press("5"))).await;
    let mut ops = s.t.ops();
    assert!(ops.contains(&Op::Answer { toast: None }), "{ops:?}");
    ops.retain(|o| !matches!(o, Op::Answer { .. }));
    assert_eq!(
        ops,
        [Op::EditText {
            message: "5".into(),
            text: "Pick a square".into()
        }],
        "in place: nothing new, the buttons changed, not cleared"
    );
    // the board after a move pressed on it: the pressed message becomes
    // the living board, its turn note answers it
    let s = setup(telegram_like());
    s.l.placed
        .lock()
        .unwrap()
        .insert(board_key(GameId(1)), placed("4"));
    let b = Reply {
        in_place: true,
        ..board(2, "Anna: c3-d4")
    };
    s.run(vec![b], Some(press("5"))).await;
    let mut ops = s.t.ops();
    ops.retain(|o| !matches!(o, Op::Answer { .. }));
    assert_eq!(
        ops[0],
        Op::EditMedia {
            message: "5".into(),
            text: "Anna: c3-d4".into()
        }
    );
    assert!(
        ops.contains(&Op::Clear {
            message: "4".into()
        }),
        "{ops:?}"
    );
    let Some(Op::Send { place, text, .. }) = ops.last() else {
        panic!("{ops:?}")
    };
    assert_eq!(place.reply_to.as_deref(), Some("5"));
    assert_eq!(text, "Anna: c3-d4, @bob to move");
    assert_eq!(
        s.l.placed.lock().unwrap()[&board_key(GameId(1))].message,
        "5"
    );
    // an edit that fails: sent anew
    let s = setup(telegram_like());
    s.t.fail("edit", SendError::Other("message to edit not found".into()));
    let step = Reply {
        in_place: true,
        ..chat(3, "Resign?")
    };
    s.run(vec![step], Some(press("5"))).await;
    assert_eq!(sent(&s.t.ops()), [("g".to_string(), "Resign?".to_string())]);
    assert_eq!(s.done(), [(3, Delivered::Sent)]);
}

#[tokio::test]
async fn a_games_board_is_its_living_board_edited_or_replaced() {
    let s = setup(telegram_like());
    // the first board is sent and becomes the living one
    s.run(vec![board(1, "Game #1 begins")], None).await;
    assert_eq!(
        s.l.placed.lock().unwrap()[&board_key(GameId(1))].message,
        "100"
    );
    // the next is edited into it, with the turn note answering it
    s.run(vec![board(2, "AI: c3-d4")], None).await;
    let ops = s.t.ops();
    assert_eq!(
        ops[1],
        Op::EditMedia {
            message: "100".into(),
            text: "AI: c3-d4".into()
        }
    );
    let Op::Send { place, .. } = &ops[2] else {
        panic!("{ops:?}")
    };
    assert_eq!(place.reply_to.as_deref(), Some("100"));
    // it cannot be edited (deleted): a new board, the old one's buttons off
    s.t.fail("edit", SendError::Other("message to edit not found".into()));
    s.run(vec![board(3, "AI: d4-e5")], None).await;
    let ops = s.t.ops()[3..].to_vec();
    assert!(matches!(ops[0], Op::EditMedia { .. }));
    assert!(matches!(&ops[1], Op::Send { text, .. } if text == "AI: d4-e5"));
    assert_eq!(
        ops[2],
        Op::Clear {
            message: "100".into()
        }
    );
    let now = s.l.placed.lock().unwrap()[&board_key(GameId(1))].clone();
    assert_ne!(now.message, "100");
    // the chat keeps its boards as new messages: no edit
    let new_mode = Reply {
        board_mode: Some(BoardMode::New),
        ..board(4, "AI: e5-f6")
    };
    let before = s.t.ops().len();
    s.run(vec![new_mode], None).await;
    let ops = s.t.ops()[before..].to_vec();
    assert!(matches!(&ops[0], Op::Send { .. }), "{ops:?}");
    assert_eq!(
        ops[1],
        Op::Clear {
            message: now.message
        }
    );
    assert!(s.done().iter().all(|(_, how)| *how == Delivered::Sent));
}

#[tokio::test]
async fn a_live_message_is_edited_where_it_was_posted() {
    let s = setup(telegram_like());
    let live = |id, t: &str| Reply {
        live: Some("analysis-1".into()),
        ..chat(id, t)
    };
    s.run(vec![live(1, "10 %")], None).await;
    s.run(vec![live(2, "20 %")], None).await;
    s.t.fail("edit", SendError::NotModified);
    s.run(vec![live(3, "20 %")], None).await;
    let ops = s.t.ops();
    assert!(matches!(&ops[0], Op::Send { place, .. } if place.keep));
    assert_eq!(
        ops[1..],
        [
            Op::EditText {
                message: "100".into(),
                text: "20 %".into()
            },
            Op::EditText {
                message: "100".into(),
                text: "20 %".into()
            }
        ]
    );
    // deleted: posted anew, the new one edited next
    s.t.fail("edit", SendError::Other("message to edit not found".into()));
    s.run(vec![live(4, "Done")], None).await;
    assert!(matches!(&s.t.ops()[4], Op::Send { text, .. } if text == "Done"));
    assert_eq!(
        s.l.placed.lock().unwrap()[&live_key("analysis-1")].message,
        "101"
    );
    assert!(s.done().iter().all(|(_, how)| *how == Delivered::Sent));
}

#[tokio::test]
async fn a_thread_that_is_gone_gets_the_message_in_the_chat_once() {
    let s = setup(telegram_like());
    s.t.fail("send", SendError::ThreadGone);
    let r = Reply {
        thread: Some("7".into()),
        game_id: Some(GameId(1)),
        ..chat(1, "Your move")
    };
    s.run(vec![r], None).await;
    let ops = s.t.ops();
    let places: Vec<Option<String>> = ops
        .iter()
        .map(|o| match o {
            Op::Send { place, .. } => place.thread.clone(),
            _ => panic!("{o:?}"),
        })
        .collect();
    assert_eq!(places, [Some("7".to_string()), None]);
    assert_eq!(
        *s.l.threads.lock().unwrap(),
        [(GameId(1), None)],
        "the game forgets it"
    );
    assert_eq!(s.done(), [(1, Delivered::Sent)]);
}

#[tokio::test]
async fn a_refused_private_message_is_dropped_not_retried() {
    let s = setup(telegram_like());
    s.t.fail("send", SendError::Forbidden);
    let r = text(
        1,
        Target::Private { user: "bob".into() },
        "Your move in game #1",
    );
    s.run(vec![r], None).await;
    let ops = s.t.ops();
    assert_eq!(ops.len(), 1);
    assert!(matches!(&ops[0], Op::Send { place, .. } if place.private && place.chat == "bob"));
    assert_eq!(s.done(), [(1, Delivered::Refused)]);
}

#[tokio::test]
async fn rate_limits_are_waited_out_then_given_up() {
    let s = setup(telegram_like());
    s.t.fail("send", SendError::RateLimited(Duration::from_millis(30)));
    let t0 = tokio::time::Instant::now();
    s.run(vec![chat(1, "hello")], None).await;
    assert!(t0.elapsed() >= Duration::from_millis(30));
    assert_eq!(sent(&s.t.ops()).len(), 2, "sent again after the pause");
    assert_eq!(s.done(), [(1, Delivered::Sent)]);
    // more limits than the caps allow, then another failure: given up
    for _ in 0..3 {
        s.t.fail("send", SendError::RateLimited(Duration::from_millis(1)));
    }
    s.run(vec![chat(2, "again")], None).await;
    assert_eq!(sent(&s.t.ops()).len(), 2 + 3);
    assert_eq!(s.done()[1], (2, Delivered::Failed));
}

#[tokio::test]
async fn a_reply_standing_for_several_rows_marks_them_all() {
    // a sweep's notices merged by the core: one message, every row done
    let s = setup(telegram_like());
    let merged = Reply {
        outbox: [1, 2, 3].map(OutboxId).to_vec(),
        ..chat(
            0,
            "Reminder: game #1\nReminder: game #2\nChallenge #4 expired",
        )
    };
    s.run(vec![merged], None).await;
    assert_eq!(sent(&s.t.ops()).len(), 1);
    assert_eq!(
        s.done(),
        [
            (1, Delivered::Sent),
            (2, Delivered::Sent),
            (3, Delivered::Sent)
        ]
    );
    // given up: every row too
    let s = setup(telegram_like());
    s.t.fail("send", SendError::Other("bad request".into()));
    let merged = Reply {
        outbox: [4, 5].map(OutboxId).to_vec(),
        ..chat(0, "Reminder")
    };
    s.run(vec![merged], None).await;
    assert_eq!(s.done(), [(4, Delivered::Failed), (5, Delivered::Failed)]);
}

#[tokio::test]
async fn an_interaction_is_answered_with_its_messages_first() {
    let s = setup(Caps {
        toasts: false,
        answer_with_message: true,
        ..telegram_like()
    });
    s.l.placed
        .lock()
        .unwrap()
        .insert(board_key(GameId(1)), placed("4"));
    let elsewhere = Reply {
        thread: Some("t".into()),
        ..chat(1, "in the game's thread")
    };
    let origin = Origin {
        press: Some(Press {
            handle: Arc::new(()),
            pressed: None,
        }),
        ..press("5")
    };
    s.run(
        vec![elsewhere, board(2, "Anna: c3-d4")],
        Some(origin.clone()),
    )
    .await;
    let ops = s.t.ops();
    // the board answers the command as a message of its own (not an edit
    // of the living board), before the thread's message; the board before
    // it loses its buttons
    assert!(
        matches!(&ops[0], Op::Send { text, via: true, .. } if text == "Anna: c3-d4"),
        "{ops:?}"
    );
    assert_eq!(
        ops[1],
        Op::Clear {
            message: "4".into()
        }
    );
    assert!(
        matches!(&ops[2], Op::Send { text, via: false, place, .. } if text == "in the game's thread" && place.thread.as_deref() == Some("t"))
    );
    assert!(!ops.iter().any(|o| matches!(o, Op::Answer { .. })));
    // nothing to say: closed quietly
    s.run(Vec::new(), Some(origin)).await;
    assert_eq!(s.t.ops().last(), Some(&Op::Answer { toast: None }));
}

#[tokio::test]
async fn a_game_that_wants_a_thread_opens_it_first() {
    let s = setup(telegram_like());
    let first = Reply {
        new_thread: Some("Game #1".into()),
        ..board(1, "Game #1 begins")
    };
    s.run(vec![first], None).await;
    let ops = s.t.ops();
    assert_eq!(
        ops[0],
        Op::OpenThread {
            name: "Game #1".into()
        }
    );
    assert!(matches!(&ops[1], Op::Send { place, .. } if place.thread.as_deref() == Some("77")));
    assert_eq!(
        *s.l.threads.lock().unwrap(),
        [(GameId(1), Some("77".into()))]
    );
}

#[tokio::test]
async fn a_slow_chat_delays_no_other_and_keeps_its_order() {
    let s = setup(telegram_like());
    *s.t.slow.lock().unwrap() = Some(("g".into(), Duration::from_millis(300)));
    let other = text(3, Target::Chat("h".into()), "to h");
    let slow = s.d.deliver(vec![chat(1, "first"), chat(2, "second")], None);
    s.run(vec![other], None).await;
    assert_eq!(
        sent(&s.t.ops()),
        [("h".to_string(), "to h".to_string())],
        "h is served while g waits"
    );
    slow.wait().await;
    let order: Vec<String> = sent(&s.t.ops()).into_iter().map(|(_, t)| t).collect();
    assert_eq!(order, ["to h", "first", "second"]);
    // an acknowledgement is handed back once sent
    let owed = Reply {
        ack: Some("analysis-1".into()),
        ..chat(4, "Analysis of game #1")
    };
    *s.t.slow.lock().unwrap() = None;
    s.run(vec![owed], None).await;
    assert_eq!(*s.l.acks.lock().unwrap(), ["analysis-1"]);
}

fn discord_like() -> Caps {
    Caps {
        toasts: false,
        answer_with_message: true,
        edits: true,
        rate_limit_retries: 2,
        boards: BoardMode::Edit,
    }
}

/// A note for Anna with a button: more than a toast can say.
fn prompt(id: i64, t: &str) -> Reply {
    Reply {
        choices: vec![vec![crate::core::Choice {
            label: "Accept".into(),
            payload: "a:1".into(),
            kind: crate::core::ChoiceKind::Positive,
        }]],
        ..note(id, t)
    }
}

/// After a restart a note for one person has no press to answer: on
/// Telegram it is a chat message, as a longer note would have been — not
/// dropped (it may be the answer to a typed command, which is owed), and
/// not sent privately.
#[tokio::test]
async fn after_a_restart_a_note_for_one_person_is_a_chat_message_on_telegram() {
    let s = setup(telegram_like());
    s.resume(vec![
        note(1, "Not your turn."),
        prompt(2, "Bob offers a draw"),
    ])
    .await;
    let ops = s.t.ops();
    assert_eq!(
        sent(&ops),
        [
            ("g".to_string(), "Not your turn.".to_string()),
            ("g".to_string(), "Bob offers a draw".to_string())
        ]
    );
    assert!(
        ops.iter()
            .all(|o| !matches!(o, Op::Send { place, .. } if place.private)),
        "{ops:?}"
    );
    assert_eq!(s.done(), [(1, Delivered::Sent), (2, Delivered::Sent)]);
}

/// After a restart an ephemeral answer has no interaction: it goes to the
/// person privately (a DM), never to the channel for everyone.
#[tokio::test]
async fn after_a_restart_an_ephemeral_note_goes_privately() {
    let s = setup(discord_like());
    s.resume(vec![note(1, "Not your turn."), prompt(2, "Your games: #1")])
        .await;
    let ops = s.t.ops();
    let sends: Vec<&Place> = ops
        .iter()
        .filter_map(|o| match o {
            Op::Send { place, .. } => Some(place),
            _ => None,
        })
        .collect();
    assert_eq!(sends.len(), 2, "{ops:?}");
    for p in sends {
        assert!(p.private, "{p:?}");
        assert_eq!((p.chat.as_str(), p.thread.as_deref()), ("anna", None));
    }
    assert_eq!(s.done(), [(1, Delivered::Sent), (2, Delivered::Sent)]);
    // delivered live without an interaction, a note is not made private
    let s = setup(discord_like());
    s.run(vec![note(3, "Not your turn.")], None).await;
    assert!(
        s.t.ops()
            .iter()
            .all(|o| !matches!(o, Op::Send { place, .. } if place.private)),
        "{:?}",
        s.t.ops()
    );
}

/// After a restart the answer to a button press ("not your turn", the
/// press's toast) is too late to mean anything once older than its useful
/// life: dropped, marked expired — while the same press's board, a post,
/// the answer to a typed command (however late), and a press's answer
/// still fresh are sent.
#[tokio::test]
async fn after_a_restart_a_stale_press_answer_is_dropped_and_the_board_still_sent() {
    let s = setup(telegram_like());
    let late = PRESS_ANSWER_LIFE.as_secs() + 30;
    s.resume_owed(vec![
        owed(DeliveryKind::PressNote, late, note(1, "Not your turn.")),
        owed(DeliveryKind::Board, late, board(2, "c3-d4")),
        owed(DeliveryKind::Post, late, chat(3, "Anna offers a draw.")),
        owed(DeliveryKind::Note, late, note(4, "Your games: #1")),
        owed(DeliveryKind::PressNote, 2, note(5, "Wait for your turn.")),
    ])
    .await;
    let ops = s.t.ops();
    assert_eq!(
        sent(&ops),
        [
            ("g".to_string(), "c3-d4".to_string()),
            ("g".to_string(), "Anna offers a draw.".to_string()),
            ("g".to_string(), "Your games: #1".to_string()),
            ("g".to_string(), "Wait for your turn.".to_string()),
        ],
        "{ops:?}"
    );
    assert_eq!(
        s.done(),
        [
            (1, Delivered::Expired),
            (2, Delivered::Sent),
            (3, Delivered::Sent),
            (4, Delivered::Sent),
            (5, Delivered::Sent)
        ]
    );
}

/// After a restart the board that was to replace the pressed board is
/// edited into the game's living board, whose message id is kept.
#[tokio::test]
async fn after_a_restart_an_owed_board_in_place_edits_the_kept_board() {
    let s = setup(telegram_like());
    s.l.placed
        .lock()
        .unwrap()
        .insert(board_key(GameId(1)), placed("50"));
    let moved = Reply {
        in_place: true,
        ..board(1, "c3-d4")
    };
    s.resume(vec![moved]).await;
    let ops = s.t.ops();
    assert_eq!(
        ops.first(),
        Some(&Op::EditMedia {
            message: "50".into(),
            text: "c3-d4".into()
        }),
        "{ops:?}"
    );
    assert!(
        !sent(&ops).iter().any(|(_, t)| t == "c3-d4"),
        "not sent anew: {ops:?}"
    );
    assert_eq!(s.done(), [(1, Delivered::Sent)]);
}

/// A link back to a game names the message of the game's living board
/// where the link points (the game's chat and thread); pointing elsewhere,
/// the chat alone. (Discord's jump link: the adapter only writes it out.)
#[tokio::test]
async fn a_link_back_to_a_game_names_its_living_board() {
    use crate::core::{Link, LinkTo};
    let s = setup(discord_like());
    s.l.placed
        .lock()
        .unwrap()
        .insert(board_key(GameId(1)), placed("50"));
    let dm = |id, chat: &str, thread: Option<&str>| Reply {
        link: Some(Link {
            label: "Open the game".into(),
            to: LinkTo::Game {
                game: GameId(1),
                chat: chat.into(),
                thread: thread.map(str::to_string),
                board: None,
            },
        }),
        ..text(
            id,
            Target::Private {
                user: "anna".into(),
            },
            "Your move.",
        )
    };
    s.run(
        vec![dm(1, "g", None), dm(2, "h", None), dm(3, "g", Some("7"))],
        None,
    )
    .await;
    let boards: Vec<Option<String>> =
        s.t.links
            .lock()
            .unwrap()
            .iter()
            .map(|l| match l {
                Some(Link {
                    to: LinkTo::Game { board, .. },
                    ..
                }) => board.clone(),
                other => panic!("{other:?}"),
            })
            .collect();
    assert_eq!(boards, [Some("50".to_string()), None, None]);
}

/// A press on a prompt the core says stays one (`Outcome::keep_pressed`:
/// a puzzle's question, which a group shares) keeps its buttons though the
/// press did something for others to see: the next member answers the
/// same daily post. The same answer to any other prompt uses it up.
#[tokio::test]
async fn a_prompt_the_core_keeps_keeps_its_buttons_after_a_press() {
    let answer = |s: &Setup, keep: bool| {
        let right = chat(1, "Right! 33-29, then 24x33");
        let from = (Platform::Telegram, press("5"));
        let delivery = s.d.answer(vec![right], from, keep);
        async move {
            tokio::time::timeout(Duration::from_secs(10), delivery.wait())
                .await
                .expect("delivered")
        }
    };
    let s = setup(telegram_like());
    answer(&s, true).await;
    let ops = s.t.ops();
    assert_eq!(ops[0], Op::Answer { toast: None });
    assert_eq!(
        sent(&ops),
        [("g".to_string(), "Right! 33-29, then 24x33".to_string())]
    );
    assert!(
        !ops.iter().any(|o| matches!(o, Op::Clear { .. })),
        "the question keeps its buttons: {ops:?}"
    );
    assert_eq!(s.done(), [(1, Delivered::Sent)]);
    // a wrong try's note is the press's toast, the question as it was
    let s = setup(telegram_like());
    let from = (Platform::Telegram, press("5"));
    let wrong = note(2, "Not this one (32-28). Try again: 2 tries left.");
    tokio::time::timeout(
        Duration::from_secs(10),
        s.d.answer(vec![wrong], from, true).wait(),
    )
    .await
    .expect("delivered");
    assert_eq!(
        s.t.ops(),
        [Op::Answer {
            toast: Some("Not this one (32-28). Try again: 2 tries left.".into())
        }]
    );
    // any other prompt: used up by the press
    let s = setup(telegram_like());
    answer(&s, false).await;
    assert_eq!(
        s.t.ops().last(),
        Some(&Op::Clear {
            message: "5".into()
        })
    );
}
