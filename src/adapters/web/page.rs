//! A game's page: the frame the script fills (the board is drawn by
//! `board.js` from the view, which is also in the page, so the first paint
//! needs no second request). Readable without the script: the names, the
//! status line, the moves.

use crate::core::web::{PuzzleWebView, TournamentWebView, WebView};

/// `s` escaped for HTML text and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The page of `view`, with the session's anti-forgery token.
pub fn html(view: &WebView, csrf: &str) -> String {
    let data = data_block(view);
    let per_row = 2 * usize::from(view.turn.max(1));
    let moves: String = full_moves(usize::from(view.lead), per_row, view.history.len())
        .into_iter()
        .map(|(n, pair)| {
            let plies: Vec<String> = pair
                .iter()
                .map(|ply| match ply.and_then(|i| view.history.get(i)) {
                    Some(p) => esc(&p.text),
                    None => "…".to_string(),
                })
                .collect();
            format!("<li value=\"{n}\">{}</li>", plies.join(" "))
        })
        .collect();
    format!(
        r#"<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf" content="{csrf}">
<title>{title}</title>
<link rel="stylesheet" href="/web/static/board.css">
<script type="module" src="/web/static/board.js"></script>
</head>
<body>
<main id="app" data-game="{game}">
<h1>{title} <small>{variant}</small></h1>
<p class="players"><span class="side white" data-role="black-name">{black}</span></p>
<div id="board" class="board" role="group" aria-label="{title}"></div>
<p class="players"><span class="side white" data-role="white-name">{white}</span></p>
<p data-role="status" class="status" aria-live="polite">{status}</p>
<nav class="controls" aria-label="{moves_label}">
<button type="button" data-role="first" aria-label="first">&laquo;</button>
<button type="button" data-role="prev" aria-label="previous">&lsaquo;</button>
<button type="button" data-role="next" aria-label="next">&rsaquo;</button>
<button type="button" data-role="last" aria-label="last">&raquo;</button>
<button type="button" data-role="flip">{flip}</button>
<a data-role="pdn" href="/web/g/{game}/pdn" download>{pdn}</a>
<button type="button" data-role="draw">{draw}</button>
<button type="button" data-role="resign">{resign}</button>
</nav>
<section aria-label="{moves_label}"><h2>{moves_label}</h2><ol data-role="moves" class="moves">{moves}</ol></section>
</main>
<script type="application/json" id="view">{data}</script>
</body>
</html>
"#,
        lang = esc(&view.lang),
        csrf = esc(csrf),
        title = esc(&view.title),
        variant = esc(&view.variant),
        game = view.game,
        white = esc(&view.white),
        black = esc(&view.black),
        status = esc(&view.status),
        moves_label = esc(&view.labels.moves),
        flip = esc(&view.labels.flip),
        pdn = esc(&view.labels.pdn),
        draw = esc(&view.labels.draw),
        resign = esc(&view.labels.resign),
    )
}

/// The view as JSON inside a data block (not run: the policy allows no
/// inline script); `<` escaped so no text of it can close the tag.
fn data_block<T: serde::Serialize>(view: &T) -> String {
    serde_json::to_string(view)
        .unwrap_or_else(|_| "null".into())
        .replace('<', "\\u003c")
}

/// A puzzle's page: the frame `puzzle.js` fills. The view in it holds the
/// board and the legal moves, never the hint or the solution (each is
/// asked for by its button).
pub fn puzzle_html(view: &PuzzleWebView, csrf: &str) -> String {
    format!(
        r#"<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf" content="{csrf}">
<title>{title}</title>
<link rel="stylesheet" href="/web/static/board.css">
<script type="module" src="/web/static/puzzle.js"></script>
</head>
<body>
<main id="app" class="puzzle" data-chat="{chat}" data-puzzle="{puzzle}" data-state="{state}">
<h1>{title}</h1>
<p class="task" data-role="task">{task}</p>
<div id="board" class="board" role="group" aria-label="{title}"></div>
<p data-role="status" class="status" aria-live="polite">{status}</p>
<nav class="controls" aria-label="{title}">
<button type="button" data-role="flip">{flip}</button>
<button type="button" data-role="hint">{hint}</button>
<button type="button" data-role="solution">{solution}</button>
</nav>
<p data-role="hint-text" class="reveal" aria-live="polite" hidden></p>
<p data-role="solution-text" class="reveal" aria-live="polite" hidden></p>
</main>
<script type="application/json" id="view">{data}</script>
</body>
</html>
"#,
        lang = esc(&view.lang),
        csrf = esc(csrf),
        title = esc(&view.title),
        chat = view.chat,
        puzzle = view.puzzle,
        state = view.state,
        task = esc(&view.task),
        status = esc(&view.status),
        flip = esc(&view.labels.flip),
        hint = esc(&view.labels.hint),
        solution = esc(&view.labels.solution),
        data = data_block(view),
    )
}

