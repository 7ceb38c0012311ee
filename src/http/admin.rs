//! Operating the gateway over HTTP: `POST /admin/backup` (an addition,
//! `docs/operations.md`), for the owner of the gateway's own organisation.

use std::sync::atomic::{AtomicBool, Ordering};

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::extract::Reader;
use super::operations::operations;
use crate::backup::BackupReport;
use crate::domain::audit::{self, Actor};
use crate::error::{ApiError, Code, ErrorBody};

operations! {
    backup: session(roles::BACKUPS_MANAGE).added(),
}

/// Where the served data dir keeps the backups the API takes.
pub const BACKUPS_DIR: &str = "backups";

/// One backup at a time: each holds a read snapshot and writes a whole copy.
static BACKUP_RUNNING: AtomicBool = AtomicBool::new(false);

/// Writes a consistent copy of the whole store, from one read snapshot, to
/// `<data dir>/backups/paygate-<time>.redb` while the gateway keeps serving and
/// writing, then verifies the copy as `paygate verify` does. The owner of the
/// gateway's own organisation only (the store holds every hosted
/// organisation). The master key is not in it (back it up once, apart).
#[utoipa::path(post, path = "/admin/backup", tag = "admin",
    responses((status = 201, description = "The backup, written and verified", body = BackupReport),
              (status = 403, description = "Not the owner of the gateway's own organisation (role_denied, session_required)", body = ErrorBody),
              (status = 409, description = "backup_unavailable: ephemeral, or a backup is running", body = ErrorBody)))]
pub async fn backup(Reader(state, caller): Reader) -> Result<Response, ApiError> {
    let instance = crate::domain::org::instance(&state.store.snapshot()?)?;
    if caller.org != instance.id {
        return Err(ApiError::new(
            Code::RoleDenied,
            "a backup holds every organisation of the gateway: only the owner of the gateway's own organisation takes one",
        ));
    }
    let Some(data_dir) = state.store.location.data_dir() else {
        return Err(ApiError::new(
            Code::BackupUnavailable,
            "an ephemeral gateway (--ephemeral) keeps nothing to back up",
        ));
    };
    if BACKUP_RUNNING.swap(true, Ordering::AcqRel) {
        return Err(ApiError::new(
            Code::BackupUnavailable,
            "another backup is being written; retry when it ends",
        ));
    }
    let dir = data_dir.join(BACKUPS_DIR);
    let to = dir.join(format!("paygate-{}.redb", crate::ids::new_id("backup")));
    let store = state.store.clone();
    let taken = tokio::task::spawn_blocking(move || {
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        crate::backup::take(&store, &to)
    })
    .await;
    BACKUP_RUNNING.store(false, Ordering::Release);
    let report = taken
        .map_err(ApiError::internal)?
        .map_err(|why| ApiError::internal(format!("the backup failed: {why}")))?;
    let actor = Actor::of(&caller);
    let details = serde_json::json!({ "file": report.file, "bytes": report.bytes });
    state
        .writer
        .run(move |tx| audit::record(tx, &actor, "backup.created", None, details))
        .await?;
    Ok((StatusCode::CREATED, Json(report)).into_response())
}
