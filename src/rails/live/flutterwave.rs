//! Flutterwave (v3 API, `developer.flutterwave.com`): an aggregator that
//! carries mobile money of several operators and countries.
//!
//! - Auth: `Authorization: Bearer <secret_key>` on every call.
//! - Collection: `POST /v3/charges?type=<mobile money type of the currency>`
//!   with `tx_ref` the gateway's request id; status `GET
//!   /v3/transactions/verify_by_reference?tx_ref=...`, whose amount and
//!   currency must be the request's before it counts as paid.
//! - Payout: `POST /v3/transfers` with `reference` the request id; status
//!   `GET /v3/transfers/{id}` by Flutterwave's transfer id (without one, a
//!   transfer whose answer was lost stays undecided for an operator: it is
//!   never failed blind, which could pay twice).
//! - Webhooks carry `verif-hash`, which must equal the configured
//!   `secret_hash` (`http::rails`); even then, a status inquiry decides.

use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{Answer, Ctx, Job, Kind, Refused, minor_units, read_json};

/// The charge type of a currency's mobile money (Flutterwave's `type`).
pub fn charge_type(currency: &str) -> Option<&'static str> {
    Some(match currency {
        "GHS" => "mobile_money_ghana",
        "KES" => "mpesa",
        "UGX" => "mobile_money_uganda",
        "RWF" => "mobile_money_rwanda",
        "ZMW" => "mobile_money_zambia",
        "TZS" => "mobile_money_tanzania",
        "XAF" | "XOF" => "mobile_money_franco",
        _ => return None,
    })
}

/// Flutterwave's charge and transfer statuses, in the gateway's terms: the one table.
pub fn status_answer(status: &str, message: Option<&str>, id: Option<String>) -> Answer {
    match status.to_ascii_lowercase().as_str() {
        "successful" => Answer::Succeeded {
            provider_transaction_id: id,
        },
        "pending" | "new" => Answer::Accepted {
            provider_transaction_id: id,
        },
        "failed" => Answer::Failed {
            refused: Refused::Declined,
            code: message.unwrap_or("failed").to_string(),
        },
        other => Answer::Unknown(format!("unknown status {other:?}")),
    }
}

pub async fn call(ctx: &Ctx<'_>, job: &Job) -> Answer {
    let secret = job.credentials.get("secret_key");
    let request = match (job.kind, job.inquiry) {
        (Kind::Collection, false) => {
            let Some(kind) = charge_type(&job.currency) else {
                return Answer::Failed {
                    refused: Refused::ProviderUnavailable,
                    code: format!("NO_MOBILE_MONEY_IN_{}", job.currency),
                };
            };
            let body = json!({
                "tx_ref": job.request_id,
                "amount": super::major_units(job.amount_minor, &job.currency),
                "currency": job.currency,
                "phone_number": job.msisdn,
                "email": format!("{}@payer.invalid", job.request_id),
            });
            ctx.client
                .post(format!("{}/v3/charges?type={kind}", ctx.base_url))
                .header("content-type", "application/json")
                .body(body.to_string())
        }
        (Kind::Collection, true) => ctx.client.get(format!(
            "{}/v3/transactions/verify_by_reference?tx_ref={}",
            ctx.base_url, job.request_id
        )),
        (Kind::Payout, false) => {
            let body = json!({
                "account_bank": "MPS",
                "account_number": job.msisdn,
                "amount": super::major_units(job.amount_minor, &job.currency),
                "currency": job.currency,
                "reference": job.request_id,
                "narration": job.request_id,
            });
            ctx.client
                .post(format!("{}/v3/transfers", ctx.base_url))
                .header("content-type", "application/json")
                .body(body.to_string())
        }
        (Kind::Payout, true) => {
            let Some(id) = &job.provider_transaction_id else {
                return Answer::CannotAsk("no transfer id to ask about yet".into());
            };
            ctx.client
                .get(format!("{}/v3/transfers/{id}", ctx.base_url))
        }
    };
    let response = request.bearer_auth(secret).send().await;
    let (status, value) = match read_json(response).await {
        Ok(read) => read,
        Err(answer) => return answer,
    };
    if status == StatusCode::UNAUTHORIZED {
        return Answer::Failed {
            refused: Refused::ProviderUnavailable,
            code: "CREDENTIALS_REFUSED".into(),
        };
    }
    if job.inquiry {
        inquiry_answer(status, value, job)
    } else {
        send_answer(status, value)
    }
}

/// Pages of the transaction report read per run at most (Flutterwave pages 10 to 50 lines).
pub const REPORT_PAGES_MAX: u32 = 200;

/// One line of Flutterwave's transaction report, in the gateway's terms.
pub struct ReportLine {
    pub reference: String,
    pub amount: String,
    pub currency: String,
    pub status: String,
}

