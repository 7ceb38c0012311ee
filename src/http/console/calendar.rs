//! The settlement calendar as a month grid: the days of one month in weeks
//! from Monday, each day listing what happens on it (a cut-off, a payment
//! due, a cycle closed or paid). A plain table, so it reads in order without
//! a script; on a phone the cells shrink to marks, the list under the grid
//! says the same in words.

use std::fmt::Write;

use time::{Date, Month};

use super::html::esc;

/// One thing on a day: its kind (a CSS class and the mark's letter) and text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Happening {
    pub day: Date,
    /// `cutoff`, `due`, `closed` or `paid`.
    pub kind: &'static str,
    pub text: String,
}

/// The month `YYYY-MM` of `text`, if it is one.
pub fn parse_month(text: &str) -> Option<(i32, Month)> {
    let (year, month) = text.split_once('-')?;
    if year.len() != 4 || month.len() != 2 {
        return None;
    }
    let year: i32 = year.parse().ok()?;
    let month = Month::try_from(month.parse::<u8>().ok()?).ok()?;
    (1970..=9999).contains(&year).then_some((year, month))
}

/// The day of an RFC 3339 time (`2027-01-04T10:00:00Z`).
pub fn day_of(rfc3339: &str) -> Option<Date> {
    let (year, month) = parse_month(rfc3339.get(..7)?)?;
    let day: u8 = rfc3339.get(8..10)?.parse().ok()?;
    Date::from_calendar_date(year, month, day).ok()
}

/// `YYYY-MM` of the month before and after.
pub fn neighbours(year: i32, month: Month) -> (String, String) {
    let before = if month == Month::January {
        (year - 1, Month::December)
    } else {
        (year, month.previous())
    };
    let after = if month == Month::December {
        (year + 1, Month::January)
    } else {
        (year, month.next())
    };
    let text = |(y, m): (i32, Month)| format!("{y:04}-{:02}", u8::from(m));
    (text(before), text(after))
}

/// The grid of `month`: a table with the weekdays' names as column headers
/// (`weekdays`, Monday first) and each day's happenings.
pub fn month_grid(
    caption: &str,
    weekdays: [&str; 7],
    year: i32,
    month: Month,
    happenings: &[Happening],
) -> String {
    let Ok(first) = Date::from_calendar_date(year, month, 1) else {
        return String::new();
    };
    let days = time::util::days_in_month(month, year);
    let lead = usize::from(first.weekday().number_days_from_monday());
    let mut out = format!(
        "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"{caption}\"><table class=\"calendar\" id=\"calendar\">\
         <caption>{caption}</caption><thead><tr>",
        caption = esc(caption)
    );
    for name in weekdays {
        let _ = write!(out, "<th scope=\"col\">{}</th>", esc(name));
    }
    out.push_str("</tr></thead><tbody><tr>");
    for _ in 0..lead {
        out.push_str("<td class=\"off\"></td>");
    }
    for day in 1..=days {
        let slot = lead + usize::from(day) - 1;
        if slot > 0 && slot % 7 == 0 {
            out.push_str("</tr><tr>");
        }
        let Ok(date) = Date::from_calendar_date(year, month, day) else {
            continue;
        };
        let _ = write!(
            out,
            "<td id=\"day-{date}\"><span class=\"num\">{day}</span>"
        );
        let here: Vec<&Happening> = happenings.iter().filter(|h| h.day == date).collect();
        if !here.is_empty() {
            out.push_str("<ul>");
            for h in here {
                let _ = write!(
                    out,
                    "<li class=\"{}\"><span class=\"text\">{}</span></li>",
                    h.kind,
                    esc(&h.text)
                );
            }
            out.push_str("</ul>");
        }
        out.push_str("</td>");
    }
    let filled = (lead + usize::from(days)) % 7;
    if filled != 0 {
        for _ in filled..7 {
            out.push_str("<td class=\"off\"></td>");
        }
    }
    out.push_str("</tr></tbody></table></div>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const WEEK: [&str; 7] = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"];

    #[test]
    fn a_month_starts_on_its_weekday_and_fills_whole_weeks() {
        // January 2027 starts on a Friday: four empty cells before the 1st.
        let grid = month_grid("Jan", WEEK, 2027, Month::January, &[]);
        let body = &grid[grid.find("<tbody>").expect("body")..];
        assert!(body.starts_with("<tbody><tr><td class=\"off\"></td><td class=\"off\"></td><td class=\"off\"></td><td class=\"off\"></td><td id=\"day-2027-01-01\">"), "{body}");
        assert_eq!(grid.matches("<tr>").count(), 1 + 5, "header and five weeks");
        assert_eq!(grid.matches("id=\"day-").count(), 31);
        // Every week row has seven cells.
        for week in body.split("<tr>").skip(1) {
            assert_eq!(week.matches("<td").count(), 7, "{week}");
        }
    }

    #[test]
    fn happenings_show_on_their_day_escaped() {
        let day = day_of("2027-02-15T09:30:00Z").expect("day");
        let grid = month_grid(
            "Feb",
            WEEK,
            2027,
            Month::February,
            &[Happening {
                day,
                kind: "due",
                text: "<due> CDF".into(),
            }],
        );
        let cell = &grid[grid.find("id=\"day-2027-02-15\"").expect("cell")..];
        assert!(
            cell.contains("<li class=\"due\"><span class=\"text\">&lt;due&gt; CDF</span></li>"),
            "{cell}"
        );
        assert_eq!(grid.matches("<li").count(), 1);
    }

    #[test]
    fn months_parse_and_wrap_at_the_year() {
        assert_eq!(parse_month("2027-12"), Some((2027, Month::December)));
        for bad in ["2027-13", "27-01", "2027-1", "x", "2027-00"] {
            assert_eq!(parse_month(bad), None, "{bad}");
        }
        assert_eq!(
            neighbours(2027, Month::January),
            ("2026-12".to_string(), "2027-02".to_string())
        );
        assert_eq!(
            neighbours(2026, Month::December),
            ("2026-11".to_string(), "2027-01".to_string())
        );
        assert_eq!(day_of("nope"), None);
    }
}
