//! A reply's text as Telegram HTML, built with teloxide's helpers
//! (`teloxide::utils::html`): the text is escaped piece by piece and each
//! mention is a link made from the person's name, so no name — whatever
//! `<`, `>`, `&` or quotes it holds, or however it overlaps the markup — can
//! land inside a tag or an entity. Cutting to a length counts what people
//! see (Telegram's limits are on the text after parsing) and never leaves a
//! tag open.

use crate::core::Mention;
use teloxide::types::UserId;
use teloxide::utils::html;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    Text(String),
    Mention {
        id: u64,
        name: String,
    },
    /// Hidden until tapped (`<tg-spoiler>`); the core's spoiler spans.
    Spoiler(String),
}

/// A text with its mention links, not yet HTML.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rich(Vec<Part>);

impl Rich {
    /// The text with the mentions made real: `@handle` in the text stays
    /// (Telegram notifies it); a person without one becomes a text mention
    /// (a link to `tg://user?id=…`) on the first plain occurrence of their
    /// name, or after the text (a person without a name gets no link).
    pub fn new(text: &str, mentions: &[Mention]) -> Rich {
        let mut parts: Vec<Part> = crate::core::spans(text)
            .into_iter()
            .map(|s| match s {
                crate::core::Span::Plain(t) => Part::Text(t.to_string()),
                crate::core::Span::Spoiler(t) => Part::Spoiler(t.to_string()),
            })
            .collect();
        let plain = crate::core::strip_markup(text);
        let text = plain.as_str();
        for m in mentions {
            if let Some(h) = &m.handle {
                if text.contains(&format!("@{h}")) {
                    continue;
                }
            }
            // a link needs text to hang on
            let Ok(id) = m.platform_user_id.parse::<u64>() else {
                continue;
            };
            if m.name.is_empty() {
                continue;
            }
            let link = Part::Mention {
                id,
                name: m.name.clone(),
            };
            let found = parts.iter().enumerate().find_map(|(i, p)| match p {
                Part::Text(t) => t.find(&m.name).map(|at| (i, at)),
                Part::Mention { .. } | Part::Spoiler(_) => None,
            });
            match found {
                Some((i, at)) => {
                    let Part::Text(t) = parts.remove(i) else {
                        unreachable!("found in a text part")
                    };
                    let (before, rest) = t.split_at(at);
                    // `at` was found by searching for the name, so the name
                    // ends on a character boundary; `get` keeps it so
                    let after = rest.get(m.name.len()..).unwrap_or("");
                    let mut with = Vec::with_capacity(3);
                    if !before.is_empty() {
                        with.push(Part::Text(before.to_string()));
                    }
                    with.push(link);
                    if !after.is_empty() {
                        with.push(Part::Text(after.to_string()));
                    }
                    parts.splice(i..i, with);
                }
                None => {
                    parts.push(Part::Text(" ".into()));
                    parts.push(link);
                }
            }
        }
        Rich(parts)
    }

    /// The characters people see.
    pub fn visible_len(&self) -> usize {
        self.0
            .iter()
            .map(|p| match p {
                Part::Text(t) | Part::Spoiler(t) => t.chars().count(),
                Part::Mention { name, .. } => name.chars().count(),
            })
            .sum()
    }

    /// The HTML, all of it.
    pub fn html(&self) -> String {
        self.html_within(usize::MAX)
    }

    /// The HTML of at most `max` visible characters: cut with `…` where it
    /// is too long (a mention cut short is left as plain text).
    pub fn html_within(&self, max: usize) -> String {
        let mut out = String::new();
        if self.visible_len() <= max {
            for p in &self.0 {
                match p {
                    Part::Text(t) => out.push_str(&html::escape(t)),
                    Part::Mention { id, name } => {
                        out.push_str(&html::user_mention(UserId(*id), name))
                    }
                    Part::Spoiler(t) => out.push_str(&spoiler(t)),
                }
            }
            return out;
        }
        let mut left = max.saturating_sub(1);
        for p in &self.0 {
            if left == 0 {
                break;
            }
            let (text, id, hidden) = match p {
                Part::Text(t) => (t, None, false),
                Part::Mention { id, name } => (name, Some(*id), false),
                Part::Spoiler(t) => (t, None, true),
            };
            let n = text.chars().count();
            if n <= left {
                match id {
                    Some(id) => out.push_str(&html::user_mention(UserId(id), text)),
                    None if hidden => out.push_str(&spoiler(text)),
                    None => out.push_str(&html::escape(text)),
                }
                left -= n;
            } else {
                let cut: String = text.chars().take(left).collect();
                if hidden {
                    out.push_str(&spoiler(&cut));
                } else {
                    out.push_str(&html::escape(&cut));
                }
                left = 0;
            }
        }
        if max > 0 {
            out.push('…');
        }
        out
    }
}

/// Escaped text hidden behind a spoiler.
fn spoiler(t: &str) -> String {
    format!("<tg-spoiler>{}</tg-spoiler>", html::escape(t))
}

