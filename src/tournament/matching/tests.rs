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

/// A small seeded generator (xorshift64*), so every run sees the same graphs.
struct Rng(u64);

impl Rng {
    fn below(&mut self, m: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % m
    }
}

/// The weights of the random graphs: few values (ties, many blossoms), a
/// spread with negatives, or huge ones like the Swiss pairing's.
#[derive(Clone, Copy, Debug)]
enum Weights {
    Ties,
    Spread,
    Huge,
}

/// A random graph on `n` vertices: `sparse` gives each vertex about three
/// edges, else every pair is joined with probability `percent`.
fn random_graph(
    rng: &mut Rng,
    n: usize,
    sparse: bool,
    percent: u64,
    weights: Weights,
) -> Vec<(usize, usize, i128)> {
    let weight = |rng: &mut Rng| match weights {
        Weights::Ties => rng.below(4) as i128,
        Weights::Spread => rng.below(60) as i128 - 12,
        Weights::Huge => (rng.below(1 << 40) as i128) << 50 | rng.below(1 << 50) as i128,
    };
    let mut joined = vec![false; n * n];
    let mut edges = Vec::new();
    if sparse {
        for _ in 0..3 * n / 2 {
            let (v, w) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
            if v != w && !joined[v * n + w] {
                joined[v * n + w] = true;
                joined[w * n + v] = true;
                edges.push((v.min(w), v.max(w), weight(rng)));
            }
        }
    } else {
        for v in 0..n {
            for w in v + 1..n {
                if rng.below(100) < percent {
                    edges.push((v, w, weight(rng)));
                }
            }
        }
    }
    edges
}

/// The best (pairs, weight) by dynamic programming over every subset of
/// the vertices (n ≤ 14): the lowest vertex of a subset stays single or
/// pairs with a neighbour in it. Without `max_card` pairs count for nothing.
fn best_by_subsets(n: usize, edges: &[(usize, usize, i128)], max_card: bool) -> (usize, i128) {
    assert!(n <= 14);
    let mut adj = vec![None; n * n];
    for &(v, w, wt) in edges {
        adj[v * n + w] = Some(wt);
        adj[w * n + v] = Some(wt);
    }
    let key = |b: (usize, i128)| if max_card { b } else { (0, b.1) };
    let mut best = vec![(0usize, 0i128); 1 << n];
    for mask in 1usize..1 << n {
        let v = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << v);
        let mut b = best[rest];
        for u in (v + 1..n).filter(|&u| rest & 1 << u != 0) {
            if let Some(wt) = adj[v * n + u] {
                let (p, s) = best[rest & !(1 << u)];
                let c = (p + 1, s + wt);
                if key(c) > key(b) {
                    b = c;
                }
            }
        }
        best[mask] = b;
    }
    best[(1 << n) - 1]
}

/// Solve and check the matching is one: mates are mutual and joined by an
/// edge. Returns the matcher (with its duals) and (pairs, weight).
fn solved(n: usize, edges: &[(usize, usize, i128)], max_card: bool) -> (Matcher, (usize, i128)) {
    let mut m = Matcher::new(n, edges, max_card);
    m.solve();
    for v in 0..n {
        if let Some(w) = m.mate[v] {
            assert_eq!(m.mate[w], Some(v), "mates are mutual");
            assert!(
                edges.iter().any(|e| (e.0, e.1) == (v.min(w), v.max(w))),
                "{v}-{w} is not an edge"
            );
        }
    }
    let got = total(edges, &m.mate);
    (m, got)
}

