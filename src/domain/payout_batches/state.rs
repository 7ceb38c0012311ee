//! The lifecycles of a payout batch and of its rows, with the origin's
//! statuses (origin behaviour section 12; drawn in `docs/payouts.md`).
//!
//! Batch: created `PENDING_APPROVAL`; approval (`PENDING_APPROVAL`, or
//! `PARTIAL` / `FAILED` again to retry the failed rows) → `EXECUTING`; when
//! every row is decided → `EXECUTED` (none failed), `PARTIAL` (some failed,
//! some paid) or `FAILED` (none paid); `PENDING_APPROVAL → CANCELLED`.
//! While `PENDING_APPROVAL` a row may be fixed or excluded
//! (`POST /payouts/batches/{id}/rows/{row}`, decision 570): the batch stays
//! `PENDING_APPROVAL`, and only then, because what a checker approves is
//! what was there when they looked.
//!
//! Row: created `VALID` or `INVALID`; a valid row is `PAID` or `FAILED`, a
//! failed one is retried (`PAID`, or `FAILED` again) when the batch is
//! approved again; an invalid row is `SKIPPED` when the batch executes with
//! `skip_invalid`. Before approval a VALID or INVALID row is fixed (VALID
//! again, only with values that pass a CSV row's validation) or excluded
//! (SKIPPED, for good). A row follows its payout: while the rail has not answered
//! it is `PROCESSING` (the batch waits for it), and when the rail cannot tell
//! it is `NEEDS_REVIEW` (its money stays in transit and it is never retried,
//! so it is never paid twice). These two are this gateway's additions to
//! the origin's five row statuses (decision 126).

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = PayoutBatchStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    PendingApproval,
    Executing,
    Executed,
    Partial,
    Failed,
    Cancelled,
}

impl Status {
    /// Every status (the table test's list; the simulator's too).
    pub const ALL: [Status; 6] = [
        Status::PendingApproval,
        Status::Executing,
        Status::Executed,
        Status::Partial,
        Status::Failed,
        Status::Cancelled,
    ];

    /// Nothing more can happen to it. PARTIAL and FAILED are not final: they
    /// may be approved again (origin: approvable PENDING_APPROVAL, PARTIAL, FAILED).
    pub fn is_final(self) -> bool {
        matches!(self, Status::Executed | Status::Cancelled)
    }

    /// May be approved now.
    pub fn is_approvable(self) -> bool {
        transition(self, Trigger::Approve).is_ok()
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Status::PendingApproval => "PENDING_APPROVAL",
            Status::Executing => "EXECUTING",
            Status::Executed => "EXECUTED",
            Status::Partial => "PARTIAL",
            Status::Failed => "FAILED",
            Status::Cancelled => "CANCELLED",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// `POST /payouts/batches/{id}/approve`, the approval rule and the funds
    /// already checked.
    Approve,
    /// Every row of the run is decided. `any_paid`: some row of the batch is
    /// PAID (in this run or an earlier one); `any_failed`: some row is FAILED.
    Finish { any_paid: bool, any_failed: bool },
    /// `POST /payouts/batches/{id}/cancel`.
    Cancel,
    /// A row's payout in review was resolved after the run had finished:
    /// the batch's status says again what its rows are (`any_paid`,
    /// `any_failed` as for [`Trigger::Finish`]), so a returned row can be
    /// retried by approving the batch again.
    Reviewed { any_paid: bool, any_failed: bool },
    /// `POST /payouts/batches/{id}/rows/{row}` (fix) or `.../exclude`: one
    /// row changes before anyone approved the batch.
    EditRow,
}

impl Trigger {
    /// What the batch could not do, as the error message says it.
    pub fn verb(self) -> &'static str {
        match self {
            Trigger::Approve => "be approved",
            Trigger::Finish { .. } => "finish executing",
            Trigger::Cancel => "be cancelled",
            Trigger::Reviewed { .. } => "follow a review",
            Trigger::EditRow => "have a row fixed or excluded",
        }
    }
}

