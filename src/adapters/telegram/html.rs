//! A reply's text as Telegram HTML, built with teloxide's helpers
//! (`teloxide::utils::html`): the core's rich text ([`rich`]: where the
//! mentions go, cutting to a length) written piece by piece — the text
//! escaped, each mention a link made from the person's name, each spoiler
//! a `<tg-spoiler>` — so no name, whatever `<`, `>`, `&` or quotes it
//! holds, or however it overlaps the markup, can land inside a tag or an
//! entity. Telegram's limits are on the text after parsing: cutting counts
//! what people see ([`rich::Rich::cut`]) and never leaves a tag open.

use crate::core::{rich, Mention};
use teloxide::types::UserId;
use teloxide::utils::html;

/// A text with its mention links, not yet HTML.
pub type Rich = rich::Rich<UserId>;

/// Telegram's mentions: `@handle` in the text stays (Telegram notifies
/// it); a person without one becomes a text mention (a link to
/// `tg://user?id=…`) on their name, never inside a spoiler (a person
/// without a name or a numeric id gets no link).
const PLACING: rich::Placing<UserId> = rich::Placing {
    id: |m| m.platform_user_id.parse().ok().map(UserId),
    handle_reaches: true,
    needs_name: true,
    in_spoilers: false,
};

/// The text with its mentions made real (see [`rich::Rich::new`]).
pub fn rich(text: &str, mentions: &[Mention]) -> Rich {
    Rich::new(text, mentions, &PLACING)
}

/// A rich text as Telegram HTML.
pub trait Html {
    /// The HTML, all of it.
    fn html(&self) -> String;
    /// The HTML of at most `max` visible characters: cut with `…` where
    /// it is too long (a mention cut short is left as plain text).
    fn html_within(&self, max: usize) -> String;
}

impl Html for Rich {
    fn html(&self) -> String {
        let mut out = String::new();
        for run in self.runs() {
            if run.hidden {
                out.push_str("<tg-spoiler>");
            }
            for p in &run.parts {
                match p {
                    rich::Inline::Text(t) => out.push_str(&html::escape(t)),
                    rich::Inline::Mention { id, name } => {
                        out.push_str(&html::user_mention(*id, name))
                    }
                }
            }
            if run.hidden {
                out.push_str("</tg-spoiler>");
            }
        }
        out
    }

    fn html_within(&self, max: usize) -> String {
        self.cut(max).html()
    }
}

/// The text as Telegram HTML with the mentions made real (see [`rich`]).
pub fn to_html(text: &str, mentions: &[Mention]) -> String {
    rich(text, mentions).html()
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
            let cut = rich(&text, &all).html_within(max);
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
        let r = rich(&text, &[mention("1", "Anna"), mention("2", "d4")]);
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
        let r = rich("Hi Anna, 0123456789", &[mention("1", "Anna")]);
        assert_eq!(r.visible_len(), 19);
        assert_eq!(r.html_within(19), r.html());
        assert_eq!(
            r.html_within(10),
            "Hi <a href=\"tg://user?id=1\">Anna</a>, …"
        );
        assert_eq!(r.html_within(6), "Hi An…");
        let r = rich("<<<<<<", &[]);
        assert_eq!(r.html_within(4), "&lt;&lt;&lt;…");
    }
}
