//! Time in the core: the clock, the length of a day, calendar dates.

use std::sync::atomic::{AtomicI64, Ordering};

/// Seconds in a day.
pub const DAY: i64 = 86_400;

/// The current time, in Unix seconds.
pub trait Clock: Send + Sync {
    fn now(&self) -> i64;
}

/// The system clock.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
            .unwrap_or(0)
    }
}

/// A clock that moves only when told (tests).
#[derive(Default)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    pub fn new(t: i64) -> ManualClock {
        ManualClock(AtomicI64::new(t))
    }
    pub fn set(&self, t: i64) {
        self.0.store(t, Ordering::SeqCst);
    }
    pub fn advance(&self, secs: i64) {
        self.0.fetch_add(secs, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// The (year, month, day) of a day number since 1970-01-01, proleptic
/// Gregorian (Howard Hinnant's civil_from_days).
pub fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// The UTC day number of a Unix time.
pub fn day_of(unix: i64) -> i64 {
    unix.div_euclid(DAY)
}

/// The calendar year of a Unix time.
pub fn year_of(unix: i64) -> i64 {
    civil_from_days(day_of(unix)).0
}

/// `YYYY.MM.DD` of a Unix time (the PDN date format).
pub fn pdn_date(unix: i64) -> String {
    let (y, m, d) = civil_from_days(day_of(unix));
    format!("{y:04}.{m:02}.{d:02}")
}

/// `YYYY-MM-DD` of a UTC day number.
pub fn iso_date_of_day(day: i64) -> String {
    let (y, m, d) = civil_from_days(day);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(pdn_date(0), "1970.01.01");
        assert_eq!(pdn_date(1_795_000_000), "2026.11.18");
        assert_eq!(year_of(1_795_000_000), 2026);
        assert_eq!(year_of(1_767_225_599), 2025); // 2025-12-31 23:59:59
        assert_eq!(year_of(1_767_225_600), 2026);
        assert_eq!(iso_date_of_day(day_of(1_795_000_000)), "2026-11-18");
        assert_eq!(iso_date_of_day(-1), "1969-12-31");
    }
}
