//! The hosted pages' words, in English and French.

use serde::Serialize;

use crate::domain::subscriptions::calendar::Interval;

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
    pub secured: &'static str,
    pub paid: &'static str,
    pub cancelled: &'static str,
    pub expired: &'static str,
    pub failed: &'static str,
    pub ambiguous: &'static str,
    pub not_found_title: &'static str,
    pub not_found: &'static str,
    /// An address the gateway has no page at (a browser's not-found page).
    pub page_not_found_title: &'static str,
    pub page_not_found: &'static str,
    /// The way back from a page that ends a journey (not found, expired).
    pub go_back: &'static str,
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
    /// The way back to the merchant, which leaves the payment open (`{merchant}`).
    pub back: &'static str,
    /// The way back when the merchant has no name.
    pub back_plain: &'static str,
    /// The payer's own cancel, behind a confirmation.
    pub cancel_payment: &'static str,
    pub cancel_warning: &'static str,
    pub cancel_confirm: &'static str,
    /// A copy button, for the bank details.
    pub copy: &'static str,
    /// A bank transfer partly received.
    pub bank_received: &'static str,
    pub bank_remaining: &'static str,
    /// The time zone of a time the page shows.
    pub utc: &'static str,
    /// A payment link's amount: its hint and errors (`{min}`, `{max}`).
    pub amount_example: &'static str,
    pub amount_between: &'static str,
    pub amount_at_least: &'static str,
    pub amount_at_most: &'static str,
    pub amount_unreadable: &'static str,
    pub amount_below: &'static str,
    pub amount_above: &'static str,
    pub continue_to_pay: &'static str,
    /// A form post without its page's token.
    pub form_expired_title: &'static str,
    pub form_expired: &'static str,
    /// The receipt (page and PDF).
    pub receipt_title: &'static str,
    pub receipt_heading: &'static str,
    pub receipt_paid_to: &'static str,
    pub receipt_date: &'static str,
    pub receipt_reference: &'static str,
    pub receipt_description: &'static str,
    pub receipt_transaction: &'static str,
    pub receipt_method: &'static str,
    pub receipt_payer: &'static str,
    pub receipt_pdf: &'static str,
    pub receipt_view: &'static str,
    pub receipt_keep: &'static str,
    pub receipt_not_paid: &'static str,
    pub method_mobile_money: &'static str,
    pub method_card: &'static str,
    pub method_bank: &'static str,
    pub method_wallet: &'static str,
    /// A checkout session's line items.
    pub items_item: &'static str,
    pub items_quantity: &'static str,
    pub items_unit: &'static str,
    pub items_total: &'static str,
    /// The limiter's page.
    pub too_many_title: &'static str,
    pub too_many: &'static str,
}

const EN: Messages = Messages {
    title: "Pay",
    operator: "Mobile money operator",
    amount: "Amount to pay",
    phone: "Your mobile money number",
    instructions: "You will get a prompt on your phone: approve it with your PIN.",
    pay: "Pay",
    secured: "Secured by paygate",
    paid: "Payment received. Thank you!",
    cancelled: "This payment was cancelled.",
    expired: "This payment has expired.",
    failed: "The payment did not go through.",
    ambiguous: "We are checking this payment with the operator. Do not pay again; the merchant will confirm.",
    not_found_title: "Payment not found",
    not_found: "This payment link is not valid. Ask the merchant for a new one.",
    page_not_found_title: "Page not found",
    page_not_found: "There is no page at this address. Check the link you were sent.",
    go_back: "Go back",
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
    back: "Back to {merchant}",
    back_plain: "Back",
    cancel_payment: "Cancel this payment",
    cancel_warning: "The payment is closed for good and this link stops working. To come back later, just leave this page.",
    cancel_confirm: "Yes, cancel the payment",
    copy: "Copy",
    bank_received: "Already received",
    bank_remaining: "Amount still to send",
    utc: "UTC",
    amount_example: "For example 1,000.50",
    amount_between: "Between {min} and {max}",
    amount_at_least: "At least {min}",
    amount_at_most: "At most {max}",
    amount_unreadable: "Enter an amount in numbers, for example 1,000.50.",
    amount_below: "The amount must be at least {min}.",
    amount_above: "The amount must be at most {max}.",
    continue_to_pay: "Continue to payment",
    form_expired_title: "Page expired",
    form_expired: "This form is no longer valid. Open the page again and retry.",
    receipt_title: "Receipt",
    receipt_heading: "Payment receipt",
    receipt_paid_to: "Paid to",
    receipt_date: "Date",
    receipt_reference: "Merchant reference",
    receipt_description: "For",
    receipt_transaction: "Transaction ID",
    receipt_method: "Payment method",
    receipt_payer: "Paid from",
    receipt_pdf: "Download the receipt (PDF)",
    receipt_view: "View your receipt",
    receipt_keep: "Keep this receipt as proof of payment.",
    receipt_not_paid: "This payment is not complete yet: its receipt is issued once it is paid.",
    method_mobile_money: "Mobile money",
    method_card: "Card",
    method_bank: "Bank transfer",
    method_wallet: "Wallet",
    items_item: "Item",
    items_quantity: "Qty",
    items_unit: "Unit price",
    items_total: "Total",
    too_many_title: "Too many requests",
    too_many: "Too many pages were opened from your network in the last minute. Wait a minute and try again.",
};

