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
    /// The parts of a platform's connection, each up or not (Discord's
    /// gateway shards this process runs): the platform is connected only
    /// while every part is.
    parts: Mutex<BTreeMap<&'static str, BTreeMap<u32, bool>>>,
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

    /// `p`'s connection has these parts (shards), each down until it says
    /// otherwise ([`Health::set_part`]).
    pub fn expect_parts(&self, p: Platform, parts: impl IntoIterator<Item = u32>) {
        let mut all = self.parts.lock().unwrap_or_else(|e| e.into_inner());
        let mine = all.entry(p.key()).or_default();
        for part in parts {
            mine.entry(part).or_insert(false);
        }
    }

    /// Part `part` of `p`'s connection is up (or not): `p` is connected
    /// while every part it has is. Whether `p` is connected now.
    pub fn set_part(&self, p: Platform, part: u32, up: bool) -> bool {
        let mut all = self.parts.lock().unwrap_or_else(|e| e.into_inner());
        let mine = all.entry(p.key()).or_default();
        mine.insert(part, up);
        mine.values().all(|u| *u)
    }

    /// The parts of `p` not up now.
    pub fn parts_down(&self, p: Platform) -> Vec<u32> {
        self.parts
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(p.key())
            .map(|m| m.iter().filter(|(_, up)| !**up).map(|(k, _)| *k).collect())
            .unwrap_or_default()
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

    #[test]
    fn a_platform_of_parts_is_up_only_while_every_part_is() {
        let h = Health::default();
        h.expect_parts(Platform::Discord, [0, 1]);
        assert_eq!(h.parts_down(Platform::Discord), vec![0, 1]);
        assert!(
            !h.set_part(Platform::Discord, 1, true),
            "shard 0 still down"
        );
        assert!(h.set_part(Platform::Discord, 0, true));
        assert!(h.parts_down(Platform::Discord).is_empty());
        assert!(!h.set_part(Platform::Discord, 1, false), "one shard down");
        assert_eq!(h.parts_down(Platform::Discord), vec![1]);
        // expecting them again does not forget what is up
        h.expect_parts(Platform::Discord, [0, 1]);
        assert_eq!(h.parts_down(Platform::Discord), vec![1]);
        assert!(h.set_part(Platform::Discord, 1, true));
    }
}
