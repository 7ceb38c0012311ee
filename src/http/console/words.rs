//! The console's words, in English and French: one table of
//! `(key, English, French)`, the data file `words.tsv`, read with [`t`]. A
//! missing key shows itself (and the unit test below catches a duplicate).

pub use crate::http::pages::Lang;
use std::sync::LazyLock;

/// The table: a line a word, `key`, English and French apart by tabs; lines
/// that open with `#` name the page the words below serve.
const TABLE: &str = include_str!("words.tsv");

/// The table's rows, read once.
static WORDS: LazyLock<Vec<(&str, &str, &str)>> = LazyLock::new(|| {
    TABLE
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut columns = line.splitn(3, '\t');
            let mut next = || columns.next().unwrap_or_default();
            (next(), next(), next())
        })
        .collect()
});

/// The word `key` in `lang`.
pub fn t(lang: Lang, key: &str) -> &'static str {
    find(lang, key).unwrap_or("?")
}

/// The word `key` in `lang`, if the table has it.
pub fn find(lang: Lang, key: &str) -> Option<&'static str> {
    WORDS
        .iter()
        .find(|(k, _, _)| *k == key)
        .map(|(_, en, fr)| match lang {
            Lang::En => *en,
            Lang::Fr => *fr,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_is_named_once_and_has_both_languages() {
        let mut seen = std::collections::BTreeSet::new();
        for (key, en, fr) in WORDS.iter() {
            assert!(seen.insert(*key), "{key} twice");
            assert!(!fr.contains('\t'), "{key}: a fourth column");
            assert!(!en.is_empty() && !fr.is_empty(), "{key}");
        }
        assert_eq!(t(Lang::Fr, "payments"), "Paiements");
        assert_eq!(t(Lang::En, "no such word"), "?");
    }
}
