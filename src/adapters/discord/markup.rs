//! A reply's text, buttons and menus in Discord's terms: Markdown
//! escaped, mentions and spoilers, the core's menus as select menus, link
//! buttons.

use super::{limits, Discord};
use crate::core::input::commands::handle_tag;
use crate::core::{Choice, ChoiceKind, LinkTo, Reply};
use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};

/// A reply's text for Discord: the core's plain text shown as written
/// (everything Discord would read as Markdown escaped: see
/// [`escaped`]), the mentions made real (`<@id>`), the spoiler spans as
/// `||…||`; cut to Discord's length without leaving a spoiler open.
///
/// The escaping is the adapter's, like Telegram's HTML escaping: the core
/// writes plain text (no catalogue message uses Markdown — a test checks
/// that escaping leaves every one unchanged), so what gets escaped is what
/// people wrote — names, chat titles, tournament names, words echoed back
/// — wherever the core put it; the adapter's own syntax (mention tags,
/// spoiler bars) is added around it, never escaped.
pub fn content(text: &str, mentions: &[crate::core::Mention]) -> String {
    use crate::core::{SPOILER_CLOSE, SPOILER_OPEN};
    // the text in pieces: the core's text, and the mention tags put in
    // place of a mention's @handle or name (or after the text)
    let mut pieces = vec![Piece::Text(text.to_string())];
    for m in mentions {
        let tag = format!("<@{}>", m.platform_user_id);
        let placed = m
            .handle
            .as_deref()
            .map(handle_tag)
            .is_some_and(|h| place_tag(&mut pieces, &h, &tag))
            || (!m.name.is_empty() && place_tag(&mut pieces, &m.name, &tag));
        if !placed {
            pieces.push(Piece::Text(" ".into()));
            pieces.push(Piece::Tag(tag));
        }
    }
    // as tokens, the spoiler markers in order (a marker out of place is
    // dropped, an empty span too, one left open is closed)
    let mut toks: Vec<Tok> = Vec::new();
    let mut hidden = false;
    for p in pieces {
        match p {
            Piece::Tag(t) => toks.push(Tok::Tag(t)),
            Piece::Text(t) => {
                for c in t.chars() {
                    match c {
                        SPOILER_OPEN if !hidden => {
                            hidden = true;
                            toks.push(Tok::Bar);
                        }
                        SPOILER_CLOSE if hidden => {
                            hidden = false;
                            if toks.last() == Some(&Tok::Bar) {
                                toks.pop(); // an empty span
                            } else {
                                toks.push(Tok::Bar);
                            }
                        }
                        SPOILER_OPEN | SPOILER_CLOSE => {}
                        c => toks.push(Tok::Char(c)),
                    }
                }
            }
        }
    }
    if hidden {
        toks.push(Tok::Bar);
    }
    let shown = escaped(&toks);
    let max = limits().text_max;
    if shown.iter().map(|s| s.chars().count()).sum::<usize>() <= max {
        return shown.concat();
    }
    // cut: room for a closing `||` and the `…`
    let mut out = String::new();
    let (mut used, mut open) = (0, false);
    for (t, s) in toks.iter().zip(&shown) {
        let w = s.chars().count();
        if used + w + 3 > max {
            break;
        }
        if *t == Tok::Bar {
            open = !open;
        }
        out.push_str(s);
        used += w;
    }
    if open {
        out.push_str("||");
    }
    out.push('…');
    out
}

/// A piece of a Discord message: the core's text, or a mention tag.
pub(super) enum Piece {
    Text(String),
    Tag(String),
}

/// Put `tag` in place of the first `needle` in the text pieces. False if
/// no text piece holds it.
pub(super) fn place_tag(pieces: &mut Vec<Piece>, needle: &str, tag: &str) -> bool {
    for i in 0..pieces.len() {
        let Some(Piece::Text(t)) = pieces.get(i) else {
            continue;
        };
        let Some(at) = t.find(needle) else {
            continue;
        };
        let (before, after) = t.split_at(at);
        let after = after.get(needle.len()..).unwrap_or_default();
        let (before, after) = (before.to_string(), after.to_string());
        pieces.splice(
            i..=i,
            [
                Piece::Text(before),
                Piece::Tag(tag.to_string()),
                Piece::Text(after),
            ],
        );
        return true;
    }
    false
}

/// One unit of a Discord message, cut whole: a character of the core's
/// text, a spoiler bar (`||`), a mention tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Tok {
    Char(char),
    Bar,
    Tag(String),
}

