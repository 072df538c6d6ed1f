//! The console chat: a local chat room on stdin/stdout. Lines are messages
//! (commands or bare moves) from the current user; `/as NAME` switches the
//! user, `/pick N` presses the N-th button of the last message with buttons.
//! Boards are written as PNG files and printed as text diagrams. Works with
//! piped input and stops at its end.

use crate::core::{ChatRef, Event, Input, Job, Outcome, Platform, Reply, Service, UserRef};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
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
    seq: u64,
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
    }
}

/// Run the console chat until the end of input.
pub async fn run(service: Arc<Service>, opts: ConsoleOptions) -> std::io::Result<()> {
    let interactive = std::io::stdin().is_terminal();
    std::fs::create_dir_all(&opts.boards_dir)?;
    let credited = service.recover().map_err(std::io::Error::other)?;
    if credited > 0 {
        println!("(the bot was down for {credited} s: deadlines were extended by that)");
    }
    let mut st = State {
        user: opts.user.clone(),
        last_choices: Vec::new(),
        boards_written: 0,
        seq: 0,
    };
    if interactive {
        println!("shashki console — you are {}. /help lists commands; /as NAME switches user; /pick N presses a button; Ctrl-D quits.", st.user);
    }
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    loop {
        // deadlines, reminders and daily puzzles due now
        let mut swept = service.sweep().map_err(std::io::Error::other)?;
        swept.extend(service.daily_due().map_err(std::io::Error::other)?);
        show(&swept, &mut st, &opts)?;
        if interactive {
            print!("{}> ", st.user);
            std::io::stdout().flush()?;
        }
        let Some(line) = lines.next_line().await? else {
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
            println!("(now speaking as {})", st.user);
            continue;
        } else if let Some(n) = line.strip_prefix("/pick ") {
            match n
                .trim()
                .parse::<usize>()
                .ok()
                .and_then(|i| st.last_choices.get(i.wrapping_sub(1)))
            {
                Some((label, payload)) => {
                    println!("(pressed “{label}”)");
                    Input::Choice(payload.clone())
                }
                None => {
                    println!(
                        "(no button {} — the last message had {} buttons)",
                        n.trim(),
                        st.last_choices.len()
                    );
                    continue;
                }
            }
        } else {
            Input::Text(line)
        };
        st.seq += 1;
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
            bare_moves: true,
        };
        let outcome = service.handle(&event).map_err(std::io::Error::other)?;
        run_outcome(&service, outcome, &mut st, &opts).await?;
    }
    service.heartbeat().map_err(std::io::Error::other)?;
    Ok(())
}

/// Show replies, then run the jobs (the AI's moves) off the async threads and
/// show what they produce.
async fn run_outcome(
    service: &Arc<Service>,
    outcome: Outcome,
    st: &mut State,
    opts: &ConsoleOptions,
) -> std::io::Result<()> {
    show(&outcome.replies, st, opts)?;
    let mut jobs: Vec<Job> = outcome.jobs;
    while let Some(job) = jobs.pop() {
        let svc = Arc::clone(service);
        let out = tokio::task::spawn_blocking(move || svc.run_job(job))
            .await
            .map_err(std::io::Error::other)?
            .map_err(std::io::Error::other)?;
        show(&out.replies, st, opts)?;
        jobs.extend(out.jobs);
    }
    Ok(())
}

fn show(replies: &[Reply], st: &mut State, opts: &ConsoleOptions) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    for r in replies {
        writeln!(out, "{}", r.text)?;
        if let Some(img) = &r.image {
            st.boards_written += 1;
            let name = format!("{:04}-{}", st.boards_written, img.file_name);
            let path = opts.boards_dir.join(name);
            std::fs::write(&path, &img.bytes)?;
            writeln!(out, "[board image: {}]", path.display())?;
        }
        if let Some(d) = &r.diagram {
            writeln!(out, "{d}")?;
        }
        if let Some((name, _)) = &r.document {
            if r.image.is_some() {
                writeln!(out, "[{name} attached; /pdn shows it]")?;
            }
        }
        if !r.choices.is_empty() {
            st.last_choices = r
                .choices
                .iter()
                .flatten()
                .map(|c| (c.label.clone(), c.payload.clone()))
                .collect();
            let mut line = String::from("buttons:");
            for (i, (label, _)) in st.last_choices.iter().enumerate() {
                line.push_str(&format!("  [{}] {}", i + 1, label));
            }
            writeln!(out, "{line}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}