/// The matcher's own proof that its matching is the heaviest: LP duality
/// for the matching polytope (Edmonds). With u(v) = dual[v]/2 ≥ 0 and
/// z(B) = dual[B] ≥ 0 on the blossoms (odd vertex sets), every edge must
/// have u(v) + u(w) + Σ z(B ∋ v, w) ≥ w(v, w), and the dual objective
/// Σ u + Σ z(B)·(|B| − 1)/2 must equal the matching's weight: then no
/// matching weighs more.
///
/// In max-cardinality mode the vertex duals may be negative; shifting them
/// all up by `off` (in dual units) keeps every slack and proves the
/// matching heaviest for the weights w + off — the heaviest of all
/// matchings with as many pairs. (That it has the most pairs is checked
/// apart.)
/// Returns how many blossoms with a positive z the proof used.
fn certify(m: &Matcher, edges: &[(usize, usize, i128)]) -> Result<usize, String> {
    let n = m.n;
    let min_vertex = m.dual[..n].iter().copied().min().unwrap();
    let off = if m.max_cardinality {
        (-min_vertex).max(0)
    } else if min_vertex < 0 {
        return Err(format!("a negative vertex dual {min_vertex}"));
    } else {
        0
    };
    // the blossoms, nested ones too, as vertex sets
    let mut blossoms: Vec<(u128, usize, i128)> = Vec::new();
    for b in n..2 * n {
        if m.base[b].is_none() {
            continue;
        }
        let leaves = m.leaves_of(b);
        if leaves.len().is_multiple_of(2) || leaves.len() < 3 || m.dual[b] < 0 {
            return Err(format!("blossom {b} of {leaves:?}: z = {}", m.dual[b]));
        }
        let set = leaves.iter().fold(0u128, |s, &x| s | 1 << x);
        blossoms.push((set, leaves.len(), m.dual[b]));
    }
    for &(v, w, wt) in edges {
        let inside: i128 = blossoms
            .iter()
            .filter(|(set, _, _)| set & 1 << v != 0 && set & 1 << w != 0)
            .map(|b| b.2)
            .sum();
        let slack2 = m.dual[v] + m.dual[w] - 2 * wt + 2 * inside;
        if slack2 < 0 {
            return Err(format!("edge {v}-{w} ({wt}): slack {slack2}/2 < 0"));
        }
    }
    let (pairs, weight) = total(edges, &m.mate);
    let dual2: i128 = m.dual[..n].iter().map(|d| d + off).sum::<i128>()
        + blossoms
            .iter()
            .map(|&(_, size, z)| z * (size as i128 - 1))
            .sum::<i128>();
    let primal2 = 2 * (weight + off * pairs as i128);
    if primal2 != dual2 {
        return Err(format!(
            "twice the weight {primal2} ≠ twice the dual {dual2}"
        ));
    }
    Ok(blossoms.iter().filter(|b| b.2 > 0).count())
}

/// `certify`, which must succeed, and, as a control, must fail once the
/// matching loses a pair that weighs something. Returns the blossoms used.
fn certified(m: &mut Matcher, edges: &[(usize, usize, i128)], what: &str) -> usize {
    let blossoms = certify(m, edges).unwrap_or_else(|e| panic!("{what}: {e}: {edges:?}"));
    let off = if m.max_cardinality {
        (-m.dual[..m.n].iter().copied().min().unwrap()).max(0)
    } else {
        0
    };
    let pair = edges
        .iter()
        .find(|&&(v, w, wt)| m.mate[v] == Some(w) && wt + off > 0);
    if let Some(&(v, w, _)) = pair {
        m.mate[v] = None;
        m.mate[w] = None;
        assert!(certify(m, edges).is_err(), "{what}: {v}-{w} unmatched");
        m.mate[v] = Some(w);
        m.mate[w] = Some(v);
    }
    blossoms
}

/// Random graphs of 2 to 64 vertices, sparse, half full and complete, with
/// tied, spread and huge weights, in both modes: up to 14 vertices the
/// result is the optimum found over every subset; above, the matcher's
/// duals must prove it optimal, and in max-cardinality mode it must have
/// as many pairs and as much weight as the (proved) heaviest matching for
/// the weights raised by a constant that makes every extra pair worth more
/// than all the weights together.
#[test]
fn optimal_on_random_graphs_up_to_64_vertices() {
    let mut rng = Rng(0x5EED_0FB1_0055_u64);
    let (mut graphs, mut blossoms) = (0, 0);
    for n in 2..=64usize {
        for (sparse, percent) in [(true, 0), (false, 50), (false, 100)] {
            for weights in [Weights::Ties, Weights::Spread, Weights::Huge] {
                let edges = random_graph(&mut rng, n, sparse, percent, weights);
                if edges.is_empty() {
                    continue;
                }
                graphs += 1;
                let what = format!("n {n}, sparse {sparse}, {percent}%, {weights:?}");
                let mut most_pairs = (0, 0);
                for max_card in [false, true] {
                    let (mut m, got) = solved(n, &edges, max_card);
                    if max_card {
                        most_pairs = got;
                    }
                    blossoms += certified(&mut m, &edges, &what);
                    if n <= 14 {
                        let want = best_by_subsets(n, &edges, max_card);
                        if max_card {
                            assert_eq!(got, want, "{what}: {edges:?}");
                        } else {
                            assert_eq!(got.1, want.1, "{what}: {edges:?}");
                        }
                    }
                }
                // the most pairs: a pair worth more than every weight together
                let big = 1 + edges.iter().map(|e| e.2.abs()).sum::<i128>();
                let raised: Vec<_> = edges.iter().map(|&(v, w, wt)| (v, w, wt + big)).collect();
                let (mut m, _) = solved(n, &raised, false);
                certified(&mut m, &raised, &what);
                let (pairs, _) = total(&raised, &m.mate);
                let want = (pairs, total(&edges, &m.mate).1);
                assert_eq!(most_pairs, want, "{what}: {edges:?}");
            }
        }
    }
    // every size, density and weighting; the proofs lean on blossoms
    assert!(graphs > 500, "{graphs}");
    assert!(blossoms > 100, "{blossoms}");
}
