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
//! - Card charge (Flutterwave Standard, the hosted payment page):
//!   `POST /v3/payments` with `tx_ref` the request id, `amount`,
//!   `currency`, `redirect_url` (the checkout's return page) and
//!   `customer.email` answers a `link` the payer is sent to; the card is
//!   typed on Flutterwave's page, never on ours. Its outcome is always
//!   confirmed by `GET /v3/transactions/{id}/verify` (the id from an
//!   authenticated webhook, else from `verify_by_reference`), whose
//!   `tx_ref`, `amount`, `currency` and `status` must all be the request's.
//! - Card refund: `POST /v3/transactions/{charge id}/refund` with the
//!   amount; status `GET /v3/refunds/{refund id}`, whose `amount_refunded`
//!   must be the request's.
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

/// The longest hosted payment link the gateway passes on to a payer.
pub const LINK_CHARS_MAX: usize = 2048;

pub async fn call(ctx: &Ctx<'_>, job: &Job) -> Answer {
    if job.card && job.kind == Kind::Payout {
        return card_refund(ctx, job).await;
    }
    if job.card {
        return if job.inquiry {
            card_inquiry(ctx, job).await
        } else {
            hosted_payment(ctx, job).await
        };
    }
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

/// `POST /v3/payments`: a hosted card payment; answers its link.
async fn hosted_payment(ctx: &Ctx<'_>, job: &Job) -> Answer {
    let body = json!({
        "tx_ref": job.request_id,
        "amount": super::major_units(job.amount_minor, &job.currency),
        "currency": job.currency,
        "redirect_url": job.return_url,
        "payment_options": "card",
        // Required by Flutterwave; the payer types their own on its page.
        "customer": {"email": format!("{}@payer.invalid", job.request_id)},
    });
    let response = ctx
        .client
        .post(format!("{}/v3/payments", ctx.base_url))
        .header("content-type", "application/json")
        .body(body.to_string())
        .bearer_auth(job.credentials.get("secret_key"))
        .send()
        .await;
    let (status, value) = match read_json(response).await {
        Ok(read) => read,
        Err(answer) => return answer,
    };
    hosted_answer(status, value)
}

/// What `POST /v3/payments` answered: a link to send the payer to.
fn hosted_answer(status: StatusCode, value: Option<Value>) -> Answer {
    if status == StatusCode::UNAUTHORIZED {
        return Answer::Failed {
            refused: Refused::ProviderUnavailable,
            code: "CREDENTIALS_REFUSED".into(),
        };
    }
    let value = match accepted(status, value) {
        Ok(value) => value,
        Err(answer) => return answer,
    };
    match value["data"]["link"]
        .as_str()
        .filter(|l| is_payment_link(l))
    {
        Some(link) => Answer::Redirect {
            link: link.to_string(),
        },
        // Created, but no page to send the payer to: asked about later.
        None => Answer::Unknown("a hosted payment without a usable link".into()),
    }
}

/// A link a payer may be sent to: http(s), bounded, no credentials in it.
fn is_payment_link(link: &str) -> bool {
    link.len() <= LINK_CHARS_MAX
        && url::Url::parse(link).is_ok_and(|u| {
            matches!(u.scheme(), "https" | "http")
                && u.username().is_empty()
                && u.password().is_none()
        })
}

/// A hosted card charge's status: Flutterwave's id of the transaction
/// (from an authenticated webhook, else `verify_by_reference`), then
/// `GET /v3/transactions/{id}/verify`, whose `tx_ref`, amount, currency and
/// status decide. No transaction yet: the payer has not paid (`NotFound`,
/// which fails only a request Flutterwave never acknowledged).
/// `GET url` with the secret key; its status and JSON.
async fn get_json(
    ctx: &Ctx<'_>,
    secret: &str,
    url: String,
) -> Result<(StatusCode, Option<Value>), Answer> {
    read_json(ctx.client.get(url).bearer_auth(secret).send().await).await
}

async fn card_inquiry(ctx: &Ctx<'_>, job: &Job) -> Answer {
    let secret = job.credentials.get("secret_key");
    let id = match &job.provider_transaction_id {
        Some(id) => id.clone(),
        None => {
            // The request id is ours (`rrq_` and base32): nothing to escape.
            let url = format!(
                "{}/v3/transactions/verify_by_reference?tx_ref={}",
                ctx.base_url, job.request_id
            );
            let (status, value) = match get_json(ctx, secret, url).await {
                Ok(read) => read,
                Err(answer) => return answer,
            };
            match found_id(status, value.as_ref()) {
                Ok(id) => id,
                Err(answer) => return answer,
            }
        }
    };
    // Our own id goes into the path: digits only, as Flutterwave's are.
    if !is_flutterwave_id(&id) {
        return Answer::Mismatch(format!(
            "a transaction id that is not Flutterwave's: {id:?}"
        ));
    }
    let url = format!("{}/v3/transactions/{id}/verify", ctx.base_url);
    let (status, value) = match get_json(ctx, secret, url).await {
        Ok(read) => read,
        Err(answer) => return answer,
    };
    if status == StatusCode::UNAUTHORIZED {
        return Answer::Unknown("the credentials were refused to an inquiry".into());
    }
    verified(status, value, job)
}

/// The transaction id `verify_by_reference` answered, or what its absence means.
fn found_id(status: StatusCode, value: Option<&Value>) -> Result<String, Answer> {
    let Some(value) = value else {
        return Err(Answer::Unknown(format!(
            "HTTP {} without JSON",
            status.as_u16()
        )));
    };
    if status == StatusCode::NOT_FOUND || (status.is_client_error() && value["status"] == "error") {
        return Err(Answer::NotFound);
    }
    if !status.is_success() {
        return Err(Answer::Unknown(format!(
            "HTTP {} to the status inquiry",
            status.as_u16()
        )));
    }
    id_of(&value["data"]).ok_or_else(|| Answer::Unknown("a transaction without an id".into()))
}

/// `GET /v3/transactions/{id}/verify`, checked against the request: a
/// transaction of another `tx_ref` (a webhook naming someone else's) or of
/// another amount or currency never counts as this payment.
fn verified(status: StatusCode, value: Option<Value>, job: &Job) -> Answer {
    let Some(value) = value else {
        return Answer::Unknown(format!("HTTP {} without JSON", status.as_u16()));
    };
    if !status.is_success() || value["status"] != "success" {
        return Answer::Unknown(format!("HTTP {} to the verification", status.as_u16()));
    }
    let data = &value["data"];
    if data["tx_ref"].as_str() != Some(job.request_id.as_str()) {
        return Answer::Mismatch("a transaction whose tx_ref is not this request's".into());
    }
    paid_as_asked(data, job, "processor_response", "complete_message")
}

/// The answer of a transaction or transfer's `data`, its message from the
/// `first` field else `then`, where paid counts only for the amount and
/// currency asked (Flutterwave's own advice).
fn paid_as_asked(data: &Value, job: &Job, first: &str, then: &str) -> Answer {
    let answer = status_answer(
        data["status"].as_str().unwrap_or_default(),
        data[first].as_str().or(data[then].as_str()),
        id_of(data),
    );
    if let Answer::Succeeded { .. } = answer
        && !amount_is(data, job)
    {
        return Answer::Mismatch("paid, but not the amount or currency asked".into());
    }
    answer
}

/// The transaction is for the request's amount and currency (Flutterwave's
/// own advice before giving value).
fn amount_is(data: &Value, job: &Job) -> bool {
    let currency_ok = data["currency"].as_str() == Some(job.currency.as_str());
    let amount = match &data["amount"] {
        Value::Number(n) => minor_units(&n.to_string(), &job.currency),
        Value::String(s) => minor_units(s, &job.currency),
        _ => None,
    };
    currency_ok && amount == Some(job.amount_minor)
}

/// Flutterwave's ids are digits; anything else never goes into a path.
fn is_flutterwave_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.chars().all(|c| c.is_ascii_digit())
}

