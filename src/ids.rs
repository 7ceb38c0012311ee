//! Identifiers: a type prefix and a time-ordered suffix (`pi_01j...`).
//!
//! A suffix is a lower-case ULID: 48 bits of milliseconds, then 16 bits of a
//! sequence within that millisecond, then 64 bits drawn afresh from the
//! operating system's CSPRNG-seeded generator for every id. Ids still sort by
//! creation (new keys land at the right edge of redb's B-trees, about twice
//! the write throughput of random keys, design section 2), but knowing one id
//! tells nothing of its neighbour's: a plain monotonic ULID made ids of one
//! millisecond +1 apart, and a payer's id could be found from another's
//! (security review finding 6).

use std::sync::Mutex;

use rand::RngExt;

/// The time and sequence of the last id made.
static LAST: Mutex<(u64, u16)> = Mutex::new((0, 0));

/// The next (milliseconds, sequence) pair: strictly increasing, even when the
/// clock steps back or more than 65,536 ids are made in one millisecond (the
/// time then runs ahead of the clock until it catches up).
fn next_stamp(last: (u64, u16), now_ms: u64) -> (u64, u16) {
    if now_ms > last.0 {
        return (now_ms, 0);
    }
    match last.1.checked_add(1) {
        Some(sequence) => (last.0, sequence),
        None => (last.0 + 1, 0),
    }
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

/// A new id such as `pi_01jd3v2k8m9q4r5s6t7v8w9x0y`.
pub fn new_id(prefix: &str) -> String {
    let (ms, sequence, random) = match with_seeded(|s| {
        s.last = next_stamp(s.last, s.now_ms);
        (s.last.0, s.last.1, s.next())
    }) {
        Some(drawn) => drawn,
        None => {
            let (ms, sequence) = {
                let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
                *last = next_stamp(*last, now_ms());
                *last
            };
            (ms, sequence, rand::rng().random())
        }
    };
    let bits = (u128::from(ms & ((1 << 48) - 1)) << 80)
        | (u128::from(sequence) << 64)
        | u128::from(random);
    let mut id = String::with_capacity(prefix.len() + 27);
    id.push_str(prefix);
    id.push('_');
    id.push_str(&ulid::Ulid(bits).to_string().to_ascii_lowercase());
    id
}

/// `len` random alphanumeric characters, for secrets.
pub fn random_token(len: usize) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    if let Some(token) = with_seeded(|s| {
        (0..len)
            .map(|_| ALPHABET[s.below(ALPHABET.len())] as char)
            .collect()
    }) {
        return token;
    }
    let mut rng = rand::rng();
    (0..len)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// Fills `bytes` with random bytes (keys, nonces): from the CSPRNG, or from
/// the thread's seeded source under the simulator.
pub fn fill(bytes: &mut [u8]) {
    let seeded = with_seeded(|s| {
        for chunk in bytes.chunks_mut(8) {
            chunk.copy_from_slice(&s.next().to_le_bytes()[..chunk.len()]);
        }
    });
    if seeded.is_none() {
        rand::fill(bytes);
    }
}

/// A random index below `n` (`n` > 0), for codes shown to people; seeded
/// under the simulator like [`fill`].
pub fn random_below(n: usize) -> usize {
    with_seeded(|s| s.below(n)).unwrap_or_else(|| rand::random_range(0..n))
}

/// The simulator's source of ids and random bytes for one thread
/// (`src/sim/`): with it, a run's ids are a function of its seed, so a
/// failing run replays exactly. Production never sets it: ids then come from
/// the wall clock and the CSPRNG, as the module doc says.
struct Seeded {
    state: u64,
    last: (u64, u16),
    now_ms: u64,
}

impl Seeded {
    /// splitmix64: one multiply-xorshift step per draw, full period.
    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

thread_local! {
    static SEEDED: std::cell::RefCell<Option<Seeded>> = const { std::cell::RefCell::new(None) };
}

fn with_seeded<T>(draw: impl FnOnce(&mut Seeded) -> T) -> Option<T> {
    SEEDED.with(|cell| cell.borrow_mut().as_mut().map(draw))
}

/// Makes this thread's ids and random bytes a function of `seed` (the
/// simulator's run), or, with `None`, the CSPRNG's again.
pub fn seed_thread(seed: Option<u64>) {
    SEEDED.with(|cell| {
        *cell.borrow_mut() = seed.map(|state| Seeded {
            state,
            last: (0, 0),
            now_ms: 0,
        });
    });
}

/// The simulated time this thread's seeded ids carry (ids sort by it).
pub fn set_thread_now(now_ms: i64) {
    let _ = with_seeded(|s| s.now_ms = u64::try_from(now_ms).unwrap_or(0));
}

/// True when `id` is `prefix_` followed by 1..=64 characters of `[a-z0-9]`.
pub fn is_id(id: &str, prefix: &str) -> bool {
    id.strip_prefix(prefix)
        .and_then(|rest| rest.strip_prefix('_'))
        .is_some_and(|suffix| {
            !suffix.is_empty()
                && suffix.len() <= 64
                && suffix
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_share_no_low_bits() {
        // Ids of one millisecond differ in their 64 random bits, not by +1.
        let ids: Vec<u128> = (0..1000)
            .map(|_| {
                let id = crate::domain::intents::INTENT.new_id();
                ulid::Ulid::from_string(&id[3..].to_ascii_uppercase())
                    .expect("ulid")
                    .0
            })
            .collect();
        let close = ids
            .windows(2)
            .filter(|w| w[1].abs_diff(w[0]) < 1 << 32)
            .count();
        assert_eq!(close, 0, "consecutive ids are guessable from each other");
    }

    #[test]
    fn stamps_increase_when_the_clock_stalls_or_steps_back() {
        assert_eq!(next_stamp((5, 7), 6), (6, 0));
        assert_eq!(next_stamp((5, 7), 5), (5, 8));
        assert_eq!(next_stamp((5, 7), 2), (5, 8));
        assert_eq!(next_stamp((5, u16::MAX), 5), (6, 0));
    }

    #[test]
    fn ids_sort_by_creation() {
        let ids: Vec<String> = (0..1000)
            .map(|_| crate::domain::intents::INTENT.new_id())
            .collect();
        let mut sorted = ids.clone();
        sorted.sort();
        assert_eq!(ids, sorted);
        assert!(ids.iter().all(|id| is_id(id, "pi")));
    }

    #[test]
    fn is_id_rejects_other_prefixes_and_characters() {
        assert!(!is_id("acct_", "acct"));
        assert!(!is_id("pi_abc", "acct"));
        assert!(!is_id("acct_ABC", "acct"));
        assert!(!is_id("acct_a-b", "acct"));
        assert!(is_id("acct_0abc", "acct"));
    }
}