/// The next status of a batch for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (PendingApproval | Partial | Failed, Approve) => Ok(Executing),
        (
            Executing,
            Finish {
                any_failed: false, ..
            },
        ) => Ok(Executed),
        (
            Executing,
            Finish {
                any_paid: true,
                any_failed: true,
            },
        ) => Ok(Partial),
        (
            Executing,
            Finish {
                any_paid: false,
                any_failed: true,
            },
        ) => Ok(Failed),
        (PendingApproval, Cancel) => Ok(Cancelled),
        // Only before any approval: a PARTIAL or FAILED batch was approved
        // with its rows as they are, and a retry pays those same rows.
        (PendingApproval, EditRow) => Ok(PendingApproval),
        (
            Executed | Partial | Failed,
            Reviewed {
                any_failed: false, ..
            },
        ) => Ok(Executed),
        (
            Executed | Partial | Failed,
            Reviewed {
                any_paid: true,
                any_failed: true,
            },
        ) => Ok(Partial),
        (
            Executed | Partial | Failed,
            Reviewed {
                any_paid: false,
                any_failed: true,
            },
        ) => Ok(Failed),
        (s, _) if s.is_final() => Err(Refusal::Closed),
        _ => Err(Refusal::Invalid),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = PayoutBatchRowStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RowStatus {
    Valid,
    Invalid,
    Paid,
    Failed,
    Skipped,
    /// Its payout is with the rail, whose answer is pending.
    Processing,
    /// Its payout's outcome is unknown (the payout is NEEDS_REVIEW): never retried.
    NeedsReview,
}

impl RowStatus {
    pub const ALL: [RowStatus; 7] = [
        RowStatus::Valid,
        RowStatus::Invalid,
        RowStatus::Paid,
        RowStatus::Failed,
        RowStatus::Skipped,
        RowStatus::Processing,
        RowStatus::NeedsReview,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            RowStatus::Valid => "VALID",
            RowStatus::Invalid => "INVALID",
            RowStatus::Paid => "PAID",
            RowStatus::Failed => "FAILED",
            RowStatus::Skipped => "SKIPPED",
            RowStatus::Processing => "PROCESSING",
            RowStatus::NeedsReview => "NEEDS_REVIEW",
        }
    }

    /// A run pays it: VALID (the first run) or FAILED (a retry).
    pub fn is_due(self) -> bool {
        matches!(self, RowStatus::Valid | RowStatus::Failed)
    }
}

/// What happens to a row at execution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowTrigger {
    /// Its payout (or transfer) was paid.
    Pay,
    /// Its payout failed (the money came back), or it was refused before
    /// anything moved.
    Fail,
    /// Its payout is PROCESSING: the rail will answer later.
    Wait,
    /// Its payout is NEEDS_REVIEW.
    Hold,
    /// The batch executes with `skip_invalid`.
    Skip,
    /// An operator's review of its payout in NEEDS_REVIEW (`paid`, or
    /// returned): the only way out of NEEDS_REVIEW, which no run retries.
    Resolve { paid: bool },
    /// Fixed before approval with values that pass validation.
    Fix,
    /// Excluded before approval: never paid, and not fixed again.
    Exclude,
}

