//! The console chat: a local chat room on stdin/stdout, an adapter on the
//! runtime's hub like the bots. Lines are messages (commands or bare moves)
//! from the current user; `/as NAME` switches the user, `/pick N` presses
//! the N-th button of the last message with buttons. Every event goes
//! through the hub and every reply comes back on the console's reply route;
//! the AI's moves run on the hub's workers, and the console waits for them
//! before it reads the next line, so a piped script sees the AI's answer
//! where a person at the terminal would. Before each line the sweeper is
//! asked for a pass (deadlines, reminders, the daily puzzle). Boards are
//! written as PNG files and printed as text diagrams. Works with piped input
//! and stops at its end. The console's own words (the banner, "pressed",
//! "board image", …) are `console-*` messages of the catalogue, in English
//! like the rest of its frame.

use crate::args;
use crate::core::i18n::{Args, Catalog, Lang};
use crate::core::{ChatRef, Event, Input, Platform, Reply, UserRef};
use crate::runtime::{stopped, Adapter, AdapterFuture, Hub, ReplyRx};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, BufReader};

/// Console settings.
pub struct ConsoleOptions {
    /// Where board images go.
    pub boards_dir: PathBuf,
    /// The first speaking user.
    pub user: String,
    /// The language the platform "reports" for users.
    pub lang: Option<String>,
}

struct State {
    user: String,
    last_choices: Vec<(String, String)>,
    boards_written: usize,
    catalog: Catalog,
}

impl State {
    /// A line of the console's frame.
    fn say(&self, id: &str, args: &Args) -> String {
        self.catalog.get(Lang::En, id, Some(args))
    }
}

fn user_ref(name: &str, lang: &Option<String>) -> UserRef {
    let id: String = name
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '_')
        .collect::<String>()
        .to_lowercase();
    UserRef {
        id: id.clone(),
        name: name.to_string(),
        handle: Some(id),
        lang: lang.clone(),
        // the console is its owner's terminal
        is_admin: true,
    }
}

/// The console as an adapter for [`crate::runtime::run`].
pub struct Console(pub ConsoleOptions);

impl Adapter for Console {
    fn platform(&self) -> Platform {
        Platform::Console
    }

    fn run(self: Box<Self>, hub: Hub) -> AdapterFuture {
        Box::pin(async move { Ok(run(hub, self.0).await?) })
    }
}

/// Run the console chat until the end of input (or the hub's shutdown).
/// Every reply comes on the console's route, as it is.
pub async fn run(hub: Hub, opts: ConsoleOptions) -> std::io::Result<()> {
    let mut replies = hub.register(Platform::Console);
    let interactive = std::io::stdin().is_terminal();
    std::fs::create_dir_all(&opts.boards_dir)?;
    let mut st = State {
        user: opts.user.clone(),
        last_choices: Vec::new(),
        boards_written: 0,
        catalog: Catalog::new(),
    };
    let credited = hub.downtime_credited();
    if credited > 0 {
        println!("{}", st.say("console-downtime", &args![("secs", credited)]));
    }
    if interactive {
        println!(
            "{}",
            st.say("console-banner", &args![("user", st.user.as_str())])
        );
    }
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut stop = hub.shutdown();
    loop {
        // deadlines, reminders and daily puzzles due now
        hub.sweep_now().await;
        show_queued(&mut replies, &mut st, &opts)?;
        if interactive {
            print!("{}> ", st.user);
            std::io::stdout().flush()?;
        }
        let line = tokio::select! {
            line = lines.next_line() => line?,
            _ = stopped(&mut stop) => break,
        };
        let Some(line) = line else {
            break;
        };
        let line = line.trim().to_string();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if !interactive {
            println!("{}> {}", st.user, line);
        }
        let input = if let Some(name) = line.strip_prefix("/as ") {
            st.user = name.trim().to_string();
            println!(
                "{}",
                st.say("console-speaking-as", &args![("user", st.user.as_str())])
            );
            continue;
        } else if let Some(n) = line.strip_prefix("/pick ") {
            match n
                .trim()
                .parse::<usize>()
                .ok()
                .and_then(|i| st.last_choices.get(i.wrapping_sub(1)))
            {
                Some((label, payload)) => {
                    println!(
                        "{}",
                        st.say("console-pressed", &args![("label", label.as_str())])
                    );
                    Input::Choice(payload.clone())
                }
                None => {
                    let a = args![("n", n.trim()), ("count", st.last_choices.len())];
                    println!("{}", st.say("console-no-button", &a));
                    continue;
                }
            }
        } else {
            Input::Text(line)
        };
        let event = Event {
            platform: Platform::Console,
            chat: ChatRef {
                id: "console".into(),
                title: Some("console".into()),
                is_private: false,
            },
            user: user_ref(&st.user, &opts.lang),
            input,
            update_id: None,
            to_bot: true,
            thread: None,
        };
        let _busy = hub.tracker().enter();
        let apology = hub.failure_reply(&event);
        let done = match hub.submit(event).await {
            Ok(done) => done,
            // logged by the hub; the speaker hears it and the chat goes on
            Err(_) => {
                show(&[apology], &mut st, &opts)?;
                continue;
            }
        };
        // the replies as they come, until the jobs (the AI's moves) are done
        loop {
            tokio::select! {
                biased;
                Some(r) = replies.recv() => show(&[r], &mut st, &opts)?,
                _ = done.wait() => break,
            }
        }
        show_queued(&mut replies, &mut st, &opts)?;
    }
    // the end of input: let work in flight finish and show what it says
    hub.tracker().wait_idle(Duration::from_secs(60)).await;
    show_queued(&mut replies, &mut st, &opts)?;
    Ok(())
}

/// Show the replies waiting on the route.
fn show_queued(
    replies: &mut ReplyRx,
    st: &mut State,
    opts: &ConsoleOptions,
) -> std::io::Result<()> {
    let mut queued = Vec::new();
    while let Ok(r) = replies.try_recv() {
        queued.push(r);
    }
    show(&queued, st, opts)
}

fn show(replies: &[Reply], st: &mut State, opts: &ConsoleOptions) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    for r in replies {
        writeln!(out, "{}", crate::core::strip_markup(&r.text))?;
        if let Some(img) = &r.image {
            st.boards_written += 1;
            let name = format!("{:04}-{}", st.boards_written, img.file_name);
            let path = opts.boards_dir.join(name);
            std::fs::write(&path, img.bytes())?;
            let a = args![("path", path.display().to_string())];
            writeln!(out, "{}", st.say("console-board-image", &a))?;
        }
        if let Some(d) = r.diagram() {
            writeln!(out, "{d}")?;
        }
        if let Some((name, _)) = &r.document {
            if r.image.is_some() {
                let a = args![("name", name.as_str())];
                writeln!(out, "{}", st.say("console-attached", &a))?;
            }
        }
        if !r.choices.is_empty() {
            st.last_choices = r
                .choices
                .iter()
                .flatten()
                .map(|c| (c.label.clone(), c.payload.clone()))
                .collect();
            let mut line = st.say("console-buttons", &args![]);
            for (i, (label, _)) in st.last_choices.iter().enumerate() {
                line.push_str(&format!("  [{}] {}", i + 1, label));
            }
            writeln!(out, "{line}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}
