// How an entry runs, in a few words for its row: its first runnable package's runner or
// remote's transport, or that Lode cannot run it.
import type { RegistryEntry } from "../../ipc";

export function runsAs(entry: RegistryEntry): string | null {
  for (const packaged of entry.packages) {
    if (packaged.launch.kind === "stdio") return packaged.launch.runner;
  }
  for (const remote of entry.remotes) {
    if (remote.launch.kind === "streamableHttp") return "streamable-http";
    if (remote.launch.kind === "sse") return "sse";
  }
  return null;
}
