//! What the bot offers when someone types its name in any chat (Telegram's
//! inline mode): today's puzzle and an invitation to play, each a card the
//! person may post there, with a button that opens the bot.

use super::error::Halt;
use super::i18n::{num, Lang};
use super::present::text::color_key;
use super::puzzles::{self, daily_puzzle_id, load};
use super::time::day_of;
use super::types::Offer;
use super::{Service, ServiceError};
use crate::args;
use crate::store::puzzles as db;

/// The cards for an inline query by `name` (in their platform's
/// language `lang`): today's puzzle (with the file name its start board
/// is sent under, for a platform that kept the picture) and "play with
/// me". Nothing is stored or changed, so no gate: anyone may ask.
pub fn offers(svc: &Service, name: &str, lang: Option<&str>) -> Result<Vec<Offer>, ServiceError> {
    let lang = lang
        .and_then(Lang::from_code)
        .unwrap_or(svc.config().default_lang);
    let t = |id: &str, a: Option<&fluent_bundle::FluentArgs>| svc.env.catalog.get(lang, id, a);
    let mut offers = Vec::new();
    let today = {
        let store = svc.lock();
        let c = store.read();
        puzzles::ensure_pack(c)?;
        let id = match daily_puzzle_id(c, shashki_engine::Variant::Russian, day_of(svc.now())) {
            Ok(id) => id,
            Err(Halt::Failed(e)) => return Err(e),
            Err(_) => None,
        };
        match id {
            Some(id) => db::puzzle(c, id)?,
            None => None,
        }
    };
    if let Some((row, p)) = today.and_then(|r| load(&r).map(|p| (r, p))) {
        let a = args![
            ("id", row.id),
            ("rating", num(row.rating.round() as i64)),
            ("color", color_key(p.solver())),
            ("moves", num(p.solver_moves() as i64))
        ];
        offers.push(Offer {
            id: format!("daily-{}", row.id),
            title: t("inline-daily-title", Some(&a)),
            description: t("inline-daily-description", Some(&a)),
            text: t("inline-daily-text", Some(&a)),
            button: Some((t("inline-daily-button", None), "daily".into())),
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
