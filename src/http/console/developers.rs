//! developers (to come).

use axum::Router;

use super::Console;

pub fn routes() -> Router<Console> {
    Router::new()
}
