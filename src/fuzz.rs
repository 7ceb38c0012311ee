//! Test support for the stable stand-ins of the cargo-fuzz targets: seeded
//! mutations of well-formed inputs, so that a failure reproduces.

use std::ops::Range;

use rand::RngExt;
use rand::rngs::StdRng;

/// `seed` after a number of edits drawn from `edits`, each one of: a
/// character replaced by one of `alphabet`, the text cut short, a character
/// of `alphabet` inserted, a character removed.
pub fn mutate(rng: &mut StdRng, seed: &str, edits: Range<i32>, alphabet: &[char]) -> String {
    let mut chars: Vec<char> = seed.chars().collect();
    for _ in 0..rng.random_range(edits) {
        let len = chars.len();
        match rng.random_range(0..4) {
            0 if len > 0 => {
                let i = rng.random_range(0..len);
                chars[i] = alphabet[rng.random_range(0..alphabet.len())];
            }
            1 if len > 0 => chars.truncate(rng.random_range(0..len)),
            2 => {
                let i = rng.random_range(0..=len);
                chars.insert(i, alphabet[rng.random_range(0..alphabet.len())]);
            }
            _ if len > 1 => {
                chars.remove(rng.random_range(0..len - 1));
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}
