//! The write-ahead log: the commit point of the embedded store (issue 49).
//!
//! A batch used to be durable when redb's commit returned: two fsyncs of the
//! file and, for a transfer among 1,000 wallets, about nine 4 KiB pages
//! rewritten at random places (`bench/README.md`, "Measured bounds"). Now the
//! writer packs a batch's rows once ([`super::staged`]), appends exactly
//! those rows as one checksummed record to the current segment of
//! `<data dir>/wal/` and syncs it (a few KB written in sequence), and only
//! then commits the same rows to redb without an fsync
//! ([`redb::Durability::None`]) and answers. Readers see a batch only after
//! that commit, so nothing a crash can take back is ever shown.
//!
//! redb's own state becomes durable at a checkpoint: a batch committed with
//! [`redb::Durability::Immediate`] every [`CHECKPOINT_INTERVAL`] or
//! [`CHECKPOINT_BYTES`] of log. Every batch writes its sequence number into
//! redb's `wal` table in its own transaction, so whatever commit redb
//! recovers to after a crash names the last batch it holds. On open, the
//! records after it are applied again in order, redb is checkpointed, and the
//! old segments are deleted; segments wholly below a checkpoint are deleted
//! as the writer goes.
//!
//! Crash cases (`docs/architecture.md`, "The commit protocol"):
//! - during the append: the record is torn; its checksum fails, nothing
//!   follows it, and the open truncates it (the batch was never answered);
//! - after the sync, before redb's commit: the record is replayed;
//! - after redb's commit, before a checkpoint: redb recovers to its last
//!   checkpoint and the records after it are replayed;
//! - during a checkpoint or a segment's deletion: the replay skips records at
//!   or below the sequence number redb holds.
//!
//! A record that fails its checksum with a valid record after it is not a
//! torn tail but damage in the middle: the store refuses to open and says
//! where, rather than silently drop acknowledged money. A segment written for
//! another store file (a restored backup beside an old log) is refused too.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use redb::{Database, ReadableTable, TableDefinition, WriteTransaction};

use super::tx::{OpenTables, Tables};
use super::{StoreError, Table};

/// A redb checkpoint at least this often while batches are written.
pub const CHECKPOINT_INTERVAL: Duration = Duration::from_millis(250);
/// A redb checkpoint at least every this many bytes of log.
pub const CHECKPOINT_BYTES: u64 = 64 * 1024 * 1024;
/// The name of the log's directory inside a data dir.
pub const DIR_NAME: &str = "wal";

/// Identifies a segment file and the store it belongs to.
const MAGIC: &[u8; 16] = b"paygate-wal-v1\0\0";
const HEADER_LEN: usize = MAGIC.len() + 16;
/// A record: body length and CRC-32 of the body, then the body.
const RECORD_HEAD_LEN: usize = 8;
/// A record's body at most: a batch of 1,024 commands of packed rows.
const RECORD_BODY_MAX: usize = 256 * 1024 * 1024;

/// redb's record of the log: the store's id and the last batch it holds.
const WAL_TABLE: TableDefinition<'static, &'static str, &'static [u8]> =
    TableDefinition::new("wal");
const STORE_ID_KEY: &str = "store_id";
const APPLIED_KEY: &str = "applied_seq";

pub(super) use super::staged::Written;

/// Where the segments live: files of a directory, or the simulator's disk.
pub trait Segments: Send {
    /// The first sequence numbers of the segments present, ascending.
    fn list(&mut self) -> std::io::Result<Vec<u64>>;
    fn read(&mut self, first: u64) -> std::io::Result<Vec<u8>>;
    /// Creates segment `first` holding `header`, durably (the file and its
    /// directory entry synced).
    fn create(&mut self, first: u64, header: &[u8]) -> std::io::Result<()>;
    /// Appends `bytes` to segment `first` and syncs them.
    fn append_synced(&mut self, first: u64, bytes: &[u8]) -> std::io::Result<()>;
    /// Cuts segment `first` to `len` bytes, durably.
    fn truncate(&mut self, first: u64, len: u64) -> std::io::Result<()>;
    fn remove(&mut self, first: u64) -> std::io::Result<()>;
    /// A checkpoint every this many batches instead of by time and size:
    /// the simulator's seam, since a checkpoint by wall time would make a
    /// seed's run depend on the machine's speed. `None` (production) keeps
    /// [`CHECKPOINT_INTERVAL`] and [`CHECKPOINT_BYTES`].
    fn checkpoint_every(&self) -> Option<u64> {
        None
    }
}

