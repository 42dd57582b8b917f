//! The signature `mcpb sign` appends to a bundle, and what Lode says of it. The block is
//! `MCPB_SIG_V1`, the PKCS#7 block's length (4 bytes, little-endian), a detached PKCS#7
//! SignedData over every byte before the block, then `MCPB_SIG_END` as the file's last bytes.
//!
//! A signature that does not verify — the bytes changed since signing, a malformed block, a
//! signer's signature that its certificate's key did not make — refuses the bundle. One that
//! verifies says who signed: `signed` when the certificate chains to a root this computer
//! trusts for code signing, `selfSigned` when it names itself as its issuer, `untrusted`
//! otherwise. A bundle with no block is `unsigned`, said as such.

use rustls_pki_types::{CertificateDer, SignatureVerificationAlgorithm, TrustAnchor, UnixTime};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use ts_rs::TS;
use webpki::{EndEntityCert, KeyUsage, ALL_VERIFICATION_ALGS};

use super::der::{context, oids, Element, Reader, INTEGER, OCTET_STRING, OID, SEQUENCE, SET};
use crate::{ErrorCode, LodeError, LodeResult};

pub const SIGNATURE_HEADER: &[u8] = b"MCPB_SIG_V1";
pub const SIGNATURE_FOOTER: &[u8] = b"MCPB_SIG_END";
/// The largest signature block Lode reads: certificates and a signature, never the content.
const MAX_BLOCK_BYTES: usize = 256 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum SignatureStatus {
    Unsigned,
    /// The certificate names itself as its issuer: anyone can make one with any name.
    SelfSigned,
    /// The certificate chains to a root this computer trusts for code signing.
    Signed,
    /// A valid signature by a certificate this computer does not trust.
    Untrusted,
}

/// Who signed a bundle, as the confirmation and the window say it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct McpbSignature {
    pub status: SignatureStatus,
    /// The certificate's common name (else its organization).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signer: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issuer: Option<String>,
    /// `YYYY-MM-DD`.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valid_from: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valid_to: Option<String>,
    /// The certificate's SHA-256, lower-case hex.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<String>,
    /// Outside its validity now.
    pub expired: bool,
    /// Why it is not `signed`, when it is `untrusted`.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why_untrusted: Option<String>,
}

impl McpbSignature {
    pub fn unsigned() -> Self {
        Self {
            status: SignatureStatus::Unsigned,
            signer: None,
            issuer: None,
            valid_from: None,
            valid_to: None,
            fingerprint: None,
            expired: false,
            why_untrusted: None,
        }
    }

    /// `signed by NAME`, `self-signed by NAME`, `unsigned`…, for the CLI and the confirmation.
    pub fn describe(&self) -> String {
        let signer = self.signer.as_deref().unwrap_or("an unnamed signer");
        let said = match self.status {
            SignatureStatus::Unsigned => return "unsigned".to_owned(),
            SignatureStatus::Signed => format!("signed by {signer}"),
            SignatureStatus::SelfSigned => {
                format!("self-signed by {signer} (a name anyone can give a certificate)")
            }
            SignatureStatus::Untrusted => {
                format!("signed by {signer}, whose certificate this computer does not trust")
            }
        };
        if self.expired {
            format!("{said}; the certificate is expired")
        } else {
            said
        }
    }
}

fn refused(why: impl std::fmt::Display) -> LodeError {
    LodeError::new(
        ErrorCode::McpbRefused,
        format!("this bundle's signature does not hold: {why}"),
    )
}

/// The bundle's bytes before its signature block, and the PKCS#7 block when it is signed.
pub fn split_signature(bytes: &[u8]) -> LodeResult<(&[u8], Option<&[u8]>)> {
    let Some(before_footer) = bytes.strip_suffix(SIGNATURE_FOOTER) else {
        return Ok((bytes, None));
    };
    let header_at = before_footer
        .windows(SIGNATURE_HEADER.len())
        .rposition(|w| w == SIGNATURE_HEADER)
        .ok_or_else(|| refused("its signature block has an end but no start"))?;
    let after_header = &before_footer[header_at + SIGNATURE_HEADER.len()..];
    let (length, block) = after_header
        .split_first_chunk::<4>()
        .ok_or_else(|| refused("its signature block is cut short"))?;
    let length = u32::from_le_bytes(*length) as usize;
    if length != block.len() || length > MAX_BLOCK_BYTES {
        return Err(refused(format!(
            "its signature block says {length} bytes and holds {}",
            block.len()
        )));
    }
    Ok((&bytes[..header_at], Some(block)))
}

