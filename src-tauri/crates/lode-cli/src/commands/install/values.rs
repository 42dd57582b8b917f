//! `--set KEY=VALUE` and `--secret-env KEY=VAR` made into the form's values: each key is a
//! field's key, or a name only one field has; a secret field takes its value only from the
//! environment, so it never sits in the shell's history.

use lode_core::install::{InstallField, InstallFieldPlace, InstallForm, InstallValues};
use lode_core::LodeResult;

use crate::pairs::usage;
use crate::transport_args::secret_from_env;

pub fn form_values(
    form: &InstallForm,
    set: &[String],
    secret_env: &[String],
) -> LodeResult<InstallValues> {
    let mut values = InstallValues::default();
    for item in set {
        let (key, value) = item
            .split_once('=')
            .ok_or_else(|| usage(&format!("--set expects KEY=VALUE, not {item:?}")))?;
        let field = field_of(form, key)?;
        if field.input.is_secret {
            return Err(usage(&format!(
                "{} is secret: give it with --secret-env {}=VAR, from an environment variable",
                field.key, field.key
            )));
        }
        values.add(field.key.clone(), value);
    }
    for item in secret_env {
        let (key, var) = item.split_once('=').unwrap_or((item, item));
        let field = field_of(form, key)?;
        values.add(field.key.clone(), secret_from_env("--secret-env", var)?);
    }
    Ok(values)
}

/// The field whose key is `key`, else the only one whose name (label) is.
fn field_of<'a>(form: &'a InstallForm, key: &str) -> LodeResult<&'a InstallField> {
    if let Some(field) = form.fields.iter().find(|f| f.key == key) {
        return Ok(field);
    }
    // A bundle's option by its manifest key (`token` for `user_config.token`).
    let option = |f: &&InstallField| matches!(&f.place, InstallFieldPlace::UserConfig { key: option } if option == key);
    if let Some(field) = form.fields.iter().find(option) {
        return Ok(field);
    }
    let named: Vec<&InstallField> = form.fields.iter().filter(|f| f.label == key).collect();
    match named.as_slice() {
        [one] => Ok(one),
        [] => Err(usage(&format!(
            "this server has no field {key:?}: `lode install … --fields` lists them"
        ))),
        many => Err(usage(&format!(
            "{key:?} names {} fields; give one of their keys: {}",
            many.len(),
            many.iter()
                .map(|f| f.key.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}
