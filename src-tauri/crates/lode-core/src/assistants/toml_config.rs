//! Lode's entry in Codex's `config.toml` (`[mcp_servers.lode]`), edited with toml_edit: the
//! rest of the document, comments and layout included, is written back as it was read.

use toml_edit::{Array, DocumentMut, InlineTable, Item, Table, TableLike, Value};

use super::catalog::ConfigFormat;
use super::entry::{is_lodes, LodeEntry, ENTRY_NAME};
use super::{foreign_entry, EntryState};
use crate::error::{ErrorCode, LodeError, LodeResult};

pub fn inspect(format: ConfigFormat, text: &str, wanted: &LodeEntry) -> LodeResult<EntryState> {
    let doc = parse(text)?;
    let Some(servers) = servers(&doc, format)? else {
        return Ok(EntryState::Absent);
    };
    Ok(match servers.get(ENTRY_NAME) {
        None => EntryState::Absent,
        Some(item) => classify(item, wanted),
    })
}

/// The arguments of Lode's own entry, when there is one.
pub fn lode_args(format: ConfigFormat, text: &str) -> LodeResult<Option<Vec<String>>> {
    let doc = parse(text)?;
    let Some(servers) = servers(&doc, format)? else {
        return Ok(None);
    };
    Ok(servers
        .get(ENTRY_NAME)
        .and_then(command_and_args)
        .filter(|(command, args)| is_lodes(command.as_deref(), args))
        .map(|(_, args)| args))
}

pub fn with_entry(format: ConfigFormat, text: &str, wanted: &LodeEntry) -> LodeResult<String> {
    let mut doc = parse(text)?;
    let state = match servers(&doc, format)? {
        None => EntryState::Absent,
        Some(servers) => servers
            .get(ENTRY_NAME)
            .map_or(EntryState::Absent, |item| classify(item, wanted)),
    };
    match state {
        EntryState::Current => return Ok(text.to_string()),
        EntryState::Foreign => return Err(foreign_entry(format)),
        EntryState::Absent | EntryState::Stale => {}
    }
    let inline = doc
        .get(format.servers_key)
        .is_some_and(Item::is_inline_table);
    if !doc.contains_key(format.servers_key) {
        // Implicit: the new table is written `[mcp_servers.lode]`, with no empty
        // `[mcp_servers]` header above it.
        let mut table = Table::new();
        table.set_implicit(true);
        doc.insert(format.servers_key, Item::Table(table));
    }
    let servers = doc
        .get_mut(format.servers_key)
        .and_then(Item::as_table_like_mut)
        .ok_or_else(|| internal("the servers' table"))?;
    match servers.get_mut(ENTRY_NAME) {
        // Stale: Lode's two keys rewritten in place; a key the person added (`env`) stays.
        Some(existing) => {
            let entry = existing
                .as_table_like_mut()
                .ok_or_else(|| internal("the entry's table"))?;
            entry.insert("command", Item::Value(Value::from(wanted.command.as_str())));
            entry.insert("args", Item::Value(Value::Array(args_array(wanted))));
        }
        // An inline `mcp_servers = { … }` takes an inline entry; a table, a `[mcp_servers.lode]`.
        None => {
            let item = if inline {
                Item::Value(Value::InlineTable(inline_entry(wanted)))
            } else {
                Item::Table(table_entry(wanted))
            };
            servers.insert(ENTRY_NAME, item);
        }
    }
    Ok(doc.to_string())
}

pub fn without_entry(format: ConfigFormat, text: &str) -> LodeResult<String> {
    let mut doc = parse(text)?;
    let Some(servers) = servers(&doc, format)? else {
        return Ok(text.to_string());
    };
    let Some(item) = servers.get(ENTRY_NAME) else {
        return Ok(text.to_string());
    };
    if !is_lodes_item(item) {
        return Err(foreign_entry(format));
    }
    if let Some(servers) = doc
        .get_mut(format.servers_key)
        .and_then(Item::as_table_like_mut)
    {
        servers.remove(ENTRY_NAME);
    }
    Ok(doc.to_string())
}

fn parse(text: &str) -> LodeResult<DocumentMut> {
    text.parse::<DocumentMut>().map_err(|e| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!(
                "the configuration is not valid TOML: {}. Lode does not change it",
                e.to_string().trim_end()
            ),
        )
    })
}

/// The servers' table; `None` when the document has none. Any other value there is an error.
fn servers(doc: &DocumentMut, format: ConfigFormat) -> LodeResult<Option<&dyn TableLike>> {
    let Some(item) = doc.get(format.servers_key) else {
        return Ok(None);
    };
    item.as_table_like().map(Some).ok_or_else(|| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!(
                "\"{}\" in the configuration is {}, not a table of servers: Lode does not \
                 change it",
                format.servers_key,
                item.type_name()
            ),
        )
    })
}

fn classify(item: &Item, wanted: &LodeEntry) -> EntryState {
    let Some((command, args)) = command_and_args(item) else {
        return EntryState::Foreign;
    };
    if !is_lodes(command.as_deref(), &args) {
        EntryState::Foreign
    } else if command.as_deref() == Some(wanted.command.as_str()) && args == wanted.args {
        EntryState::Current
    } else {
        EntryState::Stale
    }
}

fn is_lodes_item(item: &Item) -> bool {
    command_and_args(item).is_some_and(|(command, args)| is_lodes(command.as_deref(), &args))
}

fn command_and_args(item: &Item) -> Option<(Option<String>, Vec<String>)> {
    let entry = item.as_table_like()?;
    let command = entry
        .get("command")
        .and_then(Item::as_str)
        .map(str::to_string);
    let args = entry
        .get("args")
        .and_then(Item::as_array)
        .and_then(|array| {
            array
                .iter()
                .map(|value| value.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
        })
        .unwrap_or_default();
    Some((command, args))
}

fn args_array(wanted: &LodeEntry) -> Array {
    wanted.args.iter().map(String::as_str).collect()
}

fn table_entry(wanted: &LodeEntry) -> Table {
    let mut table = Table::new();
    table.insert("command", Item::Value(Value::from(wanted.command.as_str())));
    table.insert("args", Item::Value(Value::Array(args_array(wanted))));
    table
}

fn inline_entry(wanted: &LodeEntry) -> InlineTable {
    let mut table = InlineTable::new();
    table.insert("command", Value::from(wanted.command.as_str()));
    table.insert("args", Value::Array(args_array(wanted)));
    table
}

fn internal(what: &str) -> LodeError {
    LodeError::new(
        ErrorCode::Internal,
        format!("{what} vanished while Lode edited the configuration"),
    )
}
