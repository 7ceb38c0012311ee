//! MTN MoMo (the MoMo Open API, `momodeveloper.mtn.com`): Collection
//! request-to-pay and Disbursement transfer.
//!
//! - Token: `POST /{product}/token/` with HTTP Basic `api_user:api_key` and
//!   the product's `Ocp-Apim-Subscription-Key`; `{access_token, expires_in}`.
//! - Collection: `POST /collection/v1_0/requesttopay` with `X-Reference-Id`
//!   (a UUID: the idempotency reference), `X-Target-Environment`,
//!   `X-Callback-Url`; `202 Accepted`. Status: `GET
//!   /collection/v1_0/requesttopay/{reference}`.
//! - Disbursement: `POST /disbursement/v1_0/transfer`, status `GET
//!   /disbursement/v1_0/transfer/{reference}`.
//! - Callbacks carry no signature: they are hints, confirmed by a status
//!   inquiry (`docs/rails.md`).

use base64::Engine;
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::tokens;
use super::{Answer, Ctx, Job, Kind, Refused, transport};

fn product(kind: Kind) -> &'static str {
    match kind {
        Kind::Collection => "collection",
        Kind::Payout => "disbursement",
    }
}

fn subscription_key(job: &Job) -> &str {
    let disbursement = job.credentials.get("disbursement_subscription_key");
    match job.kind {
        Kind::Payout if !disbursement.is_empty() => disbursement,
        _ => job.credentials.get("collection_subscription_key"),
    }
}

/// Sends the request or asks about it.
pub async fn call(ctx: &Ctx<'_>, job: &Job) -> Answer {
    let first = attempt(ctx, job).await;
    match first {
        // A token the provider no longer accepts: once more with a new one.
        Err(Unauthorized) => {
            ctx.tokens.forget(&token_key(ctx, job));
            match attempt(ctx, job).await {
                Ok(answer) => answer,
                Err(Unauthorized) => {
                    Answer::NotSent("the provider refused the credentials (401)".into())
                }
            }
        }
        Ok(answer) => answer,
    }
}

struct Unauthorized;

async fn attempt(ctx: &Ctx<'_>, job: &Job) -> Result<Answer, Unauthorized> {
    let token = match token(ctx, job).await {
        Ok(token) => token,
        Err(answer) => return Ok(answer),
    };
    let product = product(job.kind);
    let request = if job.inquiry {
        let path = match job.kind {
            Kind::Collection => "requesttopay",
            Kind::Payout => "transfer",
        };
        ctx.client.get(format!(
            "{}/{product}/v1_0/{path}/{}",
            ctx.base_url, job.reference
        ))
    } else {
        let (path, party) = match job.kind {
            Kind::Collection => ("requesttopay", "payer"),
            Kind::Payout => ("transfer", "payee"),
        };
        let body = json!({
            "amount": super::major_units(job.amount_minor, &job.currency),
            "currency": job.currency,
            "externalId": job.request_id,
            party: {"partyIdType": "MSISDN", "partyId": job.msisdn},
            "payerMessage": job.request_id,
            "payeeNote": job.request_id,
        });
        ctx.client
            .post(format!("{}/{product}/v1_0/{path}", ctx.base_url))
            .header("X-Reference-Id", &job.reference)
            .header("X-Callback-Url", &job.callback_url)
            .header("content-type", "application/json")
            .body(body.to_string())
    };
    let response = request
        .bearer_auth(token)
        .header("X-Target-Environment", &job.target_environment)
        .header("Ocp-Apim-Subscription-Key", subscription_key(job))
        .send()
        .await;
    let response = match response {
        Ok(r) => r,
        Err(e) => return Ok(transport(&e)),
    };
    let status = response.status();
    if status == StatusCode::UNAUTHORIZED {
        return Err(Unauthorized);
    }
    let body = match response.bytes().await {
        Ok(b) => b,
        Err(e) => return Ok(transport(&e)),
    };
    Ok(if job.inquiry {
        inquiry_answer(status, &body)
    } else {
        send_answer(status)
    })
}

