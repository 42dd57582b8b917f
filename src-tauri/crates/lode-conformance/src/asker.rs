//! The person at an elicitation, headless: a form is accepted as it opens, with the defaults
//! lode-core's form computed from the schema (what the window pre-fills and sends when the
//! person presses Accept without editing); a URL is declined (nothing here can visit it for the
//! person); sampling is declined (Lode has no model of its own).

use lode_core::asks::{
    accepted_content, ElicitationAnswer, ElicitationMode, ElicitationRequest, SamplingAnswer,
    SamplingRequest,
};
use lode_mcp::{AskFuture, AskRefused, ServerAsks};

#[derive(Debug)]
pub(crate) struct AcceptDefaults;

impl ServerAsks for AcceptDefaults {
    fn elicit(
        &self,
        request: ElicitationRequest,
    ) -> Result<AskFuture<ElicitationAnswer>, AskRefused> {
        let answer = match request.mode {
            ElicitationMode::Form { form, .. } => {
                match accepted_content(&form, &form.defaults) {
                    Ok(content) => ElicitationAnswer::Accept { content },
                    // A required field without a default: a person would have to type something.
                    Err(problems) => {
                        eprintln!("lode-conformance: declining a form the defaults do not fill: {problems:?}");
                        ElicitationAnswer::Decline
                    }
                }
            }
            ElicitationMode::Url { .. } => ElicitationAnswer::Decline,
        };
        Ok(Box::pin(async move { answer }))
    }

    fn sample(&self, _request: SamplingRequest) -> Result<AskFuture<SamplingAnswer>, AskRefused> {
        Ok(Box::pin(async { SamplingAnswer::Declined }))
    }
}
