//! A reply's text with its mentions made real, before any platform's
//! syntax: the core's plain text cut into its shown and hidden (spoiler)
//! runs ([`crate::core::spans`]), each a row of text pieces and mentions.
//! Where a mention goes is decided here, once for every platform, by the
//! platform's few facts ([`Placing`]): an `@handle` in the text, else the
//! first occurrence of the person's name, else after the text. What it
//! looks like (Telegram HTML, Discord Markdown) is the adapter's: it
//! writes each piece, mention and spoiler in its syntax.
//!
//! Cutting to a length counts what people see ([`Rich::visible_len`],
//! [`Rich::cut`]) and never leaves a spoiler open, whatever the syntax.

use crate::core::input::commands::handle_tag;
use crate::core::{spans, strip_markup, Mention, Span};

/// A piece of a run: the core's text, or a mention of a person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inline<Id> {
    Text(String),
    /// A person, in place of `name` (the text it stands for: their name,
    /// or their `@handle`).
    Mention {
        id: Id,
        name: String,
    },
}

/// A stretch of the text: shown, or hidden until the reader reveals it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run<Id> {
    pub hidden: bool,
    pub parts: Vec<Inline<Id>>,
}

/// A text with its mentions in place, not yet in a platform's syntax.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rich<Id>(Vec<Run<Id>>);

/// How a platform's mentions go into a text.
pub struct Placing<Id> {
    /// The platform's id of a person who can be mentioned (`None`: no
    /// mention for them).
    pub id: fn(&Mention) -> Option<Id>,
    /// An `@handle` in the text reaches the person by itself (Telegram
    /// notifies it): it stays and no mention is added. Otherwise the
    /// mention takes the handle's place (Discord).
    pub handle_reaches: bool,
    /// A mention is written on the person's name (a link needs text to
    /// hang on): a person without a name gets none. Otherwise it stands
    /// alone, after the text for a person without a name.
    pub needs_name: bool,
    /// A mention may go on a name inside a spoiler.
    pub in_spoilers: bool,
}

impl<Id: Clone> Rich<Id> {
    /// The text with the mentions made real, in order: on the person's
    /// `@handle` in the text (see [`Placing::handle_reaches`]), else on
    /// the first occurrence of their name in the text (not in an earlier
    /// mention), else after the text.
    pub fn new(text: &str, mentions: &[Mention], placing: &Placing<Id>) -> Rich<Id> {
        let runs = spans(text)
            .into_iter()
            .map(|s| match s {
                Span::Plain(t) => (false, t),
                Span::Spoiler(t) => (true, t),
            })
            .map(|(hidden, t)| Run {
                hidden,
                parts: vec![Inline::Text(t.to_string())],
            })
            .collect();
        let mut rich = Rich(runs);
        let plain = strip_markup(text);
        for m in mentions {
            let handle = m.handle.as_deref().map(handle_tag);
            if placing.handle_reaches && handle.as_ref().is_some_and(|h| plain.contains(h)) {
                continue;
            }
            let Some(id) = (placing.id)(m) else {
                continue;
            };
            if placing.needs_name && m.name.is_empty() {
                continue;
            }
            let needles = handle
                .filter(|_| !placing.handle_reaches)
                .into_iter()
                .chain((!m.name.is_empty()).then(|| m.name.clone()));
            let mut unplaced = Some(id);
            for needle in needles {
                let Some(id) = unplaced.take() else { break };
                unplaced = rich.place(&needle, id, placing.in_spoilers);
            }
            if let Some(id) = unplaced {
                rich.append(Inline::Text(" ".into()));
                rich.append(Inline::Mention {
                    id,
                    name: m.name.clone(),
                });
            }
        }
        rich
    }

    /// Put a mention of `id` in place of the first `needle` in the text
    /// pieces (in spoilers too with `in_spoilers`); the id back if no
    /// piece holds it.
    fn place(&mut self, needle: &str, id: Id, in_spoilers: bool) -> Option<Id> {
        for run in self.0.iter_mut().filter(|r| in_spoilers || !r.hidden) {
            let found = run.parts.iter().enumerate().find_map(|(i, p)| match p {
                Inline::Text(t) => t.find(needle).map(|at| (i, at)),
                Inline::Mention { .. } => None,
            });
            let Some((i, at)) = found else {
                continue;
            };
            let Some(Inline::Text(t)) = run.parts.get(i) else {
                continue;
            };
            let (before, rest) = t.split_at(at);
            // `at` was found by searching for the needle, so the needle
            // ends on a character boundary; `get` keeps it so
            let after = rest.get(needle.len()..).unwrap_or("");
            let (before, after) = (before.to_string(), after.to_string());
            let mut with = Vec::with_capacity(3);
            if !before.is_empty() {
                with.push(Inline::Text(before));
            }
            with.push(Inline::Mention {
                id,
                name: needle.to_string(),
            });
            if !after.is_empty() {
                with.push(Inline::Text(after));
            }
            run.parts.splice(i..=i, with);
            return None;
        }
        Some(id)
    }

    /// `part` after the text, shown.
    fn append(&mut self, part: Inline<Id>) {
        match self.0.last_mut() {
            Some(run) if !run.hidden => run.parts.push(part),
            _ => self.0.push(Run {
                hidden: false,
                parts: vec![part],
            }),
        }
    }

    /// The runs, in order.
    pub fn runs(&self) -> &[Run<Id>] {
        &self.0
    }

    /// The characters people see (a mention shows its name).
    pub fn visible_len(&self) -> usize {
        self.0
            .iter()
            .flat_map(|r| &r.parts)
            .map(|p| match p {
                Inline::Text(t) | Inline::Mention { name: t, .. } => t.chars().count(),
            })
            .sum()
    }