/// Segments as files `<first seq:020>.wal` of a directory.
pub struct FileSegments {
    dir: PathBuf,
    /// The segment being appended, kept open.
    open: Option<(u64, File)>,
}

impl FileSegments {
    pub fn new(dir: &Path) -> std::io::Result<FileSegments> {
        let mut builder = std::fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(dir)?;
        Ok(FileSegments {
            dir: dir.to_path_buf(),
            open: None,
        })
    }

    fn path(&self, first: u64) -> PathBuf {
        self.dir.join(format!("{first:020}.wal"))
    }

    fn sync_dir(&self) -> std::io::Result<()> {
        File::open(&self.dir)?.sync_all()
    }

    fn file(&mut self, first: u64) -> std::io::Result<&mut File> {
        if self.open.as_ref().is_none_or(|(at, _)| *at != first) {
            let file = OpenOptions::new().append(true).open(self.path(first))?;
            self.open = Some((first, file));
        }
        match &mut self.open {
            Some((_, file)) => Ok(file),
            None => Err(std::io::Error::other("no open segment")),
        }
    }
}

impl Segments for FileSegments {
    fn list(&mut self) -> std::io::Result<Vec<u64>> {
        let mut firsts = Vec::new();
        for entry in std::fs::read_dir(&self.dir)? {
            let name = entry?.file_name();
            let name = name.to_string_lossy();
            if let Some(first) = name.strip_suffix(".wal").and_then(|n| n.parse().ok()) {
                firsts.push(first);
            }
        }
        firsts.sort_unstable();
        Ok(firsts)
    }

    fn read(&mut self, first: u64) -> std::io::Result<Vec<u8>> {
        std::fs::read(self.path(first))
    }

    fn create(&mut self, first: u64, header: &[u8]) -> std::io::Result<()> {
        let mut options = OpenOptions::new();
        options.create_new(true).append(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(self.path(first))?;
        file.write_all(header)?;
        file.sync_all()?;
        self.sync_dir()?;
        self.open = Some((first, file));
        Ok(())
    }

    fn append_synced(&mut self, first: u64, bytes: &[u8]) -> std::io::Result<()> {
        let file = self.file(first)?;
        file.write_all(bytes)?;
        file.sync_data()
    }

    fn truncate(&mut self, first: u64, len: u64) -> std::io::Result<()> {
        let file = OpenOptions::new().write(true).open(self.path(first))?;
        file.set_len(len)?;
        file.sync_all()
    }

    fn remove(&mut self, first: u64) -> std::io::Result<()> {
        if self.open.as_ref().is_some_and(|(at, _)| *at == first) {
            self.open = None;
        }
        std::fs::remove_file(self.path(first))
    }
}

/// The log of a store file, owned by the writer.
pub struct Wal {
    segments: Box<dyn Segments>,
    store_id: [u8; 16],
    /// The first sequence number of the segment being appended.
    current: u64,
    current_len: u64,
    /// The sequence number of the next batch.
    next_seq: u64,
    bytes_since_checkpoint: u64,
    batches_since_checkpoint: u64,
    last_checkpoint: Instant,
    /// Set when the log could not be written and could not be cut back: no
    /// batch is taken until a restart replays what is durable.
    broken: Option<String>,
}

/// What an open found and did, for the start-up line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Replayed {
    /// Batches applied again from the log.
    pub batches: u64,
    /// Bytes of a torn last record cut off.
    pub truncated_bytes: u64,
}

