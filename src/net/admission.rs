//! The connection caps: at most `max` connections at once, and at most
//! `per_address` from one client address. A connection holds a [`Slot`] for
//! as long as it is open; dropping the slot frees it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// Why a connection was turned away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The gateway holds its most connections.
    Full,
    /// The client's address holds its most connections.
    AddressFull,
}

pub struct Admission {
    max: usize,
    /// 0: no per-address limit.
    per_address: usize,
    state: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    total: usize,
    /// Open connections per address; an address leaves the map at 0, so the
    /// map holds at most `max` entries.
    by_address: HashMap<IpAddr, usize>,
}

/// An admitted connection's place; freed on drop.
pub struct Slot {
    admission: Arc<Admission>,
    address: IpAddr,
}

impl Admission {
    pub fn new(max: usize, per_address: usize) -> Arc<Admission> {
        Arc::new(Admission {
            max,
            per_address,
            state: Mutex::default(),
        })
    }

    pub fn max(&self) -> usize {
        self.max
    }

    pub fn per_address(&self) -> usize {
        self.per_address
    }

    /// Takes a slot for a connection from `address` (IPv4-mapped IPv6
    /// addresses count as their IPv4 address), or says why not.
    pub fn admit(self: &Arc<Self>, address: IpAddr) -> Result<Slot, Refusal> {
        let address = address.to_canonical();
        // No code below panics while the lock is held, so a poisoned lock
        // still holds consistent counts.
        let mut open = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if open.total >= self.max {
            return Err(Refusal::Full);
        }
        let from_address = open.by_address.entry(address).or_insert(0);
        if self.per_address != 0 && *from_address >= self.per_address {
            return Err(Refusal::AddressFull);
        }
        *from_address += 1;
        open.total += 1;
        Ok(Slot {
            admission: self.clone(),
            address,
        })
    }

    /// Connections open now.
    #[cfg(test)]
    fn open(&self) -> usize {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .total
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self
            .admission
            .state
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        open.total = open.total.saturating_sub(1);
        if let Some(n) = open.by_address.get_mut(&self.address) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.by_address.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("an address")
    }

    #[test]
    fn caps_the_total_and_each_address() {
        let admission = Admission::new(3, 2);
        let a1 = admission.admit(ip("127.0.0.1")).expect("first");
        let a2 = admission.admit(ip("::ffff:127.0.0.1")).expect("second");
        // The mapped address is the same client.
        assert_eq!(
            admission.admit(ip("127.0.0.1")).err(),
            Some(Refusal::AddressFull)
        );
        let b1 = admission.admit(ip("127.0.0.2")).expect("another address");
        assert_eq!(admission.admit(ip("127.0.0.3")).err(), Some(Refusal::Full));
        drop(a1);
        let c1 = admission.admit(ip("127.0.0.3")).expect("a freed slot");
        assert_eq!(admission.open(), 3);
        drop((a2, b1, c1));
        assert_eq!(admission.open(), 0);
        let state = admission.state.lock().expect("lock");
        assert!(state.by_address.is_empty(), "addresses leave the map at 0");
    }

    #[test]
    fn zero_means_no_per_address_limit() {
        let admission = Admission::new(3, 0);
        let slots: Vec<Slot> = (0..3)
            .map(|_| admission.admit(ip("127.0.0.1")).expect("admitted"))
            .collect();
        assert_eq!(admission.admit(ip("127.0.0.1")).err(), Some(Refusal::Full));
        drop(slots);
        assert_eq!(admission.open(), 0);
    }
}
