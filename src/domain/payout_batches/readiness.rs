//! Whether a batch can be approved now, and who may approve it: the three
//! checks of the origin (section 12) as data a person reads before
//! approving: funds, invalid rows, and the approval rule (maker-checker).
//!
//! Funds: the origin's rule is "balance − holds ≥ total + fees". Here held
//! money already lives in its own ledger classes (reserved, held, disputed,
//! frozen, escrow), so the balance after holds is the `available` class,
//! read from the ledger, and the rule is `available ≥ due + fees`, where
//! due is what the batch still has to pay (VALID and FAILED rows).

use serde::{Deserialize, Serialize};

use super::state::Status;

/// Who made the batch (the maker of maker-checker).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = PayoutBatchMaker)]
pub struct Maker {
    /// `member` (a team member's session) or `api_key`.
    pub kind: String,
    /// The team member: the session's, or the one who created the API key
    /// (a key acts with its creator's identity; none for a key made by the
    /// CLI or `init`).
    pub member_id: Option<String>,
    pub key_id: Option<String>,
    /// The member's e-mail when a member's session made it: the name a
    /// checker reads (decision 470); none for a key, or a batch made before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// The member is an owner of the organisation; an API key acts as the
    /// owner (origin section 12), so it is true for a key too.
    pub acts_as_owner: bool,
}

impl Maker {
    /// Who `principal` is for maker-checker: a session's member, or an API
    /// key with the member who created it.
    pub fn of(principal: &crate::auth::Principal) -> Maker {
        match &principal.session {
            Some(session) => Maker {
                kind: "member".into(),
                member_id: Some(session.member_id.clone()),
                key_id: None,
                email: Some(session.email.clone()),
                acts_as_owner: session.role == crate::auth::roles::Role::Owner,
            },
            None => Maker {
                kind: "api_key".into(),
                member_id: principal.key_creator().map(str::to_string),
                key_id: Some(principal.key_id.clone()),
                email: None,
                acts_as_owner: true,
            },
        }
    }

    /// An API key (which never provides step-up); a session has no key id.
    pub fn is_key(&self) -> bool {
        self.key_id.is_some()
    }
}

/// The approval rule (spec section 5 rule 5, origin section 12): another
/// account holder approves, or the maker under step-up (a PIN); an API key
/// acts as the owner and never provides step-up, so it cannot approve a
/// batch made by the owner or by a key. The rule compares members: a key
/// acts as the member who created it, so a batch's maker cannot approve it
/// through a key they made (security review issue 44, finding 9). Answers
/// whether `approver`, with or without step-up, may approve what `maker`
/// made; `false` means 403 `step_up_required`. For
/// `POST /payouts/batches/{id}/approve`.
pub fn may_approve(maker: &Maker, approver: &Maker, stepped_up: bool) -> bool {
    let same_member = maker.member_id.is_some() && maker.member_id == approver.member_id;
    // A key is the owner: a key approving an owner's (or a key's) batch, or
    // an owner approving a key's. Two owners' sessions are two people.
    let key_involved = maker.is_key() || approver.is_key();
    let same_owner = key_involved && approver.acts_as_owner && maker.acts_as_owner;
    let is_maker = same_member || same_owner;
    !is_maker || (stepped_up && !approver.is_key())
}

/// [`may_approve`] against every maker of a batch: whoever made it and
/// whoever fixed or excluded a row (decision 571), so that the member who
/// changed what is paid never approves it alone.
pub fn may_approve_batch<'a>(
    makers: impl IntoIterator<Item = &'a Maker>,
    approver: &Maker,
    stepped_up: bool,
) -> bool {
    makers
        .into_iter()
        .all(|maker| may_approve(maker, approver, stepped_up))
}

/// What `GET /payouts/batches/{id}` says about approving the batch now.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = PayoutBatchReadiness)]
pub struct Readiness {
    /// Every check passes: the batch may be approved now.
    pub ready: bool,
    /// Why not, in this order: `status`, `no_valid_rows`, `invalid_rows`,
    /// `insufficient_funds`.
    pub blockers: Vec<&'static str>,
    pub funds: Funds,
    pub invalid_rows: InvalidRows,
    pub approval: Approval,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = PayoutBatchFunds)]
