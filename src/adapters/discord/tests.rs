use super::markup::{content, escaped, Tok};
use super::*;
use crate::core::i18n::{Catalog, Lang};
use crate::core::input::spec::{menu, MenuScope};
use crate::core::Mention;
use serenity::http::HttpBuilder;
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[test]
fn mentions_ping_by_id() {
    let m = [Mention {
        platform_user_id: "77".into(),
        name: "Anna".into(),
        handle: Some("anna".into()),
    }];
    assert_eq!(content("@anna, your move.", &m), "<@77>, your move.");
    assert_eq!(
        content("Anna (White) to move.", &m),
        "<@77> (White) to move."
    );
    assert_eq!(content("Your move.", &m), "Your move. <@77>");
}

/// Issue 21: Markdown in a name (or a chat title, a tournament name, a
/// word echoed back) is shown as written, not as formatting.
#[test]
fn markdown_people_wrote_is_escaped_the_bots_own_syntax_is_not() {
    assert_eq!(
        content("Game #3: **Eve** vs __Bo_b__, ~~x~~ `y` \\o/", &[]),
        "Game #3: \\*\\*Eve\\*\\* vs \\_\\_Bo\\_b\\_\\_, \\~\\~x\\~\\~ \\`y\\` \\\\o/"
    );
    assert_eq!(
        content(
            "Eve: <@&123> <#9> <t:1:R> ||boo|| [click](https://x.invalid)",
            &[]
        ),
        "Eve: \\<@&123> \\<#9> \\<t:1:R> \\|\\|boo\\|\\| \\[click](https://x.invalid)"
    );
    // first on a line: headings, subtext, quotes, lists (not a `#12`)
    assert_eq!(
        content(
            "# Big\n-# small\n  > quoted\n+ item\n## x\n#12 · a-b > 0",
            &[]
        ),
        "\\# Big\n\\-# small\n  \\> quoted\n\\+ item\n\\## x\n#12 · a-b > 0"
    );
    // single bars, brackets without a link: as they are
    assert_eq!(content("[rr|drr] 1-0|0-1", &[]), "[rr|drr] 1-0|0-1");
    // a bar next to a spoiler would join its bars
    let hidden = crate::core::spoiler("c3-d4");
    assert_eq!(content(&format!("x|{hidden}|"), &[]), "x\\|||c3-d4||\\|");
    // a mention's name with Markdown in it still becomes the tag, and the
    // same name unmentioned is escaped
    let m = [Mention {
        platform_user_id: "77".into(),
        name: "*Anna*".into(),
        handle: None,
    }];
    assert_eq!(
        content("*Anna* (White) against *Anna*.", &m),
        "<@77> (White) against \\*Anna\\*."
    );
}

/// The escaping touches what people wrote only: no catalogue message,
/// in any language, has a character it would escape.
#[test]
fn the_bots_own_texts_are_not_escaped() {
    let catalog = Catalog::new();
    for lang in Lang::ALL {
        for id in Catalog::ids(lang) {
            // the placeholders left unfilled (`{$white_acc}`) dropped
            let mut t = catalog.get(lang, &id, None);
            while let Some(at) = t.find("{$") {
                let end = t[at..].find('}').map_or(t.len(), |e| at + e + 1);
                t.replace_range(at..end, "x");
            }
            let toks: Vec<Tok> = t.chars().map(Tok::Char).collect();
            assert_eq!(escaped(&toks).concat(), t, "{lang:?} {id}");
        }
    }
}

#[test]
fn spoilers_become_bars_and_stay_closed_when_cut() {
    let hidden = crate::core::spoiler("c3-d4 f6-e5");
    assert_eq!(
        content(&format!("The solution: {hidden}."), &[]),
        "The solution: ||c3-d4 f6-e5||."
    );
    let max = limits().text_max;
    let long = format!("{}{}", "a".repeat(max - 8), hidden);
    let c = content(&long, &[]);
    assert!(c.chars().count() <= max, "{}", c.chars().count());
    assert!(c.ends_with("||…"), "{c}");
    assert_eq!(c.matches("||").count(), 2, "{c}");
}