impl Wal {
    /// Opens the log of `db` in `segments`: applies the batches redb lacks,
    /// checkpoints redb, and starts a fresh segment. A store without a log
    /// (new, or written before the log existed) gets an id and sequence 0.
    pub fn open(
        db: &Database,
        mut segments: Box<dyn Segments>,
    ) -> Result<(Wal, Replayed), StoreError> {
        let (store_id, applied) = read_or_create_meta(db)?;
        let firsts = segments.list().map_err(io("list the log's segments"))?;
        let mut replayed = Replayed::default();
        let mut last = applied;
        for (i, &first) in firsts.iter().enumerate() {
            let bytes = segments.read(first).map_err(io("read a log segment"))?;
            let is_last = i + 1 == firsts.len();
            let parsed = parse_segment(&bytes, &store_id, first).map_err(|e| {
                StoreError::State(format!("write-ahead log segment {first:020}.wal: {e}"))
            })?;
            if let Some(cut) = parsed.torn_at {
                if !is_last {
                    return Err(StoreError::State(format!(
                        "write-ahead log segment {first:020}.wal is damaged at byte {cut} and is not the last one; \
                         the store refuses to open rather than lose acknowledged writes (restore a backup)"
                    )));
                }
                segments
                    .truncate(first, cut as u64)
                    .map_err(io("cut the log's torn tail"))?;
                replayed.truncated_bytes = (bytes.len() - cut) as u64;
                tracing::warn!(
                    segment = first,
                    at = cut,
                    "a torn write-ahead log record was cut off (a batch never answered)"
                );
            }
            let txn = begin_write(db)?;
            {
                let tables = OpenTables::new(&txn);
                for record in parsed.records {
                    if record.seq <= last {
                        continue;
                    }
                    if record.seq != last + 1 {
                        return Err(StoreError::State(format!(
                            "write-ahead log segment {first:020}.wal jumps from batch {last} to {}; \
                             the store refuses to open rather than lose acknowledged writes",
                            record.seq
                        )));
                    }
                    apply_rows(&tables, &record.rows)?;
                    last = record.seq;
                    replayed.batches += 1;
                }
            }
            record_applied(&txn, last)?;
            txn.commit().map_err(StoreError::from_redb)?;
        }
        // Everything replayed becomes redb's durable state; the old segments
        // are then not needed.
        checkpoint_now(db, last)?;
        for first in firsts {
            segments
                .remove(first)
                .map_err(io("delete a replayed segment"))?;
        }
        let current = last + 1;
        segments
            .create(current, &header(&store_id))
            .map_err(io("create a log segment"))?;
        let wal = Wal {
            segments,
            store_id,
            current,
            current_len: HEADER_LEN as u64,
            next_seq: current,
            bytes_since_checkpoint: 0,
            batches_since_checkpoint: 0,
            last_checkpoint: Instant::now(),
            broken: None,
        };
        Ok((wal, replayed))
    }

    /// Appends a batch's rows as one record and syncs it; returns its
    /// sequence number, which the batch's redb transaction must record
    /// ([`record_applied`]). On failure nothing of it stays in the log.
    pub(super) fn append(&mut self, rows: &[Written]) -> Result<u64, StoreError> {
        if let Some(why) = &self.broken {
            return Err(StoreError::Engine(format!(
                "the write-ahead log failed earlier ({why}); restart the gateway"
            )));
        }
        let seq = self.next_seq;
        let record = encode_record(seq, rows)?;
        if let Err(e) = self.segments.append_synced(self.current, &record) {
            // A partial record must not stay before the next one.
            if let Err(cut) = self.segments.truncate(self.current, self.current_len) {
                self.broken = Some(format!("append: {e}; cut back: {cut}"));
            }
            return Err(StoreError::File(format!("write-ahead log append: {e}")));
        }
        self.current_len += record.len() as u64;
        self.bytes_since_checkpoint += record.len() as u64;
        self.batches_since_checkpoint += 1;
        self.next_seq += 1;
        Ok(seq)
    }

    /// Stops taking batches: for a batch whose record is durable but whose
    /// redb commit failed (a restart replays it; answering more batches
    /// would put redb's state behind the log's order).
    pub(super) fn fail(&mut self, why: String) {
        self.broken = Some(why);
    }

    /// True when the next batch should be committed durably in redb.
    pub(super) fn checkpoint_due(&self) -> bool {
        if let Some(every) = self.segments.checkpoint_every() {
            return self.batches_since_checkpoint >= every;
        }
        self.bytes_since_checkpoint >= CHECKPOINT_BYTES
            || (self.bytes_since_checkpoint > 0
                && self.last_checkpoint.elapsed() >= CHECKPOINT_INTERVAL)
    }

