//! The agents this gateway runs, by canonical name (spec 4.13), key and the
//! origin's aliases (origin behaviour section 25), matched without regard to
//! case, `_` or `-`. Agents of the origin this gateway does not run
//! (ComplianceMonitor, MerchantGrowth, ...) are unknown: 404
//! `agent_not_found` listing the known names.

use super::Agent;
use super::fraud_scorer::FraudScorer;
use super::route_optimiser::RouteOptimiser;
use super::savings_advisor::SavingsAdvisor;
use crate::error::{ApiError, Code};

/// An agent and the names it answers to.
pub struct Named {
    /// The canonical name of spec 4.13: `RouteOptimiser`.
    pub name: &'static str,
    /// The origin's key (`smart_route`), shown as `agent.key`.
    pub key: &'static str,
    /// Other names accepted for it.
    pub aliases: &'static [&'static str],
    pub analysis: &'static dyn Agent,
}

/// Every agent, in the order their names are listed.
pub static AGENTS: [Named; 3] = [
    Named {
        name: "RouteOptimiser",
        key: "smart_route",
        aliases: &["route_optimizer", "route_optimiser"],
        analysis: &RouteOptimiser,
    },
    Named {
        name: "FraudScorer",
        key: "fraud_scorer",
        aliases: &["fraud"],
        analysis: &FraudScorer,
    },
    Named {
        name: "SavingsAdvisor",
        key: "analyst",
        aliases: &["savings_advisor", "savings"],
        analysis: &SavingsAdvisor,
    },
];

/// Characters of an agent name, at most (a longer one is unknown).
pub const NAME_CHARS_MAX: usize = 64;

/// `RouteOptimiser`, `route_optimiser`, `SMART-ROUTE` → `routeoptimiser`, `smartroute`.
fn folded(name: &str) -> String {
    name.chars()
        .filter(|c| *c != '_' && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

/// The agent `name` names, or 404 `agent_not_found` with the known names.
pub fn find(name: &str) -> Result<&'static Named, ApiError> {
    let wanted = folded(name);
    let known = (name.chars().count() <= NAME_CHARS_MAX)
        .then(|| {
            AGENTS.iter().find(|agent| {
                std::iter::once(agent.name)
                    .chain(std::iter::once(agent.key))
                    .chain(agent.aliases.iter().copied())
                    .any(|n| folded(n) == wanted)
            })
        })
        .flatten();
    known.ok_or_else(|| {
        let names: Vec<&str> = AGENTS.iter().map(|a| a.name).collect();
        let shown: String = name.chars().take(NAME_CHARS_MAX).collect();
        ApiError::new(
            Code::AgentNotFound,
            format!(
                "no agent is named {shown:?}; the agents are {}",
                names.join(", ")
            ),
        )
        .with_detail("agents", names)
    })
}

/// The agent of a stored run's key.
pub fn by_key(key: &str) -> Option<&'static Named> {
    AGENTS.iter().find(|a| a.key == key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_names_keys_and_aliases_match_in_any_case() {
        for (name, canonical) in [
            ("RouteOptimiser", "RouteOptimiser"),
            ("routeoptimiser", "RouteOptimiser"),
            ("ROUTE_OPTIMIZER", "RouteOptimiser"),
            ("smart_route", "RouteOptimiser"),
            ("FraudScorer", "FraudScorer"),
            ("fraud_scorer", "FraudScorer"),
            ("savingsadvisor", "SavingsAdvisor"),
            ("analyst", "SavingsAdvisor"),
        ] {
            assert_eq!(find(name).map(|a| a.name).ok(), Some(canonical), "{name}");
        }
    }

    #[test]
    fn unknown_agents_are_404_listing_the_known_ones() {
        for name in ["ComplianceMonitor", "", "x".repeat(200).as_str()] {
            let error = find(name).err().expect("unknown");
            assert_eq!(error.code, Code::AgentNotFound);
            assert!(
                error
                    .message
                    .contains("RouteOptimiser, FraudScorer, SavingsAdvisor")
            );
        }
    }
}
