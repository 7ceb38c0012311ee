//! The directory of verified receiving institutions (schools, hospitals,
//! utilities, ...) that diaspora quotes pay, with the purposes each accepts.
//!
//! Stored in `meta` at `institutions` as one list, replaced as a whole by
//! `paygate institutions import FILE` (format: `docs/diaspora.md`). Until a
//! directory is imported, the sandbox's defaults stand: institutions with no
//! organisation, payable in test mode only, whose money is held in the
//! ledger under the institution's own id.

use crate::error::Missing;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, Code};
use crate::mode::Mode;
use crate::store::{Meta, Read, Tx};

/// The not-found answer about a institution.
pub const MISSING_INSTITUTION: Missing = Missing::new(Code::InstitutionNotFound, "institution");

/// The `meta` key of the imported directory.
/// Institutions in the directory at most.
pub const INSTITUTIONS_MAX: usize = 5_000;
const NAME_CHARS_MAX: usize = 120;
const TAG_CHARS_MAX: usize = 40;
const ID_CHARS_MAX: usize = 48;

/// Purposes a diaspora quote may carry; restricted ones reach verified
/// institutions only (origin section 23). Every quote here pays an institution.
pub const PURPOSES: [(&str, bool); 8] = [
    ("SCHOOL", true),
    ("HEALTH", true),
    ("RENT", true),
    ("UTILITY", true),
    ("GOVERNMENT_FEE", true),
    ("TAX", true),
    ("FAMILY_SUPPORT", false),
    ("DONATION", false),
];

pub const KINDS: [&str; 7] = [
    "school",
    "hospital",
    "utility",
    "government",
    "ngo",
    "landlord",
    "cooperative",
];

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Institution {
    /// `ins_` and 1 to 44 of `a-z 0-9 _`.
    pub id: String,
    pub name: String,
    /// school, hospital, utility, government, ngo, landlord, cooperative.
    pub kind: String,
    /// ISO 3166 alpha-2, upper case.
    pub country: String,
    pub purpose_codes: Vec<String>,
    #[serde(default)]
    pub tag: Option<String>,
    /// The organisation of this gateway that receives its money; none for
    /// the sandbox's defaults (test mode only).
    #[serde(default)]
    pub organisation: Option<String>,
}

impl Institution {
    /// The ledger owner its money is credited to in `mode`, or `None` when
    /// it cannot receive money in that mode.
    pub fn payee(&self, mode: Mode) -> Option<&str> {
        match (&self.organisation, mode) {
            (Some(org), _) => Some(org),
            (None, Mode::Test) => Some(&self.id),
            (None, Mode::Live) => None,
        }
    }
}

fn sandbox(id: &str, name: &str, kind: &str, purposes: &[&str], tag: &str) -> Institution {
    Institution {
        id: id.into(),
        name: name.into(),
        kind: kind.into(),
        country: "CD".into(),
        purpose_codes: purposes.iter().map(|p| p.to_string()).collect(),
        tag: Some(tag.into()),
        organisation: None,
    }
}

/// The sandbox's directory.
pub fn sandbox_defaults() -> Vec<Institution> {
    vec![
        sandbox(
            "ins_sandbox_school",
            "Complexe Scolaire Sandbox Kinshasa",
            "school",
            &["SCHOOL", "DONATION"],
            "ecole-sandbox",
        ),
        sandbox(
            "ins_sandbox_hospital",
            "Hôpital Sandbox de Lubumbashi",
            "hospital",
            &["HEALTH"],
            "hopital-sandbox",
        ),
        sandbox(
            "ins_sandbox_utility",
            "Régie Sandbox des Eaux",
            "utility",
            &["UTILITY"],
            "eau-sandbox",
        ),
        sandbox(
            "ins_sandbox_tax",
            "Direction Sandbox des Recettes",
            "government",
            &["TAX", "GOVERNMENT_FEE"],
            "impots-sandbox",
        ),
    ]
}

/// The directory: the imported one, else the sandbox's defaults.
pub fn directory(read: &impl Read) -> Result<Vec<Institution>, ApiError> {
    let imported: Option<Vec<Institution>> = read.meta(Meta::Institutions)?;
    Ok(imported.unwrap_or_else(sandbox_defaults))
}

pub fn find(read: &impl Read, id: &str) -> Result<Option<Institution>, ApiError> {
    Ok(directory(read)?.into_iter().find(|i| i.id == id))
}