    /// After a durable redb commit of batch `seq`: a new segment starts at
    /// the next batch and the older ones are deleted. A failure here loses
    /// nothing (the old segments are only replayed past `seq`), so it is
    /// logged and tried again at the next checkpoint.
    pub(super) fn checkpointed(&mut self, seq: u64) {
        self.bytes_since_checkpoint = 0;
        self.batches_since_checkpoint = 0;
        self.last_checkpoint = Instant::now();
        let next = seq + 1;
        if let Err(e) = self.segments.create(next, &header(&self.store_id)) {
            tracing::warn!(error = %e, "could not start a new write-ahead log segment; the old one goes on");
            return;
        }
        self.current = next;
        self.current_len = HEADER_LEN as u64;
        match self.segments.list() {
            Ok(firsts) => {
                for first in firsts.into_iter().filter(|&f| f < next) {
                    if let Err(e) = self.segments.remove(first) {
                        tracing::warn!(error = %e, segment = first, "could not delete a checkpointed log segment");
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "could not list the log's segments"),
        }
    }

    /// A clean stop: redb made durable, every segment deleted, so the next
    /// open replays nothing.
    pub fn close(mut self, db: &Database) -> Result<(), StoreError> {
        checkpoint_now(db, self.next_seq - 1)?;
        let firsts = self
            .segments
            .list()
            .map_err(io("list the log's segments"))?;
        for first in firsts {
            self.segments
                .remove(first)
                .map_err(io("delete a log segment"))?;
        }
        Ok(())
    }
}

/// Records in `txn` that redb now holds every batch up to `seq`.
pub(super) fn record_applied(txn: &WriteTransaction, seq: u64) -> Result<(), StoreError> {
    let mut table = txn.open_table(WAL_TABLE).map_err(StoreError::from_redb)?;
    table
        .insert(APPLIED_KEY, seq.to_be_bytes().as_slice())
        .map_err(StoreError::from_redb)?;
    Ok(())
}

/// A transaction whose commit is durable (a checkpoint, a replay, the log's
/// metadata) and records redb's allocator state with it ([`quick_repair`]).
fn begin_write(db: &Database) -> Result<WriteTransaction, StoreError> {
    let mut txn = db.begin_write().map_err(StoreError::from_redb)?;
    quick_repair(&mut txn);
    Ok(txn)
}

/// Makes a durable commit record redb's allocator state (with a two-phase
/// commit). Every durable commit of a store with a log goes through here, so
/// whatever commit redb recovers to after a kill holds that state, and the
/// open loads it instead of walking the whole file to rebuild it: the restart
/// after `kill -9` of a 2 GiB store (1M intents) took 7.2 s, nearly all of it
/// that walk (`paygate-bench --only startup,read --preload 1000000`). The
/// price is paid only by checkpoints, a few per second; the batches between
/// them commit with `Durability::None` and record nothing.
pub(crate) fn quick_repair(txn: &mut WriteTransaction) {
    txn.set_quick_repair(true);
}

/// A durable commit recording `seq`: everything committed before it is
/// durable once it returns.
fn checkpoint_now(db: &Database, seq: u64) -> Result<(), StoreError> {
    let txn = begin_write(db)?;
    record_applied(&txn, seq)?;
    txn.commit().map_err(StoreError::from_redb)
}

fn read_or_create_meta(db: &Database) -> Result<([u8; 16], u64), StoreError> {
    let txn = begin_write(db)?;
    let (store_id, applied) = {
        let mut table = txn.open_table(WAL_TABLE).map_err(StoreError::from_redb)?;
        let id = table
            .get(STORE_ID_KEY)
            .map_err(StoreError::from_redb)?
            .map(|v| v.value().to_vec());
        let applied = table
            .get(APPLIED_KEY)
            .map_err(StoreError::from_redb)?
            .map(|v| v.value().to_vec());
        let store_id: [u8; 16] = match id.as_deref().map(<[u8; 16]>::try_from) {
            Some(Ok(id)) => id,
            Some(Err(_)) => {
                return Err(StoreError::State(
                    "the store's write-ahead log id is damaged".into(),
                ));
            }
            None => {
                let mut id = [0u8; 16];
                crate::ids::fill(&mut id);
                table
                    .insert(STORE_ID_KEY, id.as_slice())
                    .map_err(StoreError::from_redb)?;
                id
            }
        };
        let applied = match applied.as_deref().map(<[u8; 8]>::try_from) {
            Some(Ok(seq)) => u64::from_be_bytes(seq),
            Some(Err(_)) => {
                return Err(StoreError::State(
                    "the store's write-ahead log position is damaged".into(),
                ));
            }
            None => 0,
        };
        (store_id, applied)
    };
    txn.commit().map_err(StoreError::from_redb)?;
    Ok((store_id, applied))
}

fn apply_rows(tables: &OpenTables<'_>, rows: &[Written]) -> Result<(), StoreError> {
    for ((table, key), value) in rows {
        match value {
            Some(stored) => tables.insert(*table, key, stored)?,
            None => tables.remove(*table, key)?,
        }
    }
    Ok(())
}

fn io(what: &'static str) -> impl Fn(std::io::Error) -> StoreError {
    move |e| StoreError::File(format!("cannot {what}: {e}"))
}

fn header(store_id: &[u8; 16]) -> Vec<u8> {
    let mut header = Vec::with_capacity(HEADER_LEN);
    header.extend_from_slice(MAGIC);
    header.extend_from_slice(store_id);
    header
}

/// One record: `len:u32 | crc32(body):u32 | body`, the body being
/// `seq:u64 | rows`, each row `table:u8 | put:u8 | key_len:u32 | key |
/// (value_len:u32 | value)?`, little-endian.
fn encode_record(seq: u64, rows: &[Written]) -> Result<Vec<u8>, StoreError> {
    let size: usize = rows
        .iter()
        .map(|((_, key), value)| 10 + key.len() + value.as_ref().map_or(0, |v| 4 + v.len()))
        .sum();
    let mut record = Vec::with_capacity(RECORD_HEAD_LEN + 8 + size);
    record.extend_from_slice(&[0; RECORD_HEAD_LEN]);
    record.extend_from_slice(&seq.to_le_bytes());
    for ((table, key), value) in rows {
        record.push(table.index() as u8);
        record.push(u8::from(value.is_some()));
        put_bytes(&mut record, key.as_bytes())?;
        if let Some(value) = value {
            put_bytes(&mut record, value)?;
        }
    }
    let body_len = record.len() - RECORD_HEAD_LEN;
    if body_len > RECORD_BODY_MAX {
        return Err(StoreError::Engine(format!(
            "a batch of {body_len} bytes exceeds the log's record bound"
        )));
    }
    let crc = crc32fast::hash(&record[RECORD_HEAD_LEN..]);
    record[..4].copy_from_slice(&(body_len as u32).to_le_bytes());
    record[4..8].copy_from_slice(&crc.to_le_bytes());
    Ok(record)
}

fn put_bytes(out: &mut Vec<u8>, bytes: &[u8]) -> Result<(), StoreError> {
    let len =
        u32::try_from(bytes.len()).map_err(|_| StoreError::Engine("a row exceeds 4 GiB".into()))?;
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(bytes);
    Ok(())
}

struct Record {
    seq: u64,
    rows: Vec<Written>,
}

struct ParsedSegment {
    records: Vec<Record>,
    /// Where a torn last record begins (nothing valid follows it).
    torn_at: Option<usize>,
}

/// Reads a segment's records. A record that does not check out ends the
/// segment when nothing valid follows it (a torn tail, `torn_at`); when a
/// valid record follows, the segment is damaged in the middle: an error.
fn parse_segment(bytes: &[u8], store_id: &[u8; 16], first: u64) -> Result<ParsedSegment, String> {
    if bytes.len() < HEADER_LEN {
        // A segment whose header never reached the disk holds no record.
        return Ok(ParsedSegment {
            records: Vec::new(),
            torn_at: Some(0),
        });
    }
    if &bytes[..MAGIC.len()] != MAGIC {
        return Err("not a paygate write-ahead log segment".into());
    }
    if &bytes[MAGIC.len()..HEADER_LEN] != store_id {
        return Err(
            "it belongs to another store file (a restored backup beside an old log?); \
                    move the wal directory aside if that store is gone"
                .into(),
        );
    }
    let mut records = Vec::new();
    let mut at = HEADER_LEN;
    let mut expected = first;
    while at < bytes.len() {
        match record_at(bytes, at) {
            Some((record, next)) if record.seq >= expected => {
                expected = record.seq + 1;
                records.push(record);
                at = next;
            }
            _ => {
                if let Some(later) = (at + 1..bytes.len())
                    .find(|&p| record_at(bytes, p).is_some_and(|(r, _)| r.seq >= expected))
                {
                    return Err(format!(
                        "damaged at byte {at} with a valid record at byte {later} after it; \
                         the store refuses to open rather than lose acknowledged writes (restore a backup)"
                    ));
                }
                return Ok(ParsedSegment {
                    records,
                    torn_at: Some(at),
                });
            }
        }
    }
    Ok(ParsedSegment {
        records,
        torn_at: None,
    })
}

/// The record at `at` and where the next begins, if it checks out.
fn record_at(bytes: &[u8], at: usize) -> Option<(Record, usize)> {
    let head = bytes.get(at..at + RECORD_HEAD_LEN)?;
    let len = u32::from_le_bytes(head[..4].try_into().ok()?) as usize;
    let crc = u32::from_le_bytes(head[4..8].try_into().ok()?);
    if !(8..=RECORD_BODY_MAX).contains(&len) {
        return None;
    }
    let body = bytes.get(at + RECORD_HEAD_LEN..at + RECORD_HEAD_LEN + len)?;
    if crc32fast::hash(body) != crc {
        return None;
    }
    let record = decode_body(body)?;
    Some((record, at + RECORD_HEAD_LEN + len))
}

fn decode_body(body: &[u8]) -> Option<Record> {
    let seq = u64::from_le_bytes(body.get(..8)?.try_into().ok()?);
    let mut rows = Vec::new();
    let mut at = 8;
    while at < body.len() {
        let table = *Table::ALL.get(usize::from(*body.get(at)?))?;
        let put = *body.get(at + 1)? == 1;
        at += 2;
        let key = take_bytes(body, &mut at)?;
        let key = String::from_utf8(key.to_vec()).ok()?;
        let value = if put {
            Some(take_bytes(body, &mut at)?.to_vec())
        } else {
            None
        };
        rows.push(((table, key), value));
    }
    Some(Record { seq, rows })
}

fn take_bytes<'a>(body: &'a [u8], at: &mut usize) -> Option<&'a [u8]> {
    let len = u32::from_le_bytes(body.get(*at..*at + 4)?.try_into().ok()?) as usize;
    let bytes = body.get(*at + 4..*at + 4 + len)?;
    *at += 4 + len;
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(n: u64) -> Vec<Written> {
        vec![
            (
                (Table::Objects, format!("pi_{n}")),
                Some(format!("{{\"n\":{n}}}").into_bytes()),
            ),
            ((Table::Index, format!("i|{n}")), None),
        ]
    }