/// Each token as Discord gets it. A character of the core's text that
/// Discord would read as Markdown is escaped with a backslash (Discord
/// shows any escaped punctuation as itself): the backslash, `*`, `_`, `~`,
/// the backtick and `<` anywhere (bold, italics, underline,
/// strike-through, code, mention and emoji syntax); `|`
/// next to another `|` or a spoiler bar (`||` opens a spoiler); `[` when a
/// `](` follows (a masked link); `#`, `>`, `-`, `+` first on a line where
/// they open a heading, subtext, a quote or a list. Everything else as it
/// is.
pub(super) fn escaped(toks: &[Tok]) -> Vec<String> {
    // where the last `](` starts: a `[` before it may open a masked link
    let link_end = toks
        .windows(2)
        .rposition(|w| matches!(w, [Tok::Char(']'), Tok::Char('(')]));
    let mut line_start = true;
    let mut prev_bar = false;
    let mut out = Vec::with_capacity(toks.len());
    for (i, t) in toks.iter().enumerate() {
        let s = match t {
            Tok::Bar => {
                line_start = false;
                prev_bar = true;
                out.push("||".to_string());
                continue;
            }
            Tok::Tag(tag) => {
                line_start = false;
                prev_bar = false;
                out.push(tag.clone());
                continue;
            }
            Tok::Char(c) => *c,
        };
        let next = toks.get(i + 1);
        let escape = match s {
            '\\' | '*' | '_' | '~' | '`' | '<' => true,
            '|' => prev_bar || matches!(next, Some(Tok::Char('|') | Tok::Bar)),
            '[' => link_end.is_some_and(|e| e > i),
            // `# `, `## `, `-# `, `> `, `>>> `, `- `, `+ ` open a line's
            // formatting; `#12` first on a line does not
            '#' | '>' | '-' | '+' if line_start => match next {
                Some(Tok::Char(n)) => *n == ' ' || *n == s || (s == '-' && *n == '#'),
                _ => false,
            },
            _ => false,
        };
        out.push(if escape {
            format!("\\{s}")
        } else {
            s.to_string()
        });
        prev_bar = s == '|';
        line_start = match s {
            '\n' => true,
            ' ' | '\t' => line_start,
            _ => false,
        };
    }
    out
}

pub(super) fn button(c: &Choice) -> CreateButton {
    let style = match c.kind {
        ChoiceKind::Positive => ButtonStyle::Success,
        ChoiceKind::Negative => ButtonStyle::Danger,
        ChoiceKind::Move | ChoiceKind::Neutral => ButtonStyle::Secondary,
    };
    let label: String = c.label.chars().take(limits().button_label_max).collect();
    CreateButton::new(c.payload.clone())
        .label(label)
        .style(style)
}

/// Components for a reply: its menus (a game's moves) as select menus,
/// then its buttons, within Discord's rows.
pub fn components(r: &Reply) -> Vec<CreateActionRow> {
    let l = limits();
    let mut rows = Vec::new();
    for (i, m) in r.menus.iter().enumerate().take(l.rows_max) {
        let options = m
            .options
            .iter()
            .map(|c| CreateSelectMenuOption::new(c.label.clone(), c.payload.clone()))
            .collect();
        rows.push(CreateActionRow::SelectMenu(
            CreateSelectMenu::new(
                format!("menu:{i}"),
                CreateSelectMenuKind::String { options },
            )
            .placeholder(m.placeholder.clone()),
        ));
    }
    let flat: Vec<&Choice> = r.choices.iter().flatten().collect();
    for chunk in flat.chunks(l.buttons_per_row) {
        if rows.len() >= l.rows_max {
            break;
        }
        rows.push(CreateActionRow::Buttons(
            chunk.iter().map(|c| button(c)).collect(),
        ));
    }
    rows
}

impl Discord {
    /// The reply's link as a link button: back to the game's living board
    /// (the message, when the deliverer found it), else its channel or
    /// thread, on its server. None when the server is not known yet;
    /// Discord needs no "start the bot" step, so no button for that.
    pub(super) fn link_button(&self, r: &Reply) -> Option<CreateButton> {
        let l = r.link.as_ref()?;
        let LinkTo::Game {
            chat,
            thread,
            board,
            ..
        } = &l.to
        else {
            return None;
        };
        let channel = ChannelId::new(chat.parse::<u64>().ok().filter(|c| *c != 0)?);
        let guild = *self
            .guilds
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&channel)?;
        let target = thread.as_deref().unwrap_or(chat);
        let url = match board {
            Some(m) => format!("https://discord.com/channels/{guild}/{target}/{m}"),
            None => format!("https://discord.com/channels/{guild}/{target}"),
        };
        let label: String = l.label.chars().take(limits().button_label_max).collect();
        Some(CreateButton::new_link(url).label(label))
    }
}