/// A card payment paid back: `POST /v3/transactions/{charge}/refund` (the
/// charge's Flutterwave id), then `GET /v3/refunds/{id}` by the refund's
/// own id. A refund whose answer was lost has no id to ask by: it waits for
/// an operator, never refunded twice (as a lost transfer, decision 240).
async fn card_refund(ctx: &Ctx<'_>, job: &Job) -> Answer {
    let secret = job.credentials.get("secret_key");
    let request = if job.inquiry {
        let Some(id) = job
            .provider_transaction_id
            .as_deref()
            .filter(|id| is_flutterwave_id(id))
        else {
            return Answer::CannotAsk("no refund id to ask about (its answer was lost)".into());
        };
        ctx.client.get(format!("{}/v3/refunds/{id}", ctx.base_url))
    } else {
        let Some(charge) = job.charge.as_deref().filter(|id| is_flutterwave_id(id)) else {
            return Answer::Failed {
                refused: Refused::ProviderUnavailable,
                code: "NO_CHARGE_ID".into(),
            };
        };
        let body = json!({
            "amount": super::major_units(job.amount_minor, &job.currency),
            "comments": job.request_id,
        });
        ctx.client
            .post(format!("{}/v3/transactions/{charge}/refund", ctx.base_url))
            .header("content-type", "application/json")
            .body(body.to_string())
    };
    let response = request.bearer_auth(secret).send().await;
    let (status, value) = match read_json(response).await {
        Ok(read) => read,
        Err(answer) => return answer,
    };
    refund_answer(status, value, job)
}

