//! Airtel Money (the Airtel Africa Open API, `developers.airtel.africa`).
//!
//! - Token: OAuth2 client credentials, `POST /auth/oauth2/token` with the
//!   JSON body `{client_id, client_secret, grant_type: client_credentials}`;
//!   `{access_token, expires_in}` (`expires_in` a number in a string).
//! - Collection (USSD push): `POST /merchant/v1/payments/` with `X-Country`
//!   and `X-Currency`, the subscriber's number without its country code,
//!   `transaction.id` the gateway's request id; status `GET
//!   /standard/v1/payments/{id}`.
//! - Disbursement: `POST /standard/v1/disbursements/` (with the account's
//!   PIN, as Airtel issues it encrypted), status `GET
//!   /standard/v1/disbursements/{id}`.
//! - Callbacks name `transaction.id`: hints, confirmed by a status inquiry.

use reqwest::StatusCode;
use serde_json::{Value, json};

use super::tokens;
use super::{Answer, Ctx, Job, Kind, Refused, read_json};

/// Airtel's transaction statuses, in the gateway's terms: the one table.
pub fn status_answer(status: &str, message: Option<&str>, airtel_id: Option<String>) -> Answer {
    match status {
        "TS" => Answer::Succeeded {
            provider_transaction_id: airtel_id,
        },
        // In progress, or ambiguous at Airtel itself: asked again.
        "TIP" | "TA" => Answer::Accepted {
            provider_transaction_id: airtel_id,
        },
        "TF" => Answer::Failed {
            refused: Refused::Declined,
            code: format!("TF: {}", message.unwrap_or("failed")),
        },
        "TE" => Answer::Failed {
            refused: Refused::Declined,
            code: "TE: expired".into(),
        },
        other => Answer::Unknown(format!("unknown status {other:?}")),
    }
}

/// The country calling code Airtel wants removed from a subscriber's number.
fn calling_code(country: &str) -> Option<&'static str> {
    Some(match country {
        "UG" => "256",
        "KE" => "254",
        "TZ" => "255",
        "RW" => "250",
        "ZM" => "260",
        "MW" => "265",
        "CD" => "243",
        "CG" => "242",
        "GA" => "241",
        "TD" => "235",
        "NE" => "227",
        "NG" => "234",
        "MG" => "261",
        "SC" => "248",
        _ => return None,
    })
}

/// The number as Airtel takes it: without the country code.
fn national(msisdn: &str, country: Option<&str>) -> String {
    country
        .and_then(calling_code)
        .and_then(|code| msisdn.strip_prefix(code))
        .unwrap_or(msisdn)
        .to_string()
}

pub async fn call(ctx: &Ctx<'_>, job: &Job) -> Answer {
    match attempt(ctx, job).await {
        Some(answer) => answer,
        // Refused token: once more with a new one.
        None => {
            ctx.tokens.forget(&token_key(ctx));
            attempt(ctx, job).await.unwrap_or(Answer::Failed {
                refused: Refused::ProviderUnavailable,
                code: "CREDENTIALS_REFUSED".into(),
            })
        }
    }
}

/// The answer, or `None` when Airtel refused the token (401).
async fn attempt(ctx: &Ctx<'_>, job: &Job) -> Option<Answer> {
    let token = match token(ctx, job).await {
        Ok(t) => t,
        Err(answer) => return Some(answer),
    };
    let country = job.country.clone().unwrap_or_default();
    let path = match job.kind {
        Kind::Collection => "payments",
        Kind::Payout => "disbursements",
    };
    let request = if job.inquiry {
        ctx.client.get(format!(
            "{}/standard/v1/{path}/{}",
            ctx.base_url, job.request_id
        ))
    } else {
        let amount = super::major_units(job.amount_minor, &job.currency);
        let msisdn = national(&job.msisdn, job.country.as_deref());
        let body = match job.kind {
            Kind::Collection => json!({
                "reference": job.request_id,
                "subscriber": {"country": country, "currency": job.currency, "msisdn": msisdn},
                "transaction": {"amount": amount, "country": country, "currency": job.currency, "id": job.request_id},
            }),
            Kind::Payout => json!({
                "payee": {"msisdn": msisdn},
                "reference": job.request_id,
                "pin": job.credentials.get("disbursement_pin"),
                "transaction": {"amount": amount, "id": job.request_id},
            }),
        };
        let url = match job.kind {
            Kind::Collection => format!("{}/merchant/v1/payments/", ctx.base_url),
            Kind::Payout => format!("{}/standard/v1/disbursements/", ctx.base_url),
        };
        ctx.client
            .post(url)
            .header("content-type", "application/json")
            .body(body.to_string())
    };
    let response = request
        .bearer_auth(token)
        .header("X-Country", &country)
        .header("X-Currency", &job.currency)
        .send()
        .await;
    let (status, value) = match read_json(response).await {
        Ok(read) => read,
        Err(answer) => return Some(answer),
    };
    if status == StatusCode::UNAUTHORIZED {
        return None;
    }
    Some(if job.inquiry {
        inquiry_answer(status, value)
    } else {
        send_answer(status, value)
    })
}

