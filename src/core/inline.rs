//! What the bot offers when someone types its name in any chat (Telegram's
//! inline mode): today's puzzle of each pack (Russian, International) and
//! an invitation to play, each a card the person may post there, with a
//! button that opens the bot.

use shashki_engine::Variant;

use super::error::Halt;
use super::i18n::{num, Lang};
use super::input::commands::daily_link;
use super::present::text::color_key;
use super::puzzles::{self, daily_puzzle_id, load};
use super::time::day_of;
use super::types::Offer;
use super::{Service, ServiceError};
use crate::args;
use crate::store::puzzles as db;

/// The packs whose puzzle of the day is offered, in the cards' order, each
/// with its card's messages: title, description, text.
const DAILY_CARDS: [(Variant, [&str; 3]); 2] = [
    (
        Variant::Russian,
        [
            "inline-daily-title",
            "inline-daily-description",
            "inline-daily-text",
        ],
    ),
    (
        Variant::International,
        [
            "inline-daily-international-title",
            "inline-daily-international-description",
            "inline-daily-international-text",
        ],
    ),
];

/// The cards for an inline query by `name` (in their platform's
/// language `lang`): today's puzzle of each pack (with the file name its
/// start board is sent under, for a platform that kept the picture) and
/// "play with me". Nothing is stored or changed, so no gate: anyone may ask.
pub fn offers(svc: &Service, name: &str, lang: Option<&str>) -> Result<Vec<Offer>, ServiceError> {
    let lang = lang
        .and_then(Lang::from_code)
        .unwrap_or(svc.config().default_lang);
    let t = |id: &str, a: Option<&fluent_bundle::FluentArgs>| svc.env.catalog.get(lang, id, a);
    let mut offers = Vec::new();
    let day = day_of(svc.now());
    let todays = {
        let store = svc.lock();
        let c = store.read();
        puzzles::ensure_pack(c)?;
        let mut rows = Vec::new();
        for (variant, messages) in DAILY_CARDS {
            let id = match daily_puzzle_id(c, variant, day) {
                Ok(id) => id,
                Err(Halt::Failed(e)) => return Err(e),
                Err(_) => None,
            };
            if let Some(row) = id.map(|id| db::puzzle(c, id)).transpose()?.flatten() {
                rows.push((variant, messages, row));
            }
        }
        rows
    };
    for (variant, [title, description, text], row) in todays {
        let Some(p) = load(&row) else { continue };
        let a = args![
            ("id", row.id),
            ("rating", num(row.rating.round() as i64)),
            ("color", color_key(p.solver())),
            ("moves", num(p.solver_moves() as i64))
        ];
        offers.push(Offer {
            id: format!("daily-{}", row.id),
            title: t(title, Some(&a)),
            description: t(description, Some(&a)),
            text: t(text, Some(&a)),
            button: Some((t("inline-daily-button", None), daily_link(variant))),
            image: Some(puzzles::start_board_name(row.id)),
        });
    }
    let a = args![("name", crate::core::types::clean_name(name))];
    offers.push(Offer {
        id: "play".into(),
        title: t("inline-play-title", None),
        description: t("inline-play-description", None),
        text: t("inline-play-text", Some(&a)),
        button: Some((t("inline-play-button", None), "play".into())),
        image: None,
    });
    Ok(offers)
}
