//! Rust source as the few tokens the module graph needs: identifiers, `::`, single punctuation
//! and string contents (for `#[path]`), with comments and every other literal dropped, so a
//! `crate::x` inside a comment or a string is never taken for a reference.

/// One token and the line it starts on (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub line: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// An identifier or keyword; `r#name` is `name`, `$crate` is `crate`.
    Ident(String),
    /// `::`
    PathSep,
    /// Any other punctuation character.
    Punct(char),
    /// The raw text between the quotes of a string literal (escapes left as written).
    Str(String),
    /// Numbers, character and byte literals, lifetimes: never part of a path.
    Other,
}

/// Splits `source` into tokens.
pub fn tokens(source: &str) -> Vec<Token> {
    Lexer {
        chars: source.chars().collect(),
        at: 0,
        line: 1,
        out: Vec::new(),
    }
    .run()
}

struct Lexer {
    chars: Vec<char>,
    at: usize,
    line: u32,
    out: Vec<Token>,
}

impl Lexer {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    /// Moves past one character, counting lines.
    fn bump(&mut self) {
        if self.peek(0) == Some('\n') {
            self.line += 1;
        }
        self.at += 1;
    }

    fn push(&mut self, kind: Kind, line: u32) {
        self.out.push(Token { kind, line });
    }

    fn run(mut self) -> Vec<Token> {
        while let Some(c) = self.peek(0) {
            let line = self.line;
            match c {
                c if c.is_whitespace() => self.bump(),
                '/' if self.peek(1) == Some('/') => self.line_comment(),
                '/' if self.peek(1) == Some('*') => self.block_comment(),
                '"' => {
                    let text = self.quoted();
                    self.push(Kind::Str(text), line);
                }
                '\'' => {
                    self.quote_or_lifetime();
                    self.push(Kind::Other, line);
                }
                ':' if self.peek(1) == Some(':') => {
                    self.at += 2;
                    self.push(Kind::PathSep, line);
                }
                '$' if self.word_at(1) == "crate" => {
                    self.at += 1 + "crate".len();
                    self.push(Kind::Ident("crate".into()), line);
                }
                c if c.is_ascii_digit() => {
                    self.number();
                    self.push(Kind::Other, line);
                }
                c if is_ident_start(c) => self.word(line),
                c => {
                    self.bump();
                    self.push(Kind::Punct(c), line);
                }
            }
        }
        self.out
    }

    /// The identifier starting `ahead` characters from here, or "" when none does.
    fn word_at(&self, ahead: usize) -> String {
        let mut end = self.at + ahead;
        if !self.chars.get(end).is_some_and(|c| is_ident_start(*c)) {
            return String::new();
        }
        while self.chars.get(end).is_some_and(|c| is_ident_continue(*c)) {
            end += 1;
        }
        self.chars[self.at + ahead..end].iter().collect()
    }

    /// An identifier, or the prefix of a literal (`b"…"`, `r#"…"#`, `b'x'`, `c"…"`) or a raw
    /// identifier (`r#type`).
    fn word(&mut self, line: u32) {
        let word = self.word_at(0);
        let next = self.peek(word.len());
        let raw_prefix = matches!(word.as_str(), "r" | "br" | "cr");
        if raw_prefix
            && (next == Some('"') || (next == Some('#') && self.raw_string_ahead(word.len())))
        {
            self.at += word.len();
            self.raw_string();
            self.push(Kind::Other, line);
        } else if word == "r" && next == Some('#') {
            self.at += 2;
            let name = self.word_at(0);
            self.at += name.len();
            self.push(Kind::Ident(name), line);
        } else if matches!(word.as_str(), "b" | "c") && next == Some('"') {
            self.at += 1;
            self.quoted();
            self.push(Kind::Other, line);
        } else if word == "b" && next == Some('\'') {
            self.at += 1;
            self.quote_or_lifetime();
            self.push(Kind::Other, line);
        } else {
            self.at += word.len();
            self.push(Kind::Ident(word), line);
        }
    }

    /// Whether `#`s starting `ahead` characters from here end in the `"` of a raw string.
    fn raw_string_ahead(&self, ahead: usize) -> bool {
        let mut i = ahead;
        while self.peek(i) == Some('#') {
            i += 1;
        }
        self.peek(i) == Some('"')
    }

    fn line_comment(&mut self) {
        while self.peek(0).is_some_and(|c| c != '\n') {
            self.bump();
        }
    }

    /// A `/* … */` comment; they nest.
    fn block_comment(&mut self) {
        let mut depth = 0usize;
        while let Some(c) = self.peek(0) {
            if c == '/' && self.peek(1) == Some('*') {
                depth += 1;
                self.at += 2;
            } else if c == '*' && self.peek(1) == Some('/') {
                depth -= 1;
                self.at += 2;
                if depth == 0 {
                    return;
                }
            } else {
                self.bump();
            }
        }
    }

    /// A `"…"` literal from its opening quote; returns what is between the quotes.
    fn quoted(&mut self) -> String {
        self.bump();
        let start = self.at;
        while let Some(c) = self.peek(0) {
            match c {
                '\\' => {
                    self.bump();
                    self.bump();
                }
                '"' => {
                    let text = self.chars[start..self.at].iter().collect();
                    self.bump();
                    return text;
                }
                _ => self.bump(),
            }
        }
        self.chars[start..].iter().collect()
    }

    /// A raw string from its `#`s or opening quote: it ends at a quote followed by as many `#`.
    fn raw_string(&mut self) {
        let mut hashes = 0;
        while self.peek(0) == Some('#') {
            hashes += 1;
            self.at += 1;
        }
        self.bump();
        while let Some(c) = self.peek(0) {
            self.bump();
            if c == '"' && (0..hashes).all(|i| self.peek(i) == Some('#')) {
                self.at += hashes;
                return;
            }
        }
    }

    /// A character literal (`'x'`, `'\n'`, `'\u{1F600}'`) or a lifetime or label (`'a`).
    fn quote_or_lifetime(&mut self) {
        self.bump();
        match (self.peek(0), self.peek(1)) {
            (Some('\\'), _) => {
                self.bump();
                self.bump();
                while self.peek(0).is_some_and(|c| c != '\'') {
                    self.bump();
                }
                self.bump();
            }
            (Some(_), Some('\'')) => {
                self.bump();
                self.bump();
            }
            _ => {
                let name = self.word_at(0);
                self.at += name.len();
            }
        }
    }

    /// A number, with its suffix and a fractional part (`1.5e3f32`) but not a range (`1..2`)
    /// or a method call (`1.max(2)`).
    fn number(&mut self) {
        while let Some(c) = self.peek(0) {
            let fraction = c == '.' && self.peek(1).is_some_and(|d| d.is_ascii_digit());
            if is_ident_continue(c) || fraction {
                self.bump();
            } else {
                return;
            }
        }
    }
}

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn is_ident_continue(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}
