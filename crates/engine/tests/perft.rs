//! Perft against the reference counts of `shared/perft` (copied to
//! `tests/data`). Depths are capped so the suite stays fast; deeper checks run
//! through `shashki perft` (see BENCHMARKS.md).

use shashki_engine::rules::{Brazilian, Russian};
use shashki_engine::{perft, with_rules, Position, Variant8};

/// The most leaves a single check may visit in the test profile.
const LEAF_BUDGET: u64 = 60_000_000;

fn cases(data: &str) -> Vec<(String, Vec<u64>)> {
    data.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (fen, counts) = l.split_once('|').expect("FEN|counts");
            let counts = counts
                .split_whitespace()
                .map(|n| n.parse().expect("count"))
                .collect();
            (fen.to_string(), counts)
        })
        .collect()
}

#[test]
fn russian_reference_counts() {
    let data = include_str!("data/perft_russian.txt");
    let cases = cases(data);
    assert_eq!(cases.len(), 5, "every reference line is read");
    let mut checked = 0;
    for (fen, counts) in cases {
        let pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (i, &expect) in counts.iter().enumerate() {
            if expect > LEAF_BUDGET {
                break;
            }
            let depth = i as u32 + 1;
            assert_eq!(perft::<Russian>(&pos, depth), expect, "{fen} depth {depth}");
            checked += 1;
        }
    }
    assert_eq!(checked, 37, "depths checked within the leaf budget");
}

#[test]
fn brazilian_initial_counts() {
    let data = include_str!("data/perft_other_variants.txt");
    let (_, counts) = cases(data)
        .into_iter()
        .find(|(name, _)| name == "brazilian")
        .expect("brazilian line");
    let pos = Position::initial();
    for (i, &expect) in counts.iter().enumerate().take(9) {
        assert_eq!(
            perft::<Brazilian>(&pos, i as u32 + 1),
            expect,
            "depth {}",
            i + 1
        );
    }
}

/// The SET lines of the other rule sets (dctl's counts, see the data file),
/// from each variant's initial position, to every depth within the budget.
#[test]
fn other_variants_set_counts() {
    let data = include_str!("data/perft_other_variants.txt");
    let mut checked = Vec::new();
    for (name, counts) in cases(data) {
        let Some(key) = name.strip_suffix("-set") else {
            continue;
        };
        let Ok(variant) = key.parse::<Variant8>() else {
            continue; // a rule set the engine does not play yet
        };
        let pos = variant.initial_position();
        for (i, &expect) in counts.iter().enumerate() {
            if expect > LEAF_BUDGET {
                break;
            }
            let depth = i as u32 + 1;
            let got = with_rules!(variant, R => perft::<R>(&pos, depth));
            assert_eq!(got, expect, "{name} depth {depth}");
        }
        checked.push((key.to_string(), counts.len()));
    }
    let names: Vec<&str> = checked.iter().map(|(k, _)| k.as_str()).collect();
    for played in ["english", "pool", "czech", "italian", "portuguese"] {
        assert!(names.contains(&played), "{played} checked: {names:?}");
    }
}