/// A tournament's page, read only and whole without a script: its status
/// and round, the crosstable, its games in progress (a link to each the
/// reader may open).
pub fn tournament_html(view: &TournamentWebView) -> String {
    let head: String = view
        .crosstable
        .head
        .iter()
        .map(|h| format!("<th scope=\"col\">{}</th>", esc(h)))
        .collect();
    let rows: String = view
        .crosstable
        .rows
        .iter()
        .map(|r| {
            let cells: String = r
                .cells
                .iter()
                .map(|c| format!("<td class=\"tone-{}\">{}</td>", c.tone, esc(&c.text)))
                .collect();
            let tiebreaks: String = r
                .tiebreaks
                .iter()
                .map(|t| format!("<td>{}</td>", esc(t)))
                .collect();
            format!(
                "<tr><td>{}</td><th scope=\"row\" data-role=\"player\">{}</th>{cells}<td data-role=\"points\">{}</td>{tiebreaks}<td data-role=\"place\">{}</td></tr>",
                r.number,
                esc(&r.name),
                esc(&r.points),
                esc(&r.place),
            )
        })
        .collect();
    let games = if view.games.is_empty() {
        format!("<p>{}</p>", esc(&view.labels.no_games))
    } else {
        let items: String = view
            .games
            .iter()
            .map(|g| match &g.url {
                Some(url) => format!(
                    "<li data-game=\"{}\"><a href=\"{}\">{}</a></li>",
                    g.game,
                    esc(url),
                    esc(&g.line)
                ),
                None => format!("<li data-game=\"{}\">{}</li>", g.game, esc(&g.line)),
            })
            .collect();
        format!("<ul data-role=\"games\" class=\"games\">{items}</ul>")
    };
    format!(
        r#"<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="/web/static/board.css">
</head>
<body>
<main id="app" class="tournament" data-tournament="{id}">
<h1>{title}</h1>
<p data-role="status" class="status">{status}</p>
<section><h2>{crosstable}</h2>
<div class="table-wrap"><table data-role="crosstable" class="crosstable"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>
</section>
<section><h2>{games_label}</h2>
{games}
</section>
</main>
</body>
</html>
"#,
        lang = esc(&view.lang),
        title = esc(&view.title),
        id = view.tournament,
        status = esc(&view.status),
        crosstable = esc(&view.labels.crosstable),
        games_label = esc(&view.labels.games),
    )
}

/// The Mini App's page: a status line its script fills while it signs in
/// with Telegram's `initData` and goes on to the game.
pub fn app_html(lang: &str, opening: &str) -> String {
    format!(
        r#"<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{opening}</title>
<link rel="stylesheet" href="/web/static/board.css">
<script type="module" src="/web/static/app.js"></script>
</head>
<body>
<main id="app">
<p data-role="status" class="status" aria-live="polite">{opening}</p>
</main>
</body>
</html>
"#,
        lang = esc(lang),
        opening = esc(opening),
    )
}

#[cfg(test)]
mod tests {
    use super::esc;

    #[test]
    fn names_are_escaped() {
        assert_eq!(
            esc(r#"<script>"a"&'b'"#),
            "&lt;script&gt;&quot;a&quot;&amp;&#39;b&#39;"
        );
    }
}

/// The move list's rows: each full move's number and its plies (White's,
/// then Black's; `None` for each ply of the first row made before the
/// record began: Black to move first, a second sub-move due). A row holds
/// `per_row` plies: two, or four in Vigman's game (two sub-moves a side).
pub fn full_moves(lead: usize, per_row: usize, plies: usize) -> Vec<(usize, Vec<Option<usize>>)> {
    let per_row = per_row.max(1);
    let mut rows: Vec<(usize, Vec<Option<usize>>)> = Vec::new();
    for i in 0..plies {
        let slot = i + lead;
        let n = slot / per_row + 1;
        match rows.last_mut() {
            Some((m, pair)) if *m == n => pair.push(Some(i)),
            _ => {
                let mut pair = vec![None; slot % per_row];
                pair.push(Some(i));
                rows.push((n, pair));
            }
        }
    }
    rows
}

#[cfg(test)]
mod move_list_tests {
    use super::full_moves;

    #[test]
    fn plies_pair_into_numbered_full_moves() {
        // 1. c3-d4 f6-g5 2. g3-f4
        assert_eq!(
            full_moves(0, 2, 3),
            vec![(1, vec![Some(0), Some(1)]), (2, vec![Some(2)])]
        );
        // Black first (English draughts): 1. … 11-15 2. 23-19 8-11
        assert_eq!(
            full_moves(1, 2, 3),
            vec![(1, vec![None, Some(0)]), (2, vec![Some(1), Some(2)])]
        );
        assert!(full_moves(0, 2, 0).is_empty());
        // Vigman's: a row of four sub-moves (White's two, Black's two)
        assert_eq!(
            full_moves(0, 4, 5),
            vec![
                (1, vec![Some(0), Some(1), Some(2), Some(3)]),
                (2, vec![Some(4)])
            ]
        );
        // begun with White's second sub-move due
        assert_eq!(
            full_moves(1, 4, 4),
            vec![
                (1, vec![None, Some(0), Some(1), Some(2)]),
                (2, vec![Some(3)])
            ]
        );
    }
}
