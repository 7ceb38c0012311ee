//! The lifecycle of a split recovery (what one recipient gives back for one
//! refund). A `merchant_absorbs` recovery is ABSORBED from the start and
//! never moves. A `pro_rata` recovery starts owed, as FAILED (the status the
//! retry picks up), and each attempt to take it back moves it to RECOVERED,
//! or leaves it FAILED while the recipient lacks the funds.

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RecoveryStatus {
    /// Taken back from the recipient.
    Recovered,
    /// The recipient keeps its part (merchant_absorbs).
    Absorbed,
    /// The recipient's balance was too low; retry later.
    Failed,
}

impl RecoveryStatus {
    #[cfg(test)]
    pub const ALL: [RecoveryStatus; 3] = [
        RecoveryStatus::Recovered,
        RecoveryStatus::Absorbed,
        RecoveryStatus::Failed,
    ];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// An attempt to take the share back; `funded` when the recipient holds it
    /// (a share of zero is always funded).
    Recover { funded: bool },
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: RecoveryStatus, trigger: Trigger) -> Result<RecoveryStatus, Refusal> {
    use RecoveryStatus::*;
    use Trigger::*;
    match (from, trigger) {
        (Failed, Recover { funded: true }) => Ok(Recovered),
        (Failed, Recover { funded: false }) => Ok(Failed),
        (Recovered | Absorbed, _) => Err(Refusal::Closed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use RecoveryStatus::*;
    use Trigger::*;

    const TRIGGERS: [Trigger; 2] = [Recover { funded: true }, Recover { funded: false }];

    const ALLOWED: &[(RecoveryStatus, Trigger, RecoveryStatus)] = &[
        (Failed, Recover { funded: true }, Recovered),
        (Failed, Recover { funded: false }, Failed),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        // Exhaustive: a new status or trigger does not compile until listed.
        for s in RecoveryStatus::ALL {
            match s {
                Recovered | Absorbed | Failed => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Recover { .. } => {}
            }
        }
        assert_table(&RecoveryStatus::ALL, &TRIGGERS, ALLOWED, transition);
    }
}
