//! Building replies, in one place: texts ([`text`]), buttons ([`buttons`])
//! and boards ([`board`]); a text's mentions and spoilers before a
//! platform's syntax ([`rich`]). A [`Draft`] is a reply before its board
//! is drawn; boards are drawn after the transaction has committed.

pub(crate) mod board;
pub(crate) mod buttons;
pub mod rich;
pub(crate) mod text;

use super::ctx::Env;
use super::error::Refusal;
use super::i18n::Lang;
use super::picture::{BoardPicture, Marks, Picture, Pos};
use super::types::Event;
use super::types::{BoardMode, Choice, Image, Link, Mention, Menu, Platform, Reply, Share, Target};
use super::Config;
use crate::render::Theme;
use crate::store::GameId;
use shashki_engine::{AnyMove, AnyPosition, Variant};

/// A board to draw once the transaction has committed.
#[derive(Debug, Clone)]
pub(crate) struct BoardView {
    pub position: AnyPosition,
    /// The position before the last move, and the move (drawn as a path).
    pub last: Option<(AnyPosition, AnyMove)>,
    pub flip: bool,
    pub theme: Theme,
    pub caption: String,
    /// Names the image file: `board-<name>.png`.
    pub name: String,
    /// The empty squares numbered (English, Italian, Portuguese draughts;
    /// the 10×10 boards).
    pub numbered: bool,
    /// Whose board: its shape, orientation and numbering.
    pub variant: Variant,
    /// Behind a spoiler (see [`Image::hidden`]).
    pub hidden: bool,
}

/// A reply before its board is drawn.
#[derive(Debug, Clone)]
pub(crate) struct Draft {
    pub target: Target,
    pub text: String,
    pub board: Option<BoardView>,
    /// Menus above the buttons (see [`Reply::menus`]).
    pub menus: Vec<Menu>,
    pub choices: Vec<Vec<Choice>>,
    pub mentions: Vec<Mention>,
    pub game_id: Option<GameId>,
    pub document: Option<(String, String)>,
    /// A ready picture that is not a board (a crosstable); a board wins.
    pub image: Option<Image>,
    /// Takes the pressed message's place (see [`Reply::in_place`]).
    pub in_place: bool,
    /// How the chat keeps a game's board (see [`Reply::board_mode`]).
    pub board_mode: Option<BoardMode>,
    /// The short turn line for a board edited in place.
    pub turn_note: Option<String>,
    /// The thread to post in: `None` until decided — when the action ends,
    /// a draft for the action's chat gets the action's thread (the event's;
    /// for the AI and the sweeper the game's); a game's board decides its
    /// game's (`Some`).
    pub thread: Option<Option<String>>,
    /// A link button (see [`Reply::link`]).
    pub link: Option<Link>,
    /// Open a thread of this name for the game (see [`Reply::new_thread`]).
    pub new_thread: Option<String>,
    /// The live message this reply sends or edits (see [`Reply::live`]).
    pub live: Option<String>,
    /// See [`Reply::ack`].
    pub ack: Option<String>,
    /// See [`Reply::share`].
    pub share: Option<Share>,
}

impl Draft {
    pub fn text(target: Target, text: String) -> Draft {
        Draft {
            target,
            text,
            board: None,
            menus: Vec::new(),
            choices: Vec::new(),
            mentions: Vec::new(),
            game_id: None,
            document: None,
            image: None,
            in_place: false,
            board_mode: None,
            turn_note: None,
            thread: None,
            link: None,
            new_thread: None,
            live: None,
            ack: None,
            share: None,
        }
    }
}

impl Draft {
    /// This draft with `lines` added to its text, one a line, as several
    /// drafts when the text would not fit one message of `max` characters:
    /// cut at line ends (a line longer than a message is cut inside). The
    /// first keeps everything else (picture, buttons, mentions, document);
    /// since an adapter may write a mention out after the text, the first
    /// leaves room for them.
    pub fn split_lines(self, lines: &[String], max: usize) -> Vec<Draft> {
        let reserve: usize = self
            .mentions
            .iter()
            .map(|m| m.name.chars().count().max(24) + 1)
            .sum();
        let max = max.max(2);
        let first_max = max.saturating_sub(reserve).max(max / 2);
        let mut pieces: Vec<String> = Vec::new();
        let mut cur = self.text.clone();
        let mut len = cur.chars().count();
        let limit = |pieces: &Vec<String>| if pieces.is_empty() { first_max } else { max };
        for line in lines {
            let n = line.chars().count();
            if len > 0 && len + 1 + n > limit(&pieces) {
                pieces.push(std::mem::take(&mut cur));
                len = 0;
            }
            if len > 0 {
                cur.push('\n');
                len += 1;
            }
            cur.push_str(line);
            len += n;
            while len > limit(&pieces) {
                let cut = limit(&pieces);
                let head: String = cur.chars().take(cut).collect();
                cur = cur.chars().skip(cut).collect();
                len -= cut;
                pieces.push(head);
            }
        }
        if len > 0 || pieces.is_empty() {
            pieces.push(cur);
        }
        let mut pieces = pieces.into_iter();
        let first = Draft {
            text: pieces.next().unwrap_or_default(),
            ..self
        };
        let target = first.target.clone();
        let thread = first.thread.clone();
        let mut out = vec![first];
        out.extend(pieces.map(|text| Draft {
            thread: thread.clone(),
            ..Draft::text(target.clone(), text)
        }));
        out
    }
}

