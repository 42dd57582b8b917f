//! The order of an elicitation form's fields, as the server wrote them. rmcp keeps that order
//! in `ElicitationSchema::property_order`, but only when the schema is decoded straight from
//! the message's text: a request's parameters pass through `serde_json::Value` on the way
//! (to take `_meta` out), and without serde_json's `preserve_order` a `Value` object sorts its
//! keys, so the form showed its fields alphabetically. Turning `preserve_order` on would change
//! the order of every JSON object Lode prints, stores and serves; instead the keys of
//! `params.requestedSchema.properties` are read again from the message's text, only for an
//! elicitation request, and put back.

use rmcp::model::{ElicitRequestParams, JsonRpcMessage, ServerJsonRpcMessage, ServerRequest};
use serde::de::{IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

/// Puts the wire order of a form elicitation's properties back into `message`.
pub(crate) fn restore_field_order(bytes: &[u8], message: &mut ServerJsonRpcMessage) {
    let JsonRpcMessage::Request(request) = message else {
        return;
    };
    let ServerRequest::ElicitRequest(elicit) = &mut request.request else {
        return;
    };
    let ElicitRequestParams::FormElicitationParams {
        requested_schema, ..
    } = &mut elicit.params
    else {
        return;
    };
    let Ok(Wire {
        params:
            Some(Params {
                requested_schema:
                    Some(Schema {
                        properties: Some(Keys(keys)),
                    }),
            }),
    }) = serde_json::from_slice::<Wire>(bytes)
    else {
        return;
    };
    requested_schema.property_order = Some(keys);
}

#[derive(Deserialize)]
struct Wire {
    params: Option<Params>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Params {
    requested_schema: Option<Schema>,
}

#[derive(Deserialize)]
struct Schema {
    properties: Option<Keys>,
}

/// An object's keys in the order they were written; the values are skipped.
struct Keys(Vec<String>);

impl<'de> Deserialize<'de> for Keys {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct InOrder;
        impl<'de> Visitor<'de> for InOrder {
            type Value = Keys;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Keys, A::Error> {
                let mut keys = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    map.next_value::<IgnoredAny>()?;
                    keys.push(key);
                }
                Ok(Keys(keys))
            }
        }
        deserializer.deserialize_map(InOrder)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order_of(raw: &str) -> Option<Vec<String>> {
        let message = super::super::decode_message(raw.as_bytes()).expect("decodes");
        let JsonRpcMessage::Request(request) = message else {
            panic!("a request")
        };
        let ServerRequest::ElicitRequest(elicit) = request.request else {
            panic!("an elicitation")
        };
        let ElicitRequestParams::FormElicitationParams {
            requested_schema, ..
        } = elicit.params
        else {
            panic!("a form")
        };
        requested_schema.property_order
    }

    #[test]
    fn a_forms_fields_keep_the_servers_order() {
        let raw = r#"{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{
            "_meta":{"x":1},"mode":"form","message":"Sign up","requestedSchema":{"type":"object",
            "properties":{"name":{"type":"string"},"email":{"type":"string"},
            "age":{"type":"integer"},"zeta":{"type":"boolean"},"alpha":{"type":"string"}}}}}"#;
        assert_eq!(
            order_of(raw).expect("an order"),
            ["name", "email", "age", "zeta", "alpha"]
        );
        // The 2025-06-18 form, without `mode`.
        let legacy = raw.replace(r#""mode":"form","#, "");
        assert_eq!(
            order_of(&legacy).expect("an order"),
            ["name", "email", "age", "zeta", "alpha"]
        );
    }
}
