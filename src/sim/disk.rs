//! The simulated disk: a `redb::StorageBackend` in memory with the crash
//! semantics of a real one. What was written since the last `sync_data` is
//! volatile: a crash loses it, or (torn) keeps a seeded part of it, page by
//! page. It can also be armed to fail its n-th write or sync from now, which
//! stops a commit between two of its steps.
//!
//! A crash fences every handle opened before it (their calls fail), so the
//! dropped database cannot write after its "power loss"; the store is then
//! reopened on a fresh handle from what was durable.

use std::collections::BTreeMap;
use std::io;
use std::sync::{Arc, Mutex, MutexGuard};

use super::prng::Prng;

/// The unit a crash keeps or loses as one.
pub const PAGE: u64 = 4096;

#[derive(Debug, Default)]
pub(super) struct State {
    data: Vec<u8>,
    /// The length at the last sync.
    synced_len: u64,
    /// Each page written since the last sync, as it was at that sync (its
    /// part below the then length; empty when it lay beyond).
    undo: BTreeMap<u64, Vec<u8>>,
    /// Bumped by each crash; a handle of an older epoch is dead.
    pub(super) epoch: u64,
    /// Writes and syncs that may still succeed before the armed failure.
    fail_after: Option<u32>,
    /// The write-ahead log's segments ([`super::segments`]), by first batch.
    pub(super) segments: BTreeMap<u64, super::segments::File>,
}

impl State {
    fn remember(&mut self, from: u64, to: u64) {
        let mut page = from / PAGE;
        while page * PAGE < to {
            if !self.undo.contains_key(&page) {
                let start = usize::try_from(page * PAGE).unwrap_or(usize::MAX);
                let end = usize::try_from((page + 1) * PAGE).unwrap_or(usize::MAX);
                let old = self
                    .data
                    .get(start.min(self.data.len())..end.min(self.data.len()))
                    .unwrap_or_default()
                    .to_vec();
                self.undo.insert(page, old);
            }
            page += 1;
        }
    }

    /// One more write or sync: fails when the armed count runs out.
    pub(super) fn step(&mut self) -> io::Result<()> {
        match self.fail_after {
            Some(0) => Err(io::Error::other("simulated disk failure")),
            Some(n) => {
                self.fail_after = Some(n - 1);
                Ok(())
            }
            None => Ok(()),
        }
    }
}

/// The disk itself; [`SimDisk::handle`] makes the backend a store opens.
#[derive(Debug, Clone, Default)]
pub struct SimDisk {
    state: Arc<Mutex<State>>,
}

/// What redb holds: the disk as of one epoch.
#[derive(Debug)]
pub struct Handle {
    state: Arc<Mutex<State>>,
    epoch: u64,
}

impl SimDisk {
    pub fn new() -> SimDisk {
        SimDisk::default()
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A backend for a store opened now.
    pub fn handle(&self) -> Handle {
        Handle {
            state: self.state.clone(),
            epoch: self.lock().epoch,
        }
    }

    /// The write-ahead log's segments on this disk, opened now; the log
    /// checkpoints redb every `every` batches.
    pub fn segments(&self, every: u64) -> super::segments::SimSegments {
        super::segments::SimSegments {
            state: self.state.clone(),
            epoch: self.lock().epoch,
            every,
        }
    }

    /// The next `n` writes and syncs succeed, the one after fails (and all
    /// after it, until the crash).
    pub fn fail_after(&self, n: u32) {
        self.lock().fail_after = Some(n);
    }

    /// No armed failure any more.
    pub fn disarm(&self) {
        self.lock().fail_after = None;
    }

    /// Power loss: every page written since the last sync goes back to what
    /// was synced (with `tear`, each such page is kept or lost by a coin of
    /// `prng`), the length goes back to the synced length, and every open
    /// handle is dead. Returns how many unsynced pages there were.
    pub fn crash(&self, tear: bool, prng: &mut Prng) -> usize {
        let mut state = self.lock();
        let undo = std::mem::take(&mut state.undo);
        let pages = undo.len();
        for (page, old) in undo {
            if tear && prng.chance(500) {
                continue;
            }
            let start = usize::try_from(page * PAGE).unwrap_or(usize::MAX);
            let end = start + old.len();
            if state.data.len() < end {
                state.data.resize(end, 0);
            }
            state.data[start..end].copy_from_slice(&old);
        }
        let synced = usize::try_from(state.synced_len).unwrap_or(usize::MAX);
        state.data.resize(synced, 0);
        // The log's segments: a file never synced is gone; an appended tail
        // not synced is lost, or (torn) kept up to a seeded byte.
        state.segments.retain(|_, file| file.durable);
        for file in state.segments.values_mut() {
            let unsynced = file.data.len().saturating_sub(file.synced_len);
            let keep = if tear && unsynced > 0 {
                usize::try_from(prng.below(unsynced as u64 + 1)).unwrap_or(0)
            } else {
                0
            };
            file.data.truncate(file.synced_len + keep);
            file.synced_len = file.data.len();
        }
        state.epoch += 1;
        state.fail_after = None;
        pages
    }
}

impl Handle {
    fn live(&self) -> io::Result<MutexGuard<'_, State>> {
        let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if state.epoch != self.epoch {
            return Err(io::Error::other("the simulated machine crashed"));
        }
        Ok(state)
    }
}

