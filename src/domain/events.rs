//! Writing an event: into the outbox, in the same transaction as the change
//! it describes, with its row in the owner's index and its deliveries; and
//! rendering one as `GET /events` and deliveries show it. The catalogue and
//! the event's shapes are `crate::events`, below the domain; these read the
//! domain (the owner's account, the endpoints, the page tokens).

use serde::Serialize;

use crate::clock::rfc3339;
use crate::domain::webhooks::EVENT;
use crate::error::ApiError;
use crate::events::{
    API_VERSION, Event, EventData, EventType, EventView, ResourceRef, SCHEMA_VERSION,
};
use crate::mode::Mode;
use crate::store::keys;
use crate::store::{Read, StoreError, Tx};

/// The event as `GET /events` shows it.
pub fn render(event: Event) -> EventView {
    let occurred_at_ms = event.created_at_ms;
    render_at(event, occurred_at_ms)
}

/// The event as a delivery attempt sent at `emitted_at_ms` carries it, its
/// checkout URLs with their page tokens (stored as marks that cannot act).
pub fn render_at(mut event: Event, emitted_at_ms: i64) -> EventView {
    crate::domain::page_tokens::reveal(&mut event.object);
    let name = event.event_type.as_str();
    let text = |field: &str| event.object[field].as_str().map(str::to_string);
    let resource = ResourceRef {
        resource_type: text("object").unwrap_or_default(),
        id: text("id").or_else(|| text("code")).unwrap_or_default(),
    };
    let occurred_at = rfc3339(event.created_at_ms);
    EventView {
        id: event.id,
        object: "event",
        event_type: name.to_string(),
        event: name.to_string(),
        api_version: API_VERSION,
        schema_version: SCHEMA_VERSION,
        created: event.created_at_ms.div_euclid(1000),
        created_at: occurred_at.clone(),
        occurred_at,
        emitted_at: rfc3339(emitted_at_ms),
        livemode: event.mode.livemode(),
        account: event.account,
        resource,
        data: EventData {
            object: event.object,
        },
    }
}

/// Emits `view` (an object as the API renders it) for `owner`; the event
/// carries `account` when the owner is a connected account's organisation.
pub fn emit_view<V: Serialize>(
    tx: &mut Tx<'_>,
    event_type: EventType,
    mode: Mode,
    owner: &str,
    view: &V,
) -> Result<(), ApiError> {
    emit_object(tx, event_type, mode, owner, None, view)?;
    Ok(())
}

/// Writes an event into the outbox, in the caller's transaction.
pub fn emit(
    tx: &mut Tx<'_>,
    event_type: EventType,
    mode: Mode,
    owner: &str,
    account: Option<&str>,
    object: serde_json::Value,
) -> Result<String, ApiError> {
    emit_object(tx, event_type, mode, owner, account, &object)
}

/// The connected account whose organisation `org` is, if any: the id its
/// index row holds (written with the account, never removed).
pub fn connected_account(read: &impl Read, org: &str) -> Result<Option<String>, StoreError> {
    if !org.starts_with("org_") {
        return Ok(None);
    }
    let id = read.index(&keys::account_of_org(org))?;
    Ok(id.map(|id| String::from_utf8_lossy(&id).into_owned()))
}

/// An event as written to the outbox: [`Event`]'s fields, then `object`,
/// the object's bytes as they were serialized once (a view's own field
/// order). Readers decode it as an [`Event`], whose `object` is a `Value`
/// with sorted keys, exactly as when the object was stored as a `Value`:
/// `GET /events` and deliveries answer the same bytes either way.
#[derive(Serialize)]
struct StoredHead<'a> {
    id: &'a str,
    #[serde(rename = "type")]
    event_type: EventType,
    mode: Mode,
    owner: &'a str,
    account: Option<&'a str>,
    created_at_ms: i64,
}

/// Room for an event's head and an object of usual size, so the buffer is
/// allocated once.
const EVENT_BYTES_HINT: usize = 4096;

/// The stored event: `head`'s fields and `"object"`, the object serialized
/// straight into the same buffer (not into a string of its own and copied);
/// with the object's place in it.
fn stored_bytes<V: Serialize + ?Sized>(
    head: &StoredHead<'_>,
    object: &V,
) -> Result<(Vec<u8>, std::ops::Range<usize>), serde_json::Error> {
    let mut bytes = Vec::with_capacity(EVENT_BYTES_HINT);
    serde_json::to_writer(&mut bytes, head)?;
    // The head is a non-empty map: its last byte closes it, and the object
    // comes before the close.
    bytes.pop();
    bytes.extend_from_slice(b",\"object\":");
    let start = bytes.len();
    serde_json::to_writer(&mut bytes, object)?;
    let end = bytes.len();
    bytes.push(b'}');
    Ok((bytes, start..end))
}

