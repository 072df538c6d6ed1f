//! Inline mode (`@bot` in any chat): the core's cards as
//! answerInlineQuery results.

use teloxide::payloads::AnswerInlineQuerySetters;
use teloxide::requests::Requester;
use teloxide::types::{
    FileId, InlineKeyboardButton, InlineKeyboardMarkup, InlineQueryResult,
    InlineQueryResultArticle, InlineQueryResultCachedPhoto, InputMessageContent,
    InputMessageContentText, ParseMode,
};

use super::html::{rich, Html};
use super::markup::deep_link;
use super::pace::Kind;
use super::{limits, Telegram};
use crate::runtime::intake::Handled;

impl Telegram {
    /// `@bot` typed in any chat: the core's cards as answerInlineQuery
    /// results — a photo the bot sent before under the card's picture name
    /// (InlineQueryResultCachedPhoto), else an article; each with its
    /// button that opens the bot (`t.me/<bot>?start=…`). Nothing is stored.
    pub(super) async fn on_inline(&self, q: teloxide::types::InlineQuery, handled: Handled) {
        handled.done(); // nothing is stored
        let offers = self
            .hub
            .inline_offers(q.from.full_name(), q.from.language_code.clone())
            .await;
        let results: Vec<InlineQueryResult> =
            offers.iter().map(|o| self.inline_result(o)).collect();
        let req = self
            .bot
            .answer_inline_query(q.id.clone(), results)
            .cache_time(60)
            .is_personal(true);
        if let Err(e) = self.pace.call(None, Kind::Other, req).await {
            tracing::warn!(error = %e, "telegram: answerInlineQuery failed");
        }
    }

    pub(super) fn inline_result(&self, o: &crate::core::Offer) -> InlineQueryResult {
        let markup = o.button.as_ref().and_then(|(label, start)| {
            let url = deep_link(&self.me_username, start)?;
            Some(InlineKeyboardMarkup::new([[InlineKeyboardButton::url(
                label.clone(),
                url,
            )]]))
        });
        let html = rich(&o.text, &[]);
        let photo = o.image.as_ref().and_then(|name| {
            self.photos
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get(name)
                .cloned()
        });
        if let Some(file_id) = photo {
            let mut r = InlineQueryResultCachedPhoto::new(o.id.clone(), FileId(file_id))
                .title(o.title.clone())
                .description(o.description.clone())
                .caption(html.html_within(limits().caption_max))
                .parse_mode(ParseMode::Html);
            if let Some(m) = markup {
                r = r.reply_markup(m);
            }
            return InlineQueryResult::CachedPhoto(r);
        }
        let text = InputMessageContentText::new(html.html_within(limits().text_max))
            .parse_mode(ParseMode::Html);
        let mut r = InlineQueryResultArticle::new(
            o.id.clone(),
            o.title.clone(),
            InputMessageContent::Text(text),
        )
        .description(o.description.clone());
        if let Some(m) = markup {
            r = r.reply_markup(m);
        }
        InlineQueryResult::Article(r)
    }
}
