//! Whether each configured platform is connected, as its adapter (or the
//! hub, when a transport is set) last said: `/healthz` answers 200 only
//! while every one is ([`super::http`]).

use crate::core::Platform;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// The platforms the process runs, each connected or not.
#[derive(Default)]
pub struct Health {
    platforms: Mutex<BTreeMap<&'static str, bool>>,
}

impl Health {
    /// `p` is configured: disconnected until it says otherwise.
    pub fn expect(&self, p: Platform) {
        self.platforms
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(p.key())
            .or_insert(false);
    }

    /// `p` is connected (or not). Whether that is a change.
    pub fn set(&self, p: Platform, up: bool) -> bool {
        self.platforms
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(p.key(), up)
            != Some(up)
    }

    /// The platforms not connected now.
    pub fn down(&self) -> Vec<&'static str> {
        self.platforms
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .filter(|(_, up)| !**up)
            .map(|(p, _)| *p)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_platform_is_down_until_it_connects_and_after_it_drops() {
        let h = Health::default();
        h.expect(Platform::Telegram);
        h.expect(Platform::Discord);
        assert_eq!(h.down(), vec!["discord", "telegram"]);
        assert!(h.set(Platform::Telegram, true));
        assert!(!h.set(Platform::Telegram, true), "no change");
        assert_eq!(h.down(), vec!["discord"]);
        h.set(Platform::Discord, true);
        assert!(h.down().is_empty());
        // expecting it again does not forget that it is connected
        h.expect(Platform::Discord);
        assert!(h.down().is_empty());
        assert!(h.set(Platform::Telegram, false));
        assert_eq!(h.down(), vec!["telegram"]);
    }
}