/// Checks `block` signs `content`; who signed it, checked against the trusted `roots` (the
/// system's; one that is not a certificate webpki reads is passed over) at `now`.
pub fn check_signature(
    content: &[u8],
    block: &[u8],
    roots: &[CertificateDer<'_>],
    now: UnixTime,
) -> LodeResult<McpbSignature> {
    let anchors: Vec<TrustAnchor<'_>> = roots
        .iter()
        .filter_map(|root| webpki::anchor_from_trusted_cert(root).ok())
        .collect();
    let malformed = || refused("its PKCS#7 block is malformed");
    let signed = signed_data(block).ok_or_else(malformed)?;
    let digest = Sha256::digest(content);
    let (message, covered): (Vec<u8>, bool) = match signed.attributes {
        Some(attributes) => {
            let named = message_digest(attributes).ok_or_else(malformed)?;
            // What the signature covers: the attributes as the signer encoded them, tagged as
            // the SET OF they are (RFC 5652 §5.4).
            let mut message = attributes.whole.to_vec();
            message[0] = SET;
            (message, named == digest.as_slice())
        }
        None => (content.to_vec(), true),
    };
    if !covered {
        return Err(refused(
            "its bytes are not the ones the signature covers (the bundle was changed after it \
             was signed)",
        ));
    }
    let algorithms = algorithms_for(signed.algorithm).ok_or_else(|| {
        refused("it is signed with an algorithm Lode does not check (RSA or ECDSA with SHA-256)")
    })?;
    let certificates: Vec<CertificateDer<'_>> = signed
        .certificates
        .iter()
        .map(|c| CertificateDer::from(c.whole))
        .collect();
    let signer_at = certificates
        .iter()
        .position(|certificate| {
            EndEntityCert::try_from(certificate).is_ok_and(|cert| {
                algorithms.iter().any(|alg| {
                    cert.verify_signature(*alg, &message, signed.signature)
                        .is_ok()
                })
            })
        })
        .ok_or_else(|| refused("no certificate in it made its signature"))?;
    let signer = &certificates[signer_at];
    let intermediates: Vec<CertificateDer<'_>> = certificates
        .iter()
        .enumerate()
        .filter(|(at, _)| *at != signer_at)
        .map(|(_, c)| c.clone())
        .collect();
    let facts = certificate_facts(signer.as_ref()).ok_or_else(malformed)?;
    let chain = EndEntityCert::try_from(signer).and_then(|cert| {
        cert.verify_for_usage(
            ALL_VERIFICATION_ALGS,
            &anchors,
            &intermediates,
            now,
            KeyUsage::required(oids::CODE_SIGNING),
            None,
            None,
        )
        .map(|_| ())
    });
    let (status, why_untrusted) = match chain {
        Ok(()) => (SignatureStatus::Signed, None),
        Err(_) if facts.issuer_raw == facts.subject_raw => (SignatureStatus::SelfSigned, None),
        Err(error) => (SignatureStatus::Untrusted, Some(format!("{error:?}"))),
    };
    Ok(McpbSignature {
        status,
        signer: facts.subject,
        issuer: facts.issuer,
        valid_from: facts.not_before.map(|t| t.date()),
        valid_to: facts.not_after.map(|t| t.date()),
        fingerprint: Some(hex(&Sha256::digest(signer.as_ref()))),
        expired: facts.not_before.is_some_and(|t| now.as_secs() < t.unix())
            || facts.not_after.is_some_and(|t| now.as_secs() > t.unix()),
        why_untrusted,
    })
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The parts of a SignedData the check needs (its first signer's).
struct Signed<'a> {
    certificates: Vec<Element<'a>>,
    attributes: Option<Element<'a>>,
    algorithm: &'a [u8],
    signature: &'a [u8],
}

fn signed_data(block: &[u8]) -> Option<Signed<'_>> {
    let mut outer = Reader::new(block);
    let info = outer.expect(SEQUENCE)?;
    let mut info = info.reader();
    if info.expect(OID)?.contents != oids::SIGNED_DATA {
        return None;
    }
    let wrapped = info.expect(context(0))?;
    let mut data = wrapped.reader().expect(SEQUENCE)?.reader();
    data.expect(INTEGER)?;
    data.expect(SET)?;
    data.expect(SEQUENCE)?;
    let mut certificates = Vec::new();
    if let Some(set) = data.optional(context(0)) {
        let mut certs = set.reader();
        while !certs.is_empty() {
            certificates.push(certs.expect(SEQUENCE)?);
        }
    }
    data.optional(context(1));
    let mut signer = data.expect(SET)?.reader().expect(SEQUENCE)?.reader();
    signer.expect(INTEGER)?;
    signer.next()?; // its identifier: the signing certificate is found by its signature
    let digest = signer.expect(SEQUENCE)?.reader().expect(OID)?;
    if digest.contents != oids::SHA256 {
        return None;
    }
    let attributes = signer.optional(context(0));
    let algorithm = signer.expect(SEQUENCE)?.reader().expect(OID)?.contents;
    let signature = signer.expect(OCTET_STRING)?.contents;
    Some(Signed {
        certificates,
        attributes,
        algorithm,
        signature,
    })
}

/// The `messageDigest` attribute's value.
fn message_digest<'a>(attributes: Element<'a>) -> Option<&'a [u8]> {
    let mut reader = attributes.reader();
    while let Some(attribute) = reader.next() {
        let mut fields = attribute.reader();
        if fields.expect(OID)?.contents == oids::MESSAGE_DIGEST {
            return Some(fields.expect(SET)?.reader().expect(OCTET_STRING)?.contents);
        }
    }
    None
}