fn out_of_range() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, "beyond the end of the disk")
}

impl redb::StorageBackend for Handle {
    fn len(&self) -> io::Result<u64> {
        Ok(self.live()?.data.len() as u64)
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> io::Result<()> {
        let state = self.live()?;
        let start = usize::try_from(offset).map_err(|_| out_of_range())?;
        let bytes = state
            .data
            .get(start..start + out.len())
            .ok_or_else(out_of_range)?;
        out.copy_from_slice(bytes);
        Ok(())
    }

    fn set_len(&self, len: u64) -> io::Result<()> {
        let mut state = self.live()?;
        state.step()?;
        let old = state.data.len() as u64;
        if len < old {
            state.remember(len, old);
        }
        state
            .data
            .resize(usize::try_from(len).map_err(|_| out_of_range())?, 0);
        Ok(())
    }

    fn sync_data(&self) -> io::Result<()> {
        let mut state = self.live()?;
        state.step()?;
        state.undo.clear();
        state.synced_len = state.data.len() as u64;
        Ok(())
    }

    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        let mut state = self.live()?;
        state.step()?;
        let end = offset + data.len() as u64;
        state.remember(offset, end);
        let (start, end) = (
            usize::try_from(offset).map_err(|_| out_of_range())?,
            usize::try_from(end).map_err(|_| out_of_range())?,
        );
        if state.data.len() < end {
            state.data.resize(end, 0);
        }
        state.data[start..end].copy_from_slice(data);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use redb::StorageBackend;

    fn bytes(handle: &Handle) -> Vec<u8> {
        let len = usize::try_from(handle.len().expect("len")).expect("len");
        let mut out = vec![0; len];
        handle.read(0, &mut out).expect("read");
        out
    }

    #[test]
    fn a_crash_loses_what_was_not_synced() {
        let disk = SimDisk::new();
        let handle = disk.handle();
        handle.set_len(2 * PAGE).expect("len");
        handle.write(0, b"synced").expect("write");
        handle.sync_data().expect("sync");
        handle.write(0, b"volatile").expect("write");
        handle.write(PAGE, b"new page").expect("write");
        handle.set_len(3 * PAGE).expect("len");
        assert_eq!(disk.crash(false, &mut Prng::new(1)), 2);
        assert!(handle.len().is_err(), "the old handle died with the crash");
        let reopened = disk.handle();
        let after = bytes(&reopened);
        assert_eq!(after.len() as u64, 2 * PAGE);
        assert_eq!(&after[..6], b"synced");
        assert_eq!(&after[6..8], b"\0\0");
        assert!(after[PAGE as usize..].iter().all(|&b| b == 0));
    }

    #[test]
    fn a_torn_crash_keeps_some_unsynced_pages_the_same_way_for_one_seed() {
        let run = |seed| {
            let disk = SimDisk::new();
            let handle = disk.handle();
            handle.set_len(64 * PAGE).expect("len");
            handle.sync_data().expect("sync");
            for page in 0..64 {
                handle.write(page * PAGE, &[1; 8]).expect("write");
            }
            disk.crash(true, &mut Prng::new(seed));
            bytes(&disk.handle())
        };
        let torn = run(5);
        let kept = (0..64).filter(|p| torn[p * PAGE as usize] == 1).count();
        assert!(kept > 0 && kept < 64, "{kept} of 64 pages kept");
        assert_eq!(torn, run(5));
    }

    #[test]
    fn an_armed_failure_stops_the_nth_write() {
        let disk = SimDisk::new();
        let handle = disk.handle();
        handle.set_len(PAGE).expect("len");
        disk.fail_after(1);
        handle.write(0, b"a").expect("first write passes");
        assert!(handle.write(0, b"b").is_err());
        assert!(handle.sync_data().is_err());
    }
}
