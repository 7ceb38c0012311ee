//! The console's words, in English and French: one table of
//! `(key, English, French)`, read with [`t`]. A missing key shows itself (and
//! the unit test below catches a duplicate).

pub use crate::http::pages::Lang;

const WORDS: &[(&str, &str, &str)] = &[
    ("console", "Console", "Console"),
    ("sign_in", "Sign in", "Se connecter"),
    (
        "sign_in_title",
        "Sign in to the console",
        "Connexion à la console",
    ),
    ("email", "E-mail", "E-mail"),
    ("password", "Password", "Mot de passe"),
    (
        "login_wrong",
        "The e-mail or password is wrong, or the member is disabled.",
        "L'e-mail ou le mot de passe est incorrect, ou le membre est désactivé.",
    ),
    (
        "login_locked",
        "Too many failed attempts: try again in 15 minutes.",
        "Trop d'échecs : réessayez dans 15 minutes.",
    ),
    (
        "csrf_refused",
        "This form did not come from the console (or it is too old): reload the page and try again.",
        "Ce formulaire ne vient pas de la console (ou il est trop ancien) : rechargez la page et réessayez.",
    ),
    ("log_out", "Log out", "Se déconnecter"),
    ("test_mode", "Test mode", "Mode test"),
    ("live_mode", "Live mode", "Mode réel"),
    ("to_live", "Switch to live", "Passer en réel"),
    ("to_test", "Switch to test", "Passer en test"),
    (
        "test_banner",
        "Test data: nothing here moves real money.",
        "Données de test : rien ici ne déplace d'argent réel.",
    ),
    ("nav", "Main", "Principal"),
    ("skip", "Skip to content", "Aller au contenu"),
    ("home", "Home", "Accueil"),
    ("payments", "Payments", "Paiements"),
    ("payouts", "Payouts", "Virements"),
    ("settlement", "Settlement", "Règlement"),
    ("developers", "Developers", "Développeurs"),
    ("team", "Team", "Équipe"),
    ("audit_log", "Audit log", "Journal d'audit"),
    ("refunds", "Refunds", "Remboursements"),
    ("disputes", "Disputes", "Litiges"),
    ("wallets", "Wallets", "Portefeuilles"),
    ("available", "Available", "Disponible"),
    ("pending", "Pending", "En attente"),
    ("held", "Held", "Bloqué"),
    ("in_transit", "In transit", "En transit"),
    ("test_clocks", "Test clocks", "Horloges de test"),
    ("frozen_time", "Frozen at", "Figée à"),
    ("attached", "Attached", "Attachée"),
    ("deadline", "Evidence due", "Preuves attendues le"),
    ("evidence", "Evidence", "Preuves"),
    (
        "evidence_files",
        "File references (comma-separated)",
        "Références des fichiers (séparées par des virgules)",
    ),
    (
        "submit_evidence",
        "Send the evidence",
        "Envoyer les preuves",
    ),
    (
        "done_evidence",
        "Evidence sent: the dispute is under review.",
        "Preuves envoyées : le litige est en cours d'examen.",
    ),
    ("language", "Language", "Langue"),
    ("role", "Role", "Rôle"),
    // Home
    ("balances", "Balances", "Soldes"),
    ("currency", "Currency", "Devise"),
    ("class", "Class", "Classe"),
    ("amount", "Amount", "Montant"),
    (
        "no_balances",
        "No balance yet.",
        "Aucun solde pour l'instant.",
    ),
    ("volume", "Volume", "Volume"),
    ("today", "Today", "Aujourd'hui"),
    ("this_month", "This month", "Ce mois-ci"),
    (
        "success_rate",
        "Success rate by rail",
        "Taux de réussite par rail",
    ),
    ("rail", "Rail", "Rail"),
    ("attempts", "Attempts", "Tentatives"),
    ("succeeded", "Succeeded", "Réussies"),
    ("rate", "Rate", "Taux"),
    (
        "chart_title",
        "Volume received, last 14 days",
        "Volume reçu, 14 derniers jours",
    ),
    (
        "sample_note",
        "From the newest 1,000 payments.",
        "Sur les 1 000 paiements les plus récents.",
    ),
    ("nothing_yet", "Nothing yet.", "Rien pour l'instant."),
    // Payments
    ("status", "Status", "Statut"),
    ("any", "Any", "Tous"),
    ("reference", "Reference", "Référence"),
    ("number", "Phone number", "Numéro de téléphone"),
    ("amount_from", "Amount from", "Montant min."),
    ("amount_to", "Amount to", "Montant max."),
    ("date_from", "From date", "Du"),
    ("date_to", "To date", "Au"),
    ("filter", "Filter", "Filtrer"),
    ("created", "Created", "Créé"),
    ("id", "Id", "Id"),
    ("description", "Description", "Description"),
    (
        "no_payments",
        "No payment matches.",
        "Aucun paiement ne correspond.",
    ),
    ("payment", "Payment", "Paiement"),
    ("timeline", "Timeline", "Chronologie"),
    ("when", "When", "Quand"),
    ("what", "What", "Quoi"),
    ("operator", "Operator", "Opérateur"),
    ("failure", "Failure", "Échec"),
    ("fees", "Fees", "Frais"),
    ("fee", "Fee", "Frais"),
    ("net", "Net", "Net"),
    ("splits", "Splits", "Répartitions"),
    ("events", "Events", "Événements"),
    ("type", "Type", "Type"),
    ("refund", "Refund", "Rembourser"),
    ("refund_amount", "Amount to refund", "Montant à rembourser"),
    ("reason", "Reason", "Motif"),
    ("refundable", "Refundable", "Remboursable"),
    ("capture", "Capture", "Encaisser"),
    (
        "cancel_payment",
        "Cancel the payment",
        "Annuler le paiement",
    ),
    ("done_refund", "Refund created.", "Remboursement créé."),
    ("done_capture", "Payment captured.", "Paiement encaissé."),
    ("done_cancel", "Payment cancelled.", "Paiement annulé."),
    ("received", "Received", "Reçu"),
    ("refunded", "Refunded", "Remboursé"),
    (
        "reason_requested_by_customer",
        "Requested by the customer",
        "Demandé par le client",
    ),
    ("reason_duplicate", "Duplicate", "Doublon"),
    ("reason_fraudulent", "Fraudulent", "Frauduleux"),
    ("approve", "Approve", "Approuver"),
    ("reject", "Reject", "Rejeter"),
    (
        "awaiting_approval",
        "Refunds awaiting approval",
        "Remboursements en attente d'approbation",
    ),
    ("done_approve", "Approved.", "Approuvé."),
    ("done_reject", "Rejected.", "Rejeté."),
    // Developers
    ("api_keys", "API keys", "Clés d'API"),
    ("name", "Name", "Nom"),
    ("kind", "Kind", "Type"),
    ("mode", "Mode", "Mode"),
    ("prefix", "Key", "Clé"),
    ("scopes", "Scopes", "Portées"),
    ("create_key", "Create a key", "Créer une clé"),
    ("rotate", "Rotate", "Renouveler"),
    ("revoke", "Revoke", "Révoquer"),
    ("pin", "Your PIN", "Votre code PIN"),
    (
        "pin_hint",
        "Live keys need your PIN (step-up).",
        "Les clés réelles demandent votre code PIN.",
    ),
    (
        "secret_once",
        "Copy this secret now: it is shown once.",
        "Copiez ce secret maintenant : il n'est montré qu'une fois.",
    ),
    ("done_revoke", "Key revoked.", "Clé révoquée."),
    (
        "webhooks",
        "Webhook endpoints",
        "Points de terminaison webhook",
    ),
    ("url", "URL", "URL"),
    (
        "add_endpoint",
        "Add an endpoint",
        "Ajouter un point de terminaison",
    ),
    ("deliveries", "Deliveries", "Livraisons"),
    ("replay", "Replay", "Rejouer"),
    (
        "done_replay",
        "Delivery queued again.",
        "Livraison remise en file.",
    ),
    (
        "done_endpoint",
        "Endpoint added.",
        "Point de terminaison ajouté.",
    ),
    ("event_log", "Event log", "Journal des événements"),
    ("back", "Back", "Retour"),
    ("response", "Response", "Réponse"),
    ("expires", "Expires", "Expire"),
    (
        "grace",
        "Old key valid for (hours)",
        "Ancienne clé valable (heures)",
    ),
    // Team
    ("members", "Members", "Membres"),
    ("invite", "Invite a member", "Inviter un membre"),
    (
        "temp_password",
        "Temporary password (12+ characters)",
        "Mot de passe provisoire (12 caractères ou plus)",
    ),
    (
        "new_pin",
        "PIN (4 to 12 digits)",
        "Code PIN (4 à 12 chiffres)",
    ),
    ("disable", "Disable", "Désactiver"),
    ("change_role", "Change role", "Changer le rôle"),
    ("active", "Active", "Actif"),
    ("disabled", "Disabled", "Désactivé"),
    ("done_invite", "Member added.", "Membre ajouté."),
    ("done_role", "Role changed.", "Rôle modifié."),
    ("done_disable", "Member disabled.", "Membre désactivé."),
    ("actor", "Actor", "Acteur"),
    ("action", "Action", "Action"),
    ("target", "Target", "Cible"),
    ("older", "Older", "Plus anciens"),
    // Payouts
    ("batches", "Payout batches", "Lots de virements"),
    (
        "upload_batch",
        "Upload a batch (CSV)",
        "Téléverser un lot (CSV)",
    ),
    ("csv_file", "CSV file", "Fichier CSV"),
    ("csv_text", "CSV text", "Texte CSV"),
    (
        "skip_invalid",
        "Pay the valid rows, skip the invalid ones",
        "Payer les lignes valides, ignorer les invalides",
    ),
    ("upload", "Upload and validate", "Téléverser et valider"),
    ("rows", "Rows", "Lignes"),
    ("row", "Row", "Ligne"),
    ("errors", "Errors", "Erreurs"),
    ("total", "Total", "Total"),
    ("author", "Made by", "Créé par"),
    (
        "approve_pin",
        "Approve with your PIN",
        "Approuver avec votre code PIN",
    ),
    ("cancel_batch", "Cancel the batch", "Annuler le lot"),
    (
        "done_batch",
        "Batch uploaded: check its rows, then a second member approves it.",
        "Lot téléversé : vérifiez ses lignes, puis un second membre l'approuve.",
    ),
    ("done_batch_approve", "Batch approved.", "Lot approuvé."),
    ("done_batch_cancel", "Batch cancelled.", "Lot annulé."),
    ("outcome", "Outcome", "Résultat"),
    ("valid", "Valid", "Valides"),
    ("invalid", "Invalid", "Invalides"),
    // Settlement
    ("cycles", "Settlement cycles", "Cycles de règlement"),
    ("period", "Period", "Période"),
    ("statement", "Statement", "Relevé"),
    ("download_pdf", "PDF", "PDF"),
    ("download_csv", "CSV", "CSV"),
    ("profiles", "Settlement profiles", "Profils de règlement"),
    ("open", "Open", "Ouvert"),
];

/// The word `key` in `lang`.
pub fn t(lang: Lang, key: &str) -> &'static str {
    match WORDS.iter().find(|(k, _, _)| *k == key) {
        Some((_, en, fr)) => match lang {
            Lang::En => en,
            Lang::Fr => fr,
        },
        None => "?",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_is_named_once_and_has_both_languages() {
        let mut seen = std::collections::BTreeSet::new();
        for (key, en, fr) in WORDS {
            assert!(seen.insert(*key), "{key} twice");
            assert!(!en.is_empty() && !fr.is_empty(), "{key}");
        }
        assert_eq!(t(Lang::Fr, "payments"), "Paiements");
        assert_eq!(t(Lang::En, "no such word"), "?");
    }
}