fn send_answer(status: StatusCode, value: Option<Value>) -> Answer {
    if status.is_server_error() {
        return Answer::Unknown(format!("HTTP {} to the request", status.as_u16()));
    }
    let Some(value) = value else {
        return Answer::Unknown("an answer that is not JSON".into());
    };
    let success = value["status"]["success"].as_bool();
    match (status.is_success(), success) {
        (true, Some(true)) => Answer::Accepted {
            provider_transaction_id: None,
        },
        // Refused before processing (a bad number, a limit): nothing taken.
        (_, Some(false)) | (false, _) => Answer::Failed {
            refused: Refused::ProviderUnavailable,
            code: value["status"]["result_code"]
                .as_str()
                .unwrap_or("REFUSED")
                .to_string(),
        },
        (true, None) => Answer::Unknown("an answer without status.success".into()),
    }
}

fn inquiry_answer(status: StatusCode, value: Option<Value>) -> Answer {
    if status == StatusCode::NOT_FOUND {
        return Answer::NotFound;
    }
    let Some(value) = value.filter(|_| status.is_success()) else {
        return Answer::Unknown(format!("HTTP {} to the status inquiry", status.as_u16()));
    };
    let transaction = &value["data"]["transaction"];
    status_answer(
        transaction["status"].as_str().unwrap_or_default(),
        transaction["message"].as_str(),
        transaction["airtel_money_id"].as_str().map(str::to_string),
    )
}

fn token_key(ctx: &Ctx<'_>) -> String {
    format!("airtel_money|{}", ctx.owner)
}

/// A token from the client-credentials grant, cached until shortly before it expires.
async fn token(ctx: &Ctx<'_>, job: &Job) -> Result<String, Answer> {
    let key = token_key(ctx);
    if let Some(token) = ctx.tokens.get(&key) {
        return Ok(token);
    }
    let body = json!({
        "client_id": job.credentials.get("client_id"),
        "client_secret": job.credentials.get("client_secret"),
        "grant_type": "client_credentials",
    });
    let response = ctx
        .client
        .post(format!("{}/auth/oauth2/token", ctx.base_url))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await;
    let (status, value) = read_json(response)
        .await
        .map_err(|_| Answer::NotSent("token: the provider did not answer".into()))?;
    if status == StatusCode::UNAUTHORIZED || status == StatusCode::BAD_REQUEST {
        return Err(Answer::Failed {
            refused: Refused::ProviderUnavailable,
            code: "CREDENTIALS_REFUSED".into(),
        });
    }
    let token = value
        .as_ref()
        .filter(|_| status.is_success())
        .and_then(|v| v["access_token"].as_str())
        .ok_or_else(|| Answer::NotSent(format!("token: HTTP {}", status.as_u16())))?
        .to_string();
    let expires = tokens::expires_in(value.as_ref().and_then(|v| v.get("expires_in")));
    ctx.tokens.put(&key, token.clone(), expires);
    Ok(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every transaction status Airtel documents, and what the gateway makes of it.
    #[test]
    fn airtel_statuses_map_to_outcomes_in_one_table() {
        let id = || Some("AM1".to_string());
        let table: &[(&str, Answer)] = &[
            (
                "TS",
                Answer::Succeeded {
                    provider_transaction_id: id(),
                },
            ),
            (
                "TIP",
                Answer::Accepted {
                    provider_transaction_id: id(),
                },
            ),
            (
                "TA",
                Answer::Accepted {
                    provider_transaction_id: id(),
                },
            ),
            (
                "TF",
                Answer::Failed {
                    refused: Refused::Declined,
                    code: "TF: Insufficient funds".into(),
                },
            ),
            (
                "TE",
                Answer::Failed {
                    refused: Refused::Declined,
                    code: "TE: expired".into(),
                },
            ),
            ("XX", Answer::Unknown("unknown status \"XX\"".into())),
        ];
        for (status, expected) in table {
            assert_eq!(
                &status_answer(status, Some("Insufficient funds"), id()),
                expected,
                "{status}"
            );
        }
    }

    #[test]
    fn numbers_lose_their_country_code_and_answers_are_read() {
        assert_eq!(national("256700000001", Some("UG")), "700000001");
        assert_eq!(national("256700000001", None), "256700000001");
        assert_eq!(national("243700000001", Some("UG")), "243700000001");
        assert!(matches!(
            send_answer(StatusCode::OK, Some(json!({"status": {"success": true}}))),
            Answer::Accepted { .. }
        ));
        assert!(matches!(
            send_answer(
                StatusCode::OK,
                Some(json!({"status": {"success": false, "result_code": "ESB000001"}}))
            ),
            Answer::Failed { .. }
        ));
        assert!(matches!(
            send_answer(StatusCode::BAD_GATEWAY, None),
            Answer::Unknown(_)
        ));
        assert_eq!(
            inquiry_answer(StatusCode::NOT_FOUND, None),
            Answer::NotFound
        );
    }
}