/// The next status of a row for `trigger` in `from`, or why not.
pub fn row_transition(from: RowStatus, trigger: RowTrigger) -> Result<RowStatus, Refusal> {
    use RowStatus::*;
    use RowTrigger::*;
    match (from, trigger) {
        (Valid | Failed | Processing, Pay) => Ok(Paid),
        (Valid | Failed | Processing, Fail) => Ok(Failed),
        (Valid | Failed | Processing, Hold) => Ok(NeedsReview),
        (Valid | Failed, Wait) => Ok(Processing),
        (Invalid, Skip) => Ok(Skipped),
        (Valid | Invalid, Fix) => Ok(Valid),
        (Valid | Invalid, Exclude) => Ok(Skipped),
        (NeedsReview, Resolve { paid: true }) => Ok(Paid),
        (NeedsReview, Resolve { paid: false }) => Ok(Failed),
        (Paid | Skipped | NeedsReview, _) => Err(Refusal::Closed),
        _ => Err(Refusal::Invalid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;

    mod batch {
        use super::*;
        use Status::*;
        use Trigger::*;

        const TRIGGERS: [Trigger; 11] = [
            Approve,
            EditRow,
            Finish {
                any_paid: true,
                any_failed: false,
            },
            Finish {
                any_paid: false,
                any_failed: false,
            },
            Finish {
                any_paid: true,
                any_failed: true,
            },
            Finish {
                any_paid: false,
                any_failed: true,
            },
            Cancel,
            Reviewed {
                any_paid: true,
                any_failed: false,
            },
            Reviewed {
                any_paid: false,
                any_failed: false,
            },
            Reviewed {
                any_paid: true,
                any_failed: true,
            },
            Reviewed {
                any_paid: false,
                any_failed: true,
            },
        ];

        const ALLOWED: &[(Status, Trigger, Status)] = &[
            (PendingApproval, Approve, Executing),
            (Partial, Approve, Executing),
            (Failed, Approve, Executing),
            (
                Executing,
                Finish {
                    any_paid: true,
                    any_failed: false,
                },
                Executed,
            ),
            // Every row skipped: nothing failed.
            (
                Executing,
                Finish {
                    any_paid: false,
                    any_failed: false,
                },
                Executed,
            ),
            (
                Executing,
                Finish {
                    any_paid: true,
                    any_failed: true,
                },
                Partial,
            ),
            (
                Executing,
                Finish {
                    any_paid: false,
                    any_failed: true,
                },
                Failed,
            ),
            (PendingApproval, Cancel, Cancelled),
            // A row fixed or excluded: still awaiting approval.
            (PendingApproval, EditRow, PendingApproval),
            // A row's review after the run: the status follows the rows.
            (
                Executed,
                Reviewed {
                    any_paid: true,
                    any_failed: false,
                },
                Executed,
            ),
            (
                Executed,
                Reviewed {
                    any_paid: false,
                    any_failed: false,
                },
                Executed,
            ),
            (
                Executed,
                Reviewed {
                    any_paid: true,
                    any_failed: true,
                },
                Partial,
            ),
            (
                Executed,
                Reviewed {
                    any_paid: false,
                    any_failed: true,
                },
                Failed,
            ),
            (
                Partial,
                Reviewed {
                    any_paid: true,
                    any_failed: false,
                },
                Executed,
            ),
            (
                Partial,
                Reviewed {
                    any_paid: false,
                    any_failed: false,
                },
                Executed,
            ),
            (
                Partial,
                Reviewed {
                    any_paid: true,
                    any_failed: true,
                },
                Partial,
            ),
            (
                Partial,
                Reviewed {
                    any_paid: false,
                    any_failed: true,
                },
                Failed,
            ),
            (
                Failed,
                Reviewed {
                    any_paid: true,
                    any_failed: false,
                },
                Executed,
            ),
            (
                Failed,
                Reviewed {
                    any_paid: false,
                    any_failed: false,
                },
                Executed,
            ),
            (
                Failed,
                Reviewed {
                    any_paid: true,
                    any_failed: true,
                },
                Partial,
            ),
            (
                Failed,
                Reviewed {
                    any_paid: false,
                    any_failed: true,
                },
                Failed,
            ),
        ];

        #[test]
        fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
            // Exhaustive: a new status or trigger does not compile until listed.
            for s in Status::ALL {
                match s {
                    PendingApproval | Executing | Executed | Partial | Failed | Cancelled => {}
                }
            }
            for t in TRIGGERS {
                match t {
                    Approve | Finish { .. } | Cancel | Reviewed { .. } | EditRow => {}
                }
            }
            assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
        }

        #[test]
        fn only_a_batch_awaiting_approval_is_cancelled_and_final_ones_are_closed() {
            for s in Status::ALL {
                assert_eq!(transition(s, Cancel).is_ok(), s == PendingApproval, "{s:?}");
            }
            assert_eq!(transition(Executed, Approve), Err(Refusal::Closed));
            assert_eq!(transition(Cancelled, Cancel), Err(Refusal::Closed));
            assert_eq!(transition(Executing, Approve), Err(Refusal::Invalid));
            let approvable: Vec<Status> = Status::ALL
                .into_iter()
                .filter(|s| s.is_approvable())
                .collect();
            assert_eq!(approvable, vec![PendingApproval, Partial, Failed]);
        }

        #[test]
        fn rows_change_only_before_any_approval() {
            let editable: Vec<Status> = Status::ALL
                .into_iter()
                .filter(|s| transition(*s, EditRow).is_ok())
                .collect();
            assert_eq!(editable, vec![PendingApproval]);
            assert_eq!(transition(Executed, EditRow), Err(Refusal::Closed));
            assert_eq!(transition(Cancelled, EditRow), Err(Refusal::Closed));
            assert_eq!(transition(Partial, EditRow), Err(Refusal::Invalid));
            assert_eq!(transition(Executing, EditRow), Err(Refusal::Invalid));
        }

        #[test]
        fn statuses_are_written_in_the_origins_casing() {
            for s in Status::ALL {
                let json = serde_json::to_value(s).expect("json");
                assert_eq!(json, s.as_str());
            }
            assert_eq!(PendingApproval.as_str(), "PENDING_APPROVAL");
        }
    }

    mod row {
        use super::*;
        use RowStatus::*;
        use RowTrigger::*;

        const TRIGGERS: [RowTrigger; 9] = [
            Pay,
            Fail,
            Wait,
            Hold,
            Skip,
            Resolve { paid: true },
            Resolve { paid: false },
            Fix,
            Exclude,
        ];

        const ALLOWED: &[(RowStatus, RowTrigger, RowStatus)] = &[
            (Valid, Pay, Paid),
            (Valid, Fail, Failed),
            (Valid, Wait, Processing),
            (Valid, Hold, NeedsReview),
            // Re-approval retries the failed rows only.
            (Failed, Pay, Paid),
            (Failed, Fail, Failed),
            (Failed, Wait, Processing),
            (Failed, Hold, NeedsReview),
            // The rail answers later.
            (Processing, Pay, Paid),
            (Processing, Fail, Failed),
            (Processing, Hold, NeedsReview),
            (Invalid, Skip, Skipped),
            // Before approval: fixed (valid again) or excluded for good.
            (Valid, Fix, Valid),
            (Invalid, Fix, Valid),
            (Valid, Exclude, Skipped),
            (Invalid, Exclude, Skipped),
            // Only an operator's review of its payout ends a row's review.
            (NeedsReview, Resolve { paid: true }, Paid),
            (NeedsReview, Resolve { paid: false }, Failed),
        ];

        #[test]
        fn every_row_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
            for s in RowStatus::ALL {
                match s {
                    Valid | Invalid | Paid | Failed | Skipped | Processing | NeedsReview => {}
                }
            }
            for t in TRIGGERS {
                match t {
                    Pay | Fail | Wait | Hold | Skip | Resolve { .. } | Fix | Exclude => {}
                }
            }
            assert_table(&RowStatus::ALL, &TRIGGERS, ALLOWED, row_transition);
            for s in RowStatus::ALL {
                let json = serde_json::to_value(s).expect("json");
                assert_eq!(json, s.as_str());
            }
        }

        #[test]
        fn a_paid_row_or_one_in_review_is_never_paid_again() {
            for t in TRIGGERS {
                assert_eq!(row_transition(Paid, t), Err(Refusal::Closed));
            }
            for t in [Pay, Fail, Wait, Hold, Skip, Fix, Exclude] {
                assert_eq!(row_transition(NeedsReview, t), Err(Refusal::Closed));
            }
            assert_eq!(row_transition(Invalid, Pay), Err(Refusal::Invalid));
            let due: Vec<RowStatus> = RowStatus::ALL.into_iter().filter(|s| s.is_due()).collect();
            assert_eq!(due, vec![Valid, Failed], "a run pays these only");
        }
    }
}
