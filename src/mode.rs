//! Test or live: the two worlds every key, balance, object and event belongs
//! to. Base vocabulary, below the store (its keys carry it) and auth (a key
//! is of one mode).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Hash, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Test,
    Live,
}

impl Mode {
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Test => "test",
            Mode::Live => "live",
        }
    }
    pub fn livemode(self) -> bool {
        self == Mode::Live
    }
}
