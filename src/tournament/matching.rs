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
//! Ids `0..n` are vertices, `n..2n` blossoms.

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
    Matcher::new(n, edges, max_cardinality).solve()
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

    /// Trace back from S-vertices `v` and `w`: the base of the new blossom
    /// they close, or `None` when the paths reach two different roots (an
    /// augmenting path).
    fn scan_blossom(&mut self, v: usize, w: usize) -> Option<usize> {
        let mut path = Vec::new();
        let mut found = None;
        let (mut v, mut w) = (Some(v), Some(w));
        while let Some(x) = v {
            let b = self.in_blossom[x];
            if self.label[b] & CRUMB != 0 {
                found = self.base[b];
                break;
            }
            debug_assert_eq!(self.label[b], S);
            path.push(b);
            self.label[b] = S | CRUMB;
            v = match self.label_edge[b] {
                None => None,
                Some((t, _)) => {
                    let bt = self.in_blossom[t];
                    Some(self.label_edge[bt].expect("T label edge").0)
                }
            };
            if w.is_some() {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = S;
        }
        found
    }

    /// Make a new S-blossom with the given base, closed by edge (v, w).
    fn add_blossom(&mut self, base: usize, v: usize, w: usize) {
        let bb = self.in_blossom[base];
        let (mut bv, mut bw) = (self.in_blossom[v], self.in_blossom[w]);
        let b = self.unused.pop().expect("blossom id");
        self.base[b] = Some(base);
        self.parent[b] = None;
        self.parent[bb] = Some(b);
        let mut path = Vec::new();
        let mut edgs = vec![(v, w)];
        while bv != bb {
            self.parent[bv] = Some(b);
            path.push(bv);
            let e = self.label_edge[bv].expect("label edge");
            edgs.push(e);
            bv = self.in_blossom[e.0];
        }
        path.push(bb);
        path.reverse();
        edgs.reverse();
        while bw != bb {
            self.parent[bw] = Some(b);
            path.push(bw);
            let e = self.label_edge[bw].expect("label edge");
            edgs.push((e.1, e.0));
            bw = self.in_blossom[e.0];
        }
        self.label[b] = S;
        self.label_edge[b] = self.label_edge[bb];
        self.dual[b] = 0;
        self.childs[b] = path;
        self.bedges[b] = edgs;
        for x in self.leaves_of(b) {
            if self.label[self.in_blossom[x]] == T {
                // a T-vertex turns S inside the new blossom
                self.queue.push(x);
            }
            self.in_blossom[x] = b;
        }
    }

    /// Dissolve a top-level blossom into its sub-blossoms; mid-stage (a
    /// T-blossom whose z reached zero) relabel the path through it.
    fn expand_blossom(&mut self, b: usize, end_stage: bool) {
        for s in self.childs[b].clone() {
            self.parent[s] = None;
            if s < self.n {
                self.in_blossom[s] = s;
            } else if end_stage && self.dual[s] == 0 {
                self.expand_blossom(s, end_stage);
            } else {
                for x in self.leaves_of(s) {
                    self.in_blossom[x] = s;
                }
            }
        }
        if !end_stage && self.label[b] == T {
            let len = self.childs[b].len() as isize;
            let at = |j: isize| j.rem_euclid(len) as usize;
            let (mut v, mut w) = self.label_edge[b].expect("T label edge");
            let entry = self.in_blossom[w];
            let mut j = self.childs[b].iter().position(|&c| c == entry).unwrap() as isize;
            let step: isize = if j & 1 == 1 {
                j -= len;
                1
            } else {
                -1
            };
            // relabel the even-length path from the entry child to the base
            while j != 0 {
                let (p, q) = if step == 1 {
                    self.bedges[b][at(j)]
                } else {
                    let e = self.bedges[b][at(j - 1)];
                    (e.1, e.0)
                };
                self.label[w] = FREE;
                self.label[q] = FREE;
                self.assign_label(w, T, Some(v));
                self.allow(p, q);
                j += step;
                (v, w) = if step == 1 {
                    self.bedges[b][at(j)]
                } else {
                    let e = self.bedges[b][at(j - 1)];
                    (e.1, e.0)
                };
                self.allow(v, w);
                j += step;
            }
            // the base sub-blossom becomes T without passing to its mate
            let bw = self.childs[b][at(j)];
            self.label[w] = T;
            self.label[bw] = T;
            self.label_edge[w] = Some((v, w));
            self.label_edge[bw] = Some((v, w));
            j += step;
            // the other sub-blossoms: T if reached from outside, else free
            while self.childs[b][at(j)] != entry {
                let bv = self.childs[b][at(j)];
                if self.label[bv] == S {
                    j += step;
                    continue;
                }
                let reached = self
                    .leaves_of(bv)
                    .into_iter()
                    .find(|&x| self.label[x] != FREE);
                if let Some(x) = reached {
                    debug_assert_eq!(self.label[x], T);
                    self.label[x] = FREE;
                    let m = self.mate_of(self.base[bv].expect("base"));
                    self.label[m] = FREE;
                    let from = self.label_edge[x].expect("label edge").0;
                    self.assign_label(x, T, Some(from));
                }
                j += step;
            }
        }
        self.label[b] = FREE;
        self.label_edge[b] = None;
        self.childs[b].clear();
        self.bedges[b].clear();
        self.base[b] = None;
        self.dual[b] = 0;
        self.unused.push(b);
    }

    /// Swap matched and unmatched edges on the path through blossom `b`
    /// from vertex `v` to the base; `v` becomes the base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != Some(b) {
            t = self.parent[t].expect("parent");
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.childs[b].len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        let i = self.childs[b].iter().position(|&c| c == t).unwrap();
        let mut j = i as isize;
        let step: isize = if j & 1 == 1 {
            j -= len;
            1
        } else {
            -1
        };
        while j != 0 {
            j += step;
            let t1 = self.childs[b][at(j)];
            let (w, x) = if step == 1 {
                self.bedges[b][at(j)]
            } else {
                let e = self.bedges[b][at(j - 1)];
                (e.1, e.0)
            };
            if t1 >= self.n {
                self.augment_blossom(t1, w);
            }
            j += step;
            let t2 = self.childs[b][at(j)];
            if t2 >= self.n {
                self.augment_blossom(t2, x);
            }
            self.mate[w] = Some(x);
            self.mate[x] = Some(w);
        }
        self.childs[b].rotate_left(i);
        self.bedges[b].rotate_left(i);
        self.base[b] = self.base[self.childs[b][0]];
        debug_assert_eq!(self.base[b], Some(v));
    }

    /// Augment along the path through S-vertices `v` and `w`.
    fn augment_matching(&mut self, v: usize, w: usize) {
        for (mut s, mut j) in [(v, w), (w, v)] {
            loop {
                let bs = self.in_blossom[s];
                debug_assert_eq!(self.label[bs], S);
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = Some(j);
                let Some((t, _)) = self.label_edge[bs] else {
                    break; // reached a single vertex, the path's end
                };
                let bt = self.in_blossom[t];
                debug_assert_eq!(self.label[bt], T);
                (s, j) = self.label_edge[bt].expect("T label edge");
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = Some(s);
            }
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

    fn solve(mut self) -> Vec<Option<usize>> {
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
        self.mate
    }
}

#[cfg(test)]
mod tests {
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
}
