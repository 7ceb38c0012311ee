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
    /// The checkout page's rail tabs, card form and bank view (issue 27).
    pub tab_mobile_money: &'static str,
    pub tab_card: &'static str,
    pub tab_bank: &'static str,
    pub card_number: &'static str,
    pub card_expiry: &'static str,
    pub card_cvc: &'static str,
    pub card_holder: &'static str,
    /// Live mode: the card is typed on the card aggregator's page (issue 28).
    pub card_hosted_intro: &'static str,
    pub bank_intro: &'static str,
    pub bank_start: &'static str,
    pub bank_title: &'static str,
    pub bank_bank: &'static str,
    pub bank_account_name: &'static str,
    pub bank_account_number: &'static str,
    pub bank_swift: &'static str,
    pub bank_reference: &'static str,
    pub bank_amount: &'static str,
    pub bank_expires: &'static str,
    pub bank_note: &'static str,
    /// A live operator whose provider's circuit is open (`{operator}`: its name).
    pub operator_unavailable: &'static str,
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
    tab_mobile_money: "Mobile money",
    tab_card: "Card",
    tab_bank: "Bank transfer",
    card_number: "Card number",
    card_expiry: "Expiry (MM / YY)",
    card_cvc: "Security code (CVC)",
    card_holder: "Name on the card",
    card_hosted_intro: "You type your card on our card partner's secure payment page; you come back here when it is done.",
    bank_intro: "Pay from your bank account: we give you our account details and a reference to quote.",
    bank_start: "Get the bank details",
    bank_title: "Send a bank transfer",
    bank_bank: "Bank",
    bank_account_name: "Account name",
    bank_account_number: "Account number",
    bank_swift: "SWIFT / BIC",
    bank_reference: "Reference to quote",
    bank_amount: "Amount",
    bank_expires: "Pay before",
    bank_note: "Quote the reference exactly, or we cannot match your transfer. This page updates when the money arrives.",
    operator_unavailable: "{operator}: operator unavailable, try another.",
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
    tab_mobile_money: "Mobile money",
    tab_card: "Carte",
    tab_bank: "Virement bancaire",
    card_number: "Numéro de carte",
    card_expiry: "Expiration (MM / AA)",
    card_cvc: "Code de sécurité (CVC)",
    card_holder: "Nom sur la carte",
    card_hosted_intro: "Vous saisissez votre carte sur la page de paiement sécurisée de notre partenaire ; vous revenez ici ensuite.",
    bank_intro: "Payez depuis votre compte bancaire : nous vous donnons nos coordonnées et une référence à indiquer.",
    bank_start: "Obtenir les coordonnées bancaires",
    bank_title: "Faites un virement",
    bank_bank: "Banque",
    bank_account_name: "Titulaire du compte",
    bank_account_number: "Numéro de compte",
    bank_swift: "SWIFT / BIC",
    bank_reference: "Référence à indiquer",
    bank_amount: "Montant",
    bank_expires: "À payer avant le",
    bank_note: "Indiquez exactement la référence, sinon nous ne pourrons pas rapprocher votre virement. Cette page se met à jour à l'arrivée des fonds.",
    operator_unavailable: "{operator} : opérateur indisponible, essayez-en un autre.",
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
    failure_insufficient_funds: &'static str,
    failure_expired_card: &'static str,
    failure_incorrect_cvc: &'static str,
    failure_authentication_failed: &'static str,
    card_invalid: &'static str,
    card_expiry_invalid: &'static str,
    card_cvc_invalid: &'static str,
    card_sending: &'static str,
    challenge: &'static str,
    rail_unavailable: &'static str,
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
            failure_declined: "The payment was declined. You can try again or use another method.",
            failure_insufficient_funds: "The card has not enough funds. Try another card or method.",
            failure_expired_card: "The card has expired. Try another card.",
            failure_incorrect_cvc: "The security code is not right. Check it and try again.",
            failure_authentication_failed: "Your bank's check did not succeed. You can try again.",
            card_invalid: "This card number is not valid. Check it and try again.",
            card_expiry_invalid: "Enter the expiry as MM / YY, not in the past.",
            card_cvc_invalid: "Enter the 3 or 4 digit security code.",
            card_sending: "Sending the payment to your bank…",
            challenge: "Your bank asks you to confirm: opening its check…",
            rail_unavailable: "Operator unavailable, try another.",
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
            failure_declined: "Le paiement a été refusé. Vous pouvez réessayer ou choisir un autre moyen.",
            failure_insufficient_funds: "La carte n'a pas assez de fonds. Essayez une autre carte ou un autre moyen.",
            failure_expired_card: "La carte a expiré. Essayez une autre carte.",
            failure_incorrect_cvc: "Le code de sécurité est incorrect. Vérifiez-le et réessayez.",
            failure_authentication_failed: "La vérification de votre banque a échoué. Vous pouvez réessayer.",
            card_invalid: "Ce numéro de carte n'est pas valide. Vérifiez-le et réessayez.",
            card_expiry_invalid: "Saisissez l'expiration au format MM / AA, pas dans le passé.",
            card_cvc_invalid: "Saisissez le code de sécurité à 3 ou 4 chiffres.",
            card_sending: "Envoi du paiement à votre banque…",
            challenge: "Votre banque vous demande de confirmer : ouverture de sa vérification…",
            rail_unavailable: "Opérateur indisponible, essayez-en un autre.",
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