/// What Flutterwave said about a card refund, in the gateway's terms: the one table.
fn refund_answer(status: StatusCode, value: Option<Value>, job: &Job) -> Answer {
    if status.is_server_error() {
        return Answer::Unknown(format!("HTTP {} to the refund", status.as_u16()));
    }
    let Some(value) = value else {
        return Answer::Unknown(format!("HTTP {} without JSON", status.as_u16()));
    };
    if value["status"] != "success" {
        if job.inquiry {
            return Answer::Unknown(format!("HTTP {} to the refund inquiry", status.as_u16()));
        }
        return Answer::Failed {
            refused: Refused::ProviderUnavailable,
            code: value["message"].as_str().unwrap_or("REFUSED").to_string(),
        };
    }
    let data = &value["data"];
    let id = id_of(data);
    let refunded = match &data["amount_refunded"] {
        Value::Number(n) => minor_units(&n.to_string(), &job.currency),
        Value::String(s) => minor_units(s, &job.currency),
        _ => None,
    };
    match data["status"].as_str().unwrap_or_default() {
        "completed" | "successful" if refunded == Some(job.amount_minor) => Answer::Succeeded {
            provider_transaction_id: id,
        },
        "completed" | "successful" => Answer::Mismatch("refunded, but not the amount asked".into()),
        "pending" | "new" | "processing" => Answer::Accepted {
            provider_transaction_id: id,
        },
        "failed" => Answer::Failed {
            refused: Refused::ProviderUnavailable,
            code: "REFUND_FAILED".into(),
        },
        other => Answer::Unknown(format!("unknown refund status {other:?}")),
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

/// The answer's JSON when Flutterwave took the call; else what the call
/// comes to: a 5xx or an answer that is not JSON may have been acted on.
fn accepted(status: StatusCode, value: Option<Value>) -> Result<Value, Answer> {
    if status.is_server_error() {
        return Err(Answer::Unknown(format!(
            "HTTP {} to the request",
            status.as_u16()
        )));
    }
    let Some(value) = value else {
        return Err(Answer::Unknown("an answer that is not JSON".into()));
    };
    if value["status"] != "success" {
        return Err(Answer::Failed {
            refused: Refused::ProviderUnavailable,
            code: value["message"].as_str().unwrap_or("REFUSED").to_string(),
        });
    }
    Ok(value)
}

fn send_answer(status: StatusCode, value: Option<Value>) -> Answer {
    let value = match accepted(status, value) {
        Ok(value) => value,
        Err(answer) => return answer,
    };
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
        return Answer::Mismatch("a transfer whose reference is not this request's".into());
    }
    paid_as_asked(data, job, "complete_message", "processor_response")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card_job() -> Job {
        Job {
            provider: super::super::Provider::Flutterwave,
            kind: Kind::Collection,
            inquiry: true,
            request_id: "rrq_01kcard".into(),
            reference: String::new(),
            msisdn: String::new(),
            amount_minor: 10_000,
            currency: "UGX".into(),
            country: None,
            target_environment: "production".into(),
            callback_url: String::new(),
            provider_transaction_id: None,
            card: true,
            return_url: String::new(),
            charge: None,
            credentials: Default::default(),
        }
    }

    #[test]
    fn a_hosted_payment_answers_a_link_a_payer_may_be_sent_to_or_nothing_is_guessed() {
        let ok = |link: &str| {
            hosted_answer(
                StatusCode::OK,
                Some(json!({"status": "success", "data": {"link": link}})),
            )
        };
        assert_eq!(
            ok("https://checkout.flutterwave.com/v3/hosted/pay/abc"),
            Answer::Redirect {
                link: "https://checkout.flutterwave.com/v3/hosted/pay/abc".into()
            }
        );
        for bad in [
            "javascript:alert(1)",
            "https://u:p@evil.example/",
            "not a url",
        ] {
            assert!(matches!(ok(bad), Answer::Unknown(_)), "{bad}");
        }
        assert!(matches!(
            ok(&format!("https://x.example/{}", "a".repeat(LINK_CHARS_MAX))),
            Answer::Unknown(_)
        ));
        assert!(matches!(
            hosted_answer(StatusCode::BAD_GATEWAY, None),
            Answer::Unknown(_)
        ));
        assert!(matches!(
            hosted_answer(StatusCode::OK, None),
            Answer::Unknown(_)
        ));
        assert!(matches!(
            hosted_answer(
                StatusCode::BAD_REQUEST,
                Some(json!({"status": "error", "message": "Invalid currency"}))
            ),
            Answer::Failed { refused: Refused::ProviderUnavailable, code } if code == "Invalid currency"
        ));
        assert!(matches!(
            hosted_answer(StatusCode::UNAUTHORIZED, None),
            Answer::Failed {
                refused: Refused::ProviderUnavailable,
                ..
            }
        ));
    }

    #[test]
    fn flutterwave_refund_statuses_map_to_outcomes_in_one_table() {
        let mut job = card_job();
        job.kind = Kind::Payout;
        job.inquiry = false;
        job.amount_minor = 4_000;
        let answer = |status: &str, amount: i64| {
            refund_answer(
                StatusCode::OK,
                Some(
                    json!({"status": "success", "data": {"id": 8001, "status": status, "amount_refunded": amount}}),
                ),
                &job,
            )
        };
        let id = Some("8001".to_string());
        assert_eq!(
            answer("completed", 4_000),
            Answer::Succeeded {
                provider_transaction_id: id.clone()
            }
        );
        assert!(matches!(answer("completed", 3_000), Answer::Mismatch(_)));
        assert_eq!(
            answer("pending", 4_000),
            Answer::Accepted {
                provider_transaction_id: id
            }
        );
        assert!(matches!(answer("failed", 4_000), Answer::Failed { .. }));
        assert!(matches!(answer("reversed", 4_000), Answer::Unknown(_)));
        assert!(matches!(
            refund_answer(
                StatusCode::BAD_REQUEST,
                Some(json!({"status": "error", "message": "Transaction not found"})),
                &job
            ),
            Answer::Failed {
                refused: Refused::ProviderUnavailable,
                ..
            }
        ));
        assert!(matches!(
            refund_answer(StatusCode::GATEWAY_TIMEOUT, None, &job),
            Answer::Unknown(_)
        ));
    }

    #[test]
    fn a_card_charge_counts_only_for_its_own_tx_ref_amount_and_currency() {
        let job = card_job();
        let answer = |data: Value| {
            verified(
                StatusCode::OK,
                Some(json!({"status": "success", "data": data})),
                &job,
            )
        };
        let paid = json!({"id": 7001, "tx_ref": "rrq_01kcard", "status": "successful", "amount": 10000, "currency": "UGX"});
        assert_eq!(
            answer(paid.clone()),
            Answer::Succeeded {
                provider_transaction_id: Some("7001".into())
            }
        );
        let mut other = paid.clone();
        other["tx_ref"] = json!("rrq_someone_else");
        assert!(matches!(answer(other), Answer::Mismatch(_)));
        let mut short = paid.clone();
        short["amount"] = json!(5000);
        // An answer, not a fault: the circuit breaker does not count it.
        assert!(matches!(answer(short.clone()), Answer::Mismatch(_)));
        assert!(!answer(short).is_fault());
        let mut euros = paid.clone();
        euros["currency"] = json!("EUR");
        assert!(matches!(answer(euros), Answer::Mismatch(_)));
        let mut declined = paid;
        declined["status"] = json!("failed");
        declined["processor_response"] = json!("Insufficient funds");
        assert_eq!(
            answer(declined),
            Answer::Failed {
                refused: Refused::Declined,
                code: "Insufficient funds".into()
            }
        );
        assert!(matches!(
            verified(
                StatusCode::NOT_FOUND,
                Some(json!({"status": "error"})),
                &job
            ),
            Answer::Unknown(_)
        ));
        // No transaction for the reference yet: the payer has not paid.
        assert_eq!(
            found_id(StatusCode::BAD_REQUEST, Some(&json!({"status": "error"}))),
            Err(Answer::NotFound)
        );
        assert_eq!(
            found_id(
                StatusCode::OK,
                Some(&json!({"status": "success", "data": {"id": 7001}}))
            ),
            Ok("7001".to_string())
        );
    }

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
