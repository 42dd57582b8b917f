//! The grammar of `lode hub …`: the context hub's profiles (what each assistant may see).

use clap::{Args, Subcommand};

#[derive(Debug, Args)]
pub struct HubArgs {
    #[command(subcommand)]
    pub command: HubCommand,
}

#[derive(Debug, Subcommand)]
pub enum HubCommand {
    /// List the hub profiles: exposed connections, audience, budget, paused.
    Profiles(JsonOnly),
    /// Make PROFILE expose exactly the saved connections named (the profile is made if need be).
    Expose(ExposeArgs),
    /// Pause PROFILE: `lode serve --profile PROFILE` answers nothing until it is resumed.
    Pause(ProfileArg),
    /// Resume a paused PROFILE.
    Resume(ProfileArg),
    /// Replace PROFILE's HTTP bearer token with a new one (printed); the old one is refused.
    Revoke(ProfileArg),
    /// Print PROFILE's HTTP bearer token (made on first use).
    Token(ProfileArg),
    /// Show what assistants searched, read and were refused through PROFILE, newest first.
    Activity(ActivityArgs),
    /// Remove PROFILE, its activity and its token.
    Remove(ProfileArg),
}

#[derive(Debug, Args)]
pub struct JsonOnly {
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ProfileArg {
    pub profile: String,
}

#[derive(Debug, Args)]
pub struct ExposeArgs {
    pub profile: String,
    /// Saved connections' names (case-insensitive); none exposes nothing.
    #[arg(value_name = "NAME")]
    pub connections: Vec<String>,
}

#[derive(Debug, Args)]
pub struct ActivityArgs {
    pub profile: String,
    /// How many records, newest first (a profile keeps at most 200).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..=200))]
    pub limit: u64,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}