const FR: Messages = Messages {
    title: "Payer",
    operator: "Opérateur mobile money",
    amount: "Montant à payer",
    phone: "Votre numéro mobile money",
    instructions: "Vous recevrez une demande sur votre téléphone : validez-la avec votre code PIN.",
    pay: "Payer",
    secured: "Sécurisé par paygate",
    paid: "Paiement reçu. Merci !",
    cancelled: "Ce paiement a été annulé.",
    expired: "Ce paiement a expiré.",
    failed: "Le paiement n'a pas abouti.",
    ambiguous: "Nous vérifions ce paiement auprès de l'opérateur. Ne payez pas une seconde fois ; le marchand confirmera.",
    not_found_title: "Paiement introuvable",
    not_found: "Ce lien de paiement n'est pas valide. Demandez-en un nouveau au marchand.",
    page_not_found_title: "Page introuvable",
    page_not_found: "Il n'y a pas de page à cette adresse. Vérifiez le lien que vous avez reçu.",
    go_back: "Revenir en arrière",
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
    back: "Retour à {merchant}",
    back_plain: "Retour",
    cancel_payment: "Annuler ce paiement",
    cancel_warning: "Le paiement est clos définitivement et ce lien ne fonctionne plus. Pour revenir plus tard, quittez simplement cette page.",
    cancel_confirm: "Oui, annuler le paiement",
    copy: "Copier",
    bank_received: "Déjà reçu",
    bank_remaining: "Montant restant à envoyer",
    utc: "UTC",
    amount_example: "Par exemple 1 000,50",
    amount_between: "Entre {min} et {max}",
    amount_at_least: "Au moins {min}",
    amount_at_most: "Au plus {max}",
    amount_unreadable: "Saisissez un montant en chiffres, par exemple 1 000,50.",
    amount_below: "Le montant doit être d'au moins {min}.",
    amount_above: "Le montant doit être d'au plus {max}.",
    continue_to_pay: "Continuer vers le paiement",
    form_expired_title: "Page expirée",
    form_expired: "Ce formulaire n'est plus valide. Rouvrez la page et réessayez.",
    receipt_title: "Reçu",
    receipt_heading: "Reçu de paiement",
    receipt_paid_to: "Payé à",
    receipt_date: "Date",
    receipt_reference: "Référence du marchand",
    receipt_description: "Objet",
    receipt_transaction: "N° de transaction",
    receipt_method: "Moyen de paiement",
    receipt_payer: "Payé depuis",
    receipt_pdf: "Télécharger le reçu (PDF)",
    receipt_view: "Voir votre reçu",
    receipt_keep: "Conservez ce reçu comme preuve de paiement.",
    receipt_not_paid: "Ce paiement n'est pas encore terminé : son reçu est émis une fois payé.",
    method_mobile_money: "Mobile money",
    method_card: "Carte",
    method_bank: "Virement bancaire",
    method_wallet: "Portefeuille",
    items_item: "Article",
    items_quantity: "Qté",
    items_unit: "Prix unitaire",
    items_total: "Total",
    too_many_title: "Trop de demandes",
    too_many: "Trop de pages ont été ouvertes depuis votre réseau au cours de la dernière minute. Attendez une minute et réessayez.",
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
    copied: &'static str,
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
            copied: "Copied",
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
            copied: "Copié",
        },
    }
}

/// Why the page refused a form post (the page without script), by the
/// field the refusal names.
pub fn form_refusal(lang: Lang, param: &str) -> &'static str {
    let m = script_messages(lang);
    match param {
        "amount" | "amount_minor" => m.amount_invalid,
        "msisdn" | "customer_msisdn" => m.failure_invalid_msisdn,
        "operator" => m.rail_unavailable,
        "exp_month" | "exp_year" => m.card_expiry_invalid,
        "cvc" => m.card_cvc_invalid,
        "number" | "card" | "card.number" => m.card_invalid,
        _ => m.failed,
    }
}

/// What the page says while an attempt waits for the payer's phone.
pub fn waiting(lang: Lang) -> &'static str {
    script_messages(lang).waiting
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

