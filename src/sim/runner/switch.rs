//! The national switch's outbox drainer (`outbox::switch`), run by the
//! simulator when time passes, with the switch answering twice or
//! contradicting itself.

use super::{Failure, Prng, World};
use crate::domain::switch_payments;
use crate::error::ApiError;
use crate::rails::switch_connector::{
    InquiryOutcome, SandboxSwitch, SubmitOutcome, SwitchConnector,
};
use crate::store::Read;

/// An answer of the national switch, to record.
#[derive(Debug, Clone)]
enum Record {
    Submitted(crate::rails::switch_connector::SubmitOutcome),
    Inquired(crate::rails::switch_connector::InquiryOutcome),
}

impl World {
    /// The national switch's outbox drainer (`outbox::switch`), as it
    /// would have run by now: each row taken in one command, the sandbox
    /// switch called, its answer recorded in another. With `twice`, a
    /// drawn answer is recorded twice, or followed by its contradiction:
    /// once the first made the payment final, the second changes nothing.
    pub(super) fn drain_switch(
        &mut self,
        n: usize,
        twice: bool,
        prng: &mut Prng,
    ) -> Result<(), Failure> {
        let rows = self
            .store()
            .snapshot()
            .map_err(ApiError::from)
            .and_then(|snapshot| switch_payments::outbox(&snapshot, 64))
            .map_err(|e| self.fail(n, format!("switch outbox: {e:?}")))?;
        for row in rows {
            let taken_row = row.clone();
            let taken = self.command(n, "switch take", move |tx| {
                switch_payments::take(tx, &taken_row)
            })?;
            let Some(submission) = taken else {
                continue;
            };
            // Both answers, for a contradiction.
            let (answer, other): (Record, Record) = if row.kind == "inquire" {
                let outcome = SandboxSwitch.inquire(&submission);
                let other = match &outcome {
                    InquiryOutcome::Completed { .. } => InquiryOutcome::Rejected {
                        reason: "contradiction".into(),
                    },
                    _ => InquiryOutcome::Completed {
                        switch_reference: "SBX-CONTRADICTION".into(),
                    },
                };
                (Record::Inquired(outcome), Record::Inquired(other))
            } else {
                let outcome = SandboxSwitch.submit(&submission);
                let other = match &outcome {
                    SubmitOutcome::Completed { .. } => SubmitOutcome::Rejected {
                        reason: "contradiction".into(),
                    },
                    _ => SubmitOutcome::Completed {
                        switch_reference: "SBX-CONTRADICTION".into(),
                    },
                };
                (Record::Submitted(outcome), Record::Submitted(other))
            };
            let payment = row.payment.clone();
            self.record_switch(n, &payment, answer.clone())?;
            self.note(format!("#{n} switch {} {payment}: {answer:?}", row.kind));
            if !(twice && prng.chance(300)) {
                continue;
            }
            let before = self.object_bytes(n, &payment)?;
            let final_before = self
                .store()
                .snapshot()
                .ok()
                .and_then(|s| s.object::<switch_payments::SwitchPayment>(&payment).ok()?)
                .is_some_and(|p| p.status.is_final());
            let second = if prng.chance(500) { answer } else { other };
            self.note(format!("#{n} switch answers again {payment}: {second:?}"));
            self.record_switch(n, &payment, second)?;
            if final_before && self.object_bytes(n, &payment)? != before {
                return Err(self.fail(
                    n,
                    format!("{payment}: a second answer of the switch changed a final payment"),
                ));
            }
        }
        Ok(())
    }

    fn record_switch(&mut self, n: usize, payment: &str, answer: Record) -> Result<(), Failure> {
        let payment = payment.to_string();
        self.command(n, "switch answer", move |tx| match answer {
            Record::Submitted(outcome) => switch_payments::on_submitted(tx, &payment, outcome),
            Record::Inquired(outcome) => switch_payments::on_inquired(tx, &payment, outcome),
        })
    }
}