#[test]
fn the_public_api_is_rate_limited_by_serenity() {
    let token = Secret::new("t.o.k");
    for base in [
        "https://discord.com",
        "https://discord.com/",
        " https://discord.com",
    ] {
        assert!(serenity_rate_limits(base), "{base}");
        let http = http_client(&token, base);
        assert!(http.ratelimiter.is_some(), "{base}: the limiter is on");
        assert!(http.proxy.is_none(), "{base}");
    }
    // another base: requests go there (serenity's limiter could not
    // follow, see serenity_rate_limits)
    for base in ["http://127.0.0.1:3000/", "https://proxy.example"] {
        assert!(!serenity_rate_limits(base));
        let http = http_client(&token, base);
        assert_eq!(http.proxy.as_deref(), Some(base.trim_end_matches('/')));
        assert!(http.ratelimiter.is_none(), "{base}");
    }
}

/// Why a custom base goes without serenity's limiter: with it on, a
/// request is sent to https://discord.com whatever `proxy` says. Seen
/// here without touching the network: the client's own HTTP proxy is a
/// listener on 127.0.0.1 that notes where each request was headed. When
/// this fails, serenity routes limited requests through `proxy`: turn
/// the limiter on for every base (http_client).
#[tokio::test]
async fn serenitys_limiter_ignores_the_proxy() {
    use tokio::io::AsyncReadExt;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let heads = Arc::new(Mutex::new(Vec::<String>::new()));
    let seen = Arc::clone(&heads);
    let server = tokio::spawn(async move {
        while let Ok((mut tcp, _)) = listener.accept().await {
            let mut buf = vec![0u8; 4096];
            let n = tcp.read(&mut buf).await.unwrap_or(0);
            let head = String::from_utf8_lossy(&buf[..n]);
            let line = head.lines().next().unwrap_or_default().to_string();
            seen.lock().unwrap().push(line);
            // then hang up: the request fails, as it should
        }
    });
    let client = reqwest::Client::builder()
        .proxy(reqwest::Proxy::all(format!("http://{addr}")).unwrap())
        .build()
        .unwrap();
    let base = format!("http://{addr}");
    let limited = HttpBuilder::new("t.o.k")
        .client(client.clone())
        .proxy(base.clone())
        .build();
    assert!(limited.ratelimiter.is_some());
    let _ = tokio::time::timeout(Duration::from_secs(10), limited.get_gateway()).await;
    // and as http_client builds it for that base: to the base
    let unlimited = HttpBuilder::new("t.o.k")
        .client(client)
        .proxy(base.clone())
        .ratelimiter_disabled(true)
        .build();
    let _ = tokio::time::timeout(Duration::from_secs(10), unlimited.get_gateway()).await;
    server.abort();
    let heads = heads.lock().unwrap().clone();
    assert_eq!(
        heads,
        [
            "CONNECT discord.com:443 HTTP/1.1".to_string(),
            format!("GET {base}/api/v10/gateway HTTP/1.1"),
        ],
        "where the requests were headed"
    );
}