    fn segment(records: &[u64]) -> Vec<u8> {
        let id = [7u8; 16];
        let mut bytes = header(&id);
        for &seq in records {
            bytes.extend(encode_record(seq, &rows(seq)).expect("encode"));
        }
        bytes
    }

    #[test]
    fn a_record_reads_back_as_written() {
        let bytes = segment(&[5, 6]);
        let parsed = parse_segment(&bytes, &[7; 16], 5).expect("parse");
        assert_eq!(parsed.torn_at, None);
        let seqs: Vec<u64> = parsed.records.iter().map(|r| r.seq).collect();
        assert_eq!(seqs, [5, 6]);
        assert_eq!(parsed.records[1].rows, rows(6));
    }

    #[test]
    fn a_torn_last_record_is_cut_and_damage_before_a_valid_record_is_refused() {
        let whole = segment(&[1, 2, 3]);
        let two = segment(&[1, 2]).len();
        // Every way the last record can be torn: cut anywhere, or a byte of
        // it flipped.
        for cut in two..whole.len() {
            let parsed = parse_segment(&whole[..cut], &[7; 16], 1).expect("a torn tail opens");
            assert_eq!(parsed.records.len(), 2, "cut at {cut}");
            let expected = if cut == two { None } else { Some(two) };
            assert_eq!(parsed.torn_at, expected, "cut at {cut}");
        }
        let mut flipped = whole.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 0xff;
        let parsed = parse_segment(&flipped, &[7; 16], 1).expect("opens");
        assert_eq!((parsed.records.len(), parsed.torn_at), (2, Some(two)));
        // The same damage in the second record, with the third intact after it.
        let one = segment(&[1]).len();
        let mut middle = whole.clone();
        middle[one + RECORD_HEAD_LEN + 3] ^= 0xff;
        let refused = parse_segment(&middle, &[7; 16], 1).err().expect("refused");
        assert!(refused.contains("valid record"), "{refused}");
    }