/// The answer to a request-to-pay or transfer: MTN accepts with 202 and
/// says nothing more.
fn send_answer(status: StatusCode) -> Answer {
    match status.as_u16() {
        200..=202 => Answer::Accepted {
            provider_transaction_id: None,
        },
        // Refused before processing: nothing was taken.
        400 | 403 | 404 => Answer::Failed {
            refused: Refused::ProviderUnavailable,
            code: format!("HTTP_{}", status.as_u16()),
        },
        // 409: the reference exists already, 5xx: it may have been taken.
        _ => Answer::Unknown(format!("HTTP {} to the request", status.as_u16())),
    }
}

fn inquiry_answer(status: StatusCode, body: &[u8]) -> Answer {
    if status == StatusCode::NOT_FOUND {
        return Answer::NotFound;
    }
    if !status.is_success() {
        return Answer::Unknown(format!("HTTP {} to the status inquiry", status.as_u16()));
    }
    let Ok(value) = serde_json::from_slice::<Value>(body) else {
        return Answer::Unknown("a status that is not JSON".into());
    };
    let reason = match value.get("reason") {
        Some(Value::String(s)) => Some(s.as_str()),
        Some(Value::Object(o)) => o.get("code").and_then(Value::as_str),
        _ => None,
    };
    status_answer(
        value
            .get("status")
            .and_then(Value::as_str)
            .unwrap_or_default(),
        reason,
        value
            .get("financialTransactionId")
            .and_then(Value::as_str)
            .map(str::to_string),
    )
}

/// MTN's statuses and failure reasons, in the gateway's terms: the one table.
pub fn status_answer(status: &str, reason: Option<&str>, transaction: Option<String>) -> Answer {
    match status {
        "SUCCESSFUL" => Answer::Succeeded {
            provider_transaction_id: transaction,
        },
        "PENDING" | "CREATED" => Answer::Accepted {
            provider_transaction_id: transaction,
        },
        "FAILED" | "REJECTED" | "TIMEOUT" => {
            let code = reason.unwrap_or(status).to_string();
            let refused = match code.as_str() {
                "PAYER_NOT_FOUND"
                | "PAYEE_NOT_FOUND"
                | "PAYEE_NOT_PERMITTED_TO_RECEIVE"
                | "INVALID_CALLBACK_URL_HOST" => Refused::InvalidAccount,
                "NOT_ENOUGH_FUNDS"
                | "APPROVAL_REJECTED"
                | "EXPIRED"
                | "TRANSACTION_CANCELED"
                | "PAYER_LIMIT_REACHED"
                | "PAYEE_LIMIT_REACHED"
                | "TIMEOUT" => Refused::Declined,
                _ => Refused::ProviderUnavailable,
            };
            Answer::Failed { refused, code }
        }
        // Never guessed: a status this table does not know is asked again.
        other => Answer::Unknown(format!("unknown status {other:?}")),
    }
}

fn token_key(ctx: &Ctx<'_>, job: &Job) -> String {
    format!("mtn_momo|{}|{}", ctx.owner, product(job.kind))
}

/// A good token of the job's product: cached, or a new one.
async fn token(ctx: &Ctx<'_>, job: &Job) -> Result<String, Answer> {
    let key = token_key(ctx, job);
    if let Some(token) = ctx.tokens.get(&key) {
        return Ok(token);
    }
    let basic = base64::engine::general_purpose::STANDARD.encode(format!(
        "{}:{}",
        job.credentials.get("api_user"),
        job.credentials.get("api_key")
    ));
    let response = ctx
        .client
        .post(format!("{}/{}/token/", ctx.base_url, product(job.kind)))
        .header("Authorization", format!("Basic {basic}"))
        .header("Ocp-Apim-Subscription-Key", subscription_key(job))
        .send()
        .await
        .map_err(|e| Answer::NotSent(format!("token: {}", transport_text(&e))))?;
    let status = response.status();
    let body = response
        .bytes()
        .await
        .map_err(|e| Answer::NotSent(format!("token: {}", transport_text(&e))))?;
    if !status.is_success() {
        return Err(Answer::NotSent(format!("token: HTTP {}", status.as_u16())));
    }
    let value: Value = serde_json::from_slice(&body)
        .map_err(|_| Answer::NotSent("token: an answer that is not JSON".into()))?;
    let Some(token) = value.get("access_token").and_then(Value::as_str) else {
        return Err(Answer::NotSent("token: no access_token".into()));
    };
    ctx.tokens.put(
        &key,
        token.to_string(),
        tokens::expires_in(value.get("expires_in")),
    );
    Ok(token.to_string())
}

