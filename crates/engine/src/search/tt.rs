//! Transposition table: buckets of two entries (one kept by depth, one
//! always replaced), 16 bytes each.

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    #[default]
    None = 0,
    Lower = 1,
    Upper = 2,
    Exact = 3,
}

#[derive(Clone, Copy, Default)]
#[repr(C)]
pub struct Entry {
    pub key: u64,
    pub score: i16,
    pub depth: i8,
    bound: u8,
    /// Index of the best move in the generated move list, 255 = none.
    pub mv: u8,
    pub age: u8,
    _pad: u16,
}

impl Entry {
    pub fn bound(&self) -> Bound {
        match self.bound {
            1 => Bound::Lower,
            2 => Bound::Upper,
            3 => Bound::Exact,
            _ => Bound::None,
        }
    }
}

pub struct Tt {
    entries: Vec<Entry>,
    mask: usize,
    age: u8,
}

pub const NO_MOVE: u8 = 255;

impl Tt {
    /// A table of about `mb` megabytes (rounded down to a power of two).
    pub fn new(mb: usize) -> Tt {
        let bytes = mb.max(1) * 1024 * 1024;
        let mut n = 2usize;
        while n * 2 * std::mem::size_of::<Entry>() <= bytes {
            n *= 2;
        }
        Tt {
            entries: vec![Entry::default(); n],
            mask: (n / 2) - 1,
            age: 0,
        }
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = Entry::default());
        self.age = 0;
    }

    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> usize {
        ((key as usize) & self.mask) * 2
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = self.bucket(key);
        let b = &self.entries[i..i + 2];
        b.iter().find(|e| e.key == key && e.bound != 0).copied()
    }

    #[inline]
    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, mv: u8) {
        let i = self.bucket(key);
        let age = self.age;
        let depth = depth.clamp(-1, 127) as i8;
        let (first, second) = self.entries.split_at_mut(i + 1);
        let deep = &mut first[i];
        let always = &mut second[0];
        let slot = if deep.key == key || deep.age != age || depth >= deep.depth {
            if deep.key != key && deep.bound != 0 && deep.age == age {
                // keep the deeper one in the always-replace slot
                *always = *deep;
            }
            deep
        } else {
            always
        };
        let mv = if mv == NO_MOVE && slot.key == key {
            slot.mv
        } else {
            mv
        };
        *slot = Entry {
            key,
            score: score as i16,
            depth,
            bound: bound as u8,
            mv,
            age,
            _pad: 0,
        };
    }
}
