//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm
//! with the primal-dual method, in the formulation of Z. Galil, "Efficient
//! algorithms for finding maximum matching in graphs", ACM Computing
//! Surveys 18 (1986), the same formulation J. van Rantwijk's well-known
//! reference implementation follows. Written for this project; integers
//! only, so the optimum is exact.
//!
//! Vertex dual variables are kept doubled (`dual[v]` = 2·u(v)) so every
//! quantity stays an integer; blossom duals are z(b). An edge is *tight*
//! when its slack u(v) + u(w) − w(v,w) (+ the z of blossoms holding both
//! ends) is zero; the labelling only walks tight edges. When no augmenting
//! path is left among tight edges, the duals move by the smallest of:
//! δ1 the least vertex dual (not in max-cardinality mode), δ2 the least
//! slack of an edge from an S-vertex to a free vertex, δ3 half the least
//! slack of an edge between two S-blossoms, δ4 the least z of a T-blossom.
//!
//! Unlike the O(n³) reference, δ2 and δ3 are found by scanning every edge
//! (no least-slack-edge bookkeeping): O(n²·m) in all, which is simpler and
//! ample for the pairing graphs of a chat tournament (tens of players).
//!
//! Ids `0..n` are vertices, `n..2n` blossoms. The blossom operations
//! (make, dissolve, augment through) are in `blossom.rs`.

mod blossom;
#[cfg(test)]
mod tests;

/// A maximum-weight matching of the graph with `n` vertices and the given
/// undirected `edges` `(v, w, weight)` (no self-loops, at most one edge a
/// pair). With `max_cardinality`, the heaviest among the matchings with the
/// most edges. Returns each vertex's mate.
pub(crate) fn max_weight_matching(
    n: usize,
    edges: &[(usize, usize, i128)],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    if n == 0 || edges.is_empty() {
        return vec![None; n];
    }
    let mut m = Matcher::new(n, edges, max_cardinality);
    m.solve();
    m.mate
}

const FREE: u8 = 0;
const S: u8 = 1;
const T: u8 = 2;
const CRUMB: u8 = 4;

struct Matcher {
    n: usize,
    max_cardinality: bool,
    edges: Vec<(usize, usize, i128)>,
    adj: Vec<Vec<(usize, i128)>>,
    mate: Vec<Option<usize>>,
    /// Label of a top-level blossom, or of a vertex inside a T-blossom that
    /// was reached from outside.
    label: Vec<u8>,
    /// The edge `(v, w)` through which the label came, `w` inside.
    label_edge: Vec<Option<(usize, usize)>>,
    in_blossom: Vec<usize>,
    parent: Vec<Option<usize>>,
    /// Sub-blossoms round the blossom, starting with the base one.
    childs: Vec<Vec<usize>>,
    /// `edges[i]` joins `childs[i]` and `childs[i + 1]` (wrapping).
    bedges: Vec<Vec<(usize, usize)>>,
    base: Vec<Option<usize>>,
    dual: Vec<i128>,
    allowed: Vec<bool>,
    queue: Vec<usize>,
    unused: Vec<usize>,
}

impl Matcher {
    fn new(n: usize, edges: &[(usize, usize, i128)], max_cardinality: bool) -> Matcher {
        let mut adj = vec![Vec::new(); n];
        for &(v, w, wt) in edges {
            assert!(v != w && v < n && w < n, "bad edge {v}-{w}");
            adj[v].push((w, wt));
            adj[w].push((v, wt));
        }
        let max_w = edges.iter().map(|e| e.2).max().unwrap_or(0).max(0);
        let mut dual = vec![max_w; n];
        dual.resize(2 * n, 0);
        Matcher {
            n,
            max_cardinality,
            edges: edges.to_vec(),
            adj,
            mate: vec![None; n],
            label: vec![FREE; 2 * n],
            label_edge: vec![None; 2 * n],
            in_blossom: (0..n).collect(),
            parent: vec![None; 2 * n],
            childs: vec![Vec::new(); 2 * n],
            bedges: vec![Vec::new(); 2 * n],
            base: (0..n).map(Some).chain((0..n).map(|_| None)).collect(),
            dual,
            allowed: vec![false; n * n],
            queue: Vec::new(),
            unused: (n..2 * n).rev().collect(),
        }
    }

    fn weight(&self, v: usize, w: usize) -> i128 {
        self.adj[v]
            .iter()
            .find(|e| e.0 == w)
            .map(|e| e.1)
            .expect("edge")
    }

    /// Twice the slack of edge (v, w), blossom duals aside.
    fn slack(&self, v: usize, w: usize) -> i128 {
        self.dual[v] + self.dual[w] - 2 * self.weight(v, w)
    }

