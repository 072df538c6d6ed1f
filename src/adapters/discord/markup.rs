//! A reply's text, buttons and menus in Discord's terms: Markdown
//! escaped, mentions and spoilers, the core's menus as select menus, link
//! buttons.

use super::{limits, Discord};
use crate::core::rich::{Inline, Placing, Rich};
use crate::core::{Choice, ChoiceKind, LinkTo, Reply};
use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};

/// A reply's text for Discord: the core's plain text shown as written
/// (everything Discord would read as Markdown escaped: see
/// [`escaped`]), the mentions made real (`<@id>`, where the core's rich
/// text puts them: [`Rich::new`]), the spoiler spans as `||…||`; cut to
/// Discord's length (on the content as sent, its Markdown included)
/// without leaving a spoiler open.
///
/// The escaping is the adapter's, like Telegram's HTML escaping: the core
/// writes plain text (no catalogue message uses Markdown — a test checks
/// that escaping leaves every one unchanged), so what gets escaped is what
/// people wrote — names, chat titles, tournament names, words echoed back
/// — wherever the core put it; the adapter's own syntax (mention tags,
/// spoiler bars) is added around it, never escaped.
pub fn content(text: &str, mentions: &[crate::core::Mention]) -> String {
    let toks = tokens(&Rich::new(text, mentions, &PLACING));
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

/// Discord's mentions: a tag (`<@id>`) in place of the person's `@handle`
/// or name, in a spoiler too, else after the text.
const PLACING: Placing<String> = Placing {
    id: |m| Some(m.platform_user_id.clone()),
    handle_reaches: false,
    needs_name: false,
    in_spoilers: true,
};

/// The rich text as Discord's units: each spoiler between bars.
fn tokens(rich: &Rich<String>) -> Vec<Tok> {
    let mut toks = Vec::new();
    for run in rich.runs() {
        if run.hidden {
            toks.push(Tok::Bar);
        }
        for p in &run.parts {
            match p {
                Inline::Text(t) => toks.extend(t.chars().map(Tok::Char)),
                Inline::Mention { id, .. } => toks.push(Tok::Tag(format!("<@{id}>"))),
            }
        }
        if run.hidden {
            toks.push(Tok::Bar);
        }
    }
    toks
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
            Tok::Char(c) => *c,
            // the adapter's own syntax, as it is
            Tok::Bar | Tok::Tag(_) => {
                out.push(if let Tok::Tag(tag) = t { tag } else { "||" }.to_string());
                (line_start, prev_bar) = (false, *t == Tok::Bar);
                continue;
            }
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
        let channel = chat.parse::<ChannelId>().ok()?;
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
