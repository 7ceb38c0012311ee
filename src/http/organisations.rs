//! Organisations (issue 18 point 0): the gateway's operator adds and
//! disables the organisations it hosts. An addition to the spec, for the
//! owners of the instance's own organisation only.

use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::command;
use super::command::Write;
use super::extract::{Body, Path, Reader, json};
use super::list::{List, named_list};
use super::operations::operations;
use crate::domain::org::{self, NewOrganisation, Organisation, Status};
use crate::domain::team::NewOwner;
use crate::error::{ApiError, ErrorBody};

operations! {
    create: session(roles::ORGANISATIONS_MANAGE).added(),
    list: session(roles::ORGANISATIONS_MANAGE).added(),
    disable: session(roles::ORGANISATIONS_MANAGE).added(),
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrganisationView {
    pub id: String,
    /// Always `organisation`.
    pub object: &'static str,
    pub name: String,
    pub country: Option<String>,
    pub default_currency: Option<String>,
    /// `@tag` without the `@`.
    pub tag: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub status: Status,
    pub created_at: String,
}

fn view(o: &Organisation) -> OrganisationView {
    OrganisationView {
        id: o.id.clone(),
        object: "organisation",
        name: o.name.clone(),
        country: o.country.clone(),
        default_currency: o.default_currency.clone(),
        tag: o.tag.clone(),
        phone: o.phone.clone(),
        email: o.email.clone(),
        status: o.status,
        created_at: crate::clock::rfc3339(o.created_at_ms),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateOrganisation {
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
    /// ISO 3166-1 alpha-2 (`CD`).
    #[schema(pattern = "^[A-Z]{2}$")]
    pub country: String,
    /// ISO 4217 (`CDF`).
    #[schema(pattern = "^[A-Z]{3}$")]
    pub default_currency: String,
    /// Unique `@tag` (3 to 30 of a-z, 0-9, _).
    #[schema(max_length = 31)]
    pub tag: Option<String>,
    /// Unique E.164 phone.
    #[schema(max_length = 16)]
    pub phone: Option<String>,
    /// Unique e-mail.
    #[schema(max_length = 254)]
    pub email: Option<String>,
    /// The owner's login e-mail; a password and PIN are generated and shown once.
    #[schema(max_length = 254)]
    pub owner_email: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedOrganisation {
    pub organisation: OrganisationView,
    /// The organisation's test keys, shown once.
    pub keys: serde_json::Value,
    /// The owner's login: e-mail, generated password and PIN, shown once.
    pub owner: serde_json::Value,
}

/// Adds an organisation with its owner member and test keys (an addition to
/// the spec, for the gateway's operator).
#[utoipa::path(post, path = "/organisations", tag = "organisations", request_body = CreateOrganisation,
    responses((status = 201, description = "The organisation, its test keys and its owner's login (shown once)", body = CreatedOrganisation),
              (status = 403, description = "operator_required", body = ErrorBody),
              (status = 409, description = "organisation_exists: a tag, phone or e-mail is taken", body = ErrorBody)))]
pub async fn create(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateOrganisation>,
) -> Result<Response, ApiError> {
    org::require_operator(&state.store.snapshot()?, &caller)?;
    let owner = NewOwner::from_flags(Some(input.owner_email), None, None);
    owner.validate()?;
    let hashes = owner.hashes().await;
    let new = NewOrganisation {
        name: input.name,
        country: input.country,
        default_currency: input.default_currency,
        tag: input.tag,
        phone: input.phone,
        email: input.email,
    };
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        org::require_operator(tx, &caller)?;
        let created = org::create_with_owner(tx, new, &owner, hashes)?;
        Ok(CreatedOrganisation {
            organisation: view(&created.organisation),
            keys: serde_json::to_value(&created.keys).map_err(ApiError::internal)?,
            owner: serde_json::to_value(&created.owner).map_err(ApiError::internal)?,
        })
    })
    .await
}

named_list!(OrganisationList of OrganisationView, "Newest first; the gateway's own organisation is not listed.");

/// Lists the hosted organisations (an addition to the spec, for the operator).
#[utoipa::path(get, path = "/organisations", tag = "organisations",
    responses((status = 200, description = "The hosted organisations, newest first", body = OrganisationList)))]
pub async fn list(Reader(state, caller): Reader) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    org::require_operator(&snapshot, &caller)?;
    let all = org::list(&snapshot)?;
    json(200, &List::whole(all.iter().map(view).collect()))
}

/// Disables an organisation: its keys and sessions stop working (an addition
/// to the spec, for the operator).
#[utoipa::path(post, path = "/organisations/{id}/disable", tag = "organisations",
    params(("id" = String, Path, description = "org_...")),
    responses((status = 200, description = "The disabled organisation", body = OrganisationView)))]
pub async fn disable(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        org::require_operator(tx, &caller)?;
        Ok(view(&org::disable(tx, &id)?))
    })
    .await
}
