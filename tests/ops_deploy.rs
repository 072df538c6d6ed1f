//! The deployment files (issue 22) load with the bot's own config reader:
//! deploy/bot.toml and deploy/worker.toml, mounted by compose.yaml.

use shashki::config::FileConfig;

#[test]
fn the_deploy_configs_load_and_say_what_compose_relies_on() {
    let file = include_str!("../deploy/bot.toml");
    assert!(
        !file.contains("webhook_secret"),
        "the webhook secret comes from the environment"
    );
    // as SHASHKI_TELEGRAM_WEBHOOK_SECRET gives it in compose
    let bot = FileConfig::from_toml(&file.replace(
        "webhook_listen = \"0.0.0.0:8443\"",
        "webhook_listen = \"0.0.0.0:8443\"\nwebhook_secret = \"from-the-environment\"",
    ))
    .unwrap();
    assert_eq!(bot.http.listen, Some("0.0.0.0:9090".parse().unwrap()));
    assert!(
        bot.ai.workers.unwrap() <= 1,
        "the bots leave the engine to the worker"
    );
    assert_eq!(bot.runtime.drain_seconds, 20);
    // two bot processes on one token: Telegram's updates come by webhook
    // (one process only may long-poll a token)
    assert!(bot.telegram.webhook_url.is_some() && bot.telegram.webhook_listen.is_some());
    assert!(
        bot.telegram_token().is_none() && bot.discord_token().is_none(),
        "no secret in the file"
    );
    let worker = FileConfig::from_toml(include_str!("../deploy/worker.toml")).unwrap();
    assert!(worker.ai.workers.unwrap() > 0);
    let compose = include_str!("../compose.yaml");
    for mount in [
        "./deploy/bot.toml:/etc/shashki/config.toml:ro",
        "./deploy/worker.toml:/etc/shashki/config.toml:ro",
        "[\"worker\", \"--config\", \"/etc/shashki/config.toml\"]",
        "[\"run\", \"--config\", \"/etc/shashki/config.toml\"]",
        "SHASHKI_TELEGRAM_WEBHOOK_SECRET",
    ] {
        assert!(compose.contains(mount), "{mount}");
    }
    // the compose stop grace is longer than the drain
    assert!(compose.contains("stop_grace_period: 30s"));
}

#[test]
fn an_http_listen_that_is_no_address_is_refused() {
    let e = FileConfig::from_toml("[http]\nlisten = \"localhost\"\n").unwrap_err();
    assert!(e.to_string().contains("listen"), "{e}");
    let c = FileConfig::from_toml("").unwrap();
    assert_eq!(c.http.listen, None, "off when absent");
    assert_eq!(c.runtime.drain_seconds, 20);
}
