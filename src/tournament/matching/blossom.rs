//! The blossom operations of the matching: find a blossom or an
//! augmenting path, make a blossom, dissolve one, and augment through them.

use super::{Matcher, CRUMB, FREE, S, T};

impl Matcher {
    /// Trace back from S-vertices `v` and `w`: the base of the new blossom
    /// they close, or `None` when the paths reach two different roots (an
    /// augmenting path).
    pub(super) fn scan_blossom(&mut self, v: usize, w: usize) -> Option<usize> {
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
    pub(super) fn add_blossom(&mut self, base: usize, v: usize, w: usize) {
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
    pub(super) fn expand_blossom(&mut self, b: usize, end_stage: bool) {
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
    pub(super) fn augment_blossom(&mut self, b: usize, v: usize) {
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
    pub(super) fn augment_matching(&mut self, v: usize, w: usize) {
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
}
