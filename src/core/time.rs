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

/// The end (the next midnight, UTC) of the date `YYYY-MM-DD`, as Unix time.
pub fn end_of_date(s: &str) -> Option<i64> {
    let d: jiff::civil::Date = s.trim().parse().ok()?;
    let start = d
        .to_zoned(jiff::tz::TimeZone::UTC)
        .ok()?
        .timestamp()
        .as_second();
    Some(start + DAY)
}

/// `YYYY-MM-DD` of a UTC day number.
pub fn iso_date_of_day(day: i64) -> String {
    let (y, m, d) = civil_from_days(day);
    format!("{y:04}-{m:02}-{d:02}")
}

/// A chat's time zone: a fixed UTC offset (`+03:00`) or a named zone with
/// its daylight-saving rules (`Europe/Riga`, from the IANA database bundled
/// with jiff).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Zone {
    /// Minutes east of UTC, within ±14:00.
    Fixed(i64),
    /// An IANA name, as the database spells it.
    Named(String),
}

/// The widest UTC offset in use, in minutes.
const MAX_OFFSET: i64 = 14 * 60;

impl Zone {
    pub const UTC: Zone = Zone::Fixed(0);

    /// `Europe/Riga`, `UTC`, `+03:00`, `-5`, `UTC+3`, `+0530`.
    pub fn parse(s: &str) -> Option<Zone> {
        let t = s.trim();
        if t.contains('/') {
            let tz = jiff::tz::TimeZone::get(t).ok()?;
            return Some(Zone::Named(tz.iana_name().unwrap_or(t).to_string()));
        }
        parse_offset(t).map(Zone::Fixed)
    }

    /// From stored columns (a damaged name falls back to the offset).
    pub fn stored(offset: i64, name: Option<&str>) -> Zone {
        match name {
            Some(n) if jiff::tz::TimeZone::get(n).is_ok() => Zone::Named(n.to_string()),
            _ => Zone::Fixed(offset.clamp(-MAX_OFFSET, MAX_OFFSET)),
        }
    }

    /// The IANA name, if it is a named zone.
    pub fn name(&self) -> Option<&str> {
        match self {
            Zone::Named(n) => Some(n),
            Zone::Fixed(_) => None,
        }
    }

    fn tz(&self) -> jiff::tz::TimeZone {
        match self {
            Zone::Named(n) => jiff::tz::TimeZone::get(n).unwrap_or(jiff::tz::TimeZone::UTC),
            Zone::Fixed(m) => {
                let secs = i32::try_from(m.clamp(&-MAX_OFFSET, &MAX_OFFSET) * 60).unwrap_or(0);
                jiff::tz::Offset::from_seconds(secs)
                    .map(jiff::tz::TimeZone::fixed)
                    .unwrap_or(jiff::tz::TimeZone::UTC)
            }
        }
    }

    /// Minutes east of UTC at `unix` (for a named zone, the offset then).
    pub fn offset_at(&self, unix: i64) -> i64 {
        match self {
            Zone::Fixed(m) => *m,
            Zone::Named(_) => jiff::Timestamp::from_second(unix)
                .map(|t| i64::from(self.tz().to_offset(t).seconds()) / 60)
                .unwrap_or(0),
        }
    }

    /// The local calendar day number (since 1970-01-01) at `unix`.
    pub fn local_day(&self, unix: i64) -> i64 {
        day_of(unix + self.offset_at(unix) * 60)
    }

    /// The first time after `now` when the local clock shows `minute` past
    /// midnight. On a daylight-saving day a time that does not exist
    /// (skipped by the clocks) is taken as the moment after the gap, and a
    /// time that happens twice as its first occurrence.
    pub fn next_local_time(&self, now: i64, minute: i64) -> i64 {
        let fallback = now + DAY;
        let Ok(ts) = jiff::Timestamp::from_second(now) else {
            return fallback;
        };
        let tz = self.tz();
        let (h, m) = (
            i8::try_from(minute.clamp(0, 1439) / 60).unwrap_or(0),
            i8::try_from(minute.clamp(0, 1439) % 60).unwrap_or(0),
        );
        let mut date = ts.to_zoned(tz.clone()).date();
        for _ in 0..3 {
            let at = date
                .at(h, m, 0, 0)
                .to_zoned(tz.clone())
                .map(|z| z.timestamp().as_second());
            if let Ok(t) = at {
                if t > now {
                    return t;
                }
            }
            match date.tomorrow() {
                Ok(d) => date = d,
                Err(_) => break,
            }
        }
        fallback
    }
}

