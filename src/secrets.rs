//! Secrets at rest: password/PIN hashing (argon2id) and sealing of the secrets
//! the gateway must read back (webhook `whsec_` secrets, idempotent replays of
//! answers that show a secret once) with XChaCha20-Poly1305 under a master key
//! that is never in the store file.
//!
//! - Passwords and PINs: argon2id with [`KDF_MEMORY_KIB`] / [`KDF_ITERATIONS`] /
//!   [`KDF_LANES`] (the OWASP minimum: 19 MiB, 2 passes, 1 lane), a 16-byte random
//!   salt, stored as `argon2id$m=..,t=..,p=..$<salt b64>$<hash b64>` so the
//!   parameters can change later without breaking stored hashes.
//! - API key secrets and session tokens carry ≥190 bits of entropy and are
//!   stored as SHA-256 digests (no KDF needed; see `auth/keys.rs`).
//! - The master key: 32 random bytes, hex, in `<data dir>/master.key` (mode
//!   0600), created at `init` or first start; `--ephemeral` uses a random key in
//!   memory. Losing the file makes sealed secrets unreadable (endpoints must be
//!   re-created); copying the store without it reveals none of them.

use std::path::Path;
use std::sync::OnceLock;

use argon2::{Algorithm, Argon2, Params, Version};
use base64::Engine;
use base64::engine::general_purpose::STANDARD_NO_PAD as B64;
use chacha20poly1305::aead::Aead;
use chacha20poly1305::{KeyInit, XChaCha20Poly1305, XNonce};
use subtle::ConstantTimeEq;

/// argon2id memory in KiB (19 MiB, OWASP's minimum recommendation).
pub const KDF_MEMORY_KIB: u32 = 19 * 1024;
/// argon2id passes.
pub const KDF_ITERATIONS: u32 = 2;
/// argon2id lanes.
pub const KDF_LANES: u32 = 1;
const SALT_BYTES: usize = 16;
const HASH_BYTES: usize = 32;
/// The file holding the master key, next to the store.
pub const MASTER_KEY_FILE: &str = "master.key";
/// Prefix of a sealed value: `sealed:v1:<base64 of nonce (24) || ciphertext>`.
const SEALED_PREFIX: &str = "sealed:v1:";

static MASTER: OnceLock<[u8; 32]> = OnceLock::new();

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    crate::ids::fill(&mut bytes);
    bytes
}

/// Makes `key` the master key of this process. A second install of another
/// key is an error (one process serves one data dir).
pub fn install(key: [u8; 32]) -> Result<(), String> {
    let installed = MASTER.get_or_init(|| key);
    if installed.ct_eq(&key).into() {
        Ok(())
    } else {
        Err("a different master key is already installed in this process".into())
    }
}

/// Installs a random master key (for `--ephemeral`).
pub fn install_random() -> Result<(), String> {
    install(random_bytes())
}

