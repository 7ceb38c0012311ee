//! Lists: their paging parameters, and the page read from a family's index
//! rows. The envelope every paginated list answers with
//! (`{object: "list", data, has_more, next_cursor}`) and [`named_list!`] are
//! the domain's (`domain::list`: its views hold lists too), named here too.

use serde::de::DeserializeOwned;

use crate::auth::Principal;
use crate::error::ApiError;
use crate::store::keys::{self, Child, Family};
use crate::store::{Read, Records, Snapshot};

pub(crate) use crate::domain::list::named_list;
pub use crate::domain::list::{LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, List};

/// The `limit` of a list: 1 to 200, default 50.
pub fn limit(value: Option<usize>) -> Result<usize, ApiError> {
    match value.unwrap_or(LIST_LIMIT_DEFAULT) {
        n @ 1..=LIST_LIMIT_MAX => Ok(n),
        n => Err(ApiError::field(
            "limit",
            format!("limit must be from 1 to {LIST_LIMIT_MAX} (got {n})"),
        )),
    }
}

/// The `since` and `until` filters of a list (RFC 3339): created in
/// `[since, until)`.
#[derive(Clone, Copy)]
pub struct Created {
    since_ms: Option<i64>,
    until_ms: Option<i64>,
}

impl Created {
    pub fn parse(since: Option<&str>, until: Option<&str>) -> Result<Created, ApiError> {
        Ok(Created {
            since_ms: crate::clock::parse_param("since", since)?,
            until_ms: crate::clock::parse_param("until", until)?,
        })
    }

    pub fn contains(&self, created_at_ms: i64) -> bool {
        self.since_ms.is_none_or(|s| created_at_ms >= s)
            && self.until_ms.is_none_or(|u| created_at_ms < u)
    }
}

/// The `cursor` of a list: an id of the listed type (the previous page's `next_cursor`).
pub fn cursor<'a>(value: Option<&'a str>, prefix: &str) -> Result<Option<&'a str>, ApiError> {
    match value {
        Some(c) if !crate::ids::is_id(c, prefix) => Err(ApiError::field(
            "cursor",
            format!(
                "cursor must be the next_cursor of a previous page (a {prefix}_ id), got {c:?}"
            ),
        )),
        other => Ok(other),
    }
}

/// Where a family's objects are listed: index rows `<prefix><id>`, newest
/// first, naming objects (ids `<id_prefix>_...`) in `objects`.
pub struct Rows {
    objects: Records,
    prefix: String,
    id_prefix: &'static str,
}

impl Rows {
    /// The objects of `family` that `principal` owns (its mode, its owner).
    pub fn owned(family: Family, principal: &Principal) -> Rows {
        Rows {
            objects: family.objects(),
            prefix: keys::owned_prefix(family, principal.mode, principal.owner()),
            id_prefix: family.id_prefix(),
        }
    }

    /// The objects of `family` that belong to `parent` (the deliveries of an
    /// endpoint, the terminals of a location); the caller has checked that
    /// the parent is the principal's.
    pub fn children(family: Child, parent: &str) -> Rows {
        Rows {
            objects: Records::Objects,
            prefix: keys::child_prefix(family, parent),
            id_prefix: family.id_prefix(),
        }
    }
}

/// A query filter that names an object by id (`refund=re_...`): checked
/// once (`param` must be an id with `prefix`; `what` names it in the message,
/// "a refund id"), then a matcher of ids that keeps all when it is absent.
pub fn id_filter<'a>(
    param: &'static str,
    value: Option<&'a str>,
    prefix: &str,
    what: &str,
) -> Result<impl Fn(&str) -> bool + 'a, ApiError> {
    if let Some(v) = value.filter(|v| !crate::ids::is_id(v, prefix)) {
        return Err(ApiError::field(
            param,
            format!("{param} must be {what} ({prefix}_...), got {v:?}"),
        ));
    }
    Ok(move |id: &str| value.is_none_or(|v| v == id))
}

/// The `payment_intent` filter of a list (see [`id_filter`]).
pub fn intent_filter(value: Option<&str>) -> Result<impl Fn(&str) -> bool + '_, ApiError> {
    id_filter("payment_intent", value, "pi", "an intent id")
}

/// One page of a list: the objects named by the index rows of `rows`, newest
/// first, after `page_cursor`, that `keep` accepts; at most `limit` (checked
/// by [`limit`]), and the cursor of the next page when more may follow.
///
/// A filter that matches little examines at most `SCAN_ROWS_MAX` rows; a page
/// cut there may hold fewer than `limit` objects (even none) yet still gives a
/// cursor, from the last row examined: never a false "no more".
pub fn page<T: DeserializeOwned>(
    snapshot: &Snapshot,
    rows: Rows,
    limit: Option<usize>,
    page_cursor: Option<&str>,
    keep: impl Fn(&T) -> bool,
) -> Result<List<T>, ApiError> {
    page_sized(snapshot, rows, self::limit(limit)?, page_cursor, keep)
}

/// [`page`] without a filter: every object of `rows`.
pub fn all<T: DeserializeOwned>(
    snapshot: &Snapshot,
    rows: Rows,
    limit: Option<usize>,
    page_cursor: Option<&str>,
) -> Result<List<T>, ApiError> {
    page(snapshot, rows, limit, page_cursor, |_: &T| true)
}

/// [`page`] with a `limit` its caller checked against its own bounds (the
/// offline promises list: up to 500, the origin's).
pub fn page_sized<T: DeserializeOwned>(
    snapshot: &Snapshot,
    rows: Rows,
    limit: usize,
    page_cursor: Option<&str>,
    keep: impl Fn(&T) -> bool,
) -> Result<List<T>, ApiError> {
    let Rows {
        objects,
        prefix,
        id_prefix,
    } = rows;
    let before = cursor(page_cursor, id_prefix)?.map(|c| format!("{prefix}{c}"));
    let mut found: Vec<(String, T)> = Vec::new();
    let mut failure = None;
    let scanned =
        snapshot.scan_index_page_bounded(&prefix, before.as_deref(), limit + 1, |key, _| {
            let id = keys::id_of(key);
            match snapshot.record::<T>(objects, id) {
                Ok(Some(object)) if keep(&object) => {
                    found.push((id.to_string(), object));
                    true
                }
                Ok(_) => false,
                Err(e) => {
                    failure = Some(e);
                    false
                }
            }
        })?;
    if let Some(e) = failure {
        return Err(e.into());
    }
    let next_cursor = if found.len() > limit {
        found.truncate(limit);
        found.last().map(|(id, _)| id.clone())
    } else {
        scanned.cut_after.map(|key| keys::id_of(&key).to_string())
    };
    Ok(List::page(
        found.into_iter().map(|(_, o)| o).collect(),
        next_cursor,
    ))
}
