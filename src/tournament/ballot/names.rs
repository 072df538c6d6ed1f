//! Traditional names of Russian draughts openings.
//!
//! Only names whose moves could be checked are given; each line is
//! replayed by the engine in the tests. Sources: the Russian draughts
//! opening literature as quoted by ru.wikipedia ("Старая партия", "Игра
//! Романычева", "Отказанный обратный перекрёсток", "Игра Петрова"), the
//! Russian draughts primers reprinted at table-games.ru and kombinashki.ru
//! (Кол, Игра Каулена, Игра Филиппова), v-damki.com (Обратный тычок),
//! draughts.narod.ru (Городская партия, Обратная городская) and the issue
//! that asked for them (Городская партия, Кол, Игра Бодянского).
//! Обратная городская is also checked by construction: its position is
//! the city game's turned round with the colours swapped (a test does it).
//!
//! Names that were asked for but whose defining moves could not be pinned
//! down to a line of at most six half-moves are left out: Отказанная
//! городская (its tabia is nine moves long), Киевская защита, Тычок,
//! Перекрёсток, Отыгрыш, Вилочка, Игра Боброва, Отказанный кол, Обратная
//! игра Бодянского, Обратная игра Филиппова.

use super::replay;
use crate::engine::Position;
use std::sync::OnceLock;

/// A named opening: Russian name, English rendering, the defining moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpeningName {
    pub ru: &'static str,
    pub en: &'static str,
    /// Half-moves from the initial position, in full notation.
    pub moves: &'static str,
}

/// The named openings. An opening passes through a name when the position
/// after the name's moves occurs along its moves (so transpositions count).
pub const NAMES: &[OpeningName] = &[
    OpeningName {
        ru: "Городская партия",
        en: "Gorodskaya partiya (City Game)",
        moves: "c3-d4 d6-c5 b2-c3 f6-g5",
    },
    OpeningName {
        ru: "Старая партия",
        en: "Staraya partiya (Old Game)",
        moves: "c3-d4 d6-c5 b2-c3 e7-d6",
    },
    OpeningName {
        ru: "Кол",
        en: "Kol (The Stake)",
        moves: "c3-d4 b6-a5 d4-c5 d6:b4 a3:c5",
    },
    OpeningName {
        ru: "Игра Бодянского",
        en: "Igra Bodyanskogo (Bodyansky's Game)",
        moves: "a3-b4 b6-a5 e3-d4",
    },
    OpeningName {
        ru: "Игра Каулена",
        en: "Igra Kaulena (Kaulen's Game)",
        moves: "g3-f4 f6-e5 h2-g3",
    },
    OpeningName {
        ru: "Игра Филиппова",
        en: "Igra Filippova (Filippov's Game)",
        moves: "e3-d4 d6-e5 a3-b4 h6-g5",
    },
    OpeningName {
        ru: "Игра Петрова",
        en: "Igra Petrova (Petrov's Game)",
        moves: "g3-h4 b6-a5",
    },
    OpeningName {
        ru: "Обратная городская партия",
        en: "Obratnaya gorodskaya (Reverse City Game)",
        moves: "c3-b4 f6-e5 e3-f4 g7-f6",
    },
    OpeningName {
        ru: "Обратный тычок",
        en: "Obratny tychok (Reverse Poke)",
        moves: "c3-b4 f6-e5 b2-c3 e5-f4",
    },
    OpeningName {
        ru: "Обратный кол",
        en: "Obratny kol (Reverse Stake)",
        moves: "g3-h4 f6-e5 c3-b4 e5-f4 e3:g5 h6:f4",
    },
    OpeningName {
        ru: "Обратный перекрёсток",
        en: "Obratny perekryostok (Reverse Crossroads)",
        moves: "c3-d4 d6-e5 b2-c3 e7-d6 g3-h4 d6-c5",
    },
    OpeningName {
        ru: "Отказанный обратный перекрёсток",
        en: "Otkazanny obratny perekryostok (Declined Reverse Crossroads)",
        moves: "c3-d4 d6-e5 b2-c3 e7-d6 g3-h4 h6-g5",
    },
    OpeningName {
        ru: "Отказанный обратный перекрёсток",
        en: "Otkazanny obratny perekryostok (Declined Reverse Crossroads)",
        moves: "c3-d4 d6-e5 b2-c3 e7-d6 g3-h4 f8-e7",
    },
    OpeningName {
        ru: "Игра Романычева",
        en: "Igra Romanycheva (Romanychev's Game)",
        moves: "c3-d4 f6-e5 d4:f6",
    },
    OpeningName {
        ru: "Гибельное начало",
        en: "Gibelnoye nachalo (The Fatal Opening)",
        moves: "c3-d4 f6-e5 d4:f6 g7:e5",
    },
];

/// The position each name stands for.
fn positions() -> &'static [(Position, usize)] {
    static P: OnceLock<Vec<(Position, usize)>> = OnceLock::new();
    P.get_or_init(|| {
        NAMES
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let moves: Vec<String> = n.moves.split(' ').map(str::to_string).collect();
                (replay(&moves).expect("named lines are legal"), i)
            })
            .collect()
    })
}

/// The name of an opening given by its moves: the named position reached
/// last along them (the more specific name when several are passed).
pub fn name_of(moves: &[String]) -> Option<&'static OpeningName> {
    let named = positions();
    let mut pos = Position::initial();
    let mut found = None;
    for m in moves {
        let Ok(mv) = crate::engine::parse_move(&pos, m) else {
            return found;
        };
        pos = pos.make(&mv);
        if let Some((_, i)) = named.iter().find(|(p, _)| *p == pos) {
            found = Some(&NAMES[*i]);
        }
    }
    found
}
