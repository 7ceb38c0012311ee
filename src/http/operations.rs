//! Where an operation is declared: its handler's `#[utoipa::path]` names the
//! method and the path once, and its area lists the handler in
//! [`operations!`]. The router serves that list and the OpenAPI document
//! describes it, so a served operation is always documented and the two never
//! disagree on a path.

use axum::handler::Handler;
use axum::routing::{MethodFilter, MethodRouter, on};
use utoipa::openapi::OpenApi;

use super::AppState;

/// One operation of an area: the method and path its `#[utoipa::path]`
/// declares, the handler routed there, and its OpenAPI description.
pub struct Served {
    pub method: &'static str,
    /// Path template without the `/v1` or `/api/v1` prefix (`/refunds/{id}`).
    pub path: String,
    pub route: MethodRouter<AppState>,
    pub doc: OpenApi,
}

/// The operation `doc` describes (a document of exactly one operation), served
/// by `handler`.
pub fn served<H, T>(doc: OpenApi, handler: H) -> Served
where
    H: Handler<T, AppState>,
    T: 'static,
{
    let mut paths = doc.paths.paths.iter();
    let (Some((path, item)), None) = (paths.next(), paths.next()) else {
        panic!("an operation's document holds one path");
    };
    let methods = [
        ("GET", item.get.is_some(), MethodFilter::GET),
        ("POST", item.post.is_some(), MethodFilter::POST),
        ("PATCH", item.patch.is_some(), MethodFilter::PATCH),
        ("DELETE", item.delete.is_some(), MethodFilter::DELETE),
        ("PUT", item.put.is_some(), MethodFilter::PUT),
    ];
    let mut declared = methods.into_iter().filter(|(_, declared, _)| *declared);
    let (Some((method, _, filter)), None) = (declared.next(), declared.next()) else {
        panic!("the operation at {path} declares one method of GET, POST, PATCH, DELETE, PUT");
    };
    Served {
        method,
        path: path.clone(),
        route: on(filter, handler),
        doc,
    }
}

/// Declares an area's operations by their handlers, in routing order:
/// `operations!(create, list, retrieve);` defines `pub fn operations() ->
/// Vec<Served>`. Where two operations share a path, their order is the order
/// of the `Allow` header of a 405 answer.
///
/// A macro because only utoipa's derive can name the `#[utoipa::path]` of a
/// handler from the handler's name: each operation gets a one-path document.
macro_rules! operations {
    ($($handler:ident),+ $(,)?) => {
        /// This area's operations, each at the method and path of its `#[utoipa::path]`.
        pub fn operations() -> Vec<$crate::http::operations::Served> {
            vec![$({
                #[derive(utoipa::OpenApi)]
                #[openapi(paths($handler))]
                struct Doc;
                $crate::http::operations::served(<Doc as utoipa::OpenApi>::openapi(), $handler)
            }),+]
        }
    };
}
pub(crate) use operations;
