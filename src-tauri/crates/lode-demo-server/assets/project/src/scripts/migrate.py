"""Applies pending SQL migrations to an Atlas warehouse.

Each migration runs in its own transaction together with the bump of
PRAGMA user_version, so a crash never leaves a half-applied migration.
"""
import sqlite3
import sys
from pathlib import Path


def migrate(db_path: str, migrations_dir: str = "src/sql") -> int:
    connection = sqlite3.connect(db_path)
    current = connection.execute("PRAGMA user_version").fetchone()[0]
    applied = 0
    for script in sorted(Path(migrations_dir).glob("*.sql")):
        version = int(script.stem.split("_")[0]) if script.stem[0].isdigit() else 0
        if version <= current:
            continue
        with connection:
            connection.executescript(script.read_text())
            connection.execute(f"PRAGMA user_version = {version}")
        applied += 1
    return applied


if __name__ == "__main__":
    print(f"applied {migrate(sys.argv[1])} migration(s)")
