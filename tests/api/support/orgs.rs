//! More organisations on one gateway, added offline before it serves.

use std::path::Path;

use serde_json::Value;

use super::paygate;

/// `paygate orgs add` on a stopped store; the printed JSON.
pub fn add_org(dir: &Path, tag: &str, owner: &str) -> Value {
    let out = paygate(&[
        "orgs",
        "add",
        "--data-dir",
        dir.to_str().expect("utf-8 path"),
        "--name",
        "Boutique Beta",
        "--country",
        "CD",
        "--currency",
        "CDF",
        "--tag",
        tag,
        "--owner-email",
        owner,
    ]);
    out.assert_success();
    out.json()
}
