//! The write-ahead log's segments on the simulated disk
//! ([`crate::store::wal::Segments`]): each segment a file in memory with the
//! crash semantics of [`super::disk`]. An append is a write then a sync;
//! what was appended and not synced is lost at a crash, or (torn) kept in
//! part. A segment created and not yet synced is lost. Truncation and
//! removal are one durable step each. Every write and sync counts against
//! the disk's armed failure, so a crash can land inside an append, its
//! sync, a segment's creation, cut or deletion, or the replay at open; and
//! a crash fences the segments' handle as it does redb's.

use std::io;
use std::sync::{Arc, Mutex, MutexGuard};

use super::disk::State;
use crate::store::wal::Segments;

/// One segment file.
#[derive(Debug, Default, Clone)]
pub struct File {
    pub data: Vec<u8>,
    /// The length at the last sync.
    pub synced_len: usize,
    /// False until the creation's sync: a crash before it loses the file.
    pub durable: bool,
}

/// The log's directory as of one epoch of the disk.
pub struct SimSegments {
    pub(super) state: Arc<Mutex<State>>,
    pub(super) epoch: u64,
    /// The checkpoint policy the seed chose (see [`Segments::checkpoint_every`]).
    pub(super) every: u64,
}

impl SimSegments {
    fn live(&self) -> io::Result<MutexGuard<'_, State>> {
        let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if state.epoch != self.epoch {
            return Err(io::Error::other("the simulated machine crashed"));
        }
        Ok(state)
    }
}

fn missing(first: u64) -> io::Error {
    io::Error::new(io::ErrorKind::NotFound, format!("no segment {first}"))
}

/// Segment `first`, once the disk took the step of the write about to
/// touch it.
fn stepped(state: &mut State, first: u64) -> io::Result<&mut File> {
    state.step()?;
    state.segments.get_mut(&first).ok_or_else(|| missing(first))
}

impl Segments for SimSegments {
    fn list(&mut self) -> io::Result<Vec<u64>> {
        Ok(self.live()?.segments.keys().copied().collect())
    }

    fn read(&mut self, first: u64) -> io::Result<Vec<u8>> {
        let state = self.live()?;
        state
            .segments
            .get(&first)
            .map(|f| f.data.clone())
            .ok_or_else(|| missing(first))
    }

    fn create(&mut self, first: u64, header: &[u8]) -> io::Result<()> {
        let mut state = self.live()?;
        state.step()?;
        state.segments.insert(
            first,
            File {
                data: header.to_vec(),
                synced_len: 0,
                durable: false,
            },
        );
        state.step()?;
        if let Some(file) = state.segments.get_mut(&first) {
            file.synced_len = file.data.len();
            file.durable = true;
        }
        Ok(())
    }

    fn append_synced(&mut self, first: u64, bytes: &[u8]) -> io::Result<()> {
        let mut state = self.live()?;
        let file = stepped(&mut state, first)?;
        file.data.extend_from_slice(bytes);
        state.step()?;
        if let Some(file) = state.segments.get_mut(&first) {
            file.synced_len = file.data.len();
        }
        Ok(())
    }

    fn truncate(&mut self, first: u64, len: u64) -> io::Result<()> {
        let mut state = self.live()?;
        let file = stepped(&mut state, first)?;
        let len = usize::try_from(len)
            .unwrap_or(usize::MAX)
            .min(file.data.len());
        file.data.truncate(len);
        file.synced_len = len;
        Ok(())
    }

    fn remove(&mut self, first: u64) -> io::Result<()> {
        let mut state = self.live()?;
        state.step()?;
        state
            .segments
            .remove(&first)
            .ok_or_else(|| missing(first))?;
        Ok(())
    }

    fn checkpoint_every(&self) -> Option<u64> {
        Some(self.every)
    }
}

#[cfg(test)]
mod tests {
    use super::super::disk::SimDisk;
    use super::super::prng::Prng;
    use crate::store::wal::Segments;

    #[test]
    fn a_crash_keeps_synced_segments_and_loses_a_failed_append() {
        let disk = SimDisk::new();
        let mut segments = disk.segments(4);
        segments.create(1, b"head").expect("create");
        segments.append_synced(1, b"one").expect("append");
        // The append's write passes, its sync fails: the tail is volatile.
        disk.fail_after(1);
        assert!(segments.append_synced(1, b"two").is_err());
        disk.crash(false, &mut Prng::new(1));
        assert!(
            segments.list().is_err(),
            "the old handle died with the crash"
        );
        let mut after = disk.segments(4);
        assert_eq!(after.list().expect("list"), vec![1]);
        assert_eq!(after.read(1).expect("read"), b"headone");
    }

    #[test]
    fn a_segment_created_without_its_sync_is_gone_after_a_crash() {
        let disk = SimDisk::new();
        let mut segments = disk.segments(4);
        disk.fail_after(1);
        assert!(segments.create(7, b"head").is_err());
        disk.crash(true, &mut Prng::new(2));
        assert!(disk.segments(4).list().expect("list").is_empty());
    }
}
