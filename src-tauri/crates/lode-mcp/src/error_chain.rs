//! Finding one kind of error inside another's chain. reqwest and hyper wrap the error that
//! matters (a refused address, rustls' verdict) in `io::Error`s nested in each other, and
//! `io::Error::source()` skips the error it wraps, so each wrapped error is looked into too.

/// The first `T` in `error`'s chain, wrapped `io::Error`s included.
pub(crate) fn find_in_chain<'a, T: std::error::Error + 'static>(
    error: &'a (dyn std::error::Error + 'static),
) -> Option<&'a T> {
    let mut pending: Vec<&(dyn std::error::Error + 'static)> = vec![error];
    while let Some(current) = pending.pop() {
        if let Some(found) = current.downcast_ref::<T>() {
            return Some(found);
        }
        let wrapped = current
            .downcast_ref::<std::io::Error>()
            .and_then(std::io::Error::get_ref);
        if let Some(wrapped) = wrapped {
            pending.push(wrapped);
        }
        pending.extend(current.source());
    }
    None
}