    /// At most `max` visible characters: all of it when it fits, else cut
    /// where it runs out with `…` after (counted; none for `max` 0). A
    /// mention cut short is left as plain text; a spoiler cut short stays
    /// a (shorter) spoiler.
    pub fn cut(&self, max: usize) -> Rich<Id> {
        if self.visible_len() <= max {
            return self.clone();
        }
        let mut left = max.saturating_sub(1);
        let mut runs = Vec::new();
        for run in &self.0 {
            if left == 0 {
                break;
            }
            let mut parts = Vec::new();
            for p in &run.parts {
                if left == 0 {
                    break;
                }
                let (Inline::Text(text) | Inline::Mention { name: text, .. }) = p;
                let n = text.chars().count();
                if n <= left {
                    parts.push(p.clone());
                    left -= n;
                } else {
                    parts.push(Inline::Text(text.chars().take(left).collect()));
                    left = 0;
                }
            }
            runs.push(Run {
                hidden: run.hidden,
                parts,
            });
        }
        let mut cut = Rich(runs);
        if max > 0 {
            cut.append(Inline::Text("…".into()));
        }
        cut
    }
}

/// A plain text of at most `max` characters, as [`Rich::cut`] cuts one:
/// all of it when it fits, else cut with `…` (counted; none for `max` 0).
pub fn within(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
    if max > 0 {
        t.push('…');
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mention(id: &str, name: &str, handle: Option<&str>) -> Mention {
        Mention {
            platform_user_id: id.into(),
            name: name.into(),
            handle: handle.map(str::to_string),
        }
    }

    /// Telegram's facts: a link on the name, a handle notifies.
    const LINK: Placing<u64> = Placing {
        id: |m| m.platform_user_id.parse().ok(),
        handle_reaches: true,
        needs_name: true,
        in_spoilers: false,
    };
    /// Discord's facts: a tag in place of the handle or the name.
    const TAG: Placing<String> = Placing {
        id: |m| Some(m.platform_user_id.clone()),
        handle_reaches: false,
        needs_name: false,
        in_spoilers: true,
    };

    fn text<Id>(s: &str) -> Inline<Id> {
        Inline::Text(s.into())
    }

    fn shown<Id>(parts: Vec<Inline<Id>>) -> Run<Id> {
        Run {
            hidden: false,
            parts,
        }
    }

    #[test]
    fn a_mention_goes_on_the_handle_or_the_first_name_or_after_the_text() {
        let m = [
            mention("42", "Anna", None),
            mention("43", "Boris", Some("boris")),
        ];
        let tg = Rich::new("Anna vs Boris. @boris, Anna waits.", &m, &LINK);
        // the handle stays for Telegram (it notifies); Anna's first name
        assert_eq!(
            tg.runs(),
            [shown(vec![
                Inline::Mention {
                    id: 42,
                    name: "Anna".into()
                },
                text(" vs Boris. @boris, Anna waits."),
            ])]
        );
        let dc = Rich::new("Anna vs Boris. @boris, Anna waits.", &m, &TAG);
        assert_eq!(
            dc.runs(),
            [shown(vec![
                Inline::Mention {
                    id: "42".into(),
                    name: "Anna".into()
                },
                text(" vs Boris. "),
                Inline::Mention {
                    id: "43".into(),
                    name: "@boris".into()
                },
                text(", Anna waits."),
            ])]
        );
        // nowhere in the text: after it; a nameless person only by a tag
        let nameless = [mention("7", "", None), mention("x", "Eve", None)];
        let tg = Rich::new("Your move.", &nameless, &LINK);
        assert_eq!(tg.runs(), [shown(vec![text("Your move.")])]);
        let dc = Rich::new("Your move.", &nameless, &TAG);
        assert_eq!(dc.runs()[0].parts.len(), 5, "{dc:?}");
        // a name inside a spoiler: Discord's tag goes there, Telegram's
        // link after the text
        let hidden = format!("{} Anna", crate::core::spoiler("Anna"));
        let m = [mention("1", "Anna", None)];
        let tg = Rich::new(&hidden, &m, &LINK);
        assert_eq!(tg.runs()[1].parts.len(), 2, "{tg:?}");
        let dc = Rich::new(&hidden, &m, &TAG);
        assert!(matches!(dc.runs()[0].parts[..], [Inline::Mention { .. }]));
    }

    #[test]
    fn cutting_counts_what_people_see_and_keeps_spoilers() {
        let t = format!("Hi Anna, {} 0123", crate::core::spoiler("c3-d4"));
        let r = Rich::new(&t, &[mention("1", "Anna", None)], &LINK);
        assert_eq!(r.visible_len(), "Hi Anna, c3-d4 0123".len());
        assert_eq!(r.cut(19), r);
        for max in 0..19 {
            let cut = r.cut(max);
            assert_eq!(cut.visible_len(), max, "{max}: {cut:?}");
        }
        // a mention cut short is text; a spoiler cut short still hidden
        let cut = r.cut(6);
        assert_eq!(
            cut.runs(),
            [shown(vec![text("Hi "), text("An"), text("…")])]
        );
        let cut = r.cut(12);
        assert_eq!(cut.runs()[1].parts, [text("c3")]);
        assert!(cut.runs()[1].hidden);
        // a plain text the same way
        assert_eq!(within("0123456789", 10), "0123456789");
        assert_eq!(within("0123456789", 5), "0123…");
        assert_eq!(within("éééé", 2), "é…");
        assert_eq!(within("0123", 0), "");
    }
}
