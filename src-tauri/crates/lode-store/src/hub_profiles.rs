//! Hub profiles (tables `hub_profiles`, `hub_profile_connections`) and their activity
//! (`hub_activity`, at most `ACTIVITY_AT_MOST` records a profile). A profile is found by name
//! without regard to ASCII case, like the column's NOCASE collation that keeps names unique.
//! Each write commits at once: the `lode serve` process and the app read each other's.

use lode_core::context_hub::{
    check_profile_name, HubActivity, HubActivityKind, HubProfile, ACTIVITY_AT_MOST,
};
use lode_core::index::AudienceFilter;
use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult};
use rusqlite::{params, Connection, OptionalExtension, Transaction};

use crate::database::Store;
use crate::storage_error::storage_error;

impl Store {
    /// Every hub profile, by name.
    pub fn hub_profiles(&self) -> LodeResult<Vec<HubProfile>> {
        let conn = self.conn()?;
        let ids: Vec<i64> = {
            let mut stmt = conn
                .prepare("SELECT id FROM hub_profiles ORDER BY name COLLATE NOCASE, id")
                .map_err(|e| storage_error("read hub profiles", e))?;
            let rows = stmt
                .query_map([], |row| row.get(0))
                .map_err(|e| storage_error("read hub profiles", e))?;
            rows.collect::<Result<_, _>>()
                .map_err(|e| storage_error("read hub profiles", e))?
        };
        ids.into_iter().map(|id| profile_by_id(&conn, id)).collect()
    }

    /// The profile named `name` (ASCII case ignored), if there is one.
    pub fn hub_profile(&self, name: &str) -> LodeResult<Option<HubProfile>> {
        let conn = self.conn()?;
        match profile_id(&conn, name)? {
            Some(id) => profile_by_id(&conn, id).map(Some),
            None => Ok(None),
        }
    }

    /// Saves `profile` in place of the one of the same name (ASCII case ignored), or as a new
    /// one. Its name is checked; a connection listed twice is kept once; a connection that is
    /// not saved, or a zero budget, is refused and nothing is written.
    pub fn save_hub_profile(&self, profile: &HubProfile) -> LodeResult<HubProfile> {
        let name = check_profile_name(&profile.name)
            .map_err(|m| LodeError::new(ErrorCode::InvalidInput, m))?
            .to_owned();
        let budget = match profile.default_budget {
            None => None,
            Some(budget) => Some(i64::try_from(budget).ok().filter(|b| *b > 0).ok_or_else(
                || {
                    LodeError::new(
                        ErrorCode::InvalidInput,
                        "a hub profile's default budget is a positive number of tokens",
                    )
                },
            )?),
        };
        let audience = profile
            .audience
            .map(|a| serde_json::to_string(&a))
            .transpose()
            .map_err(|e| LodeError::new(ErrorCode::Internal, e.to_string()))?;
        let mut conn = self.conn()?;
        let tx = conn
            .transaction()
            .map_err(|e| storage_error("save the hub profile", e))?;
        let mut connections: Vec<ConnectionId> = Vec::new();
        for id in &profile.connections {
            if !connection_exists(&tx, *id)? {
                return Err(LodeError::new(
                    ErrorCode::UnknownConnection,
                    format!("no saved connection has the id {}", id.0),
                ));
            }
            if !connections.contains(id) {
                connections.push(*id);
            }
        }
        let id: i64 = tx
            .query_row(
                "INSERT INTO hub_profiles (name, audience, default_budget, paused)
                 VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (name) DO UPDATE SET name = excluded.name,
                     audience = excluded.audience, default_budget = excluded.default_budget,
                     paused = excluded.paused
                 RETURNING id",
                params![name, audience, budget, profile.paused],
                |row| row.get(0),
            )
            .map_err(|e| storage_error("save the hub profile", e))?;
        set_connections(&tx, id, &connections)?;
        let saved = profile_by_id(&tx, id)?;
        tx.commit()
            .map_err(|e| storage_error("save the hub profile", e))?;
        Ok(saved)
    }

    /// Pauses or resumes the profile named `name`; `None` when there is none.
    pub fn set_hub_profile_paused(
        &self,
        name: &str,
        paused: bool,
    ) -> LodeResult<Option<HubProfile>> {
        let conn = self.conn()?;
        let Some(id) = profile_id(&conn, name)? else {
            return Ok(None);
        };
        conn.execute(
            "UPDATE hub_profiles SET paused = ?2 WHERE id = ?1",
            params![id, paused],
        )
        .map_err(|e| storage_error("pause the hub profile", e))?;
        profile_by_id(&conn, id).map(Some)
    }

    /// Forgets the profile named `name` and its activity. `false` when there was none.
    pub fn delete_hub_profile(&self, name: &str) -> LodeResult<bool> {
        let deleted = self
            .conn()?
            .execute("DELETE FROM hub_profiles WHERE name = ?1", [name.trim()])
            .map_err(|e| storage_error("delete the hub profile", e))?;
        Ok(deleted > 0)
    }