/// A transport error without its URL (which is harmless, but keeps lines short).
pub(crate) fn transport_text(e: &reqwest::Error) -> String {
    if e.is_timeout() {
        "timeout".into()
    } else if e.is_connect() {
        "cannot connect".into()
    } else {
        "transport error".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every status and reason MTN documents, and what the gateway makes of it.
    #[test]
    fn mtn_statuses_map_to_outcomes_in_one_table() {
        let failed = |refused, code: &str| Answer::Failed {
            refused,
            code: code.into(),
        };
        let table: &[(&str, Option<&str>, Answer)] = &[
            (
                "SUCCESSFUL",
                None,
                Answer::Succeeded {
                    provider_transaction_id: None,
                },
            ),
            (
                "PENDING",
                None,
                Answer::Accepted {
                    provider_transaction_id: None,
                },
            ),
            (
                "FAILED",
                Some("PAYER_NOT_FOUND"),
                failed(Refused::InvalidAccount, "PAYER_NOT_FOUND"),
            ),
            (
                "FAILED",
                Some("PAYEE_NOT_FOUND"),
                failed(Refused::InvalidAccount, "PAYEE_NOT_FOUND"),
            ),
            (
                "FAILED",
                Some("NOT_ENOUGH_FUNDS"),
                failed(Refused::Declined, "NOT_ENOUGH_FUNDS"),
            ),
            (
                "FAILED",
                Some("APPROVAL_REJECTED"),
                failed(Refused::Declined, "APPROVAL_REJECTED"),
            ),
            (
                "FAILED",
                Some("EXPIRED"),
                failed(Refused::Declined, "EXPIRED"),
            ),
            (
                "FAILED",
                Some("INTERNAL_PROCESSING_ERROR"),
                failed(Refused::ProviderUnavailable, "INTERNAL_PROCESSING_ERROR"),
            ),
            (
                "FAILED",
                None,
                failed(Refused::ProviderUnavailable, "FAILED"),
            ),
            (
                "REJECTED",
                None,
                failed(Refused::ProviderUnavailable, "REJECTED"),
            ),
            ("TIMEOUT", None, failed(Refused::Declined, "TIMEOUT")),
            (
                "ONGOING",
                None,
                Answer::Unknown("unknown status \"ONGOING\"".into()),
            ),
            ("", None, Answer::Unknown("unknown status \"\"".into())),
        ];
        for (status, reason, expected) in table {
            assert_eq!(
                &status_answer(status, *reason, None),
                expected,
                "{status} {reason:?}"
            );
        }
    }

    #[test]
    fn answers_to_a_request_are_read_by_status_code() {
        assert!(matches!(
            send_answer(StatusCode::ACCEPTED),
            Answer::Accepted { .. }
        ));
        assert!(matches!(
            send_answer(StatusCode::BAD_REQUEST),
            Answer::Failed { .. }
        ));
        assert!(matches!(
            send_answer(StatusCode::CONFLICT),
            Answer::Unknown(_)
        ));
        assert!(matches!(
            send_answer(StatusCode::INTERNAL_SERVER_ERROR),
            Answer::Unknown(_)
        ));
        assert_eq!(inquiry_answer(StatusCode::NOT_FOUND, b""), Answer::NotFound);
        assert!(matches!(
            inquiry_answer(StatusCode::OK, b"not json"),
            Answer::Unknown(_)
        ));
        assert!(matches!(
            inquiry_answer(
                StatusCode::OK,
                br#"{"status":"FAILED","reason":{"code":"PAYER_NOT_FOUND"}}"#
            ),
            Answer::Failed {
                refused: Refused::InvalidAccount,
                ..
            }
        ));
    }
}