/// Writes an event about `object` (serialized once, here) into the outbox,
/// in the caller's transaction, with its row in the owner's index, and queues
/// its deliveries.
pub fn emit_object<V: Serialize + ?Sized>(
    tx: &mut Tx<'_>,
    event_type: EventType,
    mode: Mode,
    owner: &str,
    account: Option<&str>,
    object: &V,
) -> Result<String, ApiError> {
    // Whatever emits it, an event of a connected account's organisation
    // names the account (spec section 6 rule 3): its platform receives it.
    let account = match account {
        Some(account) => Some(account.to_string()),
        None => connected_account(tx, owner)?,
    };
    let head = Event {
        id: EVENT.new_id(),
        event_type,
        mode,
        owner: owner.to_string(),
        account,
        created_at_ms: tx.now_ms(),
        // Fan-out reads the envelope only; readers decode the stored object.
        object: serde_json::Value::Null,
    };
    let stored = StoredHead {
        id: &head.id,
        event_type,
        mode,
        owner,
        account: head.account.as_deref(),
        created_at_ms: head.created_at_ms,
    };
    let (mut bytes, object) = stored_bytes(&stored, object).map_err(ApiError::internal)?;
    // No checkout page token is stored in clear (finding 11): `render_at`
    // puts it back when the event is served.
    crate::domain::page_tokens::conceal(&mut bytes[object.clone()]);
    let object = bytes[object].to_vec();
    tx.put_event_bytes(head.id.clone(), bytes);
    tx.put_index(keys::owned(EVENT.family, mode, owner, &head.id), Vec::new());
    crate::domain::webhooks::fan_out(tx, &head)?;
    tx.note_emitted(head.id.clone(), object);
    Ok(head.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_is_stored_as_its_head_then_its_object_serialized_once() {
        #[derive(Serialize)]
        struct WithObject<'a> {
            #[serde(flatten)]
            head: &'a StoredHead<'a>,
            object: &'a serde_json::value::RawValue,
        }
        let object = serde_json::json!({"id": "pi_1", "amount_minor": 5, "note": "a \"quoted\" é"});
        for account in [None, Some("acct_1")] {
            let head = StoredHead {
                id: "evt_1",
                event_type: EventType::ALL[0],
                mode: Mode::Test,
                owner: "org_1",
                account,
                created_at_ms: 1_700_000_000_000,
            };
            let (bytes, place) = stored_bytes(&head, &object).expect("serialize");
            let raw = serde_json::value::to_raw_value(&object).expect("raw");
            let separate = serde_json::to_vec(&WithObject {
                head: &head,
                object: &raw,
            })
            .expect("separate");
            assert_eq!(
                String::from_utf8_lossy(&bytes),
                String::from_utf8_lossy(&separate)
            );
            assert_eq!(&bytes[place], raw.get().as_bytes());
            let read: Event = serde_json::from_slice(&bytes).expect("an event");
            assert_eq!((read.id.as_str(), read.object), ("evt_1", object.clone()));
        }
    }

    #[test]
    fn an_object_stored_as_its_bytes_reads_back_as_the_value_it_was_stored_as_before() {
        use std::collections::BTreeMap;
        #[derive(Serialize)]
        struct View {
            zeta: u32,
            id: &'static str,
            object: &'static str,
            amount: f64,
            nested: BTreeMap<&'static str, Option<i64>>,
        }
        let view = View {
            zeta: 1,
            id: "re_1",
            object: "refund",
            amount: 0.1,
            nested: BTreeMap::from([("b", None), ("a", Some(-3))]),
        };
        let store = crate::store::Store::ephemeral().expect("store");
        let id = store
            .write_now(1_000, |tx| {
                emit_object(
                    tx,
                    EventType::RefundRequested,
                    Mode::Test,
                    "org_1",
                    None,
                    &view,
                )
            })
            .expect("emit");
        let snapshot = store.snapshot().expect("snapshot");
        let event: Event = snapshot.event(&id).expect("read").expect("stored");
        // What the outbox held when objects were stored as a `Value`.
        let before =
            serde_json::to_vec(&serde_json::to_value(&view).expect("value")).expect("json");
        assert_eq!(serde_json::to_vec(&event.object).expect("json"), before);
        assert_eq!((event.id, event.owner), (id, "org_1".to_string()));
    }

    #[test]
    fn the_envelope_carries_the_origin_fields_beside_the_spec_ones() {
        let event = Event {
            id: "evt_1".into(),
            event_type: EventType::RefundRequested,
            mode: Mode::Test,
            owner: "org_1".into(),
            account: None,
            created_at_ms: 1_795_316_636_020,
            object: serde_json::json!({"id": "re_1", "object": "refund"}),
        };
        let view = serde_json::to_value(render_at(event.clone(), 1_795_316_640_000)).expect("json");
        assert_eq!(view["type"], "refund.created");
        assert_eq!(view["event"], view["type"]);
        assert_eq!(view["schema_version"], 1);
        assert_eq!(view["api_version"], "2026-09-01");
        assert_eq!(view["created"], 1_795_316_636);
        assert_eq!(view["occurred_at"], view["created_at"]);
        assert_eq!(view["occurred_at"], "2026-11-22T03:03:56.020Z");
        assert_eq!(view["emitted_at"], "2026-11-22T03:04:00.000Z");
        assert_eq!(
            view["resource"],
            serde_json::json!({"type": "refund", "id": "re_1"})
        );
        assert_eq!(view["data"]["object"]["id"], "re_1");
        // The log shows the event as it happened; a money request is named by its code.
        let mut request = event;
        request.object = serde_json::json!({"code": "MR-ABCDEFGH", "object": "money_request"});
        let logged = serde_json::to_value(render(request)).expect("json");
        assert_eq!(logged["emitted_at"], logged["occurred_at"]);
        assert_eq!(logged["resource"]["id"], "MR-ABCDEFGH");
    }
}
