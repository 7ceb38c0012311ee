//! Funding a route through a processor (a funding payment): comes with the
//! intent "paid" hook.

use super::Route;
use crate::auth::Principal;
use crate::domain::Settings;
use crate::error::ApiError;

pub(super) fn start(
    _tx: &mut crate::store::Tx<'_>,
    _settings: &Settings,
    _principal: &Principal,
    _route: Route,
) -> Result<Route, ApiError> {
    Err(ApiError::field(
        "source.method",
        "only the wallet funds a route in this version",
    ))
}