    fn allow(&mut self, v: usize, w: usize) {
        self.allowed[v * self.n + w] = true;
        self.allowed[w * self.n + v] = true;
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &c in &self.childs[b] {
                self.leaves(c, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn mate_of(&self, v: usize) -> usize {
        self.mate[v].expect("matched vertex")
    }

    /// Label the top-level blossom of `w` with `t`, reached from `v`.
    fn assign_label(&mut self, w: usize, t: u8, v: Option<usize>) {
        let b = self.in_blossom[w];
        debug_assert!(self.label[w] == FREE && self.label[b] == FREE);
        self.label[w] = t;
        self.label[b] = t;
        let e = v.map(|v| (v, w));
        self.label_edge[w] = e;
        self.label_edge[b] = e;
        if t == S {
            let leaves = self.leaves_of(b);
            self.queue.extend(leaves);
        } else {
            // a T-blossom: its base's mate becomes S
            let base = self.base[b].expect("base");
            let m = self.mate_of(base);
            self.assign_label(m, S, Some(base));
        }
    }

    fn top_label(&self, v: usize) -> u8 {
        self.label[self.in_blossom[v]]
    }

    /// Label through tight edges from the queue; true once augmented.
    fn grow(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            debug_assert_eq!(self.top_label(v), S);
            for k in 0..self.adj[v].len() {
                let w = self.adj[v][k].0;
                let (bv, bw) = (self.in_blossom[v], self.in_blossom[w]);
                if bv == bw {
                    continue; // inside one blossom
                }
                if !self.allowed[v * self.n + w] {
                    if self.slack(v, w) > 0 {
                        continue;
                    }
                    self.allow(v, w);
                }
                if self.label[bw] == FREE {
                    self.assign_label(w, T, Some(v));
                } else if self.label[bw] == S {
                    match self.scan_blossom(v, w) {
                        Some(base) => self.add_blossom(base, v, w),
                        None => {
                            self.augment_matching(v, w);
                            return true;
                        }
                    }
                } else if self.label[w] == FREE {
                    // w in a T-blossom, reached from outside: remember how
                    self.label[w] = T;
                    self.label_edge[w] = Some((v, w));
                }
            }
        }
        false
    }

    fn is_top_blossom(&self, b: usize) -> bool {
        self.base[b].is_some() && self.parent[b].is_none()
    }

    /// Run the stages to the optimum: `mate` is the matching, `dual` and
    /// the blossoms what proves it optimal (the tests check that proof).
    fn solve(&mut self) {
        let n = self.n;
        loop {
            // a stage: find one augmenting path
            self.label.fill(FREE);
            self.label_edge.fill(None);
            self.allowed.fill(false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v].is_none() && self.top_label(v) == FREE {
                    self.assign_label(v, S, None);
                }
            }
            let mut augmented = false;
            loop {
                if self.grow() {
                    augmented = true;
                    break;
                }
                // no augmenting path on tight edges: move the duals
                enum Act {
                    Stop,
                    Edge(usize, usize),
                    Expand(usize),
                }
                let mut best: Option<(i128, Act)> = None;
                let mut offer = |d: i128, a: Act| {
                    if best.as_ref().is_none_or(|b| d < b.0) {
                        best = Some((d, a));
                    }
                };
                if !self.max_cardinality {
                    offer(self.dual[..n].iter().copied().min().unwrap(), Act::Stop);
                }
                for &(v, w, _) in &self.edges {
                    let (lv, lw) = (self.top_label(v), self.top_label(w));
                    if lv == S && lw == FREE {
                        offer(self.slack(v, w), Act::Edge(v, w));
                    } else if lw == S && lv == FREE {
                        offer(self.slack(v, w), Act::Edge(w, v));
                    } else if lv == S && lw == S && self.in_blossom[v] != self.in_blossom[w] {
                        let s = self.slack(v, w);
                        debug_assert!(s % 2 == 0);
                        offer(s / 2, Act::Edge(v, w));
                    }
                }
                for b in n..2 * n {
                    if self.is_top_blossom(b) && self.label[b] == T {
                        offer(self.dual[b], Act::Expand(b));
                    }
                }
                let (delta, act) = best.unwrap_or_else(|| {
                    // max-cardinality optimum: a last move to keep duals valid
                    let d = self.dual[..n].iter().copied().min().unwrap().max(0);
                    (d, Act::Stop)
                });
                for v in 0..n {
                    match self.top_label(v) {
                        S => self.dual[v] -= delta,
                        T => self.dual[v] += delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.is_top_blossom(b) {
                        match self.label[b] {
                            S => self.dual[b] += delta,
                            T => self.dual[b] -= delta,
                            _ => {}
                        }
                    }
                }
                match act {
                    Act::Stop => break,
                    Act::Edge(v, w) => {
                        self.allow(v, w);
                        self.queue.push(v);
                    }
                    Act::Expand(b) => self.expand_blossom(b, false),
                }
            }
            if !augmented {
                break;
            }
            // end of stage: S-blossoms with zero dual dissolve
            for b in n..2 * n {
                if self.is_top_blossom(b) && self.label[b] == S && self.dual[b] == 0 {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}