/// `GET /institutions` filters: country exact, purpose among its codes,
/// `q` a case-insensitive part of the name; by name.
pub fn search(
    all: Vec<Institution>,
    country: Option<&str>,
    purpose: Option<&str>,
    q: Option<&str>,
) -> Vec<Institution> {
    let q = q.map(str::to_lowercase);
    let mut found: Vec<Institution> = all
        .into_iter()
        .filter(|i| country.is_none_or(|c| i.country == c))
        .filter(|i| purpose.is_none_or(|p| i.purpose_codes.iter().any(|c| c == p)))
        .filter(|i| q.as_ref().is_none_or(|q| i.name.to_lowercase().contains(q)))
        .collect();
    found.sort_by(|a, b| a.name.cmp(&b.name));
    found
}

pub fn is_purpose(code: &str) -> bool {
    PURPOSES.iter().any(|(p, _)| *p == code)
}

/// The import file: `{"institutions": [...]}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportFile {
    pub institutions: Vec<Institution>,
}

/// Replaces the directory with `file`'s institutions, every one checked
/// first (nothing is written when one is wrong; the message names it).
pub fn import(tx: &mut Tx<'_>, file: ImportFile) -> Result<usize, ApiError> {
    let list = file.institutions;
    if list.len() > INSTITUTIONS_MAX {
        return Err(invalid(format!(
            "at most {INSTITUTIONS_MAX} institutions (got {})",
            list.len()
        )));
    }
    let mut ids = std::collections::BTreeSet::new();
    for (n, i) in list.iter().enumerate() {
        check(tx, i).map_err(|why| invalid(format!("institutions[{n}] ({}): {why}", i.id)))?;
        if !ids.insert(i.id.clone()) {
            return Err(invalid(format!(
                "institutions[{n}]: the id {} is repeated",
                i.id
            )));
        }
    }
    tx.put_meta(Meta::Institutions, &list)?;
    Ok(list.len())
}

fn invalid(message: String) -> ApiError {
    ApiError::new(Code::ValidationError, message)
}

fn check(read: &impl Read, i: &Institution) -> Result<(), String> {
    let id_ok = i.id.len() <= ID_CHARS_MAX
        && i.id.strip_prefix("ins_").is_some_and(|rest| {
            !rest.is_empty()
                && rest
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        });
    if !id_ok {
        return Err("id must be ins_ and 1 to 44 of a-z, 0-9, _".into());
    }
    if i.name.trim().is_empty() || i.name.chars().count() > NAME_CHARS_MAX {
        return Err(format!("name must be 1 to {NAME_CHARS_MAX} characters"));
    }
    if !KINDS.contains(&i.kind.as_str()) {
        return Err(format!("kind must be one of {}", KINDS.join(", ")));
    }
    if i.country.len() != 2 || !i.country.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err("country must be two upper-case letters (CD)".into());
    }
    if i.purpose_codes.is_empty() || i.purpose_codes.len() > PURPOSES.len() {
        return Err("purpose_codes must list 1 to 8 purposes".into());
    }
    if let Some(bad) = i.purpose_codes.iter().find(|p| !is_purpose(p)) {
        return Err(format!("{bad} is not a purpose code"));
    }
    if i.tag
        .as_ref()
        .is_some_and(|t| t.chars().count() > TAG_CHARS_MAX)
    {
        return Err(format!("tag must be at most {TAG_CHARS_MAX} characters"));
    }
    if let Some(org) = &i.organisation {
        let exists = crate::domain::org::get(read, org)
            .map_err(|e| e.message)?
            .is_some();
        if !exists {
            return Err(format!(
                "organisation {org} is not an organisation of this gateway"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_filters_by_country_purpose_and_part_of_the_name() {
        let all = sandbox_defaults();
        let names = |v: Vec<Institution>| v.into_iter().map(|i| i.id).collect::<Vec<_>>();
        assert_eq!(
            names(search(all.clone(), None, Some("HEALTH"), None)),
            ["ins_sandbox_hospital"]
        );
        assert_eq!(
            names(search(all.clone(), Some("CD"), None, Some("EAUX"))),
            ["ins_sandbox_utility"]
        );
        assert!(search(all.clone(), Some("KE"), None, None).is_empty());
        assert_eq!(search(all, None, None, None).len(), 4);
    }

    #[test]
    fn sandbox_institutions_receive_in_test_mode_only() {
        let school = &sandbox_defaults()[0];
        assert_eq!(school.payee(Mode::Test), Some("ins_sandbox_school"));
        assert_eq!(school.payee(Mode::Live), None);
    }
}
