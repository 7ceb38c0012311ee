//! The two lifecycles of the checkout area: sessions and payment links.

pub use crate::lifecycle::Refusal;

/// Session: `open → complete` when its intent is paid; `open → expired` by
/// `POST /checkout_sessions/{id}/expire` or its expiry timer. Both are final.
pub mod session {
    use serde::{Deserialize, Serialize};

    use super::Refusal;

    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum SessionStatus {
        Open,
        Complete,
        Expired,
    }

    impl SessionStatus {
        #[cfg(test)]
        pub const ALL: [SessionStatus; 3] = [
            SessionStatus::Open,
            SessionStatus::Complete,
            SessionStatus::Expired,
        ];
    }

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Trigger {
        /// The session's intent was paid.
        Complete,
        /// Expired through the API or by the expiry timer.
        Expire,
    }

    /// The next status for `trigger` in `from`, or why not.
    pub fn transition(from: SessionStatus, trigger: Trigger) -> Result<SessionStatus, Refusal> {
        match (from, trigger) {
            (SessionStatus::Open, Trigger::Complete) => Ok(SessionStatus::Complete),
            (SessionStatus::Open, Trigger::Expire) => Ok(SessionStatus::Expired),
            (SessionStatus::Complete | SessionStatus::Expired, _) => Err(Refusal::Closed),
        }
    }
}

/// Payment link: `active → inactive` by deactivation, or by the first payment
/// of a single-use link. Inactive is final. A visit (a payer opening the
/// link) needs an active link and changes nothing.
pub mod link {
    use serde::{Deserialize, Serialize};

    use super::Refusal;

    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum LinkStatus {
        Active,
        Inactive,
    }

    impl LinkStatus {
        #[cfg(test)]
        pub const ALL: [LinkStatus; 2] = [LinkStatus::Active, LinkStatus::Inactive];
    }

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Trigger {
        /// A payer opened the link.
        Visit,
        /// An intent made through the link was paid.
        Paid { reusable: bool },
        /// `POST /payment_links/{id}/deactivate`.
        Deactivate,
    }

    /// The next status for `trigger` in `from`, or why not.
    pub fn transition(from: LinkStatus, trigger: Trigger) -> Result<LinkStatus, Refusal> {
        use LinkStatus::*;
        use Trigger::*;
        match (from, trigger) {
            (Active, Visit | Paid { reusable: true }) => Ok(Active),
            (Active, Paid { reusable: false } | Deactivate) => Ok(Inactive),
            (Inactive, _) => Err(Refusal::Closed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::link::{self, LinkStatus};
    use super::session::{self, SessionStatus};
    use crate::lifecycle::assert_table;

    #[test]
    fn every_session_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        use SessionStatus::{Complete, Expired, Open};
        use session::Trigger;
        // Exhaustive: a new status or trigger does not compile until listed.
        for s in SessionStatus::ALL {
            match s {
                Open | Complete | Expired => {}
            }
        }
        let triggers = [Trigger::Complete, Trigger::Expire];
        for t in triggers {
            match t {
                Trigger::Complete | Trigger::Expire => {}
            }
        }
        let allowed = [
            (Open, Trigger::Complete, Complete),
            (Open, Trigger::Expire, Expired),
        ];
        assert_table(
            &SessionStatus::ALL,
            &triggers,
            &allowed,
            session::transition,
        );
    }

    #[test]
    fn every_link_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        use LinkStatus::*;
        use link::Trigger::*;
        for s in LinkStatus::ALL {
            match s {
                Active | Inactive => {}
            }
        }
        let triggers = [
            Visit,
            Paid { reusable: true },
            Paid { reusable: false },
            Deactivate,
        ];
        for t in triggers {
            match t {
                Visit | Paid { .. } | Deactivate => {}
            }
        }
        let allowed = [
            (Active, Visit, Active),
            (Active, Paid { reusable: true }, Active),
            (Active, Paid { reusable: false }, Inactive),
            (Active, Deactivate, Inactive),
        ];
        assert_table(&LinkStatus::ALL, &triggers, &allowed, link::transition);
    }
}
