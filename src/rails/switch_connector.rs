//! The national switch's connector (origin section 10): what the submission
//! outbox drains to. A [`SwitchConnector`] is called by the outbox drainer
//! (`outbox::switch`) outside the writer, after the payment and its outbox row
//! committed; its answer is recorded by a second writer command.
//!
//! The sandbox switch decides by the payer's binding (`docs/national-switch.md`):
//!
//! | `payer_binding` | submission | inquiry |
//! |---|---|---|
//! | `bind_sandbox_reject` | rejected (`declined_by_payer_institution`) | rejected |
//! | `bind_sandbox_timeout` | no answer after a possible send | found and completed |
//! | `bind_sandbox_timeout_unsent` | no answer after a possible send | not received |
//! | `bind_sandbox_no_answer` | no answer after a possible send | no answer, ever (MANUAL_REVIEW after 20 inquiries) |
//! | anything else | accepted, authorized, credited | completed |

/// What is sent to the switch for one payment.
#[derive(Debug, Clone)]
pub struct Submission {
    pub payment: String,
    pub correlation_id: String,
    pub merchant: String,
    pub payer_binding: String,
    pub amount_minor: i64,
    pub currency: String,
}

/// The switch's answer to a submission.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SubmitOutcome {
    /// Acknowledged, authorized by the payer's institution and credited.
    Completed {
        switch_reference: String,
    },
    Rejected {
        reason: String,
    },
    /// No answer: the message may or may not have reached the switch.
    TimedOut,
}

/// The switch's answer to an inquiry about an earlier submission.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InquiryOutcome {
    Completed {
        switch_reference: String,
    },
    Rejected {
        reason: String,
    },
    /// The switch never received the submission: it is final, not resent.
    NotReceived,
    /// No answer to the inquiry either: ask again later. (A network
    /// connector answers this on a timeout; the sandbox for
    /// `bind_sandbox_no_answer`.)
    NoAnswer,
}

/// A national switch. Calls are synchronous: the sandbox answers from memory;
/// a network connector runs its calls on the drainer's task, never on the writer.
pub trait SwitchConnector: Send + Sync {
    /// The switch's name, shown in a payment's computed route.
    fn name(&self) -> &'static str;
    fn submit(&self, submission: &Submission) -> SubmitOutcome;
    fn inquire(&self, submission: &Submission) -> InquiryOutcome;
}

/// The test-mode switch simulator.
#[derive(Debug, Default)]
pub struct SandboxSwitch;

pub const SANDBOX_REJECT: &str = "bind_sandbox_reject";
pub const SANDBOX_TIMEOUT: &str = "bind_sandbox_timeout";
pub const SANDBOX_TIMEOUT_UNSENT: &str = "bind_sandbox_timeout_unsent";
/// Never answers: the payment's inquiries run out and it waits for an
/// operator's review (issue 47).
pub const SANDBOX_NO_ANSWER: &str = "bind_sandbox_no_answer";

fn reference(submission: &Submission) -> String {
    format!("SBX-{}", submission.correlation_id.to_ascii_uppercase())
}

impl SwitchConnector for SandboxSwitch {
    fn name(&self) -> &'static str {
        "sandbox_switch"
    }

    fn submit(&self, submission: &Submission) -> SubmitOutcome {
        match submission.payer_binding.as_str() {
            SANDBOX_REJECT => SubmitOutcome::Rejected {
                reason: "declined_by_payer_institution".into(),
            },
            SANDBOX_TIMEOUT | SANDBOX_TIMEOUT_UNSENT | SANDBOX_NO_ANSWER => SubmitOutcome::TimedOut,
            _ => SubmitOutcome::Completed {
                switch_reference: reference(submission),
            },
        }
    }

    fn inquire(&self, submission: &Submission) -> InquiryOutcome {
        match submission.payer_binding.as_str() {
            SANDBOX_REJECT => InquiryOutcome::Rejected {
                reason: "declined_by_payer_institution".into(),
            },
            SANDBOX_TIMEOUT_UNSENT => InquiryOutcome::NotReceived,
            SANDBOX_NO_ANSWER => InquiryOutcome::NoAnswer,
            _ => InquiryOutcome::Completed {
                switch_reference: reference(submission),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn submission(binding: &str) -> Submission {
        Submission {
            payment: "pay_1".into(),
            correlation_id: "abc".into(),
            merchant: "org_1".into(),
            payer_binding: binding.into(),
            amount_minor: 100,
            currency: "CDF".into(),
        }
    }

    #[test]
    fn the_sandbox_switch_answers_by_the_documented_bindings() {
        let s = SandboxSwitch;
        assert!(matches!(
            s.submit(&submission("bind_x")),
            SubmitOutcome::Completed { .. }
        ));
        assert!(matches!(
            s.submit(&submission(SANDBOX_REJECT)),
            SubmitOutcome::Rejected { .. }
        ));
        assert_eq!(
            s.submit(&submission(SANDBOX_TIMEOUT)),
            SubmitOutcome::TimedOut
        );
        assert!(matches!(
            s.inquire(&submission(SANDBOX_TIMEOUT)),
            InquiryOutcome::Completed { .. }
        ));
        assert_eq!(
            s.inquire(&submission(SANDBOX_TIMEOUT_UNSENT)),
            InquiryOutcome::NotReceived
        );
        assert_eq!(
            s.submit(&submission(SANDBOX_NO_ANSWER)),
            SubmitOutcome::TimedOut
        );
        assert_eq!(
            s.inquire(&submission(SANDBOX_NO_ANSWER)),
            InquiryOutcome::NoAnswer
        );
    }
}