fn algorithms_for(oid: &[u8]) -> Option<&'static [&'static dyn SignatureVerificationAlgorithm]> {
    use webpki::ring::{
        ECDSA_P256_SHA256, ECDSA_P384_SHA256, RSA_PKCS1_2048_8192_SHA256,
        RSA_PKCS1_2048_8192_SHA256_ABSENT_PARAMS,
    };
    static RSA: [&dyn SignatureVerificationAlgorithm; 2] = [
        RSA_PKCS1_2048_8192_SHA256,
        RSA_PKCS1_2048_8192_SHA256_ABSENT_PARAMS,
    ];
    static ECDSA: [&dyn SignatureVerificationAlgorithm; 2] = [ECDSA_P256_SHA256, ECDSA_P384_SHA256];
    if oid == oids::RSA_ENCRYPTION || oid == oids::SHA256_WITH_RSA {
        Some(&RSA)
    } else if oid == oids::ECDSA_WITH_SHA256 {
        Some(&ECDSA)
    } else {
        None
    }
}

/// What a certificate says of itself.
struct CertificateFacts<'a> {
    subject: Option<String>,
    issuer: Option<String>,
    subject_raw: &'a [u8],
    issuer_raw: &'a [u8],
    not_before: Option<CertTime>,
    not_after: Option<CertTime>,
}

fn certificate_facts(der: &[u8]) -> Option<CertificateFacts<'_>> {
    let mut tbs = Reader::new(der)
        .expect(SEQUENCE)?
        .reader()
        .expect(SEQUENCE)?
        .reader();
    tbs.optional(context(0));
    tbs.expect(INTEGER)?;
    tbs.expect(SEQUENCE)?;
    let issuer = tbs.expect(SEQUENCE)?;
    let mut validity = tbs.expect(SEQUENCE)?.reader();
    let not_before = validity.next().and_then(CertTime::of);
    let not_after = validity.next().and_then(CertTime::of);
    let subject = tbs.expect(SEQUENCE)?;
    Some(CertificateFacts {
        subject: name_of(subject),
        issuer: name_of(issuer),
        subject_raw: subject.contents,
        issuer_raw: issuer.contents,
        not_before,
        not_after,
    })
}

