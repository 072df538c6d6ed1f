use super::*;

fn total(edges: &[(usize, usize, i128)], mate: &[Option<usize>]) -> (usize, i128) {
    let mut pairs = 0;
    let mut sum = 0;
    for &(v, w, wt) in edges {
        if mate[v] == Some(w) {
            assert_eq!(mate[w], Some(v));
            pairs += 1;
            sum += wt;
        }
    }
    (pairs, sum)
}

/// Best (cardinality, weight) by exhaustive search.
fn brute(n: usize, edges: &[(usize, usize, i128)], max_card: bool) -> (usize, i128) {
    fn go(
        v: usize,
        used: &mut Vec<bool>,
        edges: &[(usize, usize, i128)],
        max_card: bool,
        acc: (usize, i128),
        best: &mut (usize, i128),
    ) {
        let n = used.len();
        let v = (v..n).find(|&x| !used[x]);
        let Some(v) = v else {
            let better = if max_card {
                acc.0 > best.0 || (acc.0 == best.0 && acc.1 > best.1)
            } else {
                acc.1 > best.1
            };
            if better {
                *best = acc;
            }
            return;
        };
        used[v] = true;
        go(v + 1, used, edges, max_card, acc, best); // v stays single
        for &(a, b, w) in edges {
            let u = if a == v {
                b
            } else if b == v {
                a
            } else {
                continue;
            };
            if !used[u] {
                used[u] = true;
                go(v + 1, used, edges, max_card, (acc.0 + 1, acc.1 + w), best);
                used[u] = false;
            }
        }
        used[v] = false;
    }
    let mut best = (0, 0);
    go(0, &mut vec![false; n], edges, max_card, (0, 0), &mut best);
    best
}

#[test]
fn small_known_graphs() {
    // the example of van Rantwijk's and NetworkX's documentation
    let e = [
        (1, 2, 6),
        (1, 3, 2),
        (2, 3, 1),
        (2, 4, 7),
        (3, 5, 9),
        (4, 5, 3),
    ];
    let m = max_weight_matching(6, &e, false);
    assert_eq!(
        (m[2], m[4], m[3], m[5]),
        (Some(4), Some(2), Some(5), Some(3))
    );
    // a triangle plus a pendant: the heavy edge alone, or two edges
    let e = [(0, 1, 10), (1, 2, 10), (0, 2, 10), (2, 3, 1)];
    assert_eq!(total(&e, &max_weight_matching(4, &e, false)), (2, 11));
    // a negative edge is taken only for cardinality
    let e = [(0, 1, -5)];
    assert_eq!(total(&e, &max_weight_matching(2, &e, false)), (0, 0));
    assert_eq!(total(&e, &max_weight_matching(2, &e, true)), (1, -5));
}

#[test]
fn agrees_with_exhaustive_search() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut rnd = |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    for case in 0..1500 {
        let n = 2 + rnd(9) as usize;
        let density = 20 + rnd(80);
        let mut edges = Vec::new();
        for v in 0..n {
            for w in v + 1..n {
                if rnd(100) < density {
                    // few distinct weights make many ties and blossoms
                    let wt = if case % 3 == 0 {
                        rnd(4) as i128
                    } else {
                        rnd(40) as i128 - 8
                    };
                    edges.push((v, w, wt));
                }
            }
        }
        for max_card in [false, true] {
            let got = total(&edges, &max_weight_matching(n, &edges, max_card));
            let want = brute(n, &edges, max_card);
            if max_card {
                assert_eq!(got, want, "case {case}: {edges:?}");
            } else {
                assert_eq!(got.1, want.1, "case {case}: {edges:?}");
            }
        }
    }
}
