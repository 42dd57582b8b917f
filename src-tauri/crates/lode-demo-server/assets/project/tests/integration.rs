use atlas::warehouse::Warehouse;

#[test]
fn ingest_then_query_revenue() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let warehouse = Warehouse::open(&dir.path().join("atlas.db"))?;
    warehouse.ingest(include_str!("../data/events.jsonl").lines())?;
    let rows = warehouse.query("revenue by region")?;
    assert!(rows.iter().any(|row| row.region == "emea"));
    Ok(())
}
