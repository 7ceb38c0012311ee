//! Settlement (spec sections 2 and 4.9, origin section 11): the one way a
//! payment's money leaves `pending`.
//!
//! Every movement of a merchant's `pending` balance is an **item** of the
//! cycle whose period runs for its rail and currency: a payment (its gross,
//! each fee and its splits), a refund's reservation and its release, a
//! dispute's hold, and what a previous cycle carried over. The cycle keeps
//! the running totals as the items are added, in the same writer command, so
//! closing it is one small command whatever its size: the net of its totals
//! moves `pending` → `settlement_pending` (`cycles::close`). Paying it moves
//! that to the wallet's `available`, through a conversion when it settles in
//! another currency, or out as a payout (`pay::pay`); then its payments move
//! SETTLEMENT_PENDING → SETTLED in chunks of [`SETTLE_CHUNK_ITEMS`], one
//! writer command each, so a cycle of 100,000 payments never holds the writer
//! for more than a few milliseconds at a time. `docs/settlement.md` has the
//! rules and a worked cycle.

pub mod cycles;
pub mod pay;
pub mod pdf;
pub mod profiles;
pub mod schedule;
pub mod state;
pub mod statement;
pub mod view;

use crate::domain::settlement::cycles::SETTLEMENT_CYCLE;
use serde::{Deserialize, Serialize};

pub use self::cycles::{Cycle, Item};
use super::Settings;
use crate::auth::Principal;
use crate::domain::resource;
use crate::error::ApiError;
use crate::scheduler::TimerKind;
use crate::store::{Read, Tx};

/// Items one cycle holds at most; past it the period ends early and a new
/// one opens (a bound on the statement, and on one cycle's pay).
pub const CYCLE_ITEMS_MAX: u32 = 200_000;
/// Payments marked SETTLED per writer command when a cycle is paid: about
/// 4 ms of the writer's time per command on the 2-core bench machine (`bench`,
/// step `settle`); half as many took as long at their worst (the worst are
/// the machine's, not the chunk's) and twice the commands in all.
pub const SETTLE_CHUNK_ITEMS: u32 = 64;

/// The caller's cycle `id`.
pub fn read(read: &impl Read, principal: &Principal, id: &str) -> Result<Cycle, ApiError> {
    resource::find(read, principal, id, &SETTLEMENT_CYCLE)
}

/// Item `seq` of `cycle`.
pub fn item(read: &impl Read, cycle: &str, seq: u32) -> Result<Option<Item>, ApiError> {
    let key = crate::store::keys::settlement_item(cycle, seq);
    Ok(read.object(&key)?)
}

/// The settlement timers.
pub fn on_timer(tx: &mut Tx<'_>, settings: &Settings, kind: &TimerKind) -> Result<(), ApiError> {
    let (TimerKind::SettlementClose { cycle: id }
    | TimerKind::SettlementPay { cycle: id }
    | TimerKind::SettlementSettle { cycle: id }
    | TimerKind::SettlementPayout { cycle: id }) = kind
    else {
        return Ok(());
    };
    let Some(mut cycle) = tx.object::<Cycle>(id)? else {
        return Ok(());
    };
    match kind {
        TimerKind::SettlementClose { .. } => cycles::on_period_end(tx, settings, &mut cycle)?,
        TimerKind::SettlementPay { .. } => pay::on_due(tx, settings, &mut cycle)?,
        TimerKind::SettlementSettle { .. } => pay::settle_chunk(tx, settings, &mut cycle)?,
        _ => pay::on_payout_check(tx, settings, &mut cycle)?,
    }
    cycles::save(tx, &cycle)
}

/// Who moved a cycle: shown on the intents' timelines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Actor {
    Api,
    Timer,
}

impl Actor {
    pub fn as_str(self) -> &'static str {
        match self {
            Actor::Api => "api",
            Actor::Timer => "timer",
        }
    }
}
