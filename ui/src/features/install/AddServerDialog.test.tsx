// The Add server flow with IPC mocked: a registry searched as typed, its results walked by
// keyboard, one server's ways to run it (an unrunnable one not offered), the generated form
// checked by Rust's rule book, a missing runner said and Install held back, and the request
// that Install sends (the values by field key, secrets among them only on their way to Rust).
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { InstallFieldProblem, InstallFormView, RegistryEntry, RegistryPage } from "../../ipc";
import { installIpc } from "../../test/ipc-mock";
import { renderWithI18n } from "../../test/renderWithI18n";
import { AddServerDialog } from "./AddServerDialog";

const REGISTRY = "https://registry.example";

function entry(name: string, patch: Partial<RegistryEntry> = {}): RegistryEntry {
  return {
    name,
    version: "1.0.0",
    title: name.split("/")[1],
    description: `About ${name}`,
    status: { state: "active" },
    icons: [],
    packages: [
      {
        registryType: "npm",
        identifier: `@x/${name.split("/")[1]}`,
        version: "1.0.0",
        transport: "stdio",
        transportHeaders: [],
        runtimeArguments: [],
        packageArguments: [],
        environmentVariables: [],
        launch: { kind: "stdio", runner: "npx" },
      },
    ],
    remotes: [],
    notes: [],
    ...patch,
  };
}

const weather = entry("io.github.example/weather", {
  remotes: [{ transport: "websocket", url: "wss://w.example", headers: [], variables: [], launch: { kind: "notRunnable", reason: "its transport is not one Lode speaks" } }],
});
const old = entry("io.github.example/old", { status: { state: "deprecated", message: "Use weather" } });

function formView(found: boolean): InstallFormView {
  return {
    entry: weather,
    registry: REGISTRY,
    form: {
      choice: { kind: "package", index: 0 },
      launch: { kind: "stdio", runner: "npx" },
      fields: [
        {
          key: "env:API_KEY",
          label: "API_KEY",
          place: { kind: "environment", name: "API_KEY" },
          input: { isRequired: true, isSecret: true, format: "string", choices: [], description: "The key" },
          isRepeated: false,
        },
        {
          key: "env:UNITS",
          label: "UNITS",
          place: { kind: "environment", name: "UNITS" },
          input: { isRequired: false, isSecret: false, format: "string", choices: ["metric", "imperial"] },
          isRepeated: false,
        },
      ],
    },
    prerequisite: found ? { runner: "npx", foundAt: "/usr/bin/npx", howToGet: "install Node.js" } : { runner: "npx", howToGet: "install Node.js" },
  };
}

function ipc(found = true) {
  const searches: unknown[] = [];
  const calls = installIpc({
    registries: () => [REGISTRY],
    search_registry: (args) => {
      searches.push(args.query);
      const page: RegistryPage = { registry: REGISTRY, entries: [weather, old], refused: [], deleted: 1, notes: [] };
      return page;
    },
    registry_entry: () => ({ registry: REGISTRY, entry: weather, versions: [{ version: "1.0.0", status: { state: "active" }, isLatest: true }] }),
    install_form: () => formView(found),
    check_install: (args) => {
      const values = (args.values as { values: Record<string, string[]> }).values;
      const problems: InstallFieldProblem[] = values["env:API_KEY"] ? [] : [{ key: "env:API_KEY", problem: "required" }];
      return problems;
    },
    install_server: (args) => ({ id: 9, name: "weather", request: args.request }),
  });
  return { calls, searches };
}

afterEach(() => vi.useRealTimers());

describe("AddServerDialog", () => {
  it("searches the registry, opens a server by keyboard, and installs it with its values", async () => {
    const { calls, searches } = ipc();
    const installed = vi.fn();
    const user = userEvent.setup();
    renderWithI18n(<AddServerDialog onClose={vi.fn()} onInstalled={installed} manual={() => null} />);
    expect(await screen.findAllByTestId("registry-row")).toHaveLength(2);
    expect(screen.getByTestId("registry-status")).toHaveTextContent("2 servers · 1 deleted entry hidden");
    expect(screen.getByText("Deprecated")).toBeInTheDocument();

    await user.type(screen.getByTestId("registry-search"), "wea");
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ search: "wea", limit: 50 }));
    await user.keyboard("{ArrowDown}{Enter}");
    expect(await screen.findByTestId("entry-title")).toHaveTextContent("weather");
    expect(screen.getByTestId("entry-back")).toHaveTextContent("Back to the results");
    const ways = screen.getAllByTestId("entry-way");
    expect(ways).toHaveLength(2);
    expect(ways[1]?.querySelector("input")).toBeDisabled();
    expect(ways[1]).toHaveTextContent("its transport is not one Lode speaks");
    expect(await screen.findByTestId("install-prerequisite")).toHaveTextContent("npx found at /usr/bin/npx");

    // Install with the required key missing: the problem shows, nothing is sent.
    await user.click(screen.getByTestId("install-submit"));
    expect(await screen.findByText("Required")).toBeInTheDocument();
    expect(calls.some((c) => c.cmd === "install_server")).toBe(false);

    const [key, units] = screen.getAllByTestId("install-field");
    if (!key || !units) throw new Error("the form's two fields");
    expect(key).toHaveAttribute("type", "password");
    await user.type(key, "sk-1");
    await user.selectOptions(units, "metric");
    await waitFor(() => expect(screen.queryByText("Required")).toBeNull());
    await user.click(screen.getByTestId("install-submit"));
    await waitFor(() => expect(installed).toHaveBeenCalled());
    const sent = calls.find((c) => c.cmd === "install_server")?.args.request;
    expect(sent).toEqual({
      target: { kind: "registry", registry: REGISTRY, name: weather.name, version: "1.0.0", fromLink: false },
      choice: { kind: "package", index: 0 },
      values: { values: { "env:API_KEY": ["sk-1"], "env:UNITS": ["metric"] } },
      name: undefined,
    });
  });

  it("says what is missing and holds Install back when the runner is not on this computer", async () => {
    ipc(false);
    const user = userEvent.setup();
    renderWithI18n(<AddServerDialog onClose={vi.fn()} onInstalled={vi.fn()} manual={() => null} />);
    const [first] = await screen.findAllByTestId("registry-row");
    if (!first) throw new Error("a result");
    await user.click(first);
    expect(await screen.findByTestId("install-prerequisite")).toHaveTextContent("npx is not on this computer: install Node.js");
    expect(screen.getByTestId("install-submit")).toBeDisabled();
  });

  it("switches tabs by arrow keys, and the manual tab is the connection form", async () => {
    ipc();
    const user = userEvent.setup();
    renderWithI18n(<AddServerDialog onClose={vi.fn()} onInstalled={vi.fn()} manual={(tabs) => <div data-testid="manual-form">{tabs}</div>} />);
    await screen.findAllByTestId("registry-row");
    screen.getByTestId("add-server-tab-registry").focus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByTestId("server-json-text")).toBeInTheDocument();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByTestId("manual-form")).toContainElement(screen.getByTestId("add-server-tab-manual"));
  });
});
