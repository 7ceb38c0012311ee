//! Test clocks (issue 17): sandbox time travel, after Stripe's test clocks.
//!
//! A clock holds a frozen time. Attached, it is the "now" of its
//! organisation's whole sandbox: every command of that sandbox reads its
//! time from the clock ([`follow`], called before the command's work), and
//! every timer such a command schedules waits on the clock's own queue
//! (`store::keys::clock_due`) instead of real time. An advance moves the
//! clock forward by firing each of those timers in due order, one writer
//! command each, with "now" at the timer's due time, exactly as if the time
//! had passed (`outbox::timers::advance` drives it). Live mode never follows a
//! clock. `READY → ADVANCING → READY` (the lifecycle is in `state.rs`).

pub mod state;
mod view;

use crate::domain::resource::Kind;
use serde::{Deserialize, Serialize};

pub use self::state::Status;
use self::state::{Refusal, Trigger, transition};
pub use self::view::{TestClockView, view};

use super::{Settings, resource};
use crate::auth::Principal;
use crate::error::{ApiError, Code, Missing};
use crate::events::EventType;
use crate::mode::Mode;
use crate::scheduler::Timer;
use crate::store::keys::{self, Family};
use crate::store::{Read, Snapshot, Tx};

/// Timers one advance may fire; past it the advance is refused (422) and the
/// client asks for smaller steps.
pub const ADVANCE_TIMERS_MAX: usize = 10_000;
/// How far one advance may go: two years.
pub const ADVANCE_SPAN_MAX_MS: i64 = 2 * 366 * 24 * 3_600_000;
/// A timer whose handler failed during an advance fires again this much later
/// on the clock (as the real-time scheduler retries 30 s later).
const RETRY_DELAY_MS: i64 = 30_000;
const NAME_CHARS_MAX: usize = 100;