/// The text as Telegram HTML with the mentions made real (see
/// [`Rich::new`]).
pub fn to_html(text: &str, mentions: &[Mention]) -> String {
    Rich::new(text, mentions).html()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mention(id: &str, name: &str) -> Mention {
        Mention {
            platform_user_id: id.into(),
            name: name.into(),
            handle: None,
        }
    }

    /// Whether `s` is HTML Telegram accepts: only `<a href="…">…</a>` tags,
    /// balanced, and only the entities `&lt;` `&gt;` `&amp;` `&quot;`.
    fn well_formed(s: &str) -> bool {
        let mut depth = 0;
        let mut rest = s;
        while let Some(i) = rest.find(['<', '&', '>']) {
            let tail = &rest[i..];
            if tail.starts_with("<a href=\"tg://user?id=") {
                let Some(end) = tail.find("\">") else {
                    return false;
                };
                if !tail[22..end].chars().all(|c| c.is_ascii_digit()) || depth != 0 {
                    return false;
                }
                depth += 1;
                rest = &tail[end + 2..];
            } else if let Some(r) = tail.strip_prefix("<tg-spoiler>") {
                if depth != 0 {
                    return false;
                }
                depth += 10;
                rest = r;
            } else if let Some(r) = tail.strip_prefix("</tg-spoiler>") {
                if depth != 10 {
                    return false;
                }
                depth -= 10;
                rest = r;
            } else if let Some(r) = tail.strip_prefix("</a>") {
                if depth != 1 {
                    return false;
                }
                depth -= 1;
                rest = r;
            } else if tail.starts_with('&') {
                let Some(e) = ["&lt;", "&gt;", "&amp;", "&quot;"]
                    .into_iter()
                    .find(|e| tail.starts_with(e))
                else {
                    return false;
                };
                rest = &tail[e.len()..];
            } else {
                return false;
            }
        }
        depth == 0
    }

    /// What a reader sees: the tags dropped, the entities decoded.
    fn visible(s: &str) -> String {
        let mut out = String::new();
        let mut in_tag = false;
        for c in s.chars() {
            match c {
                '<' => in_tag = true,
                '>' => in_tag = false,
                c if !in_tag => out.push(c),
                _ => {}
            }
        }
        out.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&amp;", "&")
    }

    #[test]
    fn hostile_names_never_break_the_markup() {
        let names = [
            "Anna <3",
            "<b>bold</b>",
            "a",
            "href",
            "amp",
            "lt",
            "&amp;",
            "Tom & \"Jerry\"",
            "'quoted'",
            "</a>",
            "\"><script>",
            "tg://user?id=1",
            "",
            "é <é> &é;",
        ];
        for (i, n) in names.iter().enumerate() {
            // alone, twice, and with every other name in one text
            let text = format!("{n} (White) to move; {n} again & <more>.");
            let m = [mention(&(i + 1).to_string(), n)];
            let h = to_html(&text, &m);
            assert!(well_formed(&h), "{n:?}: {h}");
            assert_eq!(visible(&h), text, "{h}");
            assert_eq!(h.contains("<a href"), !n.is_empty(), "{h}");
        }
        let all: Vec<Mention> = names
            .iter()
            .enumerate()
            .map(|(i, n)| mention(&(i + 1).to_string(), n))
            .collect();
        let text = names.join(" vs ");
        let h = to_html(&text, &all);
        assert!(well_formed(&h), "{h}");
        for max in [0, 1, 5, 17, 40, 1000] {
            let cut = Rich::new(&text, &all).html_within(max);
            assert!(well_formed(&cut), "{max}: {cut}");
            assert!(visible(&cut).chars().count() <= max, "{max}: {cut}");
        }
    }

    #[test]
    fn mentions_become_links_on_the_name_or_after_the_text() {
        let m = vec![
            mention("42", "Anna <3"),
            Mention {
                platform_user_id: "43".into(),
                name: "Boris".into(),
                handle: Some("boris".into()),
            },
        ];
        let html = to_html("Anna <3 (White) to move. @boris waits.", &m);
        assert_eq!(
            html,
            "<a href=\"tg://user?id=42\">Anna &lt;3</a> (White) to move. @boris waits."
        );
        let html = to_html("Your move.", &m[..1]);
        assert_eq!(
            html,
            "Your move. <a href=\"tg://user?id=42\">Anna &lt;3</a>"
        );
        // a name that is part of the markup of an earlier link stays text
        let m = [mention("7", "Anna"), mention("8", "a")];
        let html = to_html("Anna vs a.", &m);
        assert_eq!(
            html,
            "<a href=\"tg://user?id=7\">Anna</a> vs <a href=\"tg://user?id=8\">a</a>."
        );
    }

    #[test]
    fn spoilers_become_tg_spoiler_and_are_cut_closed() {
        let text = format!(
            "Anna, the solution: {} & more",
            crate::core::spoiler("c3-d4 <b>")
        );
        let r = Rich::new(&text, &[mention("1", "Anna"), mention("2", "d4")]);
        let h = r.html();
        assert!(well_formed(&h), "{h}");
        assert_eq!(
            h,
            "<a href=\"tg://user?id=1\">Anna</a>, the solution: \
             <tg-spoiler>c3-d4 &lt;b&gt;</tg-spoiler> &amp; more \
             <a href=\"tg://user?id=2\">d4</a>"
        );
        assert_eq!(
            r.visible_len(),
            "Anna, the solution: c3-d4 <b> & more d4".len()
        );
        for max in 0..45 {
            let cut = r.html_within(max);
            assert!(well_formed(&cut), "{max}: {cut}");
        }
        assert_eq!(
            r.html_within(25),
            "<a href=\"tg://user?id=1\">Anna</a>, the solution: <tg-spoiler>c3-d</tg-spoiler>…"
        );
    }

    #[test]
    fn cutting_counts_what_people_see() {
        let r = Rich::new("Hi Anna, 0123456789", &[mention("1", "Anna")]);
        assert_eq!(r.visible_len(), 19);
        assert_eq!(r.html_within(19), r.html());
        assert_eq!(
            r.html_within(10),
            "Hi <a href=\"tg://user?id=1\">Anna</a>, …"
        );
        assert_eq!(r.html_within(6), "Hi An…");
        let r = Rich::new("<<<<<<", &[]);
        assert_eq!(r.html_within(4), "&lt;&lt;&lt;…");
    }
}
