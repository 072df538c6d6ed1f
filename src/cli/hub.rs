//! `shashki hub`: the Hub protocol (version 2, as spoken by Scan) on
//! stdin/stdout with `variant=russian`, so draughts GUIs and match tools can
//! drive the engine.
//!
//! Positions are `pos pos=<W|B><32 squares>` with `w b W B e` per square in
//! PDN order (1 = b8 … 32 = g1), optionally followed by `moves="…"`; moves
//! are numeric: `22-17`, captures `from x to x captured…` (Scan's form, e.g.
//! `22x13x18`); on input the landing-square form (`22x13x6`) is accepted too.

use super::CliResult;
use shashki_engine::search::{Limits, Searcher, WIN, WIN_BOUND};
use shashki_engine::{Color, Kind, Move, Piece, Position, Square};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

#[derive(clap::Args)]
pub struct HubArgs {}

/// Split a Hub line into the command and its `arg[=value]` pairs.
pub fn tokenize(line: &str) -> (String, Vec<(String, String)>) {
    let mut words: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for ch in line.trim().chars() {
        match ch {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any || !cur.is_empty() {
                    words.push(std::mem::take(&mut cur));
                }
                any = false;
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any || !cur.is_empty() {
        words.push(cur);
    }
    let mut it = words.into_iter();
    let cmd = it.next().unwrap_or_default();
    let args = it
        .map(|w| match w.split_once('=') {
            Some((k, v)) => (k.to_string(), v.to_string()),
            None => (w, String::new()),
        })
        .collect();
    (cmd, args)
}

/// Parse Hub's position string.
pub fn parse_hub_position(s: &str) -> Result<Position, String> {
    let b = s.as_bytes();
    if b.len() != 33 {
        return Err(format!("position must have 33 characters, got {}", b.len()));
    }
    let side = match b[0] {
        b'W' | b'w' => Color::White,
        b'B' | b'b' => Color::Black,
        c => return Err(format!("bad side to move '{}'", c as char)),
    };
    let mut pos = Position::empty(side);
    for (i, &c) in b[1..].iter().enumerate() {
        let sq = Square::from_pdn(i as u8 + 1).expect("1..=32");
        let piece = match c {
            b'w' => Some((Color::White, Kind::Man)),
            b'b' => Some((Color::Black, Kind::Man)),
            b'W' => Some((Color::White, Kind::King)),
            b'B' => Some((Color::Black, Kind::King)),
            b'e' | b'.' => None,
            c => return Err(format!("bad square character '{}'", c as char)),
        };
        if let Some((color, kind)) = piece {
            pos.set(sq, Some(Piece { color, kind }));
        }
    }
    Ok(pos)
}

/// Write a position in Hub's format (used by tests and tools).
#[allow(dead_code)]
pub fn hub_position(pos: &Position) -> String {
    let mut s = String::with_capacity(33);
    s.push(if pos.side_to_move() == Color::White {
        'W'
    } else {
        'B'
    });
    for n in 1..=32 {
        let sq = Square::from_pdn(n).expect("1..=32");
        s.push(match pos.piece_at(sq) {
            None => 'e',
            Some(Piece {
                color: Color::White,
                kind: Kind::Man,
            }) => 'w',
            Some(Piece {
                color: Color::Black,
                kind: Kind::Man,
            }) => 'b',
            Some(Piece {
                color: Color::White,
                kind: Kind::King,
            }) => 'W',
            Some(Piece {
                color: Color::Black,
                kind: Kind::King,
            }) => 'B',
        });
    }
    s
}

/// A move in Hub notation: `22-17`, or `from x to x captured…`.
pub fn hub_move(mv: &Move) -> String {
    if !mv.is_capture() {
        return format!("{}-{}", mv.from().pdn(), mv.to().pdn());
    }
    let mut s = format!("{}x{}", mv.from().pdn(), mv.to().pdn());
    for c in mv.captured_squares() {
        s.push_str(&format!("x{}", c.pdn()));
    }
    s
}

/// Find the legal move meant by a Hub move string.
pub fn parse_hub_move(pos: &Position, text: &str) -> Result<Move, String> {
    let nums: Result<Vec<u8>, _> = text
        .split(['-', 'x', 'X', ':'])
        .map(|t| t.parse::<u8>())
        .collect();
    let nums = nums.map_err(|_| format!("bad move '{text}'"))?;
    let sq: Vec<Square> = nums
        .iter()
        .map(|&n| Square::from_pdn(n).ok_or_else(|| format!("bad square {n} in '{text}'")))
        .collect::<Result<_, _>>()?;
    if sq.len() < 2 {
        return Err(format!("bad move '{text}'"));
    }
    let legal = pos.legal_moves();
    // Scan's form: from, to, captured squares
    let scan: Vec<&Move> = legal
        .iter()
        .filter(|m| {
            m.from() == sq[0]
                && m.to() == sq[1]
                && sq[2..].iter().all(|s| m.captured() & s.bb() != 0)
                && (sq.len() == 2 || m.capture_count() as usize == sq.len() - 2)
        })
        .collect();
    if scan.len() == 1 {
        return Ok(*scan[0]);
    }
    // landing-square form: from, then every landing square
    let path: Vec<&Move> = legal.iter().filter(|m| m.path() == sq).collect();
    if let Some(m) = path.first() {
        return Ok(**m);
    }
    match scan.first() {
        Some(m) => Ok(**m), // ambiguous short form: the first one
        None => Err(format!("illegal move '{text}'")),
    }
}

enum Budget {
    Depth(u32),
    MoveTime(Duration),
    Clock {
        time: f64,
        moves: Option<f64>,
        inc: f64,
    },
    Infinite,
}

struct Hub {
    searcher: Arc<Mutex<Searcher>>,
    pos: Position,
    history: Vec<u64>,
    budget: Budget,
    stop: Arc<AtomicBool>,
    worker: Option<JoinHandle<()>>,
    hash_mb: usize,
}

fn say(line: &str) {
    let out = std::io::stdout();
    let mut o = out.lock();
    let _ = writeln!(o, "{line}");
    let _ = o.flush();
}

impl Hub {
    fn finish_search(&mut self) {
        if let Some(h) = self.worker.take() {
            self.stop.store(true, Ordering::Relaxed);
            let _ = h.join();
        }
    }

    fn go(&mut self) {
        self.finish_search();
        let stop = Arc::new(AtomicBool::new(false));
        self.stop = stop.clone();
        let mut limits = Limits {
            stop: Some(stop),
            ..Limits::default()
        };
        match self.budget {
            Budget::Depth(d) => limits.depth = Some(d),
            Budget::MoveTime(t) => limits.movetime = Some(t),
            Budget::Clock { time, moves, inc } => {
                let per = time / moves.unwrap_or(30.0).max(1.0) + inc * 0.8;
                let per = per.min(time * 0.4).max(0.01);
                limits.movetime = Some(Duration::from_secs_f64(per));
            }
            Budget::Infinite => {}
        }
        let pos = self.pos;
        let history = self.history.clone();
        let searcher = self.searcher.clone();
        self.worker = Some(std::thread::spawn(move || {
            let mut s = searcher.lock().unwrap_or_else(|e| e.into_inner());
            let r = s.search(&pos, &history, &limits, |i| {
                let pv: Vec<String> = i.pv.iter().map(hub_move).collect();
                let score = if i.score.abs() > WIN_BOUND {
                    // report wins as a large number of men, sign kept
                    i.score.signum() as f64 * (1000.0 - (WIN - i.score.abs()) as f64)
                } else {
                    i.score as f64 / 100.0
                };
                say(&format!(
                    "info depth={} score={:.2} nodes={} time={:.3} nps={:.1} pv=\"{}\"",
                    i.depth,
                    score,
                    i.nodes,
                    i.elapsed.as_secs_f64(),
                    i.nps() as f64 / 1e6,
                    pv.join(" ")
                ));
            });
            match r {
                Some(r) => {
                    let ponder =
                        r.pv.get(1)
                            .map(|m| format!(" ponder={}", hub_move(m)))
                            .unwrap_or_default();
                    say(&format!("done move={}{ponder}", hub_move(&r.best_move)));
                }
                None => say("error message=\"no legal move\""),
            }
        }));
    }

    fn set_position(&mut self, args: &[(String, String)]) -> Result<(), String> {
        let mut pos = Position::initial();
        let mut history = Vec::new();
        for (k, v) in args {
            match k.as_str() {
                "pos" => pos = parse_hub_position(v)?,
                "start" => pos = Position::initial(),
                _ => {}
            }
        }
        if let Some((_, moves)) = args.iter().find(|(k, _)| k == "moves") {
            for m in moves.split_whitespace() {
                let mv = parse_hub_move(&pos, m)?;
                history.push(pos.hash());
                pos = pos.make(&mv);
            }
        }
        self.pos = pos;
        self.history = history;
        Ok(())
    }
}

pub fn run(_a: HubArgs) -> CliResult {
    let mut hub = Hub {
        searcher: Arc::new(Mutex::new(Searcher::new(64))),
        pos: Position::initial(),
        history: Vec::new(),
        budget: Budget::MoveTime(Duration::from_secs(1)),
        stop: Arc::new(AtomicBool::new(false)),
        worker: None,
        hash_mb: 64,
    };
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = line?;
        let (cmd, args) = tokenize(&line);
        let arg = |name: &str| {
            args.iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        };
        match cmd.as_str() {
            "hub" => {
                say(&format!(
                    "id name=shashki version={} author=\"shashki developers\" country=Russia",
                    env!("CARGO_PKG_VERSION")
                ));
                say("param name=variant value=russian type=enum values=\"russian\"");
                say("param name=hash value=64 type=int min=1 max=4096");
                say("wait");
            }
            "set-param" => {
                if arg("name") == Some("hash") {
                    if let Some(mb) = arg("value").and_then(|v| v.parse().ok()) {
                        hub.hash_mb = mb;
                    }
                } else if arg("name") == Some("variant")
                    && !matches!(arg("value"), Some("russian") | Some("normal"))
                {
                    say("error message=\"only variant=russian is supported\"");
                }
            }
            "init" => {
                hub.finish_search();
                hub.searcher = Arc::new(Mutex::new(Searcher::new(hub.hash_mb)));
                say("ready");
            }
            "new-game" => {
                hub.finish_search();
                hub.searcher
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .clear();
            }
            "pos" => {
                hub.finish_search();
                if let Err(e) = hub.set_position(&args) {
                    say(&format!("error message=\"{e}\""));
                }
            }
            "level" => {
                if let Some(d) = arg("depth").and_then(|v| v.parse().ok()) {
                    hub.budget = Budget::Depth(d);
                } else if let Some(t) = arg("move-time").and_then(|v| v.parse::<f64>().ok()) {
                    hub.budget = Budget::MoveTime(Duration::from_secs_f64(t.max(0.001)));
                } else if let Some(t) = arg("time").and_then(|v| v.parse::<f64>().ok()) {
                    hub.budget = Budget::Clock {
                        time: t,
                        moves: arg("moves").and_then(|v| v.parse().ok()),
                        inc: arg("inc").and_then(|v| v.parse().ok()).unwrap_or(0.0),
                    };
                } else if arg("infinite").is_some() {
                    hub.budget = Budget::Infinite;
                }
            }
            "go" => {
                if hub.pos.legal_moves().is_empty() {
                    say("error message=\"no legal move in this position\"");
                } else {
                    hub.go();
                }
            }
            "stop" => hub.stop.store(true, Ordering::Relaxed),
            "ping" => say("pong"),
            "ponder-hit" => {}
            "quit" => break,
            "" => {}
            _ => {}
        }
    }
    // stdin closed or quit: finish quickly
    hub.finish_search();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokenizes_quoted_values() {
        let (c, a) = tokenize("info depth=3 pv=\"22-17 11-15\" flag");
        assert_eq!(c, "info");
        assert_eq!(a[1], ("pv".into(), "22-17 11-15".into()));
        assert_eq!(a[2], ("flag".into(), String::new()));
    }

    #[test]
    fn positions_round_trip() {
        let p = Position::initial();
        let s = hub_position(&p);
        assert_eq!(s, "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
        assert_eq!(parse_hub_position(&s).unwrap(), p);
    }

    #[test]
    fn moves_round_trip() {
        let p = Position::from_fen("W:W21,22:B17,18").unwrap();
        for m in p.legal_moves() {
            assert_eq!(parse_hub_move(&p, &hub_move(&m)).unwrap(), m);
        }
        let p = Position::initial();
        assert_eq!(parse_hub_move(&p, "22-18").unwrap().to_string(), "c3-d4");
    }
}