    /// Records `kind` (its strings cut to the bound) as the newest activity of the profile
    /// named `name`, at `at`, and drops its oldest records past [`ACTIVITY_AT_MOST`]. `false`
    /// when there is no such profile (nothing is written).
    pub fn record_hub_activity(
        &self,
        name: &str,
        at: &str,
        kind: HubActivityKind,
    ) -> LodeResult<bool> {
        let kind = serde_json::to_string(&kind.bounded())
            .map_err(|e| LodeError::new(ErrorCode::Internal, e.to_string()))?;
        let mut conn = self.conn()?;
        let tx = conn
            .transaction()
            .map_err(|e| storage_error("record hub activity", e))?;
        let Some(id) = profile_id(&tx, name)? else {
            return Ok(false);
        };
        tx.execute(
            "INSERT INTO hub_activity (profile_id, at, kind) VALUES (?1, ?2, ?3)",
            params![id, at, kind],
        )
        .map_err(|e| storage_error("record hub activity", e))?;
        tx.execute(
            "DELETE FROM hub_activity WHERE profile_id = ?1 AND id NOT IN
                 (SELECT id FROM hub_activity WHERE profile_id = ?1 ORDER BY id DESC LIMIT ?2)",
            params![id, ACTIVITY_AT_MOST as i64],
        )
        .map_err(|e| storage_error("drop old hub activity", e))?;
        tx.commit()
            .map_err(|e| storage_error("record hub activity", e))?;
        Ok(true)
    }

    /// The newest `limit` records of the profile named `name`'s activity, newest first;
    /// `None` when there is no such profile. A record this Lode cannot read (written by a
    /// newer one) is left out rather than failing the list.
    pub fn hub_activity(&self, name: &str, limit: usize) -> LodeResult<Option<Vec<HubActivity>>> {
        let conn = self.conn()?;
        let Some(id) = profile_id(&conn, name)? else {
            return Ok(None);
        };
        let profile: String = conn
            .query_row("SELECT name FROM hub_profiles WHERE id = ?1", [id], |row| {
                row.get(0)
            })
            .map_err(|e| storage_error("read hub activity", e))?;
        let mut stmt = conn
            .prepare(
                "SELECT at, kind FROM hub_activity WHERE profile_id = ?1
                 ORDER BY id DESC LIMIT ?2",
            )
            .map_err(|e| storage_error("read hub activity", e))?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let rows = stmt
            .query_map(params![id, limit], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
            })
            .map_err(|e| storage_error("read hub activity", e))?;
        let mut activity = Vec::new();
        for row in rows {
            let (at, kind) = row.map_err(|e| storage_error("read hub activity", e))?;
            if let Ok(kind) = serde_json::from_str(&kind) {
                activity.push(HubActivity {
                    profile: profile.clone(),
                    at,
                    kind,
                });
            }
        }
        Ok(Some(activity))
    }

    /// Forgets the setting `key`, if it was saved.
    pub fn delete_setting(&self, key: &str) -> LodeResult<()> {
        self.conn()?
            .execute("DELETE FROM settings WHERE key = ?1", [key])
            .map_err(|e| storage_error("delete a setting", e))?;
        Ok(())
    }
}

fn profile_id(conn: &Connection, name: &str) -> LodeResult<Option<i64>> {
    conn.query_row(
        "SELECT id FROM hub_profiles WHERE name = ?1",
        [name.trim()],
        |row| row.get(0),
    )
    .optional()
    .map_err(|e| storage_error("read hub profiles", e))
}

fn connection_exists(tx: &Transaction<'_>, id: ConnectionId) -> LodeResult<bool> {
    tx.query_row(
        "SELECT 1 FROM connections WHERE id = ?1",
        [id.0],
        |_| Ok(()),
    )
    .optional()
    .map(|found| found.is_some())
    .map_err(|e| storage_error("read connections", e))
}

fn set_connections(tx: &Transaction<'_>, profile: i64, ids: &[ConnectionId]) -> LodeResult<()> {
    tx.execute(
        "DELETE FROM hub_profile_connections WHERE profile_id = ?1",
        [profile],
    )
    .map_err(|e| storage_error("save the hub profile", e))?;
    let mut stmt = tx
        .prepare(
            "INSERT INTO hub_profile_connections (profile_id, connection_id, position)
             VALUES (?1, ?2, ?3)",
        )
        .map_err(|e| storage_error("save the hub profile", e))?;
    for (position, id) in ids.iter().enumerate() {
        stmt.execute(params![profile, id.0, position as i64])
            .map_err(|e| storage_error("save the hub profile", e))?;
    }
    Ok(())
}

fn profile_by_id(conn: &Connection, id: i64) -> LodeResult<HubProfile> {
    let (name, audience, budget, paused) = conn
        .query_row(
            "SELECT name, audience, default_budget, paused FROM hub_profiles WHERE id = ?1",
            [id],
            |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    row.get::<_, Option<String>>(1)?,
                    row.get::<_, Option<i64>>(2)?,
                    row.get::<_, bool>(3)?,
                ))
            },
        )
        .map_err(|e| storage_error("read hub profiles", e))?;
    let mut stmt = conn
        .prepare(
            "SELECT connection_id FROM hub_profile_connections WHERE profile_id = ?1
             ORDER BY position",
        )
        .map_err(|e| storage_error("read hub profiles", e))?;
    let connections = stmt
        .query_map([id], |row| row.get(0).map(ConnectionId))
        .map_err(|e| storage_error("read hub profiles", e))?
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| storage_error("read hub profiles", e))?;
    // An audience this Lode does not know (a newer one's) is an error, never read as "every
    // audience": that would widen what the profile exposes.
    let audience = audience
        .map(|a| serde_json::from_str::<AudienceFilter>(&a))
        .transpose()
        .map_err(|e| {
            LodeError::new(
                ErrorCode::Storage,
                format!("could not read the audience of hub profile \"{name}\""),
            )
            .with_detail(e.to_string())
        })?;
    Ok(HubProfile {
        name,
        connections,
        audience,
        default_budget: budget.and_then(|b| u64::try_from(b).ok()),
        paused,
    })
}

#[cfg(test)]
#[path = "hub_profiles_tests.rs"]
mod tests;
