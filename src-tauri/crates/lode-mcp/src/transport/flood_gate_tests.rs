use super::*;

type Gate = FloodGate<u32>;

/// Admits `count` log messages at `now`, returning how many were handed on.
fn logs(gate: &mut Gate, count: u32, now: Instant) -> usize {
    (0..count)
        .map(|i| gate.admit(i, Kind::Log, now).len())
        .sum()
}

/// The gate at `now` with the pace's share taken, so what comes next is held.
fn past_the_ceiling(now: Instant) -> Gate {
    let mut gate = Gate::default();
    let passed = logs(&mut gate, 100_000, now);
    assert!(passed < 1_000, "{passed} passed in one window");
    gate
}

#[test]
fn under_the_ceiling_notifications_pass_in_order() {
    let now = Instant::now();
    let mut gate = Gate::default();
    assert_eq!(gate.admit(1, Kind::Log, now), vec![Out::Message(1)]);
    assert_eq!(
        gate.admit(2, Kind::ListChanged(List::Tools), now),
        vec![Out::Message(2)]
    );
    assert_eq!(gate.admit(3, Kind::Passes, now), vec![Out::Message(3)]);
    assert_eq!(gate.next_release(now), None);
}

#[test]
fn past_the_ceiling_a_flood_is_held_as_what_it_announces_and_a_response_takes_it_along() {
    let now = Instant::now();
    let mut gate = past_the_ceiling(now);
    for i in 0..200_000u32 {
        let kind = match i % 5 {
            0 | 3 => Kind::Log,
            1 => Kind::Updated(format!("x://{}", (i / 5) % 100)),
            2 => Kind::ListChanged(List::Resources),
            _ => Kind::Progress,
        };
        assert!(gate.admit(i, kind, now).is_empty(), "held past the ceiling");
    }
    assert!(gate.next_release(now).is_some_and(|at| at > now));
    assert_eq!(gate.release(now), None, "the pace holds them");

    let out = gate.admit(7, Kind::Passes, now);
    let (last, held) = out.split_last().expect("the response");
    assert_eq!(last, &Out::Message(7), "the response comes last, at once");
    assert_eq!(held[0], Out::ListChanged(List::Resources));
    let uris: HashSet<&str> = held
        .iter()
        .filter_map(|out| match out {
            Out::Updated(uri) => Some(uri.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(uris.len(), 100);
    let Some(Out::Report(said)) = held.last() else {
        panic!("no report: {:?}", held.last());
    };
    assert!(
        said.contains("log messages") && said.contains("40000 progress"),
        "{said}"
    );
    assert_eq!(held.len(), 1 + 100 + 1);
    assert_eq!(gate.next_release(now), None, "nothing left");
}

#[test]
fn what_is_held_goes_as_the_pace_allows_before_new_notifications() {
    let now = Instant::now();
    let mut gate = past_the_ceiling(now);
    assert!(gate
        .admit(1, Kind::ListChanged(List::Prompts), now)
        .is_empty());
    assert!(gate.admit(2, Kind::Other, now).is_empty());
    let later = gate.next_release(now).expect("held");
    // A new notification waits behind what is held, even once the pace allows.
    assert!(gate.admit(3, Kind::Log, later).is_empty());
    assert_eq!(gate.release(later), Some(Out::Message(2)));
    assert_eq!(gate.release(later), Some(Out::ListChanged(List::Prompts)));
    // The report of what was left out waits its turn: at most one a second.
    let Some(Out::Report(said)) = gate.release(later) else {
        panic!("the first report is due at once");
    };
    assert!(said.contains("99501 log messages"), "{said}");
    assert_eq!(gate.admit(4, Kind::Log, later), vec![Out::Message(4)]);
    let next = later + Duration::from_millis(200);
    assert!(gate.admit(5, Kind::Log, next).len() == 1);
    logs(&mut gate, 10_000, next);
    let report = gate.next_release(next).expect("a report is due");
    assert!(report >= later + REPORT_EVERY, "{:?}", report - later);
}

#[test]
fn held_uris_and_other_notifications_are_bounded_and_counted() {
    let now = Instant::now();
    let mut gate = past_the_ceiling(now);
    for i in 0..(MAX_URIS + 10) {
        gate.admit(0, Kind::Updated(format!("x://{i}")), now);
    }
    for i in 0..(MAX_OTHERS as u32 + 5) {
        gate.admit(i, Kind::Other, now);
    }
    let big = "y".repeat(MAX_URI_BYTES);
    gate.admit(0, Kind::Updated(big), now);
    let held = gate.flush(now);
    assert_eq!(held.len(), MAX_OTHERS + MAX_URIS + 1);
    let Some(Out::Report(said)) = held.last() else {
        panic!("no report");
    };
    assert!(
        said.contains("11 resources/updated") && said.contains("5 other"),
        "{said}"
    );
}