/// The subscribe page's words (`pages/subscribe.rs`).
pub struct SubscribeWords {
    pub per: fn(Interval, u32) -> String,
    pub trial: &'static str,
    pub tax: &'static str,
    pub usage: &'static str,
    pub phone: &'static str,
    pub email: &'static str,
    pub subscribe: &'static str,
    pub start_trial: &'static str,
    pub instructions: &'static str,
    pub trial_started_title: &'static str,
    pub trial_started: &'static str,
    pub subscribed_title: &'static str,
    pub subscribed: &'static str,
    pub inactive_title: &'static str,
    pub inactive: &'static str,
    pub secured: &'static str,
    /// The confirmation's line naming the plan and its merchant: "{plan} · {merchant}".
    pub plan_of: &'static str,
    /// The way to cancel, on the confirmation and the cancel page.
    pub cancel_link: &'static str,
    pub cancel_title: &'static str,
    pub cancel_question: &'static str,
    pub cancel_button: &'static str,
    pub cancelled_title: &'static str,
    pub cancelled: &'static str,
}

fn per_en(interval: Interval, count: u32) -> String {
    let unit = interval.as_str();
    if count == 1 {
        format!("per {unit}")
    } else {
        format!("every {count} {unit}s")
    }
}

fn per_fr(interval: Interval, count: u32) -> String {
    let (one, many) = match interval {
        Interval::Day => ("jour", "jours"),
        Interval::Week => ("semaine", "semaines"),
        Interval::Month => ("mois", "mois"),
        Interval::Year => ("an", "ans"),
    };
    if count == 1 {
        format!("par {one}")
    } else {
        format!("tous les {count} {many}")
    }
}

const SUBSCRIBE_EN: SubscribeWords = SubscribeWords {
    per: per_en,
    trial: "days free, then billed each period",
    tax: "plus",
    usage: "per",
    phone: "Your mobile money number",
    email: "E-mail (optional)",
    subscribe: "Subscribe and pay",
    start_trial: "Start the free trial",
    instructions: "Each period you get a payment prompt on your phone: approve it with your PIN. You can cancel at any time.",
    trial_started_title: "Your trial has started",
    trial_started: "Your free trial has started. Your first payment request comes on",
    subscribed_title: "Subscribed",
    subscribed: "You are subscribed: the first period was paid from your paygate wallet.",
    inactive_title: "Plan not available",
    inactive: "This plan takes no new subscriptions. Ask the merchant for another one.",
    secured: "Secured by paygate",
    plan_of: "Plan",
    cancel_link: "Cancel this subscription",
    cancel_title: "Cancel your subscription",
    cancel_question: "Stop this subscription? Nothing more is asked of you; it ends at the end of the period already paid or started.",
    cancel_button: "Cancel the subscription",
    cancelled_title: "Subscription cancelled",
    cancelled: "Your subscription is cancelled: no further payment will be requested. It ends on",
};

const SUBSCRIBE_FR: SubscribeWords = SubscribeWords {
    per: per_fr,
    trial: "jours gratuits, puis facturé à chaque période",
    tax: "plus",
    usage: "par",
    phone: "Votre numéro mobile money",
    email: "E-mail (facultatif)",
    subscribe: "S'abonner et payer",
    start_trial: "Commencer l'essai gratuit",
    instructions: "À chaque période, vous recevez une demande de paiement sur votre téléphone : validez-la avec votre code PIN. Vous pouvez résilier à tout moment.",
    trial_started_title: "Votre essai a commencé",
    trial_started: "Votre essai gratuit a commencé. Votre première demande de paiement arrivera le",
    subscribed_title: "Abonnement confirmé",
    subscribed: "Vous êtes abonné : la première période a été payée depuis votre portefeuille paygate.",
    inactive_title: "Offre indisponible",
    inactive: "Cette offre n'accepte plus de nouveaux abonnements. Demandez-en une autre au marchand.",
    secured: "Sécurisé par paygate",
    plan_of: "Offre",
    cancel_link: "Résilier cet abonnement",
    cancel_title: "Résilier votre abonnement",
    cancel_question: "Arrêter cet abonnement ? Plus rien ne vous sera demandé ; il prend fin à la fin de la période déjà payée ou commencée.",
    cancel_button: "Résilier l'abonnement",
    cancelled_title: "Abonnement résilié",
    cancelled: "Votre abonnement est résilié : aucun autre paiement ne sera demandé. Il prend fin le",
};

pub fn subscribe_words(lang: Lang) -> &'static SubscribeWords {
    match lang {
        Lang::En => &SUBSCRIBE_EN,
        Lang::Fr => &SUBSCRIBE_FR,
    }
}