pub struct Funds {
    /// available ≥ required_minor.
    pub sufficient: bool,
    /// The currency's available balance now (after holds); only to a
    /// caller who may read balances (`balance:read`, issue 44).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available_minor: Option<i64>,
    /// What approval reserves: the rows still to pay plus their fees.
    pub required_minor: i64,
    /// required − available when short, else 0; only with `available_minor`
    /// (it would tell the balance).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shortfall_minor: Option<i64>,
}

impl Funds {
    /// Hides what would tell the balance from a caller who may not read it;
    /// `sufficient` stays, as approval needs it.
    pub fn without_balance(self) -> Funds {
        Funds {
            available_minor: None,
            shortfall_minor: None,
            ..self
        }
    }
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = PayoutBatchInvalidRows)]
pub struct InvalidRows {
    pub count: u32,
    /// Invalid rows are SKIPPED at execution; without it, any blocks approval.
    pub skip_invalid: bool,
    /// count is 0, or skip_invalid.
    pub ok: bool,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = PayoutBatchApproval)]
pub struct Approval {
    /// The rule, for a person.
    pub rule: &'static str,
    pub maker: Maker,
    /// The maker may approve it only with step-up (always true).
    pub maker_needs_step_up: bool,
    /// An API key (acting as the owner) may approve it: only a batch made
    /// (and edited) by team members who are not owners, through a key none
    /// of them made.
    pub api_keys_may_approve: bool,
}

pub const RULE: &str = "Another team member with payouts:approve approves it, or its maker with PIN step-up. \
     An API key acts as the owner and never provides step-up, so it cannot approve a batch made by the owner or by a key.";

/// What readiness is computed from: the batch's counts and sums.
pub struct Inputs<'a> {
    pub status: Status,
    pub valid_rows: u32,
    pub failed_rows: u32,
    pub invalid_rows: u32,
    pub skip_invalid: bool,
    /// Amounts plus fees of the rows still to pay.
    pub required_minor: i64,
    pub available_minor: i64,
    pub maker: &'a Maker,
    /// Whoever edited a row besides the maker: makers too.
    pub editors: &'a [Maker],
}

