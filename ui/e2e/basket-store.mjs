// @ts-check
/**
 * The basket commands over an in-memory store, as the Rust shell answers them (enough of it for
 * the UI): used by the Vitest IPC mock and, stringified into the page, by the Playwright mock run.
 * Must stay self-contained (no imports, no outer variables): `installTauriMock` receives its source.
 *
 * `read(server, uri)` returns a resource's contents or throws a LodeError, as reading would.
 * Tokens are estimated as one per four characters (the shell counts o200k_base).
 *
 * @param {(server: string, uri: string) => any[]} read
 */
export function createBasketStore(read) {
  /** @type {any[]} */
  let baskets = [];
  let nextBasket = 1;
  let nextItem = 1;
  /** @type {{ basket: string, url: string } | null} */
  let serving = null;

  /** @param {string} message */
  const invalid = (message) => ({ code: "invalidInput", message });
  /** @param {unknown} id */
  function find(id) {
    const basket = baskets.find((b) => b.id === id);
    if (!basket) throw { code: "notFound", message: `no basket ${String(id)}` };
    return basket;
  }
  /** @param {any} basket @param {unknown} id */
  function findItem(basket, id) {
    const item = basket.items.find((/** @type {any} */ i) => i.id === id);
    if (!item) throw { code: "notFound", message: "no such item in the basket" };
    return item;
  }
  /** @param {any} basket */
  function totals(basket) {
    const tokens = basket.items.reduce((/** @type {number} */ n, /** @type {any} */ i) => n + i.tokens, 0);
    return {
      bytes: basket.items.reduce((/** @type {number} */ n, /** @type {any} */ i) => n + i.bytes, 0),
      tokens,
      items: basket.items.length,
      stale: basket.items.filter((/** @type {any} */ i) => i.stale).length,
      overLimit: basket.tokenLimit === undefined ? 0 : Math.max(0, tokens - basket.tokenLimit),
    };
  }
  /** @param {any} basket */
  function summary(basket) {
    const copy = structuredClone(basket);
    delete copy.items;
    return { ...copy, totals: totals(basket) };
  }
  /** @param {any} basket */
  const touch = (basket) => {
    basket.revision += 1;
  };
  /** @param {any} basket @param {any} row */
  function readItem(basket, row) {
    const contents = read(row.server, row.uri);
    const texts = contents.map((/** @type {any} */ c) => ("text" in c ? c.text : ""));
    const bytes = contents.reduce(
      (/** @type {number} */ n, /** @type {any} */ c) =>
        n + ("text" in c ? new TextEncoder().encode(c.text).length : Math.floor((c.blob.length * 3) / 4)),
      0,
    );
    return {
      kind: "resource",
      server: row.server,
      uri: row.uri,
      name: row.name,
      ...(row.title === undefined ? {} : { title: row.title }),
      ...(row.mimeType === undefined ? {} : { mimeType: row.mimeType }),
      annotations: row.annotations ?? {},
      contents,
      fetchedAt: new Date().toISOString(),
      stale: false,
      bytes,
      tokens: texts.reduce((/** @type {number} */ n, /** @type {string} */ text) => n + Math.ceil(text.length / 4), 0),
      basket: basket.id,
    };
  }
  /** @param {any} basket @param {string} format */
  function exportText(basket, format) {
    const items = basket.items;
    const text = (/** @type {any} */ item) =>
      item.contents.map((/** @type {any} */ c) => ("text" in c ? c.text : `[binary ${c.mimeType ?? ""}]`)).join("\n");
    if (format === "json") {
      return JSON.stringify(
        {
          basket: basket.name,
          items: items.map((/** @type {any} */ i) => ({ server: i.server, uri: i.uri, name: i.name, note: i.note, text: text(i) })),
        },
        null,
        2,
      );
    }
    if (format === "xml") {
      return `<basket name="${basket.name}">\n${items
        .map((/** @type {any} */ i) => `  <item server="${i.server}" uri="${i.uri}">${text(i)}</item>`)
        .join("\n")}\n</basket>\n`;
    }
    return `# ${basket.name}\n\n${items
      .map(
        (/** @type {any} */ i) =>
          `## ${i.title ?? i.name}\n\n- server: ${i.server}\n- uri: ${i.uri}\n${i.note ? `- note: ${i.note}\n` : ""}\n${text(i)}\n`,
      )
      .join("\n")}`;
  }

  /**
   * Answers a basket command; `undefined` for a command that is not one.
   * @param {string} cmd
   * @param {any} args
   */
  function invoke(cmd, args) {
    switch (cmd) {
      case "list_baskets":
        return baskets.map(summary);
      case "create_basket": {
        const name = String(args.name).trim();
        if (name === "") throw invalid("a basket needs a name");
        if (name.includes("/")) throw invalid("a basket's name cannot hold '/' or control characters");
        if (baskets.some((b) => b.name.toLowerCase() === name.toLowerCase())) throw invalid(`a basket named ${name} exists`);
        const basket = {
          id: nextBasket++,
          name,
          ...(args.tokenLimit === null || args.tokenLimit === undefined ? {} : { tokenLimit: args.tokenLimit }),
          autoRefresh: false,
          revision: 1,
          items: [],
        };
        baskets.push(basket);
        return summary(basket);
      }
      case "get_basket": {
        const basket = find(args.id);
        const view = structuredClone(basket);
        for (const item of view.items) {
          item.contents = [];
          delete item.basket;
        }
        return { basket: view, totals: totals(basket), encoding: "o200k_base" };
      }
      case "delete_basket":
        find(args.id);
        baskets = baskets.filter((b) => b.id !== args.id);
        return null;
      case "set_basket_options": {
        const basket = find(args.id);
        if (args.tokenLimit === null || args.tokenLimit === undefined) delete basket.tokenLimit;
        else basket.tokenLimit = args.tokenLimit;
        basket.autoRefresh = Boolean(args.autoRefresh);
        touch(basket);
        return null;
      }
      case "add_to_basket": {
        const basket = find(args.id);
        const report = { added: 0, refreshed: 0, failed: /** @type {any[]} */ ([]), skippedForBudget: 0 };
        for (const row of args.resources) {
          let fresh;
          try {
            fresh = readItem(basket, row);
          } catch (error) {
            report.failed.push({ uri: row.uri, error: structuredClone(error) });
            continue;
          }
          const at = basket.items.findIndex((/** @type {any} */ i) => i.server === row.server && i.uri === row.uri);
          if (at >= 0) {
            basket.items[at] = { ...fresh, id: basket.items[at].id, note: basket.items[at].note };
            report.refreshed += 1;
          } else {
            basket.items.push({ ...fresh, id: nextItem++ });
            report.added += 1;
          }
        }
        touch(basket);
        return report;
      }
      case "remove_basket_items": {
        const basket = find(args.id);
        const before = basket.items.length;
        basket.items = basket.items.filter((/** @type {any} */ i) => !args.items.includes(i.id));
        touch(basket);
        return before - basket.items.length;
      }
      case "move_basket_item": {
        const basket = find(args.id);
        const item = findItem(basket, args.item);
        basket.items = basket.items.filter((/** @type {any} */ i) => i !== item);
        basket.items.splice(Math.min(args.index, basket.items.length), 0, item);
        touch(basket);
        return null;
      }
      case "set_basket_item_note": {
        const basket = find(args.id);
        const item = findItem(basket, args.item);
        if (args.note === null || args.note === undefined) delete item.note;
        else item.note = String(args.note).trim();
        touch(basket);
        return null;
      }
      case "refresh_basket_item": {
        const basket = find(args.id);
        const item = findItem(basket, args.item);
        Object.assign(item, readItem(basket, item), { id: item.id, note: item.note });
        touch(basket);
        return null;
      }
      case "export_basket": {
        const basket = find(args.id);
        const attachments = basket.items.flatMap((/** @type {any} */ i) => i.contents).filter((/** @type {any} */ c) => "blob" in c);
        return { text: exportText(basket, args.format), attachments: attachments.length };
      }
      case "save_basket_bundle": {
        const basket = find(args.id);
        const extension = { markdown: "md", xml: "xml", json: "json" }[String(args.format)] ?? "md";
        const text = exportText(basket, args.format);
        return { name: `${basket.name}.${extension}`, files: 1, bytes: new TextEncoder().encode(text).length };
      }
      case "start_basket_server": {
        const basket = baskets.find((b) => b.name.toLowerCase() === String(args.name).toLowerCase());
        if (!basket) throw { code: "notFound", message: `no basket named ${String(args.name)}` };
        serving = { basket: basket.name, url: `http://127.0.0.1:${args.port || 43117}/mcp` };
        return structuredClone(serving);
      }
      case "stop_basket_server":
        serving = null;
        return null;
      case "basket_server":
        return structuredClone(serving);
      case "rotate_serve_token":
        return null;
      default:
        return undefined;
    }
  }

  /** Marks an item stale, as a server's notification would. @param {string} uri */
  function markStale(uri) {
    for (const basket of baskets) {
      for (const item of basket.items) if (item.uri === uri) item.stale = true;
      touch(basket);
    }
  }

  return { invoke, markStale };
}
