//! Who may see an event: the reader's right over the object it carries
//! (security review finding 4). An event is its object as the API renders it,
//! so `events:read` alone shows nothing: the feed, replays and an endpoint's
//! subscriptions each ask [`may_read`] for the object's own read scope.

use super::EventType;
use crate::auth::Principal;

/// The scope that reads the object an event of `event_type` carries: the
/// scope of the `GET` of that object, or, for an object the API only writes
/// (payment links, verifications, webhook endpoints, diaspora quotes), the
/// scope that makes it (decision 310). Each type's row of the catalogue
/// declares it.
pub fn read_scope(event_type: EventType) -> &'static str {
    event_type.read_scope()
}

/// Whether `reader` may see events of `event_type`: it holds the read scope
/// of their object (its key's scopes, or its member's role).
pub fn may_read(reader: &Principal, event_type: EventType) -> bool {
    reader.may(read_scope(event_type))
}

/// Whether `reader` may see every event type (an `sk_` key, an owner or an
/// admin, a key holding every read scope).
pub fn reads_every_type(reader: &Principal) -> bool {
    EventType::ALL.iter().all(|t| may_read(reader, *t))
}

/// The family of a type: its name up to its last dot (`checkout.session`
/// for `checkout.session.completed`).
fn family(event_type: EventType) -> &'static str {
    let name = event_type.as_str();
    name.rsplit_once('.').map_or(name, |(family, _)| family)
}

/// What `*` subscribes `reader` to (decision 311): every type it may read,
/// as `family.*` filters where it may read the whole family (every family
/// needs one scope, so that is every family it reads), in catalogue order.
/// An endpoint made with `*` by a reader who may read everything keeps `*`.
pub fn readable_filters(reader: &Principal) -> Vec<String> {
    if reads_every_type(reader) {
        return vec!["*".to_string()];
    }
    let mut filters: Vec<String> = Vec::new();
    for event_type in EventType::ALL {
        let family = family(*event_type);
        let members = EventType::ALL
            .iter()
            .filter(|t| self::family(**t) == family);
        let filter = if members.clone().all(|t| may_read(reader, *t)) {
            format!("{family}.*")
        } else if may_read(reader, *event_type) {
            event_type.as_str().to_string()
        } else {
            continue;
        };
        if !filters.contains(&filter) {
            filters.push(filter);
        }
    }
    filters
}

/// The first type that `filter` takes and `reader` may not read, if any.
pub fn unreadable_in(reader: &Principal, filter: &str) -> Option<EventType> {
    EventType::ALL
        .iter()
        .copied()
        .find(|t| super::filter_matches(filter, *t) && !may_read(reader, *t))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::roles::Role;
    use crate::auth::{KeyKind, Rights};
    use crate::mode::Mode;

    fn principal(rights: Rights) -> Principal {
        let mut p = Principal::system("test", "org_1", Mode::Test);
        p.kind = KeyKind::Rk;
        p.rights = rights;
        p
    }

    fn scopes(scopes: &[&str]) -> Principal {
        principal(Rights::Key(std::sync::Arc::new(
            crate::auth::keys::KeyRecord::restricted(scopes),
        )))
    }

    /// Every type `GET /webhook_events/types` lists has a read scope that
    /// exists, and none is `events:read` (which every feed reader holds: a
    /// type behind it would be shown to anyone).
    #[test]
    fn every_listed_type_has_a_known_read_scope_that_is_not_events_read() {
        for entry in super::super::CATALOGUE {
            let event_type: EventType =
                serde_json::from_value(serde_json::json!(entry.name)).expect(entry.name);
            let scope = read_scope(event_type);
            assert!(
                crate::auth::keys::is_known_scope(scope),
                "{} {scope}",
                entry.name
            );
            assert_ne!(scope, "events:read", "{}", entry.name);
        }
    }

    #[test]
    fn the_money_families_need_their_own_read_scope() {
        let expect = [
            ("payment_intent.", "payment_intents:read"),
            ("refund.", "refunds:read"),
            ("payout.", "payouts:read"),
            ("payout_batch.", "payouts:read"),
            ("transfer.", "transfers:read"),
            ("settlement.", "settlements:read"),
            ("dispute.", "disputes:read"),
            ("route.", "routes:read"),
            ("remittance.", "remittances:read"),
        ];
        for event_type in EventType::ALL {
            for (prefix, scope) in expect {
                if event_type.as_str().starts_with(prefix) {
                    assert_eq!(read_scope(*event_type), scope, "{}", event_type.as_str());
                }
            }
        }
    }

    /// One scope per family, so that `family.*` is all or nothing to a reader.
    #[test]
    fn every_type_of_a_family_needs_the_same_scope() {
        for a in EventType::ALL {
            for b in EventType::ALL {
                if family(*a) == family(*b) {
                    assert_eq!(read_scope(*a), read_scope(*b), "{a:?} {b:?}");
                }
            }
        }
    }

    #[test]
    fn roles_and_keys_read_the_events_of_what_they_may_read() {
        let developer = principal(Rights::Role(Role::Developer));
        assert!(may_read(&developer, EventType::PaymentIntentSucceeded));
        assert!(!may_read(&developer, EventType::PayoutCreated));
        assert!(!may_read(&developer, EventType::SettlementCompleted));
        assert!(!may_read(&developer, EventType::RefundRequested));
        assert!(!may_read(&developer, EventType::TransferCreated));
        let finance = principal(Rights::Role(Role::Finance));
        assert!(may_read(&finance, EventType::PayoutCreated));
        assert!(!may_read(&finance, EventType::QrCodeCreated));
        for role in [Role::Owner, Role::Admin] {
            assert!(reads_every_type(&principal(Rights::Role(role))), "{role:?}");
        }
        assert!(reads_every_type(&principal(Rights::Every)));
        let events_only = scopes(&["events:read"]);
        assert!(EventType::ALL.iter().all(|t| !may_read(&events_only, *t)));
        assert!(readable_filters(&events_only).is_empty());
        assert!(!may_read(
            &principal(Rights::Nothing),
            EventType::PaymentIntentCreated
        ));
    }

    #[test]
    fn a_star_is_what_the_reader_may_read() {
        assert_eq!(readable_filters(&principal(Rights::Every)), ["*"]);
        let hooks = scopes(&["webhooks:manage", "payment_intents:read"]);
        let filters = readable_filters(&hooks);
        assert_eq!(
            filters,
            [
                "payment_intent.*",
                "checkout.session.*",
                "money_request.*",
                "webhook_endpoint.*"
            ]
        );
        for event_type in EventType::ALL {
            let subscribed = filters
                .iter()
                .any(|f| super::super::filter_matches(f, *event_type));
            assert_eq!(subscribed, may_read(&hooks, *event_type), "{event_type:?}");
        }
        assert_eq!(
            unreadable_in(&hooks, "payout.*"),
            Some(EventType::PayoutCreated)
        );
        assert_eq!(unreadable_in(&hooks, "payment_intent.*"), None);
        assert!(unreadable_in(&hooks, "*").is_some());
    }
}
