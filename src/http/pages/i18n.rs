//! The hosted pages' words, in English and French.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Fr,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }
}

pub struct Messages {
    pub title: &'static str,
    pub operator: &'static str,
    /// The label of the amount a payer enters on an open-amount intent.
    pub amount: &'static str,
    pub phone: &'static str,
    pub instructions: &'static str,
    pub pay: &'static str,
    pub cancel: &'static str,
    pub secured: &'static str,
    pub paid: &'static str,
    pub cancelled: &'static str,
    pub expired: &'static str,
    pub failed: &'static str,
    pub ambiguous: &'static str,
    pub not_found_title: &'static str,
    pub not_found: &'static str,
    pub link_inactive_title: &'static str,
    pub link_inactive: &'static str,
    pub session_expired_title: &'static str,
    pub session_expired: &'static str,
}

const EN: Messages = Messages {
    title: "Pay",
    operator: "Mobile money operator",
    amount: "Amount to pay",
    phone: "Your mobile money number",
    instructions: "You will get a prompt on your phone: approve it with your PIN.",
    pay: "Pay",
    cancel: "Cancel and go back",
    secured: "Secured by paygate",
    paid: "Payment received. Thank you!",
    cancelled: "This payment was cancelled.",
    expired: "This payment has expired.",
    failed: "The payment did not go through.",
    ambiguous: "We are checking this payment with the operator. Do not pay again; the merchant will confirm.",
    not_found_title: "Payment not found",
    not_found: "This payment link is not valid. Ask the merchant for a new one.",
    link_inactive_title: "Link no longer active",
    link_inactive: "This payment link has been deactivated or already used. Ask the merchant for a new one.",
    session_expired_title: "Checkout expired",
    session_expired: "This checkout has expired. Go back to the merchant to start again.",
};

const FR: Messages = Messages {
    title: "Payer",
    operator: "Opérateur mobile money",
    amount: "Montant à payer",
    phone: "Votre numéro mobile money",
    instructions: "Vous recevrez une demande sur votre téléphone : validez-la avec votre code PIN.",
    pay: "Payer",
    cancel: "Annuler et revenir",
    secured: "Sécurisé par paygate",
    paid: "Paiement reçu. Merci !",
    cancelled: "Ce paiement a été annulé.",
    expired: "Ce paiement a expiré.",
    failed: "Le paiement n'a pas abouti.",
    ambiguous: "Nous vérifions ce paiement auprès de l'opérateur. Ne payez pas une seconde fois ; le marchand confirmera.",
    not_found_title: "Paiement introuvable",
    not_found: "Ce lien de paiement n'est pas valide. Demandez-en un nouveau au marchand.",
    link_inactive_title: "Lien inactif",
    link_inactive: "Ce lien de paiement a été désactivé ou déjà utilisé. Demandez-en un nouveau au marchand.",
    session_expired_title: "Paiement expiré",
    session_expired: "Ce paiement a expiré. Retournez chez le marchand pour recommencer.",
};

pub fn messages(lang: Lang) -> &'static Messages {
    match lang {
        Lang::En => &EN,
        Lang::Fr => &FR,
    }
}

/// What the page's script shows as an attempt goes on.
#[derive(Serialize)]
pub struct ScriptMessages {
    sending: &'static str,
    waiting: &'static str,
    paid: &'static str,
    ambiguous: &'static str,
    cancelled: &'static str,
    expired: &'static str,
    failed: &'static str,
    network: &'static str,
    amount_invalid: &'static str,
    failure_invalid_msisdn: &'static str,
    failure_provider_unavailable: &'static str,
    failure_declined: &'static str,
}

pub fn script_messages(lang: Lang) -> ScriptMessages {
    let m = messages(lang);
    match lang {
        Lang::En => ScriptMessages {
            sending: "Sending the request to your operator…",
            waiting: "Approve the prompt on your phone…",
            paid: m.paid,
            ambiguous: m.ambiguous,
            cancelled: m.cancelled,
            expired: m.expired,
            failed: m.failed,
            network: "The connection failed. Check your network and try again.",
            amount_invalid: "Enter the amount to pay, greater than 0.",
            failure_invalid_msisdn: "No mobile money wallet answers at this number. Check it and try again.",
            failure_provider_unavailable: "The operator is not answering right now. Try again in a moment.",
            failure_declined: "The payment was declined on the phone. You can try again.",
        },
        Lang::Fr => ScriptMessages {
            sending: "Envoi de la demande à votre opérateur…",
            waiting: "Validez la demande sur votre téléphone…",
            paid: m.paid,
            ambiguous: m.ambiguous,
            cancelled: m.cancelled,
            expired: m.expired,
            failed: m.failed,
            network: "La connexion a échoué. Vérifiez votre réseau et réessayez.",
            amount_invalid: "Saisissez le montant à payer, supérieur à 0.",
            failure_invalid_msisdn: "Aucun portefeuille mobile money ne répond à ce numéro. Vérifiez-le et réessayez.",
            failure_provider_unavailable: "L'opérateur ne répond pas pour le moment. Réessayez dans un instant.",
            failure_declined: "Le paiement a été refusé sur le téléphone. Vous pouvez réessayer.",
        },
    }
}

/// The sandbox challenge page's words.
pub struct ChallengeMessages {
    pub title: &'static str,
    pub message: &'static str,
    pub card: &'static str,
    pub complete: &'static str,
    pub fail: &'static str,
    pub nothing_waiting: &'static str,
}

pub fn challenge_messages(lang: Lang) -> &'static ChallengeMessages {
    match lang {
        Lang::En => &ChallengeMessages {
            title: "Confirm this card payment",
            message: "Sandbox: this page stands in for your bank's 3-D Secure check. Complete it to pay, or fail it to see a refused check.",
            card: "Card",
            complete: "Complete",
            fail: "Fail",
            nothing_waiting: "No card check is waiting for this payment. Go back to the checkout page.",
        },
        Lang::Fr => &ChallengeMessages {
            title: "Confirmez ce paiement par carte",
            message: "Bac à sable : cette page remplace la vérification 3-D Secure de votre banque. Validez-la pour payer, ou faites-la échouer pour voir un refus.",
            card: "Carte",
            complete: "Valider",
            fail: "Échouer",
            nothing_waiting: "Aucune vérification de carte n'attend pour ce paiement. Retournez à la page de paiement.",
        },
    }
}