    /// Copies a data dir as a kill -9 leaves it: the file's bytes as the
    /// process wrote them, without what a clean close adds.
    fn copy_as_killed(from: &Path, to: &Path) {
        std::fs::create_dir_all(to.join(DIR_NAME)).expect("dir");
        std::fs::copy(
            from.join(super::super::DB_FILE_NAME),
            to.join(super::super::DB_FILE_NAME),
        )
        .expect("copy");
        for entry in std::fs::read_dir(from.join(DIR_NAME)).expect("wal dir") {
            let entry = entry.expect("entry");
            std::fs::copy(entry.path(), to.join(DIR_NAME).join(entry.file_name()))
                .expect("copy segment");
        }
    }

    fn put(store: &super::super::Store, key: String) {
        let results = super::super::writer::apply_now(
            store,
            0,
            vec![(
                None,
                Box::new(move |tx| {
                    tx.put(Table::Objects, key, b"{}".to_vec());
                    Ok(super::super::Output::empty())
                }),
            )],
        );
        assert!(results.iter().all(Result::is_ok));
    }

    /// Batches committed to redb without an fsync since its last checkpoint
    /// come back from the log after a kill, torn tail cut; a clean close
    /// leaves nothing to replay.
    #[test]
    fn a_killed_store_gets_back_every_logged_batch() {
        use super::super::{Read, Store};
        let temp = tempfile::tempdir().expect("temp");
        let (live, killed) = (temp.path().join("live"), temp.path().join("killed"));
        let store = Store::open(&live).expect("open");
        for n in 0..50 {
            put(&store, format!("pi_{n:03}"));
        }
        copy_as_killed(&live, &killed);
        // The process dies while appending one more batch: half a record.
        let segment = std::fs::read_dir(killed.join(DIR_NAME))
            .expect("dir")
            .next()
            .expect("a segment")
            .expect("entry")
            .path();
        let torn = encode_record(51, &rows(51)).expect("encode");
        OpenOptions::new()
            .append(true)
            .open(&segment)
            .expect("open")
            .write_all(&torn[..torn.len() / 2])
            .expect("write");
        let reopened = Store::open(&killed).expect("the killed store opens");
        // The last durable commit recorded redb's allocator state: the open
        // loads it, it does not walk the file to rebuild it.
        assert!(!reopened.repaired_at_open, "a full repair after a kill");
        assert_eq!(
            reopened.replayed_at_open.truncated_bytes,
            (torn.len() / 2) as u64
        );
        assert!(
            reopened.replayed_at_open.batches > 0,
            "{:?}",
            reopened.replayed_at_open
        );
        let snapshot = reopened.snapshot().expect("snapshot");
        for n in 0..50 {
            assert!(
                snapshot
                    .get(Table::Objects, &format!("pi_{n:03}"))
                    .expect("read")
                    .is_some(),
                "pi_{n:03} lost"
            );
        }
        reopened.close().expect("close");
        store.close().expect("close");
        let left = std::fs::read_dir(live.join(DIR_NAME)).expect("dir").count();
        assert_eq!(left, 0, "a clean close leaves no segment");
        let again = Store::open(&live).expect("reopen");
        assert!(
            again
                .snapshot()
                .expect("snapshot")
                .get(Table::Objects, "pi_049")
                .expect("read")
                .is_some()
        );
    }

    #[test]
    fn a_segment_of_another_store_is_refused() {
        let bytes = segment(&[1]);
        let refused = parse_segment(&bytes, &[8; 16], 1).err().expect("refused");
        assert!(refused.contains("another store"), "{refused}");
    }
}