/// `clock_...`: test clocks, `test_clock_not_found` when absent or another's.
pub const TEST_CLOCK: Kind = Kind::new(
    Family::new("clock"),
    Missing::new(Code::TestClockNotFound, "test clock"),
);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TestClock {
    pub id: String,
    pub mode: Mode,
    /// The organisation whose sandbox it can govern.
    pub owner: String,
    pub name: Option<String>,
    pub frozen_time_ms: i64,
    pub status: Status,
    pub advancing_to_ms: Option<i64>,
    pub attached: bool,
    pub timers_fired: u64,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

crate::domain::resource::owned!(TestClock);

#[derive(Clone)]
pub struct NewClock {
    pub frozen_time_ms: i64,
    pub name: Option<String>,
    pub attach: bool,
}

/// Test clocks are for the sandbox: a live principal gets 403.
pub fn require_test_mode(principal: &Principal) -> Result<(), ApiError> {
    if principal.mode == Mode::Live {
        return Err(ApiError::new(
            Code::LivemodeForbidden,
            "test clocks exist in test mode only: use a test key (sk_test_...)",
        ));
    }
    Ok(())
}

/// `POST /test_clocks`.
pub fn create(
    tx: &mut Tx<'_>,
    principal: &Principal,
    new: NewClock,
) -> Result<TestClock, ApiError> {
    require_test_mode(principal)?;
    let now = tx.now_ms();
    let clock = TestClock {
        id: TEST_CLOCK.new_id(),
        mode: principal.mode,
        owner: principal.owner().to_string(),
        name: super::fields::text("name", new.name, NAME_CHARS_MAX)?,
        frozen_time_ms: new.frozen_time_ms,
        status: Status::Ready,
        advancing_to_ms: None,
        attached: false,
        timers_fired: 0,
        created_at_ms: now,
        updated_at_ms: now,
    };
    resource::insert(tx, TEST_CLOCK.family, &clock)?;
    if new.attach {
        return attach(tx, principal, &clock.id);
    }
    Ok(clock)
}

/// The caller's clock `id`.
pub fn read(read: &impl Read, principal: &Principal, id: &str) -> Result<TestClock, ApiError> {
    require_test_mode(principal)?;
    resource::find(read, principal, id, &TEST_CLOCK)
}

fn save(tx: &mut Tx<'_>, clock: &mut TestClock) -> Result<(), ApiError> {
    clock.updated_at_ms = tx.wall_ms();
    tx.put_object(clock.id.clone(), clock)?;
    Ok(())
}

fn apply(clock: &mut TestClock, trigger: Trigger) -> Result<(), ApiError> {
    clock.status = transition(clock.status, trigger).map_err(|refusal| match refusal {
        Refusal::AttemptInFlight => ApiError::new(
            Code::TestClockAdvancing,
            format!("{} is advancing; wait until its status is ready", clock.id),
        ),
        _ => ApiError::field(
            "frozen_time",
            format!(
                "frozen_time must be later than the clock's {} (time never goes backwards)",
                crate::clock::rfc3339(clock.frozen_time_ms)
            ),
        ),
    })?;
    Ok(())
}

/// `POST /test_clocks/{id}/attach`: the organisation's sandbox follows the
/// clock from now on. A clock attached before is detached (one clock per
/// sandbox).
pub fn attach(tx: &mut Tx<'_>, principal: &Principal, id: &str) -> Result<TestClock, ApiError> {
    let mut clock = read(tx, principal, id)?;
    apply(&mut clock, Trigger::Change)?;
    let key = keys::attached_clock(&clock.owner);
    if let Some(previous) = tx.index_id(&key)?
        && previous != clock.id
    {
        detach(tx, principal, &previous)?;
    }
    resource::point(tx, key, &clock.id);
    clock.attached = true;
    save(tx, &mut clock)?;
    Ok(clock)
}

/// `POST /test_clocks/{id}/detach`: the sandbox returns to real time. The
/// clock's waiting timers move to the real-time queue at their due times:
/// those already past in real time fire at once, those in the future wait
/// for it. Objects stamped in the clock's future keep their stamps.
pub fn detach(tx: &mut Tx<'_>, principal: &Principal, id: &str) -> Result<TestClock, ApiError> {
    let mut clock = read(tx, principal, id)?;
    apply(&mut clock, Trigger::Change)?;
    if clock.attached {
        tx.delete_index(keys::attached_clock(&clock.owner));
        clock.attached = false;
    }
    release_timers(tx, &clock.id)?;
    save(tx, &mut clock)?;
    Ok(clock)
}

/// `DELETE /test_clocks/{id}`: detaches, then forgets the clock.
pub fn delete(tx: &mut Tx<'_>, principal: &Principal, id: &str) -> Result<TestClock, ApiError> {
    let clock = detach(tx, principal, id)?;
    tx.delete_object(clock.id.clone());
    tx.delete_index(keys::owned(
        TEST_CLOCK.family,
        clock.mode,
        &clock.owner,
        &clock.id,
    ));
    Ok(clock)
}

fn release_timers(tx: &mut Tx<'_>, clock: &str) -> Result<(), ApiError> {
    // Bounded like an advance: a sandbox that scheduled more waits for the
    // next detach or delete to move the rest.
    for (key, value) in tx.scan_timers(&keys::clock_timers(clock), None, ADVANCE_TIMERS_MAX)? {
        let timer: Timer = crate::store::decode(&value)?;
        tx.delete_timer(key);
        tx.put_timer(keys::due(timer.due_ms, &timer.id), &timer)?;
    }
    Ok(())
}

/// `POST /test_clocks/{id}/advance`: checks the step and marks the clock
/// ADVANCING; `outbox::timers::advance` then fires the timers. A step past two
/// years or past [`ADVANCE_TIMERS_MAX`] due timers is refused with nothing
/// changed.
pub fn start_advance(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
    to_ms: i64,
) -> Result<TestClock, ApiError> {
    let mut clock = read(tx, principal, id)?;
    let later = to_ms > clock.frozen_time_ms;
    apply(&mut clock, Trigger::Advance { later })?;
    let too_large = |what: String| {
        ApiError::new(
            Code::TestClockAdvanceTooLarge,
            format!("{what}; advance in smaller steps"),
        )
        .with_param("frozen_time")
    };
    if to_ms - clock.frozen_time_ms > ADVANCE_SPAN_MAX_MS {
        return Err(too_large(
            "one advance may move a clock two years at most".into(),
        ));
    }
    let due = tx.scan_timers(
        &keys::clock_timers(&clock.id),
        Some(&format!(
            "{}{}",
            keys::clock_timers(&clock.id),
            keys::due_before(to_ms + 1)
        )),
        ADVANCE_TIMERS_MAX + 1,
    )?;
    if due.len() > ADVANCE_TIMERS_MAX {
        return Err(too_large(format!(
            "more than {ADVANCE_TIMERS_MAX} timers fall due before that time"
        )));
    }
    clock.advancing_to_ms = Some(to_ms);
    clock.timers_fired = 0;
    save(tx, &mut clock)?;
    tx.put_index(keys::advancing_clock(&clock.id), Vec::new());
    emit(tx, &clock, EventType::TestClockAdvancing)?;
    Ok(clock)
}

/// One step of an advance, in its own writer command: fires the clock's
/// earliest timer due by the advance's target, with "now" at its due time,
/// or, when none is left, sets the clock to the target and READY. Returns
/// whether there may be more to fire.
pub fn step(tx: &mut Tx<'_>, settings: &Settings, id: &str) -> Result<bool, ApiError> {
    let Some(mut clock) = tx.object::<TestClock>(id)? else {
        tx.delete_index(keys::advancing_clock(id));
        return Ok(false);
    };
    let Some(to_ms) = clock.advancing_to_ms else {
        tx.delete_index(keys::advancing_clock(id));
        return Ok(false);
    };
    match next_timer(tx, id, to_ms)? {
        Some((key, timer)) if clock.timers_fired < 2 * ADVANCE_TIMERS_MAX as u64 => {
            tx.delete_timer(key);
            let now = timer.due_ms.max(clock.frozen_time_ms);
            tx.follow_clock(id, now);
            super::on_timer(tx, settings, &timer.kind)?;
            clock.frozen_time_ms = now;
            clock.timers_fired += 1;
            save(tx, &mut clock)?;
            Ok(true)
        }
        _ => {
            clock.frozen_time_ms = to_ms;
            clock.advancing_to_ms = None;
            apply(&mut clock, Trigger::Finish)?;
            save(tx, &mut clock)?;
            tx.delete_index(keys::advancing_clock(id));
            tx.follow_clock(id, to_ms);
            emit(tx, &clock, EventType::TestClockReady)?;
            Ok(false)
        }
    }
}

/// A timer whose handler failed during an advance: it moves
/// `RETRY_DELAY_MS` later on the clock, so the advance goes on.
pub fn postpone_failed(tx: &mut Tx<'_>, id: &str) -> Result<(), ApiError> {
    let Some(clock) = tx.object::<TestClock>(id)? else {
        return Ok(());
    };
    let Some(to_ms) = clock.advancing_to_ms else {
        return Ok(());
    };
    if let Some((key, mut timer)) = next_timer(tx, id, to_ms)? {
        tx.delete_timer(key);
        timer.due_ms += RETRY_DELAY_MS;
        tx.put_timer(keys::clock_due(id, timer.due_ms, &timer.id), &timer)?;
    }
    Ok(())
}

fn next_timer(tx: &Tx<'_>, clock: &str, to_ms: i64) -> Result<Option<(String, Timer)>, ApiError> {
    let prefix = keys::clock_timers(clock);
    let upper = format!("{prefix}{}", keys::due_before(to_ms + 1));
    let first = tx.scan_timers(&prefix, Some(&upper), 1)?;
    Ok(match first.into_iter().next() {
        Some((key, value)) => Some((key, crate::store::decode(&value)?)),
        None => None,
    })
}

/// Clocks left ADVANCING (by a restart in the middle of an advance): the
/// server resumes them at start.
pub fn advancing(snapshot: &Snapshot) -> Result<Vec<String>, ApiError> {
    let prefix = keys::advancing_clock("");
    Ok(snapshot
        .scan_index(&prefix, None, crate::store::SCAN_ROWS_MAX)?
        .into_iter()
        .map(|(key, _)| crate::store::keys::id_of(&key).to_string())
        .collect())
}

/// The organisation whose sandbox clock a command or read of `principal`
/// follows: its own in test mode (a connected account follows its
/// platform's), none in live mode.
pub fn sandbox_of(mode: Mode, org: &str) -> Option<String> {
    (mode == Mode::Test).then(|| org.to_string())
}

/// Makes a command in the sandbox of `org` follow its clock, if one is
/// attached: called before the command's work.
pub fn follow(tx: &mut Tx<'_>, org: &str) -> Result<(), ApiError> {
    if let Some((id, frozen_ms)) = attached(tx, org)? {
        tx.follow_clock(&id, frozen_ms);
    }
    Ok(())
}

/// The sandbox "now" of an organisation for a read: the attached clock's
/// frozen time, else `wall_ms`.
pub fn now_for(read: &impl Read, mode: Mode, org: &str, wall_ms: i64) -> Result<i64, ApiError> {
    if mode != Mode::Test {
        return Ok(wall_ms);
    }
    Ok(attached(read, org)?.map_or(wall_ms, |(_, frozen_ms)| frozen_ms))
}

fn attached(read: &impl Read, org: &str) -> Result<Option<(String, i64)>, ApiError> {
    let Some(id) = read.index(&keys::attached_clock(org))? else {
        return Ok(None);
    };
    let id = String::from_utf8_lossy(&id).to_string();
    let clock: Option<TestClock> = read.object(&id)?;
    Ok(clock.map(|c| (c.id, c.frozen_time_ms)))
}

fn emit(tx: &mut Tx<'_>, clock: &TestClock, event_type: EventType) -> Result<(), ApiError> {
    resource::emit(tx, event_type, clock, &view(clock))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    const T0: i64 = 1_798_761_600_000; // 2027-01-01T00:00:00Z

    fn org(id: &str) -> Principal {
        Principal::system("test", id, Mode::Test)
    }

    fn new_clock(attach: bool) -> NewClock {
        NewClock {
            frozen_time_ms: T0,
            name: None,
            attach,
        }
    }

    /// Issue 17: two organisations' sandboxes do not see each other's clocks.
    #[test]
    fn a_clock_governs_its_own_organisations_sandbox_only() {
        let store = Store::ephemeral().expect("store");
        let (a, b) = (org("org_a"), org("org_b"));
        let clock = store
            .write_now(5, |tx| create(tx, &a, new_clock(true)))
            .expect("create");
        let snapshot = store.snapshot().expect("snapshot");
        assert_eq!(now_for(&snapshot, Mode::Test, "org_a", 5).ok(), Some(T0));
        assert_eq!(now_for(&snapshot, Mode::Test, "org_b", 5).ok(), Some(5));
        assert_eq!(now_for(&snapshot, Mode::Live, "org_a", 5).ok(), Some(5));
        let other = read(&snapshot, &b, &clock.id).map_err(|e| e.code);
        assert_eq!(other.err(), Some(Code::TestClockNotFound));
        let attach_other = store.write_now(5, |tx| attach(tx, &b, &clock.id));
        assert_eq!(
            attach_other.err().map(|e| e.code),
            Some(Code::TestClockNotFound)
        );
        let followed = store
            .write_now(5, |tx| {
                follow(tx, "org_b")?;
                let b_now = tx.now_ms();
                follow(tx, "org_a")?;
                Ok((
                    b_now,
                    tx.now_ms(),
                    tx.wall_ms(),
                    tx.clock().map(String::from),
                ))
            })
            .expect("follow");
        assert_eq!(followed, (5, T0, 5, Some(clock.id)));
    }

    /// An advance running refuses another advance, a detach and a delete
    /// (409), and the clock's timers fire one per step, in due order.
    #[test]
    fn an_advancing_clock_refuses_changes_and_steps_through_its_timers() {
        let store = Store::ephemeral().expect("store");
        let a = org("org_a");
        let settings = Settings::default();
        let clock = store
            .write_now(5, |tx| create(tx, &a, new_clock(true)))
            .expect("create");
        store
            .write_now(5, |tx| {
                tx.follow_clock(&clock.id, T0);
                for minutes in [20, 10] {
                    crate::scheduler::schedule(
                        tx,
                        T0 + minutes * 60_000,
                        crate::scheduler::TimerKind::IntentExpire {
                            intent: format!("pi_missing{minutes}"),
                        },
                    )?;
                }
                Ok(())
            })
            .expect("timers");
        store
            .write_now(5, |tx| start_advance(tx, &a, &clock.id, T0 + 3_600_000))
            .expect("advance");
        for refused in [
            store.write_now(5, |tx| start_advance(tx, &a, &clock.id, T0 + 7_200_000)),
            store.write_now(5, |tx| detach(tx, &a, &clock.id)),
            store.write_now(5, |tx| delete(tx, &a, &clock.id)),
        ] {
            assert_eq!(
                refused.err().map(|e| e.code),
                Some(Code::TestClockAdvancing)
            );
        }
        let mut times = Vec::new();
        while store
            .write_now(5, |tx| step(tx, &settings, &clock.id))
            .expect("step")
        {
            let now = store.snapshot().expect("snapshot");
            times.push(read(&now, &a, &clock.id).expect("clock").frozen_time_ms);
        }
        assert_eq!(times, [T0 + 600_000, T0 + 1_200_000]);
        let done = read(&store.snapshot().expect("snapshot"), &a, &clock.id).expect("clock");
        assert_eq!(
            (done.status, done.frozen_time_ms, done.timers_fired),
            (Status::Ready, T0 + 3_600_000, 2)
        );
    }
}
