//! The context hub's use cases that are not the serving itself: the hub profiles (what each
//! assistant may see, chosen by the person), each profile's bearer token, and the bounded
//! record of what assistants did through a profile. (`crate::hub` is the connection
//! supervisor, a different thing.)

mod activity;
mod exposure_confirmation;
mod keys;
mod profiles;
mod tokens;