/// `/daily` has the variant option (issue 23): every variant by key, as
/// `/puzzle`'s and `/challenge`'s, described in each language; with
/// `state: on` it sets the chat's daily post, alone it asks today's
/// puzzle of that pack.
#[test]
fn the_daily_command_has_the_variant_option() {
    let json = serde_json::to_value(slash_commands(&Catalog::new())).unwrap();
    let command = |name: &str| {
        json.as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("no /{name}"))
            .clone()
    };
    let daily = command("daily");
    let options = daily["options"].as_array().unwrap();
    let names: Vec<&str> = options
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["state", "time", "offset", "variant"]);
    let variant = &options[3];
    // the same choices as /puzzle's variant option
    let puzzle = command("puzzle");
    let puzzles = puzzle["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "variant")
        .unwrap();
    assert_eq!(variant["choices"], puzzles["choices"]);
    let values: Vec<&str> = variant["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert!(values.contains(&"international") && values.contains(&"russian"));
    assert_eq!(variant["required"], serde_json::Value::Bool(false));
    let cat = Catalog::new();
    assert_eq!(
        variant["description"],
        cat.get(Lang::En, "opt-daily-variant", None)
    );
    for (locale, lang) in [("ru", Lang::Ru), ("de", Lang::De), ("fr", Lang::Fr)] {
        assert_eq!(
            variant["description_localizations"][locale],
            cat.get(lang, "opt-daily-variant", None)
        );
    }
}

#[test]
fn every_command_registers_with_both_languages() {
    let cmds = slash_commands(&Catalog::new());
    assert_eq!(cmds.len(), menu(MenuScope::Default).count());
    let json = serde_json::to_value(&cmds).unwrap();
    let challenge = json
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "challenge")
        .unwrap();
    for locale in ["ru", "de", "fr"] {
        assert!(challenge["description_localizations"][locale].is_string());
    }
    // Discord has no Latvian locale: an unknown key would refuse them all
    assert!(challenge["description_localizations"]["lv"].is_null());
    assert_eq!(
        challenge["description_localizations"]["de"],
        Catalog::new().get(Lang::De, "cmd-challenge", None)
    );
    let names: Vec<&str> = challenge["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["opponent", "target", "variant", "level", "days", "colour", "rating"]
    );
    // the variant option offers every variant the engine plays, by key,
    // named in each language (Discord allows 25 choices)
    let variant = &challenge["options"][2];
    let choices = variant["choices"].as_array().unwrap();
    let values: Vec<&str> = choices
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    // (all the chat plays, Vigman's double game too)
    let keys: Vec<&str> = shashki_engine::Variant::ALL
        .iter()
        .filter(|v| crate::core::input::words::playable(**v))
        .map(|v| v.key())
        .collect();
    assert_eq!(keys.len(), 16);
    assert_eq!(values, keys);
    assert!(choices.len() <= 25);
    let intl = choices
        .iter()
        .find(|c| c["value"] == "international")
        .unwrap();
    assert_eq!(intl["name"], "International draughts");
    assert_eq!(intl["name_localizations"]["ru"], "Международные шашки");
    // every option of every command keeps within Discord's 25 choices
    for cmd in json.as_array().unwrap() {
        for o in cmd["options"].as_array().into_iter().flatten() {
            let n = o["choices"].as_array().map_or(0, Vec::len);
            assert!(n <= 25, "{}: {} choices", o["name"], n);
        }
    }
    // the names in Russian, German and French are the table's words
    assert_eq!(challenge["name_localizations"]["ru"], "вызов");
    assert_eq!(challenge["name_localizations"]["de"], "herausfordern");
    assert_eq!(challenge["name_localizations"]["fr"], "défi");
}

/// A failed call read as the deliverer's [`SendError`] by Discord's
/// status and JSON code: a rate limit first, a user who takes no DMs, a
/// thread that is gone (not on a DM), anything else in serenity's words.
#[tokio::test]
async fn discords_errors_mean_send_errors() {
    use crate::runtime::SendError::{self, *};
    async fn failed(status: u16, code: isize, private: bool) -> SendError {
        let body = format!(r#"{{"code": {code}, "message": "no"}}"#);
        let res = axum::http::Response::builder().status(status).body(body);
        let method = reqwest::Method::POST;
        let res = serenity::http::ErrorResponse::from_response(res.unwrap().into(), method).await;
        let e = serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(res));
        transport::send_error(&e, private)
    }
    let second = Duration::from_secs(1);
    assert_eq!(failed(429, 0, false).await, RateLimited(second));
    assert_eq!(failed(429, 50007, true).await, RateLimited(second));
    assert_eq!(failed(403, 50007, false).await, Forbidden);
    assert_eq!(failed(400, 50007, false).await, Forbidden);
    assert_eq!(failed(403, 50001, true).await, Forbidden);
    assert_eq!(failed(403, 50001, false).await, ThreadGone);
    assert_eq!(failed(400, 50083, false).await, ThreadGone);
    assert_eq!(failed(404, 10003, false).await, ThreadGone);
    let other = |e: SendError| matches!(e, Other(s) if s.contains("no"));
    assert!(other(failed(400, 50083, true).await));
    assert!(other(failed(404, 10008, false).await));
    let e = serenity::Error::Other("the network");
    assert_eq!(
        transport::send_error(&e, false),
        Other("the network".into())
    );
}