/// A Name's common name, else its organization; hidden characters dropped, cut to 200.
fn name_of(name: Element<'_>) -> Option<String> {
    let mut found: [Option<String>; 2] = [None, None];
    let mut sets = name.reader();
    while let Some(set) = sets.next() {
        let mut pairs = set.reader();
        while let Some(pair) = pairs.next() {
            let mut fields = pair.reader();
            let (Some(oid), Some(value)) = (fields.expect(OID), fields.next()) else {
                continue;
            };
            let slot = match oid.contents {
                oids::COMMON_NAME => 0,
                oids::ORGANIZATION => 1,
                _ => continue,
            };
            let text = String::from_utf8_lossy(value.contents);
            let clean: String = text
                .chars()
                .filter(|c| !c.is_control() && !crate::reveal::is_hidden(*c))
                .take(200)
                .collect();
            found[slot].get_or_insert(clean);
        }
    }
    let [common, organization] = found;
    common.or(organization).filter(|n| !n.trim().is_empty())
}

/// A certificate's UTCTime or GeneralizedTime.
#[derive(Debug, Clone, Copy)]
struct CertTime {
    year: i64,
    month: u32,
    day: u32,
    seconds_of_day: u64,
}

impl CertTime {
    fn of(element: Element<'_>) -> Option<Self> {
        let text = std::str::from_utf8(element.contents).ok()?;
        let digits =
            |range: std::ops::Range<usize>| -> Option<u32> { text.get(range)?.parse().ok() };
        let (year, rest) = match element.tag {
            0x17 => {
                let yy = i64::from(digits(0..2)?);
                (if yy < 50 { 2000 + yy } else { 1900 + yy }, 2)
            }
            0x18 => (i64::from(digits(0..4)?), 4),
            _ => return None,
        };
        let field = |n: usize| digits(rest + 2 * n..rest + 2 * n + 2);
        Some(Self {
            year,
            month: field(0)?,
            day: field(1)?,
            seconds_of_day: u64::from(field(2)?) * 3600
                + u64::from(field(3)?) * 60
                + u64::from(field(4).unwrap_or(0)),
        })
    }

    fn date(self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    /// Seconds since 1970 (0 before it).
    fn unix(self) -> u64 {
        let days = days_from_civil(self.year, self.month, self.day);
        u64::try_from(days)
            .map(|d| d * 86_400 + self.seconds_of_day)
            .unwrap_or(0)
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month = i64::from(month);
    let day_of_year =
        (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_is_split_off_only_when_the_file_ends_with_one() {
        let zip = b"PK\x03\x04 the zip".to_vec();
        assert_eq!(split_signature(&zip).expect("unsigned").1, None);
        let mut signed = zip.clone();
        signed.extend_from_slice(SIGNATURE_HEADER);
        signed.extend_from_slice(&3u32.to_le_bytes());
        signed.extend_from_slice(b"abc");
        signed.extend_from_slice(SIGNATURE_FOOTER);
        let (content, block) = split_signature(&signed).expect("signed");
        assert_eq!(content, zip.as_slice());
        assert_eq!(block, Some(&b"abc"[..]));
        // A length that does not match what the block holds is refused, not guessed at.
        let mut lying = signed.clone();
        let at = zip.len() + SIGNATURE_HEADER.len();
        lying[at] = 9;
        let error = split_signature(&lying).expect_err("refused");
        assert_eq!(error.code, ErrorCode::McpbRefused);
        // An end with no start.
        let mut no_start = zip.clone();
        no_start.extend_from_slice(SIGNATURE_FOOTER);
        assert!(split_signature(&no_start).is_err());
        // The footer's words inside the zip, not at its end: unsigned.
        let mut inside = SIGNATURE_FOOTER.to_vec();
        inside.extend_from_slice(b" more");
        assert_eq!(split_signature(&inside).expect("unsigned").1, None);
    }

    #[test]
    fn a_block_that_is_not_pkcs7_is_refused() {
        let error = check_signature(b"x", b"\x30\x03\x06\x01\x00", &[], UnixTime::now())
            .expect_err("refused");
        assert_eq!(error.code, ErrorCode::McpbRefused);
        assert!(error.message.contains("malformed"), "{}", error.message);
        // A length past the end of the bytes.
        assert!(check_signature(b"x", b"\x30\x84\xff\xff\xff\xff", &[], UnixTime::now()).is_err());
    }

    #[test]
    fn certificate_dates_count_days_as_a_calendar_does() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(days_from_civil(2026, 11, 30), 20_787);
    }
}
