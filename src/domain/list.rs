//! The one envelope every paginated list answers with
//! (`{object: "list", data, has_more, next_cursor}`). Its paging parameters
//! and the page read from the store are `http::list`'s.
//!
//! The OpenAPI document names each list after its item (`IntentList`,
//! `RefundList`, ...), as it did when each list had its own struct:
//! [`named_list!`] gives `List<T>` that name and the description of its
//! `data`.

use std::borrow::Cow;

use serde::Serialize;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, SchemaType, Type};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

use crate::error::ApiError;

/// Page sizes of lists: the origin's (its clients page with them; issue 16).
pub const LIST_LIMIT_DEFAULT: usize = 50;
pub const LIST_LIMIT_MAX: usize = 200;

/// One page of a list.
#[derive(Debug, Serialize)]
pub struct List<T> {
    /// Always `list`.
    object: &'static str,
    data: Vec<T>,
    has_more: bool,
    /// Pass as `cursor` for the next page.
    next_cursor: Option<String>,
}

impl<T> List<T> {
    /// A page; more may follow when it carries a cursor.
    pub fn page(data: Vec<T>, next_cursor: Option<String>) -> List<T> {
        List {
            object: "list",
            has_more: next_cursor.is_some(),
            data,
            next_cursor,
        }
    }

    /// Everything there is, in one page.
    pub fn whole(data: Vec<T>) -> List<T> {
        List::page(data, None)
    }

    /// A page that says more may follow yet gives no cursor: the terminals of
    /// a location come in one page of at most 100.
    pub fn without_cursor(mut self) -> List<T> {
        self.next_cursor = None;
        self
    }

    /// The page `data` cut from a longer list, newest first: the cursor is its
    /// last item's id when `has_more`.
    pub fn cut(data: Vec<T>, has_more: bool, id: impl Fn(&T) -> &str) -> List<T> {
        let next_cursor = if has_more {
            data.last().map(|last| id(last).to_string())
        } else {
            None
        };
        List {
            object: "list",
            data,
            has_more,
            next_cursor,
        }
    }

    /// The page after `cursor` of `all` (sorted newest first, so by id
    /// descending): at most `limit` items.
    pub fn after(
        mut all: Vec<T>,
        cursor: Option<&str>,
        limit: usize,
        id: impl Fn(&T) -> &str,
    ) -> List<T> {
        let start = cursor.map_or(0, |c| {
            all.iter().position(|t| id(t) < c).unwrap_or(all.len())
        });
        let mut data = all.split_off(start);
        let has_more = data.len() > limit;
        data.truncate(limit);
        List::cut(data, has_more, id)
    }

    /// The same page with each item rendered.
    pub fn map<U>(self, render: impl FnMut(T) -> U) -> List<U> {
        List {
            object: self.object,
            data: self.data.into_iter().map(render).collect(),
            has_more: self.has_more,
            next_cursor: self.next_cursor,
        }
    }

    /// The same page with each item rendered by a renderer that may fail.
    pub fn try_map<U>(
        self,
        render: impl FnMut(T) -> Result<U, ApiError>,
    ) -> Result<List<U>, ApiError> {
        Ok(List {
            object: self.object,
            data: self
                .data
                .into_iter()
                .map(render)
                .collect::<Result<_, _>>()?,
            has_more: self.has_more,
            next_cursor: self.next_cursor,
        })
    }
}

/// An item type with a named list in the OpenAPI document (see [`named_list!`]).
pub trait Listed: ToSchema {
    /// The component name of `List<Self>`.
    const LIST_NAME: &'static str;
    /// What the `data` of the list holds, when there is more to say.
    const DATA_DESCRIPTION: Option<&'static str>;
}

impl<T: Listed> PartialSchema for List<T> {
    fn schema() -> RefOr<Schema> {
        let string = |description: &str| {
            ObjectBuilder::new()
                .schema_type(Type::String)
                .description(Some(description))
        };
        let data = ArrayBuilder::new()
            .items(Ref::from_schema_name(T::name()))
            .description(T::DATA_DESCRIPTION);
        let next_cursor = string("Pass as `cursor` for the next page.")
            .schema_type(SchemaType::from_iter([Type::String, Type::Null]));
        ObjectBuilder::new()
            .property("object", string("Always `list`."))
            .required("object")
            .property("data", data)
            .required("data")
            .property("has_more", ObjectBuilder::new().schema_type(Type::Boolean))
            .required("has_more")
            .property("next_cursor", next_cursor)
            .into()
    }
}

impl<T: Listed> ToSchema for List<T> {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed(T::LIST_NAME)
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((T::name().into(), T::schema()));
        T::schemas(schemas);
    }
}

/// Names the list of `$item` in the OpenAPI document (`IntentList`), with
/// an optional description of its `data`; `$name` is also the list's type.
macro_rules! named_list {
    ($name:ident of $item:ty $(, $data:literal)?) => {
        pub type $name = $crate::domain::list::List<$item>;

        impl $crate::domain::list::Listed for $item {
            const LIST_NAME: &'static str = stringify!($name);
            const DATA_DESCRIPTION: Option<&'static str> = $crate::domain::list::named_list!(@data $($data)?);
        }
    };
    (@data $data:literal) => { Some($data) };
    (@data) => { None };
}
pub(crate) use named_list;
