//! The question before Lode opens a server's web page (URL-mode elicitation) in the browser:
//! asked in Lode's own dialog, so a page in the window cannot open addresses by itself. The
//! address is shown whole, hidden characters revealed.

use lode_core::import::reveal;

use crate::confirmation::Confirmation;

/// The question before opening `url`, which the server `server` asks the person to visit.
pub fn for_opening(server: &str, url: &str) -> Confirmation {
    Confirmation {
        title: "Open this web page?".to_owned(),
        message: format!(
            "{} asks you to visit this address in your browser:\n\n  {}\n\nOpen it only if you \
             expected this request and trust the address. Lode opens it once.",
            reveal(server).text,
            reveal(url).text
        ),
        accept: "Open".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_question_shows_the_server_and_the_whole_address_revealed() {
        let question = for_opening("Pay", "https://pay.example/\u{200b}checkout?id=7");
        assert_eq!(question.title, "Open this web page?");
        assert!(question.message.starts_with("Pay asks you"));
        assert!(
            question
                .message
                .contains("https://pay.example/⟨U+200B⟩checkout?id=7"),
            "{}",
            question.message
        );
        assert_eq!(question.accept, "Open");
    }
}