/// Flutterwave's transaction report of the days `from` to `to`
/// (`YYYY-MM-DD`, both included): `GET /v3/transactions`, page by page.
pub async fn transactions(
    client: &reqwest::Client,
    base_url: &str,
    secret_key: &str,
    from: &str,
    to: &str,
) -> Result<Vec<ReportLine>, String> {
    let mut lines = Vec::new();
    let mut page = 1;
    loop {
        let response = client
            // `from` and `to` are dates the gateway wrote: nothing to escape.
            .get(format!(
                "{base_url}/v3/transactions?from={from}&to={to}&page={page}"
            ))
            .bearer_auth(secret_key)
            .send()
            .await;
        let (status, value) = read_json(response)
            .await
            .map_err(|answer| format!("the transaction report: {answer:?}"))?;
        let value = value
            .filter(|v| status.is_success() && v["status"] == "success")
            .ok_or_else(|| format!("the transaction report: HTTP {}", status.as_u16()))?;
        let text = |v: &Value| match v {
            Value::String(s) => s.clone(),
            Value::Null => String::new(),
            other => other.to_string(),
        };
        for line in value["data"].as_array().into_iter().flatten() {
            lines.push(ReportLine {
                reference: text(&line["tx_ref"]),
                amount: text(&line["amount"]),
                currency: text(&line["currency"]),
                status: text(&line["status"]),
            });
        }
        let pages = value["meta"]["page_info"]["total_pages"]
            .as_u64()
            .unwrap_or(1);
        if u64::from(page) >= pages {
            return Ok(lines);
        }
        if page >= REPORT_PAGES_MAX {
            return Err(format!(
                "the transaction report has more than {REPORT_PAGES_MAX} pages"
            ));
        }
        page += 1;
    }
}

fn id_of(data: &Value) -> Option<String> {
    match &data["id"] {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => Some(s.clone()),
        _ => None,
    }
}

fn send_answer(status: StatusCode, value: Option<Value>) -> Answer {
    if status.is_server_error() {
        return Answer::Unknown(format!("HTTP {} to the request", status.as_u16()));
    }
    let Some(value) = value else {
        return Answer::Unknown("an answer that is not JSON".into());
    };
    if value["status"] != "success" {
        return Answer::Failed {
            refused: Refused::ProviderUnavailable,
            code: value["message"].as_str().unwrap_or("REFUSED").to_string(),
        };
    }
    // The charge or transfer exists; its status says the rest.
    let data = &value["data"];
    match status_answer(
        data["status"].as_str().unwrap_or("pending"),
        data["complete_message"].as_str(),
        id_of(data),
    ) {
        Answer::Unknown(_) => Answer::Accepted {
            provider_transaction_id: id_of(data),
        },
        answer => answer,
    }
}

fn inquiry_answer(status: StatusCode, value: Option<Value>, job: &Job) -> Answer {
    let Some(value) = value else {
        return Answer::Unknown(format!("HTTP {} without JSON", status.as_u16()));
    };
    if status == StatusCode::NOT_FOUND || (status.is_client_error() && value["status"] == "error") {
        // No transfer of that id says nothing about our reference: asked again.
        if job.kind == Kind::Payout {
            return Answer::Unknown("no transfer of that id".into());
        }
        return Answer::NotFound;
    }
    if !status.is_success() {
        return Answer::Unknown(format!("HTTP {} to the status inquiry", status.as_u16()));
    }
    let data = &value["data"];
    // A transfer is asked about by the id a webhook named: it must be ours.
    if job.kind == Kind::Payout && data["reference"].as_str() != Some(job.request_id.as_str()) {
        return Answer::Unknown("a transfer whose reference is not this request's".into());
    }
    let answer = status_answer(
        data["status"].as_str().unwrap_or_default(),
        data["complete_message"]
            .as_str()
            .or(data["processor_response"].as_str()),
        id_of(data),
    );
    // Paid counts only for the amount and currency asked (Flutterwave's own advice).
    if let Answer::Succeeded { .. } = answer {
        let currency_ok = data["currency"].as_str() == Some(job.currency.as_str());
        let amount = match &data["amount"] {
            Value::Number(n) => minor_units(&n.to_string(), &job.currency),
            Value::String(s) => minor_units(s, &job.currency),
            _ => None,
        };
        if !currency_ok || amount != Some(job.amount_minor) {
            return Answer::Unknown("paid, but not the amount or currency asked".into());
        }
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every status Flutterwave documents for charges and transfers.
    #[test]
    fn flutterwave_statuses_map_to_outcomes_in_one_table() {
        let table: &[(&str, Answer)] = &[
            (
                "successful",
                Answer::Succeeded {
                    provider_transaction_id: None,
                },
            ),
            (
                "SUCCESSFUL",
                Answer::Succeeded {
                    provider_transaction_id: None,
                },
            ),
            (
                "pending",
                Answer::Accepted {
                    provider_transaction_id: None,
                },
            ),
            (
                "NEW",
                Answer::Accepted {
                    provider_transaction_id: None,
                },
            ),
            (
                "failed",
                Answer::Failed {
                    refused: Refused::Declined,
                    code: "declined".into(),
                },
            ),
            (
                "cancelled",
                Answer::Unknown("unknown status \"cancelled\"".into()),
            ),
        ];
        for (status, expected) in table {
            assert_eq!(
                &status_answer(status, Some("declined"), None),
                expected,
                "{status}"
            );
        }
        assert_eq!(charge_type("UGX"), Some("mobile_money_uganda"));
        assert_eq!(charge_type("XOF"), Some("mobile_money_franco"));
        assert_eq!(charge_type("CDF"), None);
    }
}