/// Writes `<dir>/master.key` (0600) from its hex text, for `paygate restore`.
pub fn write_master_key(dir: &Path, key_hex: &str) -> Result<(), String> {
    let path = dir.join(MASTER_KEY_FILE);
    write_private(&path, key_hex.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Reads `<dir>/master.key` and installs it; refuses when it is absent. A
/// store shared by several nodes (PostgreSQL) is sealed under the key of the
/// node that created it: a new key here would make its secrets unreadable.
pub fn load_existing(dir: &Path) -> Result<(), String> {
    let path = dir.join(MASTER_KEY_FILE);
    if !path.exists() {
        return Err(format!(
            "{} is missing: this store's secrets are sealed under the master key of the node \
             that created it; copy that node's master.key there (0600)",
            path.display()
        ));
    }
    load_or_create(dir)
}

/// Reads `<dir>/master.key`, creating it (0600) when absent, and installs it.
pub fn load_or_create(dir: &Path) -> Result<(), String> {
    let path = dir.join(MASTER_KEY_FILE);
    let key = match std::fs::read_to_string(&path) {
        Ok(text) => hex::decode(text.trim())
            .ok()
            .and_then(|b| <[u8; 32]>::try_from(b).ok())
            .ok_or_else(|| format!("{} is not a 32-byte hex key", path.display()))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let key: [u8; 32] = random_bytes();
            write_private(&path, hex::encode(key).as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            key
        }
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    install(key)
}

fn write_private(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(contents)?;
    file.sync_all()
}

fn master() -> &'static [u8; 32] {
    // Unit tests and offline commands that never installed one get a random
    // key: what they seal is only readable by this process.
    MASTER.get_or_init(random_bytes)
}

/// An unguessable token bound to `id` for `purpose` (128 bits of
/// HMAC-SHA256 under the master key, hex): the capability a hosted page's URL
/// carries, so that the page and its actions answer whoever holds the URL, not
/// whoever knows or guesses the id. Derived, so nothing is stored; a new
/// master key invalidates every token.
pub fn derived_token(purpose: &str, id: &str) -> String {
    use hmac::{KeyInit, Mac};
    let mut mac = <hmac::Hmac<sha2::Sha256> as KeyInit>::new_from_slice(master())
        .unwrap_or_else(|_| unreachable!("HMAC takes a key of any length"));
    mac.update(purpose.as_bytes());
    mac.update(&[0]);
    mac.update(id.as_bytes());
    hex::encode(&mac.finalize().into_bytes()[..16])
}

/// HMAC-SHA256 of `bytes` under the master key for `purpose`, hex: a digest
/// that can be stored beside data whose preimage must not be guessable from
/// it (an idempotency fingerprint of a body that may carry a card number: a
/// plain SHA-256 of it could be brute-forced from the brand and last four).
pub fn keyed_digest(purpose: &str, bytes: &[u8]) -> String {
    use hmac::{KeyInit, Mac};
    let mut mac = <hmac::Hmac<sha2::Sha256> as KeyInit>::new_from_slice(master())
        .unwrap_or_else(|_| unreachable!("HMAC takes a key of any length"));
    mac.update(purpose.as_bytes());
    mac.update(&[0]);
    mac.update(bytes);
    hex::encode(mac.finalize().into_bytes())
}

/// Whether `presented` is the [`derived_token`] of `id` for `purpose`, in constant time.
pub fn derived_token_matches(purpose: &str, id: &str, presented: &str) -> bool {
    derived_token(purpose, id)
        .as_bytes()
        .ct_eq(presented.as_bytes())
        .into()
}

/// Encrypts `plain` under the master key.
pub fn seal(plain: &[u8]) -> String {
    let cipher = XChaCha20Poly1305::new(&(*master()).into());
    let nonce_bytes: [u8; 24] = random_bytes();
    let nonce = XNonce::from(nonce_bytes);
    // Encryption only fails for messages beyond ~256 GiB.
    let sealed = cipher
        .encrypt(&nonce, plain)
        .unwrap_or_else(|_| unreachable!("message too long to seal"));
    let mut out = nonce_bytes.to_vec();
    out.extend(sealed);
    format!("{SEALED_PREFIX}{}", B64.encode(out))
}

/// Decrypts a [`seal`]ed value; `None` when it is not one or does not authenticate.
pub fn open(sealed: &str) -> Option<Vec<u8>> {
    let bytes = B64.decode(sealed.strip_prefix(SEALED_PREFIX)?).ok()?;
    if bytes.len() < 24 {
        return None;
    }
    let (nonce, ciphertext) = bytes.split_at(24);
    let nonce = XNonce::try_from(nonce).ok()?;
    let cipher = XChaCha20Poly1305::new(&(*master()).into());
    cipher.decrypt(&nonce, ciphertext).ok()
}

pub fn is_sealed(value: &str) -> bool {
    value.starts_with(SEALED_PREFIX)
}

/// Serde adapter: a `String` field stored sealed. Reading accepts a value
/// stored in clear by an older version (it is sealed on its next write).
pub mod sealed_string {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &str, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&super::seal(value.as_bytes()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
        let text = String::deserialize(deserializer)?;
        if !super::is_sealed(&text) {
            return Ok(text);
        }
        super::open(&text)
            .and_then(|b| String::from_utf8(b).ok())
            .ok_or_else(|| {
                serde::de::Error::custom(
                    "a sealed secret does not open with this master key (is master.key the one of this store?)",
                )
            })
    }
}

fn kdf(params: Params) -> Argon2<'static> {
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes a password or PIN: `argon2id$m=..,t=..,p=..$salt$hash`.
pub fn hash_password(password: &str) -> String {
    let salt: [u8; SALT_BYTES] = random_bytes();
    let params = Params::new(KDF_MEMORY_KIB, KDF_ITERATIONS, KDF_LANES, Some(HASH_BYTES))
        .unwrap_or_else(|_| unreachable!("constant argon2 parameters are valid"));
    let mut out = [0u8; HASH_BYTES];
    kdf(params)
        .hash_password_into(password.as_bytes(), &salt, &mut out)
        .unwrap_or_else(|_| unreachable!("argon2 accepts these lengths"));
    format!(
        "argon2id$m={KDF_MEMORY_KIB},t={KDF_ITERATIONS},p={KDF_LANES}${}${}",
        B64.encode(salt),
        B64.encode(out)
    )
}

/// Checks `password` against a [`hash_password`] string, in constant time.
pub fn verify_password(stored: &str, password: &str) -> bool {
    let mut parts = stored.split('$');
    let (Some("argon2id"), Some(params), Some(salt), Some(hash), None) = (
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
    ) else {
        return false;
    };
    let mut m = None;
    let mut t = None;
    let mut p = None;
    for pair in params.split(',') {
        match pair.split_once('=') {
            Some(("m", v)) => m = v.parse().ok(),
            Some(("t", v)) => t = v.parse().ok(),
            Some(("p", v)) => p = v.parse().ok(),
            _ => return false,
        }
    }
    let (Some(m), Some(t), Some(p)) = (m, t, p) else {
        return false;
    };
    let (Ok(salt), Ok(expected)) = (B64.decode(salt), B64.decode(hash)) else {
        return false;
    };
    let Ok(params) = Params::new(m, t, p, Some(expected.len())) else {
        return false;
    };
    let mut out = vec![0u8; expected.len()];
    if kdf(params)
        .hash_password_into(password.as_bytes(), &salt, &mut out)
        .is_err()
    {
        return false;
    }
    out.ct_eq(&expected).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_verify_and_salts_differ() {
        let a = hash_password("correct horse");
        let b = hash_password("correct horse");
        assert_ne!(a, b);
        assert!(a.starts_with("argon2id$m=19456,t=2,p=1$"), "{a}");
        assert!(!a.contains("correct"));
        assert!(verify_password(&a, "correct horse"));
        assert!(!verify_password(&a, "correct horse "));
        assert!(!verify_password("argon2id$garbage", "x"));
    }

    #[test]
    fn sealed_values_open_and_hide_the_plaintext() {
        let sealed = seal(b"whsec_abc");
        assert!(is_sealed(&sealed));
        assert!(!sealed.contains("whsec_abc"));
        assert_eq!(open(&sealed).as_deref(), Some(&b"whsec_abc"[..]));
        assert_ne!(seal(b"whsec_abc"), sealed, "fresh nonce each time");
        let mut tampered = sealed.clone();
        tampered.pop();
        tampered.push('A');
        assert!(open(&tampered).is_none() || tampered == sealed);
        assert!(open("whsec_plain").is_none());
    }

    #[test]
    fn the_master_key_file_is_private_and_reused() {
        let dir = tempfile::tempdir().expect("tmp");
        let path = dir.path().join(MASTER_KEY_FILE);
        // The process key may already be installed by another test: only the
        // file behaviour is checked here.
        let _ = load_or_create(dir.path());
        let first = std::fs::read_to_string(&path).expect("created");
        assert_eq!(first.trim().len(), 64);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let _ = load_or_create(dir.path());
        assert_eq!(std::fs::read_to_string(&path).expect("kept"), first);
    }
}
