//! Generated templates by the thousand: a server's template is untrusted input, so parsing
//! and expanding any string must end, without a panic, in a URI or a typed error.

use std::collections::BTreeMap;

use proptest::prelude::*;

use super::*;

/// RFC 3986's unreserved and reserved characters, less the braces and `%`: a literal of
/// these needs no encoding.
const URI_SAFE: &str = "[A-Za-z0-9._~:/?#\\[\\]@!$&'()*+,;=-]{0,200}";

fn values() -> impl Strategy<Value = BTreeMap<String, String>> {
    prop::collection::btree_map("[a-z]{1,3}", "\\PC{0,20}", 0..6)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn any_text_parses_or_is_refused_and_expands_to_ascii(
        template in "(\\PC|[{}+#./;?&*:,%0-9])*",
        values in values(),
    ) {
        if let Ok(parsed) = UriTemplate::parse(&template) {
            let uri = parsed.expand(&values);
            prop_assert!(uri.is_ascii(), "{template:?} gave {uri:?}");
            for field in parsed.fields() {
                prop_assert!(template.contains(&field.name));
            }
        }
    }

    #[test]
    fn a_template_without_variables_expands_to_itself(
        template in URI_SAFE,
        values in values(),
    ) {
        let parsed = UriTemplate::parse(&template);
        prop_assert!(parsed.is_ok(), "{template:?}: {parsed:?}");
        let parsed = parsed.unwrap_or_else(|_| unreachable!());
        prop_assert_eq!(parsed.fields().len(), 0);
        prop_assert_eq!(parsed.expand(&values), template);
    }

    #[test]
    fn a_simple_variable_takes_an_unreserved_value_as_is(
        before in "[a-z:/]{0,20}",
        name in "[a-z][a-z0-9_]{0,8}",
        value in "[A-Za-z0-9._~-]{0,40}",
        after in "[a-z/]{0,20}",
    ) {
        let template = format!("{before}{{{name}}}{after}");
        let values = BTreeMap::from([(name.clone(), value.clone())]);
        prop_assert_eq!(
            expand_template(&template, &values).ok(),
            Some(format!("{before}{value}{after}"))
        );
    }

    #[test]
    fn every_value_is_encoded_so_the_uri_keeps_its_shape(
        name in "[a-z]{1,5}",
        value in "\\PC{0,40}",
    ) {
        // A path segment's value can never add a segment, a query or a fragment.
        let values = BTreeMap::from([(name.clone(), value)]);
        let uri = expand_template(&format!("x://h/{{{name}}}"), &values);
        prop_assert!(uri.is_ok());
        let uri = uri.unwrap_or_default();
        let rest = &uri["x://h/".len()..];
        prop_assert!(!rest.contains(['/', '?', '#']), "{uri}");
    }
}
