// An install in progress, however it is made (an entry's, a bundle's): Install held while Rust
// asks the person and installs, and its error kept to show (a `declined` one included).
import { useState } from "react";
import { toLodeError, type Connection, type LodeError } from "../../ipc";

export function useInstalling(onInstalled: (connection: Connection) => void) {
  const [installing, setInstalling] = useState(false);
  const [error, setError] = useState<LodeError | null>(null);
  const start = (install: () => Promise<Connection>) => {
    setInstalling(true);
    setError(null);
    install().then(onInstalled, (failure: unknown) => {
      setError(toLodeError(failure));
      setInstalling(false);
    });
  };
  return { installing, error, start };
}