impl std::fmt::Display for Zone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Zone::Named(n) => f.write_str(n),
            Zone::Fixed(m) => {
                let sign = if *m < 0 { '-' } else { '+' };
                write!(f, "UTC{sign}{:02}:{:02}", m.abs() / 60, m.abs() % 60)
            }
        }
    }
}

/// Parse a UTC offset: `+03:00`, `-5`, `UTC+3`, `+0530`, `UTC`; minutes
/// east, within ±14:00.
pub fn parse_offset(s: &str) -> Option<i64> {
    let t = s.trim().to_ascii_lowercase();
    let t = t
        .strip_prefix("utc")
        .or_else(|| t.strip_prefix("gmt"))
        .unwrap_or(&t);
    if t.is_empty() {
        return Some(0);
    }
    let (sign, rest) = if let Some(r) = t.strip_prefix('+') {
        (1, r)
    } else if let Some(r) = t.strip_prefix('-') {
        (-1, r)
    } else {
        return None;
    };
    let digits = |x: &str| !x.is_empty() && x.len() <= 2 && x.bytes().all(|b| b.is_ascii_digit());
    let (h, m) = if let Some((h, m)) = rest.split_once(':') {
        (h, m)
    } else if rest.len() == 4 && rest.is_ascii() {
        (rest.get(..2)?, rest.get(2..)?)
    } else {
        (rest, "0")
    };
    if !digits(h) || !digits(m) {
        return None;
    }
    let (h, m): (i64, i64) = (h.parse().ok()?, m.parse().ok()?);
    let total = h * 60 + m;
    (m < 60 && total <= MAX_OFFSET).then_some(sign * total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_and_offsets() {
        assert_eq!(parse_offset("+03:00"), Some(180));
        assert_eq!(parse_offset("UTC-5"), Some(-300));
        assert_eq!(parse_offset("+0530"), Some(330));
        for bad in [
            "x",
            "+1é1",
            "+-99:00",
            "+99",
            "+14:30",
            "+3:60",
            "++3",
            "+",
            "+999999999999999999999",
        ] {
            assert_eq!(parse_offset(bad), None, "{bad}");
        }
        let riga = Zone::parse("Europe/Riga").unwrap();
        assert_eq!(
            Zone::parse("europe/riga"),
            Some(riga.clone()),
            "stored as spelled"
        );
        assert_eq!(riga.to_string(), "Europe/Riga");
        assert_eq!(Zone::Fixed(-330).to_string(), "UTC-05:30");
        assert_eq!(Zone::parse("-05:00"), Some(Zone::Fixed(-300)));
        assert_eq!(Zone::parse("Mars/Olympus"), None);
        // Riga: UTC+2 in winter, UTC+3 in summer (clocks forward on
        // 2026-03-29 at 03:00 local, back on 2026-10-25 at 04:00 local)
        let winter = 1_767_225_600; // 2026-01-01 00:00 UTC
        assert_eq!(riga.offset_at(winter), 120);
        assert_eq!(riga.next_local_time(winter, 9 * 60), winter + 7 * 3600);
        let summer = 1_782_864_000; // 2026-07-01 00:00 UTC
        assert_eq!(riga.offset_at(summer), 180);
        assert_eq!(riga.next_local_time(summer, 9 * 60), summer + 6 * 3600);
        // 09:00 the day before the spring change, then the day of it
        let before = 1_774_677_600; // 2026-03-28 06:00 UTC = 08:00 local
        let first = riga.next_local_time(before, 9 * 60);
        assert_eq!(first, before + 3600);
        let second = riga.next_local_time(first, 9 * 60);
        assert_eq!(second - first, 23 * 3600, "the short day");
        // 03:30 does not exist on 2026-03-29 in Riga: the moment after the gap
        let gap = riga.next_local_time(before, 3 * 60 + 30);
        assert_eq!(riga.offset_at(gap), 180);
    }

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
