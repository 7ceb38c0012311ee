//! The hosted claim page of a connected account (`/claim/{token}`, spec
//! section 3): the customer a platform created opens the one-time link, sets
//! a password, and logs in with its e-mail from then on. The token is the
//! capability (256 bits, stored only as its SHA-256); a used, replaced,
//! expired or unknown token answers the same 404 page. Expiry follows the
//! platform's test clock in the sandbox.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

use super::{Lang, PageOf, escape, fill, message_page, page_response, with_parts};
use crate::domain::accounts::{self, Account};
use crate::domain::team;
use crate::error::{ApiError, Code};
use crate::http::AppState;
use crate::http::command;
use crate::http::extract::{Body, Claim, Path};

static TEMPLATE: LazyLock<String> = LazyLock::new(|| with_parts(include_str!("claim.html")));

struct Words {
    title: &'static str,
    intro: &'static str,
    email: &'static str,
    password: &'static str,
    confirm: &'static str,
    rule: &'static str,
    submit: &'static str,
    secured: &'static str,
    invalid_title: &'static str,
    invalid: &'static str,
}

/// What the page's script says after a submit.
#[derive(Serialize)]
struct ScriptWords {
    done: &'static str,
    mismatch: &'static str,
    weak: &'static str,
    invalid: &'static str,
    network: &'static str,
}

fn words(lang: Lang) -> (Words, ScriptWords) {
    match lang {
        Lang::En => (
            Words {
                title: "Claim your account",
                intro: "Your platform opened this account for you. Choose a password to take it over: you will log in with your e-mail and this password.",
                email: "E-mail",
                password: "Password",
                confirm: "Password again",
                rule: "At least 12 characters.",
                submit: "Claim my account",
                secured: "Secured by paygate",
                invalid_title: "Link not valid",
                invalid: "This claim link was already used, was replaced by a newer one, or expired. Ask your platform for a new link.",
            },
            ScriptWords {
                done: "Your account is yours. Log in with your e-mail and your new password; your platform appears in your team as an administrator.",
                mismatch: "The two passwords differ.",
                weak: "The password needs at least 12 characters.",
                invalid: "This claim link is no longer valid. Ask your platform for a new link.",
                network: "The network failed. Try again.",
            },
        ),
        Lang::Fr => (
            Words {
                title: "Activez votre compte",
                intro: "Votre plateforme a ouvert ce compte pour vous. Choisissez un mot de passe pour en prendre le contrôle : vous vous connecterez avec votre e-mail et ce mot de passe.",
                email: "E-mail",
                password: "Mot de passe",
                confirm: "Mot de passe (encore)",
                rule: "Au moins 12 caractères.",
                submit: "Activer mon compte",
                secured: "Sécurisé par paygate",
                invalid_title: "Lien non valide",
                invalid: "Ce lien a déjà servi, a été remplacé par un plus récent, ou a expiré. Demandez un nouveau lien à votre plateforme.",
            },
            ScriptWords {
                done: "Le compte est à vous. Connectez-vous avec votre e-mail et votre nouveau mot de passe ; votre plateforme figure dans votre équipe comme administrateur.",
                mismatch: "Les deux mots de passe diffèrent.",
                weak: "Le mot de passe doit compter au moins 12 caractères.",
                invalid: "Ce lien n'est plus valide. Demandez un nouveau lien à votre plateforme.",
                network: "Le réseau a échoué. Réessayez.",
            },
        ),
    }
}

/// The account `token` opens now (its sandbox's clock in test mode), if any.
fn live_account(state: &AppState, token: &str) -> Result<Option<Account>, ApiError> {
    let snapshot = state.store.snapshot()?;
    let Some(account) = accounts::by_claim_token(&snapshot, token)? else {
        return Ok(None);
    };
    let now = crate::domain::test_clocks::now_for(
        &snapshot,
        account.mode,
        &account.owner,
        state.clock.now_ms(),
    )?;
    Ok(accounts::link_live(&account, token, now).then_some(account))
}

pub(super) async fn page(PageOf(state, token, lang): PageOf) -> Response {
    let (t, script) = words(lang);
    let Ok(Some(account)) = live_account(&state, &token) else {
        return message_page(StatusCode::NOT_FOUND, lang, t.invalid_title, t.invalid);
    };
    let nonce = crate::ids::random_token(22);
    let messages = serde_json::to_string(&script)
        .unwrap_or_default()
        .replace("</", "<\\/");
    let values: [(&str, &str); 13] = [
        ("lang", lang.code()),
        ("nonce", &nonce),
        ("t_title", &escape(t.title)),
        ("merchant", &escape(&account.business_name)),
        ("t_intro", &escape(t.intro)),
        ("t_email", &escape(t.email)),
        ("email", &escape(&account.email)),
        ("t_password", &escape(t.password)),
        ("t_confirm", &escape(t.confirm)),
        ("t_rule", &escape(t.rule)),
        ("t_submit", &escape(t.submit)),
        ("t_secured", &escape(t.secured)),
        ("messages", &messages),
    ];
    page_response(StatusCode::OK, fill(&TEMPLATE, &values), &nonce)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ClaimInput {
    password: String,
}

#[derive(Serialize)]
struct Claimed {
    object: &'static str,
    account: String,
    email: String,
    claimed: bool,
}

/// Sets the password and spends the link: 200, or 404 `claim_link_invalid`,
/// 400 `weak_password`.
pub(super) async fn submit(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Body(input): Body<ClaimInput>,
) -> Response {
    match claim(&state, token, input.password).await {
        Ok(response) => response,
        Err(error) => error.into_response(),
    }
}

async fn claim(state: &AppState, token: String, password: String) -> Result<Response, ApiError> {
    // Checked before the (deliberately slow) hash, so a guessed token costs
    // the gateway nothing; the writer checks it again.
    let account = live_account(state, &token)?.ok_or_else(|| {
        ApiError::new(
            Code::ClaimLinkInvalid,
            "this claim link is not valid: it was used, replaced by a newer one, or it expired",
        )
    })?;
    team::validate_password(&password).map_err(|_| {
        ApiError::new(
            Code::WeakPassword,
            format!(
                "the password must be {} to {} characters",
                team::PASSWORD_CHARS_MIN,
                team::PASSWORD_CHARS_MAX
            ),
        )
        .with_param("password")
    })?;
    let hash = tokio::task::spawn_blocking(move || crate::secrets::hash_password(&password))
        .await
        .map_err(ApiError::internal)?;
    let claim = Claim::in_sandbox(account.mode, &account.owner);
    command::apply(state, claim, StatusCode::OK, move |tx| {
        let account = accounts::claim(tx, &token, hash)?;
        Ok(Claimed {
            object: "account_claim",
            account: account.id,
            email: account.email,
            claimed: true,
        })
    })
    .await
}
