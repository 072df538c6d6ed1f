//! Secrets: the share links' tokens and the tournaments' ballot seeds come
//! from the operating system's secure generator (`getrandom`), never from
//! the clock, ids or std's `RandomState` (its keys are random once per
//! thread and then only counted up): a seed nobody can recompute from what
//! they see, a token nobody can guess from another.

use super::error::ServiceError;

/// 64 bits from the operating system's secure generator.
pub(crate) fn secure_u64() -> Result<u64, ServiceError> {
    getrandom::u64().map_err(|e| ServiceError::Random(e.to_string()))
}

/// A share link's secret: a number of exactly twelve digits (as many as a
/// button's data and a deep link's number may carry).
pub(crate) fn share_token() -> Result<i64, ServiceError> {
    const LOW: u64 = 100_000_000_000;
    let n = LOW + secure_u64()? % (10 * LOW - LOW);
    i64::try_from(n).map_err(|_| ServiceError::Internal("a twelve-digit number is an i64"))
}

/// A tournament's ballot seed.
pub(crate) fn seed() -> Result<i64, ServiceError> {
    Ok(i64::from_ne_bytes(secure_u64()?.to_ne_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_have_twelve_digits_and_differ() {
        let tokens: Vec<i64> = (0..1000).map(|_| share_token().unwrap()).collect();
        assert!(
            tokens.iter().all(|t| t.to_string().len() == 12),
            "{tokens:?}"
        );
        let mut seen = tokens.clone();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), tokens.len());
        assert_ne!(seed().unwrap(), seed().unwrap());
    }
}