/// The refusal `r` of `ev`, for its sender alone, in `lang`.
pub(crate) fn refusal_reply(env: &Env, ev: &Event, lang: Lang, r: &Refusal) -> Reply {
    let target = Target::User {
        chat: ev.chat.id.clone(),
        user: ev.user.id.clone(),
    };
    let text = text::refusal_text(&env.catalog, lang, r);
    let mut d = Draft::text(target, text);
    d.thread = Some(ev.thread.clone());
    finish_draft(&env.config, d, ev.platform)
}

/// Draw the board of a draft (at the configured size) and make it a reply.
pub(crate) fn finish_draft(config: &Config, d: Draft, platform: Platform) -> Reply {
    let image = match d.board {
        Some(b) => {
            let towers = match &b.position {
                AnyPosition::Towers(p) => Some(shashki_engine::towers::to_tower_fen(p)),
                _ => None,
            };
            let vigman = match &b.position {
                AnyPosition::Vigman(p) => Some(p.to_fen()),
                _ => None,
            };
            let picture = Picture::Board(BoardPicture {
                pos: Pos::of_any(&b.position).unwrap_or(Pos(0, 0, 0, false)),
                variant: b.variant.key().to_string(),
                towers,
                vigman,
                last: b.last.and_then(|(before, mv)| Marks::of_any(&before, &mv)),
                flip: b.flip,
                theme: b.theme.name().to_string(),
                caption: Some(b.caption),
                numbered: b.numbered,
                size: config.board_size,
            });
            let mut image = Image::of(format!("board-{}.png", b.name), picture);
            if b.hidden {
                image = image.hidden();
            }
            Some(image)
        }
        None => d.image,
    };
    Reply {
        platform,
        target: d.target,
        text: d.text,
        image,
        menus: d.menus,
        choices: d.choices,
        mentions: d.mentions,
        game_id: d.game_id,
        document: d.document,
        in_place: d.in_place,
        board_mode: d.board_mode,
        turn_note: d.turn_note,
        thread: d.thread.flatten(),
        link: d.link,
        new_thread: d.new_thread,
        live: d.live,
        ack: d.ack,
        share: d.share,
        outbox: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target() -> Target {
        Target::Chat("c".into())
    }

    #[test]
    fn long_texts_are_cut_at_line_ends_into_messages_that_fit() {
        let lines: Vec<String> = (0..100).map(|i| format!("line {i:03} ........")).collect();
        let mut d = Draft::text(target(), "head".into());
        d.document = Some(("x.pdn".into(), "pdn".into()));
        let parts = d.split_lines(&lines, 100);
        assert!(parts.len() > 10, "{}", parts.len());
        for p in &parts {
            assert!(p.text.chars().count() <= 100, "{:?}", p.text);
            assert!(!p.text.starts_with('\n') && !p.text.ends_with('\n'));
        }
        assert!(parts[0].document.is_some() && parts[1].document.is_none());
        let all: Vec<String> = parts.iter().map(|p| p.text.clone()).collect();
        let mut want = vec!["head".to_string()];
        want.extend(lines.iter().cloned());
        assert_eq!(
            all.join("\n"),
            want.join("\n"),
            "nothing lost, nothing added"
        );
        // a line longer than a message is cut inside it
        let long = vec!["ж".repeat(250)];
        let parts = Draft::text(target(), String::new()).split_lines(&long, 100);
        assert_eq!(
            parts
                .iter()
                .map(|p| p.text.chars().count())
                .collect::<Vec<_>>(),
            vec![100, 100, 50]
        );
        // no limit (the console): one message
        let one = Draft::text(target(), "head".into()).split_lines(&lines, usize::MAX);
        assert_eq!(one.len(), 1);
    }

    #[test]
    fn the_first_message_leaves_room_for_the_mentions() {
        let lines: Vec<String> = (0..20).map(|_| "x".repeat(19)).collect();
        let mut d = Draft::text(target(), String::new());
        d.mentions = vec![
            Mention {
                platform_user_id: "1".into(),
                name: "Anna".into(),
                handle: None
            };
            2
        ];
        let parts = d.split_lines(&lines, 200);
        assert!(
            parts[0].text.chars().count() <= 200 - 50,
            "{}",
            parts[0].text
        );
        assert_eq!(parts[0].mentions.len(), 2);
        assert!(parts[1].mentions.is_empty());
    }
}
