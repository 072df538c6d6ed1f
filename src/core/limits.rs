//! What each platform accepts in one message: text lengths, buttons, menus,
//! the bytes a button may carry. One table per platform, so the adapters
//! (and the core, when it lays out buttons) read the same numbers.

use super::types::Platform;

/// The limits of one platform. Lengths are in characters unless the name
/// says bytes; `usize::MAX` means "no limit" (the console).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlatformLimits {
    /// Whether a reply for one person in a group is seen by that person
    /// alone (Discord's ephemeral messages, the console); on Telegram it is
    /// a message in the group.
    pub private_in_groups: bool,
    /// Whether the bot may write to a person privately only after they
    /// opened a private chat with it (Telegram: a bot cannot start a
    /// conversation); `/notify` then says so, with a link to that chat.
    pub private_needs_start: bool,
    /// Whether the bot can open a thread for a game (`/settings threads`:
    /// Discord).
    pub game_threads: bool,
    /// The longest text of a message.
    pub text_max: usize,
    /// The longest caption of a photo (longer texts go in their own
    /// message).
    pub caption_max: usize,
    /// The longest pop-up answer to a pressed button (0: no pop-ups).
    pub toast_max: usize,
    /// Buttons in one row.
    pub buttons_per_row: usize,
    /// Rows of buttons (and menus) under one message.
    pub rows_max: usize,
    /// The longest label of a button.
    pub button_label_max: usize,
    /// The longest payload a button carries back, in bytes (Telegram's
    /// callback data, Discord's custom_id).
    pub payload_bytes_max: usize,
    /// Options in one select menu (0: no menus).
    pub menu_options_max: usize,
    /// The longest placeholder of a select menu.
    pub menu_placeholder_max: usize,
    /// Suggestions in one autocomplete answer (0: no autocomplete).
    pub autocomplete_max: usize,
}

/// Telegram Bot API: 4096-character messages, 1024-character captions,
/// 200-character callback answers, 64 bytes of callback data. Rows and
/// labels have no documented limit; inline keyboards take up to 8 buttons a
/// row.
pub const TELEGRAM: PlatformLimits = PlatformLimits {
    private_in_groups: false,
    private_needs_start: true,
    game_threads: false,
    text_max: 4096,
    caption_max: 1024,
    toast_max: 200,
    buttons_per_row: 8,
    rows_max: usize::MAX,
    button_label_max: usize::MAX,
    payload_bytes_max: 64,
    menu_options_max: 0,
    menu_placeholder_max: 0,
    autocomplete_max: 0,
};

/// Discord: 2000-character contents (a caption is the content), five
/// action rows of five buttons, 80-character labels, 100-character
/// custom_ids, menus of 25 options with 150-character placeholders, 25
/// autocomplete choices.
pub const DISCORD: PlatformLimits = PlatformLimits {
    private_in_groups: true,
    private_needs_start: false,
    game_threads: true,
    text_max: 2000,
    caption_max: 2000,
    toast_max: 0,
    buttons_per_row: 5,
    rows_max: 5,
    button_label_max: 80,
    payload_bytes_max: 100,
    menu_options_max: 25,
    menu_placeholder_max: 150,
    autocomplete_max: 25,
};

/// The console prints everything.
pub const CONSOLE: PlatformLimits = PlatformLimits {
    private_in_groups: true,
    private_needs_start: false,
    game_threads: false,
    text_max: usize::MAX,
    caption_max: usize::MAX,
    toast_max: 0,
    buttons_per_row: usize::MAX,
    rows_max: usize::MAX,
    button_label_max: usize::MAX,
    payload_bytes_max: usize::MAX,
    menu_options_max: 0,
    menu_placeholder_max: 0,
    autocomplete_max: 0,
};

impl Platform {
    /// What this platform accepts in one message.
    pub fn limits(self) -> &'static PlatformLimits {
        match self {
            Platform::Console => &CONSOLE,
            Platform::Telegram => &TELEGRAM,
            Platform::Discord => &DISCORD,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_platform_has_its_table() {
        assert_eq!(Platform::Telegram.limits().caption_max, 1024);
        assert_eq!(Platform::Discord.limits().menu_options_max, 25);
        assert_eq!(Platform::Console.limits().text_max, usize::MAX);
        // a payload the core validates (≤ 64 bytes) fits every platform
        for p in [Platform::Console, Platform::Telegram, Platform::Discord] {
            assert!(p.limits().payload_bytes_max >= 64);
        }
    }
}