pub fn readiness(inputs: Inputs<'_>) -> Readiness {
    let funds = Funds {
        sufficient: inputs.available_minor >= inputs.required_minor,
        available_minor: Some(inputs.available_minor),
        required_minor: inputs.required_minor,
        shortfall_minor: Some((inputs.required_minor - inputs.available_minor).max(0)),
    };
    let invalid_rows = InvalidRows {
        count: inputs.invalid_rows,
        skip_invalid: inputs.skip_invalid,
        ok: inputs.invalid_rows == 0 || inputs.skip_invalid,
    };
    let mut blockers = Vec::new();
    if !inputs.status.is_approvable() {
        blockers.push("status");
    }
    if inputs.valid_rows + inputs.failed_rows == 0 {
        blockers.push("no_valid_rows");
    }
    if !invalid_rows.ok {
        blockers.push("invalid_rows");
    }
    if !funds.sufficient {
        blockers.push("insufficient_funds");
    }
    Readiness {
        ready: blockers.is_empty(),
        blockers,
        funds,
        invalid_rows,
        approval: Approval {
            rule: RULE,
            maker: inputs.maker.clone(),
            maker_needs_step_up: true,
            api_keys_may_approve: !inputs.maker.acts_as_owner
                && inputs.editors.iter().all(|e| !e.acts_as_owner),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(id: &str, owner: bool) -> Maker {
        Maker {
            kind: "member".into(),
            member_id: Some(id.into()),
            key_id: None,
            email: None,
            acts_as_owner: owner,
        }
    }

    fn key(id: &str) -> Maker {
        Maker {
            kind: "api_key".into(),
            member_id: None,
            key_id: Some(id.into()),
            email: None,
            acts_as_owner: true,
        }
    }

    /// A key that member `creator` made.
    fn key_of(id: &str, creator: &str) -> Maker {
        Maker {
            member_id: Some(creator.into()),
            ..key(id)
        }
    }

    #[test]
    fn a_key_acts_as_its_creator_so_the_maker_cannot_approve_through_one() {
        let (admin, other) = (member("mem_a", false), member("mem_b", false));
        let admins_key = key_of("key_a", "mem_a");
        assert!(
            !may_approve(&admin, &admins_key, false),
            "the maker through their own key"
        );
        assert!(
            !may_approve(&admin, &admins_key, true),
            "a key never steps up, even for its creator"
        );
        assert!(
            !may_approve(&admins_key, &admin, false),
            "the key's creator approving its batch"
        );
        assert!(may_approve(&admins_key, &admin, true), "... with PIN");
        assert!(
            may_approve(&other, &admins_key, false),
            "another member's batch"
        );
        assert!(
            may_approve(&admins_key, &other, false),
            "another member approves"
        );
        assert!(
            !may_approve(&admins_key, &key_of("key_b", "mem_b"), false),
            "two keys act as the owner"
        );
    }

    #[test]
    fn another_member_approves_and_the_maker_only_with_step_up() {
        let (finance, owner) = (member("mem_f", false), member("mem_o", true));
        assert!(may_approve(&finance, &owner, false), "another member");
        assert!(may_approve(&owner, &finance, false), "another member");
        assert!(!may_approve(&finance, &finance, false), "the maker alone");
        assert!(may_approve(&finance, &finance, true), "the maker with PIN");
        assert!(
            may_approve(&owner, &member("mem_o2", true), false),
            "two owners are two people"
        );
    }

    #[test]
    fn a_key_acts_as_the_owner_and_never_steps_up() {
        let (finance, owner, k1, k2) = (
            member("mem_f", false),
            member("mem_o", true),
            key("key_1"),
            key("key_2"),
        );
        assert!(!may_approve(&k1, &k1, true), "a key never steps up");
        assert!(
            !may_approve(&k1, &k2, false),
            "another key is the owner too"
        );
        assert!(
            !may_approve(&owner, &k1, false),
            "the owner's batch by a key"
        );
        assert!(
            !may_approve(&k1, &owner, false),
            "the owner approving a key's batch"
        );
        assert!(may_approve(&k1, &owner, true), "... with PIN");
        assert!(may_approve(&k1, &finance, false), "another member");
        assert!(
            may_approve(&finance, &k1, false),
            "a key for a non-owner's batch"
        );
    }

    fn inputs(maker: &Maker) -> Inputs<'_> {
        Inputs {
            status: Status::PendingApproval,
            valid_rows: 2,
            failed_rows: 0,
            invalid_rows: 0,
            skip_invalid: false,
            required_minor: 1_000,
            available_minor: 1_000,
            maker,
            editors: &[],
        }
    }

    #[test]
    fn whoever_edited_a_row_is_a_maker_and_does_not_approve_alone() {
        let (maker, editor, checker) = (
            member("mem_m", false),
            member("mem_e", false),
            member("mem_c", false),
        );
        let makers = [maker.clone(), editor.clone()];
        assert!(
            !may_approve_batch(&makers, &editor, false),
            "the editor alone"
        );
        assert!(may_approve_batch(&makers, &editor, true), "... with PIN");
        assert!(
            !may_approve_batch(&makers, &maker, false),
            "the maker alone"
        );
        assert!(
            may_approve_batch(&makers, &checker, false),
            "a third member"
        );
        let owner_edited = [maker, member("mem_o", true)];
        assert!(
            !may_approve_batch(&owner_edited, &key("key_1"), false),
            "a key acts as the owner who edited it"
        );
        let ready = readiness(Inputs {
            editors: &owner_edited[1..],
            ..inputs(&owner_edited[0])
        });
        assert!(!ready.approval.api_keys_may_approve);
    }

    #[test]
    fn ready_when_funds_cover_the_total_and_invalid_rows_are_skipped() {
        let maker = key("key_1");
        let ready = readiness(inputs(&maker));
        assert!(ready.ready, "{ready:?}");
        assert!(!ready.approval.api_keys_may_approve);
        let short = readiness(Inputs {
            available_minor: 999,
            invalid_rows: 1,
            ..inputs(&maker)
        });
        assert_eq!(short.blockers, vec!["invalid_rows", "insufficient_funds"]);
        assert_eq!(short.funds.shortfall_minor, Some(1));
        assert_eq!(short.funds.clone().without_balance().available_minor, None);
        let skipped = readiness(Inputs {
            invalid_rows: 1,
            skip_invalid: true,
            ..inputs(&maker)
        });
        assert!(skipped.ready);
        let cancelled = readiness(Inputs {
            status: Status::Cancelled,
            valid_rows: 0,
            ..inputs(&maker)
        });
        assert_eq!(cancelled.blockers, vec!["status", "no_valid_rows"]);
    }
}
